"""Argument checks with MindSpore's messages (``mindspore/dataset/core/validator_helpers.py``)."""
import numbers

INT32_MAX = 2147483647
INT64_MAX = 9223372036854775807


def type_check(value, types, name):
    """TypeError in MindSpore's words unless ``value`` is one of ``types`` (bool is not an int)."""
    if not isinstance(types, (tuple, list)):
        types = (types,)
    types = tuple(types)
    shown = '""' if repr(value) == repr("") else value
    if int in types and bool not in types and isinstance(value, bool):
        # MindSpore words this case with the tuple of types, not a list
        raise TypeError(f"Argument {name} with value {shown} is not of type {types}, but got {type(value)}.")
    if not isinstance(value, types):
        raise TypeError(f"Argument {name} with value {shown} is not of type {list(types)}, but got {type(value)}.")


def check_num_parallel_workers(value):
    """MindSpore's bounds: an int in [1, number of CPUs]."""
    from multiprocessing import cpu_count
    type_check(value, (int,), "num_parallel_workers")
    if value < 1 or value > cpu_count():
        raise ValueError(f"num_parallel_workers exceeds the boundary between 1 and {cpu_count()}!")


def check_value(value, lo, hi, name, left_open=False, right_open=False):
    bad = value < lo or value > hi or (left_open and value == lo) or (right_open and value == hi)
    if bad:
        lb = "(" if left_open else "["
        rb = ")" if right_open else "]"
        label = f"Input {name} is" if name else "Input is"
        raise ValueError(f"{label} not within the required interval of {lb}{lo}, {hi}{rb}.")


def check_int32(value, name, lo=0):
    type_check(value, (int,), name)
    check_value(value, lo, INT32_MAX, name)


def check_bool(value, name):
    type_check(value, (bool,), name)


def check_num_samples(value):
    if value is None:
        return
    type_check(value, (int,), "num_samples")
    if value < 0 or value > INT64_MAX:
        raise ValueError("num_samples exceeds the boundary between 0 and 9223372036854775807(INT64_MAX)!")


def check_dataset_dir(path):
    import os
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"Argument dataset_dir with value {path} is not of type [<class 'str'>], but got {type(path)}.")
    if not os.path.isdir(path) or not os.access(path, os.R_OK):
        raise ValueError(f"The folder {path} does not exist or is not a directory or permission denied!")


def check_usage(usage, valid):
    if usage is None:
        return
    type_check(usage, (str,), "usage")
    if usage not in valid:
        raise ValueError(f"Input usage is not within the valid set of {list(valid)}.")


def check_shard(num_shards, shard_id):
    if num_shards is None and shard_id is None:
        return
    if num_shards is None:
        raise RuntimeError("num_shards is not specified while shard_id is specified.")
    if shard_id is None:
        raise RuntimeError("shard_id is not specified while num_shards is specified.")
    type_check(num_shards, (int,), "num_shards")
    type_check(shard_id, (int,), "shard_id")
    check_value(num_shards, 1, INT32_MAX, "num_shards")
    if shard_id < 0 or shard_id >= num_shards:
        raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")


def to_str_list(value, name):
    """Column-name arguments: a str or a non-empty list of str."""
    if value is None:
        return None
    if isinstance(value, str):
        return [value]
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"Argument {name} with value {value} is not of type [<class 'str'>, <class 'list'>], "
                        f"but got {type(value)}.")
    if not value:
        raise ValueError(f"{name} should not be empty.")
    for i, v in enumerate(value):
        if not isinstance(v, str):
            raise TypeError(f"Argument {name}[{i}] with value {v} is not of type [<class 'str'>], but got {type(v)}.")
    if len(set(value)) != len(value):
        raise ValueError(f"Argument {name} contains duplicate column names: {list(value)}.")
    return list(value)


def is_number(v):
    return isinstance(v, numbers.Number) and not isinstance(v, bool)

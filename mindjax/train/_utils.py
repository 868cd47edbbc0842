"""Helpers of ``mindspore.train``: input checks, checkpoint-format conversion and merging of
parameter slices.  The public names are re-exported by :mod:`mindjax.train.serialization`."""
from __future__ import annotations

import logging
import os
import re
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

logger = logging.getLogger("mindjax.train")

__all__ = ["check_input_data", "check_input_dataset", "merge_sliced_parameter"]


# ---------------------------------------------------------------------------------------------
# input checks (MindSpore's mindspore._checkparam.check_input_data / check_input_dataset, which
# mindspore.train.serialization re-exports)
# ---------------------------------------------------------------------------------------------
def _check_data_type_valid(data, valid_type) -> bool:
    if valid_type is None:
        return data is None
    if isinstance(data, valid_type):
        if hasattr(data, "size") and data.size == 0:
            msg = "The input data can not be empty."
            logger.critical(msg)
            raise ValueError(msg)
        return True
    return False


def check_input_data(*data, data_class) -> None:
    """Raise TypeError unless every item of ``data`` (looking inside lists, tuples and dict
    values) is a ``data_class`` (a class, a tuple/list of classes, or None); ValueError for an
    empty array.

    Examples:
        >>> import numpy as np
        >>> from mindjax import Tensor
        >>> from mindjax.train.serialization import check_input_data
        >>> check_input_data(Tensor(np.ones(2)), [Tensor(np.ones(1))], data_class=Tensor)
    """
    for item in data:
        if isinstance(item, (list, tuple)):
            for v in item:
                check_input_data(v, data_class=data_class)
        elif isinstance(item, dict):
            for v in item.values():
                check_input_data(v, data_class=data_class)
        else:
            if isinstance(data_class, (tuple, list)):
                ok = True in tuple(_check_data_type_valid(item, t) for t in data_class)
            else:
                ok = _check_data_type_valid(item, data_class)
            if not ok:
                if isinstance(data_class, (tuple, list)):
                    names = tuple(getattr(c, "__name__", c) for c in data_class)
                else:
                    names = data_class if data_class is None else data_class.__name__
                got = item if item is None else type(item).__name__
                raise TypeError(f"The types of input data must be in the Union({names}, tuple[{names}], "
                                f"list[{names}], dict[{names}]), but got type {got}.")


def check_input_dataset(*dataset, dataset_type) -> bool:
    """True when at least one dataset is given and all are ``dataset_type`` instances.

    Examples:
        >>> import mindjax.dataset as ds
        >>> from mindjax.train.serialization import check_input_dataset
        >>> check_input_dataset(ds.NumpySlicesDataset([1, 2]), dataset_type=ds.Dataset)
        True
    """
    if not dataset:
        return False
    return all(isinstance(item, dataset_type) for item in dataset)


# ---------------------------------------------------------------------------------------------
# ckpt <-> safetensors conversion
# ---------------------------------------------------------------------------------------------
def _progress_bar(iterable, total):
    """The text progress bar MindSpore prints while converting a directory of checkpoints."""
    start = time.time()
    for i, item in enumerate(iterable, start=1):
        yield item
        percent = f"{100 * (i / float(total)):.1f}"
        filled = int(40 * i // total)
        bar = "\u2588" * filled + "-" * (40 - filled)
        elapsed = time.time() - start
        remaining = elapsed / i * total - elapsed
        print(f"\r{percent}%|{bar}|[{time.strftime('%H:%M:%S', time.gmtime(elapsed))}<"
              f"{time.strftime('%H:%M:%S', time.gmtime(remaining))}]", end="")
        if i == total:
            print()


def _load_renamed(path, name_map, fmt):
    from .serialization import load_checkpoint
    param_dict = load_checkpoint(path, format=fmt)
    if name_map is None:
        return param_dict
    return {name_map.get(k, k): v for k, v in param_dict.items()}


def _convert_one(task):
    src, name_map, dst_dir, file_name, dst_fmt = task
    from .serialization import save_checkpoint
    src_fmt, src_suffix, dst_suffix = _suffixes(dst_fmt)
    param_dict = _load_renamed(src, name_map, src_fmt)
    save_checkpoint(param_dict, os.path.join(dst_dir, file_name.replace(src_suffix, dst_suffix)), format=dst_fmt)


def _suffixes(dst_fmt):
    if dst_fmt == "safetensors":
        return "ckpt", ".ckpt", ".safetensors"
    return "safetensors", ".safetensors", ".ckpt"


def _gather_tasks(file_path, save_path, file_name_regex, name_map, dst_fmt, func_name):
    """(source, name_map, destination dir, file name, format) for each file of each ``rank*``
    sub-directory of ``file_path`` (MindSpore's layout of a distributed checkpoint)."""
    src_suffix = _suffixes(dst_fmt)[1]
    rank_dirs = [d for d in sorted(os.listdir(file_path))
                 if d.startswith("rank") and os.path.isdir(os.path.join(file_path, d))]
    if not rank_dirs:
        raise ValueError(f"For '{func_name}', no directories starting with 'rank' found in {file_path}.")
    tasks = []
    for rank_dir in rank_dirs:
        rank_dir_path = os.path.join(file_path, rank_dir)
        dst_root = rank_dir_path if save_path is None else os.path.join(save_path, rank_dir)
        os.makedirs(dst_root, exist_ok=True)
        for name in sorted(os.listdir(rank_dir_path)):
            if name.endswith(src_suffix) and (file_name_regex is None or re.search(file_name_regex, name)):
                tasks.append((os.path.join(rank_dir_path, name), name_map, dst_root, name, dst_fmt))
    return tasks


def convert_checkpoint_files(file_path, save_path, name_map, file_name_regex, processes_num, dst_fmt):
    """The body of ckpt_to_safetensors / safetensors_to_ckpt."""
    src_fmt, src_suffix, dst_suffix = _suffixes(dst_fmt)
    func_name = "ckpt_to_safetensors" if dst_fmt == "safetensors" else "safetensors_to_ckpt"
    is_dir, is_file = os.path.isdir(file_path), os.path.isfile(file_path)
    if not is_dir and not is_file:
        raise ValueError(f"For {func_name}, the input path must be a valid path or file, but got {file_path}")
    if save_path and os.path.splitext(save_path)[1]:
        raise ValueError(f"For {func_name}, the save_path must be a directory, but got '{save_path}'")
    if name_map is not None and not isinstance(name_map, dict):
        raise ValueError(f"For {func_name}, the type of 'name_map' must be a directory, but got '{type(name_map)}'")
    if is_dir:
        tasks = _gather_tasks(file_path, save_path, file_name_regex, name_map, dst_fmt, func_name)
        # MindSpore uses a process pool; the work is file I/O and numpy, so threads serve
        # (and forking a process that runs JAX is unsafe).
        with ThreadPoolExecutor(max_workers=max(1, int(processes_num))) as pool:
            for _ in _progress_bar(pool.map(_convert_one, tasks), total=len(tasks)):
                pass
        return
    if not file_path.endswith(src_suffix):
        raise ValueError(f"For {func_name}, the input file must be a {src_suffix} file, but got {file_path}")
    if file_name_regex is not None and not re.findall(file_name_regex, file_path):
        raise ValueError(f"For {func_name}, the input file does not match the regular expression.")
    if save_path and not os.path.exists(save_path):
        os.makedirs(save_path, exist_ok=True)
    dst_dir = save_path if save_path else os.path.dirname(file_path)
    _convert_one((file_path, name_map, dst_dir, os.path.basename(file_path), dst_fmt))


# ---------------------------------------------------------------------------------------------
# merge_sliced_parameter
# ---------------------------------------------------------------------------------------------
def _tensor_strategy(dev_mat, tensor_map):
    """How many slices each tensor axis is cut into (tensor_map counts device axes from the right)."""
    return [1 if dim == -1 else dev_mat[-dim - 1] for dim in tensor_map]


def _slice_index(dev_mat, tensor_strategy, tensor_map, rank):
    """Index (row-major over tensor_strategy) of the slice that device ``rank`` holds."""
    coord = []
    for size in reversed(dev_mat):  # rank -> coordinate in the device matrix
        coord.append(rank % size)
        rank //= size
    coord = coord[::-1]
    index = 0
    for dim, n in zip(tensor_map, tensor_strategy):
        index = index * n + (0 if dim == -1 else coord[len(dev_mat) - 1 - dim])
    return index


def _assemble(slices_by_index, tensor_strategy):
    """Concatenate the slices (row-major over tensor_strategy) back into the whole array."""
    blocks = list(slices_by_index)
    for axis in range(len(tensor_strategy) - 1, -1, -1):
        n = tensor_strategy[axis]
        blocks = [np.concatenate(blocks[j * n:(j + 1) * n], axis=axis) for j in range(len(blocks) // n)]
    return blocks[0]


def _merge_with_field(whole, dev_count, field_size):
    """MindSpore's merge of a sliced embedding with a ``field`` (row-sliced, field-major)."""
    parts = np.split(whole, dev_count, axis=0)
    cols = []
    for i in range(parts[0].shape[1]):
        col = np.concatenate([p[:, i].reshape(field_size, -1) for p in parts], axis=1)
        cols.append(col.reshape(-1, 1))
    return np.concatenate(cols, axis=1)


def _merge_with_strategy(sliced, name, strategy, is_even):
    layout = strategy.get(name)
    try:
        dev_mat = list(layout.dev_matrix[0].dim)
        tensor_map = list(layout.tensor_map[0].dim)
        split_shape = list(layout.param_split_shape[0].dim)
        field_size = int(layout.field)
    except BaseException as e:
        raise ValueError(f"{e}. For 'merge_sliced_parameter', please make sure that 'strategy' is correct.") from e
    dev_count = int(np.prod(dev_mat)) if dev_mat else 1
    if len(sliced) != dev_count:
        raise ValueError("For 'merge_sliced_parameter', the length of 'sliced_parameters' should be equal to "
                         f"device_count. The length of 'sliced_parameters' is {len(sliced)}, but "
                         f"device_count is {dev_count}.")
    strat = _tensor_strategy(dev_mat, tensor_map)
    slice_count = int(np.prod(strat)) if strat else 1
    if not split_shape:
        if not is_even:
            raise ValueError("For 'merge_sliced_parameter', the shape of every parameter in 'sliced_parameters' "
                             "should be the same when slice manner is even.")
        if field_size > 0:
            return _merge_with_field(np.concatenate(sliced), dev_count, field_size)
        by_index = [None] * slice_count
        for rank, part in enumerate(sliced):  # devices holding the same slice: the last one wins
            by_index[_slice_index(dev_mat, strat, tensor_map, rank)] = part
        return _assemble(by_index, strat)
    if len(split_shape) != slice_count:
        raise ValueError("For 'merge_sliced_parameter', the param_split_shape length in 'strategy' should be "
                         f"{slice_count}, but got {len(split_shape)}.")
    by_index = [None] * slice_count
    for rank, part in enumerate(sliced):
        idx = _slice_index(dev_mat, strat, tensor_map, rank)
        if part.shape[0] != split_shape[idx]:
            raise ValueError(f"For 'merge_sliced_parameter', the slice {idx} should be {split_shape[idx]} in 0 "
                             f"axis, but got {part.shape[0]}.")
        by_index[idx] = part
    return _assemble(by_index, strat)


def merge_sliced_parameter(sliced_parameters, strategy=None):
    """Merge the slices of one Parameter (in rank order) into the whole Parameter.

    Without ``strategy`` the slices are concatenated along axis 0.  ``strategy`` maps the
    parameter name to its layout as ``build_searched_strategy`` returns it: an object with
    ``dev_matrix[0].dim``, ``tensor_map[0].dim``, ``param_split_shape[0].dim`` and ``field``
    (MindSpore's ``ParallelLayouts`` protobuf message, or anything shaped like it).  BFloat16
    slices are merged in float32, as in MindSpore.

    Examples:
        >>> import numpy as np
        >>> from mindjax import Parameter, Tensor
        >>> from mindjax.train.serialization import merge_sliced_parameter
        >>> parts = [Parameter(Tensor(np.array([1.0, 2.0])), "w"), Parameter(Tensor(np.array([3.0])), "w")]
        >>> merge_sliced_parameter(parts).asnumpy().tolist()
        [1.0, 2.0, 3.0]
    """
    from .._tensor import Tensor
    from ..common.parameter import Parameter
    if not isinstance(sliced_parameters, list):
        raise TypeError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should be list, "
                        f"but got {type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should not be empty.")
    if strategy and not isinstance(strategy, dict):
        raise TypeError("For 'merge_sliced_parameter', the argument 'strategy' should be dict, "
                        f"but got {type(strategy)}.")
    first = sliced_parameters[0]
    try:
        name, shape = first.name, tuple(first.shape)
    except BaseException as e:
        raise TypeError(f"{e} For 'merge_sliced_parameter', the element in 'sliced_parameters' should be "
                        f"'Parameter', but got {type(first)} at index 0.") from e
    is_even = True
    for index, param in enumerate(sliced_parameters):
        if not isinstance(param, Parameter):
            raise TypeError("For 'merge_sliced_parameter', the element in 'sliced_parameters' should be "
                            f"'Parameter', but got {type(param)} at index {index}.")
        pshape = tuple(param.shape)
        if param.name != name or len(pshape) != len(shape) or pshape[1:] != shape[1:]:
            raise ValueError("For 'merge_sliced_parameter', please make sure that the elements in "
                             "'slice_parameters' have the same name, dimension length and shape except 0 axis. The "
                             f"name, dimension length, shape except 0 axis should be {name}, {len(shape)}, "
                             f"{shape[1:]}, but got name: {param.name}, dimension length: {len(pshape)}, shape "
                             f"except 0 axis: {pshape[1:]} at index {index}.")
        if pshape != shape:
            is_even = False
    data = []
    for param in sliced_parameters:
        arr = param.asnumpy()
        if str(param.dtype) == "BFloat16":
            arr = arr.astype(np.float32)  # MindSpore casts bfloat16 slices to float32 before merging
        data.append(arr)
    if not strategy:
        merged = np.concatenate(data)
    else:
        if name not in strategy:
            raise KeyError(f"For 'merge_sliced_parameter', the parameter name {name} should be a key in "
                           "the 'strategy'. Please check 'sliced_parameter' and 'strategy'.")
        merged = _merge_with_strategy(data, name, strategy, is_even)
    return Parameter(Tensor(merged), name, first.requires_grad, first.layerwise_parallel)

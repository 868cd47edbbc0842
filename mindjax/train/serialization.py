"""save_checkpoint / load_checkpoint / load_param_into_net (MindSpore 2.10 behaviour).

The file formats themselves live in :mod:`mindjax.train._ckpt_format` (atomic writes,
crc trailers, safetensors); this module maps Cells, Parameters and dicts onto them.
"""
from __future__ import annotations

import atexit
import glob
import logging
import os
import stat
import threading
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO

import numpy as np

from .._tensor import Tensor
from ..common.parameter import Parameter
from . import _ckpt_format as fmt
from ._utils import check_input_data, check_input_dataset, convert_checkpoint_files, merge_sliced_parameter

# load_segmented_checkpoints lives here too; MindSpore exports it at top level and from
# mindspore.parallel, not from mindspore.train.serialization.
__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net", "load_checkpoint_async",
           "async_ckpt_thread_status", "ckpt_to_safetensors", "safetensors_to_ckpt",
           "merge_sliced_parameter", "check_input_data", "check_input_dataset", "ParamDictFuture"]

_ASYNC_THREAD_NAME = "asyn_save_ckpt"  # MindSpore's name: async_ckpt_thread_status looks for it

logger = logging.getLogger("mindjax.train")

_FORMATS = ("ckpt", "safetensors")
_FLOATS = {"Float16", "Float32", "Float64", "BFloat16"}
_INTS = {"Int8", "Int16", "Int32", "Int64"}


def _to_numpy(t) -> np.ndarray:
    if isinstance(t, Tensor):
        return np.asarray(t._data)
    return np.asarray(t)


def _save_entries(save_obj, append_dict, choice_func):
    """[(name, array, ms dtype name)] for a Cell, a list of Parameters, a list of
    {"name", "data"} dicts or a {name: Parameter} dict."""
    from ..nn.cell import Cell
    out = []
    if isinstance(save_obj, Cell):
        seen = set()
        for _, param in save_obj.parameters_and_names():
            if param.name in seen or (choice_func is not None and not choice_func(param.name)):
                continue
            seen.add(param.name)
            out.append((param.name, param))
    elif isinstance(save_obj, list):
        if save_obj and isinstance(save_obj[0], dict):
            for item in save_obj:
                if not (isinstance(item, dict) and "name" in item and "data" in item):
                    raise TypeError(f"For save_checkpoint, save_obj should be a list of dict items, and the dict "
                                    f"should have key values 'name' and 'value', but got {type(item)} and {item}.")
                if not isinstance(item["name"], str):
                    raise TypeError(f"For save_checkpoint, when save_obj is a list of dict items, the name in dict "
                                    f"should be string, but got {type(item['name'])}.")
                if not isinstance(item["data"], Tensor):
                    raise TypeError(f"For save_checkpoint, when save_obj is a list of dict items, the data in dict "
                                    f"should be parameter, but got {type(item['data'])}.")
                if choice_func is None or choice_func(item["name"]):
                    out.append((item["name"], item["data"]))
        else:
            for param in save_obj:
                if not isinstance(param, Parameter):
                    raise TypeError(f"For save_checkpoint, when save_obj is made up by list of Parameter,"
                                    f"the param should be parameter, but got {type(param)}")
                if choice_func is None or choice_func(param.name):
                    out.append((param.name, param))
    elif isinstance(save_obj, dict):
        for key, value in save_obj.items():
            if not isinstance(key, str):
                raise TypeError(f"For save_checkpoint, when save_obj is made up by dict, the key should be str and"
                                f"value should be Parameter, but got the type of key is {type(key)} and"
                                f"the type of value is {type(value)}")
            if choice_func is not None and not choice_func(key):
                continue
            out.append((key, value))
    else:
        raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                        "but got {}.".format(type(save_obj)))
    entries = []
    for name, value in out:
        if isinstance(value, str):
            entries.append((name, value, "str"))
        elif isinstance(value, Tensor):
            entries.append((name, _to_numpy(value), str(value.dtype)))
        else:
            arr = np.asarray(value)
            entries.append((name, arr, fmt.ms_dtype_name(arr.dtype)))
    return entries


def _check_append_dict(append_dict):
    if append_dict is None:
        return None
    if not isinstance(append_dict, dict):
        raise TypeError("For 'save_checkpoint', the argument 'append_dict' must be dict, but got "
                        "{}.".format(type(append_dict)))
    out = {}
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(value, (int, float, bool, str, Tensor)):
            raise TypeError(f"For 'save_checkpoint', the type of dict 'append_info' must be key: string, "
                            f"value: int, float, bool or Generator, but got key: {type(key)}, value: {type(value)}")
        out[key] = _to_numpy(value) if isinstance(value, Tensor) else value
    return out


def _check_isinstance(arg_name, arg_value, classes):
    # MindSpore's Validator.check_isinstance raises ValueError, not TypeError
    if not isinstance(arg_value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got {arg_value}.")
    return arg_value


def _check_bool(value):
    if not isinstance(value, bool):
        raise TypeError(f"The input value must be a bool, but got {type(value).__name__}.")
    return value


def _check_safetensors_defaults(api, values):
    """MindSpore rejects the encryption options (and a few others) for safetensors files."""
    for name, (value, default) in values.items():
        if value != default:
            raise ValueError(f"For '{api}', when format is 'safetensors', the parameter '{name}' must be set to "
                             f"default value '{default}', but got '{value}'.")


def _check_async_save(async_save):
    if not isinstance(async_save, (bool, str)):
        raise TypeError("For 'save_checkpoint', the parameter 'async_save' must be bool or str, "
                        "but got {}.".format(type(async_save)))
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError("For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',"
                         "but got {}.".format(async_save))
    return async_save


def _wait_async_save():
    """Join the asynchronous save threads (MindSpore does this before a new async save and at exit)."""
    for thread in threading.enumerate():
        if thread.name == _ASYNC_THREAD_NAME and thread is not threading.current_thread():
            thread.join()


atexit.register(_wait_async_save)


def _write(ckpt_file_name, entries, append_dict, crc_check, format):
    if format == "safetensors":
        strings = [(n, v) for n, v, t in entries if t == "str"]
        strings += [(n, v) for n, v in (append_dict or {}).items() if isinstance(v, str)]
        for name, value in strings:
            # MindSpore hands the string to safetensors, which refuses it: raise that same error
            from safetensors.numpy import save
            save({name: np.array(value)})
        fmt.write_safetensors(ckpt_file_name, entries, append_dict, crc=crc_check)
    else:
        fmt.write_ckpt(ckpt_file_name, entries, append_dict, crc=crc_check)
    os.chmod(ckpt_file_name, stat.S_IRUSR)  # MindSpore leaves checkpoints read-only (0400)


def save_checkpoint(save_obj, ckpt_file_name: str, integrated_save: bool = True, async_save=False,
                    append_dict: dict | None = None, enc_key=None, enc_mode: str = "AES-GCM", choice_func=None,
                    crc_check: bool = False, format: str = "ckpt", **kwargs) -> None:
    """Save a Cell's Parameters (or a list/dict of them) to a MindSpore ``.ckpt`` (or
    ``.safetensors``) file.

    The write is atomic: a crash leaves the old file or the new one, never half a file.
    ``async_save`` (True, "thread" or "process") snapshots the values now and writes the file
    on a background thread named ``asyn_save_ckpt`` (MindSpore's "process" mode forks a
    process; forking a process that runs JAX is unsafe, so mindjax uses a thread for both);
    the next async save and interpreter exit wait for it.  ``enc_key`` (encryption) is not
    supported.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> ms.save_checkpoint(nn.Dense(2, 1), "/tmp/mindjax_doc_dense.ckpt")
        >>> sorted(ms.load_checkpoint("/tmp/mindjax_doc_dense.ckpt"))
        ['bias', 'weight']
    """
    from ..nn.cell import Cell
    if format not in _FORMATS:
        raise ValueError(f"For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got {format}.")
    if not isinstance(save_obj, (Cell, list, dict)):
        raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                        "but got {}.".format(type(save_obj)))
    if not isinstance(ckpt_file_name, str):
        raise TypeError("For 'save_checkpoint', the parameter {} for checkpoint file name is invalid,"
                        "'ckpt_file_name' must be string, but got {}.".format(ckpt_file_name, type(ckpt_file_name)))
    ckpt_file_name = os.path.realpath(ckpt_file_name)
    if os.path.isdir(ckpt_file_name):
        raise IsADirectoryError("For 'save_checkpoint', the parameter `ckpt_file_name`: {} is a directory, "
                                "it must be a file name.".format(ckpt_file_name))
    if not ckpt_file_name.endswith(format):  # MindSpore's test: "netckpt" keeps its name
        ckpt_file_name += "." + format
    _check_bool(integrated_save)
    async_save = _check_async_save(async_save)
    append_dict = _check_append_dict(append_dict)
    _check_isinstance("enc_key", enc_key, (type(None), bytes))
    _check_isinstance("enc_mode", enc_mode, str)
    _check_isinstance("crc_check", crc_check, bool)
    if format == "safetensors":
        _check_safetensors_defaults("save_checkpoint", {
            "enc_key": (enc_key, None), "enc_mode": (enc_mode, "AES-GCM"),
            "map_param_inc": (kwargs.get("incremental", False), False),
            "global_step_num": (kwargs.get("global_step_num"), None)})
    if enc_key is not None:
        raise NotImplementedError("mindjax: save_checkpoint(enc_key=...) (encrypted checkpoints) is not supported.")
    if choice_func is not None and not callable(choice_func):
        raise TypeError("For 'save_checkpoint', the type of 'choice_func' must be function, "
                        f"but got {type(choice_func)}.")
    entries = _save_entries(save_obj, append_dict, choice_func)  # numpy copies: a snapshot of the values
    dirname = os.path.dirname(ckpt_file_name)
    if dirname and not os.path.isdir(dirname):
        os.makedirs(dirname, exist_ok=True)
    if not async_save:
        _write(ckpt_file_name, entries, append_dict, crc_check, format)
        return
    _wait_async_save()
    thread = threading.Thread(target=_write, args=(ckpt_file_name, entries, append_dict, crc_check, format),
                              name=_ASYNC_THREAD_NAME)
    thread.start()


def async_ckpt_thread_status() -> bool:
    """True while an asynchronous ``save_checkpoint`` thread is still writing (deprecated in
    MindSpore 2.5, which logs a warning, as here).

    Examples:
        >>> import mindjax as ms
        >>> ms.async_ckpt_thread_status()
        False
    """
    logger.warning("The interface 'mindspore.async_ckpt_thread_status' is deprecated from version 2.5 "
                   "and will be removed in a future version.")
    return any(t.name == _ASYNC_THREAD_NAME for t in threading.enumerate())


def _check_prefix(prefix):
    if prefix is None:
        return None
    if not isinstance(prefix, (str, list, tuple)):
        raise TypeError("For 'load_checkpoint', the type of 'specify_prefix' or 'filter_prefix' must be string, "
                        "list[string] or tuple[string], but got {}.".format(str(type(prefix))))
    if isinstance(prefix, str):
        prefix = (prefix,)
    if not prefix:
        raise ValueError("For 'load_checkpoint', the argument 'specify_prefix' or 'filter_prefix' can't be empty "
                         "when 'specify_prefix' or 'filter_prefix' is list or tuple.")
    for index, pre in enumerate(prefix):
        if not isinstance(pre, str):
            raise TypeError("For 'load_checkpoint', when 'specify_prefix' or 'filter_prefix' is list or tuple, "
                            f"the element in it must be string, but got {str(type(pre))} at index {index}.")
        if pre == "":
            raise ValueError("For 'load_checkpoint', the value of 'specify_prefix' or 'filter_prefix' "
                             "can't include ''.")
    return tuple(prefix)


def _whether_load(specify_prefix, filter_prefix, name):
    if specify_prefix and not name.startswith(specify_prefix):
        return False
    return not (filter_prefix and name.startswith(filter_prefix))


def _read_file(ckpt_file_name, format):
    """{name: (array, ms type)} from a file name (or a BytesIO holding a safetensors file)."""
    if format not in _FORMATS:
        raise ValueError("For 'load_checkpoint', the checkpoint file should end with '.ckpt' or '.safetensors', "
                         "please input the correct 'format'.")
    if isinstance(ckpt_file_name, BytesIO):
        if format == "ckpt":
            raise TypeError("ckpt don't support BytesIO as input type, please change to safetensors.")
        raw, _ = fmt._parse_safetensors("<BytesIO>", ckpt_file_name.getvalue())
        return raw
    if not isinstance(ckpt_file_name, str):
        raise TypeError("For 'load_checkpoint', the argument 'ckpt_file_name' must be string, "
                        "but got {}.".format(type(ckpt_file_name)))
    if not ckpt_file_name.endswith(format):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
                         f"file_name:'{ckpt_file_name}', format:'{format}'")
    real = os.path.realpath(ckpt_file_name)
    if not os.path.exists(real):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {real} does not exist, please check "
                         f"whether the 'ckpt_file_name' is correct.")
    return fmt.read_safetensors(real) if format == "safetensors" else fmt.read_ckpt(real)


def load_checkpoint(ckpt_file_name, net=None, strict_load: bool = False, filter_prefix=None, dec_key=None,
                    dec_mode: str = "AES-GCM", specify_prefix=None, choice_func=None, crc_check: bool = False,
                    remove_redundancy: bool = False, format: str = "ckpt") -> dict:
    """Read a checkpoint into ``{name: Parameter}`` (append_dict strings stay str); with
    ``net`` load it into the network as well (:func:`load_param_into_net`).

    ``choice_func(name) -> bool`` selects entries; the deprecated ``specify_prefix`` /
    ``filter_prefix`` (ckpt files only, as in MindSpore) replace ``choice_func`` when given.
    A safetensors file may also be given as a ``BytesIO``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> ms.save_checkpoint(nn.Dense(2, 1), "/tmp/mindjax_doc_load.ckpt")
        >>> list(ms.load_checkpoint("/tmp/mindjax_doc_load.ckpt", choice_func=lambda n: n == "bias"))
        ['bias']
    """
    specify_prefix = _check_prefix(specify_prefix)
    filter_prefix = _check_prefix(filter_prefix)
    _check_isinstance("dec_key", dec_key, (type(None), bytes))
    _check_isinstance("dec_mode", dec_mode, str)
    _check_isinstance("crc_check", crc_check, bool)
    _check_isinstance("remove_redundancy", remove_redundancy, bool)
    if format == "safetensors":
        _check_safetensors_defaults("load_checkpoint", {"dec_key": (dec_key, None),
                                                        "dec_mode": (dec_mode, "AES-GCM")})
    if dec_key is not None:
        raise NotImplementedError("mindjax: load_checkpoint(dec_key=...) (encrypted checkpoints) is not supported.")
    raw = _read_file(ckpt_file_name, format)
    if format == "safetensors":  # MindSpore's safetensors loader only knows choice_func
        keep = (lambda name: True) if choice_func is None else choice_func
    elif specify_prefix is not None or filter_prefix is not None:
        def keep(name):
            return _whether_load(specify_prefix, filter_prefix, name)
    else:
        keep = (lambda name: True) if choice_func is None else choice_func

    parameter_dict = {}
    for name, (arr, ms_type) in raw.items():
        if not keep(name):
            continue
        if ms_type == "str":
            parameter_dict[name] = str(arr.reshape(()).item())
        else:
            parameter_dict[name] = Parameter(Tensor(arr), name=name)
    if not parameter_dict:
        raise ValueError("The loaded parameter dict is empty after filter or specify, please check whether "
                         "'filter_prefix' or 'specify_prefix' are set correctly.")
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load)
    return parameter_dict


class ParamDictFuture:
    """What :func:`load_checkpoint_async` returns: ``result()`` waits for the load and returns
    :func:`load_checkpoint`'s dict (re-raising its error)."""

    def __init__(self, executor, param_dict_future):
        self.executor = executor
        self.param_dict_future = param_dict_future

    def result(self) -> dict:
        param_dict = self.param_dict_future.result()
        self.executor.shutdown()
        return param_dict


def load_checkpoint_async(ckpt_file_name: str, net=None, strict_load: bool = False, filter_prefix=None,
                          dec_key=None, dec_mode: str = "AES-GCM", specify_prefix=None,
                          choice_func=None) -> ParamDictFuture:
    """Start :func:`load_checkpoint` on a background thread; the format follows the file's
    suffix.  Call ``result()`` on the returned object to get the parameter dict.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> ms.save_checkpoint(nn.Dense(2, 1), "/tmp/mindjax_doc_async.ckpt")
        >>> future = ms.load_checkpoint_async("/tmp/mindjax_doc_async.ckpt")
        >>> sorted(future.result())
        ['bias', 'weight']
    """
    format = "safetensors" if ckpt_file_name.endswith(".safetensors") else "ckpt"
    executor = ThreadPoolExecutor(max_workers=2)
    future = executor.submit(load_checkpoint, ckpt_file_name, net, strict_load, filter_prefix, dec_key, dec_mode,
                             specify_prefix, choice_func, format=format)
    return ParamDictFuture(executor, future)


def load_segmented_checkpoints(ckpt_file_dir: str, net=None, strict_load: bool = False, filter_prefix=None,
                               dec_key=None, dec_mode: str = "AES-GCM", specify_prefix=None,
                               choice_func=None) -> dict:
    """Load every ``*.ckpt`` file of ``ckpt_file_dir`` (into ``net`` too, when given) and
    return the union of their parameter dicts.

    Examples:
        >>> import os
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> os.makedirs("/tmp/mindjax_doc_seg", exist_ok=True)
        >>> ms.save_checkpoint(nn.Dense(2, 1), "/tmp/mindjax_doc_seg/part0.ckpt")
        >>> sorted(ms.load_segmented_checkpoints("/tmp/mindjax_doc_seg"))
        ['bias', 'weight']
    """
    if not isinstance(ckpt_file_dir, str):
        raise TypeError("The ckpt_file_dir should be a str.")
    if not os.path.isdir(ckpt_file_dir):
        raise ValueError("The dst_strategy_file: {} doesn't exist. Or it's not a directory".format(ckpt_file_dir))
    parameter_dict = {}
    for ckpt in glob.glob(os.path.join(ckpt_file_dir, "*.ckpt")):
        parameter_dict.update(load_checkpoint(ckpt, net, strict_load, filter_prefix, dec_key, dec_mode,
                                              specify_prefix, choice_func))
    return parameter_dict


def ckpt_to_safetensors(file_path: str, save_path: str | None = None, name_map: dict | None = None,
                        file_name_regex: str | None = None, processes_num: int = 1) -> None:
    """Convert a ``.ckpt`` file (or every ``.ckpt`` of the ``rank*`` sub-directories of a
    directory) to ``.safetensors`` with the same base name, in ``save_path`` (same
    sub-directories) or next to the source.  ``name_map`` renames entries.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> ms.save_checkpoint(nn.Dense(2, 1), "/tmp/mindjax_doc_c2s.ckpt")
        >>> ms.ckpt_to_safetensors("/tmp/mindjax_doc_c2s.ckpt")
        >>> sorted(ms.load_checkpoint("/tmp/mindjax_doc_c2s.safetensors", format="safetensors"))
        ['bias', 'weight']
    """
    convert_checkpoint_files(file_path, save_path, name_map, file_name_regex, processes_num, "safetensors")


def safetensors_to_ckpt(file_path: str, save_path: str | None = None, name_map: dict | None = None,
                        file_name_regex: str | None = None, processes_num: int = 1) -> None:
    """Convert a ``.safetensors`` file (or those of the ``rank*`` sub-directories of a
    directory) to MindSpore ``.ckpt`` files; the reverse of :func:`ckpt_to_safetensors`.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> ms.save_checkpoint(nn.Dense(2, 1), "/tmp/mindjax_doc_s2c.safetensors", format="safetensors")
        >>> ms.safetensors_to_ckpt("/tmp/mindjax_doc_s2c.safetensors", "/tmp/mindjax_doc_s2c_out")
        >>> sorted(ms.load_checkpoint("/tmp/mindjax_doc_s2c_out/mindjax_doc_s2c.ckpt"))
        ['bias', 'weight']
    """
    convert_checkpoint_files(file_path, save_path, name_map, file_name_regex, processes_num, "ckpt")


def _update_param(param, new_param, strict_load):
    if tuple(param.shape) != tuple(new_param.shape):
        raise RuntimeError(
            f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same shape as "
            f"{param.name} in the argument 'parameter_dict'. But got its shape {tuple(param.shape)} in the argument "
            f"'net' and shape {tuple(new_param.shape)} in the argument 'parameter_dict'.May you need to check "
            f"whether the checkpoint you loaded is correct or the batch size and so on in the 'net' and "
            f"'parameter_dict' are same.")
    have, got = str(param.dtype), str(new_param.dtype)
    if have != got:
        if strict_load or not ({have, got} <= _FLOATS or {have, got} <= _INTS):
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same type as "
                f"{param.name} in the argument 'parameter_dict'. but got its type {have} in the argument 'net' and "
                f"type {got} in the argument 'parameter_dict'.May you need to check whether the checkpoint you "
                f"loaded is correct.")
        logger.warning("The type of %s:%s in 'parameter_dict' is different from the type of it in 'net':%s, then "
                       "the type convert from %s to %s in the network.", new_param.name, got, have, got, have)
    param.set_data(Tensor._make(new_param._data.astype(param._value.dtype)))


def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False):
    """Copy ``parameter_dict`` values into ``net``'s Parameters of the same names.

    Returns ``(param_not_load, ckpt_not_load)``: the network Parameters that got no
    value and the dict entries that went nowhere.  When not ``strict_load``, a common
    name prefix of the dict entries is removed to match the rest, as in MindSpore, and
    float (or int) values are converted to the Parameter's dtype."""
    from ..nn.cell import Cell
    if not isinstance(net, Cell):
        raise TypeError("For 'load_param_into_net', the argument 'net' should be a Cell, but got {}."
                        .format(type(net)))
    if not isinstance(parameter_dict, dict):
        raise TypeError("For 'load_param_into_net', the argument 'parameter_dict' should be a dict, "
                        "but got {}.".format(type(parameter_dict)))
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError("For 'parameter_dict', the element in the argument 'parameter_dict' should be a "
                            "'str' and 'Parameter' , but got {} and {}.".format(type(key), type(value)))
    if not isinstance(strict_load, bool):
        raise TypeError(f"For 'load_param_into_net', the type of 'strict_load' must be bool, "
                        f"but got {type(strict_load)}.")
    param_not_load = []
    ckpt_not_load = list(parameter_dict.keys())
    for _, param in net.parameters_and_names():
        if param.name in parameter_dict:
            new_param = parameter_dict[param.name]
            if not isinstance(new_param, Parameter):
                continue
            _update_param(param, new_param, strict_load)
            if param.name in ckpt_not_load:
                ckpt_not_load.remove(param.name)
        else:
            if param.name.startswith("accu_grads"):
                continue
            param_not_load.append(param.name)
    if param_not_load and not strict_load:
        _load_dismatch_prefix_params(net, parameter_dict, param_not_load, strict_load)
    if param_not_load:
        logger.warning("For 'load_param_into_net', %d parameters in the 'net' are not loaded, because they are not "
                       "in the 'parameter_dict', please check whether the network structure is consistent when "
                       "training and loading checkpoint.", len(param_not_load))
    return param_not_load, ckpt_not_load


def _load_dismatch_prefix_params(net, parameter_dict, param_not_load, strict_load):
    """MindSpore's second pass: find a prefix that the dict names carry and the network's lack."""
    prefix_name = ""
    longest_name = param_not_load[0]
    while prefix_name != longest_name and param_not_load:
        prefix_name = longest_name
        for net_param_name in param_not_load:
            for dict_name in parameter_dict:
                if dict_name.endswith(net_param_name):
                    prefix_name = dict_name[:-len(net_param_name)]
                    break
            if prefix_name != longest_name:
                break
        if prefix_name != longest_name:
            logger.warning("For 'load_param_into_net', remove parameter prefix name: %s, continue to load.",
                           prefix_name)
            for _, param in net.parameters_and_names():
                new_name = prefix_name + param.name
                if param.name in param_not_load and new_name in parameter_dict:
                    _update_param(param, parameter_dict[new_name], strict_load)
                    param_not_load.remove(param.name)


from .export import export, load  # noqa: E402,F401  (MindSpore defines them in this module)

__all__ += ["export", "load"]


_PARALLEL_NAMES = ("build_searched_strategy", "restore_group_info_list", "get_ckpt_path_with_strategy",
                   "load_distributed_checkpoint", "sync_pipeline_shared_parameters")
__all__ += list(_PARALLEL_NAMES)


def __getattr__(name):
    # MindSpore also exposes the distributed-checkpoint helpers here; they live in mindjax.parallel,
    # which imports this module, hence the lookup on first use
    if name in _PARALLEL_NAMES:
        from .. import parallel
        return getattr(parallel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

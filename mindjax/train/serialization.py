"""save_checkpoint / load_checkpoint / load_param_into_net (MindSpore 2.10 behaviour).

The file formats themselves live in :mod:`mindjax.train._ckpt_format` (atomic writes,
crc trailers, safetensors); this module maps Cells, Parameters and dicts onto them.
"""
from __future__ import annotations

import logging
import os
import stat

import numpy as np

from .._tensor import Tensor
from ..common.parameter import Parameter
from . import _ckpt_format as fmt

__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net"]

logger = logging.getLogger("mindjax.train")

_FORMATS = ("ckpt", "safetensors")
_FLOATS = {"Float16", "Float32", "Float64", "BFloat16"}
_INTS = {"Int8", "Int16", "Int32", "Int64"}


def _to_numpy(t) -> np.ndarray:
    if isinstance(t, Tensor):
        return np.asarray(t._data)
    return np.asarray(t)


def _check_format(format):
    if format not in _FORMATS:
        raise ValueError(f"For 'save_checkpoint', format must be 'ckpt' or 'safetensors', but got {format}.")


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


def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False, append_dict=None,
                    enc_key=None, enc_mode="AES-GCM", choice_func=None, crc_check=False, format="ckpt", **kwargs):
    """Save a Cell's Parameters (or a list/dict of them) to a MindSpore ``.ckpt`` (or
    ``.safetensors``) file.  The write is atomic: a crash leaves the old file or the new
    one, never half a file.  ``async_save`` is accepted and saves synchronously; ``enc_key``
    (encryption) is not supported."""
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the argument 'ckpt_file_name' must be string, but got "
                        f"{type(ckpt_file_name)}.")
    _check_format(format)
    if enc_key is not None:
        raise NotImplementedError("mindjax: save_checkpoint(enc_key=...) (encrypted checkpoints) is not supported.")
    if not isinstance(crc_check, bool):
        raise TypeError(f"For 'save_checkpoint', the type of 'crc_check' must be bool, but got {type(crc_check)}.")
    if choice_func is not None and not callable(choice_func):
        raise TypeError("For 'save_checkpoint', the type of 'choice_func' must be function, "
                        f"but got {type(choice_func)}.")
    append_dict = _check_append_dict(append_dict)
    entries = _save_entries(save_obj, append_dict, choice_func)
    ckpt_file_name = os.path.realpath(ckpt_file_name)
    if not ckpt_file_name.endswith("." + format):
        ckpt_file_name += "." + format
    dirname = os.path.dirname(ckpt_file_name)
    if dirname and not os.path.isdir(dirname):
        os.makedirs(dirname, exist_ok=True)
    if format == "safetensors":
        fmt.write_safetensors(ckpt_file_name, entries, append_dict, crc=crc_check)
    else:
        fmt.write_ckpt(ckpt_file_name, entries, append_dict, crc=crc_check)
    os.chmod(ckpt_file_name, stat.S_IRUSR)  # MindSpore leaves checkpoints read-only (0400)


def _check_prefix(prefix, what):
    if prefix is None:
        return None
    if isinstance(prefix, str):
        prefix = (prefix,)
    if not isinstance(prefix, (list, tuple)) or not prefix:
        raise TypeError(f"For 'load_checkpoint', the type of '{what}' must be string, list[string] or "
                        f"tuple[string] when '{what}' is not None, but got {type(prefix)}.")
    for p in prefix:
        if not isinstance(p, str):
            raise TypeError(f"For 'load_checkpoint', the type of '{what}' must be string, list[string] or "
                            f"tuple[string], but got {type(p)}.")
        if p == "":
            raise ValueError(f"For 'load_checkpoint', the value of '{what}' can't include \"\".")
    return tuple(prefix)


def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                    dec_mode="AES-GCM", specify_prefix=None, choice_func=None, crc_check=False,
                    remove_redundancy=False, format="ckpt"):
    """Read a checkpoint into ``{name: Parameter}`` (append_dict strings stay str); with
    ``net`` load it into the network as well (:func:`load_param_into_net`)."""
    specify_prefix = _check_prefix(specify_prefix, "specify_prefix")
    filter_prefix = _check_prefix(filter_prefix, "filter_prefix")
    if dec_key is not None:
        raise NotImplementedError("mindjax: load_checkpoint(dec_key=...) (encrypted checkpoints) is not supported.")
    if not isinstance(crc_check, bool):
        raise TypeError(f"For 'load_checkpoint', the type of 'crc_check' must be bool, but got {type(crc_check)}.")
    if format not in _FORMATS:
        raise ValueError(f"For 'load_checkpoint', format must be 'ckpt' or 'safetensors', but got {format}.")
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'load_checkpoint', the argument 'ckpt_file_name' must be string, but got "
                        f"{type(ckpt_file_name)}.")
    if not ckpt_file_name.endswith("." + format):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
                         f"file_name:'{ckpt_file_name}', format:'{format}'")
    real = os.path.realpath(ckpt_file_name)
    if not os.path.exists(real):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {ckpt_file_name} does not exist, please "
                         f"check whether the 'ckpt_file_name' is correct.")
    raw = fmt.read_safetensors(real) if format == "safetensors" else fmt.read_ckpt(real)
    if specify_prefix is not None or filter_prefix is not None:
        choice_func = None  # the deprecated prefixes override choice_func, as in MindSpore

    parameter_dict = {}
    for name, (arr, ms_type) in raw.items():
        if specify_prefix is not None and not name.startswith(specify_prefix):
            continue
        if filter_prefix is not None and name.startswith(filter_prefix):
            continue
        if choice_func is not None and not choice_func(name):
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

"""``mindspore.safeguard.rewrite_obfuscation``: obfuscate the weights of MindSpore checkpoints.

``obfuscate_ckpt`` draws random obfuscation metadata (by default one ratio ``r`` in
``[1, obfuscate_scale)``), multiplies the targeted weights of every ``.ckpt`` file of a
directory by it and writes ``<name>_obf.ckpt`` files; it returns the metadata needed to undo
it (by default ``{'obf_metadata': 1 / r}`` as float16).  The drawing uses numpy's global
random state, as MindSpore 2.10 does, so ``set_seed`` makes it reproduce MindSpore's ratios
and the files are interchangeable with MindSpore's.

``load_obf_params_into_net`` is what MindSpore 2.10 ships: it validates its arguments and
returns ``network`` unchanged (2.10 removed the graph rewrite that used to insert the
de-obfuscating multiplications).  Undoing the obfuscation is left to the caller, who holds
the metadata that ``obfuscate_ckpt`` returned.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from string import Template

import numpy as np

from .._tensor import Tensor
from ..log import logger

__all__ = ["obfuscate_ckpt", "load_obf_params_into_net"]

_OPS = ("mul", "matmul", "invert")  # the op names a config may name, as MindSpore's table
_CONFIG_TYPES = ("obf_metadata_config", "weight_obf_config", "network_obf_config")
_METADATA_TYPES = ("random", "rearrange")
_DEFAULT_LAYERS = 12


# --------------------------------------------------------------------------- validation

def _check_dir_path(name, dir_path):
    if not isinstance(dir_path, str):
        raise TypeError("{} must be string, but got {}.".format(name, type(dir_path)))
    if not os.path.exists(dir_path):
        raise ValueError("{} is not exist, please check the input {}.".format(dir_path, name))
    if not Path(dir_path).is_dir():
        raise TypeError("{} must be a directory path, but got {}.".format(name, dir_path))


def _check_target_modules(network, target_modules):
    """MindSpore's checks of the deprecated ``target_modules`` form (types, characters, path, targets)."""
    from ..nn.cell import Cell
    from ..nn.layer.container import CellList
    if not isinstance(target_modules, list):
        raise TypeError("target_modules type should be list, but got {}.".format(type(target_modules)))
    if len(target_modules) < 2:
        raise ValueError("target_modules should contain at least two string values, in the form of ['A/B/C', 'D1|D2'],"
                         "but got {}.".format(target_modules))
    path, names = target_modules[0], target_modules[1]
    if not isinstance(path, str) or not isinstance(names, str):
        raise TypeError("The values of target_modules should be string, but got {} and {}."
                        .format(type(path), type(names)))
    if not names:
        raise ValueError("{} should be a non-empty string value, in the form of 'D1|D2'".format(names))
    if not re.fullmatch(r"[A-Za-z0-9/_]*", path) or not re.fullmatch(r"[A-Za-z0-9|_]*", names):
        raise ValueError("please check the input 'target_modules'{},it should be in the form of ['A/B/C', 'D1|D2']."
                         "target_modules[0] can only contain uppercase and lowercase letters, numbers, '_' and '/',"
                         "target_modules[1] can only contain uppercase and lowercase letters, numbers, '_' and '|'"
                         .format(target_modules))
    # Walk the path depth first; a CellList on the way stands for each of its cells.
    parts = path.split("/")
    stack, net, i = [network], network, 0
    while stack and i < len(parts):
        net = stack.pop()
        if parts[i] and hasattr(net, parts[i]):
            net = getattr(net, parts[i])
            i += 1
            if isinstance(net, CellList):
                stack.extend(net)
            elif isinstance(net, Cell):
                stack.append(net)
            else:
                raise TypeError("Target_modules[0] should be a subgraph and it's type should be nn.Cell(nn.CellList),"
                                "but got type {}".format(type(net)))
    if path != "" and i != len(parts):
        raise ValueError("the path {} does not exist.".format(path))
    targets = names.split("|")
    found = 0
    for target in targets:
        if hasattr(net, target):
            found += 1
        else:
            logger.warning("%s does not exist in the path %s", target, path)
    if not found:
        raise ValueError("all targets {} do not exist in the path {}.".format(targets, path))
    if len(target_modules) >= 3:
        layers = target_modules[2].split(":")
        if len(layers) != 2 or layers[0] != "obfuscate_layers" or (layers[1] != "all" and not layers[1].isdigit()):
            raise ValueError("The third value of target_modules should be in the format of 'obfuscate_layers:all' or"
                             "'obfuscate_layers:int'")


def _config_from_target_modules(target_modules):
    """The ``obf_config`` that MindSpore 2.10 builds from ``target_modules``.

    With a third element MindSpore names the per-layer ratios ``obf_metadata_${layer}`` in the
    weight ops but keeps one metadata entry ``obf_metadata``, and gives the weight entries no
    ``layers``; the config is reproduced as it is, so a checkpoint obfuscated this way is the
    same as MindSpore's (``obfuscate_ckpt`` warns when a target matches no weight).
    """
    path, names = target_modules[0], target_modules[1].split("|")
    metadata = {"name": "obf_metadata", "shape": [1], "type": "random", "save_metadata": True,
                "metadata_op": "invert"}
    ratio_name, layers = "obf_metadata", []
    if len(target_modules) >= 3:
        count = target_modules[2].split(":")[1]
        layers = list(range(_DEFAULT_LAYERS if count == "all" else int(count)))
        path = path.replace("blocks", "blocks/${layer}")
        ratio_name = "obf_metadata_${layer}"
        metadata["layers"] = layers
    weight_ops = [{"name": "mul", "input_x": "weight", "input_y": ratio_name}]
    config = {"obf_metadata_config": [metadata], "weight_obf_config": [], "network_obf_config": []}
    for name in names:
        for leaf in ("weight", "bias"):
            entry = {"target": "/".join([path, name, leaf]), "weight_obf_ops": weight_ops}
            if len(target_modules) >= 3:
                entry["name"] = ratio_name
            else:
                entry["layers"] = []
            config["weight_obf_config"].append(entry)
        net_entry = {"module": "/" + path, "target": name, "insert_new_input": [{"name": "obf_metadata"}],
                     "insert_ops": [{"name": "mul", "input_x": "weight", "input_y": ratio_name}]}
        if not layers:
            net_entry["layers"] = []
        config["network_obf_config"].append(net_entry)
    return config


def _check_ops(ops_info):
    for op in ops_info:
        for key in ("name", "input_x", "input_y"):
            if not isinstance(op.get(key), str):
                label = "op_name" if key == "name" else key + "_name"
                raise TypeError("{} type should be str, but got {}.".format(label, type(op.get(key))))
        for key in ("transpose_a", "transpose_b"):
            if not isinstance(op.get(key, False), bool):
                raise TypeError("{} type should be bool, but got {}.".format(key, type(op.get(key))))


def _check_entry(config, config_type):
    if config_type == "obf_metadata_config":
        name, shape = config.get("name"), config.get("shape")
        if not name or not isinstance(name, str):
            raise TypeError("obf_config[][]['name'] type should be str, but got {}.".format(type(name)))
        if not shape or not isinstance(shape, list):
            raise TypeError("obf_config[][]['shape'] type should be list, but got {}.".format(type(shape)))
        for item in shape:
            if not isinstance(item, int):
                raise TypeError("shape[] type should be int, but got {}.".format(type(item)))
        if not isinstance(config.get("save_metadata", True), bool):
            raise TypeError("obf_config[][]['save_metadata'] type should be bool, but got {}."
                            .format(type(config.get("save_metadata"))))
        kind = config.get("type")
        if kind is not None and (not isinstance(kind, str) or kind not in _METADATA_TYPES):
            raise TypeError("obf_config[][]['type'] should be str and must in {}, but got {}."
                            .format(str(list(_METADATA_TYPES)), type(kind)))
        return
    target = config.get("target")
    if not target or not isinstance(target, str):
        raise TypeError("obf_config[][]['target'] type should be str, but got {}.".format(type(target)))
    if config_type == "weight_obf_config":
        ops = config.get("weight_obf_ops", [])
        if not isinstance(ops, list):
            raise TypeError("obf_config[][]['weight_obf_ops'] type should be list, but got {}.".format(type(ops)))
        _check_ops(ops)
        return
    module = config.get("module")
    if not module or not isinstance(module, str):
        raise TypeError("obf_config[][]['module'] type should be str, but got {}.".format(type(module)))
    new_inputs = config.get("insert_new_input", [])
    if not isinstance(new_inputs, list):
        raise TypeError("obf_config[][]['insert_new_input'] type should be list, but got {}."
                        .format(type(new_inputs)))
    for new_input in new_inputs:
        if not isinstance(new_input.get("name"), str):
            raise TypeError("obf_config[][]['insert_new_input'][]['name'] type should be str, but got {}."
                            .format(type(new_input.get("name"))))
    ops = config.get("insert_ops", [])
    if not isinstance(ops, list):
        raise TypeError("obf_config[][]['insert_ops'] type should be list, but got {}.".format(type(ops)))
    _check_ops(ops)


def _check_obf_config(obf_config, config_type):
    """Validate one section of ``obf_config`` (and that every key names a known section)."""
    for key in obf_config:
        if not isinstance(key, str) or key not in _CONFIG_TYPES:
            raise TypeError("config_type must be str, and in {}, but got {}.".format(str(list(_CONFIG_TYPES)), key))
    entries = obf_config.get(config_type)
    if not isinstance(entries, list):
        raise TypeError("obf_config[] type of should be list, but got {}.".format(type(entries)))
    for config in entries:
        if not isinstance(config, dict):
            raise TypeError("obf_config[][] type should be dict, but got {}.".format(type(config)))
        _check_entry(config, config_type)
        layers = config.get("layers")
        if layers is not None:
            if not isinstance(layers, list):
                raise TypeError("obf_config[][]['layers'] type should be list, but got {}.".format(type(layers)))
            for layer in layers:
                if not isinstance(layer, int):
                    raise TypeError("obf_config[][]['layers'][] type should be int, but got {}.".format(type(layer)))
    return True


def _resolve_config(network, target_modules, obf_config):
    if obf_config is None:
        _check_target_modules(network, target_modules)
        logger.warning("'target_modules and obf_ratios' will be deprecated and "
                       "removed in a future version, use 'obf_config' instead.")
        obf_config = _config_from_target_modules(target_modules)
    return obf_config


# --------------------------------------------------------------------------- metadata

def _invert(x: np.ndarray) -> np.ndarray:
    """MindSpore's ``Inv`` (1 / x in x's dtype; integers divide as C does, 1 / 0 giving the minimum)."""
    if np.issubdtype(x.dtype, np.integer):
        safe = np.where(x == 0, 1, x)
        return np.where(x == 0, np.iinfo(x.dtype).min, np.fix(1.0 / safe)).astype(x.dtype)
    return np.reciprocal(x)


def _apply_metadata_op(op_name, value):
    if op_name not in _OPS:
        raise KeyError(f"'op name' must be in {list(_OPS)}, but got {op_name}.")
    if op_name == "invert":
        return _invert(value)
    # 'mul' and 'matmul' are binary: given only the metadata they fail as MindSpore's do
    raise TypeError(f"For '{op_name}', the metadata op needs two inputs, but got only the metadata.")


def _draw(shape, kind, obfuscate_scale):
    """One metadata array, drawn from numpy's global random state as MindSpore draws it."""
    if kind == "rearrange":
        if len(shape) == 1:
            return np.random.permutation(shape[0]).astype(np.int32)
        if len(shape) == 2:
            eye = np.identity(shape[0]).astype(np.int32)
            return eye[:, np.random.permutation(shape[1]).astype(np.int32)]
        return None
    if kind == "random":
        return np.random.randint(1, obfuscate_scale, size=shape).astype(np.float16)
    return None


def _gen_metadata(configs, obfuscate_scale):
    """(metadata used to obfuscate, metadata returned to the caller) for ``obf_metadata_config``."""
    metadata, saved = {}, {}
    for config in configs:
        name = config.get("name")
        if name is None:
            continue
        layers = config.get("layers")
        names = [Template(name).safe_substitute({"layer": str(layer)}) for layer in layers] if layers else [name]
        for obf_name in names:
            if not layers and obf_name in metadata:
                continue  # MindSpore keeps the first draw for a repeated name without layers
            value = _draw(config.get("shape"), config.get("type"), obfuscate_scale)
            metadata[obf_name] = value
            if config.get("save_metadata", False):
                op_name = config.get("metadata_op")
                shown = value if op_name is None else _apply_metadata_op(op_name, value)
                if shown is not None:
                    saved[obf_name] = shown
    return metadata, saved


# --------------------------------------------------------------------------- checkpoints

def _input_name(op, key, layer):
    name = op.get(key)
    if name is None:
        logger.error("can not find input: %s for op: %s.", key, op.get("name"))
        return None
    return Template(name).safe_substitute({"layer": str(layer)})


def _obfuscate_param(param: np.ndarray, metadata, ops, layer=0):
    """Apply a weight's ``weight_obf_ops`` in order, computing in the weight's dtype; None on failure."""
    dtype = param.dtype
    out = param
    for op in ops:
        op_name = op.get("name")
        if not isinstance(op_name, str):
            raise TypeError("{} should be str type, but got {}".format(op_name, type(op_name)))
        if op_name == "mul":
            ratio = metadata.get(_input_name(op, "input_y", layer))
            if ratio is None:
                logger.error("input_x or input_y is None")
                return None
            out = (out * ratio.astype(dtype)).astype(dtype)
        elif op_name == "permuate":  # MindSpore's spelling of the op name
            perm = metadata.get(_input_name(op, "input_x", layer))
            if perm is None:
                logger.error("input_x or param is None")
                return None
            out = out[perm]
        elif op_name == "matmul":
            operands = []
            for key, flag in (("input_x", "transpose_a"), ("input_y", "transpose_b")):
                name = _input_name(op, key, layer)
                value = metadata.get(name) if name is not None and name.startswith("obf_metadata") else out
                if name is None or value is None:
                    logger.error("the input_x or input_y of op: %s is None.", op_name)
                    return None
                operands.append(value.T if op.get(flag, False) else value)
            out = np.matmul(operands[0].astype(dtype), operands[1].astype(dtype)).astype(dtype)
        else:
            logger.error("unsupported op, op must be matmul or permuate or mul, but got %s.", op_name)
            return None
    return out


def _obfuscate_file(ckpt_path, metadata, obf_config, saved_path, matched):
    """Write ``<stem>_obf.ckpt`` into ``saved_path``; False (nothing written) when a weight fails."""
    from ..train.serialization import load_checkpoint, save_checkpoint
    try:
        params = load_checkpoint(ckpt_path)
    except (ValueError, TypeError, OSError):
        logger.error("Load checkpoint failed for file %s.", ckpt_path)
        return False
    entries = obf_config.get("weight_obf_config", [])
    for item, value in params.items():
        param_path = "/".join(item.split("."))
        for entry in entries:
            if not isinstance(entry, dict):
                raise TypeError("{} should be dict type, but got {}".format(entry, type(entry)))
            target, layers, ops = entry.get("target"), entry.get("layers", []), entry.get("weight_obf_ops")
            if not target or not ops:
                raise KeyError("target or obf_ops is None.")
            hits = [0] if not layers and target == param_path else []
            hits += [layer for layer in layers
                     if Template(target).safe_substitute({"layer": str(layer)}) == param_path]
            for layer in hits:
                matched.add(id(entry))
                new = _obfuscate_param(np.asarray(value.asnumpy()), metadata, ops, layer)
                if new is None:
                    logger.error("obfuscate weight %s failed.", item)
                    return False
                value.set_data(Tensor(new, value.dtype))
    name = os.path.basename(ckpt_path).split(".")[0] + "_obf.ckpt"
    save_checkpoint([{"name": k, "data": v} for k, v in params.items()], os.path.join(os.path.realpath(saved_path),
                                                                                      name))
    return True


def obfuscate_ckpt(network, ckpt_files: str, target_modules: list | None = None, obf_config: dict | None = None,
                   saved_path: str = "./", obfuscate_scale: float = 100) -> dict:
    """Obfuscate the weights of every ``.ckpt`` file in the directory ``ckpt_files``.

    Each ``<stem>.ckpt`` (also one level down: ``rank_0/...``, into the same sub-directory of
    ``saved_path``) is written as ``<stem>_obf.ckpt`` with the weights named by
    ``obf_config['weight_obf_config']`` transformed by the metadata drawn from
    ``obf_config['obf_metadata_config']``.  The deprecated ``target_modules``
    (``['path/to/cell', 'dense1|dense2']``) stands for "multiply the weight and bias of those
    cells by one random ratio in ``[1, obfuscate_scale)``".  Returns the metadata whose
    ``save_metadata`` is set (for ``target_modules``, ``{'obf_metadata': 1 / ratio}`` as float16).

    Examples:
        >>> import os, numpy as np
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> from mindjax.safeguard import obfuscate_ckpt
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.head = nn.SequentialCell([nn.Dense(3, 2)])
        ...     def construct(self, x):
        ...         return self.head(x)
        >>> net = Net()
        >>> os.makedirs("/tmp/mindjax_doc_obf/src", exist_ok=True)
        >>> ms.save_checkpoint(net, "/tmp/mindjax_doc_obf/src/net.ckpt")
        >>> meta = obfuscate_ckpt(net, "/tmp/mindjax_doc_obf/src", target_modules=["head", "0"],
        ...                       saved_path="/tmp/mindjax_doc_obf")
        >>> w = ms.load_checkpoint("/tmp/mindjax_doc_obf/net_obf.ckpt")["head.0.weight"].asnumpy()
        >>> bool(np.allclose(w * meta["obf_metadata"].astype(np.float32), net.head[0].weight.asnumpy(), rtol=1e-3))
        True
    """
    from ..nn.cell import Cell
    if not isinstance(network, Cell):
        raise TypeError("network must be nn.Cell, but got {}.".format(type(network)))
    _check_dir_path("ckpt_files", ckpt_files)
    _check_dir_path("saved_path", saved_path)
    obf_config = _resolve_config(network, target_modules, obf_config)
    if not isinstance(obf_config, dict):
        raise TypeError("obf_config type should be dict, but got {}.".format(type(obf_config)))
    if not obf_config or not _check_obf_config(obf_config, "obf_metadata_config") \
            or not _check_obf_config(obf_config, "weight_obf_config"):
        raise ValueError("'obf_config' is empty or not valid, please check the input.")
    # As MindSpore: the metadata is drawn before obfuscate_scale is checked.
    metadata, saved = _gen_metadata(obf_config.get("obf_metadata_config", []), obfuscate_scale)
    if isinstance(obfuscate_scale, bool) or not isinstance(obfuscate_scale, (float, int)) or obfuscate_scale <= 1:
        raise ValueError("obfuscate_scale must be float or int, and larger than 1, but got {}."
                         .format(obfuscate_scale))
    matched = set()
    src = os.path.realpath(ckpt_files)
    for name in os.listdir(src):
        sub = os.path.join(src, name)
        if Path(sub).is_dir():
            out_dir = os.path.join(os.path.realpath(saved_path), name)
            os.makedirs(out_dir, mode=0o700, exist_ok=True)
            for sub_name in os.listdir(sub):
                if sub_name.endswith(".ckpt"):
                    _obfuscate_file(os.path.join(sub, sub_name), metadata, obf_config, out_dir, matched)
        elif name.endswith(".ckpt"):
            _obfuscate_file(sub, metadata, obf_config, saved_path, matched)
    # MindSpore says nothing when a target matches no weight; a warning saves a user from
    # shipping a checkpoint they believe obfuscated.
    for entry in obf_config.get("weight_obf_config", []):
        if id(entry) not in matched:
            logger.warning("obfuscate_ckpt: the target %s matched no parameter of the checkpoints in %s.",
                           entry.get("target"), ckpt_files)
    return saved


def load_obf_params_into_net(network, target_modules: list | None = None, obf_ratios=None,
                             obf_config: dict | None = None, data_parallel_num: int = 1, **kwargs):
    """Check an obfuscation config against ``network`` and return the network, as MindSpore 2.10 does.

    MindSpore 2.10 no longer rewrites the network: the function validates ``target_modules``
    (or ``obf_config['network_obf_config']``) and ``data_parallel_num`` and returns ``network``
    itself, whose Parameters hold what ``load_checkpoint`` put there.  ``obf_ratios`` and
    ``kwargs`` are accepted and unused, as there.

    Examples:
        >>> from mindjax import nn
        >>> from mindjax.safeguard import load_obf_params_into_net
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.fc = nn.Dense(3, 2)
        ...     def construct(self, x):
        ...         return self.fc(x)
        >>> net = Net()
        >>> load_obf_params_into_net(net, ["", "fc"]) is net
        True
    """
    from ..nn.cell import Cell
    if not isinstance(network, Cell):
        raise TypeError("network must be nn.Cell, but got {}.".format(type(network)))
    obf_config = _resolve_config(network, target_modules, obf_config)
    if not isinstance(obf_config, dict):
        raise TypeError("{} should be dict type, but got {}".format(obf_config, type(obf_config)))
    if not obf_config or not _check_obf_config(obf_config, "network_obf_config"):
        raise ValueError("'obf_config' is empty or not valid, please check the input.")
    if not isinstance(data_parallel_num, int) or data_parallel_num <= 0:
        raise ValueError("data_parallel_num must be positive number, but got {}.".format(data_parallel_num))
    return network

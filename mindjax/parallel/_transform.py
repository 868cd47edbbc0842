"""Re-slicing distributed checkpoints from one strategy to another.

A parameter sliced by (device matrix, tensor map) on N devices: rank ``r`` has coordinates
``np.unravel_index(r, dev_matrix)``; tensor dimension ``i`` with map ``m != -1`` is cut into
``dev_matrix[-1 - m]`` equal slices and rank ``r`` holds slice ``coord[-1 - m]``. A transformation
gathers the source slices a destination rank needs, assembles the region and cuts the
destination slice out of it (MindSpore composes AllConcat/Split operators to the same effect).
"""
from __future__ import annotations

import glob
import os
import re
from collections import defaultdict

import numpy as np

from ._strategy import build_searched_strategy, device_num_of, layout_map

__all__ = ["rank_list_for_transform", "transform_checkpoint_by_rank", "transform_checkpoints",
           "load_distributed_checkpoint", "get_ckpt_path_with_strategy", "sync_pipeline_shared_parameters",
           "parameter_broadcast"]


def _single_stage(layouts, what):
    if layouts and any(len(v[2]) > 1 or v[2][0] != 0 for v in layouts.values()):
        raise ValueError(f"The {what} describes several pipeline stages; mindjax transforms checkpoints of "
                         "one pipeline stage only.")


def _box(dev, tmap, shape, rank):
    """(start, stop) per dimension of the slice ``rank`` holds."""
    coord = np.unravel_index(rank % int(np.prod(dev)), dev) if dev else ()
    out = []
    for axis, m in enumerate(tmap):
        if m == -1:
            out.append((0, shape[axis]))
            continue
        n, c = dev[len(dev) - 1 - m], int(coord[len(dev) - 1 - m])
        if shape[axis] % n:
            raise ValueError(f"The dimension {axis} of shape {tuple(shape)} cannot be divided into {n} slices.")
        size = shape[axis] // n
        out.append((c * size, (c + 1) * size))
    return out


def _expand(dev, n):
    """The device matrix on ``n`` devices: MindSpore prepends a repeat axis to the smaller one."""
    own = int(np.prod(dev))
    return ([n // own] if n > own else []) + list(dev)


def _needed_ranks(rank, src, dst):
    """Source ranks (on the source's devices) MindSpore reads to build ``rank``'s slice: each
    dimension whose destination slices are not inside the source slice of the same rank, for every
    rank, is gathered whole; along the other device axes the rank's own coordinate is kept."""
    s_dev, s_map = src
    d_dev, d_map = dst if dst is not None else ([1], [-1] * len(s_map))
    ns, nd = int(np.prod(s_dev)), int(np.prod(d_dev))
    n = max(ns, nd)
    s_full, d_full = _expand(s_dev, n), _expand(d_dev, n)
    shape = [n * n] * len(s_map)  # a shape every cut divides
    gathered = []
    for axis in range(len(s_map)):
        inside = True
        for r in range(n):
            (s0, s1), (d0, d1) = _box(s_full, s_map, shape, r)[axis], _box(d_full, d_map, shape, r)[axis]
            if not (s0 <= d0 and d1 <= s1):
                inside = False
                break
        if not inside and s_map[axis] != -1:
            gathered.append(len(s_full) - 1 - s_map[axis])
    coord = np.unravel_index(rank, s_full)
    out = set()
    for q in range(n):
        qc = np.unravel_index(q, s_full)
        if all(qc[a] == coord[a] for a in range(len(s_full)) if a not in gathered):
            out.add(q % ns)
    return out


def rank_list_for_transform(rank_id: int, src_strategy_file: str | None = None,
                            dst_strategy_file: str | None = None) -> list:
    """The source ranks whose checkpoints are read to build ``rank_id``'s checkpoint under the
    destination strategy (descending, as MindSpore returns them). ``None`` strategy: unsliced.

    Examples:
        >>> from mindjax.parallel import rank_list_for_transform
        >>> rank_list_for_transform(0, None, None)
        [0]
    """
    if not isinstance(rank_id, int):
        raise TypeError("The rank_id should be a int.")
    if src_strategy_file is None:
        return [0]
    src, dst = layout_map(src_strategy_file), layout_map(dst_strategy_file)
    _single_stage(src, "src_strategy_file")
    _single_stage(dst, "dst_strategy_file")
    if not src:
        raise ValueError("The src_strategy_file is empty.")
    dst_num = device_num_of(dst)
    local = rank_id % dst_num if dst_num > 1 else rank_id
    result, handled = set(), []
    for name, (dev, tmap, _) in src.items():
        if dst is not None and name not in dst:
            continue
        key = (dev, tmap, dst[name][:2] if dst is not None else None)
        if key in handled:
            continue
        handled.append(key)
        result |= _needed_ranks(local, (dev, tmap), dst[name][:2] if dst is not None else None)
    return sorted(result, reverse=True)


def _reslice(name, slices, src, dst, rank):
    """``rank``'s slice of parameter ``name`` under ``dst`` from the source slices ``{rank: array}``."""
    first = next(iter(slices.values()))
    if src is None:
        full = first
    else:
        dev, tmap = src[:2]
        strat = [1 if m == -1 else dev[len(dev) - 1 - m] for m in tmap]
        full_shape = [s * k for s, k in zip(first.shape, strat)]
        full = np.empty(full_shape, first.dtype)
        for r, part in slices.items():
            box = _box(dev, tmap, full_shape, r)
            full[tuple(slice(a, b) for a, b in box)] = part
    if dst is None:
        return full
    box = _box(dst[0], dst[1], full.shape, rank)
    return np.ascontiguousarray(full[tuple(slice(a, b) for a, b in box)])


def _transform(rank, loaded, src, dst):
    """``[{'name', 'data'}]`` for destination ``rank``; ``loaded`` is ``{src rank: {name: Parameter}}``."""
    from .._tensor import Tensor
    from ..common.parameter import Parameter
    per_param = defaultdict(dict)
    attrs = {}
    for r, params in loaded.items():
        for name, p in params.items():
            if not isinstance(p, Parameter):
                continue
            per_param[name][r] = p
            attrs[name] = (p.requires_grad, p.layerwise_parallel, p.dtype)
    out = []
    for name, parts in per_param.items():
        if src is not None and name not in src:
            continue
        if dst is not None and name not in dst:
            continue
        needed = _needed_ranks(rank, src[name][:2], dst[name][:2] if dst else None) if src else {0}
        missing = [r for r in needed if r not in parts]
        if missing:
            raise ValueError("The checkpoint of rank {} is missing.".format(missing[0]))
        arrays = {r: parts[r].asnumpy() for r in needed}
        value = _reslice(name, arrays, src[name] if src else None, dst[name] if dst else None, rank)
        req, lw, dtype = attrs[name]
        out.append(Parameter(Tensor(value, dtype), name, req, lw))
    return out


def transform_checkpoint_by_rank(rank_id: int, checkpoint_files_map: dict, save_checkpoint_file_name: str,
                                 src_strategy_file: str | None = None, dst_strategy_file: str | None = None) -> None:
    """Write ``rank_id``'s checkpoint under the destination strategy from the source checkpoints
    ``{source rank: file}``. A ``None`` strategy means unsliced parameters.

    Examples:
        >>> from mindjax.parallel import transform_checkpoint_by_rank
        >>> transform_checkpoint_by_rank(0, {0: "rank_0/net.ckpt"}, "./new_rank0.ckpt")  # doctest: +SKIP
    """
    from ..train.serialization import load_checkpoint, save_checkpoint
    if not isinstance(checkpoint_files_map, dict):
        raise TypeError("The checkpoint_files_map should be a dict.")
    if not isinstance(rank_id, int):
        raise TypeError("The rank_id should be a int.")
    if not isinstance(save_checkpoint_file_name, str):
        raise TypeError("The save_checkpoint_file_name should be a str.")
    if save_checkpoint_file_name[-5:] != ".ckpt":
        raise ValueError("The save_checkpoint_file_name {} should end with .ckpt".format(save_checkpoint_file_name))
    if dst_strategy_file and os.path.dirname(dst_strategy_file) and not os.path.exists(
            os.path.dirname(dst_strategy_file)):
        raise ValueError("The director of dst_strategy_file: {} is not exists.".format(
            os.path.dirname(dst_strategy_file)))
    for rank, path in checkpoint_files_map.items():
        if not os.path.exists(path):
            raise ValueError("Checkpoint file {} in rank {} not exits: ".format(path, rank))
    src, dst = layout_map(src_strategy_file), layout_map(dst_strategy_file)
    _single_stage(src, "src_strategy_file")
    _single_stage(dst, "dst_strategy_file")
    src_num, dst_num = device_num_of(src), device_num_of(dst)
    loaded = {rank % src_num: load_checkpoint(path) for rank, path in checkpoint_files_map.items()}
    save_checkpoint(_transform(rank_id % dst_num, loaded, src, dst), save_checkpoint_file_name)


def _rank_files(src_checkpoints_dir):
    files = {}
    for d in glob.glob(os.path.join(src_checkpoints_dir, "rank_[0-9]*")):
        tail = d.split("rank_")[-1]
        if not os.path.isdir(d) or not tail.isdigit():
            continue
        ckpts = sorted(f for f in glob.glob(os.path.join(d, "*.ckpt")) if os.path.isfile(f))
        if ckpts:
            files[int(tail)] = ckpts[-1]  # the last file in lexicographic order, as MindSpore
    return files


def transform_checkpoints(src_checkpoints_dir: str, dst_checkpoints_dir: str, ckpt_prefix: str,
                          src_strategy_file: str | None = None, dst_strategy_file: str | None = None,
                          process_num: int = 1, output_format: str = "ckpt") -> None:
    """Transform the checkpoints ``src_checkpoints_dir/rank_<r>/*.ckpt`` sliced by the source
    strategy into ``dst_checkpoints_dir/rank_<r>/<ckpt_prefix><r>.ckpt`` sliced by the destination
    strategy (``.ckpt`` files; ``process_num`` is accepted, the work runs in this process).

    Examples:
        >>> from mindjax.parallel import transform_checkpoints
        >>> transform_checkpoints("./src_ckpt", "./dst_ckpt", "net_", "./src.json", "./dst.json")  # doctest: +SKIP
    """
    from ..train.serialization import load_checkpoint, save_checkpoint
    if not os.path.isdir(src_checkpoints_dir):
        raise NotADirectoryError("src_checkpoints_dir {} is not a directory.".format(src_checkpoints_dir))
    has_st = bool(glob.glob(os.path.join(src_checkpoints_dir, "rank_*", "*.safetensors")))
    files = _rank_files(src_checkpoints_dir)
    if has_st and files:
        raise ValueError("For 'transform_checkpoints', the 'src_checkpoints_dir' cannot contain "
                         "both ckpt file and safetensors file simultaneously")
    if has_st:
        raise ValueError("For 'transform_checkpoints', mindjax transforms '.ckpt' files only; convert the "
                         "safetensors files with mindjax.safetensors_to_ckpt first.")
    if not files:
        raise ValueError("For 'transform_checkpoints', the 'src_checkpoints_dir' can not be empty.")
    if output_format == "safetensors":
        raise ValueError("For 'transform_checkpoints', 'output_format' can not be 'safetensors' "
                         "when 'src_checkpoints_dir' only contains ckpt file.")
    if not isinstance(ckpt_prefix, str):
        raise TypeError("The ckpt_prefix should be a str.")
    for which, f in (("src", src_strategy_file), ("dst", dst_strategy_file)):
        if f and os.path.dirname(f) and not os.path.exists(os.path.dirname(f)):
            raise ValueError("The director of {}_strategy_file: {} is not exists.".format(which, os.path.dirname(f)))
    os.makedirs(dst_checkpoints_dir, exist_ok=True)
    src, dst = layout_map(src_strategy_file), layout_map(dst_strategy_file)
    _single_stage(src, "src_strategy_file")
    _single_stage(dst, "dst_strategy_file")
    src_num = device_num_of(src)
    cache = {}
    for rank in range(device_num_of(dst)):
        needed = rank_list_for_transform(rank, src_strategy_file, dst_strategy_file)
        for r in needed:
            if r not in files:
                raise ValueError("The checkpoint file of rank{} is needed for converting rank{}'s checkpoint, "
                                 "but it is missing.".format(r, rank))
            if r not in cache:
                cache[r] = load_checkpoint(files[r])
        params = _transform(rank, {r % src_num: cache[r] for r in needed}, src, dst)
        out_dir = os.path.join(dst_checkpoints_dir, f"rank_{rank}")
        os.makedirs(out_dir, exist_ok=True)
        save_checkpoint(params, os.path.join(out_dir, f"{ckpt_prefix}{rank}.ckpt"))


def load_distributed_checkpoint(network, checkpoint_filenames=None, predict_strategy=None,
                                train_strategy_filename=None, strict_load: bool = False, dec_key=None,
                                dec_mode: str = "AES-GCM", format: str = "ckpt", **kwargs):
    """Load the per-rank checkpoints of a sliced training run (``checkpoint_filenames`` in rank
    order, sliced as ``train_strategy_filename`` records) into ``network``: each parameter is
    merged whole and loaded. A mindjax Parameter is one global array, so ``predict_strategy``
    (``{name: [dev_matrix, tensor_map, param_split_shape, field]}``) does not cut the value: it
    places the slices on JAX's devices (when there are enough of them).

    Examples:
        >>> from mindjax.parallel import load_distributed_checkpoint
        >>> load_distributed_checkpoint(net, ["r0.ckpt", "r1.ckpt"], None, "train.json")  # doctest: +SKIP
    """
    from .. import context
    from ..nn.cell import Cell
    from ..train.serialization import load_checkpoint, load_param_into_net
    from ..train._utils import merge_sliced_parameter
    if format != "ckpt" or kwargs.get("output_format", "safetensors") not in ("safetensors", "ckpt"):
        raise ValueError("For 'load_distributed_checkpoint', mindjax loads 'ckpt' files only, but got "
                         f"format {format}.")
    if not isinstance(network, Cell):
        raise TypeError(f"For 'load_distributed_checkpoint', the 'network' must be a Cell, but got "
                        f"{type(network).__name__}.")
    for index, name in enumerate(checkpoint_filenames or []):
        if not isinstance(name, str) or not os.path.exists(name) or name[-5:] != ".ckpt" \
                or os.path.getsize(name) == 0:
            raise ValueError(f"For 'load_distributed_checkpoint', please check 'checkpoint_filenames', and "
                             f"make sure the {name} at index {index} is a valid checkpoint file, it must "
                             f"be a string ending with '.ckpt', and the checkpoint file it represents must "
                             f"be exist and not empty.")
    if predict_strategy is not None and not isinstance(predict_strategy, dict):
        raise TypeError(f"The argument 'predict_strategy' must be dict, but got {type(predict_strategy)}.")
    if train_strategy_filename is None:
        train_strategy_filename = context.get_auto_parallel_context("strategy_ckpt_load_file") or None
    train = build_searched_strategy(train_strategy_filename)
    if not train:
        return True
    loaded = [load_checkpoint(f, dec_key=dec_key, dec_mode=dec_mode) for f in checkpoint_filenames]
    param_dict = {}
    for name, param in network.parameters_and_names():
        name = param.name
        if name not in train:
            if name in loaded[0]:
                param_dict[name] = loaded[0][name]
            continue
        param_dict[name] = merge_sliced_parameter([d[name] for d in loaded], train)
    load_param_into_net(network, param_dict, strict_load=strict_load)
    # a mindjax Parameter is one global array: the predict strategy is where its slices live
    import jax
    from ._layout import named_sharding
    from ._shard import _place
    for _, param in network.parameters_and_names():
        item = (predict_strategy or {}).get(param.name)
        if item is not None and int(np.prod(item[0])) <= jax.device_count():
            sharding = named_sharding(list(item[0]), list(item[1]))
            param.__dict__["_mj_sharding"] = sharding
            param._value = _place(param._value, sharding)
    return None


def get_ckpt_path_with_strategy(cur_ckpt_path: str, cur_strategy_path: str):
    """A checkpoint file this rank can load: ``cur_ckpt_path`` when it names this rank
    (``rank_<id>``) and exists, else the same path for another rank holding the same slices of
    every parameter (read from ``cur_strategy_path``), else ``None``.

    Examples:
        >>> from mindjax.parallel import get_ckpt_path_with_strategy
        >>> get_ckpt_path_with_strategy("./rank_0/net.ckpt", "./strategy.json")  # doctest: +SKIP
    """
    from ..communication import get_rank
    rank = get_rank()
    if f"rank_{rank}" in cur_ckpt_path and os.path.isfile(cur_ckpt_path):
        return cur_ckpt_path
    layouts = layout_map(cur_strategy_path) or {}
    same = None
    for name, (dev, tmap, _) in layouts.items():
        if name.startswith(("accu_grads", "inputs")):
            continue
        shape = [int(np.prod(dev))] * len(tmap)
        mine = _box(dev, tmap, shape, rank)
        group = {r for r in range(int(np.prod(dev))) if _box(dev, tmap, shape, r) == mine}
        same = group if same is None else same & group
    for r in sorted(same or {rank}):
        path = re.sub(r"rank_\d+", f"rank_{r}", cur_ckpt_path)
        if os.path.isfile(path):
            return path
    return None


def sync_pipeline_shared_parameters(net) -> None:
    """Synchronise parameters shared between pipeline stages. mindjax runs every stage in one
    process, so a shared parameter is one object and is always in sync: after the argument check
    this does nothing (as MindSpore does when ``pipeline_stages`` is 1).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.parallel import sync_pipeline_shared_parameters
        >>> sync_pipeline_shared_parameters(ms.nn.Dense(2, 2))
    """
    from ..nn.cell import Cell
    if not isinstance(net, Cell):
        raise TypeError("For 'sync_pipeline_shared_parameters', the argument 'net' should be a Cell, "
                        "but got {}.".format(type(net)))


def parameter_broadcast(net, layout, cur_rank: int = 0, initial_rank: int = 0) -> None:
    """Broadcast parameters from the rank holding them to the ranks holding copies. mindjax has one
    process (``get_group_size() == 1``): a parameter is one global array, sharded or not, so every
    copy already holds the same value and, as MindSpore does with one rank, nothing is sent.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.parallel import parameter_broadcast
        >>> parameter_broadcast(ms.nn.Dense(2, 2), {})
    """
    from ..communication import get_group_size
    if not layout or get_group_size() <= 1:
        return

"""Strategy files: MindSpore's parallel strategy checkpoints, JSON and protobuf.

A strategy file records, per Parameter, the device matrix and tensor map it was sliced by, and
per operator the strategy it ran with. MindSpore writes JSON (file name ending ``.json``; its C++
writer dumps compactly with sorted keys) or protobuf (any other name). The protobuf messages are
declared here field by field (package ``mindspore.straspb``, proto2) so files are read and written
in the same wire format::

    ParallelStrategy   {repeated uint32 dim = 1}
    ParallelStrategys  {required uint32 stage = 1; repeated ParallelStrategy parallel_strategy = 2}
    ParallelStrategyItem {required string node_name = 1; required ParallelStrategys parallel_strategys = 2}
    DevMatrix {repeated uint32 dim = 1}  TensorMap {repeated int32 dim = 1}
    ParamSplitShape {repeated int64 dim = 1}  IndicesOffset {repeated int64 dim = 1}
    ParallelLayouts {repeated DevMatrix dev_matrix = 1; repeated TensorMap tensor_map = 2;
                     repeated ParamSplitShape param_split_shape = 3; repeated IndicesOffset indices_offset = 4;
                     required int32 field = 5; required int32 opt_weight_shard_step = 6;
                     required int32 opt_weight_shard_size = 7}
    ParallelLayoutItem {required string param_name = 1; required ParallelLayouts parallel_layouts = 2}
    ParallelGroupRanks {repeated uint32 dim = 1}
    ParallelGroupItem {required string group_name = 1; required ParallelGroupRanks parallel_group_ranks = 2}
    ParallelGroupMap {repeated ParallelGroupItem parallel_group_item = 1;
                      required ParallelGroupRanks ckpt_restore_rank_list = 2}
    ParallelStrategyMap {required uint32 current_stage = 1; repeated ParallelStrategyItem parallel_strategy_item = 2;
                         repeated ParallelLayoutItem parallel_layout_item = 3}
"""
from __future__ import annotations

import glob
import json
import os

import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

__all__ = ["build_searched_strategy", "merge_pipeline_strategys", "restore_group_info_list"]


def _build_messages():
    f = descriptor_pb2.FileDescriptorProto(name="mindjax/parallel/node_strategy.proto", package="mindspore.straspb",
                                           syntax="proto2")
    fd = descriptor_pb2.FieldDescriptorProto
    rep, req = fd.LABEL_REPEATED, fd.LABEL_REQUIRED

    def message(name, *fields):
        m = f.message_type.add(name=name)
        for fname, number, label, ftype in fields:
            field = m.field.add(name=fname, number=number, label=label)
            if isinstance(ftype, str):
                field.type, field.type_name = fd.TYPE_MESSAGE, ".mindspore.straspb." + ftype
            else:
                field.type = ftype

    message("ParallelStrategy", ("dim", 1, rep, fd.TYPE_UINT32))
    message("ParallelStrategys", ("stage", 1, req, fd.TYPE_UINT32),
            ("parallel_strategy", 2, rep, "ParallelStrategy"))
    message("ParallelStrategyItem", ("node_name", 1, req, fd.TYPE_STRING),
            ("parallel_strategys", 2, req, "ParallelStrategys"))
    message("DevMatrix", ("dim", 1, rep, fd.TYPE_UINT32))
    message("TensorMap", ("dim", 1, rep, fd.TYPE_INT32))
    message("ParamSplitShape", ("dim", 1, rep, fd.TYPE_INT64))
    message("IndicesOffset", ("dim", 1, rep, fd.TYPE_INT64))
    message("ParallelLayouts", ("dev_matrix", 1, rep, "DevMatrix"), ("tensor_map", 2, rep, "TensorMap"),
            ("param_split_shape", 3, rep, "ParamSplitShape"), ("indices_offset", 4, rep, "IndicesOffset"),
            ("field", 5, req, fd.TYPE_INT32), ("opt_weight_shard_step", 6, req, fd.TYPE_INT32),
            ("opt_weight_shard_size", 7, req, fd.TYPE_INT32))
    message("ParallelLayoutItem", ("param_name", 1, req, fd.TYPE_STRING),
            ("parallel_layouts", 2, req, "ParallelLayouts"))
    message("ParallelGroupRanks", ("dim", 1, rep, fd.TYPE_UINT32))
    message("ParallelGroupItem", ("group_name", 1, req, fd.TYPE_STRING),
            ("parallel_group_ranks", 2, req, "ParallelGroupRanks"))
    message("ParallelGroupMap", ("parallel_group_item", 1, rep, "ParallelGroupItem"),
            ("ckpt_restore_rank_list", 2, req, "ParallelGroupRanks"))
    message("ParallelStrategyMap", ("current_stage", 1, req, fd.TYPE_UINT32),
            ("parallel_strategy_item", 2, rep, "ParallelStrategyItem"),
            ("parallel_layout_item", 3, rep, "ParallelLayoutItem"))
    pool = descriptor_pool.DescriptorPool()
    pool.Add(f)
    return {name: message_factory.GetMessageClass(pool.FindMessageTypeByName("mindspore.straspb." + name))
            for name in ("ParallelLayouts", "ParallelStrategyMap", "ParallelGroupMap")}


_MSG = _build_messages()
ParallelLayouts = _MSG["ParallelLayouts"]
ParallelStrategyMap = _MSG["ParallelStrategyMap"]
ParallelGroupMap = _MSG["ParallelGroupMap"]


def make_layouts(dev_matrix, tensor_map, param_split_shape=(), indices_offset=(), field=0, opt_step=0,
                 opt_size=0):
    """A ``ParallelLayouts`` message (what ``build_searched_strategy`` maps names to)."""
    lo = ParallelLayouts(field=int(field), opt_weight_shard_step=int(opt_step), opt_weight_shard_size=int(opt_size))
    lo.dev_matrix.add().dim.extend(int(d) for d in dev_matrix)
    lo.tensor_map.add().dim.extend(int(d) for d in tensor_map)
    lo.param_split_shape.add().dim.extend(int(d) for d in param_split_shape)
    lo.indices_offset.add().dim.extend(int(d) for d in indices_offset)
    return lo


# ---------------------------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------------------------
def _check_strategy_file(path):
    if not isinstance(path, str):
        raise TypeError(f"For 'build_searched_strategy', the argument 'strategy_filename' should be string, "
                        f"but got {type(path)}.")
    if not os.path.isfile(path):
        raise ValueError(f"For 'build_searched_strategy', no such strategy file: {path}. "
                         f"Please check whether the 'strategy_filename' exists.")
    if os.path.getsize(path) == 0:
        raise ValueError(f"For 'build_searched_strategy', the strategy file {path} should not "
                         f"be empty. Please check whether the 'strategy_filename' is correct.")


def _load_protobuf(path) -> "ParallelStrategyMap":
    msg = ParallelStrategyMap()
    with open(path, "rb") as fh:
        content = fh.read()
    try:
        msg.ParseFromString(content)
    except Exception as e:  # noqa: BLE001 - any parse failure means "not a protobuf strategy file"
        raise TypeError("The strategy file type should be one of json or protobuf. "
                        "When the file name extension is not '.json', "
                        "the file is considered as a protobuf file.") from e
    return msg


def build_searched_strategy(strategy_filename: str) -> dict:
    """Read a strategy file: ``{parameter name: ParallelLayouts}`` (fields ``dev_matrix[0].dim``,
    ``tensor_map[0].dim``, ``param_split_shape[0].dim``, ``field``, ``opt_weight_shard_step``,
    ``opt_weight_shard_size``). A name ending ``.json`` is read as JSON, any other as protobuf.

    Examples:
        >>> import json, os, tempfile
        >>> from mindjax.parallel import build_searched_strategy
        >>> path = os.path.join(tempfile.mkdtemp(), "s.json")
        >>> item = {"dev_matrix": [2, 4], "tensor_map": [1, 0], "tensor_shape": [16, 32], "field": 0,
        ...         "opt_weight_shard_step": 0, "opt_weight_shard_size": 0}
        >>> json.dump({"current_stage": 1, "parallel_layout_item": {"w": item}}, open(path, "w"))
        >>> list(build_searched_strategy(path)["w"].dev_matrix[0].dim)
        [2, 4]
    """
    if strategy_filename is None:
        return None
    _check_strategy_file(strategy_filename)
    if strategy_filename[-5:] != ".json":
        msg = _load_protobuf(strategy_filename)
        return {item.param_name: item.parallel_layouts for item in msg.parallel_layout_item}
    with open(strategy_filename, encoding="utf-8") as fh:
        content = json.load(fh)
    out = {}
    for name, item in content.get("parallel_layout_item", {}).items():
        out[name] = make_layouts(item.get("dev_matrix"), item.get("tensor_map"), item.get("param_split_shape", ()),
                                 item.get("indices_offset", ()), item.get("field"), item.get("opt_weight_shard_step"),
                                 item.get("opt_weight_shard_size"))
    return out


def layout_map(strategy) -> dict | None:
    """``{name: (dev_matrix, tensor_map, stages)}`` from a strategy file name or dict; names
    ``"<stage>-<name>"`` of merged pipeline files are grouped by parameter."""
    if strategy is None:
        return None
    layouts = strategy if isinstance(strategy, dict) else build_searched_strategy(strategy)
    out = {}
    for name, lo in layouts.items():
        if lo.field > 0 or lo.opt_weight_shard_size > 0 or list(lo.param_split_shape[0].dim):
            raise ValueError(f"The layout of parameter '{name}' uses optimizer sharding, a field split or an uneven "
                             "split, which mindjax's checkpoint transformation does not support.")
        stage, base = 0, name
        if "-" in name:
            head, rest = name.split("-", 1)
            if head.isdigit():
                stage, base = int(head), rest
        dev, tmap = list(lo.dev_matrix[0].dim), list(lo.tensor_map[0].dim)
        if base in out:
            out[base][2].append(stage)
        else:
            out[base] = (dev, tmap, [stage])
    return out


# ---------------------------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------------------------
def write_strategy_file(path: str, params: dict, ops: dict | None = None, stage: int = 0) -> None:
    """Write ``params`` ``{name: (dev_matrix, tensor_map, tensor_shape)}`` and ``ops``
    ``{node name: strategy}`` in MindSpore's format (JSON by the ``.json`` suffix, else protobuf)."""
    ops = ops or {}
    if path.endswith(".json"):
        content = {"current_stage": 1,
                   "parallel_strategy_item": {k: {"stage": stage, "parallel_strategy": [list(s) for s in v]}
                                              for k, v in ops.items()},
                   "parallel_layout_item": {k: {"dev_matrix": list(d), "tensor_map": list(t),
                                                "tensor_shape": list(s), "field": 0, "opt_weight_shard_step": 0,
                                                "opt_weight_shard_size": 0} for k, (d, t, s) in params.items()}}
        if not ops:
            del content["parallel_strategy_item"]
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(content, separators=(",", ":"), sort_keys=True))
        return
    msg = ParallelStrategyMap(current_stage=1)
    for node, strategy in ops.items():
        item = msg.parallel_strategy_item.add(node_name=node)
        item.parallel_strategys.stage = stage
        for dims in strategy:
            item.parallel_strategys.parallel_strategy.add().dim.extend(int(d) for d in dims)
    for name, (dev, tmap, _) in params.items():
        item = msg.parallel_layout_item.add(param_name=name)
        item.parallel_layouts.CopyFrom(make_layouts(dev, tmap))
    with open(path, "wb") as fh:
        fh.write(msg.SerializeToString())


def merge_pipeline_strategys(src_strategy_dirs: str, dst_strategy_file: str) -> None:
    """Merge the strategy files of all pipeline stages in ``src_strategy_dirs`` (all ``.json`` or
    all ``.ckpt``) into ``dst_strategy_file``; each parameter is renamed ``"<stage>-<name>"``.

    Examples:
        >>> from mindjax.parallel import merge_pipeline_strategys
        >>> merge_pipeline_strategys("./src_strategies", "./merged.json")  # doctest: +SKIP
    """
    dst = os.path.abspath(os.path.normpath(dst_strategy_file))
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if not os.path.isdir(src_strategy_dirs):
        raise NotADirectoryError("src_strategy_dirs {} is not a directory.".format(src_strategy_dirs))
    pb_files = glob.glob(os.path.join(src_strategy_dirs, "*.ckpt"))
    json_files = glob.glob(os.path.join(src_strategy_dirs, "*.json"))
    if pb_files and json_files:
        raise ValueError("The strategys format should be all '.ckpt' or all '.json'")
    merged_stages = []
    if pb_files:
        out, seen = ParallelStrategyMap(), set()
        for path in pb_files:
            with open(path, "rb") as fh:
                content = fh.read()
            if content in seen:
                continue
            seen.add(content)
            msg = _load_protobuf(path)
            if not msg.parallel_strategy_item or not msg.parallel_layout_item:
                raise ValueError("The strategy file {} is empty".format(path))
            stage = msg.parallel_strategy_item[0].parallel_strategys.stage
            if stage in merged_stages:
                continue
            for item in msg.parallel_layout_item:
                item.param_name = f"{stage}-{item.param_name}"
            out.parallel_strategy_item.extend(msg.parallel_strategy_item)
            out.parallel_layout_item.extend(msg.parallel_layout_item)
            merged_stages.append(stage)
        out.current_stage = 1
        with open(dst, "wb") as fh:
            fh.write(out.SerializeToString())
        return
    out = {"current_stage": 1, "parallel_strategy_item": {}, "parallel_layout_item": {}}
    for path in json_files:
        with open(path, encoding="utf-8") as fh:
            content = json.load(fh)
        layouts, strategies = content.get("parallel_layout_item"), content.get("parallel_strategy_item")
        if not strategies or not layouts:
            raise ValueError("The strategy file {} is empty".format(path))
        stage = next(iter(strategies.values())).get("stage")
        if stage in merged_stages:
            continue
        out["parallel_layout_item"].update({f"{stage}-{k}": v for k, v in layouts.items()})
        out["parallel_strategy_item"].update(strategies)
        merged_stages.append(stage)
    with open(dst, "w", encoding="utf-8") as fh:
        json.dump(out, fh)


def restore_group_info_list(group_info_file_name: str) -> list:
    """The ranks a checkpoint can be restored from, read from a group-information file
    (``set_auto_parallel_context(group_ckpt_save_file=...)``; protobuf ``ParallelGroupMap``).

    Examples:
        >>> from mindjax.parallel import restore_group_info_list
        >>> restore_group_info_list("./group_info.pb")  # doctest: +SKIP
        [0, 4]
    """
    if not isinstance(group_info_file_name, str):
        raise TypeError("For 'restore_group_info_list', the argument 'group_info_file_name' should be str, "
                        f"but got {type(group_info_file_name)}.")
    if not os.path.isfile(group_info_file_name):
        raise ValueError(f"For 'restore_group_info_list', no such group information file: {group_info_file_name}.")
    if os.path.getsize(group_info_file_name) == 0:
        raise ValueError("For 'restore_group_info_list', the group information file should not be empty.")
    msg = ParallelGroupMap()
    with open(group_info_file_name, "rb") as fh:
        msg.ParseFromString(fh.read())
    if not msg.ckpt_restore_rank_list.dim:
        raise ValueError("For 'restore_group_info_list', the group information file has no restore rank list.")
    return list(msg.ckpt_restore_rank_list.dim)


def device_num_of(layouts: dict | None) -> int:
    if not layouts:
        return 1
    return int(np.prod(next(iter(layouts.values()))[0]))

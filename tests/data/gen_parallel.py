"""Record MindSpore 2.10's semi-auto-parallel user API values (run with ~/msref/bin/python).

Writes tests/data/ms_parallel.json and the files under tests/data/ms_parallel/: strategy files
(JSON as MindSpore's C++ writer lays them out: compact, keys sorted; protobuf written with
MindSpore's own node_strategy_pb2), per-rank checkpoints sliced by a source strategy, and the
checkpoints MindSpore's transform_checkpoints / transform_checkpoint_by_rank produce from them.
MindSpore's CPU build cannot compile a semi-auto-parallel graph ("Invalid communication backend:
CPU"), so the strategy files are written here by the layout MindSpore's C++ writer uses
(strategy_checkpoint_info.cc), then read back by MindSpore's Python readers.
"""
import json
import os
import shutil
import sys

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor
from mindspore.parallel import (Layout, build_searched_strategy, get_algo_parameters, merge_pipeline_strategys,
                                rank_list_for_transform, reset_algo_parameters, set_algo_parameters,
                                transform_checkpoint_by_rank, transform_checkpoints, restore_group_info_list)
from mindspore.parallel.shard import Shard
from mindspore.train import node_strategy_pb2

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "ms_parallel")
out = {}


def err(fn):
    try:
        r = fn()
        return {"ok": repr(r)}
    except Exception as e:  # noqa: BLE001 - the oracle records every error class
        return {"cls": type(e).__name__, "msg": str(e)}


def jsonable(x):
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    if isinstance(x, (tuple, list)):
        return [jsonable(v) for v in x]
    return x


# ---- algo parameters -------------------------------------------------------------------------
KEYS = ["fully_use_devices", "elementwise_op_strategy_follow", "tensor_slice_align_enable",
        "tensor_slice_align_size", "enable_algo_approxi", "algo_approxi_epsilon"]
reset_algo_parameters()
out["algo_defaults"] = {k: get_algo_parameters(k) for k in KEYS}
set_algo_parameters(fully_use_devices=True, elementwise_op_strategy_follow=True, tensor_slice_align_enable=True,
                    tensor_slice_align_size=32, enable_algo_approxi=True, algo_approxi_epsilon=0.5)
out["algo_set"] = {k: get_algo_parameters(k) for k in KEYS}
reset_algo_parameters()
out["algo_reset"] = {k: get_algo_parameters(k) for k in KEYS}
ALGO_ERRORS = {
    "unknown_set": lambda: set_algo_parameters(foo=1),
    "unknown_get": lambda: get_algo_parameters("foo"),
    "bool_type": lambda: set_algo_parameters(fully_use_devices=1),
    "size_type": lambda: set_algo_parameters(tensor_slice_align_size=2.0),
    "size_low": lambda: set_algo_parameters(tensor_slice_align_size=0),
    "size_high": lambda: set_algo_parameters(tensor_slice_align_size=1025),
    "eps_type": lambda: set_algo_parameters(algo_approxi_epsilon=1),
    "eps_zero": lambda: set_algo_parameters(algo_approxi_epsilon=0.0),
    "eps_high": lambda: set_algo_parameters(algo_approxi_epsilon=1.5),
    "eps_neg": lambda: set_algo_parameters(algo_approxi_epsilon=-0.5),
}
out["algo_errors"] = {k: err(f) for k, f in ALGO_ERRORS.items()}
out["algo_after_errors"] = {k: get_algo_parameters(k) for k in KEYS}
reset_algo_parameters()

# ---- Layout ----------------------------------------------------------------------------------
LAYOUTS = {
    "dp_mp": (((2, 4), ("dp", "mp")), None, ("dp", "None")),
    "mp_dp": (((2, 4), ("dp", "mp")), None, ("mp", "dp")),
    "three": (((2, 2, 2), ("dp", "sp", "mp")), None, ("dp", "mp")),
    "tuple_axis": (((2, 2, 2), ("dp", "sp", "mp")), None, (("dp", "sp"), "None", "mp")),
    "tuple_none": (((2, 4), ("dp", "mp")), None, (("dp", "None"), "mp")),
    "rank_list": (((2, 2), ("dp", "mp")), [3, 2, 1, 0], ("dp", "mp")),
    "interleaved": (((2, 2, 2), ("dp", "sp", "interleaved_parallel")), None, (("dp", "interleaved_parallel"), "sp")),
    "missing_axis": (((2, 4), ("dp", "mp")), None, ("dp", "xx")),
    "twice": (((2, 4), ("dp", "mp")), None, ("dp", "dp")),
    "twice_tuple": (((2, 4), ("dp", "mp")), None, (("dp", "mp"), "mp")),
    "dm_list": (([2, 4], ("dp", "mp")), None, ()),
    "alias_list": (((2, 4), ["dp", "mp"]), None, ()),
    "len_mismatch": (((2, 4), ("dp",)), None, ()),
    "dm_float": (((2.0, 4), ("dp", "mp")), None, ()),
    "alias_int": (((2, 4), ("dp", 1)), None, ()),
    "alias_empty": (((2, 4), ("dp", "")), None, ()),
    "alias_none": (((2, 4), ("dp", "None")), None, ()),
    "alias_repeat": (((2, 4), ("dp", "dp")), None, ()),
    "inter_not_last": (((2, 4), ("interleaved_parallel", "dp")), None, ()),
    "rank_tuple": (((2, 2), ("dp", "mp")), (0, 1, 2, 3), ()),
    "rank_float": (((2, 2), ("dp", "mp")), [0, 1, 2, 3.0], ()),
    "rank_len": (((2, 2), ("dp", "mp")), [0, 1, 2], ()),
}


def make_layout(args, rank_list, call):
    layout = Layout(*args) if rank_list is None else Layout(*args, rank_list=rank_list)
    if call == ():
        return "created"
    return jsonable(layout(*call).to_dict())


out["layouts"] = {k: err(lambda v=v: make_layout(*v)) for k, v in LAYOUTS.items()}
for k, v in LAYOUTS.items():
    r = err(lambda v=v: make_layout(*v))
    if "ok" in r:
        out["layouts"][k] = {"ok": make_layout(*v)}
out["layout_no_map"] = err(lambda: Layout((2, 2), ("a", "b")).to_dict())


# ---- shard argument checks (the Python half of MindSpore's Shard) -----------------------------
def f(x, y):
    return x + y


lay = Layout((2, 4), ("dp", "mp"))
SHARD = {
    "list_in": lambda: Shard()(f, [(2, 1)]),
    "int_item": lambda: Shard()(f, (2, 1)),
    "mixed": lambda: Shard()(f, ((2, 1), lay("dp", "mp"))),
    "float_dim": lambda: Shard()(f, ((2.0, 1),)),
    "out_list": lambda: Shard()(f, ((2, 1),), out_strategy=[(2, 1)]),
    "plan_list": lambda: Shard()(ms.nn.Dense(4, 4), ((2, 1),), parameter_plan=[("weight", (2, 1))]),
    "plan_fn": lambda: Shard()(f, ((2, 1),), parameter_plan={"w": (2, 1)}),
    "plan_value": lambda: Shard()(ms.nn.Dense(4, 4), ((2, 1),), parameter_plan={"weight": [2, 1]}),
    "plan_key": lambda: Shard()(ms.nn.Dense(4, 4), ((2, 1),), parameter_plan={1: (2, 1)}),
    "plan_len": lambda: Shard()(ms.nn.Dense(4, 4), ((2, 1),), parameter_plan={"self.weight": (2, 1, 1)}),
    "plan_div": lambda: Shard()(ms.nn.Dense(4, 6), ((2, 1),), parameter_plan={"self.weight": (4, 1)}),
}
out["shard_errors"] = {k: err(fn) for k, fn in SHARD.items()}

# ---- strategy files --------------------------------------------------------------------------
if os.path.isdir(DATA):
    shutil.rmtree(DATA)
os.makedirs(DATA)


def layout_item(dev, tmap, shape, step=0, size=0):
    return {"dev_matrix": dev, "tensor_map": tmap, "tensor_shape": shape, "field": 0,
            "opt_weight_shard_step": step, "opt_weight_shard_size": size}


def write_json(name, layouts, stage=0, strategies=None):
    items = strategies or {"Default/network-Net/MatMul-op0": {"stage": stage, "parallel_strategy": [[2, 1], [1, 4]]}}
    content = {"current_stage": 1, "parallel_strategy_item": items, "parallel_layout_item": layouts}
    path = os.path.join(DATA, name)
    with open(path, "w", encoding="utf-8") as fh:  # nlohmann::json's dump: compact, keys sorted
        fh.write(json.dumps(content, separators=(",", ":"), sort_keys=True))
    return path


# parameters: w (16, 32), b (32,), e (8, 4)
SHAPES = {"w": (16, 32), "b": (32,), "e": (8, 4)}
STRATS = {
    # 8 devices: w cut (2, 4) on dev (2, 4); b cut 4 ways, replicated 2; e cut 8 ways
    "src8": {"w": ([2, 4], [1, 0]), "b": ([2, 4], [0]), "e": ([8], [0, -1])},
    # 4 devices: w cut (1, 4) with 4 copies-free; b replicated; e cut (2, 2)
    "dst4": {"w": ([4], [-1, 0]), "b": ([4], [-1]), "e": ([2, 2], [1, 0])},
    # 8 devices, other axes: w (4, 2) with transposed mapping
    "dst8": {"w": ([2, 4], [0, 1]), "b": ([8], [0]), "e": ([2, 2, 2], [2, -1])},
    # 2 devices
    "dst2": {"w": ([2], [0, -1]), "b": ([2], [-1]), "e": ([2], [-1, 0])},
}
files = {}
for sname, s in STRATS.items():
    files[sname] = write_json(f"{sname}.json", {p: layout_item(d, t, list(SHAPES[p])) for p, (d, t) in s.items()})

rng = np.random.default_rng(0)
VALUES = {p: rng.standard_normal(shape).astype(np.float32) for p, shape in SHAPES.items()}
np.savez(os.path.join(DATA, "values.npz"), **VALUES)


def slice_for(value, dev, tmap, rank):
    coord = np.unravel_index(rank, dev)
    idx = []
    for axis, m in enumerate(tmap):
        if m == -1:
            idx.append(slice(None))
            continue
        n = dev[len(dev) - 1 - m]
        c = coord[len(dev) - 1 - m]
        size = value.shape[axis] // n
        idx.append(slice(c * size, (c + 1) * size))
    return value[tuple(idx)]


src = STRATS["src8"]
for rank in range(8):
    d = os.path.join(DATA, "src8_ckpt", f"rank_{rank}")
    os.makedirs(d)
    plist = [{"name": p, "data": Tensor(slice_for(VALUES[p], *src[p], rank))} for p in SHAPES]
    ms.save_checkpoint(plist, os.path.join(d, "net.ckpt"))

out["build_json"] = {}
for sname, path in files.items():
    st = build_searched_strategy(path)
    out["build_json"][sname] = {k: {"dev_matrix": list(v.dev_matrix[0].dim), "tensor_map": list(v.tensor_map[0].dim),
                                    "param_split_shape": list(v.param_split_shape[0].dim), "field": v.field,
                                    "opt_weight_shard_step": v.opt_weight_shard_step,
                                    "opt_weight_shard_size": v.opt_weight_shard_size,
                                    "n_indices_offset": len(v.indices_offset)} for k, v in st.items()}

# a protobuf strategy file written by MindSpore's own message classes
pm = node_strategy_pb2.ParallelStrategyMap()
pm.current_stage = 1
si = pm.parallel_strategy_item.add()
si.node_name = "Default/network-Net/MatMul-op0"
si.parallel_strategys.stage = 0
for dims in ([2, 1], [1, 4]):
    si.parallel_strategys.parallel_strategy.add().dim.extend(dims)
for p, (dev, tmap) in STRATS["src8"].items():
    li = pm.parallel_layout_item.add()
    li.param_name = p
    lo = li.parallel_layouts
    lo.dev_matrix.add().dim.extend(dev)
    lo.tensor_map.add().dim.extend(tmap)
    lo.param_split_shape.add()
    lo.indices_offset.add()
    lo.field = 0
    lo.opt_weight_shard_step = 0
    lo.opt_weight_shard_size = 0
with open(os.path.join(DATA, "src8.ckpt"), "wb") as fh:
    fh.write(pm.SerializeToString())
st = build_searched_strategy(os.path.join(DATA, "src8.ckpt"))
out["build_proto"] = {k: {"dev_matrix": list(v.dev_matrix[0].dim), "tensor_map": list(v.tensor_map[0].dim)}
                      for k, v in st.items()}

# group info file (protobuf ParallelGroupMap)
gm = node_strategy_pb2.ParallelGroupMap()
g = gm.parallel_group_item.add()
g.group_name = "8-12345"
g.parallel_group_ranks.dim.extend([0, 1, 2, 3])
gm.ckpt_restore_rank_list.dim.extend([0, 4])
with open(os.path.join(DATA, "group_info.pb"), "wb") as fh:
    fh.write(gm.SerializeToString())
out["restore_group_info_list"] = restore_group_info_list(os.path.join(DATA, "group_info.pb"))

out["build_errors"] = {
    "type": err(lambda: build_searched_strategy(1)),
    "missing": err(lambda: build_searched_strategy("/nonexistent/x.json")),
}

# ---- rank_list_for_transform / transforms ----------------------------------------------------
out["rank_list"] = {}
for dname in ("dst4", "dst8", "dst2"):
    n = int(np.prod(STRATS[dname]["w"][0]))
    out["rank_list"][dname] = [rank_list_for_transform(r, files["src8"], files[dname]) for r in range(n)]
SUBSET = {"src": {"w": ([2, 4], [1, 0])}, "srcrep": {"w": ([2, 4], [-1, 0])},
          "a": {"w": ([2, 2], [1, 0])}, "b": {"w": ([4], [0, -1])}, "c": {"w": ([2, 4], [1, -1])},
          "d": {"w": ([8], [-1, 0])}}
sub_files = {k: write_json(f"w_{k}.json", {p: layout_item(d, t, list(SHAPES[p])) for p, (d, t) in s.items()})
             for k, s in SUBSET.items()}
out["rank_list_subset"] = {}
for s_ in ("src", "srcrep"):
    for d_ in ("a", "b", "c", "d"):
        n = int(np.prod(SUBSET[d_]["w"][0]))
        out["rank_list_subset"][f"{s_}->{d_}"] = [rank_list_for_transform(r, sub_files[s_], sub_files[d_])
                                                  for r in range(n)]
out["rank_list"]["none"] = rank_list_for_transform(0, files["src8"], None)
out["rank_list"]["src_none"] = rank_list_for_transform(3, None, files["dst4"])
out["rank_list_errors"] = {"rank_type": err(lambda: rank_list_for_transform("0", files["src8"], files["dst4"]))}

for dname in ("dst4", "dst8", "dst2"):
    transform_checkpoints(os.path.join(DATA, "src8_ckpt"), os.path.join(DATA, f"ms_{dname}_ckpt"), "out_",
                          files["src8"], files[dname])
ckpt_map = {r: os.path.join(DATA, "src8_ckpt", f"rank_{r}", "net.ckpt") for r in range(8)}
transform_checkpoint_by_rank(1, ckpt_map, os.path.join(DATA, "ms_by_rank1_dst4.ckpt"), files["src8"], files["dst4"])
transform_checkpoint_by_rank(0, ckpt_map, os.path.join(DATA, "ms_by_rank0_full.ckpt"), files["src8"], None)
out["by_rank_errors"] = {
    "map_type": err(lambda: transform_checkpoint_by_rank(0, [], "x.ckpt", files["src8"], files["dst4"])),
    "rank_type": err(lambda: transform_checkpoint_by_rank("0", {}, "x.ckpt", files["src8"], files["dst4"])),
    "name_type": err(lambda: transform_checkpoint_by_rank(0, {}, 1, files["src8"], files["dst4"])),
    "suffix": err(lambda: transform_checkpoint_by_rank(0, {}, "x.txt", files["src8"], files["dst4"])),
}

# ---- merge_pipeline_strategys ----------------------------------------------------------------
pp = os.path.join(DATA, "pipeline")
os.makedirs(pp)
write_json("pipeline/stage0.json", {"w": layout_item([2, 2], [1, 0], [16, 32])}, stage=0,
           strategies={"Default/MatMul-op0": {"stage": 0, "parallel_strategy": [[2, 1], [1, 2]]}})
write_json("pipeline/stage1.json", {"b": layout_item([4], [0], [32])}, stage=1,
           strategies={"Default/Add-op1": {"stage": 1, "parallel_strategy": [[4], [4]]}})
merged = os.path.join(DATA, "pipeline_merged.json")
merge_pipeline_strategys(pp, merged)
with open(merged, encoding="utf-8") as fh:
    out["merged_pipeline"] = json.load(fh)
out["merge_errors"] = {"not_dir": err(lambda: merge_pipeline_strategys("/nonexistent_dir_x", merged))}

with open(os.path.join(HERE, "ms_parallel.json"), "w", encoding="utf-8") as fh:
    json.dump(out, fh, indent=1, sort_keys=True, default=int)
print("wrote", len(out), "groups", file=sys.stderr)

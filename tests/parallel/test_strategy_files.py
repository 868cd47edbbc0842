"""Strategy files and checkpoint re-slicing against MindSpore 2.10 (tests/data/gen_parallel.py)."""
import json
import os
import shutil

import numpy as np
import pytest

import mindjax as ms
from mindjax.parallel import (build_searched_strategy, get_algo_parameters, merge_pipeline_strategys,
                              rank_list_for_transform, reset_algo_parameters, restore_group_info_list,
                              set_algo_parameters, transform_checkpoint_by_rank, transform_checkpoints,
                              load_distributed_checkpoint, merge_sliced_parameter, get_ckpt_path_with_strategy,
                              parameter_broadcast, sync_pipeline_shared_parameters)
from mindjax.parallel._strategy import ParallelStrategyMap, write_strategy_file

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "ms_parallel")
with open(os.path.join(HERE, "..", "data", "ms_parallel.json"), encoding="utf-8") as _f:
    MS = json.load(_f)
VALUES = dict(np.load(os.path.join(DATA, "values.npz")))
KEYS = list(MS["algo_defaults"])


def _expect_error(rec, fn):
    with pytest.raises(Exception) as info:
        fn()
    assert type(info.value).__name__ == rec["cls"]
    assert str(info.value) == rec["msg"].split("\n\n---")[0]


def test_algo_parameters_match_mindspore():
    reset_algo_parameters()
    assert {k: get_algo_parameters(k) for k in KEYS} == MS["algo_defaults"]
    set_algo_parameters(fully_use_devices=True, elementwise_op_strategy_follow=True, tensor_slice_align_enable=True,
                        tensor_slice_align_size=32, enable_algo_approxi=True, algo_approxi_epsilon=0.5)
    assert {k: get_algo_parameters(k) for k in KEYS} == MS["algo_set"]
    reset_algo_parameters()
    assert {k: get_algo_parameters(k) for k in KEYS} == MS["algo_reset"]
    calls = {
        "unknown_set": lambda: set_algo_parameters(foo=1), "unknown_get": lambda: get_algo_parameters("foo"),
        "bool_type": lambda: set_algo_parameters(fully_use_devices=1),
        "size_type": lambda: set_algo_parameters(tensor_slice_align_size=2.0),
        "size_low": lambda: set_algo_parameters(tensor_slice_align_size=0),
        "size_high": lambda: set_algo_parameters(tensor_slice_align_size=1025),
        "eps_type": lambda: set_algo_parameters(algo_approxi_epsilon=1),
        "eps_zero": lambda: set_algo_parameters(algo_approxi_epsilon=0.0),
        "eps_high": lambda: set_algo_parameters(algo_approxi_epsilon=1.5),
        "eps_neg": lambda: set_algo_parameters(algo_approxi_epsilon=-0.5)}
    for key, fn in calls.items():
        _expect_error(MS["algo_errors"][key], fn)
    assert {k: get_algo_parameters(k) for k in KEYS} == MS["algo_after_errors"]


def _fields(lo):
    return {"dev_matrix": list(lo.dev_matrix[0].dim), "tensor_map": list(lo.tensor_map[0].dim),
            "param_split_shape": list(lo.param_split_shape[0].dim), "field": lo.field,
            "opt_weight_shard_step": lo.opt_weight_shard_step, "opt_weight_shard_size": lo.opt_weight_shard_size,
            "n_indices_offset": len(lo.indices_offset)}


def test_build_searched_strategy_json_and_protobuf():
    for name, want in MS["build_json"].items():
        got = build_searched_strategy(os.path.join(DATA, f"{name}.json"))
        assert {k: _fields(v) for k, v in got.items()} == want
    got = build_searched_strategy(os.path.join(DATA, "src8.ckpt"))  # protobuf written by MindSpore's classes
    assert {k: {"dev_matrix": list(v.dev_matrix[0].dim), "tensor_map": list(v.tensor_map[0].dim)}
            for k, v in got.items()} == MS["build_proto"]
    _expect_error(MS["build_errors"]["type"], lambda: build_searched_strategy(1))
    _expect_error(MS["build_errors"]["missing"], lambda: build_searched_strategy("/nonexistent/x.json"))


def test_written_strategy_files_round_trip(tmp_path):
    params = {"w": ([2, 4], [1, 0], [16, 32]), "e": ([8], [0, -1], [8, 4])}
    ops = {"Default/network-Net/MatMul-op0": ((2, 1), (1, 4))}
    write_strategy_file(str(tmp_path / "s.json"), params, ops)
    write_strategy_file(str(tmp_path / "s.ckpt"), params, ops)
    # the JSON is byte-identical to the file laid out as MindSpore's C++ writer does
    src = {k: v for k, v in json.load(open(os.path.join(DATA, "src8.json"))).items()}
    mine = json.load(open(tmp_path / "s.json"))
    assert mine["parallel_layout_item"]["w"] == src["parallel_layout_item"]["w"]
    assert mine["parallel_strategy_item"] == src["parallel_strategy_item"]
    for path in ("s.json", "s.ckpt"):
        got = build_searched_strategy(str(tmp_path / path))
        assert list(got["e"].tensor_map[0].dim) == [0, -1] and list(got["w"].dev_matrix[0].dim) == [2, 4]
    # the protobuf parses with the same field numbers as the file MindSpore's classes wrote
    ms_msg = ParallelStrategyMap()
    ms_msg.ParseFromString(open(os.path.join(DATA, "src8.ckpt"), "rb").read())
    assert ms_msg.parallel_strategy_item[0].node_name == "Default/network-Net/MatMul-op0"
    assert [list(s.dim) for s in ms_msg.parallel_strategy_item[0].parallel_strategys.parallel_strategy] == \
        [[2, 1], [1, 4]]


def test_merge_pipeline_and_group_info(tmp_path):
    out = tmp_path / "merged.json"
    merge_pipeline_strategys(os.path.join(DATA, "pipeline"), str(out))
    assert json.load(open(out)) == MS["merged_pipeline"]
    _expect_error(MS["merge_errors"]["not_dir"], lambda: merge_pipeline_strategys("/nonexistent_dir_x", str(out)))
    assert restore_group_info_list(os.path.join(DATA, "group_info.pb")) == MS["restore_group_info_list"]


def test_rank_list_for_transform_matches_mindspore():
    src = os.path.join(DATA, "src8.json")
    for dname, lists in MS["rank_list"].items():
        if dname in ("none", "src_none"):
            continue
        for r, want in enumerate(lists):
            assert rank_list_for_transform(r, src, os.path.join(DATA, f"{dname}.json")) == want
    assert rank_list_for_transform(0, src, None) == MS["rank_list"]["none"]
    assert rank_list_for_transform(3, None, os.path.join(DATA, "dst4.json")) == MS["rank_list"]["src_none"]
    for key, lists in MS["rank_list_subset"].items():
        s, d = key.split("->")
        for r, want in enumerate(lists):
            assert rank_list_for_transform(r, os.path.join(DATA, f"w_{s}.json"),
                                           os.path.join(DATA, f"w_{d}.json")) == want, (key, r)
    _expect_error(MS["rank_list_errors"]["rank_type"], lambda: rank_list_for_transform("0", src, None))


def _slice(value, dev, tmap, rank):
    coord = np.unravel_index(rank, dev)
    idx = []
    for axis, m in enumerate(tmap):
        if m == -1:
            idx.append(slice(None))
            continue
        n, c = dev[len(dev) - 1 - m], coord[len(dev) - 1 - m]
        size = value.shape[axis] // n
        idx.append(slice(c * size, (c + 1) * size))
    return value[tuple(idx)]


def test_transform_checkpoints_equal_mindspore_and_slices(tmp_path):
    for dname in ("dst4", "dst8", "dst2"):
        out = tmp_path / dname
        transform_checkpoints(os.path.join(DATA, "src8_ckpt"), str(out), "out_", os.path.join(DATA, "src8.json"),
                              os.path.join(DATA, f"{dname}.json"))
        dst = json.load(open(os.path.join(DATA, f"{dname}.json")))["parallel_layout_item"]
        n = len(os.listdir(os.path.join(DATA, f"ms_{dname}_ckpt")))
        assert sorted(os.listdir(out)) == sorted(os.listdir(os.path.join(DATA, f"ms_{dname}_ckpt")))
        for r in range(n):
            mine = ms.load_checkpoint(str(out / f"rank_{r}" / f"out_{r}.ckpt"))
            theirs = ms.load_checkpoint(os.path.join(DATA, f"ms_{dname}_ckpt", f"rank_{r}", f"out_{r}.ckpt"))
            assert list(mine) == list(theirs)
            for name in theirs:
                np.testing.assert_array_equal(mine[name].asnumpy(), theirs[name].asnumpy())
                item = dst[name]
                np.testing.assert_array_equal(mine[name].asnumpy(),
                                              _slice(VALUES[name], item["dev_matrix"], item["tensor_map"], r))
        # merging the destination slices back gives the original values
        strategy = build_searched_strategy(os.path.join(DATA, f"{dname}.json"))
        per_rank = [ms.load_checkpoint(str(out / f"rank_{r}" / f"out_{r}.ckpt")) for r in range(n)]
        for name in VALUES:
            merged = merge_sliced_parameter([d[name] for d in per_rank], strategy)
            np.testing.assert_array_equal(merged.asnumpy(), VALUES[name])


def test_transform_checkpoint_by_rank(tmp_path):
    ckpts = {r: os.path.join(DATA, "src8_ckpt", f"rank_{r}", "net.ckpt") for r in range(8)}
    src, dst = os.path.join(DATA, "src8.json"), os.path.join(DATA, "dst4.json")
    transform_checkpoint_by_rank(1, ckpts, str(tmp_path / "r1.ckpt"), src, dst)
    transform_checkpoint_by_rank(0, ckpts, str(tmp_path / "full.ckpt"), src, None)
    for mine_name, ms_name in (("r1.ckpt", "ms_by_rank1_dst4.ckpt"), ("full.ckpt", "ms_by_rank0_full.ckpt")):
        mine, theirs = ms.load_checkpoint(str(tmp_path / mine_name)), ms.load_checkpoint(os.path.join(DATA, ms_name))
        assert list(mine) == list(theirs)
        for k in theirs:
            np.testing.assert_array_equal(mine[k].asnumpy(), theirs[k].asnumpy())
    full = ms.load_checkpoint(str(tmp_path / "full.ckpt"))
    for k, v in VALUES.items():
        np.testing.assert_array_equal(full[k].asnumpy(), v)
    errs = MS["by_rank_errors"]
    _expect_error(errs["map_type"], lambda: transform_checkpoint_by_rank(0, [], "x.ckpt", src, dst))
    _expect_error(errs["rank_type"], lambda: transform_checkpoint_by_rank("0", {}, "x.ckpt", src, dst))
    _expect_error(errs["name_type"], lambda: transform_checkpoint_by_rank(0, {}, 1, src, dst))
    _expect_error(errs["suffix"], lambda: transform_checkpoint_by_rank(0, {}, "x.txt", src, dst))


def test_load_distributed_checkpoint_and_helpers(tmp_path):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.zeros((16, 32), np.float32)), "w")
            self.b = ms.Parameter(ms.Tensor(np.zeros(32, np.float32)), "b")

        def construct(self, x):
            return x @ self.w + self.b
    net = Net()
    files = [os.path.join(DATA, "src8_ckpt", f"rank_{r}", "net.ckpt") for r in range(8)]
    load_distributed_checkpoint(net, files, None, os.path.join(DATA, "src8.json"))
    np.testing.assert_array_equal(net.w.asnumpy(), VALUES["w"])
    np.testing.assert_array_equal(net.b.asnumpy(), VALUES["b"])
    # a predict strategy places slices of the global array; the value stays whole
    net2 = Net()
    load_distributed_checkpoint(net2, files, {"w": [[1], [-1, 0], [], 0]}, os.path.join(DATA, "src8.json"))
    np.testing.assert_array_equal(net2.w.asnumpy(), VALUES["w"])
    # rank 0 holds its own checkpoint; a copy is found through the strategy when it is missing
    ck = tmp_path / "rank_0" / "a.ckpt"
    assert get_ckpt_path_with_strategy(files[0], os.path.join(DATA, "w_srcrep.json")) == files[0]
    (tmp_path / "rank_4").mkdir()
    shutil.copy(files[4], tmp_path / "rank_4" / "a.ckpt")
    assert get_ckpt_path_with_strategy(str(ck), os.path.join(DATA, "w_srcrep.json")) == \
        str(tmp_path / "rank_4" / "a.ckpt")
    assert get_ckpt_path_with_strategy(str(ck), os.path.join(DATA, "w_src.json")) is None
    before = net.w.asnumpy().copy()
    assert parameter_broadcast(net, {"w": None}) is None and sync_pipeline_shared_parameters(net) is None
    np.testing.assert_array_equal(net.w.asnumpy(), before)
    with pytest.raises(TypeError, match="should be a Cell"):
        sync_pipeline_shared_parameters(1)


def test_save_strategy_for_cell(tmp_path):
    from mindjax import context
    from mindjax.parallel._shard import save_strategy_for, cell_shard
    net = ms.nn.Dense(16, 8)
    context.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    try:
        net.weight.__dict__["_mj_strategy"] = (4, 1)  # what parameter_plan records (placement needs 8 devices)
        save_strategy_for(net, str(tmp_path / "s.json"))
    finally:
        context.set_auto_parallel_context(parallel_mode="stand_alone", device_num=1)
    got = build_searched_strategy(str(tmp_path / "s.json"))
    w, b = got[net.weight.name], got[net.bias.name]
    assert (list(w.dev_matrix[0].dim), list(w.tensor_map[0].dim)) == ([2, 4, 1], [1, 0])
    assert (list(b.dev_matrix[0].dim), list(b.tensor_map[0].dim)) == ([8], [-1])


def test_convert_names_are_the_transforms(tmp_path):
    from mindjax.parallel import convert_checkpoints, rank_list_for_convert
    src, dst = os.path.join(DATA, "w_src.json"), os.path.join(DATA, "w_c.json")
    assert [rank_list_for_convert(r, src, dst) for r in range(8)] == MS["rank_list_subset"]["src->c"]
    convert_checkpoints(os.path.join(DATA, "src8_ckpt"), str(tmp_path), "c_", os.path.join(DATA, "src8.json"),
                        os.path.join(DATA, "dst2.json"))
    for r in range(2):
        mine = ms.load_checkpoint(str(tmp_path / f"rank_{r}" / f"c_{r}.ckpt"))
        theirs = ms.load_checkpoint(os.path.join(DATA, "ms_dst2_ckpt", f"rank_{r}", f"out_{r}.ckpt"))
        for k in theirs:
            np.testing.assert_array_equal(mine[k].asnumpy(), theirs[k].asnumpy())

"""Layout, shard and Cell.shard: MindSpore 2.10's values and errors, and sharded runs on 8 CPU devices."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import context
from mindjax.parallel import Layout, shard
from mindjax.parallel._shard import cell_shard

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "data", "ms_parallel.json"), encoding="utf-8") as _f:
    MS = json.load(_f)

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


def _jsonable(x):
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    if isinstance(x, (tuple, list)):
        return [_jsonable(v) for v in x]
    return x


@pytest.mark.parametrize("key", sorted(LAYOUTS))
def test_layout_matches_mindspore(key):
    args, rank_list, call = LAYOUTS[key]
    want = MS["layouts"][key]
    try:
        layout = Layout(*args) if rank_list is None else Layout(*args, rank_list=rank_list)
        got = {"ok": "created" if call == () else _jsonable(layout(*call).to_dict())}
    except Exception as e:  # noqa: BLE001
        got = {"cls": type(e).__name__, "msg": str(e)}
    assert got == want


def test_layout_without_map():
    with pytest.raises(ValueError, match=MS["layout_no_map"]["msg"]):
        Layout((2, 2), ("a", "b")).to_dict()


@pytest.fixture
def semi_auto():
    context.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    yield
    context.set_auto_parallel_context(parallel_mode="stand_alone", device_num=1)


def test_shard_argument_errors_match_mindspore(semi_auto):
    def f(x, y):
        return x + y
    lay = Layout((2, 4), ("dp", "mp"))
    cases = {
        "list_in": lambda: shard(f, [(2, 1)]),
        "int_item": lambda: shard(f, (2, 1)),
        "mixed": lambda: shard(f, ((2, 1), lay("dp", "mp"))),
        "float_dim": lambda: shard(f, ((2.0, 1),)),
        "out_list": lambda: shard(f, ((2, 1),), out_strategy=[(2, 1)]),
        "plan_list": lambda: shard(ms.nn.Dense(4, 4), ((2, 1),), parameter_plan=[("weight", (2, 1))]),
        "plan_fn": lambda: shard(f, ((2, 1),), parameter_plan={"w": (2, 1)}),
        "plan_value": lambda: shard(ms.nn.Dense(4, 4), ((2, 1),), parameter_plan={"weight": [2, 1]}),
        "plan_key": lambda: shard(ms.nn.Dense(4, 4), ((2, 1),), parameter_plan={1: (2, 1)}),
        "plan_len": lambda: shard(ms.nn.Dense(4, 4), ((2, 1),), parameter_plan={"self.weight": (2, 1, 1)}),
        "plan_div": lambda: shard(ms.nn.Dense(4, 6), ((2, 1),), parameter_plan={"self.weight": (4, 1)}),
    }
    for key, fn in cases.items():
        want = MS["shard_errors"][key]
        with pytest.raises(Exception) as info:
            fn()
        assert (type(info.value).__name__, str(info.value)) == (want["cls"], want["msg"]), key


def test_stand_alone_shard_changes_nothing():
    def f(x):
        return x * 2
    assert shard(f, ((2, 1),)) is f  # as MindSpore with one rank
    net = ms.nn.Dense(4, 4)
    construct = net.construct
    cell_shard(net, ((2, 1),), parameter_plan={"self.weight": (2, 1)})
    assert net.construct == construct and "_mj_sharding" not in net.weight.__dict__


@pytest.fixture(scope="module")
def sharded():
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8", JAX_PLATFORMS="cpu")
    root = os.path.dirname(os.path.dirname(HERE))
    proc = subprocess.run([sys.executable, os.path.join(HERE, "_sharded_run.py")], capture_output=True, text=True,
                          env=env, cwd=root, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout[proc.stdout.index('{"devices'):])


@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_sharded_cell_equals_unsharded(sharded, mode):
    assert sharded["devices"] == 8
    runs = sharded[mode]
    assert runs["plain"]["w_spec"] == "None"
    for kind, spec in (("strategy", "P(None, 'd2')"), ("layout", "P(None, 'mp')")):
        np.testing.assert_allclose(runs[kind]["y"], runs["plain"]["y"], rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(runs[kind]["grad"], runs["plain"]["grad"], rtol=1e-5, atol=1e-5)
        assert runs[kind]["w_spec"] == spec  # the parameter's slices really live on the mesh


def test_sharded_function_and_strategy_errors(sharded):
    fn = sharded["fn"]
    np.testing.assert_allclose(fn["eager"], fn["want"], rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(fn["jit"], np.array(fn["want"]) * 2, rtol=1e-4, atol=1e-4)
    assert fn["eager_spec"] == "P('d0', 'd1')" and fn["hlo_has_sharding"]
    assert sharded["copies_spec"] == "P('d1', None)"  # (4, 1) on 8 devices: 2 copies on axis d0
    errs = sharded["errors"]
    assert errs["product"] == ["RuntimeError", "<lambda>: The strategy is (3, 1), the product of the strategy 3 "
                                               "must divide the device num 8."]
    assert errs["divisible"][0] == "RuntimeError" and "shape value 6 at dim index 1 cannot be divisible by " \
        "strategy value 4" in errs["divisible"][1]
    assert errs["rank"][0] == "RuntimeError" and "strategy len: 3 is not equal to inputs len: 2" in errs["rank"][1]
    assert errs["zero"][0] == "RuntimeError"


def test_operator_level_sharding_of_matmul_and_embedding(sharded):
    fn, prim = sharded["fn"], sharded["prim"]
    np.testing.assert_allclose(prim["eager"], fn["want"], rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(prim["jit"], np.array(fn["want"]) + 1, rtol=1e-4, atol=1e-4)
    assert prim["spec"] == "P('d0', 'd1')" and prim["attrs"] == "((2, 1), (1, 4))" and prim["name"] == "MatMul"
    plain, cut = sharded["embed_plain"], sharded["embed_sharded"]
    assert cut["spec"] in ("P('d1', None)", "P('d1',)") and plain["spec"] == "None"  # the table's rows live on 4 devices
    np.testing.assert_allclose(cut["loss"], plain["loss"], rtol=1e-6)
    np.testing.assert_allclose(cut["table"], plain["table"], rtol=1e-5, atol=1e-6)
    assert plain["loss"] > 0

"""mindspore.communication in one process (a world of one), against MindSpore 2.10's recorded
values (tests/data/gen_comm.py): ranks before init(), the Primitives' attributes, the errors."""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax import ops
from mindjax.communication import (GlobalComm, HCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP,
                                   comm_func, create_group, destroy_group, get_group_size, get_local_rank,
                                   get_local_rank_size, get_rank, init)

with open(os.path.join(os.path.dirname(__file__), "..", "data", "ms_comm.json"), encoding="utf-8") as _f:
    MS = json.load(_f)
X = ms.Tensor(np.ones((2, 2), np.float32))


def rec(fn):
    try:
        v = fn()
        if isinstance(v, ops.Primitive):
            return {"ok": {k: (v if isinstance(v, (int, float, str, bool)) else str(v))
                           for k, v in sorted(v.attrs.items())}, "repr": repr(v)}
        return {"ok": v}
    except Exception as e:  # noqa: BLE001
        return {"err": type(e).__name__, "msg": str(e).split("\n")[0]}


CASES = {
    "before_init": {"get_rank": get_rank, "get_group_size": get_group_size, "get_local_rank": get_local_rank,
                    "get_local_rank_size": get_local_rank_size},
    "prims": {"AllReduce": lambda: ops.AllReduce(), "AllReduce_max": lambda: ops.AllReduce(ops.ReduceOp.MAX),
              "AllGather": lambda: ops.AllGather(), "ReduceScatter": lambda: ops.ReduceScatter(),
              "Broadcast": lambda: ops.Broadcast(0), "AlltoAll": lambda: ops.AlltoAll(1, 0, 1),
              "AllReduce_op_int": lambda: ops.AllReduce(1), "Broadcast_float": lambda: ops.Broadcast(0.5)},
    "errors": {"create_group": lambda: create_group("g", [0, 1]), "destroy_group": lambda: destroy_group("g"),
               "init_int": lambda: init(1), "init_gloo": lambda: init("gloo"),
               "all_reduce_numpy": lambda: comm_func.all_reduce(np.ones(2)),
               "all_reduce_op_int": lambda: comm_func.all_reduce(X, 1),
               "all_reduce_op_avg": lambda: comm_func.all_reduce(X, "avg"),
               "broadcast_src_float": lambda: comm_func.broadcast(X, 0.5),
               "barrier_group_int": lambda: comm_func.barrier(1)},
}


@pytest.mark.parametrize("section,key", [(s, k) for s, d in CASES.items() for k in d])
def test_matches_mindspore(section, key):
    assert rec(CASES[section][key]) == MS[section][key]


def test_names_and_init_without_a_launcher(monkeypatch):
    for k in ("MS_ROLE", "MS_WORKER_NUM"):
        monkeypatch.delenv(k, raising=False)
    want = MS["names"]
    assert (HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP) == (want["HCCL"], want["NCCL"],
                                                                                   want["MCCL"])
    assert (GlobalComm.WORLD_COMM_GROUP, GlobalComm.INITED) == (want["world"], want["inited"])
    got = rec(init)
    assert got["err"] == MS["init"]["err"]
    # MindSpore's opening; mindjax then says how to launch with its own launcher
    assert got["msg"].startswith(MS["init"]["msg"].split(" without")[0] + " without")


def test_world_of_one_collectives_and_gradients():
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))
    assert comm_func.all_reduce(x)[0].asnumpy().tolist() == x.asnumpy().tolist()
    out, handle = comm_func.all_gather_into_tensor(x, async_op=True)
    handle.wait()
    assert out.asnumpy().tolist() == x.asnumpy().tolist()
    assert comm_func.broadcast(x, 0).asnumpy().tolist() == x.asnumpy().tolist()
    g = ms.grad(lambda t: (ops.AllReduce(ops.ReduceOp.PROD)(t) * 3).sum())(x)
    np.testing.assert_allclose(g.asnumpy()[1:], np.full((2, 2), 3.0))  # prod's bprop: dout * out / x
    g = ms.jit(ms.grad(lambda t: ops.AllGather()(t).sum()))(x)
    assert g.asnumpy().tolist() == np.ones((3, 2)).tolist()
    with pytest.raises(ValueError, match="split_count"):
        ops.AlltoAll(2, 0, 1)(x)
    with pytest.raises(ValueError, match="must be in the group"):
        comm_func.send(x, 1)

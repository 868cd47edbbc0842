"""Record MindSpore 2.10's communication API in one process (no launcher): ranks before init(),
the collective Primitives' attributes, and the errors of init, groups and comm_func.

Run with ~/msref/bin/python tests/data/gen_comm.py (writes tests/data/ms_comm.json)."""
import json
import os

import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from mindspore.communication import (GlobalComm, HCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP,
                                     comm_func, create_group, destroy_group, get_group_size, get_local_rank,
                                     get_local_rank_size, get_rank, init)


def rec(fn):
    try:
        v = fn()
        if isinstance(v, ops.Primitive):
            return {"ok": {k: (v if isinstance(v, (int, float, str, bool)) else str(v))
                           for k, v in sorted(v.attrs.items())}, "repr": repr(v)}
        return {"ok": v}
    except Exception as e:  # noqa: BLE001
        return {"err": type(e).__name__, "msg": str(e).split("\n")[0]}


x = Tensor(np.ones((2, 2), np.float32))
out = {
    "before_init": {"get_rank": rec(get_rank), "get_group_size": rec(get_group_size),
                    "get_local_rank": rec(get_local_rank), "get_local_rank_size": rec(get_local_rank_size)},
    "names": {"HCCL": HCCL_WORLD_COMM_GROUP, "NCCL": NCCL_WORLD_COMM_GROUP, "MCCL": MCCL_WORLD_COMM_GROUP,
              "world": GlobalComm.WORLD_COMM_GROUP, "inited": GlobalComm.INITED},
    "prims": {"AllReduce": rec(lambda: ops.AllReduce()), "AllReduce_max": rec(lambda: ops.AllReduce(ops.ReduceOp.MAX)),
              "AllGather": rec(lambda: ops.AllGather()), "ReduceScatter": rec(lambda: ops.ReduceScatter()),
              "Broadcast": rec(lambda: ops.Broadcast(0)), "AlltoAll": rec(lambda: ops.AlltoAll(1, 0, 1)),
              "AllReduce_op_int": rec(lambda: ops.AllReduce(1)), "Broadcast_float": rec(lambda: ops.Broadcast(0.5))},
    "errors": {"create_group": rec(lambda: create_group("g", [0, 1])), "destroy_group": rec(lambda: destroy_group("g")),
               "init_int": rec(lambda: init(1)), "init_gloo": rec(lambda: init("gloo")),
               "all_reduce_numpy": rec(lambda: comm_func.all_reduce(np.ones(2))),
               "all_reduce_op_int": rec(lambda: comm_func.all_reduce(x, 1)),
               "all_reduce_op_avg": rec(lambda: comm_func.all_reduce(x, "avg")),
               "broadcast_src_float": rec(lambda: comm_func.broadcast(x, 0.5)),
               "barrier_group_int": rec(lambda: comm_func.barrier(1))},
    "init": rec(init),
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_comm.json"), "w", encoding="utf-8") as f:
    json.dump(out, f, indent=1, sort_keys=True)

"""A data-parallel LeNet run, written as a MindSpore user writes it (run by tests/parallel/test_data_parallel.py).

``python -m mindjax _dp_worker.py OUT_DIR`` under the launcher (one process per rank, the dataset
sharded with num_shards/shard_id) or in one process with 4 host devices (the global batch split
over the devices). Writes ``OUT_DIR/rank_<rank>.json``: the losses, the final weights, the sample
indices this rank read, and, on 2 processes, every collective against the inputs of all ranks.
"""
import json
import os
import sys

import numpy as np

import mindspore as ms
from mindspore import nn, ops
from mindspore.communication import comm_func, get_group_size, get_rank, init
from mindspore.train import Model, Callback
import mindspore.dataset as ds
from _lenet import BNNet, LeNet5, data, GLOBAL_BATCH, STEPS

init()
RANK, SIZE = get_rank(), get_group_size()
MULTI = os.environ.get("MS_WORKER_NUM") is not None


class Source:
    def __init__(self):
        self.x, self.y = data()
        self.seen = []

    def __getitem__(self, i):
        self.seen.append(int(i))
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.y)


class Losses(Callback):
    def __init__(self):
        self.losses, self.rank_losses = [], []

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        self.losses.append(float(cb.net_outputs.asnumpy()))
        spmd = getattr(cb.train_network, "_spmd", None)
        if spmd is not None and spmd.rank_outputs is not None:
            self.rank_losses.append(np.asarray(spmd.rank_outputs[0]).reshape(-1).tolist())


def train():
    ms.set_seed(1)
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True,
                                 parameter_broadcast=True)
    net = LeNet5()
    src = Source()
    if MULTI:  # one process per rank: each reads its shard, as MindSpore's users write it
        dataset = ds.GeneratorDataset(src, ["x", "y"], shuffle=False, num_shards=SIZE, shard_id=RANK)
        dataset = dataset.batch(GLOBAL_BATCH // SIZE)
    else:  # one process drives every device: it reads the global batch, the step splits it
        dataset = ds.GeneratorDataset(src, ["x", "y"], shuffle=False).batch(GLOBAL_BATCH)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss, nn.Momentum(net.trainable_params(), 0.05, 0.9))
    cb = Losses()
    model.train(1, dataset, callbacks=[cb])
    return {"losses": cb.losses, "rank_losses": cb.rank_losses, "seen": sorted(set(src.seen)),
            "weights": {p.name: p.asnumpy().tolist() for p in net.trainable_params()}}


def sync_bn():
    """Two steps of a net with SyncBatchNorm: its statistics are those of the global batch."""
    ms.set_seed(2)
    net = BNNet(nn.SyncBatchNorm(2))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.SGD(net.trainable_params(), 0.1))
    step.set_train(True)
    x, y = data()
    x, y = x[:GLOBAL_BATCH], y[:GLOBAL_BATCH]
    if MULTI:
        x, y = x[RANK::SIZE], y[RANK::SIZE]
    for _ in range(2):
        step(ms.Tensor(x), ms.Tensor(y))
    return {p.name: p.asnumpy().tolist() for p in net.get_parameters()}


def collectives():
    """Each collective on rank-dependent inputs (the test recomputes them with numpy)."""
    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3) * (RANK + 1) - RANK)
    out = {}
    for op in ("sum", "max", "min", "prod"):
        out["all_reduce_" + op] = comm_func.all_reduce(x, op)[0].asnumpy().tolist()
    out["all_gather"] = comm_func.all_gather_into_tensor(x)[0].asnumpy().tolist()
    out["reduce_scatter"] = comm_func.reduce_scatter_tensor(x)[0].asnumpy().tolist()
    out["reduce_scatter_max"] = comm_func.reduce_scatter_tensor(x, "max")[0].asnumpy().tolist()
    out["broadcast"] = comm_func.broadcast(x, 1).asnumpy().tolist()
    out["all_to_all"] = ops.AlltoAll(2, 0, 1)(x).asnumpy().tolist()
    out["all_to_all_single"] = comm_func.all_to_all_single_with_output_shape((4, 3), x)[0].asnumpy().tolist()
    out["op_all_reduce"] = ops.AllReduce(ops.ReduceOp.MAX)(x).asnumpy().tolist()
    out["op_all_gather"] = ops.AllGather()(x).asnumpy().tolist()
    out["op_reduce_scatter"] = ops.ReduceScatter()(x).asnumpy().tolist()
    out["op_broadcast"] = ops.Broadcast(0)((x,))[0].asnumpy().tolist()
    out["jit_all_reduce"] = ms.jit(lambda t: ops.AllReduce()(t * 2) + 1)(x).asnumpy().tolist()
    out["grad_all_gather"] = ms.grad(lambda t: (ops.AllGather()(t) * ops.AllGather()(t)).sum())(x).asnumpy().tolist()
    out["grad_all_reduce"] = ms.grad(lambda t: ops.AllReduce()(t * t).sum())(x).asnumpy().tolist()
    comm_func.barrier()
    if RANK == 0:
        comm_func.send(x, 1)
    else:
        out["recv"] = comm_func.recv(ms.Tensor(np.zeros((4, 3), np.float32)), 0).asnumpy().tolist()
    try:  # ranks that disagree on the shape: an error on both, not a hang
        comm_func.all_reduce(ms.Tensor(np.ones((2 + RANK,), np.float32)))
        out["mismatch"] = None
    except ValueError as e:
        out["mismatch"] = str(e)
    return out


result = {"rank": RANK, "size": SIZE, "train": train(), "sync_bn": sync_bn()}
if MULTI:
    result["collectives"] = collectives()
with open(os.path.join(sys.argv[1], f"rank_{RANK}.json"), "w", encoding="utf-8") as f:
    json.dump(result, f)

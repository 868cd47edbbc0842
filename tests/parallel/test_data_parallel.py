"""Data parallel on 4 host devices in one process and on 2 processes through the launcher: LeNet
trained 5 steps equals a one-process run on the global batch; the collectives against numpy; a dead
worker stops the job; init() without a launcher; ranks that disagree on a shape."""
import json
import os
import socket
import subprocess
import sys
import time

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from _lenet import GLOBAL_BATCH, STEPS, BNNet, LeNet5, data  # noqa: E402

PY = sys.executable


def _port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MS_", "RANK_"))}
    env.pop("XLA_FLAGS", None)
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The two runtimes, started together (they share the machine's cores)."""
    local_dir, multi_dir = tmp_path_factory.mktemp("local"), tmp_path_factory.mktemp("multi")
    local = subprocess.Popen([PY, "-m", "mindjax", "_dp_worker.py", str(local_dir)], cwd=HERE,
                             env=_env(XLA_FLAGS="--xla_force_host_platform_device_count=4"),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    multi = subprocess.Popen([PY, "-m", "mindjax", "--worker_num=2", f"--master_port={_port()}",
                              f"--log_dir={multi_dir / 'logs'}", "_dp_worker.py", str(multi_dir)], cwd=HERE,
                             env=_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out_l, _ = local.communicate(timeout=600)
    out_m, _ = multi.communicate(timeout=600)
    assert local.returncode == 0, out_l
    assert multi.returncode == 0, out_m + "".join(
        (multi_dir / "logs" / f"worker_{r}.log").read_text() for r in (0, 1))
    load = lambda d, r: json.loads((d / f"rank_{r}.json").read_text())  # noqa: E731
    return {"local": load(local_dir, 0), "multi": [load(multi_dir, 0), load(multi_dir, 1)],
            "logs": multi_dir / "logs"}


@pytest.fixture(scope="module")
def reference():
    """One process, one device, the global batch of 8: the losses and the final weights."""
    ms.reset_auto_parallel_context()
    ms.set_seed(1)
    net = LeNet5()
    x, y = data()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    losses = []
    for k in range(STEPS):
        sl = slice(k * GLOBAL_BATCH, (k + 1) * GLOBAL_BATCH)
        losses.append(float(step(ms.Tensor(x[sl]), ms.Tensor(y[sl])).asnumpy()))
    return {"losses": losses, "weights": {p.name: p.asnumpy() for p in net.trainable_params()}}


@pytest.fixture(scope="module")
def bn_reference():
    """BatchNorm2d on the global batch, two steps: what SyncBatchNorm must give on the ranks."""
    ms.reset_auto_parallel_context()
    ms.set_seed(2)
    net = BNNet(nn.BatchNorm2d(2))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.SGD(net.trainable_params(), 0.1))
    step.set_train(True)
    x, y = data()
    for _ in range(2):
        step(ms.Tensor(x[:GLOBAL_BATCH]), ms.Tensor(y[:GLOBAL_BATCH]))
    return {p.name: p.asnumpy() for p in net.get_parameters()}


def test_sync_batchnorm_uses_the_statistics_of_the_group(runs, bn_reference):
    for res in [runs["local"]] + runs["multi"]:
        _same_weights(res["sync_bn"], bn_reference)
    # the moving statistics moved: the test compares something that changed
    assert not np.allclose(bn_reference["bn.moving_mean"], 0)


def _same_weights(got, want):
    assert sorted(got) == sorted(want)
    for name, w in want.items():
        np.testing.assert_allclose(np.asarray(got[name]), w, rtol=1e-4, atol=1e-5, err_msg=name)


def test_four_devices_in_one_process(runs, reference):
    res = runs["local"]
    assert res["size"] == 4 and res["rank"] == 0
    rank_losses = np.asarray(res["train"]["rank_losses"])
    assert rank_losses.shape == (STEPS, 4)
    # each device saw its own quarter of the batch: four different losses, whose mean is the global loss
    assert all(len(set(np.round(r, 6))) == 4 for r in rank_losses)
    np.testing.assert_allclose(rank_losses.mean(axis=1), reference["losses"], rtol=1e-5)
    np.testing.assert_allclose(res["train"]["losses"], rank_losses[:, 0], rtol=1e-6)
    _same_weights(res["train"]["weights"], reference["weights"])


def test_two_processes_through_the_launcher(runs, reference):
    r0, r1 = runs["multi"]
    assert (r0["rank"], r0["size"], r1["rank"], r1["size"]) == (0, 2, 1, 2)
    # num_shards/shard_id: each rank read its own half of the samples
    assert r0["train"]["seen"] == list(range(0, GLOBAL_BATCH * STEPS, 2))
    assert r1["train"]["seen"] == list(range(1, GLOBAL_BATCH * STEPS, 2))
    mean = (np.asarray(r0["train"]["losses"]) + np.asarray(r1["train"]["losses"])) / 2
    np.testing.assert_allclose(mean, reference["losses"], rtol=1e-5)
    _same_weights(r0["train"]["weights"], reference["weights"])
    _same_weights(r1["train"]["weights"], reference["weights"])
    assert (runs["logs"] / "worker_0.log").exists() and (runs["logs"] / "worker_1.log").exists()


def _np_collectives(xs):
    x0, x1 = xs
    st = np.stack(xs)
    want = [{}, {}]
    for r in (0, 1):
        w = want[r]
        for op, f in (("sum", np.sum), ("max", np.max), ("min", np.min), ("prod", np.prod)):
            w["all_reduce_" + op] = f(st, axis=0)
        w["all_gather"] = np.concatenate(xs)
        w["reduce_scatter"] = st.sum(0)[2 * r:2 * r + 2]
        w["reduce_scatter_max"] = st.max(0)[2 * r:2 * r + 2]
        w["broadcast"] = x1
        w["all_to_all"] = np.concatenate([x0[2 * r:2 * r + 2], x1[2 * r:2 * r + 2]], axis=1)
        w["all_to_all_single"] = np.concatenate([x0[2 * r:2 * r + 2], x1[2 * r:2 * r + 2]], axis=0)
        w["op_all_reduce"] = st.max(0)
        w["op_all_gather"] = np.concatenate(xs)
        w["op_reduce_scatter"] = st.sum(0)[2 * r:2 * r + 2]
        w["op_broadcast"] = x0
        w["jit_all_reduce"] = (st * 2).sum(0) + 1
        # MindSpore's bprops: AllGather's is a ReduceScatter (sum) of the sensitivity, AllReduce's an AllReduce
        w["grad_all_gather"] = 2 * 2 * xs[r]
        w["grad_all_reduce"] = 2 * 2 * xs[r]
    want[1]["recv"] = x0
    return want


def test_every_collective_against_numpy(runs):
    xs = [np.arange(12, dtype=np.float32).reshape(4, 3) * (r + 1) - r for r in (0, 1)]
    want = _np_collectives(xs)
    for r, res in enumerate(runs["multi"]):
        got = res["collectives"]
        for name, w in want[r].items():
            np.testing.assert_allclose(np.asarray(got[name], np.float32), w, rtol=1e-6, err_msg=f"rank {r} {name}")


def test_ranks_that_disagree_on_a_shape_raise(runs):
    for res in runs["multi"]:
        msg = res["collectives"]["mismatch"]
        assert msg is not None and "rank 0: shape [2] float32; rank 1: shape [3] float32" in msg


def test_a_dead_worker_stops_the_job(tmp_path):
    proc = subprocess.run([PY, "-m", "mindjax", "--worker_num=2", f"--master_port={_port()}",
                           f"--log_dir={tmp_path}", "_dies.py"], cwd=HERE, env=_env(), capture_output=True,
                          text=True, timeout=300)
    ended = time.time()
    assert proc.returncode != 0
    assert "worker of rank 1" in proc.stderr and "SIGKILL" in proc.stderr, proc.stderr
    died = float((tmp_path / "worker_1.log").read_text().split("dies at ")[1].split()[0])
    assert ended - died < 30  # the job ended within 30 s of the death of rank 1
    pid = int((tmp_path / "worker_0.log").read_text().split("pid ")[1].split()[0])
    with pytest.raises(ProcessLookupError):  # rank 0 was stopped: no orphan
        os.kill(pid, 0)


def test_init_without_a_launcher_raises(monkeypatch):
    from mindjax.communication import GlobalComm, get_group_size, get_rank, init
    for k in ("MS_ROLE", "MS_WORKER_NUM"):
        monkeypatch.delenv(k, raising=False)
    assert (get_rank(), get_group_size()) == (0, 1)  # as MindSpore before init()
    with pytest.raises(RuntimeError, match="without using a launcher.*--worker_num"):
        init()
    assert not GlobalComm.INITED
    with pytest.raises(RuntimeError, match="backend_name"):
        init("gloo")

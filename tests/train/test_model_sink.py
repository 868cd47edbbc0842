"""Model.train / fit / connect_network_with_dataset / data_sink in sink mode: the sink's steps
run as compiled scans (mindjax/train/_sink_scan.py).

MindSpore 2.10's CPU backend runs sink mode as non-sink mode, so what it records
(tests/data/gen_model_sink.py) is every step's loss and the trained Parameters; mindjax's
GRAPH_MODE sink must reach the same Parameters and the same loss at each sink's end, with the
step callbacks once per sink (MindSpore's GPU/Ascend behaviour), and PYNATIVE_MODE's sink must
see every step.
"""
import json
import os
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import dataset as ds, nn, ops
from mindjax.train import _sink_scan

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "data"))
from model_sink_case import data, network, run  # noqa: E402

with open(os.path.join(HERE, "..", "data", "ms_model_sink.json")) as f:
    REC = json.load(f)


@pytest.fixture(params=[ms.GRAPH_MODE, ms.PYNATIVE_MODE], ids=["graph", "pynative"])
def mode(request):
    old = ms.get_context("mode")
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=old)


@pytest.fixture
def graph():
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=old)


def _check_params(got, expected, rtol=2e-5, atol=2e-6):
    assert sorted(got) == sorted(expected)
    for k, v in expected.items():
        np.testing.assert_allclose(np.array(got[k]), np.array(v), rtol=rtol, atol=atol, err_msg=k)


def _per_sink(seen, steps):
    """MindSpore's per-step record reduced to what a sink of ``steps`` steps reports."""
    return [s for s in seen if s[1] % steps == 0]


@pytest.mark.parametrize("case,rows", [("train", 12), ("train_rest", 10)])
def test_sink_trains_as_mindspore(mode, case, rows):
    out = run(ms, ds, nn, rows=rows)
    rec = REC[case]
    _check_params(out["params"], rec["params"])
    expected = _per_sink(rec["seen"], 3) if mode == ms.GRAPH_MODE else rec["seen"]
    assert [s[:2] for s in out["seen"]] == [s[:2] for s in expected]
    np.testing.assert_allclose([s[2] for s in out["seen"]], [s[2] for s in expected], rtol=2e-5)


def test_graph_sink_runs_scans(graph):
    net = network(ms, nn)
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    model.train(2, data(ds), dataset_sink_mode=True)
    runner = model._sink_runner
    assert (runner.scan_calls, runner.scanned_steps) == (2, 6)  # one scan of 3 steps per epoch


def test_sink_size_repeats_the_dataset(mode):
    # 3 sinks of 2 steps take the 6 batches of 2 epochs of the dataset: MindSpore's 2 epochs
    out = run(ms, ds, nn, sink_size=2, epochs=3)
    _check_params(out["params"], REC["train"]["params"])
    seen = [[(s[1] - 1) // 2 + 1] + s[1:] for s in REC["train"]["seen"]]  # epochs of 2 steps
    expected = _per_sink(seen, 2) if mode == ms.GRAPH_MODE else seen
    assert [s[:2] for s in out["seen"]] == [s[:2] for s in expected]
    np.testing.assert_allclose([s[2] for s in out["seen"]], [s[2] for s in expected], rtol=2e-5)


def test_fit_in_sink_mode_evaluates_as_mindspore(graph):
    out = run(ms, ds, nn, metrics=True)
    rec = REC["fit"]
    _check_params(out["params"], rec["params"])
    assert len(out["eval"]) == len(rec["eval"]) == 2
    for got, exp in zip(out["eval"], rec["eval"]):
        assert got.keys() == exp.keys()
        np.testing.assert_allclose(got["mae"], exp["mae"], rtol=2e-5)


def test_chunks_give_the_same_result(graph, monkeypatch):
    # a buffer of one batch and a half: each sink of 3 steps is scans of 1 (plain step) + ... steps
    row_bytes = 4 * 4 * (3 + 1)
    monkeypatch.setenv("MINDJAX_SINK_BUFFER_MB", str(2 * row_bytes / 2 ** 20))
    net = network(ms, nn)
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    model.train(2, data(ds), dataset_sink_mode=True)
    assert (model._sink_runner.scan_calls, model._sink_runner.scanned_steps) == (2, 4)  # 2 + 1 per sink
    _check_params({p.name: p.asnumpy().tolist() for p in net.get_parameters()}, REC["train"]["params"])


class _DropNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 8, weight_init="ones")
        self.drop = nn.Dropout(p=0.5)
        self.out = nn.Dense(8, 1, weight_init="ones")

    def construct(self, x):
        return self.out(self.drop(self.fc(x)))


def _train_drop(sink):
    ms.set_seed(11)
    net = _DropNet()
    model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    model.train(2, data(ds), dataset_sink_mode=sink)
    return [p.asnumpy() for p in net.trainable_params()], model


def test_random_ops_draw_the_same_stream_in_a_scan(graph):
    # the random key is the scan's carry: each step draws what it draws step by step
    a, _ = _train_drop(False)
    b, model = _train_drop(True)
    assert model._sink_runner.scanned_steps == 6
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)


class _SelectNet(nn.Cell):
    """A value-dependent shape (masked_select): the step breaks the graph, the sink runs it step by step."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 1, weight_init="ones")

    def construct(self, x):
        h = self.fc(x)
        return ops.masked_select(h, h > -100.0).reshape(h.shape)


def test_graph_break_falls_back_to_steps(graph):
    res = []
    for sink in (False, True):
        ms.set_seed(3)  # the same initial bias (MindSpore's default bias init is random)
        net = _SelectNet()
        model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
        model.train(1, data(ds), dataset_sink_mode=sink)
        res.append(net.fc.weight.asnumpy())
        if sink:
            assert model._sink_runner.scanned_steps == 0
    np.testing.assert_allclose(res[0], res[1], rtol=1e-6)


class _Stop(ms.train.Callback):
    def __init__(self):
        self.steps = []

    def on_train_step_end(self, run_context):
        self.steps.append(run_context.original_args().cur_step_num)
        run_context.request_stop()


def test_stop_request_ends_at_the_sink(graph):
    net = network(ms, nn)
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    stop = _Stop()
    model.train(3, data(ds), callbacks=[stop], dataset_sink_mode=True)
    assert stop.steps == [3]


def test_sink_mode_must_be_bool():
    net = network(ms, nn)
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    with pytest.raises(TypeError, match="dataset_sink_mode"):
        model.train(1, data(ds), dataset_sink_mode=1)


def test_connect_network_with_dataset_scans_the_sink(graph):
    net = network(ms, nn)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    train.set_train()
    d = data(ds)
    helper = ms.DatasetHelper(d, dataset_sink_mode=True, epoch_num=2)
    sink_net = ms.connect_network_with_dataset(train, helper)
    losses = []
    for _ in range(2):
        for _ in helper:
            losses.append(float(sink_net().asnumpy()))
    assert _sink_scan.cell_runner(train).scanned_steps == 6
    np.testing.assert_allclose(losses, [s[2] for s in _per_sink(REC["train"]["seen"], 3)], rtol=2e-5)
    _check_params({p.name: p.asnumpy().tolist() for p in net.get_parameters()}, REC["train"]["params"])


def test_data_sink_with_jit_config_scans(graph):
    net = network(ms, nn)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    train.set_train()
    step = ms.data_sink(train, data(ds), sink_size=3, jit_config=ms.JitConfig())
    losses = [float(step().asnumpy()) for _ in range(2)]
    np.testing.assert_allclose(losses, [s[2] for s in _per_sink(REC["train"]["seen"], 3)], rtol=2e-5)
    _check_params({p.name: p.asnumpy().tolist() for p in net.get_parameters()}, REC["train"]["params"])


class _ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, weight_init="ones")
        self.fc = nn.Dense(2 * 4 * 4, 1, weight_init="ones")

    def construct(self, x):
        return self.fc(self.conv(x).reshape(x.shape[0], -1))


def _conv_data():
    rng = np.random.default_rng(3)
    return ds.NumpySlicesDataset({"x": rng.standard_normal((8, 1, 4, 4)).astype(np.float32),
                                  "y": rng.standard_normal((8, 1)).astype(np.float32)}, shuffle=False).batch(2)


@pytest.mark.parametrize("policy,scanned", [("auto", 0), ("always", 4)])
def test_cpu_convolution_steps_run_one_by_one_unless_asked(graph, monkeypatch, policy, scanned):
    # XLA's CPU while loop runs convolutions ~4x slower: 'auto' runs such steps one by one
    monkeypatch.setenv("MINDJAX_SINK_SCAN", policy)
    weights = []
    for sink in (False, True):
        ms.set_seed(2)
        net = _ConvNet()
        model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.001))
        model.train(1, _conv_data(), dataset_sink_mode=sink)
        weights.append(net.conv.weight.asnumpy())
        if sink:
            assert model._sink_runner.scanned_steps == scanned
    np.testing.assert_allclose(weights[0], weights[1], rtol=1e-5)

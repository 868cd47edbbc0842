"""Model.train / eval / predict / fit and the callbacks' output, on a tiny data set.

The expected losses were recorded once from real MindSpore 2.10 (PyNative, CPU) with the
same fixed initial weights, data and optimizer."""
import os
import re

import numpy as np
import pytest

import mindjax as ms
import mindjax.dataset as ds
from mindjax import nn, Tensor
from mindjax.train import (Model, LossMonitor, TimeMonitor, ModelCheckpoint, CheckpointConfig, History, Accuracy,
                           Callback, LambdaCallback, EarlyStopping, RunContext)

rng = np.random.default_rng(0)
X = rng.normal(size=(20, 4)).astype(np.float32)
Y = (X[:, 0] > 0).astype(np.int32)
W2 = (np.arange(8, dtype=np.float32).reshape(2, 4) - 3.5) / 8

# MindSpore 2.10: LossMonitor(2) over 3 epochs of 5 steps (Momentum(0.1, 0.9), fixed W2, zero bias)
MS_LOSS_LINES = [(1, 2, 0.7403671741485596), (1, 4, 0.5099602341651917), (2, 1, 0.3454417288303375),
                 (2, 3, 0.38420331478118896), (2, 5, 0.3475838303565979), (3, 2, 0.11448267102241516),
                 (3, 4, 0.3814883828163147)]
MS_HISTORY = [0.57063764, 0.34758383, 0.16609387]
MS_EVAL_ACC = 0.9


def data():
    return ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(4)


def make_model(pynative=None):
    net = nn.Dense(4, 2, weight_init=Tensor(W2), bias_init="zeros")
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc": Accuracy()})
    model.pynative = pynative
    return net, model


LINE = re.compile(r"^epoch: (\d+) step: (\d+), loss is (\S+)$")
TIME = re.compile(r"^Train epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms$")


@pytest.mark.parametrize("pynative", [False, True], ids=["jit", "pynative"])
def test_train_matches_mindspore_and_prints_like_it(tmp_path, capsys, pynative):
    net, model = make_model(pynative)
    hist = History()
    ck = ModelCheckpoint(prefix="net", directory=str(tmp_path),
                         config=CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2))
    model.train(3, data(), callbacks=[LossMonitor(2), TimeMonitor(), ck, hist])
    out = capsys.readouterr().out.splitlines()
    loss_lines = [LINE.match(line) for line in out if line.startswith("epoch:")]
    assert [(int(m[1]), int(m[2])) for m in loss_lines] == [(e, s) for e, s, _ in MS_LOSS_LINES]
    np.testing.assert_allclose([float(m[3]) for m in loss_lines], [v for _, _, v in MS_LOSS_LINES], rtol=2e-5)
    assert sum(bool(TIME.match(line)) for line in out) == 3
    # MindSpore prints the TimeMonitor line after the epoch's last LossMonitor line
    assert TIME.match(out[2]) and out[3].startswith("epoch: 2 step: 1,")
    np.testing.assert_allclose(np.array(hist.history["net_output"], np.float64), MS_HISTORY, rtol=2e-5)
    assert hist.epoch == {"epoch": [1, 2, 3]}
    assert sorted(os.listdir(tmp_path)) == ["net-3_2.ckpt", "net-3_5.ckpt"]
    assert model.eval(data()) == {"acc": pytest.approx(MS_EVAL_ACC)}
    pred = model.predict(Tensor(X[:2]))
    np.testing.assert_allclose(pred.asnumpy(), X[:2] @ net.weight.asnumpy().T + net.bias.asnumpy(), rtol=1e-5,
                               atol=1e-6)


def test_env_var_selects_pynative(monkeypatch):
    _, model = make_model()
    monkeypatch.setenv("MINDJAX_MODEL_PYNATIVE", "1")
    assert model._is_pynative()
    monkeypatch.setenv("MINDJAX_MODEL_PYNATIVE", "0")
    assert not model._is_pynative()
    model.pynative = True
    assert model._is_pynative()


def test_second_run_gets_new_prefix_and_keep_max(tmp_path):
    _, model = make_model()
    ModelCheckpoint(prefix="net", directory=str(tmp_path))  # nothing there yet: no rename
    ck = ModelCheckpoint(prefix="net", directory=str(tmp_path),
                         config=CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2))
    model.train(3, data(), callbacks=[ck])
    ck2 = ModelCheckpoint(prefix="net", directory=str(tmp_path),
                          config=CheckpointConfig(save_checkpoint_steps=5, keep_checkpoint_max=10))
    model.train(2, data(), callbacks=[ck2])
    # exactly MindSpore 2.10's listing for the same two runs
    assert sorted(os.listdir(tmp_path)) == ["net-3_2.ckpt", "net-3_5.ckpt", "net_1-1_5.ckpt", "net_1-2_5.ckpt"]
    assert ck2.latest_ckpt_file_name == os.path.join(os.path.realpath(tmp_path), "net_1-2_5.ckpt")
    params = ms.load_checkpoint(ck2.latest_ckpt_file_name)
    assert {"weight", "bias", "learning_rate", "global_step"} <= set(params)


def test_fit_prints_eval_results(capsys):
    _, model = make_model()
    hist = History()
    seen = []
    model.fit(2, data(), data(), callbacks=[LossMonitor(5), hist,
                                           LambdaCallback(on_train_epoch_end=lambda rc: seen.append(
                                               dict(rc.original_args().eval_results)))])
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if line.startswith("Eval result")] == [
        "Eval result: epoch 1, metrics: {'acc': 0.85}", "Eval result: epoch 2, metrics: {'acc': 0.85}"]  # as MindSpore
    assert [bool(LINE.match(line)) for line in out if line.startswith("epoch")] == [True, True]
    assert hist.history["acc"] == [0.85, 0.85]
    np.testing.assert_allclose(hist.history["net_output"], [0.5706376433372498, 0.3475838303565979], rtol=2e-5)
    assert set(seen[0]) == {"acc", "eval_loss"} and seen[0]["eval_loss"] > 0


def test_request_stop_and_early_stopping():
    _, model = make_model()
    steps = []

    class StopAt3(Callback):
        def on_train_step_end(self, run_context):
            steps.append(run_context.original_args().cur_step_num)
            if len(steps) == 3:
                run_context.request_stop()

    model.train(5, data(), callbacks=[StopAt3()])
    assert steps == [1, 2, 3]
    es = EarlyStopping(monitor="loss", patience=1, mode="min", min_delta=100.0)
    epochs = []
    model.train(10, data(), callbacks=[es, LambdaCallback(on_train_epoch_end=lambda rc: epochs.append(1))])
    assert len(epochs) == 2 and es.stopped_epoch == 2  # as MindSpore's rule gives


def test_initial_epoch_and_errors():
    _, model = make_model()
    seen = []
    model.train(3, data(), callbacks=[LambdaCallback(on_train_step_end=lambda rc: seen.append(
        (rc.original_args().cur_epoch_num, rc.original_args().cur_step_num)))], initial_epoch=2)
    assert seen == [(3, 11), (3, 12), (3, 13), (3, 14), (3, 15)]
    with pytest.raises(ValueError, match="must bigger than parameter 'initial_epoch'"):
        model.train(2, data(), initial_epoch=2)
    with pytest.raises(TypeError, match="Callback"):
        model.train(1, data(), callbacks=[object()])
    with pytest.raises(ValueError):
        Model(nn.Dense(4, 2), metrics={"acc": Accuracy()})  # metrics without loss_fn or eval_network
    with pytest.raises(TypeError, match="original_args' of RunContext should be dict type"):
        RunContext([])
    with pytest.raises(ValueError, match="keep_checkpoint_per_n_minutes' can't be all None or 0"):
        CheckpointConfig(save_checkpoint_steps=0, keep_checkpoint_max=0)


def test_loss_monitor_nan_raises():
    class Fake:
        pass
    cb = LossMonitor()
    from mindjax.train.callback import InternalCallbackParam
    p = InternalCallbackParam(cur_epoch_num=1, cur_step_num=1, batch_num=5, net_outputs=Tensor(np.float32(np.nan)),
                              dataset_sink_mode=False)
    with pytest.raises(ValueError, match="In epoch: 1 step: 1, loss is NAN or INF"):
        cb.step_end(RunContext(p))


def test_keyboard_interrupt_leaves_complete_checkpoints(tmp_path):
    _, model = make_model()
    calls = []

    class CtrlC(Callback):
        def on_train_step_end(self, run_context):
            calls.append(1)
            if len(calls) == 7:
                raise KeyboardInterrupt

    ck = ModelCheckpoint(prefix="k", directory=str(tmp_path),
                         config=CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=2))
    with pytest.raises(KeyboardInterrupt):
        model.train(3, data(), callbacks=[ck, CtrlC()])
    files = sorted(os.listdir(tmp_path))
    assert files == ["k-1_4.ckpt", "k-2_1.ckpt"]  # saved at steps 4 and 6; no temporary files left
    for f in files:
        params = ms.load_checkpoint(os.path.join(tmp_path, f))
        assert params["weight"].shape == (2, 4)

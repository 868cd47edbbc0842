"""LearningRateScheduler, BackupAndRestore and OnRequestExit in ``Model.train``, against
the runs recorded from MindSpore 2.10 (tests/data/gen_metrics_more.py): the same data and
initial weights, per-step learning rates, final weights, files left and argument errors."""
import json
import os
import signal
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
import mindjax.dataset as ds
from mindjax import nn, Tensor
from mindjax.train import Model
from mindjax.train.callback import Callback, LearningRateScheduler, BackupAndRestore, OnRequestExit

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_metrics_more.json").read_text())
TD = DATA["train_data"]
X, Y = np.array(TD["x"], np.float32), np.array(TD["y"], np.float32)


def tiny_model(lr=0.1, momentum=None):
    net = nn.Dense(3, 1, weight_init=Tensor(np.array(TD["w0"], np.float32)),
                   bias_init=Tensor(np.array(TD["b0"], np.float32)))
    opt = nn.Momentum(net.trainable_params(), lr, momentum) if momentum else nn.SGD(net.trainable_params(), lr)
    return net, opt, Model(net, nn.MSELoss(), opt)


def dataset():
    return ds.NumpySlicesDataset((X, Y), column_names=["x", "y"], shuffle=False).batch(TD["batch"])


def weights(net):
    return np.concatenate([net.weight.asnumpy().ravel(), net.bias.asnumpy().ravel()])


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    old = signal.getsignal(signal.SIGTERM)
    yield tmp_path
    signal.signal(signal.SIGTERM, old)  # OnRequestExit installs its handler, as MindSpore's does


class LrRecorder(Callback):
    def __init__(self, opt):
        super().__init__()
        self.opt, self.lrs = opt, []

    def on_train_step_end(self, run_context):
        self.lrs.append(float(self.opt.learning_rate.asnumpy()))


def test_learning_rate_scheduler_matches_mindspore():
    want = DATA["lr_scheduler"]
    net, opt, model = tiny_model(0.1, momentum=0.9)
    rec = LrRecorder(opt)
    model.train(3, dataset(), callbacks=[LearningRateScheduler(lambda lr, step: lr * 0.5 if step % 3 == 0 else lr),
                                         rec])
    np.testing.assert_allclose(rec.lrs, want["lrs_after_step"], rtol=1e-7)
    assert float(opt.learning_rate.asnumpy()) == pytest.approx(want["final_lr"], rel=1e-7)
    np.testing.assert_allclose(weights(net), np.concatenate([np.ravel(want["weight"]), want["bias"]]), rtol=1e-5,
                               atol=1e-6)


def test_learning_rate_scheduler_unchanged_rate_is_not_written():
    net, opt, model = tiny_model(0.1)
    seen = []
    model.train(1, dataset(), callbacks=LearningRateScheduler(lambda lr, step: seen.append((lr, step)) or lr))
    assert [s for _, s in seen] == [1, 2, 3, 4]
    assert all(lr == 0.1 for lr, _ in seen)  # the float32 rate read back through its printed form


class Crash(Callback):
    def on_train_step_end(self, run_context):
        if run_context.original_args().cur_step_num == 10:
            raise KeyboardInterrupt


def test_backup_and_restore_resumes_like_mindspore(in_tmp):
    want = DATA["backup"]
    full_net, _, full_model = tiny_model(0.05, momentum=0.9)
    full_model.train(3, dataset())
    np.testing.assert_allclose(weights(full_net), np.concatenate([np.ravel(want["full"][0]), want["full"][1]]),
                               rtol=1e-5, atol=1e-6)
    _, _, model_a = tiny_model(0.05, momentum=0.9)
    with pytest.raises(KeyboardInterrupt):
        model_a.train(3, dataset(), callbacks=[BackupAndRestore("bk"), Crash()])  # killed in epoch 3
    assert sorted(os.listdir("bk")) == want["after_crash"]
    net_b, _, model_b = tiny_model(0.05, momentum=0.9)
    model_b.train(3, dataset(), callbacks=[BackupAndRestore("bk")], initial_epoch=2)
    # the resumed run (weights, momentum and step counter restored) ends where the full one did
    np.testing.assert_allclose(weights(net_b), weights(full_net), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(weights(net_b), np.concatenate([np.ravel(want["resumed"][0]), want["resumed"][1]]),
                               rtol=1e-5, atol=1e-6)
    assert sorted(os.listdir("bk")) == want["after_resume"]


def test_backup_and_restore_save_freq_and_keep(in_tmp):
    _, _, model = tiny_model(0.05)
    model.train(2, dataset(), callbacks=[BackupAndRestore("bk2", save_freq=2, delete_checkpoint=False)])
    assert sorted(os.listdir("bk2")) == DATA["backup"]["kept"]
    params = ms.load_checkpoint("bk2/backup.ckpt")
    assert {"weight", "bias", "learning_rate", "global_step"} <= set(params)
    assert int(params["global_step"].asnumpy()[0]) == 8


@pytest.mark.parametrize("kw", list(DATA["backup"]["errors"]))
def test_backup_and_restore_errors(in_tmp, kw):
    cls, msg = DATA["backup"]["errors"][kw]
    with pytest.raises({"ValueError": ValueError, "TypeError": TypeError}[cls]) as info:
        BackupAndRestore(**({"backup_dir": "bk3"} | json.loads(kw)))
    assert str(info.value) == msg


class SigAt(Callback):
    def __init__(self, step):
        super().__init__()
        self.step, self.steps = step, []

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        self.steps.append([cb.cur_epoch_num, cb.cur_step_num])
        if cb.cur_step_num == self.step:
            os.kill(os.getpid(), signal.SIGTERM)


def test_on_request_exit_stops_and_saves_like_mindspore(in_tmp):
    want = DATA["on_request_exit"]["graceful"]
    net, _, model = tiny_model(0.1)
    sig = SigAt(3)
    model.train(3, dataset(), callbacks=[sig, OnRequestExit(save_mindir=False, directory="./out")])
    assert sig.steps == want["steps"]  # the step after the signal completes, then training stops
    assert sorted(os.listdir("out/rank_0")) == want["files"]
    np.testing.assert_allclose(weights(net), np.concatenate([np.ravel(want["weight"]), want["bias"]]), rtol=1e-5)
    saved = ms.load_checkpoint("out/rank_0/Net_train.ckpt")
    np.testing.assert_allclose(saved["weight"].asnumpy(), want["ckpt"]["weight"], rtol=1e-5)
    assert saved["global_step"].asnumpy().tolist() == want["ckpt"]["global_step"]
    # a new run begins from the saved checkpoint
    net2, _, model2 = tiny_model(0.1)
    seen = []

    class Peek(Callback):
        def on_train_begin(self, run_context):
            seen.append(weights(net2))

    model2.train(1, dataset(), callbacks=[OnRequestExit(save_mindir=False, directory="./out"), Peek()])
    np.testing.assert_allclose(seen[0], weights(net), rtol=1e-6)


def test_on_request_exit_config_file(in_tmp):
    cfg = in_tmp / "exit.json"

    class Flag(Callback):
        def on_train_step_end(self, run_context):
            if run_context.original_args().cur_step_num == 5:
                cfg.write_text(json.dumps({"GracefulExit": 1}))

    steps = SigAt(-1)
    _, _, model = tiny_model(0.1)
    model.train(3, dataset(), callbacks=[steps, Flag(), OnRequestExit(save_mindir=True, directory="./o",
                                                                      config_file=str(cfg))])
    assert steps.steps[-1] == [2, 6]
    assert os.path.isfile("o/rank_0/Net_train.ckpt")
    # the training graph (forward, gradients, optimizer update) as MindIR, as MindSpore writes it
    assert os.path.isfile("o/rank_0/Net_train.mindir")
    assert not os.path.isfile("o/rank_0/Net_train.stablehlo")


def test_on_request_exit_no_request_saves_nothing(in_tmp):
    _, _, model = tiny_model(0.1)
    model.train(1, dataset(), callbacks=OnRequestExit(directory="./q"))
    assert os.listdir("q/rank_0") == []


@pytest.mark.parametrize("kw", list(DATA["on_request_exit"]["errors"]))
def test_on_request_exit_errors(in_tmp, kw):
    cls, msg = DATA["on_request_exit"]["errors"][kw]
    with pytest.raises(ValueError) as info:
        OnRequestExit(**json.loads(kw))
    assert cls == "ValueError" and str(info.value) == msg

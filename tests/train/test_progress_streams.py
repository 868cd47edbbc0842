"""Model.train/fit with sys.stdout/sys.stderr replaced by objects without ``isatty`` (test harnesses,
notebooks) or claiming a terminal they cannot host: training runs and the logs arrive (issue #14)."""
import sys

import numpy as np
import pytest

import mindjax as ms
import mindjax.dataset as ds
from mindjax import nn


class Redirect:
    """A stdout replacement with only write/flush, as some harnesses install."""

    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)

    def flush(self):
        pass


class FakeTerminal(Redirect):
    def isatty(self):
        return True


def _model():
    ms.set_seed(3)
    net = nn.Dense(2, 1)
    model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1), metrics={"mae": nn.MAE()})
    data = ds.NumpySlicesDataset({"x": np.ones((8, 2), np.float32), "y": np.ones((8, 1), np.float32)},
                                 shuffle=False).batch(4)
    return model, data


@pytest.mark.parametrize("out_cls,err_cls", [(Redirect, None), (FakeTerminal, Redirect), (FakeTerminal, None)])
def test_train_and_fit_with_replaced_streams(monkeypatch, out_cls, err_cls):
    model, data = _model()
    out = out_cls()
    monkeypatch.setattr(sys, "stdout", out)
    if err_cls is not None:
        monkeypatch.setattr(sys, "stderr", err_cls())
    model.train(2, data, callbacks=[ms.train.LossMonitor()])
    model.fit(1, data, data)
    monkeypatch.undo()
    lines = [ln for ln in "".join(out.parts).splitlines() if ln.startswith("epoch:")]
    assert [ln.split(", loss")[0] for ln in lines] == ["epoch: 1 step: 1", "epoch: 1 step: 2", "epoch: 2 step: 1",
                                                      "epoch: 2 step: 2"]
    losses = [float(ln.rsplit(" ", 1)[1]) for ln in lines]
    assert losses[-1] < losses[0]

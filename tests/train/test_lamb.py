"""nn.Lamb against a numpy transcription of MindSpore's GPU Lamb kernel (MindSpore 2.10 has no CPU
Lamb kernel, so no CPU recording exists): 3 steps of Dense(4, 3) + MSELoss, in PyNative and jit;
the weight decay skips gamma/beta Parameters as MindSpore's does without groups."""
import os
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, Tensor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "data"))
from optimizer_cases import W, B, X, Y  # noqa: E402


def _numpy_lamb(lr, b1, b2, eps, wd, steps=3):
    w, b = W.astype(np.float64), B.astype(np.float64)
    state = {k: [np.zeros_like(v), np.zeros_like(v)] for k, v in (("w", w), ("b", b))}
    losses = []
    for t in range(1, steps + 1):
        pred = X @ w.T + b
        diff = pred - Y
        losses.append(float(np.mean(diff ** 2)))
        gpred = 2 * diff / diff.size
        grads = {"w": gpred.T @ X, "b": gpred.sum(0)}
        new = {}
        for k, p in (("w", w), ("b", b)):
            m, v = state[k]
            m[...] = b1 * m + (1 - b1) * grads[k]
            v[...] = b2 * v + (1 - b2) * grads[k] ** 2
            mh, vh = m / (1 - b1 ** t), v / (1 - b2 ** t)
            upd = mh / (np.sqrt(vh) + eps) + wd * p
            ghat = mh / np.sqrt(vh + eps) + wd * p
            wn, gn = np.linalg.norm(p), np.linalg.norm(ghat)
            r = wn / gn if wn > 0 and gn > 0 else 1.0
            r = 0.0 if np.isnan(r) else min(max(r, 0.0), 10.0)
            new[k] = p - r * lr * upd
        w, b = new["w"], new["b"]
    return losses, w, b


@pytest.mark.parametrize("jit", [False, True], ids=["pynative", "jit"])
@pytest.mark.parametrize("kw", [{"learning_rate": 0.01}, {"learning_rate": 0.05, "beta1": 0.8, "beta2": 0.99,
                                                          "eps": 1e-4, "weight_decay": 0.1}])
def test_lamb_matches_kernel_math(kw, jit):
    net = nn.Dense(4, 3, weight_init=Tensor(W), bias_init=Tensor(B))
    opt = nn.Lamb(net.trainable_params(), **kw)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    if jit:
        step = ms.jit(step)
    losses = [float(step(Tensor(X), Tensor(Y)).asnumpy()) for _ in range(3)]
    want_l, want_w, want_b = _numpy_lamb(kw["learning_rate"], kw.get("beta1", 0.9), kw.get("beta2", 0.999),
                                         kw.get("eps", 1e-6), kw.get("weight_decay", 0.0))
    np.testing.assert_allclose(losses, want_l, rtol=1e-5)
    np.testing.assert_allclose(net.weight.asnumpy(), want_w, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), want_b, rtol=1e-5, atol=1e-6)
    assert sorted(opt.parameters_dict()) == ["bias", "global_step", "lamb_m.bias", "lamb_m.weight", "lamb_v.bias",
                                             "lamb_v.weight", "learning_rate", "weight"]


def test_lamb_skips_decay_of_gamma_beta():
    net = nn.SequentialCell([nn.Dense(4, 3, weight_init=Tensor(W), bias_init=Tensor(B)), nn.LayerNorm((3,))])
    opt = nn.Lamb(net.trainable_params(), learning_rate=0.01, weight_decay=0.5)
    assert [d for d in opt._decay] == [0.5 if "gamma" not in p.name and "beta" not in p.name else 0.0
                                       for p in opt.parameters]
    assert sorted(p.name for p, d in zip(opt.parameters, opt._decay) if d == 0) == ["1.beta", "1.gamma"]


@pytest.mark.parametrize("kw,exc", [({"beta1": 1.0}, ValueError), ({"eps": 0.0}, ValueError),
                                    ({"beta2": 1}, TypeError)])
def test_lamb_bad_arguments(kw, exc):
    with pytest.raises(exc, match="For 'Lamb'"):
        nn.Lamb(nn.Dense(2, 2).trainable_params(), 0.1, **kw)

"""mint.nn Cells against MindSpore 2.10's recorded cases: Parameter names, shapes, dtypes,
requires_grad and deterministic initial values; with the recorded values set into the
Parameters, the forward output and the gradients w.r.t. the inputs and the Parameters. Where
MindSpore's CPU build has no kernel for the Cell (recorded as cpu_missing), the forward is checked
against the same computation through mint.nn.functional, whose values are recorded."""
import numpy as np
import pytest

import mindjax as ms
import mindjax.mint.nn as nn
import mindjax.mint.nn.functional as F
from mindjax import Tensor

from _mint_recorded import DATA, check_out, dec

CELLS = DATA["cells"]
# Cells whose forward equals one mint.nn.functional call (for the cases MindSpore could not run on CPU)
FUNCTIONAL = {
    "Conv1d": lambda c, x: F.conv1d(x, c.weight, c.bias, c.stride, c.padding, c.dilation, c.groups),
    "Conv3d": lambda c, x: F.conv3d(x, c.weight, c.bias, c.stride, c.padding, c.dilation, c.groups),
    "ConvTranspose2d": lambda c, x: F.conv_transpose2d(x, c.weight, c.bias, c.stride, c.padding, c.output_padding,
                                                       c.groups, c.dilation),
    "GELU": lambda c, x: F.gelu(x, c.approximate), "ELU": lambda c, x: F.elu(x, c.alpha),
    "Hardtanh": lambda c, x: F.hardtanh(x, c.min_val, c.max_val), "ReLU6": lambda c, x: F.relu6(x),
    "LogSigmoid": lambda c, x: F.logsigmoid(x), "LogSoftmax": lambda c, x: F.log_softmax(x, c.dim),
    "Threshold": lambda c, x: F.threshold(x, c.threshold, c.value),
    "AvgPool2d": lambda c, x: F.avg_pool2d(x, c.kernel_size, c.stride, c.padding),
    "AdaptiveAvgPool1d": lambda c, x: F.adaptive_avg_pool1d(x, c.output_size),
    "AdaptiveAvgPool2d": lambda c, x: F.adaptive_avg_pool2d(x, c.output_size),
    "L1Loss": lambda c, x, y: ms.ops.mean(ms.ops.abs(x - y)),
    "MSELoss": lambda c, x, y: F.mse_loss(x, y, c.reduction),
}


def _id(k, c):
    return f"{c['name']}-{k}"


@pytest.mark.parametrize("c", CELLS, ids=[_id(k, c) for k, c in enumerate(CELLS)])
def test_recorded_cell(c):
    cls = getattr(nn, c["name"], None)
    if cls is None:
        pytest.skip(f"ops.{nn._absent.get(c['name'], [c['name']])[0]} not implemented yet")
    if c.get("error") and not c.get("cpu_missing"):
        if c["name"] == "UpsamplingNearest2d":
            pytest.skip("MindSpore 2.10's UpsamplingNearest2d(scale_factor=float) raises TypeError (a bug); "
                        "mindjax computes it")
    cell = cls(*[dec(a) for a in c["ctor"]], **{k: dec(v) for k, v in c["ckw"].items()})
    params = cell.get_parameters() if hasattr(cell, "get_parameters") else []
    params = list(params)
    assert [p.name for p in params] == [p["name"] for p in c["params"]]
    for p, w in zip(params, c["params"]):
        assert list(p.shape) == w["shape"] and str(p.dtype) == w["dtype"], p.name
        assert p.requires_grad == w["requires_grad"], p.name
        if "weight" not in p.name and p.name != "bias" or c["name"] in ("GroupNorm", "PReLU") or \
                c["name"].startswith(("BatchNorm", "SyncBatchNorm")):
            check_out(Tensor(p.asnumpy()), w["default"], where=f"initial {p.name}")
        p.set_data(dec(w["set"]))
    xs = [dec(a) for a in c["inputs"]]
    if c.get("cpu_missing"):
        out = cell(*xs)
        if c["name"] in FUNCTIONAL:
            want = FUNCTIONAL[c["name"]](cell, *xs)
            np.testing.assert_allclose(out.asnumpy(), want.asnumpy(), rtol=1e-6, atol=1e-6)
        else:
            assert isinstance(out, (Tensor, tuple)) and np.all(np.isfinite(
                (out[0] if isinstance(out, tuple) else out).asnumpy()))
        return
    if c.get("error"):
        return
    out = cell(*xs)
    check_out(out, c["out"], rtol=1e-4, atol=1e-5)
    if "grads" in c:
        for p, pr in zip(params, c["params"]):
            p.set_data(dec(pr["set"]))
        w = cell.trainable_params()
        pos = tuple(c["grad_pos"])
        g = ms.grad(lambda *a: cell(*a).sum(), grad_position=pos, weights=w if w else None)(*xs)
        gi, gw = g if w else (g, ())
        gi = gi if isinstance(gi, tuple) else (gi,)
        gw = gw if isinstance(gw, tuple) else (gw,)
        for k, (got, want) in enumerate(zip(gi, c["grads"])):
            check_out(got, want, rtol=1e-4, atol=1e-5, where=f"grad[{k}]")
        for p, got in zip(w, gw):
            check_out(got, c["wgrads"][p.name], rtol=1e-4, atol=1e-5, where=f"grad {p.name}")


def test_batchnorm_training_updates_running_stats():
    """In training BatchNorm2d normalises with the batch statistics and moves the running ones by
    ``momentum`` (unbiased variance); in eval it uses the running ones."""
    bn = nn.BatchNorm2d(2, momentum=0.5)
    bn.set_train(True)
    x = Tensor(np.arange(16, dtype=np.float32).reshape(2, 2, 2, 2))
    y = bn(x).asnumpy()
    a = x.asnumpy()
    mean, var = a.mean((0, 2, 3)), a.var((0, 2, 3))
    np.testing.assert_allclose(y, (a - mean.reshape(1, 2, 1, 1)) / np.sqrt(var.reshape(1, 2, 1, 1) + 1e-5),
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(bn.running_mean.asnumpy(), 0.5 * mean, rtol=1e-6)
    np.testing.assert_allclose(bn.running_var.asnumpy(), 0.5 + 0.5 * a.var((0, 2, 3), ddof=1), rtol=1e-6)
    assert int(bn.num_batches_tracked.asnumpy()) == 1
    bn.set_train(False)
    np.testing.assert_allclose(bn(x).asnumpy(), (a - 0.5 * mean.reshape(1, 2, 1, 1)) / np.sqrt(
        bn.running_var.asnumpy().reshape(1, 2, 1, 1) + 1e-5), rtol=1e-5, atol=1e-5)

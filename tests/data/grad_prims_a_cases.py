"""Cases for the gradient Primitives of ops/operations/_grad_ops_a.py, run by MindSpore 2.10
(gen_grad_prims_a.py records them) and by mindjax (tests/ops/test_grad_prims_a.py): each returns a
Tensor or a tuple of Tensors."""
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.ops.operations import _grad_ops as G

f32, f16, f64 = np.float32, np.float16, np.float64


def _r(seed, shape, dtype=f32):
    return np.random.RandomState(seed).randn(*shape).astype(dtype)


def kl(reduction, dtype, shape=(2, 3)):
    x, t = _r(0, shape, dtype), np.abs(_r(1, shape, dtype))
    dy = _r(2, shape, dtype) if reduction == "none" else np.array([0.7], dtype)
    return G.KLDivLossGrad(reduction)(Tensor(dy), Tensor(x), Tensor(t))


def layer_norm(bna, bpa, shape=(3, 4, 5), dtype=f32):
    x, dy = _r(3, shape, dtype), _r(4, shape, dtype)
    axes = tuple(range(bna % len(shape), len(shape)))
    mean = x.astype(f32).mean(axes, keepdims=True)
    var = x.astype(f32).var(axes, keepdims=True)
    gamma = _r(5, shape[bpa % len(shape):], dtype)
    return G.LayerNormGrad(bna, bpa)(Tensor(x), Tensor(dy), Tensor(var), Tensor(mean), Tensor(gamma))


def lrn(r, bias, alpha, beta, dtype=f32):
    x, dy = _r(6, (2, 5, 3, 2), dtype), _r(7, (2, 5, 3, 2), dtype)
    y = ms.ops.LRN(r, bias, alpha, beta)(Tensor(x))
    return G.LRNGrad(r, bias, alpha, beta)(Tensor(dy), Tensor(x), y)


def l2n(axis, eps=1e-4, scale=1.0):
    x, dy = _r(8, (2, 3, 4)) * scale, _r(9, (2, 3, 4))
    y = ms.ops.L2Normalize(axis, eps)(Tensor(x))
    return G.L2NormalizeGrad(axis, eps)(Tensor(x), y, Tensor(dy))


def dropout(keep_prob, dtype=f32):
    dy = _r(10, (3, 4), dtype)
    mask = (np.random.RandomState(11).rand(3, 4) > 0.5).astype(dtype)
    return G.DropoutGrad(keep_prob)(Tensor(dy), Tensor(mask))


def deform(fmt, ks=(2, 2), strides=(1, 1, 1, 1), pads=(0, 0, 0, 0), dtype=f32):
    n, c, h, w = 1, 2, 4, 5
    sh, sw = (strides[2], strides[3]) if fmt == "NCHW" else (strides[1], strides[2])
    oh = (h + pads[0] + pads[1] - ks[0]) // sh + 1
    ow = (w + pads[2] + pads[3] - ks[1]) // sw + 1
    x = _r(12, (n, c, h, w), dtype)
    off = (np.random.RandomState(13).rand(n, 3 * ks[0] * ks[1], oh, ow) * 1.5 - 0.5).astype(dtype)
    dout = _r(14, (n, c, oh * ks[0], ow * ks[1]), dtype)
    if fmt == "NHWC":
        x, off, dout = (np.ascontiguousarray(np.moveaxis(a, 1, 3)) for a in (x, off, dout))
    return G.DeformableOffsetsGrad(strides, pads, ks, data_format=fmt)(Tensor(dout), Tensor(x), Tensor(off))


def _frac_inputs(dtype):
    x = np.random.RandomState(15).permutation(2 * 7 * 6 * 2).reshape(2, 7, 6, 2).astype(dtype)
    row, col = np.array([0, 2, 5, 7], np.int64), np.array([0, 3, 6], np.int64)
    return x, row, col


def frac_max(overlapping, dtype=f32):
    # batch 1: MindSpore 2.10's CPU kernel adds the gradient of batch n > 0 into batch 0 (mindjax keeps batches)
    x, row, col = _frac_inputs(dtype)
    x = x[:1]
    y = np.zeros((1, 3, 2, 2), dtype)
    dy = (np.arange(1 * 3 * 2 * 2).reshape(1, 3, 2, 2) + 1).astype(dtype)
    return G.FractionalMaxPoolGrad(overlapping)(Tensor(x), Tensor(y), Tensor(dy), Tensor(row), Tensor(col))


def frac_avg(overlapping, dtype=f32):
    _, row, col = _frac_inputs(dtype)
    dy = (np.arange(2 * 3 * 2 * 2).reshape(2, 3, 2, 2) + 1).astype(dtype)
    return G.FractionalAvgPoolGrad(overlapping)(Tensor(np.array([2, 7, 6, 2], np.int64)), Tensor(dy), Tensor(row),
                                                Tensor(col))


def conv_filter(pad_mode, stride=1, dilation=1, group=1, pad=0):
    x = _r(16, (2, 4, 7, 6))
    w_shape = (6, 4 // group, 3, 2)
    w = _r(17, w_shape)
    conv = ms.ops.Conv2D(6, (3, 2), pad_mode=pad_mode, pad=pad, stride=stride, dilation=dilation, group=group)
    dout = _r(18, conv(Tensor(x), Tensor(w)).shape)
    op = G.Conv2DBackpropFilter(6, (3, 2), pad_mode=pad_mode, pad=pad, stride=(stride, stride), pad_list=(pad,) * 4,
                                dilation=(1, 1, dilation, dilation), group=group)
    return op(Tensor(dout), Tensor(x), w_shape)


def concat_offset(axis):
    xs = tuple(Tensor(np.ones(s, f32)) for s in ((2, 3, 1), (2, 3, 4), (2, 3, 2)))
    return G.ConcatOffset(3, axis)(xs)


CASES = {
    "kl_none_f32": lambda: kl("none", f32), "kl_mean_f32": lambda: kl("mean", f32),
    "kl_sum_f64": lambda: kl("sum", f64), "kl_batchmean_f16": lambda: kl("batchmean", f16),
    "kl_mean_3d": lambda: kl("mean", f32, (2, 3, 2)),
    "ln_1_1": lambda: layer_norm(1, 1), "ln_m1_m1": lambda: layer_norm(-1, -1), "ln_2_1": lambda: layer_norm(2, 1),
    "ln_1_2": lambda: layer_norm(1, 2), "ln_f16": lambda: layer_norm(-1, -1, dtype=f16),
    "lrn_r2": lambda: lrn(2, 1.0, 0.1, 0.75), "lrn_r1_f16": lambda: lrn(1, 2.0, 0.5, 0.5, f16),
    "lrn_r0": lambda: lrn(0, 1.0, 1.0, 0.5),
    "l2n_ax1": lambda: l2n(1), "l2n_ax0": lambda: l2n(0), "l2n_axm1": lambda: l2n(-1),
    "l2n_small": lambda: l2n(2, eps=0.5, scale=0.01),
    "dropout_05": lambda: dropout(0.5), "dropout_1": lambda: dropout(1.0), "dropout_03_f16": lambda: dropout(0.3, f16),
    "deform_nchw": lambda: deform("NCHW"), "deform_nhwc": lambda: deform("NHWC"),
    "deform_k3_s2_p1": lambda: deform("NCHW", (3, 3), (1, 1, 2, 2), (1, 1, 1, 1)),
    "frac_max": lambda: frac_max(False), "frac_max_ov": lambda: frac_max(True),
    "frac_max_i32": lambda: frac_max(False, np.int32), "frac_max_f64_ov": lambda: frac_max(True, f64),
    "frac_avg": lambda: frac_avg(False), "frac_avg_ov": lambda: frac_avg(True),
    "frac_avg_f64_ov": lambda: frac_avg(True, f64), "frac_avg_i64": lambda: frac_avg(False, np.int64),
    "conv_filter_valid": lambda: conv_filter("valid"), "conv_filter_same_s2": lambda: conv_filter("same", stride=2),
    "conv_filter_pad1": lambda: conv_filter("pad", pad=1),
    "conv_filter_d2": lambda: conv_filter("valid", dilation=2),
    "conv_filter_group2": lambda: conv_filter("valid", group=2),
    "concat_offset_2": lambda: concat_offset(2), "concat_offset_m1": lambda: concat_offset(-1),
}

"""Primitive classes added for the op library's remaining names (issue #11): each calls the functional
op defined in ``ops/_ops3_*.py`` (one definition per op). Star-imported by ``ops.operations`` and ``ops``.

Examples:
    >>> import mindjax as ms
    >>> print(ms.ops.InTopK(1)(ms.Tensor([[0.1, 0.9]]), ms.Tensor([1])))
    [ True]
"""
from __future__ import annotations

from .._primitive import Primitive
from .. import _ops3_math as _m3
from ._utils import simple, set_attrs, type_error, _is_int

__all__ = ["Eps", "InTopK", "CheckNumerics", "CompareAndBitpack"]

Eps = simple("Eps", _m3.eps, "``ops.Eps()(x)``: a Tensor like ``x`` filled with its dtype's machine epsilon.")
CheckNumerics = simple("CheckNumerics", _m3.check_numerics,
                       "``ops.CheckNumerics()(x)``: ``x``; RuntimeError if it holds NaN or Inf.")
CompareAndBitpack = simple("CompareAndBitpack", _m3.compare_and_bitpack,
                           "``ops.CompareAndBitpack()(x, threshold)``: ``x > threshold`` packed into uint8 bytes.")


class InTopK(Primitive):
    """``ops.InTopK(k)(x1, x2)``: whether each target class ``x2[i]`` is among the ``k`` largest of ``x1[i]``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.InTopK(2)(ms.Tensor([[0.1, 0.9, 0.5]]), ms.Tensor([0])))
        [False]
    """

    def __init__(self, k: int):
        super().__init__("InTopK")
        if not _is_int(k):
            raise type_error(self.name, "k", "int", k)
        set_attrs(self, k=int(k))

    def __call__(self, x1, x2):
        return _m3.in_top_k(x1, x2, self.k)


# ---- nn Primitives (ops/_ops3_nn.py) ----------------------------------------------------------------------
from .. import _ops3_nn as _n3  # noqa: E402
from ._utils import check_bool, check_float, check_int, check_str  # noqa: E402

__all__ += ["ROIAlign", "CTCLoss", "CTCLossV2", "LSTM"]


class ROIAlign(Primitive):
    """``ops.ROIAlign(pooled_height, pooled_width, spatial_scale, sample_num=2, roi_end_mode=1)(features, rois)``:
    the bilinear-sampled average of each bin of each region of interest, (R, C, pooled_height, pooled_width).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> print(ms.ops.ROIAlign(1, 1, 1.0, 1)(x, ms.Tensor([[0.0, 0.0, 0.0, 3.0, 3.0]])))
        [[[[10.]]]]
    """

    def __init__(self, pooled_height: int, pooled_width: int, spatial_scale: float, sample_num: int = 2,
                 roi_end_mode: int = 1):
        super().__init__("ROIAlign")
        set_attrs(self, pooled_height=check_int(self.name, "pooled_height", pooled_height),
                  pooled_width=check_int(self.name, "pooled_width", pooled_width),
                  spatial_scale=check_float(self.name, "spatial_scale", spatial_scale),
                  sample_num=check_int(self.name, "sample_num", sample_num),
                  roi_end_mode=check_int(self.name, "roi_end_mode", roi_end_mode))
        if roi_end_mode not in (0, 1):
            raise ValueError(f"For 'ROIAlign', the 'roi_end_mode' must be in [0, 1], but got {roi_end_mode}.")

    def __call__(self, features, rois):
        return _n3.roi_align(features, rois, self.pooled_height, self.pooled_width, self.spatial_scale,
                             self.sample_num, self.roi_end_mode)


class CTCLoss(Primitive):
    """``ops.CTCLoss(preprocess_collapse_repeated=False, ctc_merge_repeated=True,
    ignore_longer_outputs_than_inputs=False)(x, labels_indices, labels_values, sequence_length)``: the CTC loss
    of (T, B, C) logits against sparse labels (blank = C - 1), and its gradient w.r.t. ``x``."""

    def __init__(self, preprocess_collapse_repeated: bool = False, ctc_merge_repeated: bool = True,
                 ignore_longer_outputs_than_inputs: bool = False):
        super().__init__("CTCLoss")
        set_attrs(self, preprocess_collapse_repeated=check_bool(self.name, "preprocess_collapse_repeated",
                                                                preprocess_collapse_repeated),
                  ctc_merge_repeated=check_bool(self.name, "ctc_merge_repeated", ctc_merge_repeated),
                  ignore_longer_outputs_than_inputs=check_bool(self.name, "ignore_longer_outputs_than_inputs",
                                                               ignore_longer_outputs_than_inputs))

    def __call__(self, x, labels_indices, labels_values, sequence_length):
        return _n3.ctc_loss_tf(x, labels_indices, labels_values, sequence_length, self.preprocess_collapse_repeated,
                               self.ctc_merge_repeated, self.ignore_longer_outputs_than_inputs)


class CTCLossV2(Primitive):
    """``ops.CTCLossV2(blank=0, reduction='none', zero_infinity=False)(log_probs, targets, input_lengths,
    target_lengths)``: the per-sample CTC negative log-likelihood of (T, N, C) log-probabilities and log_alpha
    (N, T, 2S + 1). As MindSpore's kernel, the Primitive leaves reduction and zero_infinity to ``ops.ctc_loss``."""

    def __init__(self, blank: int = 0, reduction: str = "none", zero_infinity: bool = False):
        super().__init__("CTCLossV2")
        set_attrs(self, blank=check_int(self.name, "blank", blank),
                  reduction=check_str(self.name, "reduction", reduction, ("none", "mean", "sum")),
                  zero_infinity=check_bool(self.name, "zero_infinity", zero_infinity))

    def __call__(self, log_probs, targets, input_lengths, target_lengths):
        from .._grid_ctc import ctc_nll
        return ctc_nll(log_probs, targets, input_lengths, target_lengths, self.blank)


class LSTM(Primitive):
    """``ops.LSTM(input_size, hidden_size, num_layers, has_bias, bidirectional, dropout, proj_size=0)(x, h, c, w)``:
    a multi-layer LSTM over (T, B, input_size) with all weights flat in ``w`` (MindSpore's CPU layout: every
    W_ih (4H, in), then every W_hh (4H, H), then one bias (4H) per layer and direction; gates i, f, g, o).
    Returns (output, h_n, c_n, reserve, state); reserve and state are MindSpore's backend workspaces, here
    (1, 1) zeros. ``dropout`` between layers is not applied (MindSpore's CPU kernel runs inference)."""

    def __init__(self, input_size: int, hidden_size: int, num_layers: int, has_bias: bool, bidirectional: bool,
                 dropout: float, proj_size: int = 0):
        super().__init__("LSTM")
        set_attrs(self, input_size=check_int(self.name, "input_size", input_size),
                  hidden_size=check_int(self.name, "hidden_size", hidden_size),
                  num_layers=check_int(self.name, "num_layers", num_layers),
                  has_bias=check_bool(self.name, "has_bias", has_bias),
                  bidirectional=check_bool(self.name, "bidirectional", bidirectional),
                  dropout=check_float(self.name, "dropout", dropout),
                  proj_size=check_int(self.name, "proj_size", proj_size))
        for arg in ("input_size", "hidden_size", "num_layers"):
            if getattr(self, arg) <= 0:
                raise ValueError(f"For 'LSTM', the '{arg}' must be a positive int, but got {getattr(self, arg)}.")
        if not 0 <= self.dropout <= 1:
            raise ValueError(f"For 'LSTM', the 'dropout' must be in range [0, 1], but got {dropout}.")
        if proj_size:
            raise ValueError("For 'LSTM', 'proj_size' > 0 is not available in mindjax (MindSpore's CPU kernel "
                             "alone has it); use proj_size=0.")
        self.num_directions = 2 if bidirectional else 1

    def __call__(self, x, h, c, w):
        from ..creation import zeros
        out, hn, cn = _n3.lstm_flat(x, h, c, w, self.input_size, self.hidden_size, self.num_layers, self.has_bias,
                                    self.bidirectional)
        return out, hn, cn, zeros((1, 1), out.dtype), zeros((1, 1), out.dtype)


# ---- optimizer apply-ops (ops/_ops3_apply.py) -----------------------------------------------------------
from .. import _ops3_apply as _a3  # noqa: E402

__all__ += ["FusedSparseAdam", "FusedSparseLazyAdam", "FusedSparseFtrl", "FusedSparseProximalAdagrad",
            "SparseApplyRMSProp", "AdamNoUpdateParam", "FusedCastAdamWeightDecay"]


class _Locking(Primitive):
    def __init__(self, use_locking: bool = False):
        super().__init__(type(self).__name__)
        set_attrs(self, use_locking=check_bool(self.name, "use_locking", use_locking))


class FusedSparseAdam(_Locking):
    """``ops.FusedSparseAdam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power, beta2_power, lr, beta1,
    beta2, epsilon, grad, indices)``: Adam with gradient rows at ``indices`` (repeats summed), in place;
    every row of m and v decays. Returns (var, m, v)."""

    def __init__(self, use_locking: bool = False, use_nesterov: bool = False):
        super().__init__(use_locking)
        set_attrs(self, use_nesterov=check_bool(self.name, "use_nesterov", use_nesterov))

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, indices):
        return _a3.fused_sparse_adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, indices,
                                     self.use_nesterov, lazy=type(self) is FusedSparseLazyAdam)


class FusedSparseLazyAdam(FusedSparseAdam):
    """``ops.FusedSparseLazyAdam(use_locking=False, use_nesterov=False)(...)``: as FusedSparseAdam, but only the
    rows at ``indices`` of var, m and v change. Returns (var, m, v)."""


class FusedSparseFtrl(_Locking):
    """``ops.FusedSparseFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad, indices)``: FTRL on
    the rows ``indices`` (repeats summed), in place. Returns (var, accum, linear)."""

    def __init__(self, lr: float, l1: float, l2: float, lr_power: float, use_locking: bool = False):
        super().__init__(use_locking)
        set_attrs(self, lr=check_float(self.name, "lr", lr), l1=check_float(self.name, "l1", l1),
                  l2=check_float(self.name, "l2", l2), lr_power=check_float(self.name, "lr_power", lr_power))
        if self.lr <= 0:
            raise ValueError(f"For '{self.name}', the 'lr' must be positive, but got {lr}.")
        if self.l1 < 0 or self.l2 < 0:
            raise ValueError(f"For '{self.name}', the 'l1' and 'l2' must be >= 0, but got {l1} and {l2}.")
        if self.lr_power > 0:
            raise ValueError(f"For '{self.name}', the 'lr_power' must be <= 0, but got {lr_power}.")

    def __call__(self, var, accum, linear, grad, indices):
        return _a3.fused_sparse_ftrl(var, accum, linear, grad, indices, self.lr, self.l1, self.l2, self.lr_power)


class FusedSparseProximalAdagrad(_Locking):
    """``ops.FusedSparseProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad, indices)``: proximal
    Adagrad on the rows ``indices`` (repeats summed), in place. Returns (var, accum)."""

    def __call__(self, var, accum, lr, l1, l2, grad, indices):
        return _a3.fused_sparse_proximal_adagrad(var, accum, lr, l1, l2, grad, indices)


class SparseApplyRMSProp(_Locking):
    """``ops.SparseApplyRMSProp(rho, momentum, epsilon, use_locking=False)(var, ms, mom, lr, grad, indices)``:
    RMSProp on the rows ``indices``, in place. Returns (var, ms, mom)."""

    def __init__(self, rho: float, momentum: float, epsilon: float, use_locking: bool = False):
        super().__init__(use_locking)
        set_attrs(self, rho=check_float(self.name, "rho", rho), momentum=check_float(self.name, "momentum", momentum),
                  epsilon=check_float(self.name, "epsilon", epsilon))
        if not 0 <= self.rho <= 1:
            raise ValueError(f"For '{self.name}', the 'rho' must be in range [0, 1], but got {rho}.")
        if self.momentum < 0:
            raise ValueError(f"For '{self.name}', the 'momentum' must be >= 0, but got {momentum}.")
        if self.epsilon <= 0:
            raise ValueError(f"For '{self.name}', the 'epsilon' must be > 0, but got {epsilon}.")

    def __call__(self, var, ms, mom, lr, grad, indices):
        return _a3.sparse_apply_rms_prop(var, ms, mom, lr, grad, indices, self.rho, self.momentum, self.epsilon)


class AdamNoUpdateParam(_Locking):
    """``ops.AdamNoUpdateParam(use_locking=False, use_nesterov=False)(m, v, beta1_power, beta2_power, lr, beta1,
    beta2, epsilon, gradient)``: updates m and v in place and returns the Adam step for the parameter."""

    def __init__(self, use_locking: bool = False, use_nesterov: bool = False):
        super().__init__(use_locking)
        set_attrs(self, use_nesterov=check_bool(self.name, "use_nesterov", use_nesterov))

    def __call__(self, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        return _a3.adam_no_update_param(m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient,
                                        self.use_nesterov)


class FusedCastAdamWeightDecay(_Locking):
    """``ops.FusedCastAdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon, decay, gradient,
    global_norm)``: AdamWeightDecay on a gradient divided by ``global_norm``, in place. Returns (var, m, v)."""

    def __call__(self, var, m, v, lr, beta1, beta2, epsilon, decay, gradient, global_norm):
        return _a3.fused_cast_adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient, global_norm)


# ---- array, sparse and framework Primitives (ops/_ops3_misc.py) ---------------------------------------------
from .. import _ops3_misc as _x3  # noqa: E402

__all__ += ["SparseToDense", "SparseTensorDenseAdd", "SparseTensorDenseMatmul", "SparseSlice", "Coalesce",
            "SelectView", "TransposeView", "TransposeExtView", "CopyWithSlice", "ExtractVolumePatches",
            "NoRepeatNGram", "SubAndFilter", "Assert", "PyFunc", "Partial", "ForiLoop", "WhileLoop", "Scan"]

SparseToDense = simple("SparseToDense", _x3.sparse_to_dense,
                       "``ops.SparseToDense()(indices, values, sparse_shape)``: the dense form of a COO tensor.")
SparseTensorDenseAdd = simple("SparseTensorDenseAdd", _x3.sparse_tensor_dense_add,
                              "``ops.SparseTensorDenseAdd()(x1_indices, x1_values, x1_shape, x2)``: COO + dense.")
SparseSlice = simple("SparseSlice", _x3.sparse_slice,
                     "``ops.SparseSlice()(indices, values, shape, start, size)``: a box of a COO tensor.")
SelectView = simple("SelectView", _x3.select_view,
                    "``ops.SelectView()(input, index, dim)``: the slice ``index`` along ``dim``.")
TransposeExtView = simple("TransposeExtView", _x3.transpose_ext_view,
                          "``ops.TransposeExtView()(input, dim0, dim1)``: two axes swapped.")


def _coalesce(x_indices, x_values, x_shape):
    from ..sparse_ops import coalesce
    return coalesce(x_indices, x_values, x_shape)


Coalesce = simple("Coalesce", _coalesce, "``ops.Coalesce()(x_indices, x_values, x_shape)``: duplicate indices of a "
                                         "COO tensor merged (values added), sorted.")


def _transpose_view(input, input_perm):
    from ..array import transpose
    return transpose(input, input_perm)


TransposeView = simple("TransposeView", _transpose_view, "``ops.TransposeView()(input, perm)``: axes permuted.")


def _copy_with_slice(self_, src):
    from ..._tensor import Tensor
    if not isinstance(self_, Tensor):
        raise TypeError(f"For 'CopyWithSlice', the 'self' must be a Tensor, but got {type(self_).__name__}.")
    self_.copy_(src)
    return self_


CopyWithSlice = simple("CopyWithSlice", _copy_with_slice,
                       "``ops.CopyWithSlice()(self, src)``: ``src`` written into ``self`` in place; returns ``self``.")


class SparseTensorDenseMatmul(Primitive):
    """``ops.SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False)(indices, values, sparse_shape, dense)``:
    the 2-D COO matrix times ``dense`` (either transposed by its flag)."""

    def __init__(self, adjoint_st: bool = False, adjoint_dt: bool = False):
        super().__init__("SparseTensorDenseMatmul")
        set_attrs(self, adjoint_st=check_bool(self.name, "adjoint_st", adjoint_st),
                  adjoint_dt=check_bool(self.name, "adjoint_dt", adjoint_dt))

    def __call__(self, indices, values, sparse_shape, dense):
        return _x3.sparse_tensor_dense_matmul(indices, values, sparse_shape, dense, self.adjoint_st, self.adjoint_dt)


def _five(name, arg, v, padding_check=False):
    if not isinstance(v, (tuple, list)) or len(v) != 5 or not all(_is_int(e) for e in v):
        raise TypeError(f"For '{name}', the '{arg}' must be a tuple or list of 5 ints, but got {v}.")
    if v[0] != 1 or v[1] != 1 or any(e <= 0 for e in v):
        raise ValueError(f"For '{name}', the '{arg}' must be (1, 1, d, h, w) with positive d, h, w, but got {v}.")
    return tuple(int(e) for e in v)


class ExtractVolumePatches(Primitive):
    """``ops.ExtractVolumePatches(kernel_size, strides, padding)(x)``: the patches of a (N, C, D, H, W) volume as
    channels ordered (kd, kh, kw, C); ``kernel_size`` and ``strides`` are (1, 1, d, h, w), padding 'VALID' or
    'SAME'."""

    def __init__(self, kernel_size, strides, padding: str):
        super().__init__("ExtractVolumePatches")
        set_attrs(self, kernel_size=_five(self.name, "kernel_size", kernel_size),
                  strides=_five(self.name, "strides", strides),
                  padding=check_str(self.name, "padding", padding.upper() if isinstance(padding, str) else padding,
                                    ("VALID", "SAME")))

    def __call__(self, x):
        return _x3.extract_volume_patches(x, self.kernel_size, self.strides, self.padding)


class NoRepeatNGram(Primitive):
    """``ops.NoRepeatNGram(ngram_size=1)(state_seq, log_probs)``: ``log_probs`` with the tokens that would repeat
    an n-gram of ``state_seq`` set to -FLT_MAX."""

    def __init__(self, ngram_size: int = 1):
        super().__init__("NoRepeatNGram")
        set_attrs(self, ngram_size=check_int(self.name, "ngram_size", ngram_size))
        if self.ngram_size <= 0:
            raise ValueError(f"For 'NoRepeatNGram', the 'ngram_size' must be positive, but got {ngram_size}.")

    def __call__(self, state_seq, log_probs):
        return _x3.no_repeat_ngram(state_seq, log_probs, self.ngram_size)


SubAndFilter = simple("SubAndFilter", _x3.sub_and_filter,
                      "``ops.SubAndFilter()(input_x, max_num, offset)``: the values of ``input_x - offset`` in "
                      "[0, max_num) and their positions.")


class Assert(Primitive):
    """``ops.Assert(summarize=3)(condition, input_data)``: RuntimeError 'assert failed' when ``condition`` is
    False (printing up to ``summarize`` values of each input first)."""

    def __init__(self, summarize: int = 3):
        super().__init__("Assert")
        set_attrs(self, summarize=check_int(self.name, "summarize", summarize))

    def __call__(self, condition, input_data):
        return _x3.assert_(condition, input_data, self.summarize)


class PyFunc(Primitive):
    """``ops.PyFunc(fn, in_types, in_shapes, out_types, out_shapes, stateful=True)(*inputs)``: the Python
    function ``fn`` on numpy arrays as an op (also inside jit); returns a tuple of Tensors."""

    def __init__(self, fn, in_types, in_shapes, out_types, out_shapes, stateful: bool = True):
        super().__init__("PyFunc")
        if not callable(fn):
            raise TypeError(f"For 'PyFunc', the 'fn' must be callable, but got {type(fn).__name__}.")
        for arg, v in (("in_types", in_types), ("in_shapes", in_shapes), ("out_types", out_types),
                       ("out_shapes", out_shapes)):
            if not isinstance(v, (list, tuple)):
                raise TypeError(f"For 'PyFunc', the '{arg}' must be a list or tuple, but got {type(v).__name__}.")
        self.fn = fn
        set_attrs(self, in_types=list(in_types), in_shapes=list(in_shapes), out_types=list(out_types),
                  out_shapes=list(out_shapes), stateful=check_bool(self.name, "stateful", stateful))

    def __call__(self, *args):
        return _x3.py_func(self.fn, self.in_types, self.in_shapes, self.out_types, self.out_shapes, args)


class Partial(Primitive):
    """``ops.Partial()(func, *args)``: ``func`` with its first arguments bound (a callable).

    Examples:
        >>> import mindjax as ms
        >>> add2 = ms.ops.Partial()(ms.ops.add, ms.Tensor(2.0))
        >>> print(add2(ms.Tensor(3.0)))
        5.0
    """

    def __init__(self):
        super().__init__("Partial")

    def __call__(self, func, *args):
        import functools
        if not callable(func):
            raise TypeError(f"For 'Partial', the 'func' must be callable, but got {type(func).__name__}.")
        return functools.partial(func, *args)


def _as_int(name, arg, v):
    from ..._tensor import Tensor
    if isinstance(v, Tensor):
        v = v.asnumpy().item()
    if not _is_int(v):
        raise TypeError(f"For '{name}', the '{arg}' must be an int, but got {type(v).__name__}.")
    return int(v)


class ForiLoop(Primitive):
    """``ops.ForiLoop()(lower, upper, loop_func, init_val, unroll=True)``: ``init_val`` passed through
    ``loop_func(i, val)`` for i in [lower, upper); under jit the loop is unrolled (its bounds are Python ints).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.ForiLoop()(0, 3, lambda i, v: v * 2 + i, ms.Tensor(1.0)))
        12.0
    """

    def __init__(self):
        super().__init__("ForiLoop")

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        lo, hi = _as_int(self.name, "lower", lower), _as_int(self.name, "upper", upper)
        val = init_val
        for i in range(lo, hi):
            val = loop_func(i, val)
        return val


class WhileLoop(Primitive):
    """``ops.WhileLoop()(cond_func, loop_func, init_val)``: ``loop_func`` applied to ``init_val`` while
    ``cond_func`` holds (its value is read each step: eager, or a condition on Python values under jit)."""

    def __init__(self):
        super().__init__("WhileLoop")

    def __call__(self, cond_func, loop_func, init_val):
        for arg, f in (("cond_func", cond_func), ("loop_func", loop_func)):
            if not callable(f):
                raise TypeError(f"For 'WhileLoop', the '{arg}' must be callable, but got {type(f).__name__}.")
        val = init_val
        while bool(cond_func(val)):
            val = loop_func(val)
        return val


class Scan(Primitive):
    """``ops.Scan()(loop_func, init, xs, length=None, unroll=True)``: ``carry, y = loop_func(carry, x)`` over the
    elements of ``xs`` (or ``length`` times with x None); returns (carry, [y...])."""

    def __init__(self):
        super().__init__("Scan")

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        if not callable(loop_func):
            raise TypeError(f"For 'Scan', the 'loop_func' must be callable, but got {type(loop_func).__name__}.")
        if xs is None:
            if length is None:
                raise ValueError("For 'Scan', the 'length' must be given when 'xs' is None.")
            items = [None] * _as_int(self.name, "length", length)
        else:
            items = list(xs)
            if length is not None and _as_int(self.name, "length", length) != len(items):
                raise ValueError(f"For 'Scan', the 'length' {length} must be the length of 'xs' {len(items)}.")
        carry, ys = init, []
        for x in items:
            carry, y = loop_func(carry, x)
            ys.append(y)
        return carry, ys


__all__ += ["InsertGradientOf", "TensorDump", "NonMaxSuppressionWithOverlaps"]


class InsertGradientOf(Primitive):
    """``ops.InsertGradientOf(f)(x)``: the identity; in backward ``f`` gets the gradient of ``x`` and returns the
    one to pass on.

    Examples:
        >>> import mindjax as ms
        >>> double = ms.ops.InsertGradientOf(lambda g: g * 2)
        >>> print(ms.grad(lambda x: double(x) * 3)(ms.Tensor(1.0)))
        6.0
    """

    def __init__(self, f):
        super().__init__("InsertGradientOf")
        if not callable(f):
            raise TypeError(f"For 'InsertGradientOf', the 'f' must be callable, but got {type(f).__name__}.")
        self.f = f

    def __call__(self, input_x):
        return _x3.insert_gradient_of(self.f, input_x)


class TensorDump(Primitive):
    """``ops.TensorDump(input_output='out')(file, input_x)``: saves ``input_x`` as ``{file}_{dtype}_{id}.npy``."""

    def __init__(self, input_output: str = "out"):
        super().__init__("TensorDump")
        set_attrs(self, input_output=check_str(self.name, "input_output", input_output, ("in", "out", "all")))

    def __call__(self, file, input_x):
        return _x3.tensor_dump(file, input_x, self.input_output)


NonMaxSuppressionWithOverlaps = simple(
    "NonMaxSuppressionWithOverlaps", _x3.nms_with_overlaps,
    "``ops.NonMaxSuppressionWithOverlaps()(overlaps, scores, max_output_size, overlap_threshold, score_threshold)``:"
    " greedy non-maximum suppression on a precomputed overlap matrix; int32 indices.")


__all__ += ["ScaleAndTranslate"]


class ScaleAndTranslate(Primitive):
    """``ops.ScaleAndTranslate(kernel_type='lanczos3', antialias=True)(images, size, scale, translation)``: NHWC
    images resampled to ``size`` with TensorFlow's sampling kernels ('lanczos1', 'lanczos3', 'lanczos5',
    'gaussian', 'box', 'triangle', 'keyscubic', 'mitchellcubic'); float32."""

    _KINDS = ("lanczos1", "lanczos3", "lanczos5", "gaussian", "box", "triangle", "keyscubic", "mitchellcubic")

    def __init__(self, kernel_type: str = "lanczos3", antialias: bool = True):
        super().__init__("ScaleAndTranslate")
        set_attrs(self, kernel_type=check_str(self.name, "kernel_type", kernel_type, self._KINDS),
                  antialias=check_bool(self.name, "antialias", antialias))

    def __call__(self, images, size, scale, translation):
        return _x3.scale_and_translate(images, size, scale, translation, self.kernel_type, self.antialias)

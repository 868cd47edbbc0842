"""``mindspore.mint.nn.functional``: PyTorch-style nn functions over ``mindjax.ops``.

A name whose op is not implemented yet is absent (``_absent`` lists it with the missing ops).

Example:
    >>> import mindjax as ms
    >>> import mindjax.mint.nn.functional as F
    >>> F.linear(ms.Tensor([[1., 2.]]), ms.Tensor([[1., 1.]])).asnumpy().tolist()
    [[3.0]]
"""
from __future__ import annotations

import math

from ... import ops as _ops
from ... import _dtype as mstype
from ..._tensor import Tensor
from .._adapt import install as _install, needs
from . import _pool

_CANDIDATES: dict = {}
_absent: dict = {}


def _inplace(input: Tensor, new: Tensor) -> Tensor:
    """Write ``new`` into ``input`` through the same path as ``Tensor.__setitem__`` (the tape follows)."""
    from ...common.parameter import Parameter
    if isinstance(input, Parameter):
        return _ops.assign(input, new)
    input._data = new._data
    input._node, input._idx = new._node, new._idx
    return input


def _act(name: str, op_name: str, doc_arg: str = ""):
    def fn(input: Tensor, inplace: bool = False) -> Tensor:
        out = getattr(_ops, op_name)(input)
        return _inplace(input, out) if inplace else out
    fn.__doc__ = (f"``{name}(input, inplace=False)``: as ``ops.{op_name}``.\n\nExample:\n"
                  f"    >>> F.{name}(ms.Tensor([-1., 1.])).shape\n    (2,)\n")
    fn.__name__ = fn.__qualname__ = name
    fn.__mint_needs__ = (op_name,)
    _CANDIDATES[name] = fn


_act("relu", "relu")
_act("relu6", "relu6")
_act("silu", "silu")


def _plain(name: str, op_name: str):
    def fn(input: Tensor) -> Tensor:
        return getattr(_ops, op_name)(input)
    fn.__doc__ = (f"``{name}(input)``: as ``ops.{op_name}``.\n\nExample:\n"
                  f"    >>> F.{name}(ms.Tensor([-1., 1.])).shape\n    (2,)\n")
    fn.__name__ = fn.__qualname__ = name
    fn.__mint_needs__ = (op_name,)
    _CANDIDATES[name] = fn


_plain("sigmoid", "sigmoid")
_plain("tanh", "tanh")
_plain("logsigmoid", "logsigmoid")


def _inplace_of(name: str, base: str):
    def fn(input: Tensor, *args, **kwargs) -> Tensor:
        return _inplace(input, _CANDIDATES[base](input, *args, **kwargs))
    fn.__doc__ = (f"In-place ``{base}``: ``input`` takes the result, which is returned.\n\nExample:\n"
                  f"    >>> x = ms.Tensor([-1., 1.]); _ = F.{name}(x)\n")
    fn.__name__ = fn.__qualname__ = name
    fn.__mint_needs__ = getattr(_CANDIDATES[base], "__mint_needs__", ())
    _CANDIDATES[name] = fn


@needs("elu")
def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """``x if x > 0 else alpha * (exp(x) - 1)``.

    Example:
        >>> F.elu(ms.Tensor([1.])).asnumpy().tolist()
        [1.0]
    """
    out = _ops.elu(input, alpha)
    return _inplace(input, out) if inplace else out


@needs("hardtanh")
def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False) -> Tensor:
    """Clip to ``[min_val, max_val]``.

    Example:
        >>> F.hardtanh(ms.Tensor([2.])).asnumpy().tolist()
        [1.0]
    """
    out = _ops.hardtanh(input, min_val, max_val)
    return _inplace(input, out) if inplace else out


@needs("threshold")
def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:  # noqa: F811
    """``x if x > threshold else value``.

    Example:
        >>> F.threshold(ms.Tensor([0., 2.]), 1., 9.).asnumpy().tolist()
        [9.0, 2.0]
    """
    out = _ops.threshold(input, threshold, value)
    return _inplace(input, out) if inplace else out


@needs("gelu")
def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    """GELU, exact (``"none"``) or with the tanh approximation.

    Example:
        >>> F.gelu(ms.Tensor([0.])).asnumpy().tolist()
        [0.0]
    """
    return _ops.gelu(input, approximate)


@needs("leaky_relu")
def leaky_relu(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """``x if x > 0 else negative_slope * x`` (PyTorch's default slope 0.01).

    Example:
        >>> F.leaky_relu(ms.Tensor([-1.])).asnumpy().tolist()
        [-0.009999999776482582]
    """
    return _ops.leaky_relu(input, negative_slope)


@needs("glu")
def glu(input: Tensor, dim: int = -1) -> Tensor:
    """Gated linear unit: ``a * sigmoid(b)`` of the two halves along ``dim``.

    Example:
        >>> F.glu(ms.Tensor([[1., 0.]])).shape
        (1, 1)
    """
    return _ops.glu(input, dim)


def _softmax_dim(ndim: int) -> int:
    # PyTorch's implicit dim: 0 for 0-, 1- and 3-D inputs, else 1
    return 0 if ndim in (0, 1, 3) else 1


@needs("softmax", "cast")
def softmax(input: Tensor, dim: int | None = None, dtype=None) -> Tensor:
    """Softmax along ``dim`` (PyTorch's implicit dim when None).

    Example:
        >>> F.softmax(ms.Tensor([0., 0.]), 0).asnumpy().tolist()
        [0.5, 0.5]
    """
    x = input if dtype is None else _ops.cast(input, dtype)
    return _ops.softmax(x, _softmax_dim(x.ndim) if dim is None else dim)


@needs("log_softmax", "cast")
def log_softmax(input: Tensor, dim: int | None = None, *, dtype=None) -> Tensor:
    """Log of softmax along ``dim`` (PyTorch's implicit dim when None).

    Example:
        >>> F.log_softmax(ms.Tensor([0., 0.]), 0).shape
        (2,)
    """
    x = input if dtype is None else _ops.cast(input, dtype)
    return _ops.log_softmax(x, _softmax_dim(x.ndim) if dim is None else dim)


@needs("prelu")
def prelu(input: Tensor, weight: Tensor) -> Tensor:
    """``x if x > 0 else weight * x``, ``weight`` per channel (dim 1) or one value.

    Example:
        >>> F.prelu(ms.Tensor([-2.]), ms.Tensor([0.25])).asnumpy().tolist()
        [-0.5]
    """
    return _ops.prelu(input, weight)


@needs("matmul", "swapaxes", "add")
def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``.

    Example:
        >>> F.linear(ms.Tensor([[1., 2.]]), ms.Tensor([[1., 1.]]), ms.Tensor([1.])).asnumpy().tolist()
        [[4.0]]
    """
    w = _ops.swapaxes(weight, -1, -2) if weight.ndim >= 2 else weight
    out = _ops.matmul(input, w)
    return out if bias is None else _ops.add(out, bias)


@needs("flatten")
def flatten(input: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """Merge dims ``start_dim``..``end_dim``.

    Example:
        >>> F.flatten(ms.Tensor([[1., 2.]])).shape
        (2,)
    """
    return _ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


@needs("normalize")
def normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Tensor:
    """``input / max(||input||_p, eps)`` along ``dim``.

    Example:
        >>> F.normalize(ms.Tensor([[3., 4.]])).asnumpy().tolist()
        [[0.6000000238418579, 0.800000011920929]]
    """
    return _ops.normalize(input, p, dim, eps)


@needs("one_hot", "amax", "cast")
def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """int64 one-hot vectors of ``num_classes`` (max + 1 when -1).

    Example:
        >>> F.one_hot(ms.Tensor([0, 2])).asnumpy().tolist()
        [[1, 0, 0], [0, 0, 1]]
    """
    depth = int(_ops.amax(tensor).item()) + 1 if num_classes == -1 else num_classes
    one, zero = Tensor(1, mstype.int64), Tensor(0, mstype.int64)
    return _ops.cast(_ops.one_hot(tensor, depth, one, zero), mstype.int64)


@needs("dropout")
def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    """Zero elements with probability ``p`` and scale the rest by ``1 / (1 - p)`` (only when ``training``).

    Example:
        >>> F.dropout(ms.Tensor([1., 2.]), 0.5, training=False).asnumpy().tolist()
        [1.0, 2.0]
    """
    if not training or p == 0:
        return input
    out = _ops.dropout(input, p, True)
    return _inplace(input, out) if inplace else out


@needs("dropout2d")
def dropout2d(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    """Zero whole channels with probability ``p`` (only when ``training``).

    Example:
        >>> F.dropout2d(ms.Tensor([[[[1.]]]]), 0.5, False).shape
        (1, 1, 1, 1)
    """
    if not training or p == 0:
        return input
    out = _ops.dropout2d(input, p, True)
    out = out[0] if isinstance(out, tuple) else out
    return _inplace(input, out) if inplace else out


@needs("gather", "mul", "sqrt", "sum", "minimum", "where", "stop_gradient", "equal", "expand_dims", "pow", "abs")
def embedding(input: Tensor, weight: Tensor, padding_idx: int | None = None, max_norm: float | None = None,
              norm_type: float = 2.0, scale_grad_by_freq: bool = False) -> Tensor:
    """Rows of ``weight`` at ``input``; ``max_norm`` rescales rows whose ``norm_type`` norm is larger;
    the row ``padding_idx`` gets no gradient.

    Example:
        >>> F.embedding(ms.Tensor([1]), ms.Tensor([[0., 0.], [1., 2.]])).asnumpy().tolist()
        [[1.0, 2.0]]
    """
    rows = _ops.gather(weight, input, 0)
    if max_norm is not None:
        nrm = _ops.pow(_ops.sum(_ops.pow(_ops.abs(rows), norm_type), -1, True), 1.0 / norm_type)
        scale = _ops.minimum(_ops.div(Tensor(max_norm, rows.dtype), nrm + 1e-7), Tensor(1.0, rows.dtype))
        rows = _ops.mul(rows, _ops.stop_gradient(scale))
    if padding_idx is not None:
        pad = _ops.expand_dims(_ops.equal(input, padding_idx % weight.shape[0]), -1)
        rows = _ops.where(pad, _ops.stop_gradient(rows), rows)
    return rows


@needs("layer_norm")
def layer_norm(input: Tensor, normalized_shape, weight: Tensor | None = None, bias: Tensor | None = None,
               eps: float = 1e-05) -> Tensor:
    """Normalise over the last ``len(normalized_shape)`` dims, then scale and shift.

    Example:
        >>> F.layer_norm(ms.Tensor([[1., 3.]]), (2,)).shape
        (1, 2)
    """
    ns = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    return _ops.layer_norm(input, ns, weight, bias, eps)


@needs("group_norm")
def group_norm(input: Tensor, num_groups: int, weight: Tensor | None = None, bias: Tensor | None = None,
               eps: float = 1e-05) -> Tensor:
    """Normalise over groups of channels, then scale and shift per channel.

    Example:
        >>> F.group_norm(ms.Tensor([[[1.], [3.]]]), 1).shape
        (1, 2, 1)
    """
    return _ops.group_norm(input, num_groups, weight, bias, eps)


@needs("batch_norm", "ones", "zeros", "mean", "var", "sub", "div", "sqrt", "mul", "add", "reshape",
       "stop_gradient")
def batch_norm(input: Tensor, running_mean: Tensor, running_var: Tensor, weight: Tensor | None = None,
               bias: Tensor | None = None, training: bool = False, momentum: float = 0.1,
               eps: float = 1e-05) -> Tensor:
    """Batch normalisation over dim 1. In training, the batch statistics normalise and
    ``running_mean``/``running_var`` (Tensors or Parameters) are updated in place with ``momentum``
    (the variance unbiased), as PyTorch.

    Example:
        >>> F.batch_norm(ms.Tensor([[1., 2.]]), ms.Tensor([0., 0.]), ms.Tensor([1., 1.])).shape
        (1, 2)
    """
    c = input.shape[1]
    w = weight if weight is not None else _ops.ones((c,), input.dtype)
    b = bias if bias is not None else _ops.zeros((c,), input.dtype)
    if not training:
        return _ops.batch_norm(input, running_mean, running_var, w, b, False, momentum, eps)
    axes = (0,) + tuple(range(2, input.ndim))
    shape = (1, c) + (1,) * (input.ndim - 2)
    mean = _ops.mean(input, axes, True)
    var = _ops.var(input, axes, 0, True)
    y = _ops.div(_ops.sub(input, mean), _ops.sqrt(_ops.add(var, eps)))
    y = _ops.add(_ops.mul(y, _ops.reshape(w, shape)), _ops.reshape(b, shape))
    n = input.size // c
    if running_mean is not None:
        m = _ops.stop_gradient(_ops.reshape(mean, (c,)))
        _inplace(running_mean, _ops.add(_ops.mul(running_mean, 1 - momentum), _ops.mul(m, momentum)))
    if running_var is not None:
        v = _ops.stop_gradient(_ops.mul(_ops.reshape(var, (c,)), n / max(n - 1, 1)))
        _inplace(running_var, _ops.add(_ops.mul(running_var, 1 - momentum), _ops.mul(v, momentum)))
    return y


@needs("pixel_shuffle")
def pixel_shuffle(input: Tensor, upscale_factor: int) -> Tensor:
    """Rearrange (N, C*r*r, H, W) into (N, C, H*r, W*r).

    Example:
        >>> F.pixel_shuffle(ms.ops.zeros((1, 4, 1, 1)), 2).shape
        (1, 1, 2, 2)
    """
    return _ops.pixel_shuffle(input, upscale_factor)


@needs("pad")
def pad(input: Tensor, pad, mode: str = "constant", value: float | None = None) -> Tensor:  # noqa: F811
    """Pad the last dims by ``pad`` = (left, right, top, bottom, ...), mode constant/reflect/replicate/circular.

    Example:
        >>> F.pad(ms.Tensor([[1., 2.]]), (1, 1)).asnumpy().tolist()
        [[0.0, 1.0, 2.0, 0.0]]
    """
    return _ops.pad(input, tuple(pad), mode, value)


# ------------------------------------------------------------------ convolutions
def _conv_padding(padding, nd: int):
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            raise ValueError(f"For 'conv{nd}d', the 'padding' must be 'same', 'valid' or ints, but got '{padding}'.")
        return padding, 0
    p = (padding,) * nd if isinstance(padding, int) else tuple(padding)
    if nd == 1:
        return "pad", p[0]
    return "pad", tuple(v for v in p for _ in (0, 1))  # (top, bottom, left, right, ...)


@needs("conv2d")
def conv2d(input: Tensor, weight: Tensor, bias: Tensor | None = None, stride=1, padding=0, dilation=1,
           groups: int = 1) -> Tensor:
    """2-D convolution (NCHW); ``padding`` ints or "same"/"valid".

    Example:
        >>> F.conv2d(ms.ops.zeros((1, 2, 5, 5)), ms.ops.zeros((3, 2, 3, 3))).shape
        (1, 3, 3, 3)
    """
    mode, p = _conv_padding(padding, 2)
    return _ops.conv2d(input, weight, bias, stride, mode, p, dilation, groups)


@needs("conv1d")
def conv1d(input: Tensor, weight: Tensor, bias: Tensor | None = None, stride=1, padding=0, dilation=1,
           groups: int = 1) -> Tensor:
    """1-D convolution (NCL); ``padding`` an int or "same"/"valid".

    Example:
        >>> F.conv1d(ms.ops.zeros((1, 2, 7)), ms.ops.zeros((3, 2, 3))).shape
        (1, 3, 5)
    """
    mode, p = _conv_padding(padding, 1)
    return _ops.conv1d(input, weight, bias, stride, mode, p, dilation, groups)


@needs("conv3d")
def conv3d(input: Tensor, weight: Tensor, bias: Tensor | None = None, stride=1, padding=0, dilation=1,
           groups: int = 1) -> Tensor:
    """3-D convolution (NCDHW); ``padding`` ints or "same"/"valid".

    Example:
        >>> F.conv3d(ms.ops.zeros((1, 2, 4, 4, 4)), ms.ops.zeros((3, 2, 2, 2, 2))).shape
        (1, 3, 3, 3, 3)
    """
    mode, p = _conv_padding(padding, 3)
    return _ops.conv3d(input, weight, bias, stride, mode, p, dilation, groups)


@needs("conv_transpose2d")
def conv_transpose2d(input: Tensor, weight: Tensor, bias: Tensor | None = None, stride=1, padding=0,
                     output_padding=0, groups: int = 1, dilation=1) -> Tensor:
    """Transposed 2-D convolution (weight (in, out/groups, kH, kW)).

    Example:
        >>> F.conv_transpose2d(ms.ops.zeros((1, 2, 4, 4)), ms.ops.zeros((2, 3, 3, 3))).shape
        (1, 3, 6, 6)
    """
    return _ops.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


@needs("fold")
def fold(input: Tensor, output_size, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """Sum sliding blocks (N, C*kh*kw, L) back into (N, C, H, W).

    Example:
        >>> F.fold(ms.ops.zeros((1, 8, 6)), (3, 4), 2).shape
        (1, 2, 3, 4)
    """
    return _ops.fold(input, output_size, kernel_size, dilation, padding, stride)


@needs("unfold")
def unfold(input: Tensor, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """Sliding blocks of (N, C, H, W) as (N, C*kh*kw, L).

    Example:
        >>> F.unfold(ms.ops.zeros((1, 2, 4, 4)), 2).shape
        (1, 8, 9)
    """
    return _ops.unfold(input, kernel_size, dilation, padding, stride)


# ------------------------------------------------------------------ resampling
@needs("interpolate")
def interpolate(input: Tensor, size=None, scale_factor=None, mode: str = "nearest", align_corners=None,
                recompute_scale_factor=None) -> Tensor:
    """Resize to ``size`` or by ``scale_factor`` (nearest, linear, bilinear, bicubic, trilinear, area).

    Example:
        >>> F.interpolate(ms.ops.zeros((1, 2, 3, 4)), (6, 8)).shape
        (1, 2, 6, 8)
    """
    if size is None and scale_factor is not None:
        # ops.interpolate refuses scale_factor for most modes: the output size it gives
        sf = (scale_factor,) * (input.ndim - 2) if isinstance(scale_factor, (int, float)) else scale_factor
        size = tuple(int(math.floor(n * f)) for n, f in zip(input.shape[2:], sf))
        size, scale_factor = (size[0] if len(size) == 1 else size), None
    return _ops.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


@needs("interpolate")
def upsample(input: Tensor, size=None, scale_factor=None, mode: str = "nearest", align_corners=None) -> Tensor:
    """:func:`interpolate` without ``recompute_scale_factor``.

    Example:
        >>> F.upsample(ms.ops.zeros((1, 2, 3, 4)), scale_factor=2.0).shape
        (1, 2, 6, 8)
    """
    return interpolate(input, size, scale_factor, mode, align_corners)


@needs("grid_sample")
def grid_sample(input: Tensor, grid: Tensor, mode: str = "bilinear", padding_mode: str = "zeros",
                align_corners=None) -> Tensor:
    """Sample ``input`` at the normalised coordinates of ``grid``.

    Example:
        >>> F.grid_sample(ms.ops.zeros((1, 2, 4, 4)), ms.ops.zeros((1, 3, 3, 2))).shape
        (1, 2, 3, 3)
    """
    return _ops.grid_sample(input, grid, mode, padding_mode, bool(align_corners))


# ------------------------------------------------------------------ losses
def _reduce(v: Tensor, reduction: str, name: str) -> Tensor:
    if reduction == "mean":
        return _ops.mean(v)
    if reduction == "sum":
        return _ops.sum(v)
    if reduction == "none":
        return v
    raise ValueError(f"For '{name}', the 'reduction' must be 'none', 'mean' or 'sum', but got '{reduction}'.")


@needs("mse_loss")
def mse_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Mean squared error (``reduction`` none/mean/sum).

    Example:
        >>> F.mse_loss(ms.Tensor([1., 2.]), ms.Tensor([1., 4.])).asnumpy().tolist()
        2.0
    """
    return _ops.mse_loss(input, target, reduction)


@needs("binary_cross_entropy")
def binary_cross_entropy(input: Tensor, target: Tensor, weight: Tensor | None = None,
                         reduction: str = "mean") -> Tensor:
    """``-w (t log x + (1 - t) log(1 - x))`` for probabilities ``input``.

    Example:
        >>> F.binary_cross_entropy(ms.Tensor([0.5]), ms.Tensor([1.])).shape
        ()
    """
    return _ops.binary_cross_entropy(input, target, weight, reduction)


@needs("binary_cross_entropy_with_logits")
def binary_cross_entropy_with_logits(input: Tensor, target: Tensor, weight: Tensor | None = None,
                                     reduction: str = "mean", pos_weight: Tensor | None = None) -> Tensor:
    """Binary cross entropy of ``sigmoid(input)``, computed stably; ``pos_weight`` weighs positives.

    Example:
        >>> F.binary_cross_entropy_with_logits(ms.Tensor([0.]), ms.Tensor([1.])).shape
        ()
    """
    return _ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


@needs("xlogy", "exp", "mul", "sub", "sum", "mean")
def kl_div(input: Tensor, target: Tensor, reduction: str = "mean", log_target: bool = False) -> Tensor:
    """KL divergence with ``input`` in log space: ``target * (log target - input)``; "batchmean" divides
    the sum by the batch size.

    Example:
        >>> F.kl_div(ms.Tensor([-1.]), ms.Tensor([0.5]), "sum").shape
        ()
    """
    if log_target:
        v = _ops.mul(_ops.exp(target), _ops.sub(target, input))
    else:
        v = _ops.sub(_ops.xlogy(target, target), _ops.mul(target, input))
    if reduction == "batchmean":
        return _ops.sum(v) / (input.shape[0] if input.ndim else 1)
    return _reduce(v, reduction, "kl_div")


@needs("cross_entropy")
def cross_entropy(input: Tensor, target: Tensor, weight: Tensor | None = None, ignore_index: int = -100,
                  reduction: str = "mean", label_smoothing: float = 0.0) -> Tensor:
    """Cross entropy of logits ``input`` with class indices or class probabilities ``target``.

    Example:
        >>> F.cross_entropy(ms.Tensor([[0., 0.]]), ms.Tensor([1])).shape
        ()
    """
    return _ops.cross_entropy(input, target, weight, ignore_index, reduction, label_smoothing)


@needs("nll_loss")
def nll_loss(input: Tensor, target: Tensor, weight: Tensor | None = None, ignore_index: int = -100,
             reduction: str = "mean") -> Tensor:
    """Negative log likelihood of log-probabilities ``input`` at the class indices ``target``.

    Example:
        >>> F.nll_loss(ms.Tensor([[-1., -2.]]), ms.Tensor([1])).asnumpy().tolist()
        2.0
    """
    return _ops.nll_loss(input, target, weight, ignore_index, reduction)


@needs("softplus", "mul", "neg", "mean", "sum")
def soft_margin_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """``log(1 + exp(-target * input))`` (targets +-1).

    Example:
        >>> F.soft_margin_loss(ms.Tensor([0.]), ms.Tensor([1.])).shape
        ()
    """
    return _reduce(_ops.softplus(_ops.neg(_ops.mul(target, input))), reduction, "soft_margin_loss")


@needs("cosine_embedding_loss")
def cosine_embedding_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0.0,
                          reduction: str = "mean") -> Tensor:
    """``1 - cos`` for target 1, ``max(0, cos - margin)`` for target -1.

    Example:
        >>> F.cosine_embedding_loss(ms.Tensor([[1., 0.]]), ms.Tensor([[1., 0.]]), ms.Tensor([1])).shape
        ()
    """
    return _ops.cosine_embedding_loss(input1, input2, target, margin, reduction)


_CANDIDATES.update({_k: _f for _k, _f in list(globals().items())
                    if not _k.startswith("_") and callable(_f) and hasattr(_f, "__mint_needs__")})
_CANDIDATES.update(_pool.CANDIDATES)
_inplace_of("relu_", "relu")
_inplace_of("sigmoid_", "sigmoid")
_inplace_of("elu_", "elu")
_inplace_of("hardtanh_", "hardtanh")
_inplace_of("threshold_", "threshold")
__all__ = _install(globals(), _CANDIDATES, _absent)

from ._functional_ext import smooth_l1_loss, softplus  # noqa: E402,F401  (outside __all__, as in MindSpore)
from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

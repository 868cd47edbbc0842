"""More loss and activation functions of ``mindspore.ops``: margin ranking, hinge embedding,
cosine embedding, multi-margin, multilabel soft margin, Huber, Gaussian NLL; softmin,
tanhshrink, threshold, GLU, hard and soft shrink.

Each is composed of existing mindjax ops, so its gradient comes from their bprops (no new
primitive, no new bprop to keep right)."""
from __future__ import annotations

import math
import numbers

from .. import _dtype as mstype
from ._base import cast, tensor_of
from . import math as M
from . import reduction as R
from . import array as A
from .nn_ops import softmax

__all__ = ["margin_ranking_loss", "hinge_embedding_loss", "cosine_embedding_loss", "multi_margin_loss",
           "multilabel_soft_margin_loss", "huber_loss", "gaussian_nll_loss", "softmin", "tanhshrink", "threshold",
           "glu", "hardshrink", "softshrink"]

_REDUCTIONS = ("mean", "sum", "none")


def _is_real(v, allow_int=True) -> bool:
    if isinstance(v, bool):
        return False
    return isinstance(v, float) or (allow_int and isinstance(v, numbers.Integral))


def _type_error(cls, arg, v, types):
    kinds = f"'{types[0]}'" if len(types) == 1 else f"one of '{list(types)}'"
    return TypeError(f"For '{cls}', the type of '{arg}' should be {kinds}, but got type '{type(v).__name__}'.")


def check_reduction(cls: str, reduction) -> str:
    """LossBase's check (and its message)."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"For '{cls}', the 'reduction' must be in ['mean', 'sum', 'none'], but got {reduction}.")
    return reduction


def check_string(cls: str, arg: str, v, options) -> str:
    """The validator's ``check_string`` message, used where MindSpore uses it instead of LossBase's."""
    if not isinstance(v, str) or v not in options:
        raise ValueError(f"For '{cls}', the '{arg}' must be str and must be in '{list(options)}', but got '{v}'.")
    return v


def _tensor(v, arg, cls):
    from .._tensor import Tensor
    if not isinstance(v, Tensor):
        raise TypeError(f"For '{cls}', the '{arg}' must be a Tensor, but got {type(v).__name__}.")
    return v


def reduce_loss(x, reduction: str, cls: str, weights=None):
    """MindSpore's ``_get_loss``: weight, reduce in float32, cast back to the input dtype."""
    check_reduction(cls, reduction)
    dtype = x.dtype
    x = cast(x, mstype.float32)
    if weights is not None:
        x = M.mul(cast(weights, mstype.float32), x)
    if reduction == "mean":
        x = R.mean(x)
    elif reduction == "sum":
        x = R.sum(x)
    return cast(x, dtype)


def margin_ranking_loss(input1, input2, target, margin: float = 0.0, reduction: str = "mean"):
    """``ops.margin_ranking_loss``: max(0, -target * (input1 - input2) + margin), reduced.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x1, x2 = ms.Tensor(np.array([1., 2.], np.float32)), ms.Tensor(np.array([2., 1.], np.float32))
        >>> print(ms.ops.margin_ranking_loss(x1, x2, ms.Tensor(np.array([1., 1.], np.float32))))
        0.5
    """
    cls = "margin_ranking_loss"
    if not isinstance(margin, float):
        raise _type_error(cls, "margin", margin, ("float",))
    for arg, v in (("input1", input1), ("input2", input2), ("target", target)):
        _tensor(v, arg, cls)
    for (n1, a), (n2, b) in ((("input1", input1), ("input2", input2)), (("target", target), ("input1", input1))):
        if a.dtype != b.dtype:
            raise TypeError(f"For {cls}, the {n1} dtype should be equal to {n2} dtype, but got {n1} dtype:"
                            f"{a.dtype}, {n2} dtype:{b.dtype}.")
    x = M.maximum(M.add(M.mul(M.neg(target), M.sub(input1, input2)), margin), 0)
    return reduce_loss(x, reduction, cls)


def hinge_embedding_loss(inputs, targets, margin=1.0, reduction: str = "mean"):
    """``ops.hinge_embedding_loss``: x where target is 1, max(0, margin - x) where it is -1.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([0.3, 0.2], np.float32))
        >>> print(ms.ops.hinge_embedding_loss(x, ms.Tensor(np.array([1., -1.], np.float32)), reduction='sum'))
        1.1
    """
    cls = "HingeEmbeddingLoss"
    if not _is_real(margin):
        raise TypeError(f"For '{cls}', 'margin' must be a float or int, but got {type(margin)}.")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"For '{cls}', 'reduction' must be one of 'none', 'mean', 'sum',but got {reduction}.")
    x, t = _tensor(inputs, "inputs", cls), _tensor(targets, "targets", cls)
    for which, v in (("first", x), ("second", t)):
        if v.dtype not in mstype.float_type:
            raise TypeError(f"For '{cls}', the dtype of the {which} input must be float, but got {v.dtype}.")
    pos = cast(M.greater(t, 0), x.dtype)
    neg = cast(M.less(t, 0), x.dtype)
    neg_part = M.maximum(M.sub(M.mul(neg, float(margin)), M.mul(neg, x)), 0)
    loss = M.add(M.mul(pos, x), neg_part)
    if reduction == "mean":
        return R.mean(loss)
    if reduction == "sum":
        return R.sum(loss)
    return loss


def cosine_embedding_loss(input1, input2, target, margin: float = 0.0, reduction: str = "mean"):
    """``ops.cosine_embedding_loss``: 1 - cos(x1, x2) where target is 1, max(0, cos - margin) where -1.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[1., 0.]], np.float32))
        >>> print(ms.ops.cosine_embedding_loss(x, x, ms.Tensor(np.array([1], np.int32))))
        0.0
    """
    cls = "CosineEmbeddingLoss"
    check_reduction(cls, reduction)
    for arg, v in (("logits_x1", input1), ("logits_x2", input2), ("labels", target)):
        _tensor(v, arg, cls)
    if input1.dtype != input2.dtype or input1.shape != input2.shape:
        raise TypeError(f"For '{cls}', the 'logits_x1' and 'logits_x2' must have the same dtype and shape, but got "
                        f"{input1.dtype}{list(input1.shape)} and {input2.dtype}{list(input2.shape)}.")
    prod = R.sum(M.mul(input1, input2), 1)
    denom = M.mul(M.sqrt(R.sum(M.square(input1), 1)), M.sqrt(R.sum(M.square(input2), 1)))
    cos = M.div(prod, denom)
    zeros = A.zeros_like(cos)
    pos = M.select(M.equal(target, 1), M.sub(1.0, cos), zeros)
    neg = M.select(M.equal(target, -1), M.maximum(M.sub(cos, margin), 0.0), zeros)
    return reduce_loss(M.add(pos, neg), reduction, cls)


def check_multi_margin(p, margin, reduction):
    cls = "MultiMarginLoss"
    if isinstance(p, bool) or p not in (1, 2):
        raise ValueError(f"For '{cls}', the 'p' must be int and must in {{1, 2}}, but got '{p}' with type "
                         f"'{type(p).__name__}'.")
    if not isinstance(margin, float):
        raise _type_error(cls, "margin", margin, ("float",))
    check_string(cls, "reduction", reduction, ("none", "sum", "mean"))


def multi_margin_loss(input, target, p: int = 1, margin: float = 1.0, weight=None, reduction: str = "mean"):
    """``ops.multi_margin_loss``: per sample sum over i != y of w[y] * max(0, margin - x[y] + x[i])^p / C.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[0.1, 0.2, 0.4]], np.float32))
        >>> print(ms.ops.multi_margin_loss(x, ms.Tensor(np.array([2], np.int64))))
        0.5
    """
    check_multi_margin(p, float(margin) if _is_real(margin) else margin, reduction)
    x = _tensor(input, "input", "MultiMarginLoss")
    y = _tensor(target, "target", "MultiMarginLoss")
    if x.ndim != 2 or y.shape != x.shape[:1]:
        raise ValueError(f"For 'MultiMarginLoss', the 'x' must be 2-D and 'target' 1-D of its batch size, but got "
                         f"shapes {list(x.shape)} and {list(y.shape)}.")
    c = x.shape[1]
    onehot = cast(A.one_hot(cast(y, mstype.int64), c, 1.0, 0.0, -1), x.dtype)
    xy = R.sum(M.mul(x, onehot), 1, keepdim=True)
    z = M.maximum(M.add(M.sub(x, xy), float(margin)), 0)
    if p == 2:
        z = M.mul(z, z)
    z = M.mul(z, M.sub(1.0, onehot))  # the target's own class does not count
    if weight is not None:
        wy = A.gather(cast(weight, x.dtype), cast(y, mstype.int64), 0)
        z = M.mul(z, A.expand_dims(wy, 1))
    loss = M.div(R.sum(z, 1), c)
    if reduction == "mean":
        return R.mean(loss)
    if reduction == "sum":
        return R.sum(loss)
    return loss


def multilabel_soft_margin_loss(input, target, weight=None, reduction: str = "mean"):
    """``ops.multilabel_soft_margin_loss``: mean over classes of the binary logistic losses.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([[0., 0.]], np.float32))
        >>> print(ms.ops.multilabel_soft_margin_loss(x, ms.Tensor(np.array([[1., 0.]], np.float32))))
        0.6931472
    """
    cls = "multilabel_soft_margin_loss"
    x, t = _tensor(input, "input", cls), _tensor(target, "target", cls)
    pos = M.log(M.add(M.exp(M.neg(x)), 1))
    neg = M.log(M.add(M.exp(x), 1))
    loss = M.add(M.mul(t, pos), M.mul(M.sub(1, t), neg))
    if weight is not None:
        loss = M.mul(loss, weight)
    axis = x.ndim - 1
    loss = M.div(R.sum(loss, axis), x.shape[axis])
    return reduce_loss(loss, reduction, cls)


def check_huber_delta(delta):
    if not _is_real(delta):
        raise _type_error("huber_loss", "delta", delta, ("int", "float"))
    if delta <= 0:
        raise ValueError(f"For 'huber_loss', the argument 'delta' must > 0.0, but got {delta}.")


def huber_loss(input, target, reduction: str = "mean", delta=1.0):
    """``ops.huber_loss``: 0.5 d^2 where |d| < delta, else delta * (|d| - delta / 2).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.array([0., 3.], np.float32))
        >>> print(ms.ops.huber_loss(x, ms.Tensor(np.array([0.5, 0.], np.float32)), 'sum'))
        2.625
    """
    cls = "huber_loss"
    _tensor(input, "input", cls)
    _tensor(target, "target", cls)
    check_huber_delta(delta)
    z = M.abs(M.sub(input, target))
    loss = M.select(M.less(z, delta), M.mul(0.5, M.square(z)), M.mul(delta, M.sub(z, 0.5 * delta)))
    return reduce_loss(loss, reduction, cls)


def check_gaussian_nll(cls, full, eps, reduction):
    if not isinstance(full, bool):
        raise _type_error(cls, "full", full, ("bool",))
    if not isinstance(eps, float) or eps <= 0:
        raise ValueError(f"For '{cls}', the 'eps' must be in range of (0, inf), but got {eps} with type "
                         f"'{type(eps).__name__}'.")
    check_string("gaussian_nll_loss", "reduction", reduction, ("none", "mean", "sum"))


def gaussian_nll_loss(x, target, var, full: bool = False, eps: float = 1e-6, reduction: str = "mean"):
    """``ops.gaussian_nll_loss``: 0.5 * (log(max(var, eps)) + (x - target)^2 / max(var, eps)) [+ 0.5 log 2 pi].

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> one = ms.Tensor(np.ones(2, np.float32))
        >>> print(ms.ops.gaussian_nll_loss(one, one, one))
        0.0
    """
    cls = "gaussian_nll_loss"
    for arg, v in (("x", x), ("target", target), ("var", var)):
        _tensor(v, arg, cls)
    check_gaussian_nll(cls, full, eps, reduction)
    if x.shape != var.shape and x.shape[:-1] == var.shape:
        var = A.expand_dims(var, -1)  # one variance per sample, shared by the last axis
    v = M.maximum(var, eps)
    loss = M.mul(0.5, M.add(M.log(v), M.div(M.square(M.sub(x, target)), v)))
    if full:
        loss = M.add(loss, 0.5 * math.log(2 * math.pi))
    if reduction == "mean":
        return R.mean(loss)
    if reduction == "sum":
        return R.sum(loss)
    return loss


def softmin(x, axis=-1, *, dtype=None):
    """``ops.softmin``: softmax of ``-x`` along ``axis``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.ops.softmin(ms.Tensor(np.array([0., 0.], np.float32))))
        [0.5 0.5]
    """
    x = tensor_of(x, "Softmin")
    if dtype is not None:
        x = cast(x, dtype)
    return softmax(M.neg(x), axis)


def tanhshrink(input):
    """``ops.tanhshrink``: x - tanh(x).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.ops.tanhshrink(ms.Tensor(np.array([0.], np.float32))))
        [0.]
    """
    x = tensor_of(input, "Tanhshrink")
    return M.sub(x, M.tanh(x))


def threshold(input, thr, value):
    """``ops.threshold``: x where x > thr, else ``value``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.ops.threshold(ms.Tensor(np.array([1., 3.], np.float32)), 2, 0.))
        [0. 3.]
    """
    x = _tensor(input, "input", "threshold")
    for arg, v in (("thr", thr), ("value", value)):
        if not _is_real(v):
            raise _type_error("threshold", arg, v, ("float", "int"))
    return M.select(M.greater(x, thr), x, A.full_like(x, value))


def glu(x, axis=-1):
    """``ops.glu``: a * sigmoid(b), a and b the two halves of ``x`` along ``axis``.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.ops.glu(ms.Tensor(np.array([2., 0.], np.float32))))
        [1.]
    """
    x = tensor_of(x, "GLU")
    n = x.shape[axis]
    if n % 2:
        raise RuntimeError(f"For 'Split', the size of 'input_x' along 'axis' {axis} ({n}) must be divisible by "
                           f"'output_num' 2.")
    a, b = A.split(x, n // 2, axis)
    return M.mul(a, M.sigmoid(b))


def _lambd(cls, lambd):
    # MindSpore 2.10 takes a bool, an int or a float (True is 1.0)
    if not isinstance(lambd, (bool, int, float)):
        raise _type_error(cls, "lambd", lambd, ("bool", "int", "float"))
    return float(lambd)


def hardshrink(input, lambd: float = 0.5):
    """``ops.hardshrink``: x where |x| > lambd, else 0.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.ops.hardshrink(ms.Tensor(np.array([0.2, -1.], np.float32))))
        [ 0. -1.]
    """
    x = tensor_of(input, "HShrink")
    lambd = _lambd("HShrink", lambd)
    return M.select(M.greater(M.abs(x), lambd), x, A.zeros_like(x))


def softshrink(input, lambd: float = 0.5):
    """``ops.softshrink``: x - lambd above lambd, x + lambd below -lambd, else 0.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> print(ms.ops.softshrink(ms.Tensor(np.array([0.2, -1.], np.float32))))
        [ 0.  -0.5]
    """
    x = tensor_of(input, "SoftShrink")
    lambd = _lambd("SoftShrink", lambd)
    if lambd < 0:
        # MindSpore checks this in the kernel, hence RuntimeError and not ValueError
        raise RuntimeError(f"For 'SoftShrink', the values for lambd should be greater or equal to 0, , but found to "
                           f"be [{lambd:g}].")
    zero = A.zeros_like(x)
    return M.select(M.greater(x, lambd), M.sub(x, lambd), M.select(M.less(x, -lambd), M.add(x, lambd), zero))

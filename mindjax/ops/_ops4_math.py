"""More names of ``mindspore.ops`` (issue #11): the in-place forms (``clamp_``, ``erfinv_``, ``tanh_``,
``inplace_sigmoid``), the ``*_ext`` signatures of ops defined elsewhere, the deprecated accumulate /
count / confusion-matrix Primitives' functions, and ``typeof`` / ``hastype`` on MindSpore's type objects.

The in-place forms compute with the one functional op and write through the Tensor write path of
``ops/_tensor_inplace.py`` (the same path as ``Tensor.clamp_``), so they are differentiable and jit-safe.

Examples:
    >>> import mindjax as ms
    >>> x = ms.Tensor([-2.0, 0.5, 3.0])
    >>> y = ms.ops.clamp_(x, -1.0, 1.0)
    >>> print(x, y is x, ms.ops.typeof((1, 2.0)))
    [-1.   0.5  1. ] True Tuple[Int64,Float32]
"""
from __future__ import annotations

import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of

__all__ = ["clamp_", "erfinv_", "tanh_", "inplace_sigmoid", "adaptive_avg_pool2d_ext", "baddbmm_ext", "einsum_ext",
           "mse_loss_ext", "accumulate_n", "typeof", "hastype"]


# ---- in-place forms ---------------------------------------------------------------------------------------
def _inplace(name: str, input, compute) -> Tensor:
    from ._tensor_inplace import before, write
    if not isinstance(input, Tensor):
        raise TypeError(f"For '{name}', the 'input' must be a Tensor, but got {type(input).__name__}.")
    return write(input, compute(before(input)))


def clamp_(input, min=None, max=None) -> Tensor:
    """``ops.clamp_``: clamps ``input`` into [min, max] in place and returns it (``min`` > ``max`` gives
    ``max`` everywhere, as ``ops.clamp``).

    Examples:
        >>> import mindjax as ms
        >>> x = ms.Tensor([1.0, 5.0])
        >>> _ = ms.ops.clamp_(x, max=2.0)
        >>> print(x)
        [1. 2.]
    """
    from .math import clamp
    if min is None and max is None:
        raise ValueError("For Clamp, at least one of 'min' or 'max' must not be None.")
    for arg, v in (("min", min), ("max", max)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (Tensor, int, float))):
            raise TypeError(f"For 'clamp_', the type of '{arg}' must be in [None, Tensor, float, int], but got "
                            f"{type(v).__name__}.")
    return _inplace("clamp_", input, lambda x: clamp(x, min, max))


def erfinv_(input) -> Tensor:
    """``ops.erfinv_``: the inverse error function of ``input``, written into it.

    Examples:
        >>> import mindjax as ms
        >>> x = ms.Tensor([0.0, 0.5])
        >>> print(ms.ops.erfinv_(x))
        [0.         0.47693628]
    """
    from .math import erfinv
    return _inplace("erfinv_", input, erfinv)


def tanh_(input) -> Tensor:
    """``ops.tanh_``: ``tanh(input)`` written into ``input``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.tanh_(ms.Tensor([0.0, 1.0])))
        [0.        0.7615942]
    """
    from .math import tanh
    return _inplace("tanh_", input, tanh)


def inplace_sigmoid(input) -> Tensor:
    """``ops.inplace_sigmoid``: ``sigmoid(input)`` written into ``input``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.inplace_sigmoid(ms.Tensor([0.0])))
        [0.5]
    """
    from .math import sigmoid
    return _inplace("inplace_sigmoid", input, sigmoid)


# ---- *_ext signatures ---------------------------------------------------------------------------------------
def adaptive_avg_pool2d_ext(input, output_size) -> Tensor:
    """``ops.adaptive_avg_pool2d_ext``: adaptive average pooling of a (C, H, W) or (N, C, H, W) input to
    ``output_size`` (an int, or (H, W) with None keeping that size).

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 4, 4))
        >>> print(ms.ops.adaptive_avg_pool2d_ext(x, 1))
        [[[7.5]]]
    """
    from .nn_ops import adaptive_avg_pool2d
    x = tensor_of(input, "AdaptiveAvgPool2DExt")
    if x.ndim not in (3, 4):
        raise ValueError(f"For 'AdaptiveAvgPool2DExt', the dimension of 'input' must be 3 or 4, but got {x.ndim}.")
    return adaptive_avg_pool2d(x, output_size)


def baddbmm_ext(input, batch1, batch2, *, beta=1, alpha=1) -> Tensor:
    """``ops.baddbmm_ext``: ``beta * input + alpha * (batch1 @ batch2)`` for (C, W, T) and (C, T, H) batches.

    Examples:
        >>> import numpy as np, mindjax as ms
        >>> b = ms.Tensor(np.ones((2, 2, 3), np.float32))
        >>> print(ms.ops.baddbmm_ext(ms.Tensor(np.ones((2, 2), np.float32)), b, b.swapaxes(1, 2), beta=0.5)[0])
        [[3.5 3.5]
         [3.5 3.5]]
    """
    from ._linalg import baddbmm
    b1, b2 = tensor_of(batch1, "Baddbmm"), tensor_of(batch2, "Baddbmm")
    if b1.ndim != 3 or b2.ndim != 3:
        raise ValueError(f"For 'Baddbmm', 'batch1' and 'batch2' must be 3-D, but got {b1.ndim}-D and {b2.ndim}-D.")
    if b1.shape[0] != b2.shape[0] or b1.shape[2] != b2.shape[1]:
        raise ValueError(f"For 'Baddbmm', the shapes of 'batch1' {list(b1.shape)} and 'batch2' {list(b2.shape)} "
                         f"cannot be multiplied batch by batch.")
    return baddbmm(input, b1, b2, beta, alpha)


def einsum_ext(equation: str, *operands) -> Tensor:
    """``ops.einsum_ext``: Einstein summation; the operands may also come as one list or tuple.

    Examples:
        >>> import mindjax as ms
        >>> a = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ms.ops.einsum_ext("ij,jk->ik", a, a))
        [[ 7. 10.]
         [15. 22.]]
    """
    from .math import einsum
    if not isinstance(equation, str):
        raise TypeError(f"For 'einsum', the 'equation' must be a str, but got {type(equation).__name__}.")
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    return einsum(equation, *operands)


def mse_loss_ext(input, target, reduction: str = "mean") -> Tensor:
    """``ops.mse_loss_ext``: the squared error of ``input`` and ``target`` (broadcast), reduced by
    ``reduction`` ('none', 'mean' or 'sum').

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.mse_loss_ext(ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 4.0])))
        2.5
    """
    from .loss_ops import mse_loss
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"Failed to convert the value \"{reduction}\" of input 'reduction' of 'MSELossExt' to enum.")
    return mse_loss(tensor_of(input, "MSELossExt"), tensor_of(target, "MSELossExt"), reduction)


def log_softmax_ext(input, dim=None, dtype=None) -> Tensor:
    """``ops.LogSoftmaxExt()(input, dim, dtype)``: log-softmax along ``dim`` (None: PyTorch's implicit
    dim, 0 for 0-, 1- and 3-D inputs, else 1), computed in ``dtype`` when given."""
    from .math import cast
    from .nn_ops import log_softmax
    x = tensor_of(input, "LogSoftmaxExt")
    if dtype is not None:
        x = cast(x, dtype)
    if dim is None:
        dim = 0 if x.ndim in (0, 1, 3) else 1
    elif isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"For 'LogSoftmaxExt', the 'dim' must be an int, but got {type(dim).__name__}.")
    rank = max(x.ndim, 1)
    if not -rank <= dim < rank:
        raise ValueError(f"The dim value should be in range [{-rank},{rank - 1}], but got {dim}")
    return log_softmax(x, dim)


def lerp_scalar(input, end, weight: float) -> Tensor:
    """``ops.LerpScalar()(input, end, weight)``: ``input + weight * (end - input)`` with a number ``weight``."""
    from .math import lerp
    if isinstance(weight, bool) or not isinstance(weight, (int, float)):
        raise TypeError(f"For 'LerpScalar', the 'weight' must be a float, but got {type(weight).__name__}.")
    x, e = tensor_of(input, "LerpScalar"), tensor_of(end, "LerpScalar")
    return lerp(x, e, float(weight))


def accumulate_n(x) -> Tensor:
    """``ops.accumulate_n`` (deprecated): the element-wise sum of a list or tuple of Tensors (``ops.addn``).

    Examples:
        >>> import mindjax as ms
        >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([4.0, 5.0])
        >>> print(ms.ops.accumulate_n([x, y, x]))
        [6. 9.]
    """
    from .math import addn
    if not isinstance(x, (list, tuple)):
        raise TypeError(f"For 'AccumulateNV2', the 'inputs' must be a list or tuple of Tensors, but got "
                        f"{type(x).__name__}.")
    if len(x) == 1:  # MindSpore's Primitive passes a single Tensor through
        if not isinstance(x[0], Tensor):
            raise TypeError(f"For 'AccumulateNV2', the type of 'inputs[0]' must be a tensor, but got "
                            f"{type(x[0]).__name__}, or the length of 'inputs' should not be equal to 1, but got (1).")
        return x[0]
    return addn(list(x))


def count_nonzero_prim(x, dims=()) -> Tensor:
    """``ops.CountNonZero(dims)(x)``: the int64 number of non-zero entries over ``dims`` (all when empty)."""
    from ._composite_ops import count_nonzero
    x = tensor_of(x, "CountNonZero")
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    for d in dims:
        if not -max(x.ndim, 1) <= d < max(x.ndim, 1):
            raise ValueError(f"For 'CountNonZero', the 'dims' must be in range [{-x.ndim}, {x.ndim}), but got {d}.")
    return count_nonzero(x, dims, False, mstype.int64)


def confusion_matrix(labels, predictions, weights=None, num_classes: int = 2, dtype: str = "int32") -> Tensor:
    """``ops.ConfusionMatrix(num_classes, dtype)(labels, predictions, weights)``: the (num_classes,
    num_classes) matrix whose [i, j] sums ``weights`` (or counts) where label i was predicted as j."""
    from ._base import cast
    from .creation import zeros
    from .array import tensor_scatter_add, stack
    lab, pred = tensor_of(labels, "ConfusionMatrix"), tensor_of(predictions, "ConfusionMatrix")
    if lab.ndim != 1:
        raise ValueError(f"For 'ConfusionMatrix', the 'labels dimension' must be equal to 1, but got {lab.ndim}.")
    if lab.shape != pred.shape:
        raise ValueError(f"For 'ConfusionMatrix', the 'labels shape' must be equal to 'predictions shape', but got "
                         f"{list(lab.shape)} and {list(pred.shape)}.")
    if lab.dtype != pred.dtype or lab.dtype not in mstype.number_type:
        raise TypeError(f"For 'ConfusionMatrix', 'labels' and 'predictions' must have the same number dtype, but got "
                        f"{lab.dtype} and {pred.dtype}.")
    out_t = lab.dtype  # MindSpore's shape/dtype inference gives the labels' dtype whatever ``dtype`` says
    idx = stack([cast(lab, mstype.int32), cast(pred, mstype.int32)], 1)
    if weights is None:
        from .creation import ones
        w = ones(lab.shape, out_t)
    else:
        w = tensor_of(weights, "ConfusionMatrix")
        if w.shape != lab.shape:
            raise ValueError(f"For 'ConfusionMatrix', the 'labels shape' must be equal to 'weights shape', but got "
                             f"{list(lab.shape)} and {list(w.shape)}.")
        w = cast(w, out_t)
    return tensor_scatter_add(zeros((num_classes, num_classes), out_t), idx, w)


# ---- typeof / hastype ---------------------------------------------------------------------------------------
class _Tuple(type(mstype.tuple_)):
    __slots__ = ()

    def __repr__(self) -> str:
        return "mindspore.tuple_"


class _List(type(mstype.list_)):
    __slots__ = ()

    def __repr__(self) -> str:
        return "mindspore.list_"


class Dict(mstype.Type):
    """The type of a dict (``Dictionary[[keys,],[value types]]``), as ``ops.typeof`` gives it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "mindspore." + self.name


class RefType(mstype.TensorType):
    """The type of a Parameter: ``Ref[Tensor[Float32]]`` (repr that of its Tensor type)."""

    __slots__ = ()

    def __init__(self, element=None):
        super().__init__(element)
        self.name = f"Ref[{self.name}]"


class External(mstype.Type):
    """What ``ops.typeof`` gives for a Python object MindSpore has no type for (numpy arrays, complex)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "mindspore.External"


def _seq_name(kind: str, items) -> str:
    names = [str(typeof(v)) for v in items]
    if len(names) > 1 and len(set(names)) == 1:
        return f"{kind}[{names[0]}*{len(names)}]"
    return f"{kind}[{','.join(names)}]"


def typeof(*args):
    """``ops.typeof``: MindSpore's type object of ``x``: ``Tensor[Float32]`` for a Tensor, ``Int64`` for an
    int, ``Float32`` for a float, ``Tuple[Int64*2]``, ``List[...]``, ``Dictionary[[a,],[Int64]]``, ``None``,
    ``String``, ``TypeType`` for a dtype. They compare equal to the dtype objects of ``mindspore``
    (``typeof(1.5) == ms.float32``) and print as MindSpore prints them.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.typeof(ms.Tensor([1.0])), ms.ops.typeof(1), ms.ops.typeof(1.5) == ms.float32)
        Tensor[Float32] Int64 True
    """
    if len(args) != 1:
        raise RuntimeError(f"The Typeof operator must requires 1 argument, but the size of arguments is {len(args)}.")
    x = args[0]
    from ..common.parameter import Parameter
    if isinstance(x, Parameter):
        return RefType(x.dtype)
    if isinstance(x, Tensor):
        return mstype.TensorType(x.dtype)
    if isinstance(x, (bool, np.bool_)):
        return mstype.bool_
    if isinstance(x, (int, np.integer)):
        return mstype.int64
    if isinstance(x, (float, np.floating)):
        return mstype.float32
    if isinstance(x, str):
        return mstype.string
    if x is None:
        return mstype.type_none
    if isinstance(x, mstype.Type) or isinstance(x, type):
        return mstype._type_type
    if isinstance(x, tuple):
        return _Tuple(_seq_name("Tuple", x), object, "o", 0)
    if isinstance(x, list):
        return _List(_seq_name("List", x), object, "o", 0)
    if isinstance(x, dict):
        keys = "".join(f"{k}," for k in x)
        return Dict(f"Dictionary[[{keys}],[{','.join(str(typeof(v)) for v in x.values())}]]", object, "o", 0)
    return External("External", object, "o", 0)


def hastype(x, t) -> bool:
    """``ops.hastype``: whether the type of ``x`` is ``t`` or one of its kinds: ``ms.tensor_type`` takes any
    Tensor, ``ms.number`` any number, ``ms.tuple_`` / ``ms.list_`` any tuple / list; a dtype matches only
    itself (``hastype(1, ms.int64)`` is True, ``hastype((1, 2), ms.int64)`` False).

    Examples:
        >>> import mindjax as ms
        >>> ms.ops.hastype(ms.Tensor([1.0]), ms.tensor_type), ms.ops.hastype(1.5, ms.number)
        (True, True)
    """
    if not isinstance(t, mstype.Type):
        kind = "TypeType" if isinstance(t, type) else type(t).__name__
        raise TypeError(f"For 'hastype', input[1] should be Type, but got {kind}.")
    if t == mstype.type_none or t == mstype.string:
        raise RuntimeError(f"Invalid model type: {t}.")
    tx = typeof(x)
    if tx == t:
        return True
    if t == mstype.tensor_type:
        return isinstance(tx, mstype.TensorType)
    if t == mstype.number:
        return isinstance(tx, mstype.Number)
    if t == mstype.tuple_ or t == mstype.list_:
        return isinstance(tx, type(t))
    return False

"""``mindspore.ops.functional`` (``F``): every functional op, gathered from the op modules, with
MindSpore's other names for them (``tensor_add``, ``tensor_gt``, ``pows``...), the Python-level
helpers (``tuple_to_array``, ``partial``, ``scalar_add``...) and the gradient transforms.

Examples:
    >>> import mindjax as ms
    >>> from mindjax.ops import functional as F
    >>> print(F.tensor_add(F.tuple_to_array((1, 2)), 1), F.shape(ms.Tensor([[1.0, 2.0]])))
    [2 3] (1, 2)
"""
from ._base import broadcast_to, sum_to  # noqa: F401
from ._base import cast as _cast_any
from .math import *  # noqa: F401,F403
from .math import (add, sub, mul, div, pow, neg, abs, exp, log, sqrt, square, equal, greater, select, matmul,  # noqa
                   maximum, minimum, floor_div, floor_mod, round, where, clamp, clip)
from .reduction import *  # noqa: F401,F403
from .reduction import sum, mean, max, min, all, any, argmax, argmin, prod  # noqa: F401
from .array import *  # noqa: F401,F403
from .array import reshape, transpose, slice, range, stop_gradient, getitem, setitem  # noqa: F401
from .nn_ops import *  # noqa: F401,F403
from .loss_ops import *  # noqa: F401,F403
from .state_ops import assign, assign_add, assign_sub  # noqa: F401
from .random import *  # noqa: F401,F403
from .sparse_ops import *  # noqa: F401,F403
from ._image_ops import pixel_shuffle, pixel_unshuffle  # noqa: F401
from ._loss_more_ops import (margin_ranking_loss, hinge_embedding_loss, cosine_embedding_loss,  # noqa: F401
                             multi_margin_loss, multilabel_soft_margin_loss, huber_loss, gaussian_nll_loss, softmin,
                             tanhshrink, threshold, glu, hardshrink, softshrink)
from ._composite_ops import *  # noqa: F401,F403
from ._math_more import *  # noqa: F401,F403
from ._linalg import *  # noqa: F401,F403
from ._array_more import *  # noqa: F401,F403
from ._random_more import *  # noqa: F401,F403
from ._nn_more import *  # noqa: F401,F403
from ._image_more import *  # noqa: F401,F403
from ._apply_ops import *  # noqa: F401,F403
from ._functional_helpers import *  # noqa: F401,F403
from ._ops3_math import *  # noqa: F401,F403
from ._grad_transforms import *  # noqa: F401,F403
from .._autograd.grad import grad, value_and_grad  # noqa: F401
from .._jit.transforms import vmap, jacfwd, jacrev  # noqa: F401

# MindSpore's other names for the same ops
tensor_add = add
tensor_sub = subtract = sub
tensor_mul = multiply = tensor_muls = mul
tensor_div = realdiv = div
tensor_pow = pows = pow
greater_equal = tensor_ge = ge  # noqa: F405
less = tensor_lt = lt  # noqa: F405
tensor_gt = gt  # noqa: F405
tensor_le = le  # noqa: F405
tensor_exp = exp
tensor_expm1 = expm1  # noqa: F405
tensor_mod = floormod = remainder = floor_mod
tensor_floordiv = floordiv = floor_divide = floor_div
tensor_range = range
tensor_slice = slice
shape_ = shape  # noqa: F405
reshape_ = reshape
absolute = abs
negative = neg
arccos, arcsin, arctan = acos, asin, atan  # noqa: F405
arccosh, arcsinh, arctanh = acosh, asinh, atanh  # noqa: F405
arctan2 = atan2  # noqa: F405


def true_divide(dividend, divisor):
    """``ops.true_divide``: ``dividend / divisor`` with true (float) division."""
    return div(dividend, divisor)


def divide(input, other, *, rounding_mode=None):
    """``ops.divide``: ``ops.div`` (``rounding_mode`` None, 'floor' or 'trunc')."""
    return div(input, other, rounding_mode=rounding_mode)


def top_k(input_x, k: int, sorted: bool = True):
    """``ops.top_k`` (old name of ``ops.topk``): the ``k`` largest values along the last axis, and their indices."""
    return topk(input_x, k, sorted=sorted)  # noqa: F405


def reverse(x, axis):
    """``ops.reverse`` (deprecated name of ``ops.flip``): ``x`` reversed along ``axis``."""
    return flip(x, axis)  # noqa: F405


def is_tensor(obj) -> bool:
    """``F.is_tensor``: whether ``obj`` is a Tensor."""
    from .._tensor import Tensor
    return isinstance(obj, Tensor)


def cast(input, dtype) -> "Tensor":  # noqa: F821
    """``ops.cast``: ``input`` converted to ``dtype``, a MindSpore dtype (``ms.int32``); a string or a
    numpy type is a TypeError here, as in MindSpore (``Tensor.astype`` takes those).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.cast(ms.Tensor([1.7, -2.5]), ms.int32))
        [ 1 -2]
    """
    from .. import _dtype as mstype
    if not isinstance(dtype, mstype.Type):
        shown = dtype if isinstance(dtype, str) else repr(dtype) if isinstance(dtype, type) else dtype
        raise TypeError(f"For 'Cast', the input 'dtype' should be mindspore dtype, but got {shown}.")
    return _cast_any(input, dtype)


from ._fractional import fractional_max_pool2d, fractional_max_pool3d  # noqa: E402,F401
from ._ops4_math import *  # noqa: E402,F401,F403
from ._ops4_nn import *  # noqa: E402,F401,F403
from ._ops4_image import *  # noqa: E402,F401,F403
from ._seq_unknown import *  # noqa: E402,F401,F403

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

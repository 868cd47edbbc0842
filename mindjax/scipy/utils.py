"""``mindspore.scipy.utils``: shared checks and helpers of mindjax.scipy."""
from __future__ import annotations

from .. import _dtype as mstype
from .. import ops
from .._tensor import Tensor
from .utils_const import _raise_type_error, _raise_value_error


def _nd_transpose(a: Tensor) -> Tensor:
    """``a`` with its last two axes swapped."""
    perm = tuple(range(a.ndim - 2)) + (a.ndim - 1, a.ndim - 2)
    return ops.transpose(a, perm)


def _type_check(func_name: str, arg, types, arg_name: str):
    if not isinstance(arg, types):
        _raise_type_error(f"For '{func_name}', the type of '{arg_name}' should be {types}, but got {type(arg)}.")


def _square_check(func_name: str, a: Tensor, arg_name: str = "a"):
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        _raise_value_error(f"For '{func_name}', the '{arg_name}' should be a square matrix (..., N, N), but got "
                           f"shape {list(a.shape)}.")


def _float_tensor(func_name: str, a, arg_name: str = "a") -> Tensor:
    """``a`` checked to be a Tensor; int inputs become float32 (MindSpore's float default)."""
    _type_check(func_name, a, Tensor, arg_name)
    if a.dtype.kind in "iub":
        a = ops.cast(a, mstype.float32)
    return a

"""The remaining math and helper ops of ``mindspore.ops`` (issue #11): addcdiv/addcmul, the condition
number, eps, in-top-k, bit packing, the numerics check and the ``*_ext`` / deprecated names that are
other signatures of ops defined elsewhere.

Examples:
    >>> import mindjax as ms
    >>> x = ms.Tensor([1.0, 2.0])
    >>> print(ms.ops.addcmul(x, x, x, 0.5), ms.ops.intopk(ms.Tensor([[0.1, 0.9]]), ms.Tensor([1]), 1))
    [1.5 4. ] [ True]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply

__all__ = ["addcdiv", "addcmul", "cond", "eps", "intopk", "is_nonzero", "soft_shrink", "print_", "isnan_ext",
           "float_power_ext", "diff_ext", "fast_gelu", "deepcopy", "col2im", "check_numerics",
           "compare_and_bitpack", "tensordump"]

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)


def _type_list(types) -> str:
    return "{" + ", ".join(f"Tensor[{t}]" for t in types) + "}"


def _check_dtype(prim: str, arg: str, x: Tensor, types) -> None:
    if x.dtype not in types:
        raise TypeError(f"For primitive[{prim}], the input argument[{arg}] must be a type of {_type_list(types)}, "
                        f"but got Tensor[{x.dtype}].")


# ---- addcdiv / addcmul ------------------------------------------------------------------------------------
def _addc_fwd(x, t1, t2, value, *, div):
    v = value.astype(x.dtype)
    return x + v * (t1 / t2 if div else t1 * t2)


_addcdiv = Op("Addcdiv", lambda x, a, b, v: _addc_fwd(x, a, b, v, div=True), "vjp")
_addcmul = Op("Addcmul", lambda x, a, b, v: _addc_fwd(x, a, b, v, div=False), "vjp")


def _addc(op, name, input, tensor1, tensor2, value):
    xs = [tensor_of(t, name) for t in (input, tensor1, tensor2)]
    if len({t.dtype for t in xs}) != 1:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    # MindSpore wraps ``value`` in a Tensor and casts it to the inputs' dtype in the kernel
    v = value if isinstance(value, Tensor) else Tensor(value)
    return apply(op, (*xs, v), {})


def addcdiv(input, tensor1, tensor2, value=1) -> Tensor:
    """``ops.addcdiv``: ``input + value * tensor1 / tensor2``, broadcast; the three Tensors share a dtype.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.addcdiv(ms.Tensor([1.0]), ms.Tensor([1.0]), ms.Tensor([4.0]), 2))
        [1.5]
    """
    return _addc(_addcdiv, "Addcdiv", input, tensor1, tensor2, value)


def addcmul(input, tensor1, tensor2, value=1) -> Tensor:
    """``ops.addcmul``: ``input + value * tensor1 * tensor2``, broadcast; the three Tensors share a dtype.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.addcmul(ms.Tensor([1.0]), ms.Tensor([3.0]), ms.Tensor([4.0]), 2))
        [25.]
    """
    return _addc(_addcmul, "Addcmul", input, tensor1, tensor2, value)


# ---- condition number ------------------------------------------------------------------------------------
def cond(A, p=None) -> Tensor:
    """``ops.cond``: the condition number ``norm(A, p) * norm(inv(A), p)`` of square matrices (``p`` None
    is the 2-norm); a batch of matrices gives one number each.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.cond(ms.Tensor([[2.0, 0.0], [0.0, 1.0]])))
        2.0
    """
    from . import functional as F
    from ._linalg import matrix_inverse
    A = tensor_of(A, "cond")
    p = 2 if p is None else p
    # norms over the last two axes: the whole batch in one call (MindSpore loops over the matrices)
    dims = (-2, -1)
    return F.mul(F.norm(A, p, dims), F.norm(matrix_inverse(A), p, dims))


# ---- eps ---------------------------------------------------------------------------------------------------
_eps = Op("Eps", lambda x: jnp.full(x.shape, jnp.finfo(x.dtype).eps, x.dtype), None)


def eps(x) -> Tensor:
    """``ops.eps``: a Tensor like ``x`` filled with its float dtype's machine epsilon.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.eps(ms.Tensor([1.0, 2.0], ms.float16)))
        [0.000977 0.000977]
    """
    x = tensor_of(x, "Eps")
    _check_dtype("Eps", "x", x, _FLOATS)
    return apply(_eps, (x,), {})


# ---- in top k -----------------------------------------------------------------------------------------------
def _in_topk_fwd(x1, x2, *, k):
    target = jnp.take_along_axis(x1, x2[:, None].astype(jnp.int32), axis=1)
    # as TensorFlow's in_top_k: ties at the k-th value all count as in the top k
    above = jnp.sum(x1 > target, axis=1)
    ok = (x2 >= 0) & (x2 < x1.shape[1]) & jnp.isfinite(target[:, 0])
    return ok & (above < k)


_in_topk = Op("InTopK", _in_topk_fwd, None)


def in_top_k(x1, x2, k: int) -> Tensor:
    """``ops.InTopK(k)(x1, x2)``: whether each target ``x2[i]`` is among the ``k`` largest of ``x1[i]``."""
    x1, x2 = tensor_of(x1, "InTopK"), tensor_of(x2, "InTopK")
    _check_dtype("InTopK", "x1", x1, (mstype.float16, mstype.float32))
    _check_dtype("InTopK", "x2", x2, (mstype.int32, mstype.int64))
    if x1.ndim != 2:
        raise ValueError(f"For 'InTopK', the dimension of 'x1' must be 2, but got {x1.ndim}.")
    if x2.ndim != 1 or x2.shape[0] != x1.shape[0]:
        raise ValueError(f"For 'InTopK', 'x2' must be 1-D with the first dimension of 'x1' ({x1.shape[0]}), but "
                         f"got shape {list(x2.shape)}.")
    return apply(_in_topk, (x1, x2), {"k": int(k)})


def intopk(x1, x2, k: int) -> Tensor:
    """``ops.intopk`` (deprecated): whether each target class ``x2[i]`` is among the ``k`` largest
    predictions ``x1[i]``.

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.intopk(ms.Tensor([[0.1, 0.9, 0.5]]), ms.Tensor([2]), 2))
        [ True]
    """
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"For 'InTopK', the type of 'k' should be 'int', but got type '{type(k).__name__}'.")
    return in_top_k(x1, x2, k)


# ---- small helpers ------------------------------------------------------------------------------------------
def is_nonzero(input) -> bool:
    """``ops.is_nonzero``: whether the single element of ``input`` is not zero (a Python bool).

    Examples:
        >>> import mindjax as ms
        >>> ms.ops.is_nonzero(ms.Tensor([[3]]))
        True
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"For is_nonzero, the input must be a Tensor, but got {type(input)}.")
    if input.size != 1:
        raise ValueError(f"For is_nonzero, the numel of input must be 1, but got {input.size}.")
    return bool(np.asarray(input.asnumpy()).reshape(()) != 0)


def soft_shrink(input, lambd: float = 0.5) -> Tensor:
    """``ops.soft_shrink``: the deprecated name of ``ops.softshrink``."""
    from ._loss_more_ops import softshrink
    return softshrink(input, lambd)


def print_(*input_x) -> None:
    """``ops.print_``: prints its arguments as ``ops.Print`` does (Tensors as MindSpore prints them).

    Examples:
        >>> import mindjax as ms
        >>> ms.ops.print_("x:", ms.Tensor([1, 2]))
        x: [1 2]
    """
    from .operations.debug_ops import Print
    Print()(*input_x)


def isnan_ext(tensor) -> Tensor:
    """``ops.isnan_ext``: ``tensor != tensor``, i.e. where the values are NaN."""
    from .math import isnan
    return isnan(tensor)


def float_power_ext(input, exponent) -> Tensor:
    """``ops.float_power_ext``: ``input ** exponent`` computed in float64 (one of them may be a number)."""
    from ._special import float_power
    if not (isinstance(input, Tensor) or isinstance(exponent, Tensor)):
        raise TypeError(f"At least one of the types of inputs must be tensor, but the type of 'input' got is "
                        f"{type(input)}, and the type of 'exponent' is {type(exponent)}.")
    for arg, v in (("input", input), ("exponent", exponent)):
        if not isinstance(v, (Tensor, int, float, bool)) or (isinstance(v, Tensor) and v.dtype.kind == "c"):
            raise TypeError(f"The type of '{arg}' must be Tensor or Number (excluding complex), but got {type(v)}.")
    return float_power(input, exponent)


def diff_ext(input, n: int = 1, dim: int = -1, prepend=None, append=None) -> Tensor:
    """``ops.diff_ext``: the ``n``-th forward difference along ``dim`` (``ops.diff`` with torch's names)."""
    from ._array_shape import diff
    from .array import concat
    x = tensor_of(input, "diff_ext")
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"For 'diff_ext', 'n' must be an int, but got {type(n).__name__}.")
    parts = [t for t in (prepend, x, append) if t is not None]
    if len(parts) > 1:
        x = concat([tensor_of(t, "diff_ext") for t in parts], dim)
    for _ in range(n):  # ops.diff takes the first difference; the n-th is n of them
        x = diff(x, 1, dim)
    return x


def fast_gelu(x) -> Tensor:
    """``ops.fast_gelu``: ``x * sigmoid(1.702 x)`` (the FastGeLU Primitive's function)."""
    from .operations.nn_ops import FastGeLU
    return FastGeLU()(x)


_copy = Op("DeepCopy", lambda x: jnp.array(x, copy=True), lambda ctx, dout: (dout,))


def deepcopy(input_x) -> Tensor:
    """``ops.deepcopy``: a new Tensor with the values of ``input_x`` (no memory shared).

    Examples:
        >>> import mindjax as ms
        >>> print(ms.ops.deepcopy(ms.Tensor([1, 2])))
        [1 2]
    """
    return apply(_copy, (tensor_of(input_x, "DeepCopy"),), {})


def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride) -> Tensor:
    """``ops.col2im``: (N, C, kh * kw, L) columns summed back into (N, C, H, W) images of ``output_size``
    (the Col2Im Primitive's function)."""
    from .operations.nn_ops import Col2Im
    return Col2Im(kernel_size, dilation, padding_value, stride)(input_x, output_size)


# ---- numerics check and bit packing ----------------------------------------------------------------------
def check_numerics(x) -> Tensor:
    """``ops.CheckNumerics()(x)``: ``x`` unchanged; RuntimeError if it holds NaN or Inf (a host check:
    the values are read, so it runs eagerly only)."""
    x = tensor_of(x, "CheckNumerics")
    _check_dtype("CheckNumerics", "x", x, _FLOATS)
    if isinstance(x._data, jax.core.Tracer):
        raise RuntimeError("For 'CheckNumerics', the values of 'x' are checked on the host: call it outside "
                           "jit (ops.isfinite works inside).")
    a = np.asarray(x.asnumpy())
    if np.isnan(a).any():
        raise RuntimeError("For 'CheckNumerics': Tensor had NaN values")
    if np.isinf(a).any():
        raise RuntimeError("For 'CheckNumerics': Tensor had Inf values")
    return x


def _bitpack_fwd(x, threshold):
    bits = (x > threshold).reshape(x.shape[:-1] + (x.shape[-1] // 8, 8)).astype(jnp.uint8)
    weights = jnp.asarray([128, 64, 32, 16, 8, 4, 2, 1], jnp.uint8)
    if x.dtype == jnp.bool_:  # MindSpore's CPU kernel packs bool inputs lowest bit first
        weights = weights[::-1]
    return jnp.sum(bits * weights, axis=-1, dtype=jnp.uint8)


_bitpack = Op("CompareAndBitpack", _bitpack_fwd, None)


def compare_and_bitpack(x, threshold) -> Tensor:
    """``ops.CompareAndBitpack()(x, threshold)``: ``x > threshold`` packed 8 to a uint8 along the last axis
    (the first of each 8 is the highest bit)."""
    x, t = tensor_of(x, "CompareAndBitpack"), tensor_of(threshold, "CompareAndBitpack")
    if x.dtype != t.dtype:
        raise TypeError(f"For 'CompareAndBitpack', the dtypes of 'x' and 'threshold' must be the same, but got "
                        f"{x.dtype} and {t.dtype}.")
    if t.ndim != 0:
        raise ValueError(f"For 'CompareAndBitpack', the 'threshold' must be a scalar, but got shape {list(t.shape)}.")
    if x.ndim < 1 or x.shape[-1] % 8:
        raise ValueError(f"For primitive[CompareAndBitpack], the attribute[x innermost dimension % 8] must be equal "
                         f"to 0, but got {x.shape[-1] % 8 if x.ndim else 'a scalar'}.")
    return apply(_bitpack, (x, t), {})


def tensordump(file_name: str, tensor, mode: str = "out") -> None:
    """``ops.tensordump``: saves ``tensor`` as ``{file_name}_{dtype}_{id}.npy`` (a ``.npy`` suffix of
    ``file_name`` is dropped; the id counts every dump of the process).

    Examples:
        >>> import os, tempfile, mindjax as ms
        >>> d = tempfile.mkdtemp()
        >>> ms.ops.tensordump(os.path.join(d, "x"), ms.Tensor([1.0]))
        >>> any(f.startswith("x_float32_") for f in os.listdir(d))
        True
    """
    from ._ops3_misc import tensor_dump
    if mode not in ("in", "out"):
        raise ValueError(f"For 'tensordump', the 'mode' must be one of ['in', 'out'], but got {mode}.")
    return tensor_dump(file_name, tensor, mode)

"""Text forms of Tensors and Parameters, matching MindSpore 2.10 character for character.

Pure Python + numpy (no jax, no other mindjax modules) so it can be used anywhere.

MindSpore has two unrelated printers:

* ``repr(tensor)`` (also what you see inside ``print((t1, t2))`` / lists, since containers
  use the repr of their items) comes from MindSpore's C++ core::

      Tensor(shape=[3], dtype=Float32, value= [ 2.00000000e+01,  2.00000003e-01,  3.00000012e-01])

  Rules (found by experiment against MindSpore 2.10):

  - ``value=`` is followed by a newline when ndim > 1, else by a single space.
  - 0-d tensors print the bare value: floats/bfloat16 with C ``%g`` (``2``, ``1.5``,
    ``1.23457e+08``, ``-0``, ``-nan``), ints in decimal, bools ``True``/``False``, complex as
    ``1.5+0j``.
  - Inside arrays: Float32/Float64 are ``%15.8e``, Float16 ``%11.4e`` (``nan`` sign kept as in
    C: ``-nan``); Bool right-aligned in width 5; integers and BFloat16 (BFloat16 as ``%g``)
    are right-aligned to the widest *printed* element; complex numbers are not padded.
  - Separator ``", "``; rows separated by ``",\\n"`` plus ``depth + 1`` spaces of indent.
  - 1-D tensors get a line break (``"\\n "``) after every 12th element for floats/bools and every
    24th for ints/bfloat16/complex -- also after the last element when the length is a
    multiple, giving e.g. ``...e+01\\n ])``.
  - Summarization: any dimension longer than 6 shows its first 3 and last 3 entries;
    innermost rows use ``" ... "`` between the halves, outer dimensions a ``...`` line.  For
    ndim > 1 this always applies; a 1-D tensor is only summarized when it has more than 1000
    elements (and then has no line breaks).
  - Empty tensors print nothing: ``Tensor(shape=[0], dtype=Float32, value= )`` and
    ``Tensor(shape=[2, 0], dtype=Int32, value=\\n)``.

* ``str(tensor)`` / ``print(tensor)`` is ``str(tensor.asnumpy())`` i.e. plain numpy printing
  (``[ 4. 10. 18.]``, ``9.0``).  BFloat16 arrays print each element as ``%f``
  (``[1.500000 -2.000000]``) because MindSpore's numpy bfloat16 scalar type stringifies so.

Parameters: ``repr(p) == str(p) ==
'Parameter (name=w, shape=(5, 3), dtype=Float32, requires_grad=True)'`` (shape is the Python
tuple).  :func:`parameter_repr` gives it; :func:`parameter_str` is the same text (kept as a
separate name for callers that distinguish the two).
"""
from __future__ import annotations

import numpy as np

__all__ = ["tensor_repr", "tensor_str", "parameter_repr", "parameter_str", "numpy_dtype"]

_NP = {
    "Bool": np.bool_, "Int8": np.int8, "Int16": np.int16, "Int32": np.int32, "Int64": np.int64,
    "UInt8": np.uint8, "UInt16": np.uint16, "UInt32": np.uint32, "UInt64": np.uint64,
    "Float16": np.float16, "Float32": np.float32, "Float64": np.float64,
    "BFloat16": np.float32, "Complex64": np.complex64, "Complex128": np.complex128,
}

_EDGE = 3            # items shown at each end of a summarized dimension
_MAX_UNSUMMARIZED = 6  # a dimension longer than this is summarized
_SUMMARIZE_1D_ABOVE = 1000  # 1-D tensors are only summarized above this many elements


def numpy_dtype(dtype_name: str):
    """numpy dtype used to hold values of a MindSpore dtype (BFloat16 -> float32)."""
    try:
        return np.dtype(_NP[dtype_name])
    except KeyError:
        raise ValueError(f"unknown MindSpore dtype name {dtype_name!r}") from None


def _round_bf16(a: np.ndarray) -> np.ndarray:
    """Round float32 values to the nearest bfloat16 (ties to even), returned as float32."""
    shape = np.shape(a)
    a = np.array(a, dtype=np.float32).reshape(-1)
    bits = a.view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    out = (rounded & 0xFFFFFFFF).astype(np.uint32).view(np.float32)
    return np.where(np.isnan(a), a, out).reshape(shape)


def _prepare(arr, dtype_name: str) -> np.ndarray:
    a = np.asarray(arr)
    a = a.astype(numpy_dtype(dtype_name), copy=False)
    if dtype_name == "BFloat16":
        a = _round_bf16(a)
    return a


# ----------------------------------------------------------------------------- element text

def _c_g(x) -> str:
    """C++ ``ostream << double`` with default flags: ``%g`` but keeping the sign of nan."""
    x = float(x)
    if x != x:
        return "-nan" if np.signbit(x) else "nan"
    return "%g" % x


def _c_e(x, width: int, prec: int) -> str:
    x = float(x)
    if x != x:
        return ("-nan" if np.signbit(x) else "nan").rjust(width)
    return "%*.*e" % (width, prec, x)


def _complex_text(z) -> str:
    re_, im = float(np.real(z)), float(np.imag(z))
    if np.signbit(im):
        imag = "-" + _c_g(-im) if im == im else "-nan"
    else:
        imag = "+" + _c_g(im)
    return _c_g(re_) + imag + "j"


def _kind(dtype_name: str) -> str:
    if dtype_name in ("Float16", "Float32", "Float64"):
        return "float"
    if dtype_name == "Bool":
        return "bool"
    if dtype_name.startswith("Complex"):
        return "complex"
    return "other"  # integers and BFloat16: right-aligned to the widest printed element


def _scalar_text(v, dtype_name: str) -> str:
    kind = _kind(dtype_name)
    if kind == "bool":
        return "True" if bool(v) else "False"
    if kind == "complex":
        return _complex_text(v)
    if kind == "float" or dtype_name == "BFloat16":
        return _c_g(v)
    return str(int(v))


def _element_text(v, dtype_name: str) -> str:
    """Unpadded text of one array element (padding for 'other' kinds is added later)."""
    kind = _kind(dtype_name)
    if kind == "float":
        return _c_e(v, 11, 4) if dtype_name == "Float16" else _c_e(v, 15, 8)
    if kind == "bool":
        return (" True" if bool(v) else "False")
    if kind == "complex":
        return _complex_text(v)
    if dtype_name == "BFloat16":
        return _c_g(v)
    return str(int(v))


# ----------------------------------------------------------------------------- repr

def _render(a: np.ndarray, dtype_name: str, fmt) -> str:
    """Lay out the array like MindSpore's C++ printer, formatting each element with fmt."""
    shape = a.shape
    ndim = a.ndim
    summarize = ndim > 1 or a.size > _SUMMARIZE_1D_ABOVE
    kind = _kind(dtype_name)
    linefeed = 12 if kind in ("float", "bool") else 24
    out = []

    def run(values, use_linefeed):
        last = len(values) - 1
        for i, v in enumerate(values):
            out.append(fmt(v))
            if i != last:
                out.append(", ")
            if use_linefeed and (i + 1) % linefeed == 0:
                out.append("\n ")

    def rec(sub, depth):
        out.append("[")
        n = shape[depth]
        if depth == ndim - 1:
            if summarize and n > _MAX_UNSUMMARIZED:
                run(sub[:_EDGE], False)
                out.append(" ... ")
                run(sub[n - _EDGE:], False)
            else:
                run(sub, ndim == 1)
        else:
            indent = "\n" + " " * (depth + 1)
            cut = summarize and n > _MAX_UNSUMMARIZED
            for i in range(min(_EDGE, n)):
                if i > 0:
                    out.append("," + indent)
                rec(sub[i], depth + 1)
            if cut:
                out.append("," + indent + "...")
            if n > _EDGE:
                start = n - _EDGE if cut else _EDGE
                for j, i in enumerate(range(start, n)):
                    out.append(("" if (cut and j == 0) else ",") + indent)
                    rec(sub[i], depth + 1)
        out.append("]")

    rec(a, 0)
    return "".join(out)


def _array_text(a: np.ndarray, dtype_name: str) -> str:
    if a.size == 0:
        return ""
    if a.ndim == 0:
        return _scalar_text(a[()], dtype_name)
    if _kind(dtype_name) != "other":
        return _render(a, dtype_name, lambda v: _element_text(v, dtype_name))
    # integers / bfloat16: pad to the widest element that is actually printed
    printed = []
    _render(a, dtype_name, lambda v: printed.append(_element_text(v, dtype_name)) or "")
    width = max(len(s) for s in printed)
    return _render(a, dtype_name, lambda v: _element_text(v, dtype_name).rjust(width))


def tensor_repr(arr, dtype_name: str) -> str:
    """``repr(ms.Tensor(...))`` of MindSpore 2.10 for values ``arr`` of dtype ``dtype_name``.

    ``arr`` is anything numpy can hold (for BFloat16 pass float32 values; they are rounded to
    bfloat16 first).  ``dtype_name`` is MindSpore's name, e.g. ``"Float32"``.
    """
    a = _prepare(arr, dtype_name)
    shape = "[" + ", ".join(str(d) for d in a.shape) + "]"
    sep = "\n" if a.ndim > 1 else " "
    return f"Tensor(shape={shape}, dtype={dtype_name}, value={sep}{_array_text(a, dtype_name)})"


# ----------------------------------------------------------------------------- str

def _bf16_text(x) -> str:
    return "%f" % float(x)


def tensor_str(arr, dtype_name: str) -> str:
    """``str(ms.Tensor(...))`` / ``print(tensor)`` of MindSpore 2.10 (numpy's ``str``).

    Honors numpy's global print options, as MindSpore does.  BFloat16 elements print as ``%f``.
    """
    a = _prepare(arr, dtype_name)
    if dtype_name != "BFloat16":
        return str(a)
    if a.ndim == 0:
        return _bf16_text(a[()])
    return np.array2string(a, separator=" ", prefix="",
                           formatter={"float_kind": _bf16_text})


# ----------------------------------------------------------------------------- Parameter

def parameter_repr(name: str, shape, dtype_name: str, requires_grad: bool) -> str:
    """``repr(ms.Parameter)`` (== ``str``), e.g.
    ``Parameter (name=w, shape=(5, 3), dtype=Float32, requires_grad=True)``.
    ``shape`` is printed as a Python tuple: ``()``, ``(3,)``, ``(5, 3)``."""
    shape = tuple(int(d) for d in shape)
    return (f"Parameter (name={name}, shape={shape}, dtype={dtype_name}, "
            f"requires_grad={bool(requires_grad)})")


def parameter_str(name: str, shape, dtype_name: str, requires_grad: bool) -> str:
    """``str(ms.Parameter)``: in MindSpore 2.10 identical to :func:`parameter_repr` (the
    Parameter's values are never printed; ``print(p)`` shows this header only)."""
    return parameter_repr(name, shape, dtype_name, requires_grad)

"""Tensor: a jax array plus the bookkeeping the tape needs; MindSpore's printing.

Most methods (``t.sum()``, ``t.reshape(...)``, ``t + u``) are attached by
``mindjax.ops._tensor_methods`` from the op definitions, so each lives in one place.
"""
from __future__ import annotations

import numbers

import jax
import jax.numpy as jnp
import numpy as np

from . import _dtype as mstype
from ._capture import Lazy as _Lazy
from ._state import state, top_level


def _infer_dtype(data) -> mstype.Type:
    """MindSpore's dtype for Python data: bool -> Bool, int -> Int64, float -> Float32."""
    arr = np.asarray(data)
    if arr.dtype == np.bool_:
        return mstype.bool_
    if arr.dtype == np.uint64:  # a Python int in [2**63, 2**64): MindSpore makes it UInt64
        return mstype.uint64
    if arr.dtype.kind in "iu":
        return mstype.int64
    if arr.dtype == object and _has_int(data):
        raise RuntimeError(f"For 'Tensor', the Python int in {data!r} does not fit in 64 bits, the widest integer "
                           f"dtype.")
    if arr.dtype.kind == "c":
        return mstype.complex128
    if arr.dtype.kind == "f":
        return mstype.float32
    raise TypeError(f"For 'Tensor', the input data {data!r} can not be converted to a Tensor.")


def _has_int(data) -> bool:
    if isinstance(data, (list, tuple)):
        return any(_has_int(x) for x in data)
    return isinstance(data, int) and not isinstance(data, bool)


def _python_array(data, dt: mstype.Type) -> np.ndarray:
    """Python numbers as a numpy array of ``dt``. Integers outside the dtype's range wrap around as
    C's conversions do (``Tensor([300], int8)`` holds 44, as in MindSpore); floats beyond float16's
    range become inf without a warning, as in MindSpore."""
    target = np.dtype(dt.np)
    if target.kind in "iu":
        a = np.asarray(data)
        if a.dtype == object:
            if _has_int(data):
                raise RuntimeError(f"For 'Tensor', the Python int in {data!r} does not fit in 64 bits, the widest "
                                   f"integer dtype.")
            return np.asarray(data, dtype=target)
        with np.errstate(over="ignore", invalid="ignore"):
            return a.astype(target)
    with np.errstate(over="ignore"):
        return np.asarray(data, dtype=target)


def _lift(arr: np.ndarray):
    """A numpy array as a jax array. Outside any trace it is a plain transfer: ``jnp.asarray``
    there compiles an identity program per shape and dtype (JAX's ``stage``, ~60 ms each), which
    made every new Parameter or batch shape an XLA compile."""
    return jax.device_put(arr) if top_level() else jnp.asarray(arr)


def _to_array(data, dtype: mstype.Type | None):
    """The jax array for ``Tensor(data, dtype)``."""
    if isinstance(data, Tensor):
        arr = data._data
        return arr if dtype is None or arr.dtype == dtype.np else arr.astype(dtype.np)
    if isinstance(data, (np.ndarray, np.generic)):
        if data.dtype.kind in "OUS":
            raise TypeError(f"For 'Tensor', the numpy dtype {data.dtype} is not supported.")
        dt = dtype or mstype.from_numpy(data.dtype)
        # a private copy: on CPU jax may adopt an aligned numpy buffer without copying, and a later
        # write to the user's array must not reach the Tensor (MindSpore's Tensor(array) copies)
        return _lift(np.array(data, dtype=dt.np, copy=True))
    if isinstance(data, jax.Array) or isinstance(data, jax.core.Tracer):
        return data if dtype is None else data.astype(dtype.np)
    if isinstance(data, (bool, numbers.Number, list, tuple)):
        if isinstance(data, (list, tuple)):
            data = [x.asnumpy() if isinstance(x, Tensor) else x for x in data] if any(
                isinstance(x, Tensor) for x in data) else data
        try:
            dt = dtype or _infer_dtype(data)
            arr = _python_array(data, dt)
        except ValueError as e:  # ragged nesting
            raise TypeError(f"For 'Tensor', the input_data {data!r} is not a regular nested list: {e}") from None
        return _lift(arr)
    raise TypeError(f"For 'Tensor', the type of input_data must be one of Tensor, numpy.ndarray, "
                    f"bool, int, float, complex, list or tuple, but got {type(data).__name__}.")


# numpy's ufuncs by name -> the ``operator`` function (for ``ndarray OP Tensor`` in compiled code)
_UFUNC_OPS = {"add": "add", "subtract": "sub", "multiply": "mul", "true_divide": "truediv", "divide": "truediv",
              "floor_divide": "floordiv", "power": "pow", "remainder": "mod", "matmul": "matmul", "equal": "eq",
              "not_equal": "ne", "less": "lt", "less_equal": "le", "greater": "gt", "greater_equal": "ge",
              "bitwise_and": "and_", "bitwise_or": "or_", "bitwise_xor": "xor", "left_shift": "lshift",
              "right_shift": "rshift", "negative": "neg", "positive": "pos", "absolute": "abs", "invert": "invert"}


class Tensor:
    """A multi-dimensional array: MindSpore's ``Tensor``.

    Args:
        input_data: a numpy array, Python scalar, (nested) list or tuple, or Tensor.
        dtype: a ``mindspore`` dtype; by default inferred (Python int -> Int64,
            float -> Float32, numpy arrays keep their dtype).
        shape, init: build the Tensor from an initializer instead of data.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> t = ms.Tensor(np.ones([2, 2]), ms.float32)
        >>> print(t.shape, t.dtype)
        (2, 2) Float32
        >>> print(t + 1)
        [[2. 2.]
         [2. 2.]]
    """

    # ``_raw`` holds the jax array, or (captured-sequence mode, ``_capture.py``) a placeholder whose
    # value is computed when first read: ``_data`` is the value, ``_raw`` what is held now
    __slots__ = ("_raw", "_node", "_idx", "__weakref__", "__dict__")
    __array_priority__ = 100

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """``ndarray OP Tensor`` (and numpy ufuncs given Tensors): numpy's answer on the Tensors'
        values, an ndarray, as MindSpore gives it (its Tensor converts through ``__array__``).
        In compiled code, where the values are not known yet, the Tensor's own operator."""
        if any(isinstance(x, Tensor) and isinstance(x._data, jax.core.Tracer) for x in inputs):
            import operator
            op = getattr(operator, _UFUNC_OPS.get(ufunc.__name__, ""), None)
            if method == "__call__" and not kwargs and op is not None:
                return op(*[x if isinstance(x, Tensor) else Tensor(np.asarray(x)) for x in inputs])
            # other ufuncs (np.exp) need the values: asnumpy's JIT Fallback (a graph break at LAX)
        conv = [x.asnumpy() if isinstance(x, Tensor) else x for x in inputs]
        if "out" in kwargs:
            kwargs["out"] = tuple(x.asnumpy() if isinstance(x, Tensor) else x for x in kwargs["out"])
        return getattr(ufunc, method)(*conv, **kwargs)

    def __new__(cls, input_data=None, dtype=None, shape=None, init=None, *args, **kwargs):
        if cls is Tensor and input_data is None and init is None and (_is_dynamic_shape(shape) or (
                shape is None and dtype is not None)):
            return object.__new__(_DynamicShapeTensor)
        return object.__new__(cls)

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
        if dtype is not None and not isinstance(dtype, mstype.Type):
            raise TypeError(f"For 'Tensor', the 'dtype' must be a mindspore dtype such as mindspore.float32, but got "
                            f"{dtype!r}.")
        dt = dtype
        if input_data is None:
            if init is None or shape is None:
                if shape is not None and dt is not None:
                    input_data = np.zeros(shape, dt.np)
                else:
                    raise TypeError("For 'Tensor', 'input_data' is None, so 'dtype' and 'shape' (or 'init') must be "
                                    "given.")
            else:
                from .common.initializer import _init_array
                shape = (shape,) if isinstance(shape, int) else tuple(shape)
                input_data = _init_array(init, shape, dt or mstype.float32)
        self._data = _to_array(input_data, dt)
        self._node = None
        self._idx = 0
        if const_arg:  # recorded only: mindjax's jit traces every argument, with the same results
            self.__dict__["_const_arg"] = True

    @staticmethod
    def from_numpy(array: np.ndarray) -> "Tensor":
        """A Tensor with the values and dtype of a numpy array.

        MindSpore shares the array's memory; a JAX array is immutable, so the Tensor holds
        a copy and later writes to ``array`` do not reach it.

        Examples:
            >>> import numpy as np
            >>> import mindjax as ms
            >>> print(ms.Tensor.from_numpy(np.array([1, 2], np.int32)))
            [1 2]
        """
        if not isinstance(array, np.ndarray):
            raise TypeError(f"For 'Tensor.from_numpy', the input must be numpy.ndarray, but got "
                            f"{type(array).__name__}.")
        return Tensor(np.ascontiguousarray(array))

    @classmethod
    def _make(cls, data, node=None, idx=0):
        t = object.__new__(Tensor)
        t._raw = data
        t._node = node
        t._idx = idx
        return t

    @property
    def _data(self):
        a = self._raw
        if type(a) is _Lazy:  # a captured op's output: run the captured segment (a boundary)
            a = self._raw = a.get()
        return a

    @_data.setter
    def _data(self, value):
        self._raw = value

    # ---- basic properties ------------------------------------------------------------
    @property
    def shape(self) -> tuple:
        return tuple(self._raw.shape)

    @property
    def dtype(self) -> mstype.Type:
        return mstype.from_numpy(self._raw.dtype)

    @property
    def ndim(self) -> int:
        return self._raw.ndim

    @property
    def size(self) -> int:
        return int(self._raw.size)

    @property
    def itemsize(self) -> int:
        return self._raw.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return int(self._raw.size) * self._raw.dtype.itemsize

    @property
    def strides(self) -> tuple:
        return np.empty(0, self._data.dtype).reshape(0).strides if self.ndim == 0 else \
            np.lib.stride_tricks.as_strided(np.empty(1, self._data.dtype), self.shape,
                                            _c_strides(self.shape, self.itemsize)).strides

    @property
    def requires_grad(self) -> bool:
        return self.__dict__.get("_requires_grad", False)

    @requires_grad.setter
    def requires_grad(self, value: bool):
        self.__dict__["_requires_grad"] = bool(value)

    def asnumpy(self) -> np.ndarray:
        """The values as a numpy array (waits for the computation)."""
        if isinstance(self._data, jax.core.Tracer):
            raise RuntimeError("For 'Tensor.asnumpy', the value is not known while a jit function is being "
                               "compiled; return the Tensor from the jit function and call asnumpy() outside.")
        return np.array(self._data)  # a writable copy, as users modify it in place

    def numpy(self) -> np.ndarray:
        return self.asnumpy()

    def __array__(self, dtype=None, copy=None):
        a = self.asnumpy()
        return a if dtype is None else a.astype(dtype)

    def item(self, index=None):
        """The value of a one-element Tensor (or the element at ``index``) as a Python number."""
        a = self.asnumpy()
        if index is not None:
            return a[index].item() if not isinstance(index, int) else a.flat[index].item()
        if a.size != 1:
            raise ValueError(f"For 'Tensor.item', the Tensor must have exactly one element, but got shape {a.shape}.")
        return a.item()

    def tolist(self):
        return self.asnumpy().tolist()

    def is_contiguous(self) -> bool:
        """False for a transposed view (``x.T``, ``x.transpose(1, 0)``, ``x.swapaxes(0, 1)``...), as for
        MindSpore's strided views in PyNative mode; a computed Tensor is contiguous."""
        perm = self.__dict__.get("_view_perm")
        if perm is None:
            return True
        kept = [p for p, d in zip(perm, self.shape) if d != 1]  # a size-1 axis has no stride to keep in order
        return kept == sorted(kept)

    def contiguous(self) -> "Tensor":
        """The Tensor itself when contiguous, else a contiguous copy of it (gradients flow through)."""
        if self.is_contiguous():
            return self
        from .ops import functional as F
        return F.identity(self)

    def data_sync(self, sync: bool = True):
        self._data.block_until_ready()
        return self

    def init_data(self):
        return self

    def has_init(self) -> bool:
        return False

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-d Tensor.")
        return self.shape[0]

    def __iter__(self):
        if self.ndim == 0:  # MindSpore's messages: PyNative's, and its graph compiler's
            raise TypeError("'Cannot iterate over a scalar tensor.'" if isinstance(self._data, jax.core.Tracer)
                            else "iteration over a 0-d tensor")
        for i in range(self.shape[0]):
            yield self[i]

    def __round__(self):
        """``round(x)``: elementwise, halves to even (``ops.round``)."""
        from .ops import round as _round
        return _round(self)

    def __bool__(self) -> bool:
        if self.size != 1:
            if state.jit_depth:  # graph mode's compiler
                raise ValueError(f"Only tensor which shape is () or (1,) can be converted to bool, but got tensor "
                                 f"shape is {self.shape}")
            raise ValueError(f"The tensor should have only one element, but got {self.size}, more than one element "
                             f"is ambiguous.")
        if isinstance(self._data, jax.core.Tracer):
            from ._jit.errors import tensor_bool_error
            raise tensor_bool_error()
        return bool(self.asnumpy().reshape(()))

    def __int__(self) -> int:
        return int(self.item())

    def __float__(self) -> float:
        return float(self.item())

    def __complex__(self) -> complex:
        return complex(self.item())

    def __index__(self) -> int:
        if self.dtype.kind not in "iub":
            raise TypeError("Only integer tensors of a single element can be converted to an index.")
        return int(self.item())

    def __hash__(self) -> int:
        return id(self)

    def __deepcopy__(self, memo):
        t = type(self).__new__(type(self))
        memo[id(self)] = t
        for k, v in self.__dict__.items():
            t.__dict__[k] = v
        t._raw = self._raw
        t._node = None
        t._idx = 0
        return t

    def __copy__(self):
        return self.__deepcopy__({})

    def __reduce__(self):
        return (_rebuild, (self.asnumpy(), self.dtype.name))

    # ---- printing ----------------------------------------------------------------------
    def __repr__(self) -> str:
        if isinstance(self._data, jax.core.Tracer):
            return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value=<traced>)"
        if self.__dict__.get("_np_repr"):  # numpy-backed in MindSpore (dataset iterators): numpy's text
            from .dataset.engine._print import numpy_backed_repr
            return numpy_backed_repr(self.asnumpy(), self.dtype.name)
        from ._printing import tensor_repr
        return tensor_repr(_np_for_print(self), self.dtype.name)

    def __str__(self) -> str:
        if isinstance(self._data, jax.core.Tracer):
            return self.__repr__()
        from ._printing import tensor_str
        return tensor_str(_np_for_print(self), self.dtype.name)

    def __format__(self, spec: str) -> str:
        if spec and self.size == 1:
            return format(self.item(), spec)
        return str(self)


def _np_for_print(t: Tensor) -> np.ndarray:
    a = t.asnumpy()
    if t._data.dtype == mstype.bfloat16.np:
        a = a.astype(np.float32)
    return a


def _c_strides(shape, itemsize):
    strides, acc = [], itemsize
    for s in reversed(shape):
        strides.append(acc)
        acc *= max(s, 1)
    return tuple(reversed(strides))


def _rebuild(arr, dtype_name):
    return Tensor(arr, mstype.from_name(dtype_name))


def as_tensor(x, dtype=None) -> Tensor:
    """``x`` as a Tensor (Tensors pass through; numbers follow MindSpore's inference)."""
    if isinstance(x, Tensor):
        if dtype is None or x.dtype == dtype:
            return x
        from .ops.functional import cast
        return cast(x, dtype)
    return Tensor(x, dtype)


def is_tensor(x) -> bool:
    return isinstance(x, Tensor)



def _is_dynamic_shape(shape) -> bool:
    return isinstance(shape, (list, tuple)) and any(
        d is None or (isinstance(d, int) and d == -1) or type(d).__name__ == "Symbol" for d in shape)


class _DynamicShapeTensor(Tensor):
    """``Tensor(shape=[None, 3], dtype=...)``: a placeholder with unknown dimensions (-1; a
    ``Symbol`` is one too), or ``Tensor(shape=None, dtype=...)`` of unknown rank (shape
    ``(-2,)``), used by ``Cell.set_inputs`` and ``enable_dynamic`` to declare which inputs a
    network accepts. It has no data: reading or computing with it raises ValueError."""

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
        if dtype is None:
            raise ValueError("If setting dynamic shape, dtype must not be None, init must be None")
        if not isinstance(dtype, mstype.Type):
            raise TypeError(f"For 'Tensor', the 'dtype' must be a mindspore dtype such as mindspore.float32, "
                            f"but got {dtype!r}.")
        dims = (-2,) if shape is None else tuple(-1 if d is None or type(d).__name__ == "Symbol" else int(d)
                                                 for d in shape)
        self.__dict__["_dyn"] = (dims, dtype)
        self._node = None
        self._idx = 0

    @property
    def _data(self):
        raise ValueError(f"The Tensor of shape {list(self.shape)} is a dynamic-shape placeholder without data: "
                         f"negative dimensions are not allowed.")

    _raw = _data

    @property
    def shape(self) -> tuple:
        return self.__dict__["_dyn"][0]

    @property
    def dtype(self) -> mstype.Type:
        return self.__dict__["_dyn"][1]

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __deepcopy__(self, memo):
        # a copy of the declaration (there is no data to copy); Cells holding set_inputs are deep-copied
        t = type(self).__new__(type(self))
        memo[id(self)] = t
        t.__dict__.update(self.__dict__)
        t._node, t._idx = None, 0
        return t

    def __repr__(self) -> str:
        sep = " " if self.shape == (-2,) else "\n"
        return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={sep})"

    __str__ = __repr__

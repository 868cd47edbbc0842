"""``mindspore.common.sparse_tensor``: COOTensor, CSRTensor, RowTensor and the old SparseTensor.

A sparse tensor is a few Tensors (indices, values, ...) and a static dense shape. The
values keep their autograd history, so gradients flow to them through ``to_dense``,
``mv``, ``mm`` and the other ops of ``mindjax.ops.sparse_ops``; the index Tensors are
cut from the tape (MindSpore applies ``stop_gradient`` to them). A sparse tensor can be
an argument or a result of a jit function or a Graph-mode Cell: ``_mj_flatten`` /
``_mj_unflatten`` give its Tensors and rebuild it from them.
"""
from __future__ import annotations

import logging
from typing import Tuple

import jax
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor

__all__ = ["RowTensorInner", "RowTensor", "SparseTensor", "COOTensor", "CSRTensor"]

logger = logging.getLogger("mindjax")

_INDEX_TYPES = (mstype.int16, mstype.int32, mstype.int64)


def _ops():
    from ..ops import sparse_ops  # late: sparse_ops builds on these classes
    return sparse_ops


def _stop(t: Tensor) -> Tensor:
    return Tensor._make(t._data) if t._node is not None else t


def _shape_text(shape) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


def _part_text(t: Tensor) -> str:
    """A Tensor as MindSpore's C++ ``Tensor::ToString`` writes it inside a sparse tensor's text:
    numpy-like, no commas, and ``[...]`` once it holds 30 elements or more."""
    from .. import _printing
    head = f"Tensor(shape={_shape_text(t.shape)}, dtype={t.dtype}, value="
    if isinstance(t._data, jax.core.Tracer):  # printed inside a jit function: no value yet
        return head + "<traced>)"
    if t.size >= 30:
        return head + "[...])"
    if not t.size:
        body = ""
    else:
        name = str(t.dtype)
        a = _printing._prepare(np.asarray(t.asnumpy()), name)
        body = _printing._array_text(a, name).replace(",", "")  # commas are only ever separators
    return head + ("\n" if t.ndim > 1 else "") + body + ")"


def _is_tensor(x) -> bool:
    return isinstance(x, Tensor)


def _check_parts(indices, values, shape):
    if not _is_tensor(indices):
        raise TypeError(f"For SparseTensors, 'indices' must be Tensor, but got {type(indices)}.")
    if not _is_tensor(values):
        raise TypeError(f"For SparseTensors, 'values' must be Tensor, but got {type(values)}.")
    if not isinstance(shape, tuple):
        raise TypeError(f"For SparseTensors, 'shape' must be tuple, but got {type(shape)}.")


class _Sparse:
    """What the sparse classes share: values/indices, printing, jit flattening."""

    _fields: tuple = ()

    @property
    def values(self) -> Tensor:
        """The stored values (a Tensor that keeps its gradient history)."""
        return self._values

    @property
    def indices(self) -> Tensor:
        return self._indices

    def __repr__(self) -> str:
        parts = ", ".join(f"{f}={_part_text(getattr(self, '_' + f))}" for f in self._fields)
        return f"{type(self)._text_name}(shape={_shape_text(self._shape)}, dtype={self._values.dtype}, {parts})"

    __str__ = __repr__

    # ---- jit: a sparse tensor is its Tensors plus the static shape ----------------------------
    def _mj_flatten(self):
        return tuple(getattr(self, "_" + f) for f in self._fields), self._shape

    @classmethod
    def _mj_unflatten(cls, shape, tensors):
        obj = object.__new__(cls)
        for f, t in zip(cls._fields, tensors):
            setattr(obj, "_" + f, t)
        obj._shape = tuple(shape)
        obj.init_finished = True
        return obj


class _SparseArray(_Sparse):
    """COOTensor and CSRTensor also describe their values like a Tensor does."""

    @property
    def dtype(self) -> mstype.Type:
        """The dtype of the values."""
        return self._values.dtype

    @property
    def size(self) -> int:
        """The number of stored values."""
        return self._values.size

    @property
    def itemsize(self) -> int:
        """The size in bytes of one value."""
        return self._values.itemsize

    @property
    def ndim(self) -> int:
        """The rank of the dense tensor this one stands for."""
        return len(self._shape)


class COOTensor(_SparseArray):
    """A 2-D sparse tensor in coordinate format: ``dense[indices[i]] = values[i]``.

    Args:
        indices (Tensor): int16/int32/int64, shape ``(N, 2)``.
        values (Tensor): shape ``(N,)``.
        shape (tuple[int]): the dense shape (2 positive ints).
        coo_tensor (COOTensor): copy another COOTensor instead.

    Duplicate indices are kept (``to_dense`` adds them up; ``coalesce`` merges them).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import Tensor, COOTensor
        >>> x = COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1, 2], ms.float32), (3, 4))
        >>> print(x.to_dense())
        [[0. 1. 0. 0.]
         [0. 0. 2. 0.]
         [0. 0. 0. 0.]]
    """

    _fields = ("indices", "values")
    _text_name = "COOTensor"

    def __init__(self, indices: Tensor = None, values: Tensor = None, shape: tuple = None,
                 coo_tensor: "COOTensor" = None):
        self.init_finished = False
        if coo_tensor is not None:
            if not isinstance(coo_tensor, COOTensor):
                raise TypeError(f"Expect input `coo_tensor` to be a COOTensor, but got {type(coo_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `coo_tensor` is provided, `indices`, `values`, `shapes` should all be "
                                "`None`")
            indices, values, shape = coo_tensor._indices, coo_tensor._values, coo_tensor._shape
        else:
            _check_parts(indices, values, shape)
            _check_coo_shape(indices.shape, values.shape, shape)
            if indices.dtype not in _INDEX_TYPES:
                raise TypeError(f"For COOTensor, the type of 'indices' must be one of [int16, int32, int64], but "
                                f"got {indices.dtype}.")
        self._indices = _stop(indices)
        self._values = values
        self._shape = tuple(shape)
        self.init_finished = True

    @property
    def shape(self) -> Tuple[int, ...]:
        """The dense shape."""
        return self._shape

    def to_tuple(self) -> Tuple[Tensor, Tensor, Tuple[int, ...]]:
        """``(indices, values, shape)``."""
        return self.indices, self.values, self.shape

    def to_dense(self) -> Tensor:
        """The dense Tensor (duplicate indices are added up)."""
        return _ops().coo_to_dense(self)

    def to_csr(self) -> "CSRTensor":
        """The same tensor in CSR format (rows sorted; needs int32 indices, as in MindSpore)."""
        return _ops().coo_to_csr(self)

    def coalesce(self) -> "COOTensor":
        """A copy with duplicate indices merged (values added) and indices sorted (PyNative only:
        the number of entries depends on the index values)."""
        return _ops().coo_coalesce(self)

    def astype(self, dtype) -> "COOTensor":
        """A copy with the values cast to ``dtype``."""
        return COOTensor(self.indices, self.values.astype(dtype), self.shape)

    def abs(self) -> "COOTensor":
        """Element-wise absolute value of the values."""
        return COOTensor(self.indices, self.values.abs(), self.shape)

    def add(self, other: "COOTensor", thresh: Tensor) -> "COOTensor":
        """``ops.coo_add(self, other, thresh)``."""
        return _ops().coo_add(self, other, thresh)

    def __neg__(self) -> "COOTensor":
        return COOTensor(self.indices, -self.values, self.shape)

    def __add__(self, other):
        if self.shape != other.shape:
            raise ValueError("Input tensors should have the same shape.")
        if isinstance(other, Tensor):
            return _ops().tensor_scatter_add(other, self.indices, self.values)
        if isinstance(other, COOTensor):
            return _ops().coo_add(self, other, Tensor(0, self.values.dtype))
        raise TypeError("COOTensor add with %s is not supported." % type(other))

    def __sub__(self, other):
        if self.shape != other.shape:
            raise ValueError("Input tensors should have the same shape.")
        if isinstance(other, Tensor):
            return _ops().tensor_scatter_add(-other, self.indices, self.values)
        if isinstance(other, COOTensor):
            return _ops().coo_add(self, -other, Tensor(0, self.values.dtype))
        raise TypeError("COOTensor subtract with %s is not supported." % type(other))

    def __mul__(self, other):
        if self.shape != other.shape:
            raise ValueError("Input tensors should have the same shape.")
        if isinstance(other, Tensor):
            return COOTensor(self.indices, self.values * _ops().gather_nd(other, self.indices), self.shape)
        raise TypeError("COOTensor multiply with %s is not supported." % type(other))

    def __div__(self, other):
        if self.shape != other.shape:
            raise ValueError("Input tensors should have the same shape.")
        if isinstance(other, Tensor):
            logger.warning("For sparse divide, zero values in the dense tensor are ignored.")
            return COOTensor(self.indices, self.values / _ops().gather_nd(other, self.indices), self.shape)
        raise TypeError("COOTensor divide with %s is not supported." % type(other))

    def __truediv__(self, other):
        return self.__div__(other)


def _check_coo_shape(indices_shp, values_shp, coo_shp):
    if len(coo_shp) != 2:
        raise ValueError(f"For COOTensor, the length of 'shape' must be 2, but got {coo_shp}.")
    if indices_shp == (0,) and values_shp == (0,):
        return
    total = 1
    for sh in coo_shp:
        if sh <= 0:
            raise ValueError(f"For COOTensor, the element of 'shape' must be positive, but got {sh} in {coo_shp}.")
        if not isinstance(sh, int):
            raise TypeError(f"For COOTensor, the element type of 'shape' must be int, but got {type(sh)}")
        total *= sh
    if total < values_shp[0]:
        raise ValueError(f"For COOTensor, shape is too small: ({total}) to hold all values({values_shp[0]}).")
    if len(indices_shp) != 2:
        raise ValueError(f"For COOTensor, 'indices' must be a 2-dimensional tensor, but got a {len(indices_shp)}"
                         f"-dimensional tensor.")
    if len(values_shp) != 1:
        raise ValueError(f"For COOTensor, 'values' must be a 1-dimensional tensor, but got a {len(values_shp)}"
                         f"-dimensional tensor.")
    if indices_shp[0] != values_shp[0]:
        # (MindSpore's message spells 'euqal'; kept so that code matching the text still works)
        raise ValueError(f"For COOTensor, 'indices.shape[0]' must be euqal to 'values.shape[0]', but got "
                         f"'indices.shape[0]' = {indices_shp[0]} and 'values.shape[0]' = {values_shp[0]}.")
    if indices_shp[1] != 2:
        raise ValueError(f"For COOTensor, 'indices.shape[1]' must be 2, but got {indices_shp[1]}.")


class CSRTensor(_SparseArray):
    """A sparse tensor in compressed-row format.

    Row ``i`` holds ``values[indptr[i]:indptr[i+1]]`` at the columns
    ``indices[indptr[i]:indptr[i+1]]``; ``values`` may have trailing dimensions
    (``values.shape[1:] == shape[2:]``).

    Args:
        indptr (Tensor): int16/int32/int64, length ``shape[0] + 1``.
        indices (Tensor): int16/int32/int64, one column index per value.
        values (Tensor): the stored values.
        shape (tuple[int]): the dense shape.
        csr_tensor (CSRTensor): copy another CSRTensor instead.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import Tensor, CSRTensor
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([2, 1], ms.float32), (2, 4))
        >>> print(x.mv(Tensor([[1], [1], [1], [1]], ms.float32)))
        [[2.]
         [1.]]
    """

    _fields = ("indptr", "indices", "values")
    _text_name = "CSRTensor"

    def __init__(self, indptr: Tensor = None, indices: Tensor = None, values: Tensor = None, shape: tuple = None,
                 csr_tensor: "CSRTensor" = None):
        self.init_finished = False
        if csr_tensor is not None:
            if not isinstance(csr_tensor, CSRTensor):
                raise TypeError(f"Expect input `csr_tensor` to be a CSRTensor, but got {type(csr_tensor)}")
            if not (indptr is None and indices is None and values is None and shape is None):
                raise TypeError("If input `csr_tensor` is provided, `indptr`, `indices`, `values`, `shapes` should "
                                "all be `None`")
            indptr, indices = csr_tensor._indptr, csr_tensor._indices
            values, shape = csr_tensor._values, csr_tensor._shape
        else:
            if not _is_tensor(indptr):
                raise TypeError(f"For CSRTensor, 'indptr' must be Tensor, but got {type(indptr)}.")
            _check_parts(indices, values, shape)
            _check_csr_shape(indptr.shape, indices.shape, values.shape, shape)
            if indptr.dtype not in _INDEX_TYPES:
                raise TypeError(f"For CSRTensor, indptr must have int16 or int32 or int64 data type, but got "
                                f"{indptr.dtype}.")
            if indices.dtype not in _INDEX_TYPES:
                raise TypeError(f"For CSRTensor, indices must have int16 or int32 or int64 data type, but got "
                                f"{indices.dtype}.")
        self._indptr = _stop(indptr)
        self._indices = _stop(indices)
        self._values = values
        self._shape = tuple(shape)
        self.init_finished = True

    @property
    def indptr(self) -> Tensor:
        """Where each row's values start (and the last one ends)."""
        return self._indptr

    @property
    def shape(self) -> Tuple[int, ...]:
        """The dense shape."""
        return self._shape

    def to_tuple(self) -> Tuple[Tensor, Tensor, Tensor, Tuple[int, ...]]:
        """``(indptr, indices, values, shape)``."""
        return self.indptr, self.indices, self.values, self.shape

    def to_coo(self) -> COOTensor:
        """The same 2-D tensor in COO format."""
        if self.ndim != 2:
            raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")
        return _ops().csr_to_coo(self)

    def to_dense(self) -> Tensor:
        """The dense Tensor."""
        return _ops().csr_to_dense(self)

    def astype(self, dtype) -> "CSRTensor":
        """A copy with the values cast to ``dtype``."""
        return CSRTensor(self.indptr, self.indices, self.values.astype(dtype), self.shape)

    def mv(self, dense_vector: Tensor) -> Tensor:
        """``self @ dense_vector`` for a dense ``(shape[1], 1)`` Tensor; the result is ``(shape[0], 1)``."""
        if not isinstance(dense_vector, Tensor):
            raise TypeError(f"For 'CSRTensor.mv', the type of 'dense_vector' should be 'Tensor', but got "
                            f"'{type(dense_vector).__name__}'.")
        return _ops().csr_mv(self, dense_vector)

    def mm(self, matrix: Tensor) -> Tensor:
        """``self @ matrix`` for a dense ``(shape[1], K)`` Tensor; the result is a dense ``(shape[0], K)``."""
        if isinstance(matrix, CSRTensor):
            # MindSpore computes CSR @ CSR only on GPU; its CPU build fails here too.
            raise RuntimeError("For 'CSRTensor.mm', a CSRTensor right operand is only supported on GPU in "
                               "MindSpore; convert it with to_dense() first.")
        if not isinstance(matrix, Tensor):
            raise TypeError(f"For 'CSRTensor.mm', the type of 'matrix' should be 'Tensor', but got "
                            f"'{type(matrix).__name__}'.")
        return _ops().csr_mm_dense(self, matrix)

    def sum(self, axis: int) -> Tensor:
        """The sum over ``axis`` (only 1 or -1): a dense ``(shape[0], 1)`` Tensor."""
        return _ops().csr_reduce_sum(self, axis)

    def abs(self) -> "CSRTensor":
        """Element-wise absolute value of the values."""
        return CSRTensor(self.indptr, self.indices, self.values.abs(), self.shape)

    def add(self, b: "CSRTensor", alpha: Tensor, beta: Tensor) -> "CSRTensor":
        """``ops.csr_add(self, b, alpha, beta)``: ``alpha * self + beta * b``."""
        return _ops().csr_add(self, b, alpha, beta)

    def __mul__(self, other):
        return _ops().csr_mul(self, other)

    def __div__(self, other):
        logger.warning("For CSR divide, zero values in the dense tensor are ignored.")
        return _ops().csr_div(self, other)

    def __truediv__(self, other):
        return self.__div__(other)

    def __neg__(self) -> "CSRTensor":
        return CSRTensor(self.indptr, self.indices, -self.values, self.shape)

    def __add__(self, other):
        if self.shape != other.shape:
            raise ValueError("Input tensors should have the same shape.")
        if isinstance(other, CSRTensor):
            one = Tensor(1, self.values.dtype)
            return _ops().csr_add(self, other, one, one)
        raise TypeError("CSRTensor add with %s is not supported." % type(other))

    def __sub__(self, other):
        if self.shape != other.shape:
            raise ValueError("Input tensors should have the same shape.")
        if isinstance(other, CSRTensor):
            return _ops().csr_add(self, other, Tensor(1, self.values.dtype), Tensor(-1, self.values.dtype))
        raise TypeError("CSRTensor subtract with %s is not supported." % type(other))


def _check_csr_shape(indptr_shp, indices_shp, values_shp, csr_shp):
    if indptr_shp == (0,) and indices_shp == (0,) and values_shp == (0,):
        return
    total = 1
    for item in csr_shp:
        if item <= 0:
            raise ValueError(f"For CSRTensor, the element of shape must be positive, but got {item}")
        if not isinstance(item, int):
            raise TypeError(f"For CSRTensor, the element type of shape must be int, but got {type(item)}")
        total *= item
    n_values = 1
    for item in values_shp:
        if item <= 0:
            raise ValueError(f"The element of shape must be positive, but got {item}")
        n_values *= item
    if total < n_values:
        raise ValueError(f"Shape total size: {total} is too small to hold {n_values} non-zero values.")
    if len(indices_shp) != 1:
        raise ValueError(f"For CSRTensor, indices must be a 1-dimensional tensor, but got a {len(indices_shp)} "
                         f"dimension tensor.")
    if len(indptr_shp) != 1:
        raise ValueError(f"For CSRTensor, indptr must be a 1-dimensional tensor, but got a {len(indptr_shp)} "
                         f"dimension tensor.")
    if csr_shp[0] + 1 != indptr_shp[0]:
        raise ValueError(f"For CSRTensor, indptr must have length (1 + shape[0]), but got: {indptr_shp[0]}")
    if indices_shp[0] != values_shp[0]:
        raise ValueError(f"For CSRTensor, indices and values must equal in their shape, but got indices shape: "
                         f"{indices_shp[0]}, values shape: {values_shp[0]}.")
    if len(values_shp) + 1 != len(csr_shp):
        raise ValueError(f"Values' dimension should equal to CSRTensor's dimension - 1, but gotValues' dimension: "
                         f"{len(values_shp)} , CSRTensor's dimension: {len(csr_shp)}")
    if values_shp[1:] != csr_shp[2:]:
        raise ValueError(f"CSRTensor's shape[2: ] must be equal to value's shape[1: ],but CSRTensor's shape[2: ] "
                         f"got: {csr_shp[2:]} and value's shape[1: ]got: {values_shp[1:]}")


class RowTensorInner(_Sparse):
    """Slices of a dense tensor along its first axis: ``dense[indices[i]] = values[i]``
    (MindSpore's developer-facing form of RowTensor; it logs no deprecation warning)."""

    _fields = ("indices", "values")
    _text_name = "RowTensor"

    def __init__(self, indices: Tensor = None, values: Tensor = None, shape: tuple = None,
                 row_tensor: "RowTensorInner" = None):
        self.init_finished = False
        if row_tensor is not None:
            if not isinstance(row_tensor, RowTensorInner):
                raise TypeError(f"Expect input `row_tensor` to be a RowTensor, but got {type(row_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `row_tensor` is provided, `indices`, `values`, `shapes` should all be "
                                "`None`")
            indices, values, shape = row_tensor._indices, row_tensor._values, row_tensor._shape
        elif not isinstance(shape, (tuple, list)):
            raise TypeError(f"For RowTensor, the 'shape' must be a tuple of ints, but got {type(shape).__name__}.")
        elif not (_is_tensor(indices) and _is_tensor(values)):
            # (MindSpore fails here with a RuntimeError from its C++ constructor)
            raise RuntimeError(f"For RowTensor, the 'indices' and 'values' must be Tensors, but got "
                               f"{type(indices).__name__} and {type(values).__name__}.")
        self._indices = _stop(indices)
        self._values = values
        self._shape = tuple(shape)
        self.init_finished = True

    @property
    def dense_shape(self) -> Tuple[int, ...]:
        """The shape of the dense tensor."""
        return self._shape


class RowTensor(RowTensorInner):
    """A sparse set of slices of a dense tensor along its first axis (deprecated since MindSpore 1.7).

    ``RowTensor(indices, values, shape)`` stands for the dense tensor of ``shape`` whose row
    ``indices[i]`` is ``values[i]``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import Tensor, RowTensor
        >>> x = RowTensor(Tensor([0]), Tensor([[1, 2]], ms.float32), (3, 2))
        >>> print(x.values, x.dense_shape)
        [[1. 2.]] (3, 2)
    """

    def __init__(self, indices: Tensor = None, values: Tensor = None, shape: tuple = None,
                 row_tensor: RowTensorInner = None):
        logger.warning("'RowTensor' is deprecated from version 1.7 and will be removed in a future version.")
        super().__init__(indices, values, shape, row_tensor)


class SparseTensor(_Sparse):
    """The old name of COOTensor (deprecated since MindSpore 1.7): indices, values and shape only.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import Tensor, SparseTensor
        >>> x = SparseTensor(Tensor([[0, 1], [1, 2]]), Tensor([1, 2], ms.float32), (3, 4))
        >>> print(x.shape)
        (3, 4)
    """

    _fields = ("indices", "values")
    _text_name = "COOTensor"

    def __init__(self, indices: Tensor, values: Tensor, shape: tuple):
        logger.warning("'SparseTensor' is deprecated from version 1.7 and will be removed in a future version. "
                       "Please use 'COOTensor' instead.")
        if not (isinstance(indices, Tensor) and isinstance(values, Tensor) and isinstance(shape, tuple)):
            raise TypeError("Inputs must follow: COOTensor(indices, values, shape).")
        self._indices = _stop(indices)
        self._values = values
        self._shape = shape
        self.init_finished = True

    @property
    def shape(self) -> tuple:
        """The dense shape."""
        return self._shape

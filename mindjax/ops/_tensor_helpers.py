"""Tensor's storage, interchange and bookkeeping helpers: bytes, DLPack, sparse conversions, hooks.

Only those that mean something for a jax array are here; MindSpore's device-memory helpers
(``pin_memory``, ``set_device_address``...) are absent. ``untyped_storage`` gives a byte view of
the values (``UntypedStorage``); ``_offload`` is the host-placement hint, which on mindjax's
backends leaves the values where XLA keeps them.

Examples:
    >>> import mindjax as ms
    >>> x = ms.Tensor([1.0, 2.0])
    >>> y = ms.Tensor.convert_bytes_to_tensor(x.get_bytes(), (2,), ms.float32)
    >>> print(y, x.device, x.is_pinned())
    [1. 2.] CPU False
"""
from __future__ import annotations

import jax
import numpy as np

from .._tensor import Tensor


def get_bytes(self) -> bytes:
    """The raw bytes of the values (C order), as MindSpore's ``Tensor.get_bytes``."""
    return self.asnumpy().tobytes()


def convert_bytes_to_tensor(bytes_data: bytes, shape, dtype) -> Tensor:
    """A Tensor of ``shape`` and ``dtype`` read from raw bytes (the inverse of ``get_bytes``)."""
    if not isinstance(bytes_data, bytes):
        raise TypeError(f"For 'Tensor.convert_bytes_to_tensor', the 'bytes_data' must be bytes, but got "
                        f"{type(bytes_data).__name__}.")
    return Tensor(np.frombuffer(bytes_data, dtype=dtype.np).reshape(tuple(shape)).copy(), dtype)


def to_dlpack(self):
    """A DLPack capsule of the values (jax's ``__dlpack__``; no copy on CPU)."""
    return self._data.__dlpack__()


def from_dlpack(dlpack) -> Tensor:
    """A Tensor from a DLPack capsule or an object with ``__dlpack__``."""
    if hasattr(dlpack, "__dlpack__"):
        return Tensor._make(jax.dlpack.from_dlpack(dlpack))
    # a bare capsule: numpy reads it through a small adapter (jax accepts only __dlpack__ objects)
    return Tensor(np.from_dlpack(_Capsule(dlpack)))


class _Capsule:
    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, stream=None, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU


def data_ptr(self) -> int:
    """The address of the values' buffer."""
    return self._data.unsafe_buffer_pointer()


def wait_pipeline(self) -> None:
    """Wait until the computation of this Tensor's values has finished."""
    self._data.block_until_ready()


def to_coo(self):
    """The non-zero entries as a COOTensor (int32 indices)."""
    from ..common.sparse_tensor import COOTensor
    a = self.asnumpy()
    idx = np.argwhere(a != 0).astype(np.int32)
    return COOTensor(Tensor(idx.reshape(-1, a.ndim)), Tensor(a[a != 0]), tuple(a.shape))


def to_csr(self):
    """The non-zero entries of a 2-D Tensor as a CSRTensor (int32 indptr and indices)."""
    from ..common.sparse_tensor import CSRTensor
    a = self.asnumpy()
    if a.ndim != 2:
        raise ValueError(f"For 'Tensor.to_csr', the Tensor must be 2-D, but got {a.ndim}-D.")
    rows, cols = np.nonzero(a)
    indptr = np.searchsorted(rows, np.arange(a.shape[0] + 1)).astype(np.int32)
    return CSRTensor(Tensor(indptr), Tensor(cols.astype(np.int32)), Tensor(a[rows, cols]), tuple(a.shape))


def hooks(self) -> list:
    """The hook functions registered on this Tensor with ``register_hook``."""
    return list(self.__dict__.get("_grad_hooks", {}).values())


def set_const_arg(self, const_arg: bool = True) -> Tensor:
    """Mark whether the Tensor is a constant when passed to a network; returns it. (MindSpore's graph
    compiler folds such a Tensor into the graph; mindjax's ``jit`` traces every Tensor argument, which
    gives the same results, so the flag is kept for code that reads ``const_arg``.)"""
    if not isinstance(const_arg, bool):
        raise TypeError(f"For 'set_const_arg', the type of 'const_arg' should be 'bool', but got "
                        f"'{type(const_arg).__name__}'.")
    self.__dict__["_const_arg"] = const_arg
    return self


def move_to(self, to: str, blocking: bool = True) -> Tensor:
    """A copy of the Tensor on device ``to`` ("Ascend", "GPU" or "CPU"), which must be the one in use."""
    if not isinstance(blocking, bool):
        raise ValueError(f"The type of 'blocking' must be bool, but got {blocking}")
    if to not in ("Ascend", "GPU", "CPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'GPU', 'CPU'], but got {to}")
    here = _device(self)
    if to != here:
        raise RuntimeError(f"The value of arg 'to' of method 'move_to' should be same with device target, bug got "
                           f"to:{to}, device target: {here}")
    out = Tensor._make(self._data + 0 if self._data.dtype != bool else self._data.copy())
    return out if not blocking else out.data_sync()


def set_init_flag(self, flag: bool) -> None:
    """Set the flag that ``is_init`` and ``init_flag`` report (MindSpore's lazy-initialisation mark;
    mindjax builds every Tensor's values at construction, so nothing else reads it)."""
    self.__dict__["_init_flag"] = bool(flag)


class UntypedStorage:
    """The bytes behind a Tensor's values (MindSpore's ``Tensor.untyped_storage()``).

    ``copy_`` writes another storage's bytes into the Tensor (reinterpreted in the Tensor's dtype, as
    a raw copy does); ``resize_`` sets the byte size that the storage reports (``0`` releases it:
    ``data_ptr()`` is then 0). While the size differs from the Tensor's, the Tensor keeps its values.

    Examples:
        >>> import mindjax as ms
        >>> b, c = ms.Tensor([1.0, 2.0]) * 1, ms.Tensor([5.0, 6.0]) * 1
        >>> s = b.untyped_storage()
        >>> _ = s.copy_(c.untyped_storage())
        >>> print(s.size(), b)
        8 [5. 6.]
    """

    def __init__(self, tensor: Tensor):
        self._tensor = tensor
        self._nbytes = None  # None: the Tensor's own size

    def nbytes(self) -> int:
        return self._tensor.nbytes if self._nbytes is None else self._nbytes

    def size(self) -> int:
        return self.nbytes()

    def element_size(self) -> int:
        return 1

    def data_ptr(self) -> int:
        return 0 if self.nbytes() == 0 else data_ptr(self._tensor)

    def resize_(self, size: int) -> "UntypedStorage":
        if not isinstance(size, int) or isinstance(size, bool) or size < 0:
            raise ValueError(f"For 'UntypedStorage.resize_', the size must be a non-negative int, but got {size!r}.")
        self._nbytes = None if size == self._tensor.nbytes else size
        return self

    def copy_(self, src: "UntypedStorage", non_blocking: bool = False) -> "UntypedStorage":
        if not isinstance(src, UntypedStorage):
            raise TypeError(f"For 'UntypedStorage.copy_', the 'src' must be an UntypedStorage, but got "
                            f"{type(src).__name__}.")
        if src.nbytes() != self.nbytes():
            raise RuntimeError(f"Size does not match, self was {self.nbytes()} bytes but src was {src.nbytes()} bytes")
        t = self._tensor
        raw = np.frombuffer(src._tensor.asnumpy().tobytes(), dtype=t.dtype.np).reshape(t.shape).copy()
        from ._tensor_inplace import write
        write(t, Tensor(raw, t.dtype))
        return self


def untyped_storage(self) -> UntypedStorage:
    """The storage (the bytes) behind the values; see ``UntypedStorage``. The same object each call, so a
    ``resize_`` is seen by later calls."""
    st = self.__dict__.get("_storage")
    if st is None:
        st = self.__dict__["_storage"] = UntypedStorage(self)
    return st


def _offload(self) -> None:
    """MindSpore's hint to move a Tensor's values to host memory (Ascend). mindjax leaves placement to
    XLA, where the values stay usable, so nothing moves."""
    return None


def _device(self) -> str:
    return "CPU" if jax.default_backend() == "cpu" else "GPU"


_METHODS = {"get_bytes": get_bytes, "to_dlpack": to_dlpack, "data_ptr": data_ptr, "wait_pipeline": wait_pipeline,
            "to_coo": to_coo, "to_csr": to_csr, "hooks": hooks, "set_const_arg": set_const_arg,
            "is_pinned": lambda self: False, "is_shared": lambda self: False, "move_to": move_to,
            "set_init_flag": set_init_flag, "is_init": lambda self: self.__dict__.get("_init_flag", False),
            "untyped_storage": untyped_storage, "_offload": _offload}
_STATIC = {"convert_bytes_to_tensor": convert_bytes_to_tensor, "from_dlpack": from_dlpack}
_PROPERTIES = {"device": _device, "is_meta": lambda self: False,
               "const_arg": lambda self: self.__dict__.get("_const_arg", False),
               "init_flag": lambda self: self.__dict__.get("_init_flag", False),
               # values are built at construction: there is no pending initializer
               "init": lambda self: None, "init_finished": lambda self: True}


def install() -> list:
    for name, fn in _METHODS.items():
        setattr(Tensor, name, fn)
    for name, fn in _STATIC.items():
        setattr(Tensor, name, staticmethod(fn))
    for name, fn in _PROPERTIES.items():
        setattr(Tensor, name, property(fn))
    return [*_METHODS, *_STATIC, *_PROPERTIES]

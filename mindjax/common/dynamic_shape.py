"""``mindspore.enable_dynamic``: declare which inputs of a jit function vary in shape."""
from __future__ import annotations

import functools
import inspect

from .._tensor import Tensor


def _check_one(name: str, want, got) -> None:
    if isinstance(want, (tuple, list)):
        if not isinstance(got, (tuple, list)) or len(got) != len(want):
            raise ValueError(f"When using decorator enable_dynamic, the argument '{name}' must be a tuple/list of "
                             f"{len(want)} Tensors.")
        for w, g in zip(want, got):
            _check_one(name, w, g)
        return
    if not isinstance(got, Tensor):
        raise TypeError(f"When using decorator enable_dynamic, the argument '{name}' must be a Tensor, but got "
                        f"{type(got)}.")
    if want.dtype != got.dtype:
        raise TypeError(f"When using decorator enable_dynamic, input tensor dtype = {got.dtype}, dynamic tensor "
                        f"dtype = {want.dtype}, tensor dtypes are not the same.")
    if want.shape == (-2,):
        return
    if len(want.shape) != len(got.shape) or any(w not in (-1, g) for w, g in zip(want.shape, got.shape)):
        raise ValueError(f"When using decorator enable_dynamic, input tensor shape = {list(got.shape)}, dynamic "
                         f"tensor shape = {list(want.shape)}, tensor shapes are not the same.")


def _valid_decl(value) -> bool:
    if isinstance(value, Tensor):
        return True
    return isinstance(value, (tuple, list)) and all(_valid_decl(v) for v in value)


def enable_dynamic(**kwargs):
    """Declare dynamic inputs of a ``jit`` function: ``None`` dimensions vary, ``shape=None`` any rank.

    Each call is checked against the declaration (dtype, rank, fixed dimensions), as MindSpore
    checks it; XLA compiles one program per concrete shape.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> @ms.enable_dynamic(y=ms.Tensor(shape=[None], dtype=ms.float32))
        ... @ms.jit
        ... def f(x, y):
        ...     return x + y.sum()
        >>> print(f(ms.Tensor(1.0), ms.Tensor(np.ones(3, np.float32))))
        4.0
    """
    for name, value in kwargs.items():
        if not _valid_decl(value):
            raise TypeError(f"The decorator enable_dynamic only supports Tensor or a tuple/list of Tensor, but the "
                            f"argument : {name} is type of:{type(value)}.")

    def decorator(fn):
        target = getattr(fn, "fn", fn)
        params = list(inspect.signature(target).parameters)
        for name in kwargs:
            if name not in params:
                raise ValueError(f"'{name}' is not in list")

        @functools.wraps(target)
        def wrapper(*args, **kw):
            bound = inspect.signature(target).bind(*args, **kw).arguments
            for name, want in kwargs.items():
                if name in bound:
                    _check_one(name, want, bound[name])
            return fn(*args, **kw)
        return wrapper
    return decorator

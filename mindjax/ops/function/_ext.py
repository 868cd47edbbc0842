"""MindSpore's ``*_ext`` functions: the forms ``mint`` is built on, found at MindSpore's internal
paths (``ops.function.array_func.split_ext``, ``ops.auto_generate.gen_ops_def.add_ext``...).

In MindSpore 2.10 each is its own function object with the signature given here, so they are not
in the recorded alias table (_data/deep_aliases.json); each calls the mint form it is the
positional-argument twin of. ``_deep_aliases.EXTRA`` lists where MindSpore has them.

Examples:
    >>> import numpy as np
    >>> import mindjax as ms
    >>> from mindjax.ops.function import _ext
    >>> print(_ext.add_ext(ms.Tensor(np.array([1.0, 2.0], np.float32)), ms.Tensor(1.0), 3))
    [4. 5.]
"""
from __future__ import annotations


def _mint():
    from ... import mint
    return mint


def add_ext(input, other, alpha=1):  # noqa: A002 - MindSpore's argument name
    """``input + alpha * other`` (``mint.add`` with ``alpha`` positional)."""
    return _mint().add(input, other, alpha=alpha)


def sub_ext(input, other, alpha=1):  # noqa: A002
    """``input - alpha * other`` (``mint.sub`` with ``alpha`` positional)."""
    return _mint().sub(input, other, alpha=alpha)


def split_ext(tensor, split_size, dim=0):
    """``mint.split``: pieces of ``split_size`` (an int) or of the sizes listed, along ``dim``."""
    return _mint().split(tensor, split_size, dim)


def max_ext(input, dim=None, keepdim=False):  # noqa: A002
    """The maximum of all elements, or ``(values, indices)`` along ``dim`` (``mint.max``)."""
    return _mint().max(input) if dim is None else _mint().max(input, dim, keepdim)


def min_ext(input, dim=None, keepdim=False):  # noqa: A002
    """The minimum of all elements, or ``(values, indices)`` along ``dim`` (``mint.min``)."""
    return _mint().min(input) if dim is None else _mint().min(input, dim, keepdim)


def new_zeros(input, size, *, dtype=None):  # noqa: A002
    """Zeros of ``size``, of ``input``'s dtype unless ``dtype`` is given (``Tensor.new_zeros``)."""
    return input.new_zeros(size, dtype=dtype)


def new_ones(input, size, *, dtype=None):  # noqa: A002
    """Ones of ``size``, of ``input``'s dtype unless ``dtype`` is given (``Tensor.new_ones``)."""
    return input.new_ones(size, dtype=dtype)


def interpolate_ext(input, size=None, scale_factor=None, mode="nearest", align_corners=None,  # noqa: A002
                    recompute_scale_factor=None):
    """``mint.nn.functional.interpolate``."""
    return _mint().nn.functional.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)

"""Writes to Parameters: assign, assign_add, assign_sub.

A write replaces the Parameter's value (under jit, the traced value, which the jit
machinery returns as an output and writes back after the call).
"""
from __future__ import annotations

from .._tensor import Tensor
from ._base import broadcast_to, cast, tensor_of


def _check_param(name, variable):
    from ..common.parameter import Parameter
    if not isinstance(variable, Parameter):
        raise TypeError(f"For '{name}', the 'variable' must be a Parameter, but got {type(variable).__name__}.")


def assign(variable, value) -> Tensor:
    """``ops.assign``: ``variable`` (a Parameter) takes ``value``; returns ``variable``."""
    _check_param("Assign", variable)
    value = tensor_of(value, "Assign")
    if value.shape != variable.shape:
        if value.size == variable.size or value.ndim == 0:
            value = broadcast_to(value, variable.shape) if value.ndim == 0 else value.reshape(variable.shape)
        else:
            raise ValueError(f"For 'Assign', the shape of 'value' {list(value.shape)} must be the shape of "
                             f"'variable' {variable.name} {list(variable.shape)}.")
    variable._data = cast(value, variable.dtype)._data
    return variable


def assign_add(variable, value) -> Tensor:
    _check_param("AssignAdd", variable)
    from .math import add
    return assign(variable, add(Tensor._make(variable._data), value))


def assign_sub(variable, value) -> Tensor:
    _check_param("AssignSub", variable)
    from .math import sub
    return assign(variable, sub(Tensor._make(variable._data), value))

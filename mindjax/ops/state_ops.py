"""Writes to Parameters and Tensors: assign, assign_add, assign_sub.

A write replaces the Parameter's value (under jit, the traced value, which the jit
machinery returns as an output and writes back after the call). As in MindSpore 2.10, a plain
Tensor is written in place too (its value and its autograd history become the new value's,
the one write path of the Tensor in-place methods).
"""
from __future__ import annotations

from .._state import state
from .._tensor import Tensor
from ._base import broadcast_to, cast, tensor_of


def _check_param(name, variable):
    if not isinstance(variable, Tensor):
        raise TypeError(f"Failed calling {name} with \"{name}()(variable=<class '{type(variable).__module__}."
                        f"{type(variable).__qualname__}'>, value=...)\".\nThe valid calling should be: "
                        f"\"{name}()(variable=<Tensor>, value=<Number, Tensor>)\".")


def _write_tensor(name, variable, value) -> Tensor:
    """A plain Tensor takes ``value`` in place (shape as MindSpore checks it)."""
    from ._tensor_inplace import write
    value = tensor_of(value, name)
    if value.shape != variable.shape and value.ndim != 0:
        raise ValueError(f"For '{name}','value' must have the same shape as 'variable'. But got 'value' shape: "
                         f"({', '.join(map(str, value.shape))}), 'variable' shape: "
                         f"({', '.join(map(str, variable.shape))}).")
    return write(variable, value)


def assign(variable, value) -> Tensor:
    """``ops.assign``: ``variable`` (a Parameter) takes ``value``; returns ``variable``."""
    from ..common.parameter import Parameter
    _check_param("Assign", variable)
    if not isinstance(variable, Parameter):
        return _write_tensor("Assign", variable, value)
    value = tensor_of(value, "Assign")
    if value.shape != variable.shape:
        if value.size == variable.size or value.ndim == 0:
            value = broadcast_to(value, variable.shape) if value.ndim == 0 else value.reshape(variable.shape)
        else:
            raise ValueError(f"For 'Assign', the shape of 'value' {list(value.shape)} must be the shape of "
                             f"'variable' {variable.name} {list(variable.shape)}.")
    value = cast(value, variable.dtype)
    if state.capture and not state.jit_depth and state.discover is None and type(value) is Tensor:
        variable._value = value._raw  # a captured value stays a placeholder (no boundary)
    else:
        variable._data = value._data
    return variable


def assign_add(variable, value) -> Tensor:
    from ..common.parameter import Parameter
    from .math import add
    _check_param("AssignAdd", variable)
    if not isinstance(variable, Parameter):
        from ._tensor_inplace import before
        return _write_tensor("AssignAdd", variable, add(before(variable), value))
    return assign(variable, add(Tensor._make(variable._data), value))


def assign_sub(variable, value) -> Tensor:
    from ..common.parameter import Parameter
    from .math import sub
    _check_param("AssignSub", variable)
    if not isinstance(variable, Parameter):
        from ._tensor_inplace import before
        return _write_tensor("AssignSub", variable, sub(before(variable), value))
    return assign(variable, sub(Tensor._make(variable._data), value))

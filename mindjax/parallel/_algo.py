"""``set_algo_parameters`` / ``get_algo_parameters`` / ``reset_algo_parameters``.

In MindSpore these tune the search for parallel strategies in AUTO_PARALLEL mode. In mindjax
XLA's GSPMD sharding propagation decides the layout of every operator that ``shard`` leaves
open, so these values are recorded and validated exactly as MindSpore does but steer nothing.
"""
from __future__ import annotations

import numpy as np

__all__ = ["set_algo_parameters", "get_algo_parameters", "reset_algo_parameters"]

_DEFAULTS = {"fully_use_devices": False, "elementwise_op_strategy_follow": False,
             "tensor_slice_align_enable": False, "tensor_slice_align_size": 16,
             "enable_algo_approxi": False, "algo_approxi_epsilon": float(np.float32(0.1))}
_TYPES = {"fully_use_devices": bool, "elementwise_op_strategy_follow": bool, "tensor_slice_align_enable": bool,
          "tensor_slice_align_size": int, "enable_algo_approxi": bool, "algo_approxi_epsilon": float}
_values = dict(_DEFAULTS)


def set_algo_parameters(**kwargs) -> None:
    """Set parameters of the parallel-strategy search (recorded; XLA's propagation replaces the search).

    Keys: ``fully_use_devices``, ``elementwise_op_strategy_follow``, ``enable_algo_approxi`` (bool),
    ``algo_approxi_epsilon`` (float in (0, 1]), ``tensor_slice_align_enable`` (bool),
    ``tensor_slice_align_size`` (int in [1, 1024]).

    Examples:
        >>> from mindjax.parallel import set_algo_parameters, get_algo_parameters, reset_algo_parameters
        >>> set_algo_parameters(elementwise_op_strategy_follow=True)
        >>> get_algo_parameters("elementwise_op_strategy_follow")
        True
        >>> reset_algo_parameters()
    """
    for name, value in kwargs.items():  # MindSpore checks every type before it sets anything
        if name in _TYPES and value is not None and not isinstance(value, _TYPES[name]):
            raise TypeError(f"The parameter '{name}' must be {_TYPES[name]}, but got {type(value)}")
    for key, value in kwargs.items():
        if key not in _DEFAULTS:
            raise ValueError("Set context keyword %s is not recognized!" % key)
        if key == "tensor_slice_align_size" and (value < 1 or value > 1024):
            raise ValueError('Align_size must be in [1, 1024], but got {}'.format(value))
        if key == "algo_approxi_epsilon":
            if not 0 < value <= 1:
                raise RuntimeError("'epsilon' must be in (0, 1]")
            value = float(np.float32(value))  # MindSpore keeps it as a C++ float
        _values[key] = value


def get_algo_parameters(attr_key: str):
    """The value of one algorithm parameter (see :func:`set_algo_parameters`).

    Examples:
        >>> from mindjax.parallel import get_algo_parameters
        >>> get_algo_parameters("tensor_slice_align_size")
        16
    """
    if attr_key not in _DEFAULTS:
        raise ValueError("Get context keyword %s is not recognized!" % attr_key)
    return _values[attr_key]


def reset_algo_parameters() -> None:
    """Restore the defaults: fully_use_devices False, elementwise_op_strategy_follow False,
    enable_algo_approxi False, algo_approxi_epsilon 0.1, tensor_slice_align_enable False,
    tensor_slice_align_size 16.

    Examples:
        >>> from mindjax.parallel import reset_algo_parameters, get_algo_parameters
        >>> reset_algo_parameters(); get_algo_parameters("fully_use_devices")
        False
    """
    _values.clear()
    _values.update(_DEFAULTS)

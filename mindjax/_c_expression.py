"""``mindspore._c_expression``: the few names of MindSpore's C++ extension module that keep a
meaning in mindjax, for programs and tests that reach into it.

* ``security.enable_security()``: whether the framework was built in security mode (which turns
  off summaries, dumps and offline debugging). mindjax has no such build: always False.
* ``TensorPy`` (and its old name ``Tensor``): the base class of MindSpore's Tensor, used in
  ``isinstance`` checks; mindjax's Tensor is its own base.

* ``get_code_extra(func_or_code)``: PIJit's record of a function jitted with
  ``capture_mode="bytecode"`` (or ``PIJitCaptureContext``) that has run: a dict with
  ``stat``, ``compile_count_``, ``break_count_`` and ``code`` (``phase_`` or
  ``compiled_code_``, ``guard_``, ``call_count_``), filled from mindjax's jit state (see
  ``mindjax/_jit/record.py`` for what each field means); None for any other function.

Everything else of MindSpore's C++ module (the graph executor, device channels) has no
counterpart here and stays absent, so importing it raises ImportError.

Examples:
    >>> from mindjax._c_expression import security, TensorPy
    >>> security.enable_security()
    False
    >>> import mindjax as ms
    >>> isinstance(ms.Tensor([1.0]), TensorPy)
    True
    >>> from mindjax._c_expression import get_code_extra
    >>> @ms.jit(capture_mode="bytecode")
    ... def f(x):
    ...     return x + 1
    >>> _ = f(ms.Tensor([1.0]))
    >>> r = get_code_extra(f.__wrapped__)
    >>> r["stat"], r["break_count_"], r["code"]["call_count_"]
    ('GRAPH_CALLABLE', 0, 1)
"""
from __future__ import annotations

import types

from ._tensor import Tensor as TensorPy
from ._jit.record import get_code_extra

Tensor = TensorPy


def _enable_security() -> bool:
    """mindjax is never built in MindSpore's security mode."""
    return False


security = types.SimpleNamespace(enable_security=_enable_security)

__all__ = ["security", "TensorPy", "Tensor", "get_code_extra"]

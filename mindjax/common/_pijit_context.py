"""``mindspore.common._pijit_context``: ``PIJitCaptureContext``, the wrapper behind
``jit(capture_mode="bytecode")`` (MindSpore's PIJit), used directly by MindSpore's tests.

mindjax compiles a function in that mode as one whole program (``mindjax/_jit/api.py``);
what the compiler cannot follow runs as Python (a graph break). The wrapped function
keeps a PIJit record, read with ``mindspore._c_expression.get_code_extra``.
"""
from __future__ import annotations

import functools
import inspect
import logging
import types
from typing import Callable, Optional

logger = logging.getLogger("mindspore")

__all__ = ["PIJitCaptureContext"]


class PIJitCaptureContext:
    """Wraps a function, a Cell (its ``construct``), a Cell class or a method into
    ``jit(capture_mode="bytecode", fullgraph=fullgraph)``.

    Args:
        fullgraph (bool): True: a graph break is an error (STRICT syntax), as ``jit(fullgraph=True)``.
        jit_config (Union[dict, JitConfig]): compile options; ``jit_syntax_level`` is honoured,
            ``_disable_pijit`` (a callable ``(args, kwargs) -> bool``) runs a call as plain Python
            where it returns True; the other options are recorded (XLA picks its own levels).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.common._pijit_context import PIJitCaptureContext
        >>> from mindjax._c_expression import get_code_extra
        >>> def f(x):
        ...     return x * 2
        >>> g = PIJitCaptureContext()(f)
        >>> print(g(ms.Tensor([1.0, 2.0])))
        [2. 4.]
        >>> get_code_extra(f)["stat"]
        'GRAPH_CALLABLE'
    """

    def __init__(self, fullgraph: bool = False, jit_config=None) -> None:
        from .jit_config import JitConfig
        if not isinstance(fullgraph, bool):
            raise TypeError(f"For 'jit', the 'fullgraph' must be a bool, but got {type(fullgraph).__name__}.")
        options = {}
        if isinstance(jit_config, JitConfig):
            options.update(jit_config.jit_config_dict)
        elif jit_config is not None:
            if not isinstance(jit_config, dict):
                raise TypeError(f"For 'PIJitCaptureContext', the 'jit_config' must be a dict or JitConfig, but got "
                                f"{type(jit_config).__name__}.")
            options.update(jit_config)
        disable = options.get("_disable_pijit")
        if disable is not None and not callable(disable):
            raise TypeError(f"The config '_disable_pijit' must be callable but got {disable}")
        level = options.get("jit_syntax_level") or ("STRICT" if fullgraph else "LAX")
        self.config = {"capture_mode": "bytecode", "jit_level": options.get("jit_level") or "O0", "dynamic": 0,
                       "fullgraph": fullgraph, "backend": "ms_backend", "jit_syntax_level": level,
                       "options": options}
        self._disable: Optional[Callable] = disable

    def _wrap(self, fn):
        from .._jit.api import JitFunction
        from ..nn.cell import Cell
        jf = JitFunction(fn, config=self.config)
        disable = self._disable

        def run(*args, **kwargs):
            if disable is not None and disable(args, kwargs):
                return fn(*args, **kwargs)
            if args and isinstance(args[0], Cell):  # a construct wrapped from its class: bind to the Cell
                return jf.__get__(args[0], type(args[0]))(*args[1:], **kwargs)
            return jf(*args, **kwargs)
        wrapped = functools.wraps(fn)(run)
        wrapped.__wrapped_by_jit__ = True
        return wrapped

    def __call__(self, fn):
        from ..nn.cell import Cell
        if isinstance(fn, type) and issubclass(fn, Cell):
            fn.construct = self(fn.construct)
            return fn
        if isinstance(fn, Cell):
            return types.MethodType(self(type(fn).construct), fn)
        if isinstance(fn, types.MethodType):
            return types.MethodType(self(fn.__func__), fn.__self__)
        if not isinstance(fn, types.FunctionType) or inspect.isgeneratorfunction(fn) or \
                inspect.iscoroutinefunction(fn) or inspect.isasyncgenfunction(fn):
            logger.warning("unsupported function type" + str(fn))
            return fn
        if getattr(fn, "__wrapped_by_jit__", False):
            logger.warning(f"The fn {fn} should be wrapped by jit only once.")
        return self._wrap(fn)

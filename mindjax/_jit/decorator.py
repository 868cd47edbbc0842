"""``mindspore.jit`` with MindSpore 2.10's signature and checks, and ``jit_class``.

* ``capture_mode``: ``"ast"`` (MindSpore's default) compiles from the function's source
  (``ast_pass.py``); ``"bytecode"`` is MindSpore's PIJit, whose promise is Python's own
  semantics with graph breaks where the compiler cannot follow: mindjax compiles the
  function from its source too and, where that fails on a value only known at run time
  (and ``fullgraph`` is False), runs that call as PyNative; ``"trace"`` records the
  operations one run executes: mindjax compiles from the source, which gives the same
  values wherever a recorded trace is valid (and also where a later call would take
  another branch, which MindSpore's recorded trace does not follow).
* ``jit_level`` ``O0``/``O1`` select MindSpore's own backend passes; XLA compiles every
  program with its own optimisations, so the level is checked and recorded only.
* ``dynamic=1``: MindSpore compiles a dynamic-shape graph once it sees a shape change;
  XLA programs have static shapes and mindjax keeps one program per shape (in the LRU).
* ``fullgraph=True`` is MindSpore's STRICT syntax level (``fullgraph=False``: LAX).
* The arguments MindSpore 2.10 deprecated (``mode``, ``input_signature``, ``hash_args``,
  ``jit_config``, ``compile_once``) are dropped with its warning, as there.
"""
from __future__ import annotations

import inspect
import logging
from typing import Callable, Optional

from .api import JitFunction

logger = logging.getLogger("mindspore")

_DEPRECATED = {"mode": "capture_mode", "input_signature": "dynamic", "hash_args": "",
               "jit_config": "jit_level, fullgraph or options", "compile_once": ""}
_OPTION_BACKENDS = {"disable_format_transform": ["ms_backend"], "exec_order": ["ms_backend"],
                    "ge_options": ["GE"], "infer_boost": ["ms_backend"]}


def _check_str(value, allowed, name: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"For 'jit', the '{name}' must be str and must be in '{allowed}', but got '{value}'.")
    return value


def _check_option(option: str, value) -> None:
    """The values of ``jit(**options)``, as MindSpore checks them."""
    if option == "disable_format_transform":
        if not isinstance(value, bool):
            raise TypeError(f"For 'jit(options)', the type of '{option}' must be bool, but got {type(value)}.")
    elif option in ("exec_order", "infer_boost"):
        allowed = ["bfs", "dfs"] if option == "exec_order" else ["on", "off"]
        if not isinstance(value, str):
            raise TypeError(f"For 'jit(options)', the type of '{option}' must be str, but got {type(value)}.")
        if value not in allowed:
            raise ValueError(f"For '{option}', the value of '{option}' must be one of {allowed}, but got '{value}'.")
    elif option == "ge_options":
        if not isinstance(value, dict):
            raise TypeError(f"For 'jit(options)', the type of '{option}' must be dict, but got {type(value)}.")
        for level, opts in value.items():
            if level not in ("global", "session"):
                raise ValueError(f"For '{option}', the key of '{option}' must be one of ['global', 'session'], "
                                 f"but got '{level}'.")
            if not isinstance(opts, dict):
                raise TypeError(f"For '{option}', the type of {level} options must be dict, but got {type(opts)}. "
                                f"The error options: {opts}.")
    else:
        logger.warning(f"For 'jit(options)', the option argument '{option}' is not recognized, please check!"
                       f"For detailed usage of 'jit(options)', please refer to the Mindspore official website.")


def _check_options(options: dict, backend: str) -> None:
    for key, instead in _DEPRECATED.items():
        if key in options:
            msg = f"For 'jit', the parameter '{key}' has been deprecated."
            if instead:
                msg += f" Please use the parameter '{instead}' instead."
            logger.warning(msg)
            del options[key]
    for option, value in options.items():
        if option in _OPTION_BACKENDS and backend not in _OPTION_BACKENDS[option]:
            logger.warning(f"For 'jit(options)', the option '{option}' is only support backend in "
                           f"'{_OPTION_BACKENDS[option]}', but got '{backend}', ignore it.")
        _check_option(option, value)


def jit(function: Optional[Callable] = None, *, capture_mode: str = "ast", jit_level: str = "O0",
        dynamic: int = 0, fullgraph: bool = False, backend: str = "", **options):
    """``mindspore.jit``: compile ``function`` (or a Cell, or a Cell class's ``construct``) whole
    with XLA.

    Parameters the function reads or writes become inputs and outputs of the compiled
    program, so updates made inside (``ops.assign``, optimizers) persist; Tensors changed in
    place (``x.add_(1)``) are written back to the caller's Tensors.

    Examples:
        >>> import mindjax as ms
        >>> @ms.jit
        ... def f(x, y):
        ...     return x * y + 1
        >>> print(f(ms.Tensor(2.0), ms.Tensor(3.0)))
        7.0
        >>> @ms.jit(fullgraph=True, jit_level="O1")
        ... def g(x):
        ...     return x - 1
        >>> print(g(ms.Tensor(2.0)))
        1.0
    """
    _check_str(capture_mode, ["ast", "bytecode", "trace"], "capture_mode")
    _check_str(jit_level, ["O0", "O1"], "jit_level")
    if isinstance(dynamic, bool) or not isinstance(dynamic, int):
        raise TypeError(f"For 'jit', the 'dynamic' must be int, but got {type(dynamic).__name__}.")
    if not 0 <= dynamic <= 1:
        raise ValueError(f"For 'jit', the 'dynamic' must be in range of [0, 1], but got {dynamic} with type 'int'.")
    if not isinstance(fullgraph, bool):
        raise TypeError(f"For 'jit', the 'fullgraph' must be a bool, but got {type(fullgraph).__name__}.")
    backend = backend or "ms_backend"
    _check_options(options, backend)
    config = {"capture_mode": capture_mode, "jit_level": jit_level, "dynamic": dynamic, "fullgraph": fullgraph,
              "backend": backend, "jit_syntax_level": "STRICT" if fullgraph else "LAX", "options": dict(options)}

    def wrap(func):
        from ..nn.cell import Cell
        if isinstance(func, Cell):
            jf = JitFunction(func.construct, owner=func, config=config)
            func.__dict__["construct"] = jf
            return func
        if isinstance(func, type) and issubclass(func, Cell):
            func.construct = JitFunction(func.__dict__.get("construct", func.construct), config=config)
            return func
        if isinstance(func, JitFunction):
            return func
        return JitFunction(func, config=config)
    if function is not None:
        return wrap(function)
    return wrap


ms_function = jit


def jit_class(cls):
    """``@jit_class``: objects of a user class may be used inside compiled code (mindjax
    compiles any Python object's attribute reads and method calls; this marks the class
    as MindSpore does and checks what it checks).

    Examples:
        >>> import mindjax as ms
        >>> @ms.jit_class
        ... class Scale:
        ...     def __init__(self):
        ...         self.k = 2
        >>> Scale().k
        2
    """
    from ..nn.cell import Cell
    if not inspect.isclass(cls):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    if issubclass(cls, Cell):
        raise TypeError(f"Decorator jit_class is used for user-defined classes and cannot be used for nn.Cell: {cls}.")
    setattr(cls, "__ms_class__", True)
    return cls


ms_class = jit_class

"""``mindspore.multiprocessing``: Python's ``multiprocessing`` with child processes that can run mindjax.

MindSpore 2.10's module re-exports ``multiprocessing`` and overrides ``Process`` and ``Pool`` so that a
child started with the ``'fork'`` method can go on running MindSpore: the runtime's threads are
stopped before the fork and restarted after it, in the parent and in the child.

XLA gives no such hook: once a process has initialised an XLA backend (its first op), a forked child
hangs on its first compilation (XLA compiles on a process-wide thread pool whose threads a fork does
not copy) and crashes if it makes a backend of its own. So ``Process`` and ``Pool`` here start a
``'fork'`` child in one of two ways:

* the parent has not run an op yet: a real ``fork``, exactly as MindSpore (the child inherits the
  parent's memory and makes its own XLA backend when it runs its first op);
* the parent has run ops: the child is forked from a clean *fork server* (``'forkserver'``), a process
  that has imported mindjax (and, under ``python -m mindjax``, the ``mindspore`` alias) but never ran
  an op. Its target and arguments are pickled to it, as with ``'spawn'``/``'forkserver'``; it does not
  inherit the parent's memory. A warning says so once.

The synchronisation and queue factories (``Queue``, ``Lock``, ``Event``, ``Manager``, ...) make their
objects for the context the processes will be started with, so that they can be passed to them. Like
MindSpore's, a forked child gets ``SIGINT`` when its parent dies, and ``Process._child_at_fork_func``
(a callable, if set) runs in the child before the target.

A Queue or Lock made while this process has run no op belongs to the real ``'fork'`` context: it
cannot be passed to a child started after the process ran ops (multiprocessing raises RuntimeError
saying so); make it after the first op, or pass ``context=`` explicitly. A Pool decides its context
once, when it is made.

Example:
    >>> import mindjax.multiprocessing as mp
    >>> from mindjax import Tensor
    >>> mp.set_start_method("fork", force=True)
    >>> with mp.Pool(processes=2) as pool:
    ...     outs = pool.map(abs, [Tensor(-1.5), Tensor(2.0)])
    >>> [float(o) for o in outs]
    [1.5, 2.0]
"""
from __future__ import annotations

import multiprocessing as _mp
import multiprocessing.util
import signal
import sys
import types
from multiprocessing import *  # noqa: F401,F403 - the module is multiprocessing's namespace, as MindSpore's
from multiprocessing import pool as _mp_pool

__all__ = list(_mp.__all__)

# as MindSpore (CVE-2022-42919): no abstract-namespace sockets, which any local user could connect to
multiprocessing.util.abstract_sockets_supported = False

_PRELOAD_ALIAS = "mindjax.multiprocessing._alias"
_PRELOAD_PLAIN = "mindjax"
_warned = []


def _xla_started() -> bool:
    """Whether this process has initialised an XLA backend (ran an op): a forked child of it cannot
    compile."""
    xb = sys.modules.get("jax._src.xla_bridge")
    return bool(xb is not None and getattr(xb, "_backends", None))


def _alias_active() -> bool:
    """Whether ``import mindspore`` resolves to mindjax here (``python -m mindjax``, whose module runs as
    ``__main__``: its finder is known by its class name)."""
    return any(type(f).__name__ == "_MindSporeAlias" for f in sys.meta_path)


def _fork_server_context():
    """The ``'forkserver'`` context, its server preloading mindjax (and the ``mindspore`` alias when this
    process has it) before it forks anything."""
    from multiprocessing import forkserver
    ctx = _mp.get_context("forkserver")
    server = forkserver._forkserver
    if getattr(server, "_forkserver_pid", None) is None:
        ours = _PRELOAD_ALIAS if _alias_active() else _PRELOAD_PLAIN
        # not '__main__' (multiprocessing's default): a script's top level, run in the server, could
        # run ops there, and then no child of the server could compile
        rest = [m for m in getattr(server, "_preload_modules", [])
                if m not in (_PRELOAD_ALIAS, _PRELOAD_PLAIN, "__main__")]
        server.set_forkserver_preload([ours] + rest)
    return ctx


def _context_for(ctx=None):
    """The context a process of ``ctx`` (default: the current default) is really started with."""
    ctx = ctx if ctx is not None else _mp.get_context()
    if ctx.get_start_method() == "fork" and sys.platform != "win32" and _xla_started():
        if not _warned:
            _warned.append(True)
            from ..log import logger
            logger.warning("mindspore.multiprocessing: this process has run XLA, which a forked child cannot run; "
                           "'fork' children are started from a fork server instead (their target and arguments "
                           "are pickled; they do not inherit this process's memory).")
        return _fork_server_context()
    return ctx


def _set_pdeathsig(sig: int) -> None:
    """prctl(PR_SET_PDEATHSIG): this process gets ``sig`` when its parent dies (Linux)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(sig), 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # no prctl: the child simply is not told
        pass


class Process(_mp.Process):  # noqa: F811 - replaces multiprocessing's, as MindSpore's does
    """``multiprocessing.Process`` whose ``'fork'`` children can run mindjax (see the module
    docstring): a real fork while this process has run no op, a child of a clean fork server after.

    Example:
        >>> import mindjax.multiprocessing as mp
        >>> p = mp.Process(target=abs, args=(-1,))
        >>> p.start(); p.join()
        >>> p.exitcode
        0
    """
    _child_at_fork_func = None

    def run(self) -> None:
        """In a child started for ``'fork'``: ask for SIGINT when the parent dies (a real fork), run
        ``_child_at_fork_func``, then the target."""
        if getattr(self, "_mindjax_fork", False):
            if getattr(self, "_mindjax_method", "fork") == "fork":
                _set_pdeathsig(signal.SIGINT)
            func = Process._child_at_fork_func or self.__dict__.get("_mindjax_at_fork")
            if func is not None and callable(func):
                func()  # pylint: disable=not-callable
        super().run()

    def start(self) -> None:
        """Starts the child: for ``'fork'``, forked from this process or from the fork server."""
        ctx = self.__dict__.pop("_mindjax_ctx", None)  # a Pool's worker: the Pool's context, as it is
        if ctx is None:
            asked = _mp.get_context()
            ctx = _context_for(asked)
            self._mindjax_fork = asked.get_start_method() == "fork"
        else:
            self._mindjax_fork = self.__dict__.pop("_mindjax_pool_fork", ctx.get_start_method() == "fork")
        self._mindjax_method = ctx.get_start_method()
        if self._mindjax_fork and self._mindjax_method != "fork" and Process._child_at_fork_func is not None:
            self._mindjax_at_fork = Process._child_at_fork_func  # a fork server's child does not inherit it
        if ctx is not _mp.get_context() and type(self)._Popen is _mp.Process._Popen:
            self._Popen = ctx.Process._Popen  # this instance starts through the chosen context
        super().start()

    def __getstate__(self):
        st = dict(self.__dict__)
        st.pop("_Popen", None)  # a context's starter: not needed in the child
        return st


_MjProcess = Process


class Pool(_mp_pool.Pool):  # noqa: F811 - replaces multiprocessing's, as MindSpore's does
    """``multiprocessing.Pool`` whose workers are this module's ``Process`` (they can run mindjax).

    Example:
        >>> import mindjax.multiprocessing as mp
        >>> with mp.Pool(processes=2) as pool:
        ...     print(pool.map(abs, [-1, 2]))
        [1, 2]
    """

    def __init__(self, processes=None, initializer=None, initargs=(), maxtasksperchild=None, context=None):
        asked = context if context is not None else _mp.get_context()
        # decided once: the Pool's queues and all its workers belong to one context
        self._mindjax_fork = asked.get_start_method() == "fork"
        super().__init__(processes, initializer, initargs, maxtasksperchild, _context_for(asked))

    def Process(self, *args, **kwds):  # noqa: N802 - multiprocessing's name
        # multiprocessing calls Pool.Process(ctx, *args, **kwds) (a staticmethod since Python 3.8)
        ctx = self._ctx
        if args and isinstance(args[0], _mp.context.BaseContext):
            ctx, args = args[0], args[1:]
        proc = _MjProcess(*args, **kwds)
        proc._mindjax_ctx = ctx
        proc._mindjax_pool_fork = self._mindjax_fork
        return proc


def _factory(name: str):
    def make(*args, **kwargs):
        return getattr(_context_for(), name)(*args, **kwargs)
    make.__name__ = make.__qualname__ = name
    make.__doc__ = (f"``multiprocessing.{name}``, made for the context this module's processes start with "
                    f"(so that it can be passed to them).\n\n    Example:\n        >>> import "
                    f"mindjax.multiprocessing as mp\n        >>> obj = mp.{name}{_EXAMPLE_ARGS.get(name, '()')}\n")
    return make


_EXAMPLE_ARGS = {"Value": "('i', 0)", "Array": "('i', 3)", "RawValue": "('i', 0)", "RawArray": "('i', 3)",
                 "Barrier": "(1)", "Manager": "().shutdown()"}
for _name in ("Queue", "SimpleQueue", "JoinableQueue", "Lock", "RLock", "Semaphore", "BoundedSemaphore",
              "Condition", "Event", "Barrier", "Value", "Array", "Manager"):
    globals()[_name] = _factory(_name)
del _name


def _prestart_fork_server() -> None:
    """Starts the fork server now, while this program is still importing: its own import of mindjax
    then overlaps the program's work instead of delaying the first child (seconds on CPU)."""
    # not in a child (a child that re-imports the main script is still bootstrapping: '_inheriting')
    if sys.platform.startswith("linux") and _mp.parent_process() is None and \
            not getattr(_mp.current_process(), "_inheriting", False) and "forkserver" in _mp.get_all_start_methods():
        from multiprocessing import forkserver
        _fork_server_context()
        forkserver.ensure_running()


_prestart_fork_server()

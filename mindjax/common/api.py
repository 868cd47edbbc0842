"""``mindspore.common.api``: ``jit`` and the executors MindSpore's own code and tests reach.

``_pynative_executor`` is the PyNative engine's handle (``sync`` waits for every launched
op and raises a failure there); ``_cell_graph_executor`` compiles and runs a Cell as one
program (``compile`` traces and compiles with XLA without running, as MindSpore's does).
"""
from __future__ import annotations

import gc

from .._jit.api import jit, jit_class, JitFunction, compile_only
from .._state import state

__all__ = ["jit", "jit_class", "ms_memory_recycle"]


class _PyNativeExecutor:
    """The PyNative executor: synchronisation and the grad flag."""

    def __init__(self) -> None:
        self._grad_flag = False

    def sync(self) -> None:
        """Wait until every launched op has finished; an op that failed raises here."""
        import jax
        from ..ops._primitive import async_error
        jax.effects_barrier()
        for arr in jax.live_arrays():
            try:
                arr.block_until_ready()
            except Exception as e:  # noqa: BLE001 - a deferred kernel failure, reported in MindSpore's style
                err = async_error(e)
                if err is None:
                    raise
                raise err from None

    def set_grad_flag(self, flag: bool) -> None:
        """Mark that a gradient will be taken of what runs next (mindjax records on demand)."""
        self._grad_flag = bool(flag)

    def grad_flag(self) -> bool:
        """True while a gradient is being recorded or after ``set_grad_flag(True)``."""
        return self._grad_flag or state.grad_depth > 0

    def enable_grad(self) -> bool:
        """False inside ``mindspore._no_grad``."""
        from .._autograd import no_grad
        return no_grad.grad_enabled()

    def set_enable_grad(self, flag: bool) -> None:
        from .._autograd import no_grad
        no_grad.set_grad_enabled(flag)


class _CellGraphExecutor:
    """Compiles a Cell's ``construct`` for given inputs (Graph mode) and runs it."""

    def __init__(self) -> None:
        self._compiled = {}

    @staticmethod
    def _holder(obj):
        holder = obj.__dict__.get("_graph_holder")
        if holder is None:
            holder = JitFunction(obj.construct, owner=obj)
            obj.__dict__["_graph_holder"] = holder
        return holder

    def compile(self, obj, *args, phase: str = "predict", do_convert: bool = True, jit_config_dict=None,
                **kwargs):
        """Compile ``obj`` (a Cell) for ``args`` with XLA; returns ``(phase, True)``.

        Errors in the network (shapes, dtypes) surface here, before anything runs.
        """
        holder = self._holder(obj)
        compile_only(holder, holder.fn, args, kwargs)
        full = f"{phase}.{id(obj)}"
        self._compiled[full] = obj
        return full, True

    def has_compiled(self, phase: str = "predict") -> bool:
        return any(key.startswith(phase) for key in self._compiled)

    def __call__(self, obj, *args, phase: str = "predict"):
        from .._jit.api import run_compiled
        holder = self._holder(obj)
        return run_compiled(holder, holder.fn, args, {})

    def del_net_res(self, obj, net_id=None) -> None:
        self._compiled = {k: v for k, v in self._compiled.items() if v is not obj}
        obj.__dict__.pop("_graph_holder", None)


_pynative_executor = _PyNativeExecutor()
_cell_graph_executor = _CellGraphExecutor()


def ms_memory_recycle() -> None:
    """Free the memory cached for compiled programs (XLA executables and traced kernels), e.g.
    between training several models in one process. Programs compile again on their next call.

    Examples:
        >>> import mindjax as ms
        >>> ms.ms_memory_recycle()
    """
    import jax
    jax.clear_caches()
    gc.collect()

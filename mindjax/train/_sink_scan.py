"""Sink mode as one compiled program: ``n`` steps of a jit function run as a ``lax.scan``.

MindSpore's sink mode sends the dataset to the device and runs ``sink_size`` training steps
in one call of the graph, the host stepping in only at sink boundaries (callbacks).  mindjax
does the same with XLA: the step program that ``jit`` traces for one batch (``_Program._pure``
in ``_jit/api.py``: ``(key, parameters, batch) -> (outputs, written parameters, key)``) becomes
the body of a ``lax.scan`` whose carry is the random key and the Parameters, and whose ``xs``
are the batches stacked on the host along a new leading axis.  One call of the compiled scan
runs the steps back to back with no host round trip; the last step's outputs come back.

What the scan cannot hold runs step by step through the ordinary jit program, with the same
results: a signature whose trace broke the graph (value-dependent shapes), run-time checks
(``raise``/``assert`` on tensor values are reported after each call), in-place writes to the
inputs, to the caller's Python lists or assignments to globals, declared dynamic axes, and a step inside a gradient.

On XLA's CPU backend a convolution inside a while loop runs ~4x slower than the same
convolution in a program of its own (3x3, 64 channels, 56x56, batch 8, fwd+bwd: 1.29 s for a
scan of 4 steps against 0.31 s for 4 calls; fully unrolled, 0.31 s), while matmul-only steps run
1.6x faster as a scan. So on CPU a step with a convolution runs step by step (the same program
as Graph mode's, dispatched asynchronously, the callbacks still once per sink);
``MINDJAX_SINK_SCAN=always`` forces the scan, ``never`` turns it off, ``auto`` (default) decides
as above.

Feeding: batches are stacked in chunks of at most ``MINDJAX_SINK_BUFFER_MB`` MiB (default
256) so a long sink (``sink_size=-1`` over a large dataset) never holds the whole epoch in
memory; a sink of ``n`` steps is ``n // c`` scans of ``c`` steps and one of the rest, so at
most two programs are compiled per step signature.  The next chunk is stacked on the host
while the device runs the previous one (JAX dispatches asynchronously).  Consecutive
batches of different shapes (a smaller last batch) start a new scan.
"""
from __future__ import annotations

import logging
import os
from collections import OrderedDict
from typing import Any, Iterable, Sequence

import jax
import numpy as np

from .._jit import api as _api
from .._jit.errors import DynamicShapeError
from .._state import state
from .._tensor import Tensor

logger = logging.getLogger("mindjax.train")

_MAX_PROGRAMS = 8  # compiled scans kept per runner (two lengths per step signature in practice)


def _scan_policy() -> str:
    v = os.environ.get("MINDJAX_SINK_SCAN", "auto").strip().lower()
    return v if v in ("auto", "always", "never") else "auto"


def _slow_in_a_loop(lowered) -> bool:
    """Whether XLA's CPU backend would run this step slower as a loop body (it has a convolution)."""
    if jax.default_backend() != "cpu":
        return False
    return "convolution" in lowered.as_text()


def _buffer_bytes() -> int:
    try:
        mb = float(os.environ.get("MINDJAX_SINK_BUFFER_MB", "256"))
    except ValueError:
        mb = 256.0
    return max(int(mb * 2 ** 20), 1)


def _array(x):
    return x._data if isinstance(x, Tensor) else np.asarray(x)


def _signature(batch) -> tuple:
    return tuple((tuple(np.shape(a)), np.dtype(a.dtype) if hasattr(a, "dtype") else type(a)) for a in batch)


def _nbytes(batch) -> int:
    return sum(int(np.prod(np.shape(a), dtype=np.int64)) * np.dtype(a.dtype).itemsize for a in batch)


def _stack(rows):
    """Column ``j`` of the rows stacked along a new leading axis (numpy on the host when it can)."""
    cols = list(zip(*rows))
    out = []
    for col in cols:
        if all(isinstance(a, np.ndarray) for a in col):
            out.append(np.stack(col))
        else:
            import jax.numpy as jnp
            out.append(jnp.stack([jax.numpy.asarray(a) for a in col]))
    return out


class _Unscannable(Exception):
    """The step's program cannot be the body of a scan: run its steps one by one."""


class SinkRunner:
    """Runs a jit function (a :class:`mindjax._jit.api.JitFunction`) over many batches, the
    consecutive batches of one signature as compiled scans (see the module notes)."""

    def __init__(self, holder: "_api.JitFunction", step=None):
        self.holder = holder
        self.step = step if step is not None else holder  # what runs a step outside a scan
        self._programs: OrderedDict = OrderedDict()  # (id(prog), steps) -> (prog, compiled scan)
        self._unscannable: set = set()  # program keys whose steps run one by one
        self.scanned_steps = 0  # steps run inside scans (for tests and the bench)
        self.scan_calls = 0

    # ------------------------------------------------------------------ public
    def run(self, batches: Iterable[Sequence[Any]]) -> Any:
        """Run the step on each batch, in order; the output of the last step."""
        out = None
        group, sig = [], None
        for batch in batches:
            batch = tuple(_array(x) for x in batch)
            s = _signature(batch)
            if group and (s != sig or len(group) >= self._chunk_len(group[0])):
                out = self._run_group(group)
                group = []
            group.append(batch)
            sig = s
        if group:
            out = self._run_group(group)
        return out

    # ------------------------------------------------------------------ internals
    @staticmethod
    def _chunk_len(batch) -> int:
        return max(1, _buffer_bytes() // max(_nbytes(batch), 1))

    def _step(self, batch):
        return self.step(*(Tensor(a) if isinstance(a, np.ndarray) else Tensor._make(a) for a in batch))

    def _run_group(self, group):
        if len(group) == 1 or not self._scannable_context() or _scan_policy() == "never":
            out = None
            for b in group:
                out = self._step(b)
            return out
        try:
            return self._scan(group)
        except _Unscannable as e:
            logger.debug("sink mode: steps run one by one (%s)", e)
            out = None
            for b in group:
                out = self._step(b)
            return out

    @staticmethod
    def _scannable_context() -> bool:
        from ..communication._world import world
        return not state.grad_depth and not state.jit_depth and world.mode == "single"

    def _scan(self, group):
        from ..common.seed import _get_key, _set_key
        holder = self.holder
        first = tuple(Tensor(a) if isinstance(a, np.ndarray) else Tensor._make(a) for a in group[0])
        prog, _, _ = _api._program_for(holder, holder.fn, first, {})
        if prog.key in self._unscannable or prog.eager or prog.dyn:
            raise _Unscannable("the step's program runs op by op or has dynamic axes")
        stacked = _stack(group)
        n = len(group)
        while True:
            entry = self._programs.get((id(prog), n))
            try:
                if entry is None:
                    entry = self._compile(prog, n, stacked)
                    self._programs[(id(prog), n)] = entry
                    while len(self._programs) > _MAX_PROGRAMS:
                        self._programs.popitem(last=False)
                break
            except _api._Retrace as e:
                prog = _api._retraced(holder, prog, e)
        prog, compiled = entry
        params = prog.params
        key, written, outs = compiled(_get_key(), [p._value for p in params], stacked)
        for i, v in zip(prog.written, written):
            params[i]._value = v
        _set_key(key)
        self.scanned_steps += n
        self.scan_calls += 1
        return _api._unflatten(prog.out_spec, [Tensor._make(a) for a in outs])

    def _compile(self, prog, n, stacked):
        """Trace and compile the scan of ``n`` steps of ``prog``; refuse what a scan cannot hold."""
        from ..common.seed import _get_key

        def many(key, pvals, xs):
            def body(carry, batch):
                k, pv = carry
                outs, new_w, k2 = prog._pure(k, list(pv), list(batch))
                pv = list(pv)
                for i, v in zip(prog.written, new_w):
                    if v.shape != pv[i].shape or v.dtype != pv[i].dtype:
                        raise _Unscannable(f"Parameter '{prog.params[i].name}' changes its shape or dtype "
                                           f"in a step")
                    pv[i] = v
                return (k2, pv), outs
            (k, pv), ys = jax.lax.scan(body, (key, list(pvals)), list(xs))
            return k, [pv[i] for i in prog.written], [y[-1] for y in ys]

        try:
            lowered = jax.jit(many).lower(_get_key(), [p._value for p in prog.params], stacked)
        except _api._Retrace:
            raise
        except _Unscannable:
            self._unscannable.add(prog.key)
            raise
        except DynamicShapeError as e:
            self._unscannable.add(prog.key)
            raise _Unscannable(f"value-dependent shape ({e.what or type(e).__name__})") from None
        except Exception as e:  # noqa: BLE001 - any other trace failure: the step's own call reports it
            self._unscannable.add(prog.key)
            raise _Unscannable(f"{type(e).__name__}: {e}") from None
        if prog.checks or prog.arg_writes or prog.global_outs or prog.breaks or getattr(prog, "lists", None):
            self._unscannable.add(prog.key)
            raise _Unscannable("the step has run-time checks or writes its inputs or globals")
        if _scan_policy() == "auto" and _slow_in_a_loop(lowered):
            self._unscannable.add(prog.key)
            raise _Unscannable("a convolution in a CPU while loop runs slower than step by step")
        return prog, lowered.compile()


def cell_runner(cell) -> SinkRunner:
    """The sink runner of a Cell called in GRAPH_MODE: its scans trace a call of the Cell (as
    ``Model``'s compiled steps do, so ``to_float`` and the Cell's call path apply); a step outside
    a scan is a GRAPH_MODE call of the Cell."""
    runner = cell.__dict__.get("_sink_runner")
    if runner is None:
        runner = SinkRunner(_api.JitFunction(lambda *xs: cell(*xs), owner=cell), step=cell)
        cell.__dict__["_sink_runner"] = runner
    return runner


def runner_for(step):
    """The sink runner of ``step``: a jit function, a Cell given to ``jit`` or a Cell called in
    GRAPH_MODE; None for what runs op by op (a plain function or a PyNative Cell)."""
    from .. import context
    from ..nn.cell import Cell
    if isinstance(step, _api.JitFunction):
        return SinkRunner(step)
    if isinstance(step, Cell) and (isinstance(step.__dict__.get("construct"), _api.JitFunction)
                                   or context.get_context("mode") == context.GRAPH_MODE):
        return cell_runner(step)
    return None

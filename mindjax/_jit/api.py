"""jit / ms_function and Graph mode: whole programs compiled with ``jax.jit``.

A jit function runs the user's Python once per input signature on jax tracers, after the
source pass (``ast_pass.py``) has made its tensor ``if``/``while``/``for`` compilable. The
Parameters it may touch (the owner Cell's and those of the objects the function refers
to) enter the compiled program as inputs; those it writes leave as outputs and are
written back after each call, and so are globals it assigns; the random key is threaded
the same way. A trace that reads a Parameter it was not given is made again with it (the
only case of a second trace). Nested jit calls are inlined. Under a PyNative gradient the
whole compiled call is one tape node whose bprop is the program's VJP.

Programs are kept per function in an LRU of ``MINDJAX_JIT_CACHE_SIZE`` entries (default 64;
``set_context(jit_cache_size=N)`` where the context accepts it). Errors raised while
tracing or running leave with the user's frames only (``MINDJAX_TRACEBACK_FILTERING=off``
keeps every frame, for debugging mindjax).
"""
from __future__ import annotations

import functools
import os

import jax
import numpy as np

from .. import _heap
from .._state import state, top_level
from .._tensor import Tensor
from . import fallback
from .control import UNDEF as control_UNDEF
from . import state as jit_state
from . import dynamic
from . import donate
from . import dynamic_break
from . import record as _record
from . import pylists
from .errors import DynamicShapeError
from .cache import _LRU, cache_size, check_declared_inputs  # noqa: F401  (re-exported)
from .spec import _count_T, _flatten, _mark_python, _static_key, _unflatten  # noqa: F401

compile_count = {"n": 0}  # traces of all jit programs; JitFunction.compile_count counts one function's


def _cells_signature(obj):
    """The training flag and hook version of every Cell under ``obj`` (part of the cache key)."""
    from ..nn.cell import Cell
    if not isinstance(obj, Cell):
        return ()
    out, seen, todo = [], set(), [obj]
    while todo:  # a plain walk: this runs on every call, cells_and_names' generators cost more
        c = todo.pop()
        if id(c) in seen:
            continue
        seen.add(id(c))
        d = c.__dict__
        out.append((id(c), d.get("training"), d.get("_hook_version")))
        todo.extend(x for x in d["_cells"].values() if x is not None)
    return tuple(out)


class _Retrace(Exception):
    """Raised inside a trace that read Parameters it was not given: trace again with them."""

    def __init__(self, params):
        super().__init__("retrace")
        self.params = params


class _Program:
    """One compiled program: for a given input signature, the state it touches.

    ``params`` are the Parameters given to the program as inputs (those of the Cell or the
    objects the function refers to); the trace finds which of them it writes (``written``),
    and those alone are outputs. A trace that reads another Parameter raises ``_Retrace``
    and the program is made again with it, so a function is traced once per signature."""

    def __init__(self, fn, spec, params, owner=None, holder=None):
        self.fn = fn
        self.holder = holder
        self.owner = owner
        self.spec = spec
        self.params = params
        self.written = None
        self.checks = False
        self.global_outs = []
        self.arg_writes = []  # input Tensors the function changed in place (x.add_(1)): written back
        self.out_spec = None
        self.key = None
        self.var_scalars = False  # mutable scalars enter as 0-d arrays
        self.dyn = None  # per input array, its dynamic axes (set_inputs with None dimensions)
        self.exported = False  # traced once with symbolic dynamic axes
        self.level = syntax_level(holder) if holder is not None else 2
        self.entry = None  # its entry in the function's PIJit record (capture_mode="bytecode")
        self.breaks = []  # (op, line) where the trace needed a value-dependent shape (dynamic_break.py)
        self.eager = False  # this signature runs op by op (after a graph break)
        self.whole_grad = False  # traced as one tape node of a PyNative gradient (see _call_recorded)
        self.lists = None  # what the program does to the caller's Python lists (pylists.Plan)
        self.jitted = jax.jit(self._pure)
        self.donate = None  # whether its calls give XLA the Parameters' buffers (decided at its first call)
        self.jitted_all = None  # the donating program (donate.py)

    def _pure_all(self, key, param_arrays, arrays):
        """``_pure`` returning every Parameter, the ones it does not write as they came, and
        those first: what the donating program runs (donate.py)."""
        out_arrays, new_params, new_key = self.jitted(key, param_arrays, arrays)
        full = list(param_arrays)
        for i, v in zip(self.written, new_params):
            full[i] = v
        return full, out_arrays, new_key

    def _pure(self, key, param_arrays, arrays):
        from .ast_pass import convert
        compile_count["n"] += 1
        if self.holder is not None:
            self.holder.compile_count += 1
            rec = self.holder._record
            if rec is not None and self.entry is None:
                self.entry = _record.new_entry(rec, self.key)
        dynamic_break.entered(self, key)
        params = self.params
        saved = [p._value for p in params]
        sharded = any("_mj_sharding" in p.__dict__ for p in params)
        if sharded:  # Parameters laid out by shard keep their layout inside the program
            from ..parallel._shard import constrain_parameters
            param_arrays = constrain_parameters(params, param_arrays)
        for p, a in zip(params, param_arrays):
            p._value = a
        box = [key]

        def rng():
            box[0], sub = jax.random.split(box[0])
            return sub
        prev = jit_state.set_rng_source(rng)
        prev_params = jit_state.set_params(params)
        prev_level = jit_state.set_syntax_level(self.level)
        prev_inputs = jit_state.set_param_inputs(
            {id(p): a for p, a in zip(params, param_arrays)} if self.whole_grad else None)
        prev_functional = jit_state.set_functional_writes(set())
        prev_d = state.discover
        cfg = self.holder.config if self.holder is not None else None
        prev_lists = pylists.start(cfg is None or cfg.get("capture_mode") != "bytecode")
        found = state.discover = {id(p): (p, v) for p, v in zip(params, saved)}
        checks0 = fallback._checks["n"]
        greg = {}
        prev_g = jit_state.set_global_writes(greg)
        state.jit_depth += 1
        depth, state.grad_depth = state.grad_depth, 0
        try:
            tensors = [Tensor._make(a) for a in arrays]
            args, kwargs = _unflatten(self.spec, tensors)
            root = (args, kwargs)
            out = convert(self.fn)(*args, **kwargs)
            if self.level == 0:
                out = _strict_output(out)
            if len(found) > len(params):
                known = {id(p) for p in params}
                new = [p for p, _ in found.values() if id(p) not in known and "_mj_trace_local" not in p.__dict__]
                if new:
                    raise _Retrace(new)
            outs = []
            self.out_spec = _mark_python(_flatten(out, outs), outs)
            self.lists = pylists.plan_for(self, root, out, outs)
            # globals the function assigned: their final Tensor values leave as extra outputs
            self.global_outs = [(g, n) for g, n, _ in greg.values() if isinstance(g.get(n), Tensor)]
            outs += [g[n] for g, n in self.global_outs]
            # an in-place method on an argument (x.add_(1)) changes the caller's Tensor, as in MindSpore
            # (x[i] = v on an argument rebinds it inside the program only, as MindSpore's graph mode)
            self.arg_writes = [i for i, (t, a) in enumerate(zip(tensors, arrays))
                               if t._data is not a and not jit_state.is_setitem_result(t._data)]
            outs += [tensors[i] for i in self.arg_writes]
            self.checks = fallback._checks["n"] != checks0
            self.written = [i for i, (p, a) in enumerate(zip(params, param_arrays)) if p._value is not a]
            new_params = [params[i]._value for i in self.written]
            out_arrays = [o._data for o in outs]  # now: a Parameter returned reads its value at the end
            if sharded:
                new_params = constrain_parameters([params[i] for i in self.written], new_params)
        finally:
            pylists.restore(pylists.stop(prev_lists))  # the trace leaves no change in a Python list
            for p, v in found.values():
                p._value = v
            for g, n, v in greg.values():  # no tracer stays in a global
                if v is control_UNDEF:
                    g.pop(n, None)
                else:
                    g[n] = v
            jit_state.set_global_writes(prev_g)
            state.discover = prev_d
            jit_state.set_rng_source(prev)
            jit_state.set_params(prev_params)
            jit_state.set_syntax_level(prev_level)
            jit_state.set_param_inputs(prev_inputs)
            jit_state.set_functional_writes(prev_functional)
            state.jit_depth -= 1
            state.grad_depth = depth
        return out_arrays, new_params, box[0]


def _strict_output(out):
    """What a STRICT program returns: dicts become tuples of their values (MindSpore's STRICT
    graphs have no dict outputs) and a Python object the graph cannot hold is refused."""
    import numpy as np
    if isinstance(out, dict):
        return tuple(_strict_output(v) for v in out.values())
    if isinstance(out, (tuple, list)):
        return type(out)(_strict_output(v) for v in out)
    if isinstance(out, np.ndarray):
        raise RuntimeError(f"Illegal type in the graph: PythonObject(type: {type(out)}, value: {out}). In JIT strict "
                           f"mode a numpy array cannot be an output; you can use os.environ['MS_DEV_JIT_SYNTAX_LEVEL'] "
                           f"= '2' to enable the JIT lax mode to support the current syntax.")
    return out


def _candidates(fn, owner):
    """The Parameters a program is given before its first trace: the owner Cell's, and those
    of the Cells, Parameters and Optimizers the function's globals and closure refer to."""
    from ..common.parameter import Parameter
    from ..nn.cell import Cell
    out, seen = [], set()

    def add_obj(o):
        if isinstance(o, Parameter):
            if id(o) not in seen:
                seen.add(id(o))
                out.append(o)
        elif isinstance(o, Cell):
            for p in o.get_parameters():
                add_obj(p)
        elif isinstance(o, (list, tuple)) and len(o) < 64:
            for x in o:
                if isinstance(x, (Parameter, Cell)):
                    add_obj(x)
    if owner is not None:
        add_obj(owner)
    f = getattr(fn, "__func__", fn)
    code = getattr(f, "__code__", None)
    if code is not None:
        g = getattr(f, "__globals__", {})
        names, todo = set(), [code]
        while todo:
            c = todo.pop()
            names.update(c.co_names)
            todo.extend(x for x in c.co_consts if hasattr(x, "co_names"))
        for n in names:
            if n in g:
                add_obj(g[n])
        for cell in getattr(f, "__closure__", None) or ():
            try:
                add_obj(cell.cell_contents)
            except ValueError:
                pass
    return out


class JitFunction:
    """A function (or Cell method) compiled whole by XLA: what ``jit`` returns."""

    def __init__(self, fn, owner=None, config=None):
        self.fn = fn
        self.owner = owner
        self.config = config  # jit(...)'s arguments (None: a Cell's GRAPH_MODE entry)
        self._cache = _LRU()
        self._extra = []  # Parameters found by a retrace: given to the next programs at once
        self._static_mutables = False  # mutable scalars are constants (the code needed their values)
        self._graph_break = False  # capture_mode="bytecode" found code only Python can run: run as PyNative
        self._trace_failed = False  # the last call failed while tracing (not while running)
        self._no_dynamic = False  # declared dynamic axes could not be traced as symbols: per-shape programs
        self.compile_count = 0  # how many times this function was traced for compilation
        self._break_entry = None  # the PIJit record's entry for calls run as Python after a graph break
        functools.update_wrapper(self, fn)
        self._record = _record.record_for(self)  # PIJit's get_code_extra record (bytecode mode only)

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        bound = obj.__dict__.get("_jit_bound_" + self.fn.__name__)
        if bound is None:
            bound = JitFunction(self.fn.__get__(obj, objtype), owner=obj, config=self.config)
            try:
                obj.__dict__["_jit_bound_" + self.fn.__name__] = bound
            except (AttributeError, TypeError):
                pass
        return bound

    def __call__(self, *args, **kwargs):
        if state.jit_depth:  # inside another jit program: inline
            from .ast_pass import convert
            if _inline_depth["n"] >= _MAX_INLINE:
                raise _endless(self)
            _inline_depth["n"] += 1
            try:
                return convert(self.fn)(*args, **kwargs)
            except RecursionError:
                raise _endless(self) from None
            finally:
                _inline_depth["n"] -= 1
        cfg = self.config
        if cfg is None or cfg["capture_mode"] != "bytecode" or cfg["fullgraph"]:
            return run_compiled(self, self.fn, args, kwargs)
        # capture_mode="bytecode" without fullgraph (MindSpore's PIJit): what the compiler cannot
        # follow runs as Python; PyNative gives the values a graph break would
        if self._graph_break:
            self._ran_as_python()
            return self.fn(*args, **kwargs)
        self._trace_failed = False
        try:
            return run_compiled(self, self.fn, args, kwargs)
        except Exception as e:  # noqa: BLE001 - only a failure while compiling breaks the graph
            if not self._trace_failed or fallback.is_user_raise(e):
                raise
            self._graph_break = True
            self._break_entry = _record.Entry("", "")
            self._break_entry.breaks.append((type(e).__name__, dynamic_break.user_line(e.__traceback__)))
        self._ran_as_python()
        return self.fn(*args, **kwargs)

    def _ran_as_python(self) -> None:
        rec = self._record
        if rec is not None and self._break_entry is not None:
            self._break_entry.calls += 1
            rec.last = self._break_entry


def syntax_level(holder) -> int:
    """MindSpore's jit_syntax_level for this function's programs: STRICT 0, COMPATIBLE 1, LAX 2.
    ``MS_DEV_JIT_SYNTAX_LEVEL`` wins, then ``jit(fullgraph=...)``, then the Cell's
    ``set_jit_config``, then ``set_context(jit_syntax_level=...)``; LAX by default."""
    env = os.environ.get("MS_DEV_JIT_SYNTAX_LEVEL")
    if env in ("0", "1", "2"):
        return int(env)
    names = {"STRICT": 0, "COMPATIBLE": 1, "LAX": 2}
    if holder.config is not None:
        return names[holder.config["jit_syntax_level"]]
    owner_cfg = getattr(holder.owner, "_jit_config_dict", None) if holder.owner is not None else None
    if owner_cfg and owner_cfg.get("jit_syntax_level") in names:
        return names[owner_cfg["jit_syntax_level"]]
    from .. import context
    level = context._ctx.get("jit_syntax_level")
    return 2 if level is None else int(level)


_inline_depth = {"n": 0}  # jit functions inlined into the program being traced, nested
_MAX_INLINE = 64  # deeper nesting is recursion under a run-time condition


def _endless(jf) -> RuntimeError:
    return RuntimeError(
        f"Exceed function call depth limit while compiling '{jf.__name__}': a jit function calls itself under a "
        f"condition known only at run time, which graph mode unrolls while compiling, so the recursion becomes an "
        f"endless loop. Make the recursion depth depend on Python values, or write it as a while loop.")


def _program_for(holder, fn, args, kwargs, peek=False):
    """The cached program of ``holder`` for these inputs (made on first sight), the input
    Tensors and their arrays (``peek``: as held, placeholders of a captured segment included)."""
    tensors = []
    var = None if holder._static_mutables else []
    spec = _flatten((tuple(args), dict(kwargs)), tensors, var)
    if peek and var:
        return None, tensors, None
    arrays = [t._raw for t in tensors] if peek else [t._data for t in tensors]
    dyn = dynamic.dynamic_dims(holder, args, tensors) if not state.grad_depth else None
    shapes = dynamic.key_shapes(arrays, dyn) if dyn else tuple(a.shape for a in arrays)
    key = (_static_key(spec), tuple(zip(shapes, (a.dtype for a in arrays))), _cells_signature(holder.owner),
           _global_signature(), syntax_level(holder))
    prog = holder._cache.get(key)
    if prog is None:
        params = _candidates(fn, holder.owner)
        known = {id(p) for p in params}
        params += [p for p in holder._extra if id(p) not in known]
        prog = _Program(fn, spec, params, holder.owner, holder)
        prog.key = key
        prog.var_scalars = bool(var)
        prog.dyn = dyn
        holder._cache[key] = prog
    return prog, tensors, arrays


def _as_constants(holder, prog) -> bool:
    """A program whose trace failed while it had ``mutable`` scalars as variables: where the
    code needs their values while compiling (a shape, a Python ``if``), they become constants
    of this function's programs, one program per value (True: trace again)."""
    if not prog.var_scalars or prog.out_spec is not None or holder._static_mutables:
        return False
    holder._static_mutables = True
    holder._cache.pop(prog.key, None)
    return True


def _retraced(holder, prog, err):
    holder._extra.extend(err.params)
    new = _Program(prog.fn, prog.spec, prog.params + list(err.params), prog.owner, holder)
    new.key = prog.key
    holder._cache[prog.key] = new
    return new


def _unique_parameter_names(tensors) -> None:
    """Two Parameter inputs of one call with the same name: MindSpore's graph refuses them."""
    seen = {}
    for t in tensors:
        if type(t).__name__ != "Parameter":
            continue
        other = seen.setdefault(t.name, t)
        if other is not t:
            raise ValueError(f"The parameter Tensor(shape={list(t.shape)}, dtype={t.dtype}, value={t.asnumpy()}, "
                             f"name={t.name}) , its name '{t.name}' already exists. Please set a unique name for the "
                             f"parameter.")


def run_compiled(holder, fn, args, kwargs):
    from ..common.seed import _get_key, _set_key
    if state.capture and not (state.grad_depth or state.sync or state.check_nan):
        res = _captured_call(holder, fn, args, kwargs)
        if res is not _NOT_CAPTURED:
            return res
    prog, tensors, arrays = _program_for(holder, fn, args, kwargs)
    _unique_parameter_names(tensors)
    if prog.eager:  # a graph break was found for this signature: op by op (dynamic_break.py)
        return _run_eager(holder, prog, fn, args, kwargs)
    if prog.lists is not None and not pylists.guards_hold(prog.lists):
        # a global or attribute list the program changes no longer holds what its trace saw
        holder._cache.pop(prog.key, None)
        prog, tensors, arrays = _program_for(holder, fn, args, kwargs)
    if state.grad_depth and _integer_grad(tensors, prog.params):
        # jax.vjp gives integer inputs no gradient (float0); MindSpore differentiates them with
        # integer arithmetic, which mindjax's op-by-op bprops do: run this call as PyNative
        return fn(*args, **kwargs)
    rng_key = _get_key()
    while True:
        params = prog.params
        try:
            if state.grad_depth and (any(t._node is not None for t in tensors) or params):
                outs, new_params, new_key = _call_recorded(prog, rng_key, params, tensors)
            else:
                out_arrays, new_params, new_key = _call_jitted(prog, rng_key, params, arrays)
                if prog.checks:  # raise, after the call, what the program's run-time checks found
                    fallback.raise_pending(out_arrays)
                if state.capture and not hasattr(prog, "_capturable"):  # (see _captured_call)
                    prog._capturable = _capturable(prog, rng_key, params, arrays, new_key)
                outs = [Tensor._make(a) for a in out_arrays]
            break
        except _Retrace as e:
            prog = _retraced(holder, prog, e)
        except dynamic.NoDynamic:
            holder._no_dynamic = True  # one program per shape from now on
            holder._cache.pop(prog.key, None)
            prog, tensors, arrays = _program_for(holder, fn, args, kwargs)
        except DynamicShapeError as e:
            if prog.out_spec is not None and not prog.breaks:
                raise
            # the trace stopped at a value-dependent shape it could not evaluate: op by op
            prog.breaks = [(e.what or type(e).__name__, dynamic_break.user_line(e.__traceback__))]
            dynamic_break.warn_once(*prog.breaks[0], nested=True)
            prog.eager = True
            return _run_eager(holder, prog, fn, args, kwargs)
        except Exception as e:
            if getattr(e, "_mj_final", False) or not _as_constants(holder, prog):
                if dynamic_break.value_needed(prog, e):
                    # LAX: Python that needs a Tensor's value (MindSpore's JIT Fallback runs it at run
                    # time): a graph break, this signature runs op by op
                    what = {"RuntimeError": "Tensor.asnumpy", "PythonValueNeeded": "str(Tensor)",
                            "BranchStructureError": "if"}.get(type(e).__name__, "bool(Tensor)")
                    prog.breaks = [(what, dynamic_break.user_line(e.__traceback__))]
                    dynamic_break.warn_value_break(*prog.breaks[0])
                    prog.eager = True
                    return _run_eager(holder, prog, fn, args, kwargs)
                holder._trace_failed = prog.out_spec is None
                raise
            prog, tensors, arrays = _program_for(holder, fn, args, kwargs)
    for i, v in zip(prog.written, new_params):
        p = params[i]
        if v is not p._value:
            p._value = v
    if prog.arg_writes:
        k = len(prog.arg_writes)
        outs, written = outs[:-k], outs[-k:]
        for i, t in zip(prog.arg_writes, written):
            dst = tensors[i]
            dst._data = t._data
            if type(dst) is Tensor:  # the new value's history, as the in-place write path gives it
                dst._node, dst._idx = t._node, t._idx
    if prog.global_outs:
        k = len(prog.global_outs)
        outs, written = outs[:-k], outs[-k:]
        for (g, n), t in zip(prog.global_outs, written):
            g[n] = t
    _set_key(new_key)
    if prog.breaks:  # this call's program held values of this call only: later calls run op by op
        prog.eager = True
    _note_call(holder, prog)
    result = _unflatten(prog.out_spec, outs)
    plan = prog.lists
    if plan is not None:  # the caller's lists: written in place, and returned as themselves
        extra = outs[len(outs) - plan.n_out:] if plan.n_out else []
        root = (tuple(args), dict(kwargs))
        pylists.apply_writes(plan, root, tensors, extra)
        result = pylists.fix_outputs(plan, result, root, tensors, extra)
    return result


_NOT_CAPTURED = object()


def _capturable(prog, rng_key, params, arrays, new_key) -> bool:
    """Whether calls of ``prog`` may join a captured segment: it draws no random number (the
    key it returns is the one it was given) and has no effect but its outputs (no host callback:
    a print or a hook inside the program must run on every call). ``trace`` after the call
    reads jax's trace cache: the Python does not run again."""
    try:
        if not np.array_equal(np.asarray(new_key), np.asarray(rng_key)):
            return False
        return not prog.jitted.trace(rng_key, [p._value for p in params], arrays).jaxpr.effects
    except Exception:  # noqa: BLE001 - when in doubt, not captured
        return False


def _captured_call(holder, fn, args, kwargs):
    """A PyNative call of a jit function (the optimizer's update) recorded into the open
    captured segment (``_capture.py``) as one op: the compiled program on the Parameters and
    the inputs as they are held, placeholders included, so the whole training step becomes one
    program. Only programs already run once whose only effects are their outputs and the
    Parameters they write, and which draw no random numbers nor call back to the host
    (``_capturable``); anything else runs as usual."""
    from .. import _capture
    from ..common.seed import _get_key
    from ..ops._primitive import Op, _op_error
    if not top_level():
        return _NOT_CAPTURED
    prog, tensors, arrays = _program_for(holder, fn, args, kwargs, peek=True)
    if (prog is None or prog.written is None or prog.out_spec is None or prog.eager or prog.checks or prog.dyn
            or prog.lists is not None or prog.arg_writes or prog.global_outs or prog.breaks or prog.var_scalars
            or not getattr(prog, "_capturable", False)):
        return _NOT_CAPTURED
    params = prog.params
    op = getattr(prog, "_capture_op", None)
    if op is None:
        n_p = len(params)

        def forward(*flat):
            outs, new_params, _ = prog.jitted(flat[0], list(flat[1:1 + n_p]), list(flat[1 + n_p:]))
            return tuple(outs) + tuple(new_params)
        op = prog._capture_op = Op("JitCall", forward, None, n_out=-1)
    res = _capture.record(op, {}, (Tensor._make(_get_key()),) + tuple(params) + tuple(tensors), _op_error)
    if res is None:
        return _NOT_CAPTURED
    n_w = len(prog.written)
    outs = [Tensor._make(a) for a in res[:len(res) - n_w]]
    for i, v in zip(prog.written, res[len(res) - n_w:]):
        params[i]._value = v
    _note_call(holder, prog)
    return _unflatten(prog.out_spec, outs)


def _note_call(holder, prog) -> None:
    """Count a call of ``prog`` in its function's PIJit record (bytecode mode only)."""
    rec = holder._record
    if rec is None:
        return
    if prog.entry is None:
        prog.entry = _record.new_entry(rec, prog.key)
    prog.entry.calls += 1
    prog.entry.breaks = prog.breaks
    rec.last = prog.entry


def _run_eager(holder, prog, fn, args, kwargs):
    """A call of a signature that broke the graph: the Python runs op by op (PyNative), so
    value-dependent shapes are exact and a PyNative gradient records every op."""
    out = fn(*args, **kwargs)
    _note_call(holder, prog)
    return out


def _call_jitted(prog, rng_key, params, arrays, may_donate: bool = True):
    """Run ``prog`` on the Parameters' values: ``(outputs, written values, new key)``. At its
    first call the program is traced, then compiled donating or not (donate.py); a donating
    call gives every Parameter its output here (each buffer given moved into an output)."""
    from .errors import clean_exception
    try:
        if prog.dyn and not prog.exported:
            dynamic.export(prog, rng_key, [p._value for p in params], arrays)
        values = [p._value for p in params]
        first = prog.out_spec is None
        if first:  # XLA compiles the program in this call: see _heap.release
            _heap.release()
        with dynamic_break.calling(prog, (rng_key, values, arrays)):
            if prog.donate is None:
                prog.donate = first and may_donate and top_level() and _decide_donation(prog, rng_key, values, arrays)
            if prog.donate and may_donate:
                out = _donated_call(prog, rng_key, params, values, arrays)
            else:
                out = prog.jitted(rng_key, values, arrays)
        if first:
            _heap.release()
        return out
    except (_Retrace, dynamic.NoDynamic):
        raise
    except Exception as e:  # noqa: BLE001 - shown without JAX's frames and its note
        raise clean_exception(e) from None


def _decide_donation(prog, rng_key, values, arrays) -> bool:
    """Whether ``prog`` donates: traced first (jax keeps the trace for the compile that
    follows), it does when it has no run-time checks and no host effects (donate.py)."""
    if not donate.eligible(prog):
        return False
    traced = prog.jitted.trace(rng_key, values, arrays)
    if prog.checks or traced.jaxpr.effects:
        return False
    prog.jitted_all = jax.jit(prog._pure_all, donate_argnums=1)
    return True


def _donated_call(prog, rng_key, params, values, arrays):
    vals = donate.unshared(values)
    full, out_arrays, new_key = prog.jitted_all(rng_key, vals, arrays)
    for p, v in zip(params, full):  # every buffer given moved: the values are the outputs now
        p._value = v
    return out_arrays, [full[i] for i in prog.written], new_key


def _integer_grad(tensors, params) -> bool:
    """Whether a gradient being recorded reaches an integer input or Parameter of this call."""
    return any(t._node is not None and t._raw.dtype.kind in "iu" for t in tensors) or any(
        p.requires_grad and p._value.dtype.kind in "iu" for p in params)


def _global_signature():
    from .. import context
    ap = context._auto_parallel
    return (context._ctx["mode"], ap["parallel_mode"], ap["device_num"])


def _call_recorded(prog, rng_key, params, tensors):
    """Run the program as one tape node (for a PyNative gradient through a jit call):
    inputs are the Tensors, the Parameters and the random key; its bprop is the VJP."""
    from ..ops._primitive import Op, apply
    n_in, n_p = len(tensors), len(params)
    op = getattr(prog, "_op", None)
    if op is None:
        def forward(*arrs):
            # after a graph break the learning trace below holds this call's values: reuse it from
            # jax.jit's cache (the Python must not run a second time), its VJP is this call's
            run = prog.jitted if prog.breaks else prog._pure
            prog.whole_grad = True  # Parameters written inside read as themselves (jit_state.param_written)
            try:
                outs, new_params, new_key = run(arrs[-1], list(arrs[n_in:n_in + n_p]), list(arrs[:n_in]))
            finally:
                prog.whole_grad = False
            return tuple(outs) + tuple(new_params) + (new_key,)
        op = Op("JitCall", forward, "vjp", n_out=-2)
        _call_jitted(prog, rng_key, params, [t._data for t in tensors], may_donate=False)  # learn out_spec and the writes
        op.n_out = (_count_T(prog.out_spec) + (prog.lists.n_out if prog.lists else 0) + len(prog.global_outs) + len(prog.arg_writes) + len(prog.written)
                    + 1)
        prog._op = op
    # the tape keeps its input Tensors: give it views that an in-place write-back will not change
    ins = tuple(Tensor._make(t._data, t._node, t._idx) for t in tensors) if prog.arg_writes else tuple(tensors)
    # the Parameters as they are now: the program writes them back before the backward pass runs,
    # and its VJP must be taken at the values it read (the weight gradients follow the leaf nodes)
    pins = tuple(Tensor._make(p._data, p._node, p._idx) for p in params)
    res = apply(op, ins + pins + (Tensor._make(rng_key),), {})
    n_w = len(prog.written)
    n_out = len(res) - n_w - 1
    return list(res[:n_out]), [r._data for r in res[n_out:n_out + n_w]], res[-1]._data


def compiles_of(obj):
    """How many programs were traced for ``obj``: a jit function, a Cell given to ``jit``
    or one called in GRAPH_MODE (the sum over its compiled entry points)."""
    if isinstance(obj, JitFunction):
        return obj.compile_count
    return sum(h.compile_count for h in (obj.__dict__.get("construct"), obj.__dict__.get("_graph_holder"))
               if isinstance(h, JitFunction))


def graph_mode_call(cell, args, kwargs):
    """GRAPH_MODE: the outermost Cell call compiles ``construct`` (hooks are ignored, as in MindSpore)."""
    declared = cell.__dict__.get("_declared_inputs")
    if declared:
        check_declared_inputs(declared, args)
    _save_strategy_if_asked(cell)
    holder = cell.__dict__.get("_graph_holder")
    if holder is None:
        holder = JitFunction(cell.construct, owner=cell)
        cell.__dict__["_graph_holder"] = holder
    if cell.__dict__.get("_float_dtype") is not None:  # Cell.to_float, as PyNative applies it
        from .to_float import call_cast
        return call_cast(cell, lambda a, k: run_compiled(holder, holder.fn, a, k), args, kwargs)
    if state.grad_depth and not cell._plain:  # a custom bprop is the whole Cell's gradient
        return cell._call_with_bprop(args, kwargs, lambda a, k: run_compiled(holder, holder.fn, a, k))
    return run_compiled(holder, holder.fn, args, kwargs)


def compile_only(holder, fn, args, kwargs) -> None:
    """Trace and compile ``fn`` for these inputs without running it (the compile half of
    ``run_compiled``): the program is cached, so the next call with the same signature runs it."""
    from ..common.seed import _get_key
    prog, _, arrays = _program_for(holder, fn, args, kwargs)
    while True:
        try:
            prog.jitted.lower(_get_key(), [p._value for p in prog.params], arrays).compile()
            return
        except _Retrace as e:
            prog = _retraced(holder, prog, e)
        except DynamicShapeError as e:  # a value-dependent shape: its calls will run op by op
            prog.breaks = [(e.what or type(e).__name__, dynamic_break.user_line(e.__traceback__))]
            prog.eager = True
            return
        except Exception:
            if not _as_constants(holder, prog):
                raise
            prog, _, arrays = _program_for(holder, fn, args, kwargs)


def _save_strategy_if_asked(cell) -> None:
    """``set_auto_parallel_context(strategy_ckpt_config={"save_file": path})`` in a (semi-)auto
    parallel mode: the first Graph-mode call of a Cell writes its strategy file."""
    from .. import context
    ap = context._auto_parallel
    path = (ap.get("strategy_ckpt_config") or {}).get("save_file") or ap.get("strategy_ckpt_save_file")
    if not path or ap["parallel_mode"] not in ("semi_auto_parallel", "auto_parallel"):
        return
    if cell.__dict__.get("_strategy_saved") == path:
        return
    from ..parallel._shard import save_strategy_for
    save_strategy_for(cell, path)
    cell.__dict__["_strategy_saved"] = path


from .decorator import jit, jit_class, ms_class, ms_function  # noqa: E402,F401  (they build JitFunctions)

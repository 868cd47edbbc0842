"""Op definitions and their dispatch.

An ``Op`` is defined once: a forward on jax arrays and a bprop on mindjax Tensors.
``apply`` runs it: in PyNative the forward is a cached ``jax.jit`` kernel (one per op
and attribute set; jax caches per shape and dtype), and a tape node is recorded only
while a gradient call is running and some input has history. Under ``jit`` the same
code runs on tracers, so the whole program compiles to one XLA computation.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .. import _capture
from .._state import state, top_level as _top_level
from .._tensor import Tensor
from .._autograd.tape import Node
from .._autograd import saved as _saved


@functools.lru_cache(maxsize=None)
def eager_compiler_options() -> dict | None:
    """XLA options for the one-op kernels PyNative compiles (one per op, attributes, shape, dtype).

    On CPU, XLA's newer fusion emitters take 2-3x longer to compile a convolution and 6-8x
    longer for its gradient (0.8 s and 2.2 s against 0.37 s each, 2 cores) for kernels that
    run no faster, and a first PyNative training step of a CNN is almost all such compiles
    (ResNet-18: 191 kernels, 74 of its 85 s). Single-op kernels gain nothing from fusion, so
    they are compiled with the classic emitters; whole programs under ``jit`` keep XLA's defaults.
    """
    return {"xla_cpu_use_fusion_emitters": False} if jax.default_backend() == "cpu" else None


def _op_backward(node, douts, needs):
    op = node.attrs[0]
    node.needs = needs
    grads = op.bprop(node, douts[0] if len(douts) == 1 else douts)
    if not isinstance(grads, (tuple, list)):
        grads = (grads,)
    return grads


class Op:
    """One primitive: ``forward(*arrays, **attrs)`` with jax, ``bprop(ctx, dout)`` with ops.

    In ``bprop``, ``ctx.inputs`` are the input Tensors, ``ctx.out`` the output Tensor
    (``ctx.out_tensor(i)`` for several), ``ctx.attrs[1]`` the attribute dict and
    ``ctx.needs[i]`` tells whether input i needs a gradient at all.
    """

    __slots__ = ("name", "forward", "bprop", "n_out", "_kernels", "jit", "saves", "_saves", "__weakref__")

    def __init__(self, name, forward, bprop=None, n_out=1, jit=True, saves=None):
        self.name = name
        self.forward = forward
        self.bprop = vjp_bprop if bprop == "vjp" else bprop
        self.n_out = n_out
        self.jit = jit
        self._kernels = {}
        # what a tape node keeps for the bprop: (inputs, out), see _autograd/saved.py; None: the
        # inputs, and the outputs where the bprop's code reads them
        self.saves = saves
        self._saves = None

    def saved(self):
        """``(inputs, out)``: what a node of this op keeps (worked out once per bprop)."""
        cached = self._saves
        if cached is not None and cached[0] is self.bprop:
            return cached[1]
        saves = self.saves if self.saves is not None else (True, _saved.reads_outputs(self.bprop))
        self._saves = (self.bprop, saves)
        return saves

    def def_bprop(self, fn):
        self.bprop = fn
        return fn

    def kernel(self, attrs: dict):
        key = tuple(attrs.items()) if attrs else ()
        try:
            pair = self._kernels[key]
        except KeyError:
            fn = functools.partial(self.forward, **attrs) if attrs else self.forward
            # (the kernel run eagerly, the one staged into an enclosing trace: JAX takes
            # compiler options on top-level programs only)
            pair = ((jax.jit(fn, compiler_options=eager_compiler_options()), jax.jit(fn))
                    if self.jit else (fn, fn))
            self._kernels[key] = pair
        except TypeError:  # unhashable attribute: no caching
            return functools.partial(self.forward, **attrs)
        return pair[0] if _top_level() else pair[1]

    def __call__(self, *tensors, **attrs):
        return apply(self, tensors, attrs)

    def __repr__(self):
        return f"Op({self.name})"


def attrs_of(ctx) -> dict:
    return ctx.attrs[1]


def apply(op: Op, tensors, attrs: dict):
    """Run ``op`` on Tensors; returns a Tensor, or a tuple of them for multi-output ops."""
    if state.amp is not None:  # amp_level 'auto' casts the inputs of the ops it lists
        tensors, attrs = state.amp(op, tensors, attrs)
    out = None
    if state.capture and op.jit and not (state.sync or state.check_nan) and _top_level():
        out = _capture.record(op, attrs, tensors, _op_error)  # placeholders (None: not capturable)
    if out is None:
        kernel = op.kernel(attrs)
        arrays = [t._data for t in tensors]
        try:
            out = kernel(*arrays)
        except Exception as e:  # noqa: BLE001 - every kernel failure is reported in MindSpore's style
            err = _op_error(op, e, tensors)
            if err is None:
                raise
            raise err from None
        if state.sync or state.check_nan:
            _after_op(op, out, tensors)
    if state.grad_depth and op.bprop is not None:
        for t in tensors:
            if t._node is not None:
                keep_in, keep_out = op.saved()
                ins = _saved.node_inputs(tuple(tensors), keep_in)
                if op.n_out == 1:
                    node = Node(_op_backward, ins, _saved.node_outs((out,), keep_out), (op, attrs), op.name)
                    return Tensor._make(out, node, 0)
                node = Node(_op_backward, ins, _saved.node_outs(tuple(out), keep_out), (op, attrs), op.name)
                return tuple(Tensor._make(o, node, i) for i, o in enumerate(out))
    if op.n_out == 1:
        return Tensor._make(out)
    return tuple(Tensor._make(o) for o in out)


_SYNC_HINT = ("Ops run asynchronously: the failing op may have been launched earlier. Call "
              "set_context(pynative_synchronize=True) to raise the error at the line that launched it.")


def _first_line(e) -> str:
    """The informative first line of an exception message (JAX appends tracebacks and notes)."""
    for line in str(e).split("\n"):
        line = line.strip()
        if line and not line.startswith("Traceback"):
            return line.replace("INTERNAL: ", "")
    return type(e).__name__


def _builtin_class(e):
    """The builtin exception class a user should catch for ``e`` (never a jax/XLA class)."""
    for cls in (TypeError, ValueError, IndexError):
        if isinstance(e, cls):
            return cls
    return RuntimeError


def _is_user_error(e) -> bool:
    """Errors raised by our own checks inside a forward already read 'For ...'."""
    return type(e) in (TypeError, ValueError, IndexError, RuntimeError) and str(e).startswith("For '")


def _op_error(op, e, tensors):
    """``e`` from a kernel as the exception the user sees (None: re-raise it unchanged)."""
    if not isinstance(e, Exception) or isinstance(e, (KeyboardInterrupt, MemoryError, RecursionError)):
        return None
    if _is_user_error(e):
        return type(e)(str(e))
    try:
        shapes = ", ".join(f"{list(t.shape)}:{t.dtype}" for t in tensors)
    except Exception:  # noqa: BLE001
        shapes = "..."
    cls = _builtin_class(e)
    msg = _first_line(e)
    if cls is RuntimeError:
        text = f"For '{op.name}', the kernel failed at run time with inputs ({shapes}): {msg}"
        if not state.sync:
            text += " " + _SYNC_HINT
        return RuntimeError(text)
    return cls(f"For '{op.name}', the inputs ({shapes}) are not valid: {msg}")


def async_error(e):
    """The error to raise when a Tensor's value is read and an op that ran
    asynchronously before has failed (``e`` is JAX's runtime error); None if ``e`` is
    not such an error. Use as ``raise async_error(e) from None``."""
    if isinstance(e, RuntimeError) and type(e) is not RuntimeError and type(e).__module__.startswith(("jax", "jaxlib")):
        return RuntimeError(f"An op that ran asynchronously failed: {_first_line(e)} {_SYNC_HINT}")
    return None


@functools.lru_cache(maxsize=None)
def _finite_kernel():
    return jax.jit(lambda *xs: jnp.stack([jnp.all(jnp.isfinite(x)) for x in xs]).all())


def _all_finite(arrays) -> bool:
    arrays = [a for a in arrays if hasattr(a, "dtype") and a.dtype.kind in "fc" and a.size]
    if not arrays:
        return True
    return bool(_finite_kernel()(*arrays))


def cell_path() -> str:
    """The dotted attribute path of the Cell running now (``Net.block.fc1``)."""
    return ".".join(state.cell_stack) or "<top level>"


def _after_op(op, out, tensors=()):
    outs = out if isinstance(out, (tuple, list)) else (out,)
    for o in outs:
        if isinstance(o, jax.core.Tracer):
            return
    try:
        for o in outs:
            o.block_until_ready()
    except Exception as e:  # noqa: BLE001 - an asynchronous kernel failure, reported at this op
        err = _op_error(op, e, tensors)
        if err is None:
            raise
        raise err from None
    if state.check_nan and not _all_finite(outs):
        where = cell_path()
        inputs_bad = not _all_finite([t._data for t in tensors])
        shapes = ", ".join(f"{list(t.shape)}:{t.dtype}" for t in tensors)
        note = (" Its inputs already contained NaN or Inf (they came from outside the checked ops, e.g. the data "
                "or a Parameter)." if inputs_bad else "")
        raise FloatingPointError(f"For '{op.name}', the output contains NaN or Inf (check_nan): first produced "
                                 f"in Cell '{where}', inputs ({shapes}).{note}")


class Primitive:
    """Base class of MindSpore's Primitive operators (``ops.Add()``, ``ops.Conv2D(...)``).

    Subclasses set attributes in ``__init__`` and implement ``__call__`` with the
    functional form, so each op's logic lives in one place.
    """

    def __init__(self, name: str | None = None):
        self.name = name or type(self).__name__
        self.attrs = {}

    def add_prim_attr(self, name, value):
        self.attrs[name] = value
        setattr(self, name, value)
        return self

    def init_prim_io_names(self, inputs, outputs):
        self.input_names, self.output_names = inputs, outputs

    def set_device(self, device_target):
        return self

    def __call__(self, *args, **kwargs):
        # a subclass written outside mindjax with only __init__ and inference runs the kernel
        # of its name, as in MindSpore (ops/_by_name.py); mindjax's own classes define __call__
        from ._by_name import kernel_for
        return kernel_for(self)(*args, **kwargs)

    def shard(self, in_strategy=None, out_strategy=None):
        """Operator-level sharding strategies (MindSpore's semi-auto parallel), mapped to GSPMD
        sharding of this Primitive's inputs on the device mesh (docs/parallel.md)."""
        from ..parallel._shard import primitive_shard
        return primitive_shard(self, in_strategy, out_strategy)

    def recompute(self, mode=True):
        return self

    def __repr__(self):
        attrs = ", ".join(f"{k}={v}" for k, v in self.attrs.items())
        return f"Prim[{self.name}]" + (f"<{attrs}>" if attrs else "")


class PrimitiveWithInfer(Primitive):
    pass


class PrimitiveWithCheck(Primitive):
    pass


def prim_attr_register(fn):
    """Decorator for a Primitive's ``__init__``: records its arguments as attributes."""
    import inspect
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        Primitive.__init__(self, type(self).__name__)
        bound = sig.bind(self, *args, **kwargs)
        bound.apply_defaults()
        for k, v in list(bound.arguments.items())[1:]:
            self.add_prim_attr(k, v)
        fn(self, *args, **kwargs)
    return wrapper


# ---- bprops derived from the forward ---------------------------------------------------------
_vjp_ops = {}


def _vjp_forward(*args, fwd, n_in, needs, attrs):
    """Cotangents of ``fwd`` for the inputs flagged in ``needs`` (a jitted kernel).

    Only the needed inputs are differentiated; under XLA the rest of the backward
    computation is dead code and is removed.
    """
    inputs, douts = args[:n_in], args[n_in:]
    attrs = dict(attrs)
    idx = [i for i in range(n_in) if needs[i]]

    def f(*xs):
        full = list(inputs)
        for i, x in zip(idx, xs):
            full[i] = x
        return fwd(*full, **attrs)

    primals = [inputs[i] for i in idx]
    out, vjp = jax.vjp(f, *primals)
    outs = out if isinstance(out, (tuple, list)) else (out,)
    # integer outputs take float0 cotangents; integer inputs get integer zeros back
    douts = tuple(np.zeros(o.shape, jax.dtypes.float0) if not jnp.issubdtype(o.dtype, jnp.inexact) else d
                  for o, d in zip(outs, douts))
    # complex values: MindSpore's gradients are the conjugates of jax's (the convention of its own
    # bprops and PyTorch's), conj(vjp(conj(dout))); a no-op on real values
    douts = tuple(jnp.conj(d) if jnp.iscomplexobj(d) else d for d in douts)
    ct = douts[0] if not isinstance(out, (tuple, list)) else type(out)(douts)
    grads = vjp(ct)
    return tuple(jnp.zeros(p.shape, p.dtype) if g.dtype == jax.dtypes.float0 else
                 jnp.conj(g) if jnp.iscomplexobj(g) else g for p, g in zip(primals, grads))


def vjp_op(op: Op) -> Op:
    """The op computing ``op``'s input gradients; differentiable in turn (grad of grad)."""
    g = _vjp_ops.get(id(op))
    if g is None:
        g = Op(op.name + "Grad", _vjp_forward, vjp_bprop, n_out=-1)
        _vjp_ops[id(op)] = g
    return g


def vjp_bprop(ctx, dout):
    """A bprop for any op: the cotangents come from ``jax.vjp`` of the forward."""
    op, attrs = ctx.attrs
    needs = tuple(bool(n) for n in ctx.needs)
    if not any(needs):
        return (None,) * len(ctx.inputs)
    douts = dout if isinstance(dout, tuple) else (dout,)
    inputs = tuple(ctx.inputs)
    if op.n_out == -1:  # a gradient op: differentiate its own forward
        fwd, sub_attrs = _vjp_forward, attrs
    else:
        fwd, sub_attrs = op.forward, attrs
    g = vjp_op(op)
    grads = _apply_vjp(g, inputs + douts, {"fwd": fwd, "n_in": len(inputs), "needs": needs,
                                           "attrs": tuple(sorted(sub_attrs.items()))})
    it = iter(grads)
    return tuple(next(it) if n else None for n in needs)


def _apply_vjp(g, tensors, attrs):
    out = None
    if state.capture and not (state.sync or state.check_nan) and _top_level():
        out = _capture.record(g, attrs, tensors, _op_error)
    if out is None:
        kernel = g.kernel(attrs)
        try:
            out = kernel(*[t._data for t in tensors])
        except Exception as e:  # noqa: BLE001
            err = _op_error(g, e, tensors)
            if err is None:
                raise
            raise err from None
        if state.sync or state.check_nan:
            _after_op(g, out, tensors)
    if state.grad_depth:
        for t in tensors:
            if t._node is not None:
                node = Node(_op_backward, tuple(tensors), tuple(out), (g, attrs), g.name)
                return tuple(Tensor._make(o, node, i) for i, o in enumerate(out))
    return tuple(Tensor._make(o) for o in out)

"""What a tape node keeps of an op's inputs and outputs for its bprop.

A node used to keep every input and output array until the gradient walk released it. Most
bprops need less: Transpose, Reshape, Add, Cast, Concat need only shapes and dtypes; Exp and
Softmax need their output, not their input; MatMul and ops differentiated by ``jax.vjp`` need
their inputs, not their output. A chain of such ops (attention's transposes and reshapes
around each Dense) kept a dozen copies of each activation alive; PyTorch's autograd saves only
what each backward formula reads.

``Op(..., saves=(inputs, out))`` says it: ``inputs`` True/False for all inputs or one flag per
input, ``out`` for the outputs. Without it, the bprop's code tells whether outputs are read:
a bprop ``(ctx, dout)`` that never names ``ctx.out``/``ctx.out_tensor``/``ctx.outs`` (and
passes ``ctx`` nowhere else) does not keep them. What is not kept is a ``jax.ShapeDtypeStruct``
stand-in: ``.shape`` and ``.dtype`` work, reading values fails loudly.
"""
from __future__ import annotations

import dis
import types

import jax

from .._tensor import Tensor

_OUT_NAMES = frozenset({"out", "out_tensor", "outs"})
_LOADS = ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF", "LOAD_CLOSURE", "LOAD_FAST_LOAD_FAST")


def _codes(code):
    yield code
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield from _codes(c)


def reads_outputs(bprop) -> bool:
    """Whether the bprop ``(ctx, dout)`` may read the node's outputs (True when unsure)."""
    code = getattr(bprop, "__code__", None)
    if code is None or code.co_argcount < 1:
        return True
    ctx = code.co_varnames[0]
    if ctx in code.co_cellvars:  # captured by a nested function: unknown use
        return True
    if any(_OUT_NAMES & set(c.co_names) for c in _codes(code)):
        return True
    instrs = list(dis.get_instructions(code))
    for ins, nxt in zip(instrs, instrs[1:] + [None]):
        if ins.opname in _LOADS and (ins.argval == ctx or isinstance(ins.argval, tuple) and ctx in ins.argval):
            if nxt is None or nxt.opname != "LOAD_ATTR" or ins.opname == "LOAD_FAST_LOAD_FAST":
                return True  # ctx itself handed on (to a helper, a container): keep everything
    return False


def args_read(fn, names) -> tuple:
    """For a gradient formula ``fn(x, y, out, dout, needs)``: whether each of ``names`` is read."""
    code = getattr(fn, "__code__", None)
    if code is None or "locals" in code.co_names or "vars" in code.co_names:
        return (True,) * len(names)
    used = set(code.co_cellvars)
    for c in _codes(code):
        used |= set(c.co_freevars)
        for ins in dis.get_instructions(c):
            if ins.opname in _LOADS or ins.opname.startswith(("LOAD_FAST", "STORE_FAST", "DELETE_FAST")):
                used |= set(ins.argval) if isinstance(ins.argval, tuple) else {ins.argval}
    return tuple(n in used for n in names)


def stand_in(a):
    """Shape and dtype of ``a``, without its values."""
    return jax.ShapeDtypeStruct(a.shape, a.dtype)


def node_inputs(tensors, keep):
    """The inputs a node holds: a Tensor whose values its bprop does not read becomes a stand-in
    that keeps its history (the walk follows ``_node``). Parameters are kept (they live anyway)."""
    if keep is True:
        return tensors
    flags = (keep,) * len(tensors) if keep is False else keep
    return tuple(t if k or t is None or type(t) is not Tensor
                 else Tensor._make(stand_in(t._raw), t._node, t._idx)
                 for t, k in zip(tensors, flags))


def node_outs(outs, keep: bool):
    return outs if keep else tuple(stand_in(o) for o in outs)

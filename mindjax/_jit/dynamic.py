"""Dynamic dimensions declared with ``Cell.set_inputs``: one trace for every size.

``net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))`` declares that the first
axis varies. In GRAPH_MODE mindjax then traces ``construct`` once with that axis as a
symbol (JAX's shape polymorphism, ``jax.export``): one program is kept for all sizes, and
XLA specialises it to each concrete size on first sight (without running the Python
again). Dynamic axes at the same position of different inputs share one symbol (a batch
axis). Where the network's code needs a concrete size (a Python ``int`` of a dimension,
an op that JAX cannot express over symbols) or the inputs' sizes do not agree with the
shared symbols, the function falls back to one program per concrete shape, as without
``set_inputs``.
"""
from __future__ import annotations

import jax


class NoDynamic(Exception):
    """The symbolic trace or a call of its program failed: use one program per shape."""


def dynamic_dims(holder, args, tensors):
    """Per input array: a tuple of booleans (True: a declared dynamic axis), or None."""
    if holder._no_dynamic or holder.config is not None or holder.owner is None:
        return None
    declared = holder.owner.__dict__.get("_declared_inputs")
    if not declared:
        return None
    index = {id(t): i for i, t in enumerate(tensors)}
    dims = [None] * len(tensors)
    found = False
    for want, got in zip(declared, args):
        i = index.get(id(got))
        if i is None or not hasattr(want, "shape") or want is got:
            continue
        shape = tuple(want.shape)
        if shape == (-2,):
            d = (True,) * len(got.shape)
        elif len(shape) != len(got.shape):
            continue
        else:
            d = tuple(s == -1 for s in shape)
        if any(d):
            dims[i], found = d, True
    return dims if found else None


def key_shapes(arrays, dims):
    """The shapes in the cache key: dynamic axes as None."""
    out = []
    for a, d in zip(arrays, dims or [None] * len(arrays)):
        out.append(tuple(None if d and d[j] else n for j, n in enumerate(a.shape)))
    return tuple(out)


def export(prog, rng_key, param_arrays, arrays):
    """Trace ``prog`` once with symbolic dynamic axes; ``prog.jitted`` then runs the exported
    program for any sizes. Raises NoDynamic where that cannot be done."""
    from jax import export as jex
    scope = jex.SymbolicScope()

    def sds(a, d):
        if not d or not any(d):
            return jax.ShapeDtypeStruct(a.shape, a.dtype)
        spec = ", ".join(f"d{j}" if d[j] else str(n) for j, n in enumerate(a.shape))
        return jax.ShapeDtypeStruct(jex.symbolic_shape(spec, scope=scope), a.dtype)
    try:
        exp = jex.export(jax.jit(prog._pure))(
            jax.ShapeDtypeStruct(rng_key.shape, rng_key.dtype),
            [jax.ShapeDtypeStruct(p.shape, p.dtype) for p in param_arrays],
            [sds(a, d) for a, d in zip(arrays, prog.dyn)])
    except Exception as e:  # noqa: BLE001 - any failure of the symbolic trace: per-shape programs
        if type(e).__name__ == "_Retrace" or getattr(e, "graph_only", False):
            raise  # graph_only: MindSpore's compiler refuses the dynamic size itself (mint.chunk on it)
        raise NoDynamic(str(e)) from None
    call = jax.jit(exp.call)

    def run(key, pa, arrs):
        try:
            return call(key, pa, arrs)
        except Exception as e:  # noqa: BLE001 - sizes that do not fit the symbols
            raise NoDynamic(str(e)) from None
    prog.jitted = run
    prog.exported = True

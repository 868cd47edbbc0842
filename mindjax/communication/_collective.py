"""The collectives as jax functions, for every shape of world (see ``_world``).

``run(kind, x, ranks, **attrs)`` computes what this rank receives:

* inside an SPMD program (a data-parallel step, ``_world.bound_axis()`` set): XLA collectives
  over the mesh axis (``lax.psum``, ``all_gather``, ``psum_scatter``, ``all_to_all``); a group
  smaller than the world gathers the world's values and combines those of its ranks;
* eagerly in a multi-process world: the ranks of the group each give their array as one shard of
  a global array over the group's devices and run one compiled ``shard_map`` program; the shapes
  are exchanged first, so that ranks that disagree raise an error instead of hanging;
* traced by a plain ``jit`` in a multi-process world: the eager collective through
  ``io_callback`` (XLA runs it on the host between the parts of the program);
* in a world of one: what the collective gives with one member (the input).
"""
from __future__ import annotations

import functools

import numpy as np

from ._world import AXIS, bound_axis, world

def _jnp_reduce(op, a, axis=0):
    import jax.numpy as jnp
    return {"sum": jnp.sum, "max": jnp.max, "min": jnp.min, "prod": jnp.prod}[op](a, axis=axis).astype(a.dtype)


def out_shape(kind, shape, n, attrs):
    """The shape this rank receives for an input of ``shape`` in a group of ``n``."""
    shape = tuple(shape)
    if kind == "all_gather":
        return (shape[0] * n,) + shape[1:]
    if kind == "reduce_scatter":
        return (shape[0] // n,) + shape[1:]
    if kind == "all_to_all":
        s = list(shape)
        s[attrs["split_axis"]] //= n
        s[attrs["concat_axis"]] *= n
        return tuple(s)
    return shape


def from_stacked(kind, stacked, me, n, attrs):
    """The result for the rank at group position ``me`` given every group member's value stacked
    on a new leading axis (``stacked[k]`` is member ``k``'s)."""
    import jax.numpy as jnp
    from jax import lax
    if kind == "all_reduce":
        return _jnp_reduce(attrs["op"], stacked)
    if kind == "all_gather":
        return stacked.reshape((-1,) + stacked.shape[2:])
    if kind == "reduce_scatter":
        red = _jnp_reduce(attrs["op"], stacked)
        k = red.shape[0] // n
        return lax.dynamic_slice_in_dim(red, me * k, k, axis=0)
    if kind == "broadcast":
        return stacked[attrs["root"]]
    if kind == "all_to_all":
        sa, ca = attrs["split_axis"], attrs["concat_axis"]
        k = stacked.shape[1 + sa] // n
        pieces = [lax.dynamic_slice_in_dim(stacked[j], me * k, k, axis=sa) for j in range(n)]
        return jnp.concatenate(pieces, axis=ca)
    if kind == "send_recv":
        return stacked[attrs["root"]]
    raise ValueError(kind)


def _native(kind, x, axis, n, attrs):
    """``kind`` over the whole mesh axis with XLA's own collectives where there is one."""
    from jax import lax
    op = attrs.get("op")
    if kind == "all_reduce" and op in ("sum", "max", "min"):
        if x.dtype == np.bool_:
            return {"sum": lax.pmax, "max": lax.pmax, "min": lax.pmin}[op](x.astype(np.int32), axis).astype(x.dtype)
        return {"sum": lax.psum, "max": lax.pmax, "min": lax.pmin}[op](x, axis)
    if kind == "all_gather":
        return lax.all_gather(x, axis, axis=0, tiled=True)
    if kind == "reduce_scatter" and op == "sum":
        return lax.psum_scatter(x, axis, scatter_dimension=0, tiled=True)
    if kind == "all_to_all":
        return lax.all_to_all(x, axis, attrs["split_axis"], attrs["concat_axis"], tiled=True)
    me = lax.axis_index(axis)
    return from_stacked(kind, lax.all_gather(x, axis, axis=0, tiled=False), me, n, attrs)


def _in_program(kind, x, axis, ranks, attrs):
    """Inside an SPMD program whose mesh axis ``axis`` is the world."""
    import jax.numpy as jnp
    from jax import lax
    if len(ranks) == world.size:
        return _native(kind, x, axis, len(ranks), attrs)
    stacked = lax.all_gather(x, axis, axis=0, tiled=False)[np.asarray(ranks)]
    me = jnp.argmax(jnp.asarray(ranks) == lax.axis_index(axis))
    return from_stacked(kind, stacked, me, len(ranks), attrs)


@functools.lru_cache(maxsize=256)
def _program(kind, ranks, attrs_items):
    """The compiled program of one collective over the devices of ``ranks`` (one per process)."""
    import jax
    from jax.sharding import Mesh, PartitionSpec as P
    attrs = dict(attrs_items)
    mesh = Mesh(np.array([world.devices[r] for r in ranks], dtype=object), (AXIS,))

    def body(x):
        return _native(kind, x[0], AXIS, len(ranks), attrs)[None]
    return mesh, jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS), check_vma=False))


_DTYPES = [np.dtype(t) for t in ("float32", "float64", "float16", "int32", "int64", "int8", "int16", "uint8",
                                  "bool", "uint16", "uint32", "uint64", "complex64", "complex128")]


def _dtype_code(dt):
    try:
        return _DTYPES.index(np.dtype(dt))
    except (ValueError, TypeError):
        return 99  # bfloat16 and the other ml_dtypes


def _exchange(values, ranks):
    """All-gather a small int vector among ``ranks`` (used to compare shapes before a collective)."""
    import jax
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh, prog = _program("all_gather", ranks, ())
    me = world.devices[world.rank]
    local = jax.device_put(np.asarray(values, np.int32)[None], me)
    g = jax.make_array_from_single_device_arrays((len(ranks), len(values)), NamedSharding(mesh, P(AXIS)), [local])
    return np.asarray(prog(g).addressable_data(0))[0].reshape(len(ranks), len(values))


def check_same(name, ranks, shape, dtype, extra=()):
    """Raise ValueError on every rank of the group when the ranks' inputs differ in shape or dtype."""
    meta = [len(shape)] + list(shape)[:8] + [0] * (8 - min(len(shape), 8)) + [_dtype_code(dtype)] + list(extra)
    got = _exchange(meta, ranks)
    if (got == got[0]).all():
        return
    parts = []
    for r, row in zip(ranks, got):
        nd = int(row[0])
        dt = _DTYPES[row[9]].name if row[9] < len(_DTYPES) else "other"
        parts.append(f"rank {r}: shape {[int(v) for v in row[1:1 + nd]]} {dt}")
    raise ValueError(f"For '{name}', every rank of the group must give an input of the same shape and dtype, but "
                     f"got {'; '.join(parts)}.")


def eager(name, kind, x, ranks, attrs):
    """One collective between processes, run now; ``x`` is this rank's array."""
    import jax
    from jax.sharding import NamedSharding, PartitionSpec as P
    if world.rank not in ranks:
        raise RuntimeError(f"For '{name}', rank {world.rank} is not a member of the group (ranks {list(ranks)}).")
    check_same(name, ranks, x.shape, x.dtype)
    mesh, prog = _program(kind, ranks, tuple(sorted(attrs.items())))
    local = jax.device_put(x[None], world.devices[world.rank])
    g = jax.make_array_from_single_device_arrays((len(ranks),) + tuple(x.shape), NamedSharding(mesh, P(AXIS)),
                                                 [local])
    out = prog(g).addressable_data(0)
    return out[0]


def partition_sum(name, x, groups):
    """The sum of ``x`` over the group of ``groups`` (disjoint tuples of world ranks) that holds this
    rank; a rank in no group keeps its ``x``. Inside an SPMD program each device uses its own group."""
    axis = bound_axis()
    if axis is not None:
        import jax.numpy as jnp
        from jax import lax
        member = np.eye(world.size, dtype=np.float32)
        for g in groups:
            for i in g:
                member[i, list(g)] = 1.0
        stacked = lax.all_gather(x, axis, axis=0, tiled=False)
        row = jnp.asarray(member)[lax.axis_index(axis)].astype(x.dtype)
        return jnp.tensordot(row, stacked, axes=1)
    mine = next((tuple(g) for g in groups if world.rank in g), (world.rank,))
    return run(name, "all_reduce", x, mine, {"op": "sum"})


def run(name, kind, x, ranks, attrs):
    """What this rank receives from the collective ``kind`` on ``x`` over the world ranks ``ranks``."""
    import jax
    ranks = tuple(ranks)
    axis = bound_axis()
    if axis is not None:
        return _in_program(kind, x, axis, ranks, attrs)
    if world.mode == "single" or len(ranks) == 1:
        return x
    if world.mode == "local":
        raise RuntimeError(f"For '{name}', this process drives all {world.size} devices of the world at once: "
                           f"collectives run inside a data-parallel step (TrainOneStepCell or Model.train with "
                           f"parallel_mode=DATA_PARALLEL), where each device is one rank. Launch one process per "
                           f"rank (python -m mindjax --worker_num=N script.py) to call them anywhere.")
    if isinstance(x, jax.core.Tracer):
        from jax.experimental import io_callback
        shape = out_shape(kind, x.shape, len(ranks), attrs)
        return io_callback(lambda a: np.asarray(eager(name, kind, jax.numpy.asarray(a), ranks, attrs)),
                           jax.ShapeDtypeStruct(shape, x.dtype), x, ordered=True)
    return eager(name, kind, x, ranks, attrs)

"""Data-parallel steps as one SPMD program over the world's devices (``jax.shard_map``).

:class:`SpmdFunction` compiles a function like ``mindjax.jit`` does (Parameters are the
program's state), but runs it on every rank of the world at once: the Tensor inputs are cut on
axis 0 among the ranks (in one process, the global batch is split over the devices; with one
process per rank, each process gives its own batch as its shard), the Parameters and the random
key are replicated, and inside the program the collectives are XLA collectives over the mesh
axis. Each rank's outputs come back; the process gets its own rank's (rank 0's in a one-process
world, where ``rank_outputs`` holds every rank's, stacked).
"""
from __future__ import annotations

import zlib

import numpy as np

from .._jit.api import JitFunction
from ._world import AXIS, spmd_axis, world


def _global(a, spec):
    """This process's array as the global array of ``spec`` over the world's mesh."""
    import jax
    from jax.sharding import NamedSharding, PartitionSpec as P
    sharding = NamedSharding(world.mesh, spec)
    if world.mode == "local":
        return jax.device_put(a, sharding)
    if spec == P():
        mine = jax.device_put(a, world.devices[world.rank])
        return jax.make_array_from_single_device_arrays(a.shape, sharding, [mine])
    return jax.make_array_from_process_local_data(sharding, a)


class SpmdFunction(JitFunction):
    """A function compiled as one program run by every rank of the world (see the module)."""

    def __init__(self, fn, owner=None, name: str = "DataParallel"):
        super().__init__(fn, owner)
        self.name = name
        self.rank_outputs = None
        self._checked = set()

    def __call__(self, *args):
        from .._jit import api as J
        from ..common.seed import _get_key, _set_key
        prog, tensors, arrays = J._program_for(self, self.fn, args, {})
        key = _get_key()
        while True:
            self._wrap(prog)
            params = prog.params
            try:
                outs, new_params, new_key = prog._mj_spmd_call(key, [p._value for p in params], arrays)
                break
            except J._Retrace as e:
                prog = J._retraced(self, prog, e)
        for i, v in zip(prog.written, new_params):
            params[i]._value = v
        _set_key(new_key)
        from .._tensor import Tensor
        # the outputs the spec names come first; globals assigned and arguments changed in place
        # inside a step (per-rank values) are not written back
        return J._unflatten(prog.out_spec, [Tensor._make(o) for o in outs])

    def _check_inputs(self, arrays):
        """Every process must give inputs of the same shapes: compare them once per signature."""
        sig = tuple((tuple(a.shape), str(a.dtype)) for a in arrays)
        if world.mode != "multi" or sig in self._checked:
            return
        from ._collective import _exchange
        got = _exchange([zlib.crc32(repr(sig).encode()) & 0x7FFFFFFF, len(arrays)], tuple(range(world.size)))
        if not (got == got[0]).all():
            bad = [r for r in range(world.size) if not (got[r] == got[world.rank]).all()]
            raise ValueError(f"For '{self.name}', every rank must give inputs of the same shapes and dtypes, but "
                             f"rank {world.rank} gives {[list(s) for s, _ in sig]} and ranks {bad} give others.")
        self._checked.add(sig)

    def _wrap(self, prog):
        if getattr(prog, "_mj_spmd_call", None) is not None:
            return
        import jax
        from jax.sharding import PartitionSpec as P
        n_out = {}

        def body(key, param_arrays, arrays):
            with spmd_axis(AXIS):
                outs, new_params, new_key = prog._pure(key, param_arrays, arrays)
            n_out["n"] = len(outs)
            return [o[None] for o in outs], new_params, new_key

        def call(key, param_arrays, arrays):
            self._check_inputs(arrays)
            size = world.size if world.mode == "local" else 1
            in_arr = []
            specs = []
            for a in arrays:
                if getattr(a, "ndim", 0) >= 1:
                    if a.shape[0] % size:
                        raise ValueError(f"For '{self.name}', the batch dimension of each input must be divisible by "
                                         f"the {size} devices of the world, but got shape {list(a.shape)}.")
                    specs.append(P(AXIS))
                else:
                    specs.append(P())
                in_arr.append(_global(a, specs[-1]))
            g_params = [_global(a, P()) for a in param_arrays]
            g_key = _global(key, P())
            if prog.jitted is not getattr(prog, "_mj_spmd_jitted", None):
                fn = jax.shard_map(body, mesh=world.mesh, in_specs=(P(), [P()] * len(g_params), specs),
                                   out_specs=P(), check_vma=False)
                # the outputs' layouts are only known after tracing: trace once to count them
                jax.eval_shape(fn, g_key, g_params, in_arr)
                out_specs = ([P(AXIS)] * n_out["n"], P(), P())
                prog._mj_spmd_jitted = prog.jitted = jax.jit(jax.shard_map(
                    body, mesh=world.mesh, in_specs=(P(), [P()] * len(g_params), specs), out_specs=out_specs,
                    check_vma=False))
            outs, new_params, new_key = prog.jitted(g_key, g_params, in_arr)
            if world.mode == "local":
                self.rank_outputs = [np.asarray(o) for o in outs]
                outs = [o[0] for o in outs]
            else:
                outs = [o.addressable_data(0)[0] for o in outs]
                new_params = [p.addressable_data(0) for p in new_params]
                new_key = new_key.addressable_data(0)
            return outs, new_params, new_key
        prog._mj_spmd_call = call


def broadcast_parameters(params, root: int = 0) -> None:
    """Give every rank the values of ``root``'s Parameters (``parameter_broadcast``)."""
    if world.mode != "multi":
        return  # one process holds one copy of each Parameter
    from ._collective import eager
    ranks = tuple(range(world.size))
    for p in params:
        p._value = eager("Broadcast", "broadcast", p._value, ranks, {"root": root})

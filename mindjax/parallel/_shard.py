"""``shard`` and ``Cell.shard``: input, output and parameter layouts placed with JAX shardings.

In SEMI_AUTO_PARALLEL or AUTO_PARALLEL mode with ``device_num`` > 1, the wrapped function's
inputs are constrained to their layouts (``jax.lax.with_sharding_constraint`` inside a compiled
program, ``jax.device_put`` when run eagerly), its outputs to ``out_strategy``, and the Parameters
named in ``parameter_plan`` are placed with their layouts at once (and kept so by the jit hook).
XLA's GSPMD partitioner propagates layouts to every other operation, as MindSpore's sharding
propagation does, and inserts the collectives; values equal the unsharded run. In any other mode,
as in MindSpore, ``shard`` changes nothing.
"""
from __future__ import annotations

import functools
import logging

import numpy as np

from ._layout import Layout, slices_of, strategy_to_layout, layout_dims, to_sharding

__all__ = ["shard"]
logger = logging.getLogger("mindjax.parallel")


def parallel_device_num() -> int:
    """Devices a sharded program spans: ``device_num`` in (semi-)auto-parallel mode, else 1."""
    from .. import context
    mode = context.get_auto_parallel_context("parallel_mode")
    if mode not in ("semi_auto_parallel", "auto_parallel"):
        return 1
    n = context.get_auto_parallel_context("device_num")
    if not n or n == 1:
        import jax
        n = jax.device_count()  # device_num unset: every device JAX sees, as MindSpore uses the world
    return int(n)


def _check_tuple_strategy(item):
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in item):
        raise TypeError("The tuple strategy for each dimension should be tuple(int).")


def _check_inner(strategy, what):
    kinds = set()
    for item in strategy:
        if isinstance(item, Layout):
            kinds.add("layout")
        elif isinstance(item, tuple):
            kinds.add("tuple")
            _check_tuple_strategy(item)
        else:
            raise TypeError(f"The '{what}' should be a tuple(tuple(int)) or tuple(mindspore.parallel.Layout), "
                            f"but got {type(item).__name__}")
    if len(kinds) > 1:
        raise TypeError("For 'Shard', the strategy can only pass in consistent type for all dimensions.")


def check_strategy(name, item, shape, device_num):
    """MindSpore's checks of one input's strategy: one value per dimension, positive, dividing the
    dimension, and a product dividing the device count. MindSpore reports these when it compiles
    the graph, as RuntimeError."""
    if isinstance(item, Layout):
        dev, tmap, _, _ = layout_dims(item)
        cuts = slices_of(dev, tmap)
        if int(np.prod(dev)) > device_num:
            raise ValueError(f"For '{name}', the device_matrix {tuple(dev)} needs {int(np.prod(dev))} devices, but "
                             f"device_num is {device_num}.")
    else:
        cuts = list(item)
        if any(v <= 0 for v in cuts):
            raise RuntimeError(f"{name}: The strategy is {item}, the value of strategy must be larger than 0, "
                             f"but get {min(cuts)}")
        prod = int(np.prod(cuts)) if cuts else 1
        if device_num % prod:
            raise RuntimeError(f"{name}: The strategy is {item}, the product of the strategy {prod} must divide "
                             f"the device num {device_num}.")
    if len(cuts) != len(shape):
        raise RuntimeError(f"{name}: The strategy is {item}, strategy len: {len(cuts)} is not equal to inputs len: "
                         f"{len(shape)}.")
    for j, (size, cut) in enumerate(zip(shape, cuts)):
        if size % cut:
            raise RuntimeError(f"{name}: The strategy is {item}, shape is {tuple(shape)}, shape value {size} at dim "
                             f"index {j} cannot be divisible by strategy value {cut}")


def _place(array, sharding):
    import jax
    if isinstance(array, jax.core.Tracer):
        return jax.lax.with_sharding_constraint(array, sharding)
    return jax.device_put(array, sharding)


def _constrain(values, strategy, device_num, name):
    """Apply the i-th strategy item to the i-th Tensor of ``values`` (``None`` items and non-Tensors pass)."""
    from .._tensor import Tensor
    from ..ops._primitive import apply
    out = list(values)
    for i, (value, item) in enumerate(zip(values, strategy or ())):
        if item is None or not isinstance(value, Tensor):
            continue
        check_strategy(name, item, value.shape, device_num)
        if not _SHARD_OP:
            _SHARD_OP.append(_make_op())
        out[i] = apply(_SHARD_OP[0], (value,), {"sharding": to_sharding(item, device_num)})
    return out


def _make_op():
    from ..ops._primitive import Op
    # an identity on the tape: the gradient passes through, XLA lays the cotangent out itself
    return Op("Shard", lambda x, sharding: _place(x, sharding), lambda ctx, dout: (dout,), jit=False)


def _param_by_name(cell, name):
    name = name.replace("self.", "")
    for p in cell.trainable_params():
        if p.name == name:
            return p
    return None


def place_parameter(param, item, device_num):
    """Place a Parameter's value with its layout and remember the sharding for compiled programs."""
    sharding = to_sharding(item, device_num)
    param.__dict__["_mj_sharding"] = sharding
    param._value = _place(param._value, sharding)


class _Sharded:
    """What ``shard`` returns: ``fn`` whose inputs and outputs are laid out by the strategies."""

    def __init__(self, fn, in_strategy, out_strategy, name):
        self.fn, self.in_strategy, self.out_strategy, self.name = fn, in_strategy, out_strategy, name
        functools.update_wrapper(self, fn, updated=())

    def __call__(self, *args, **kwargs):
        n = parallel_device_num()
        if n == 1:
            return self.fn(*args, **kwargs)
        args = _constrain(args, self.in_strategy, n, self.name)
        out = self.fn(*args, **kwargs)
        if self.out_strategy is None:
            return out
        single = not isinstance(out, (tuple, list))
        outs = _constrain((out,) if single else out, self.out_strategy, n, self.name)
        return outs[0] if single else type(out)(outs)


def _check_args(fn, in_strategy, out_strategy, parameter_plan):
    from ..nn.cell import Cell
    if not isinstance(in_strategy, tuple):
        raise TypeError(f"For 'Shard', the 'in_strategy' should be a tuple, but got {type(in_strategy).__name__}.")
    _check_inner(in_strategy, "in_strategy")
    if not isinstance(out_strategy, (type(None), tuple)):
        raise TypeError("For 'Shard', the 'out_strategy' should be None or tuple, "
                        f"but got {type(out_strategy).__name__}.")
    if out_strategy is not None:
        _check_inner(out_strategy, "out_strategy")
    if parameter_plan is None:
        return
    if not isinstance(parameter_plan, dict):
        raise TypeError("For 'Shard', the 'parameter_plan' should be a dict or None, "
                        f"but got {type(parameter_plan).__name__}")
    if not isinstance(fn, Cell):
        raise TypeError(f"If parameter_plan is set, type of fn must be mindspore.nn.Cell, but got {type(fn)}")
    for k, v in parameter_plan.items():
        if not isinstance(k, str) or not isinstance(v, (tuple, Layout)):
            raise TypeError("For 'Shard', the type of each key and value in 'parameter_plan' must be str and "
                            f"tuple/Layout, but got {type(k).__name__} and {type(v).__name__}")


def _apply_plan(fn, parameter_plan):
    n = parallel_device_num()
    for name, item in (parameter_plan or {}).items():
        param = _param_by_name(fn, name)
        if param is None:
            logger.warning(f"{name} is not exist, ignored its setting.")
            continue
        if "_mj_sharding" in param.__dict__:
            logger.warning(f"The layout of parameter '{name}' has been set, current setting will be ignored.")
            continue
        if isinstance(item, tuple):
            if len(item) != len(param.shape):
                raise ValueError(f"For {name}, the length of param_strategy: {len(item)}, "
                                 f"is not equal to param_shape len: {len(param.shape)}.")
            for i, (size, cut) in enumerate(zip(param.shape, item)):
                if size % cut:
                    raise ValueError(f"For '{name}', the param_shape is {tuple(param.shape)} and the setting "
                                     f"param_strategy is {item}. The param_shape[{i}]: {size} cannot be divisible "
                                     f"by param_strategy[{i}]: {cut}.")
        param.__dict__["_mj_strategy"] = item
        if n > 1:
            check_strategy(name, item, param.shape, n)
            place_parameter(param, item, n)


def shard(fn, in_strategy: tuple, out_strategy: tuple | None = None, parameter_plan: dict | None = None):
    """Lay out the inputs (``in_strategy``), outputs (``out_strategy``) and Parameters
    (``parameter_plan``, ``{"self.dense.weight": (4, 1)}``) of a Cell or function on the devices;
    the layout of everything else is propagated by XLA. Each strategy item is a tuple of slice
    counts per dimension, a called :class:`Layout`, or ``None`` (leave that input to propagation).
    Only in SEMI_AUTO_PARALLEL / AUTO_PARALLEL mode with more than one device does it place
    anything; otherwise ``fn`` is returned unchanged, as MindSpore returns it with one rank.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.parallel import shard
        >>> f = shard(lambda x, y: x + y, in_strategy=((2, 1), (2, 1)))
        >>> f(ms.Tensor(np.ones((4, 2)), ms.float32), ms.Tensor(np.ones((4, 2)), ms.float32)).shape
        (4, 2)
    """
    if parallel_device_num() == 1:
        return fn
    _check_args(fn, in_strategy, out_strategy, parameter_plan)
    _apply_plan(fn, parameter_plan)
    name = getattr(fn, "__name__", type(fn).__name__)
    return _Sharded(fn, in_strategy, out_strategy, name)


def cell_shard(cell, in_strategy, out_strategy=None, parameter_plan=None) -> None:
    """The body of ``Cell.shard``: the Cell's ``construct`` lays out its inputs and outputs."""
    if parallel_device_num() == 1:
        return
    _check_args(cell, in_strategy, out_strategy, parameter_plan)
    _apply_plan(cell, parameter_plan)
    if cell.__dict__.get("_in_strategy") is not None:
        logger.warning("For '%s', 'Shard' has been configured more than once. The new in_strategy %s and "
                       "out_strategy %s may not take effect. It is recommended to configure 'Shard' only once.",
                       type(cell).__name__, in_strategy, out_strategy)
    construct = cell.__dict__.get("_mj_unsharded_construct") or cell.construct
    cell.__dict__["_mj_unsharded_construct"] = construct
    cell.__dict__["construct"] = _Sharded(construct, in_strategy, out_strategy, type(cell).__name__)
    cell.__dict__["_in_strategy"] = in_strategy
    cell.__dict__["_out_strategy"] = out_strategy


def constrain_parameters(params, arrays):
    """In a compiled program: keep each Parameter that has a layout on it (the jit hook)."""
    out = []
    for p, a in zip(params, arrays):
        s = p.__dict__.get("_mj_sharding")
        out.append(_place(a, s) if s is not None else a)
    return out


def strategy_layouts(item, shape, device_num):
    """(dev_matrix, tensor_map, tensor_shape) of a strategy item, as a strategy file records it."""
    if isinstance(item, Layout):
        dev, tmap, _, _ = layout_dims(item)
        return dev, tmap, list(shape)
    dev, tmap = strategy_to_layout(item, device_num)
    return dev, tmap, list(shape)


_SHARD_OP = []


def save_strategy_for(cell, path: str) -> None:
    """Write ``cell``'s parameter layouts to ``path`` as MindSpore's strategy checkpoint: a
    Parameter given a layout by ``parameter_plan`` records it, every other one is recorded
    replicated on the ``device_num`` devices (the jit hook calls this for
    ``set_auto_parallel_context(strategy_ckpt_config={"save_file": path})``)."""
    from ._strategy import write_strategy_file
    n = parallel_device_num()
    params = {}
    for _, p in cell.parameters_and_names():
        item = p.__dict__.get("_mj_strategy")
        if item is None:
            params[p.name] = ([n], [-1] * len(p.shape), list(p.shape))
        else:
            params[p.name] = strategy_layouts(item, p.shape, n)
    write_strategy_file(path, params)


def _prim_strategy_kind(prim, strategy, what):
    """MindSpore's check of a Primitive strategy: a tuple of tuples of ints, or of Layouts; returns
    True for Layouts, False for tuples, None for ()."""
    if not isinstance(strategy, tuple):
        raise TypeError(f'{what} must be tuple type, but got:{type(strategy)}')
    if strategy == ():
        return None
    kinds = set()
    for item in strategy:
        if isinstance(item, Layout):
            kinds.add(True)
        elif isinstance(item, tuple):
            for v in item:
                if not isinstance(v, int) or isinstance(v, bool):
                    raise TypeError(f'The {what}: {strategy} of {prim.name} is not valid, the value of strategy must '
                                    f'be int type, but got:{type(v)}')
            kinds.add(False)
        else:
            raise TypeError(f'The element of strategy must be tuple/Layout type, but got:{type(item)}')
    if len(kinds) > 1:
        raise TypeError(f'The {what} of {prim.name} must be all tuples or all Layouts, but got {strategy}.')
    return kinds.pop()


def _layout_values(strategy):
    return None if strategy is None else tuple({k: v for k, v in item.to_dict().items() if k != "rank_list"}
                                               for item in strategy)


def primitive_shard(prim, in_strategy=None, out_strategy=None):
    """The body of ``Primitive.shard``: record the strategies as MindSpore's attributes
    (``in_strategy``/``out_strategy``, or ``in_layout``/``out_layout`` for Layouts) and, in
    SEMI_AUTO_PARALLEL / AUTO_PARALLEL mode with several devices, make this Primitive's calls lay
    out their inputs (and outputs) with them; XLA's GSPMD partitioner then runs the operator on
    the slices (a MatMul cut on its rows and columns, a Gather on its table's rows...).

    Examples:
        >>> from mindjax import ops
        >>> from mindjax.parallel._shard import primitive_shard
        >>> primitive_shard(ops.MatMul(), ((2, 1), (1, 4))).attrs["in_strategy"]
        ((2, 1), (1, 4))
    """
    if in_strategy is None and out_strategy is None:
        return prim
    in_kind = _prim_strategy_kind(prim, in_strategy, "in_strategy") if in_strategy is not None else None
    out_kind = _prim_strategy_kind(prim, out_strategy, "out_strategy") if out_strategy is not None else None
    is_layout = in_kind if in_kind is not None else out_kind
    if out_kind is not None and is_layout != out_kind:
        raise ValueError('The in_strategy type must equal to the out_strategy type, one using tuple(tuple) and the '
                         'other using tuple(Layout) is not allowed.')
    if in_strategy is None:
        raise ValueError(f'The out_strategy of {prim.name} is {out_strategy}, need to set in_strategy, but got none')
    if is_layout:
        prim.add_prim_attr("in_layout", _layout_values(in_strategy))
        if out_strategy is not None:
            prim.add_prim_attr("out_layout", _layout_values(out_strategy))
    else:
        prim.add_prim_attr("in_strategy", in_strategy)
        if out_strategy is not None:
            prim.add_prim_attr("out_strategy", out_strategy)
    if parallel_device_num() > 1 and in_strategy:
        cls = type(prim)
        if not cls.__dict__.get("_mj_sharded_class"):
            base_call = cls.__call__

            def __call__(self, *args, **kwargs):
                return self.__dict__["_mj_prim_shard"](*args, **kwargs)
            prim.__class__ = type(cls.__name__, (cls,), {"__call__": __call__, "_mj_sharded_class": True,
                                                          "_mj_base_call": base_call, "__module__": cls.__module__,
                                                          "__qualname__": cls.__qualname__, "__doc__": cls.__doc__})
        base = type(prim)._mj_base_call
        prim.__dict__["_mj_prim_shard"] = _Sharded(lambda *a, **k: base(prim, *a, **k), in_strategy, out_strategy,
                                                   prim.name)
    return prim

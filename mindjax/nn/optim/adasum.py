"""``nn.AdaSumByGradWrapCell`` and ``nn.AdaSumByDeltaWeightWrapCell``: Adaptive Summation.

AdaSum (https://arxiv.org/abs/2006.02924) combines the updates ``g1``, ``g2`` of two workers as
``(1 - g1.g2 / (2 |g1|^2)) g1 + (1 - g1.g2 / (2 |g2|^2)) g2``, pairwise up a binary tree. MindSpore's
layout, which mindjax keeps: the world is cut into nodes of 8 consecutive ranks; the ranks that share
``rank % 8`` (one per node, ``device_num / 8`` of them, a power of 2) form a column, and the column is
combined over ``log2(device_num / 8)`` steps. At step ``s`` rank ``r`` pairs with ``r ^ (8 << s)``; each
pair cuts its current piece of every update in two along the first axis longer than 1 (the lower rank
keeps the second half, the upper the first), each rank scales its half and the partner's by its own
half's maximum (+1e-12), and the three dot products (+1e-12 each) are summed over the ``2 ** (s + 1)``
ranks of the column that the step joins; a piece that can no longer be cut (one element) is averaged
over those ranks instead. The halves are then put back together in reverse order, so every rank of a
column ends with the same combined update.

mindjax computes that result on every rank of the column from the column's updates, which it gathers
with one all-gather per dtype (``communication._collective``: XLA collectives inside a data-parallel
step, a compiled cross-process collective between launched processes) instead of MindSpore's
send/receive pairs: more bytes move, the arithmetic is the same.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from ... import _dtype as mstype
from ... import ops
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from ...log import logger
from ...ops._primitive import Op, apply
from ..cell import Cell
from .optimizer import Optimizer

__all__ = ["AdaSumByDeltaWeightWrapCell", "AdaSumByGradWrapCell"]

_NODE = 8  # MindSpore's devices per node: AdaSum runs across nodes, between ranks of equal rank % 8
_EPS = 1e-12


# ---------------------------------------------------------------- the arithmetic (jax, static plans)

def _plan(shape, groups: int, who: str, pname: str):
    """For each step, the cut of the piece that each of the ``groups`` ranks of a column holds (the
    number of leading elements of the piece that form the first half), or None when the pieces of that
    step have one element and are averaged instead."""
    steps = []
    cur = [(list(shape)) for _ in range(groups)]
    for s in range(int(math.log2(groups))):
        row = []
        for j in range(groups):
            sh = cur[j]
            i = next((i for i, v in enumerate(sh) if v > 1), None)
            if i is None:
                row.append(None)
                continue
            half = sh[i] // 2
            row.append(half * int(np.prod(sh[i + 1:], dtype=np.int64)))
            cur[j] = sh[:i] + [sh[i] - half if not (j >> s) & 1 else half] + sh[i + 1:]
        if len({c is None for c in row}) > 1:
            # MindSpore would run different collectives on the ranks of one group (a hang or garbage)
            raise RuntimeError(f"For '{who}', the parameter '{pname}' of shape {list(shape)} cannot be cut "
                               f"evenly among the {groups} nodes that AdaSum combines: at step {s} some ranks hold "
                               f"one element of it and others more.")
        steps.append(None if row[0] is None else tuple(row))
    return tuple(steps)


def _tree(xs, steps):
    """The combined update of one column, given its ranks' flat updates ``xs`` (column order)."""
    import jax.numpy as jnp
    g = len(xs)
    val = list(xs)
    for s, row in enumerate(steps):
        bit, width = 1 << s, 2 << s
        if row is None:  # one element each: the mean over the ranks this step joins
            new = []
            for h in range(0, g, width):
                total = val[h]
                for j in range(h + 1, h + width):
                    total = total + val[j]
                new += [total / width] * width
            val = new
            continue
        halves, sums = [], []
        for j in range(g):
            lower = not j & bit
            cut = row[j]
            mine = val[j][cut:] if lower else val[j][:cut]
            other = val[j ^ bit][cut:] if lower else val[j ^ bit][:cut]
            scale = jnp.max(mine) + _EPS  # each rank scales by its own half (MindSpore's ReduceMax)
            ms_, os_ = mine / scale, other / scale
            own, peer = jnp.sum(ms_ * ms_) + _EPS, jnp.sum(os_ * os_) + _EPS
            # v1 is always the lower rank's update (g1), v2 the upper's (g2)
            sums.append(jnp.stack([jnp.sum(ms_ * os_) + _EPS, own if lower else peer, peer if lower else own]))
            halves.append((mine, other, lower))
        new = []
        for h in range(0, g, width):
            tot = sums[h]
            for j in range(h + 1, h + width):
                tot = tot + sums[j]
            for j in range(h, h + width):
                mine, other, lower = halves[j]
                g1, g2 = (mine, other) if lower else (other, mine)
                new.append((1 - tot[0] / (2 * tot[1])) * g1 + (1 - tot[0] / (2 * tot[2])) * g2)
        val = new
    for s in reversed(range(len(steps))):  # put the halves back together
        if steps[s] is None:
            continue
        bit = 1 << s
        val = [jnp.concatenate([val[j ^ bit], val[j]] if not j & bit else [val[j], val[j ^ bit]])
               for j in range(g)]
    return val[0]


@functools.lru_cache(maxsize=64)
def _combine_fn(layout):
    """The jitted combination of gathered columns: ``layout`` = ((dtype, ((size, steps), ...)), ...)."""
    import jax

    def combine(*cols):
        outs = []
        for col, (_, params) in zip(cols, layout):
            off = 0
            for size, steps in params:
                outs.append(_tree([col[j, off:off + size] for j in range(col.shape[0])], steps))
                off += size
        return outs
    return jax.jit(combine)


def _gather_column(x, groups: int):
    """The flat arrays ``x`` of the ``groups`` ranks of this rank's column, stacked in rank order."""
    import jax.numpy as jnp
    from ...communication import _collective, _world as W
    axis = W.bound_axis()
    if axis is not None:  # inside a data-parallel program: every device is one rank
        from jax import lax
        allx = lax.all_gather(x, axis, axis=0, tiled=False)
        col = lax.axis_index(axis) % _NODE
        return jnp.take(allx, col + _NODE * jnp.arange(groups), axis=0)
    ranks = tuple(range(W.world.rank % _NODE, W.world.size, _NODE))
    return _collective.run("AdaSum", "all_gather", x, ranks, {}).reshape(groups, -1)


def _adasum_forward(*arrays, layout, order, groups):
    import jax.numpy as jnp
    cols = []
    for dt, params in layout:
        idx = [i for i, d in enumerate(order) if d == dt]
        flat = jnp.concatenate([arrays[i].reshape(-1) for i in idx])
        cols.append(_gather_column(flat, groups))
    outs = _combine_fn(layout)(*cols)
    res = [None] * len(arrays)
    k = 0
    for dt, _ in layout:
        for i in [i for i, d in enumerate(order) if d == dt]:
            res[i] = outs[k].reshape(arrays[i].shape)
            k += 1
    return tuple(res)


# several outputs (one per input); an optimizer step: no gradient flows through it
_ADASUM = Op("AdaSum", _adasum_forward, None, n_out=0, jit=False)


class _AdaSum(Cell):
    """The AdaSum combination of a tuple of updates over the column of this rank."""

    def __init__(self, who: str, device_num: int, parameters):
        super().__init__()
        self.who, self.device_num = who, device_num
        self.group_number = device_num // _NODE
        self._shapes = [tuple(p.shape) for p in parameters]
        self._plans = [_plan(p.shape, self.group_number, who, p.name) for p in parameters]

    def construct(self, values):
        from ...communication import _world as W
        from ...communication.management import GlobalComm
        size = W.world.size if GlobalComm.INITED else 1
        if size != self.device_num:
            raise RuntimeError(f"For '{self.who}', AdaSum combines the updates of {self.device_num} ranks, but the "
                               f"world has {size}: launch one process per rank (python -m mindjax "
                               f"--worker_num={self.device_num} script.py) and call init() before building it.")
        values = tuple(values)
        if len(values) != len(self._plans):
            raise ValueError(f"For '{self.who}', the number of gradients must be {len(self._plans)}, but got "
                             f"{len(values)}.")
        order = tuple(str(v.dtype) for v in values)
        layout = []
        for dt in dict.fromkeys(order):
            layout.append((dt, tuple((int(np.prod(self._shapes[i], dtype=np.int64)), self._plans[i])
                                     for i, d in enumerate(order) if d == dt)))
        for v, shape in zip(values, self._shapes):
            if tuple(v.shape) != shape:
                raise ValueError(f"For '{self.who}', each gradient must have its parameter's shape {list(shape)}, "
                                 f"but got {list(v.shape)}.")
        return apply(_ADASUM, values, {"layout": tuple(layout), "order": order, "groups": self.group_number})


def _parallel_check() -> int:
    """MindSpore's checks, in its order; the number of devices of the (only) pipeline stage."""
    from ... import context
    from ...communication import get_group_size
    from ...communication.management import GlobalComm
    mode = context.get_auto_parallel_context("parallel_mode")
    if mode == "stand_alone":
        raise RuntimeError("Stand alone mode is not supported to apply adasum.")
    if mode in ("data_parallel", "hybrid_parallel"):
        logger.warning("For data parallel mode or hybrid parallel mode, it is recommended to using mindspore.boost "
                       "to enable adasum.")
    if context.get_auto_parallel_context("enable_parallel_optimizer"):
        raise RuntimeError("Currently, the optimizer shard is not supported with applying adasum.")
    stages = context.get_auto_parallel_context("pipeline_stages")
    if stages > 1:
        raise RuntimeError("Currently, the pipeline parallel is not supported with applying adasum.")
    n = context.get_auto_parallel_context("device_num") if "device_num" in context._auto_parallel_set \
        else get_group_size()
    n //= stages
    if n < 16 or n & (n - 1):
        raise RuntimeError("The device_num must be at least 16 and must be the power of 2 when applying adasum.")
    if mode in ("data_parallel", "hybrid_parallel") and not GlobalComm.INITED:
        # MindSpore creates the communication groups of the tree here
        raise RuntimeError("Distributed Communication has not been inited.You can't invoke this interface yet. "
                           "Please call `init()` method first.")
    return n


def _check_optimizer(optimizer):
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"The type of 'optimizer' should be 'Optimizer', but got type '{type(optimizer).__name__}'.")


class AdaSumByGradWrapCell(Cell):
    """``nn.AdaSumByGradWrapCell(optimizer)``: the gradients are combined by AdaSum across the nodes of
    8 devices (see the module's text), then ``optimizer`` applies them; returns what it returns.

    Needs ``parallel_mode`` other than ``stand_alone``, no optimizer shard, no pipeline, and a power of
    2 of at least 16 devices (``device_num``, or the world's size): RuntimeError otherwise, as
    MindSpore. Calling it needs a world of that many ranks (one process per rank, or a data-parallel
    step over that many devices); the gradients it receives are each rank's own.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(3, 2)
        >>> try:
        ...     nn.AdaSumByGradWrapCell(nn.Momentum(net.trainable_params(), 0.1, 0.9))
        ... except RuntimeError as e:
        ...     print(e)
        Stand alone mode is not supported to apply adasum.
    """

    def __init__(self, optimizer: Optimizer):
        super().__init__(auto_prefix=False)
        n = _parallel_check()
        self.optimizer = optimizer
        _check_optimizer(optimizer)
        self.parameters = optimizer.parameters
        self.grad_clone = ParameterTuple(self.parameters)
        self.adasum = _AdaSum("AdaSumByGradWrapCell", n, self.grad_clone)
        self.sync_tensor = Parameter(Tensor(0, dtype=mstype.int32))

    def construct(self, grads):
        return self.optimizer(self.adasum(grads))


class AdaSumByDeltaWeightWrapCell(Cell):
    """``nn.AdaSumByDeltaWeightWrapCell(optimizer)``: ``optimizer`` updates the weights from each rank's
    gradients, then the changes of the weights are combined by AdaSum across the nodes of 8 devices
    (see the module's text) and each weight becomes its old value minus the combined change; returns
    the parameters. Same requirements and errors as :class:`AdaSumByGradWrapCell`.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=12)
        >>> try:
        ...     nn.AdaSumByDeltaWeightWrapCell(nn.Momentum(nn.Dense(3, 2).trainable_params(), 0.1, 0.9))
        ... except RuntimeError as e:
        ...     print(e)
        The device_num must be at least 16 and must be the power of 2 when applying adasum.
        >>> ms.reset_auto_parallel_context()
    """

    def __init__(self, optimizer: Optimizer):
        super().__init__(auto_prefix=False)
        n = _parallel_check()
        self.optimizer = optimizer
        _check_optimizer(optimizer)
        self.parameters = optimizer.parameters
        self.grad_clone = ParameterTuple(self.parameters)
        self.adasum = _AdaSum("AdaSumByDeltaWeightWrapCell", n, self.grad_clone)
        self.sync_tensor = Parameter(Tensor(0, dtype=mstype.int32))
        self.scale = Tensor(1.0, dtype=mstype.float32)

    def construct(self, grads):
        # MindSpore's Mul by a 0-d float32 Tensor keeps a float16 weight float16: so does the copy here
        old = tuple(ops.mul(p, ops.cast(self.scale, p.dtype)) for p in self.parameters)
        self.optimizer(grads)
        delta = tuple(ops.sub(o, p) for p, o in zip(self.parameters, old))
        combined = self.adasum(delta)
        for p, o, d in zip(self.parameters, old, combined):
            ops.assign(p, ops.sub(o, d))
        return tuple(self.parameters)

"""``mindspore.ops.operations.comm_ops``: the collective Primitives of ``mindspore.communication``.

Each is one ``Op`` (``Collective``) whose forward is ``communication._collective.run``: XLA
collectives inside a data-parallel program, a compiled cross-process collective in a world of
several processes, the input itself in a world of one. Their gradients are MindSpore's: AllReduce's
is the AllReduce (sum) of the sensitivity (masked where the input was not the max/min; through
the output for prod), AllGather's the ReduceScatter (sum), ReduceScatter's the AllGather,
AlltoAll's the AlltoAll with the axes swapped, Broadcast's the sensitivity itself.
"""
from __future__ import annotations

from ... import _dtype as mstype
from ...communication import _collective
from ...communication import _world as W
from ...communication.management import GlobalComm, get_group_size, get_rank
from .. import functional as F
from .._base import tensor_of
from .._primitive import Op, Primitive, apply
from ._utils import check_int, set_attrs, type_error


class ReduceOp:
    """The reductions of the collectives: ``ReduceOp.SUM``, ``MAX``, ``MIN``, ``PROD``, ``AVG`` (strings;
    AVG is for the functions of ``ops``, the Primitives take the other four)."""
    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"
    AVG = "avg"


_OPS = (ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD)


def _ranks(group):
    return tuple(W.group_ranks(group)) if GlobalComm.INITED else (0,)


def _forward(x, *, name, kind, group, attrs):
    return _collective.run(name, kind, x, _ranks(group), dict(attrs))


def _bprop(ctx, dout):
    a = ctx.attrs[1]
    kind, group, attrs = a["kind"], a["group"], dict(a["attrs"])
    if kind == "all_reduce":
        op = attrs["op"]
        if op == "prod":
            return (F.div(collective("AllReduce", "all_reduce", F.mul(dout, ctx.out), group, op="sum"),
                          ctx.inputs[0]),)
        dx = collective("AllReduce", "all_reduce", dout, group, op="sum")
        if op in ("max", "min"):
            dx = F.mul(dx, F.cast(F.equal(ctx.inputs[0], ctx.out), dx.dtype))
        return (dx,)
    if kind == "all_gather":
        dx = collective("ReduceScatter", "reduce_scatter", dout, group, op="sum")
        if attrs.get("mean_flag"):
            dx = F.mul(dx, 1.0 / len(_ranks(group)))
        return (dx,)
    if kind == "reduce_scatter":
        if attrs["op"] != "sum":
            raise RuntimeError("The reducescatter bprop only support ReduceOp.SUM until now.")
        return (collective("AllGather", "all_gather", dout, group),)
    if kind == "all_to_all":
        return (collective("AlltoAll", "all_to_all", dout, group, split_axis=attrs["concat_axis"],
                           concat_axis=attrs["split_axis"]),)
    return (dout,)  # broadcast


_COLLECTIVE = Op("Collective", _forward, _bprop, jit=False)


def collective(name: str, kind: str, x, group: str, **attrs):
    """Run the collective ``kind`` on Tensor ``x`` over ``group`` (one tape node, MindSpore's bprop)."""
    return apply(_COLLECTIVE, (x,), {"name": name, "kind": kind, "group": group,
                                     "attrs": tuple(sorted(attrs.items()))})


_PARTITION_SUM = Op("PartitionSum", lambda x, *, name, groups: _collective.partition_sum(name, x, groups),
                    lambda ctx, dout: (apply(_PARTITION_SUM, (dout,), ctx.attrs[1]),), jit=False)


def partition_sum(name: str, x, groups) -> "Tensor":
    """``x`` summed over the group of ``groups`` (disjoint lists of world ranks) holding this rank
    (SyncBatchNorm's ``process_groups``); its gradient is the same sum of the sensitivity."""
    return apply(_PARTITION_SUM, (x,), {"name": name, "groups": tuple(tuple(sorted(g)) for g in groups)})


def _check_group(name, group):
    if not isinstance(group, str):
        raise type_error(name, "group", "str", group)
    if GlobalComm.INITED:
        W.group_ranks(group)  # raises for a group never created
    elif not W.is_world(group):
        raise RuntimeError(f"For '{name}', the group '{group}' does not exist: call init() and create_group first.")
    return group


def _check_op(name, op):
    if op not in _OPS:  # MindSpore accepts any string at construction and fails at run time
        raise RuntimeError(f"For '{name}', the 'op' must be one of {list(_OPS)}, but got '{op}'.")
    return op


def _check_input(name, x):
    x = tensor_of(x, name)
    if x.dtype == mstype.bool_:
        raise TypeError(f"For '{name}', the input must not be a bool Tensor, but got {x.dtype}.")
    return x


class AllReduce(Primitive):
    """``ops.AllReduce(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)(x)``: the reduction of
    ``x`` over the ranks of the group, on every rank.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import comm_ops
        >>> print(comm_ops.AllReduce()(ms.Tensor([1., 2.])))  # a world of one
        [1. 2.]
    """

    def __init__(self, op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("AllReduce")
        if not isinstance(op, str):
            raise TypeError(f"For 'AllReduce', the 'op' must be str, but got {type(op).__name__}.")
        set_attrs(self, op=op)
        set_attrs(self, group=_check_group("AllReduce", group), fusion=0, index=0, no_eliminate=True)

    def __call__(self, x):
        _check_op("AllReduce", self.op)
        return collective("AllReduce", "all_reduce", _check_input("AllReduce", x), self.group, op=self.op)


class AllGather(Primitive):
    """``ops.AllGather(group=GlobalComm.WORLD_COMM_GROUP)(x)``: the ranks' ``x`` concatenated on
    axis 0, in rank order.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import comm_ops
        >>> comm_ops.AllGather()(ms.Tensor([[1., 2.]])).shape  # a world of one
        (1, 2)
    """

    def __init__(self, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("AllGather")
        group = _check_group("AllGather", group)
        set_attrs(self, group=group)
        self.rank = get_rank(group)
        self.rank_size = get_group_size(group)
        set_attrs(self, rank_size=self.rank_size, fusion=0, mean_flag=False, no_eliminate=True)

    def __call__(self, x):
        x = tensor_of(x, "AllGather")
        if x.ndim < 1:
            raise ValueError(f"For 'AllGather', the rank of 'x' must be positive, but got {x.ndim}.")
        return collective("AllGather", "all_gather", x, self.group, mean_flag=bool(self.mean_flag))


class ReduceScatter(Primitive):
    """``ops.ReduceScatter(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)(x)``: the reduction
    over the ranks, cut in ``rank_size`` blocks on axis 0; rank ``i`` receives block ``i``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import comm_ops
        >>> comm_ops.ReduceScatter()(ms.Tensor([[1., 2.]])).shape  # a world of one
        (1, 2)
    """

    def __init__(self, op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("ReduceScatter")
        if not isinstance(op, str):
            raise type_error("ReduceScatter", "op", "str", op)
        group = _check_group("ReduceScatter", group)
        self.rank_size = get_group_size(group)
        set_attrs(self, op=op, group=group, rank_size=self.rank_size, fusion=0, no_eliminate=True)

    def __call__(self, x):
        _check_op("ReduceScatter", self.op)
        x = tensor_of(x, "ReduceScatter")
        if x.ndim < 1 or x.shape[0] % self.rank_size:
            raise ValueError(f"For 'ReduceScatter', the first dimension of 'x' must be divisible by the group size "
                             f"{self.rank_size}, but got shape {list(x.shape)}.")
        return collective("ReduceScatter", "reduce_scatter", x, self.group, op=self.op)


class Broadcast(Primitive):
    """``ops.Broadcast(root_rank, group=GlobalComm.WORLD_COMM_GROUP)(input_x)``: the tuple of
    Tensors of the rank ``root_rank`` (a world rank), on every rank of the group.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import comm_ops
        >>> print(comm_ops.Broadcast(0)((ms.Tensor([1., 2.]),))[0])  # a world of one
        [1. 2.]
    """

    def __init__(self, root_rank, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("Broadcast")
        check_int("Broadcast", "root_rank", root_rank)
        set_attrs(self, root_rank=root_rank, group=_check_group("Broadcast", group), no_eliminate=True)

    def __call__(self, input_x):
        if not isinstance(input_x, tuple):
            raise TypeError(f"For 'Broadcast', the 'input_x' must be a tuple of Tensors, but got "
                            f"{type(input_x).__name__}.")
        ranks = _ranks(self.group)
        if self.root_rank not in ranks:
            raise ValueError(f"For 'Broadcast', the 'root_rank' must be a rank of the group {list(ranks)}, but got "
                             f"{self.root_rank}.")
        root = ranks.index(self.root_rank)
        return tuple(collective("Broadcast", "broadcast", tensor_of(t, "Broadcast"), self.group, root=root)
                     for t in input_x)


class AlltoAll(Primitive):
    """``ops.AlltoAll(split_count, split_dim, concat_dim, group=GlobalComm.WORLD_COMM_GROUP)(x)``:
    ``x`` is cut in ``split_count`` blocks on ``split_dim``; block ``j`` goes to rank ``j``, and the
    blocks received are concatenated on ``concat_dim`` in rank order.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import comm_ops
        >>> comm_ops.AlltoAll(1, 0, 1)(ms.Tensor([[1., 2.]])).shape  # a world of one
        (1, 2)
    """

    def __init__(self, split_count, split_dim, concat_dim, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("AlltoAll")
        group = _check_group("AlltoAll", group)
        for arg, v in (("split_count", split_count), ("split_dim", split_dim), ("concat_dim", concat_dim)):
            check_int("AlltoAll", arg, v)
        self.rank_size = get_group_size(group)
        set_attrs(self, split_count=split_count, split_dim=split_dim, concat_dim=concat_dim, group=group,
                  no_eliminate=True, rank_size=self.rank_size)

    def __call__(self, x):
        x = tensor_of(x, "AlltoAll")
        sd, cd = self.split_dim % x.ndim, self.concat_dim % x.ndim
        if self.split_count != self.rank_size:
            raise ValueError(f"For 'AlltoAll', the 'split_count' must be equal to the group size {self.rank_size}, "
                             f"but got {self.split_count}.")
        if x.shape[sd] % self.split_count:
            raise ValueError(f"For 'AlltoAll', the dimension {sd} of 'x' ({x.shape[sd]}) must be divisible by "
                             f"'split_count' {self.split_count}.")
        return collective("AlltoAll", "all_to_all", x, self.group, split_axis=sd, concat_axis=cd)


class Send(Primitive):
    """``ops.Send(sr_tag, dest_rank, group=GlobalComm.WORLD_COMM_GROUP)(input_x)``: send ``input_x``
    to the world rank ``dest_rank``, which runs the matching ``Receive``; returns ``input_x``.
    Between processes (one rank per process), run eagerly or in a ``jit`` function."""

    def __init__(self, sr_tag, dest_rank, group=GlobalComm.WORLD_COMM_GROUP, group_back=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("Send")
        check_int("Send", "sr_tag", sr_tag)
        check_int("Send", "dest_rank", dest_rank)
        self.rank, self.sr_tag, self.group = dest_rank, sr_tag, _check_group("Send", group)
        set_attrs(self, no_eliminate=True)

    def __call__(self, input_x):
        x = tensor_of(input_x, "Send")
        send_recv("Send", x, get_rank(), self.rank, self.group)
        return x


class Receive(Primitive):
    """``ops.Receive(sr_tag, src_rank, shape, dtype, group=GlobalComm.WORLD_COMM_GROUP)()``: the
    Tensor of ``shape`` and ``dtype`` that the world rank ``src_rank`` sends with ``Send``."""

    def __init__(self, sr_tag, src_rank, shape, dtype, group=GlobalComm.WORLD_COMM_GROUP,
                 group_back=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("Receive")
        check_int("Receive", "sr_tag", sr_tag)
        check_int("Receive", "src_rank", src_rank)
        if dtype not in (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16, mstype.int8, mstype.int16,
                         mstype.int32, mstype.int64, mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64):
            raise TypeError(f"For 'Receive', the 'dtype' must be a number type, but got {dtype}.")
        self.rank, self.tag, self.shape, self.dtype = src_rank, sr_tag, tuple(shape), dtype
        self.group = _check_group("Receive", group)
        set_attrs(self, no_eliminate=True)

    def __call__(self, x=None):
        buf = F.zeros(self.shape, self.dtype)
        return send_recv("Receive", buf, self.rank, get_rank(), self.group)


def send_recv(name, x, src, dst, group):
    """The point-to-point transfer from world rank ``src`` to ``dst``: both ranks call it, the
    receiver with a buffer of the right shape; the receiver gets the sender's value."""
    ranks = _ranks(group)
    if src not in ranks or dst not in ranks:
        raise ValueError(f"For '{name}', the ranks {src} and {dst} must be in the group {list(ranks)}.")
    if src == dst:
        raise ValueError(f"For '{name}', a rank cannot send to itself (rank {src}).")
    if W.world.mode != "multi":
        raise RuntimeError(f"For '{name}', point-to-point transfers run between processes: launch one process per "
                           f"rank with 'python -m mindjax --worker_num=N script.py'.")
    pair = tuple(sorted((src, dst)))
    return _as_tensor(_collective.run(name, "send_recv", x._data, pair, {"root": pair.index(src)}))


def _as_tensor(a):
    from ..._tensor import Tensor
    return Tensor._make(a)


# MindSpore's comm_ops also holds these (their code is in comm_ops2, which builds on this module)
from .comm_ops2 import (AllGatherV, AlltoAllV, AlltoAllVC, Barrier, BatchISendIRecv, CollectiveGather,  # noqa: E402,F401
                        CollectiveScatter, NeighborExchange, NeighborExchangeV2, Reduce, ReduceScatterV)

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)

"""``mindspore.ops.operations.comm_ops``: the collectives of ``mindjax.communication``'s
world, which has one member (rank 0, group size 1). On a world of one, AllReduce,
AllGather, Broadcast and ReduceScatter return their input's values; their attribute
checks and output shapes are MindSpore's for a group of size 1."""
from __future__ import annotations

from ... import _dtype as mstype
from ...communication import GlobalComm, get_group_size, get_rank
from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import check_int, set_attrs, type_error


class ReduceOp:
    """The reductions of the collectives: ``ReduceOp.SUM``, ``MAX``, ``MIN``, ``PROD`` (strings)."""
    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"


_OPS = (ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD)


def _check_group(name, group):
    if not isinstance(group, str):
        raise type_error(name, "group", "str", group)
    if group != GlobalComm.WORLD_COMM_GROUP:
        # MindSpore's PyNative collectives also run on the world group only
        raise RuntimeError(f"For '{name}', the 'group' only support 'hccl_world_group' in pynative mode, but got "
                           f"'group': {group}. Please start by using mpi-run.")
    return group


def _check_op(name, op):
    if op not in _OPS:  # MindSpore accepts any string at construction and fails at run time
        raise RuntimeError(f"For '{name}', the 'op' must be one of {list(_OPS)}, but got '{op}'.")
    return op


class AllReduce(Primitive):
    """``ops.AllReduce(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)(x)``: the reduction of
    ``x`` over the group; with one member, a copy of ``x``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import comm_ops
        >>> print(comm_ops.AllReduce()(ms.Tensor([1., 2.])))
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
        x = tensor_of(x, "AllReduce")
        if x.dtype == mstype.bool_:
            raise TypeError(f"For 'AllReduce', the input must not be a bool Tensor, but got {x.dtype}.")
        return F.identity(x)


class AllGather(Primitive):
    """``ops.AllGather(group=GlobalComm.WORLD_COMM_GROUP)(x)``: the members' ``x`` concatenated on
    axis 0; with one member, a copy of ``x``."""

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
        return F.identity(x)


class ReduceScatter(Primitive):
    """``ops.ReduceScatter(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)(x)``: the reduction
    split over the members on axis 0; with one member, a copy of ``x``."""

    def __init__(self, op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("ReduceScatter")
        if not isinstance(op, str):
            raise type_error("ReduceScatter", "op", "str", op)
        group = _check_group("ReduceScatter", group)
        set_attrs(self, op=op)
        self.rank_size = get_group_size(group)
        set_attrs(self, rank_size=self.rank_size, group=group, fusion=0, no_eliminate=True)

    def __call__(self, x):
        _check_op("ReduceScatter", self.op)
        x = tensor_of(x, "ReduceScatter")
        if x.ndim < 1 or x.shape[0] % self.rank_size:
            raise ValueError(f"For 'ReduceScatter', the first dimension of 'x' must be divisible by the group size "
                             f"{self.rank_size}, but got shape {list(x.shape)}.")
        return F.identity(x)


class Broadcast(Primitive):
    """``ops.Broadcast(root_rank, group=GlobalComm.WORLD_COMM_GROUP)(input_x)``: the root's tuple
    of Tensors on every member; with one member (root 0), copies of the inputs."""

    def __init__(self, root_rank, group=GlobalComm.WORLD_COMM_GROUP):
        super().__init__("Broadcast")
        check_int("Broadcast", "root_rank", root_rank)
        set_attrs(self, root_rank=root_rank, group=_check_group("Broadcast", group), no_eliminate=True)

    def __call__(self, input_x):
        if not isinstance(input_x, tuple):
            raise TypeError(f"For 'Broadcast', the 'input_x' must be a tuple of Tensors, but got "
                            f"{type(input_x).__name__}.")
        if self.root_rank != 0:
            raise ValueError(f"For 'Broadcast', the 'root_rank' must be a rank of the group (only 0 in this "
                             f"single-process world), but got {self.root_rank}.")
        return tuple(F.identity(tensor_of(t, "Broadcast")) for t in input_x)

"""``nn.SparseToDense``, ``nn.SparseTensorDenseMatmul``, ``nn.MultiFieldEmbeddingLookup``,
``nn.TripletMarginWithDistanceLoss`` and ``nn.ParameterUpdate`` (MindSpore 2.10's)."""
from __future__ import annotations

from ... import _checkparam as validator
from ... import _dtype as mstype
from ... import ops
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...log import logger
from ..cell import Cell
from ..loss.loss import LossBase
from .embedding_more2 import EmbeddingLookup
from .math_more import ClipByNorm

__all__ = ["SparseToDense", "SparseTensorDenseMatmul", "MultiFieldEmbeddingLookup", "TripletMarginWithDistanceLoss",
           "ParameterUpdate"]


def _to_dense(indices, values, shape, accumulate: bool = True) -> Tensor:
    """The dense tensor of a COO triple: duplicate indices add up (``accumulate``, SparseTensorDenseMatmul's
    kernel) or the last one wins (SparseToDense's kernel)."""
    shape = tuple(int(s) for s in shape)
    indices = ops.cast(indices, mstype.int64)
    if accumulate:
        return ops.scatter_nd(indices, values, shape)
    return ops.tensor_scatter_update(ops.zeros(shape, values.dtype), indices, values)


class SparseToDense(Cell):
    """``nn.SparseToDense()(sparse_tensor)``: the dense Tensor of a ``COOTensor`` (deprecated in MindSpore
    since 2.0 in favour of ``COOTensor.to_dense()``, which it equals).

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> coo = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]], ms.int32), ms.Tensor([1., 2.]), (2, 3))
        >>> print(nn.SparseToDense()(coo))
        [[0. 1. 0.]
         [0. 0. 2.]]
    """

    def __init__(self):
        logger.warning("'nn.SparseToDense' is deprecated from version 2.0 and will be removed in a future version. "
                       "Please use 'COOTensor.to_dense()' instead.")
        super().__init__()

    def construct(self, sparse_tensor):
        return _to_dense(sparse_tensor.indices, sparse_tensor.values, sparse_tensor.shape, accumulate=False)


class SparseTensorDenseMatmul(Cell):
    """``nn.SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False)(indices, values, sparse_shape, dense)``:
    the product of a 2-D COO matrix (``indices`` [N, 2], ``values`` [N], ``sparse_shape``) and a dense
    matrix, either transposed first when its ``adjoint_*`` flag is set.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> out = nn.SparseTensorDenseMatmul()(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([2.0]), (2, 2),
        ...                                    ms.ops.ones((2, 3)))
        >>> print(out)
        [[2. 2. 2.]
         [0. 0. 0.]]
    """

    def __init__(self, adjoint_st: bool = False, adjoint_dt: bool = False):
        super().__init__()
        self.adj_st = validator.check_value_type("adjoint_st", adjoint_st, [bool], self.cls_name)
        self.adj_dt = validator.check_value_type("adjoint_dt", adjoint_dt, [bool], self.cls_name)

    def construct(self, indices, values, sparse_shape, dense):
        if len(tuple(sparse_shape)) != 2:
            raise ValueError(f"For '{self.cls_name}', the 'sparse_shape' must be 2-D, but got {sparse_shape}.")
        sp = _to_dense(indices, values, sparse_shape)
        if self.adj_st:
            sp = ops.transpose(sp, (1, 0))
        if self.adj_dt:
            dense = ops.transpose(dense, (1, 0))
        return ops.matmul(sp, ops.cast(dense, sp.dtype))


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    """``nn.MultiFieldEmbeddingLookup(vocab_size, embedding_size, field_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', feature_num_list=None, max_norm=None, sparse=True, operator='SUM',
    dtype=float32)(input_indices, input_values, field_ids)``: looks the ids up, weights each row by its
    value and merges the rows of each field by ``SUM``, ``MEAN`` or ``MAX``; output
    [batch, field_size, embedding_size]. The table is ``embedding_table``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.MultiFieldEmbeddingLookup(10, 2, 3, operator="SUM")
        >>> out = net(ms.Tensor([[2, 4, 6]], ms.int32), ms.Tensor([[1., 1., 1.]]), ms.Tensor([[0, 1, 1]], ms.int32))
        >>> out.shape
        (1, 3, 2)
    """

    OPERATOR_SUM = "SUM"
    OPERATOR_MEAN = "MEAN"
    OPERATOR_MAX = "MAX"

    def __init__(self, vocab_size: int, embedding_size: int, field_size: int, param_init="normal", target="CPU",
                 slice_mode="batch_slice", feature_num_list=None, max_norm=None, sparse=True, operator="SUM",
                 dtype=mstype.float32):
        super().__init__(vocab_size, embedding_size, param_init, target, slice_mode, feature_num_list, max_norm,
                         sparse, dtype=dtype)
        self.field_size = validator.check_positive_int(field_size, "field_size", self.cls_name)
        self.operator = validator.check_string(operator, ["SUM", "MAX", "MEAN"], "operator", self.cls_name)
        self.negative_inf_value = -3.402823466E+38

    def _check(self, t, name: str, dtypes) -> None:
        if t.ndim != 2:
            raise ValueError(f"For '{self.cls_name}', the dimension of '{name}' must be 2, but got {t.ndim}.")
        if t.dtype not in dtypes:
            raise TypeError(f"For '{self.cls_name}', the '{name}' must be one of {list(dtypes)}, but got {t.dtype}.")

    def construct(self, input_indices, input_values, field_ids):
        self._check(input_indices, "input_indices", (mstype.int32, mstype.int64))
        self._check(input_values, "input_values", (mstype.float32,))
        self._check(field_ids, "field_ids", (mstype.int32,))
        batch = input_indices.shape[0]
        segments = batch * self.field_size
        # each sample's fields get their own segment ids: field + sample * field_size
        bias = ops.reshape(ops.arange(0, segments, self.field_size, dtype=mstype.int32), (batch, -1))
        seg = ops.reshape(field_ids + bias, (-1,))
        out = ops.gather(self.embedding_table, input_indices, 0)
        if self.max_norm is not None:
            out = ClipByNorm(tuple(range(input_indices.ndim, out.ndim)))(out, self.max_norm)
        weights = ops.reshape(input_values, (batch, input_indices.shape[1], 1))
        emb = weights * out
        if self.operator == "MAX":
            emb = emb + ops.cast(ops.equal(weights, 0), mstype.float32) * self.negative_inf_value
        emb = ops.reshape(emb, (-1, self.embedding_size))
        if self.operator == "MAX":
            merged = ops.unsorted_segment_max(emb, seg, segments)
            count = ops.unsorted_segment_sum(ops.abs(ops.reshape(input_values, (-1,))), seg, segments)
            merged = merged * ops.expand_dims(ops.cast(ops.not_equal(count, 0.0), mstype.float32), -1)
        else:
            merged = ops.unsorted_segment_sum(emb, seg, segments)
            if self.operator == "MEAN":
                count = ops.unsorted_segment_sum(ops.abs(ops.reshape(input_values, (-1,))), seg, segments)
                count = ops.expand_dims(count, -1)
                merged = ops.select(ops.broadcast_to(count == 0, merged.shape), ops.zeros_like(merged),
                                    merged / ops.select(count == 0, ops.ones_like(count), count))
        return ops.reshape(merged, (batch, self.field_size, -1))


class TripletMarginWithDistanceLoss(LossBase):
    """``nn.TripletMarginWithDistanceLoss(distance_function=None, swap=False, reduction='mean', margin=1.0)
    (x, positive, negative)``: ``max(d(x, positive) - d(x, negative) + margin, 0)``, ``d`` the given
    function or the L2 distance over dim 1; ``swap`` uses ``min(d(x, n), d(p, n))`` as the negative distance.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> loss = nn.TripletMarginWithDistanceLoss()
        >>> x = ms.ops.ones((2, 3))
        >>> print(loss(x, x, x + 2))
        0.0
    """

    def __init__(self, distance_function=None, swap: bool = False, reduction: str = "mean", margin: float = 1.0):
        if reduction not in ("mean", "sum", "none"):  # MindSpore's LossBase message
            raise ValueError(f"For '{type(self).__name__}', the 'reduction' must be in ['mean', 'sum', 'none'], "
                             f"but got {reduction}.")
        super().__init__(reduction=reduction)
        validator.check_is_float(margin, "margin", self.cls_name)
        validator.check_bool(swap, "swap", self.cls_name)
        self.distance_function = distance_function if distance_function is not None else self._pairwise_distance
        self.swap, self.reduction, self.margin = swap, reduction, margin

    @staticmethod
    def _pairwise_distance(x, y):
        d = ops.abs(x - y)
        if d.ndim == 0:
            raise ValueError(f"For 'pairwise_distance' in 'TripletMarginWithDistanceLoss', 'ndim' of the input must "
                             f"be positive, but got {d.ndim}")
        return ops.LpNorm(axis=1, p=2)(d)

    def construct(self, x, positive, negative):
        for name, t in (("x", x), ("positive", positive), ("negative", negative)):
            if not isinstance(t, Tensor):
                raise TypeError(f"For '{self.cls_name}', the '{name}' must be Tensor, but got {type(t).__name__}.")
        d1 = self.distance_function(x, positive)
        d2 = self.distance_function(x, negative)
        if self.swap:
            d2 = ops.minimum(d2, self.distance_function(positive, negative))
        return self.get_loss(ops.maximum(d1 - d2 + self.margin, 0))


class ParameterUpdate(Cell):
    """``nn.ParameterUpdate(param)(x)``: writes ``x`` into ``param`` and returns ``x`` (used to set a
    Parameter, e.g. a learning rate, from inside a compiled graph).

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> p = ms.Parameter(ms.Tensor(0.1), name="lr")
        >>> _ = nn.ParameterUpdate(p)(ms.Tensor(0.01))
        >>> print(p.asnumpy().round(3))
        0.01
    """

    def __init__(self, param: Parameter):
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise TypeError(f"For 'ParameterUpdate', 'param' must be 'Parameter', but got {type(param)}.")
        self._param = param

    def construct(self, x):
        ops.assign(self._param, x)
        return x

"""Records MindSpore 2.10's outputs of the gather/scatter, index, segment, sort/unique, shape and random ops
of issue #11 into ms_array_more.json. Run with real MindSpore: ``~/msref/bin/python tests/data/gen_array_more.py``.

A case is a Python expression over ``ops``, ``ms``, ``np``, ``T`` (a Tensor from a numpy array) and
``Ref(fn, array, *args)`` (calls ``fn`` on a Parameter made from ``array`` and returns the Parameter's
value afterwards: the ops that write their input). The same expression is evaluated under mindjax by
tests/ops/test_array_more.py. Recorded: the values, dtype and shape, or the exception class and message.
A case starting with ``shape:`` (random ops) records only the shapes and dtypes.
"""
import json
import os
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter
import mindspore.ops as ops

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU", pynative_synchronize=True)


F32 = "np.float32"
X = "np.arange(6, dtype=np.float32).reshape(3, 2)"
U = "np.ones((2, 2), np.float32)"
I2 = "np.array([[0], [2]], np.int32)"
CASES = []
# ---- nd scatters
for m in ("sub", "mul", "div", "max", "min"):
    CASES += [f"ops.tensor_scatter_{m}(T({X}), T({I2}), T(np.array([[3, -1], [0.5, 7]], np.float32)))",
              f"ops.tensor_scatter_{m}(T(np.array([5, 9, 4], np.int32)), T(np.array([[0], [0], [2]], np.int32)), "
              f"T(np.array([2, 3, -2], np.int32)))"]
    CASES += [f"ops.TensorScatter{m.capitalize()}()(T({X}), T({I2}), T({U}))"]
    CASES += [f"Ref(ops.scatter_nd_{m}, {X}, T({I2}), T(np.array([[3, -1], [0.5, 7]], np.float32)))",
              f"Ref(ops.Scatter{m.capitalize()}(), {X}, T(np.array([0, 2], np.int32)), T({U} * 3))",
              f"Ref(ops.scatter_{m}, {X}, T(np.array([2, 0], np.int32)), T(np.array([[3, -1], [0.5, 7]], np.float32)))",
              f"Ref(ops.ScatterNd{m.capitalize()}(), {X}, T({I2}), T({U} * 3))"]
CASES += [
    "ops.repeat_interleave(T(np.array([1, 2, 3], np.float32)), [1, 2, 3], 0)",
    f"ops.repeat_interleave(T({X}), T(np.array([2, 0, 1], np.int32)), 0)",
    f"ops.repeat_interleave(T({X}), 2, 1)",
    f"ops.tensor_scatter_sub(T({X}), T(np.array([[0], [5]], np.int32)), T({U}))",
    f"ops.tensor_scatter_max(T({X}), T(np.array([[0], [-1]], np.int32)), T({U}))",
    f"ops.tensor_scatter_sub(T({X}), T(np.array([[0], [1]], np.int32)), T(np.ones((3, 2), np.float32)))",
    f"Ref(ops.scatter_nd_update, {X}, T({I2}), T({U}))",
    f"Ref(ops.ScatterNdUpdate(), {X}, T(np.array([[0, 1], [2, 0]], np.int32)), T(np.array([7, 8], np.float32)))",
    f"Ref(ops.scatter_nd_add, {X}, T(np.array([[0], [7]], np.int32)), T({U}))",
    f"Ref(ops.scatter_update, {X}, T(np.array([0, 1], np.int32)), T({U}))",
    f"Ref(ops.ScatterUpdate(), {X}, T(np.array([[0], [1]], np.int32)), T(np.ones((2, 1, 2), np.float32)))",
    f"Ref(ops.scatter_add, {X}, T(np.array([0, 0], np.int32)), T({U}))",
    f"Ref(ops.scatter_add, {X}, T(np.array([0, 7], np.int32)), T({U}))",
    f"Ref(ops.scatter_add, {X}, T(np.array([0, 1], np.int32)), T(np.ones((2, 2), np.float64)))",
    f"ops.tensor_scatter_elements(T({X}), T(np.array([[0, 1]], np.int32)), T(np.ones((1, 2), np.float32)), 0, 'add')",
    f"ops.tensor_scatter_elements(T({X}), T(np.array([[1], [0]], np.int32)), T(np.array([[9], [8]], np.float32)), 1)",
    f"ops.tensor_scatter_elements(T({X}), T(np.array([[0, 9]], np.int32)), T(np.ones((1, 2), np.float32)), 0, 'add')",
    f"ops.TensorScatterElements(1, 'add')(T({X}), T(np.array([[0, 0]], np.int32)), T(np.array([[1., 2.]], np.float32)))",
    f"ops.scatter(T({X}), 0, T(np.array([[2, 0]], np.int64)), T(np.array([[5, 6]], np.float32)))",
    f"ops.scatter(T({X}), 1, T(np.array([[1], [0], [1]], np.int64)), T(np.array([[5], [6], [7]], np.float32)))",
    f"Ref(ops.ScatterAddWithAxis(1), np.zeros((2, 3), np.float32), T(np.array([[0, 0]], np.int32)), T(np.array([[1., 2.]], np.float32)))",
    f"ops.gather_nd(T({X}), T(np.array([[0, 1], [2, 0]], np.int32)))",
    f"ops.gather_nd(T({X}), T(np.array([[2], [0]], np.int64)))",
    f"ops.gather_nd(T({X}), T(np.array([[0], [7]], np.int32)))",
    # ---- index ops
    f"Ref(ops.index_add, {X}, T(np.array([0, 2], np.int32)), T({U}), 0)",
    f"Ref(ops.index_add, {X}, T(np.array([1, 1], np.int32)), T(np.ones((3, 2), np.float32)), 1)",
    f"Ref(ops.index_add, {X}, T(np.array([0, 9], np.int32)), T({U}), 0)",
    f"Ref(ops.IndexAdd(1), {X}, T(np.array([0], np.int32)), T(np.ones((3, 1), np.float32)))",
    f"ops.index_fill(T({X}), 1, T(np.array([0], np.int32)), 9.0)",
    f"ops.index_fill(T(np.arange(6, dtype=np.int32).reshape(2, 3)), 1, T(np.array([0, 2], np.int32)), T(np.array(-1, np.int32)))",
    f"ops.index_fill(T({X}), 0, T(np.array([-1], np.int32)), 9.0)",
    f"ops.index_fill(T({X}), 0, T(np.array([3], np.int32)), 9.0)",
    f"ops.IndexFill()(T({X}), 1, T(np.array([1], np.int32)), T(np.array(4.0, np.float32)))",
    f"ops.inplace_add(T({X}), T({U}), (0, 2))",
    f"ops.inplace_add(T({X}), T({U}), (0, 9))",
    f"ops.inplace_sub(T({X}), T(np.ones((1, 2), np.float32)), 1)",
    f"ops.inplace_update(T({X}), T({U}), (2, 0))",
    f"ops.InplaceAdd(1)(T({X}), T(np.ones((1, 2), np.float32)))",
    f"ops.InplaceSub((0, 1))(T({X}), T({U}))",
    f"ops.InplaceUpdate((0, 2))(T({X}), T({U}))",
    f"ops.InplaceUpdateV2()(T({X}), T(np.array([0, 2], np.int32)), T({U}))",
    f"Ref(ops.inplace_index_add, {X}, T(np.array([0, 0], np.int32)), T({U}), 0)",
    f"Ref(ops.InplaceIndexAdd(1), {X}, T(np.array([1], np.int32)), T(np.ones((3, 1), np.float32)))",
    "ops.IndexPut(0)(T(np.zeros((2, 3), np.float32)), T(np.array([5.0, 6.0], np.float32)), (T(np.array([0, 1], np.int32)), T(np.array([1, 2], np.int32))))",
    "ops.IndexPut(1)(T(np.ones((2, 3), np.float32)), T(np.array([5.0], np.float32)), (T(np.array([0, 0], np.int32)),))",
    "ops.MaskedScatter()(T(np.array([1., 2., 3.], np.float32)), T(np.array([True, False, True])), T(np.array([7., 8., 9.], np.float32)))",
    "ops.MaskedScatter()(T(np.zeros((2, 2), np.float32)), T(np.array([False, True])), T(np.array([[7., 8.], [9., 1.]], np.float32)))",
    # ---- segments
    f"ops.unsorted_segment_sum(T({X}), T(np.array([0, 2, 0], np.int32)), 3)",
    f"ops.unsorted_segment_sum(T({X}), T(np.array([0, 2, 5], np.int32)), 3)",
    f"ops.unsorted_segment_max(T({X}), T(np.array([0, 2, 0], np.int32)), 4)",
    f"ops.unsorted_segment_min(T({X}), T(np.array([0, 2, 0], np.int32)), 4)",
    f"ops.unsorted_segment_prod(T({X}), T(np.array([0, 2, 0], np.int32)), 4)",
    "ops.unsorted_segment_max(T(np.array([3, 1, 2], np.int32)), T(np.array([1, 1, 0], np.int32)), 3)",
    "ops.unsorted_segment_sum(T(np.arange(6, dtype=np.float32).reshape(2, 3)), T(np.array([[0, 1, 0], [1, 1, 0]], np.int32)), 2)",
    f"ops.UnsortedSegmentSum()(T({X}), T(np.array([1, 1, 0], np.int32)), 2)",
    f"ops.UnsortedSegmentMax()(T({X}), T(np.array([1, 1, 0], np.int32)), 2)",
    f"ops.UnsortedSegmentMin()(T({X}), T(np.array([1, 1, 0], np.int32)), 2)",
    f"ops.UnsortedSegmentProd()(T({X}), T(np.array([1, 1, 0], np.int32)), 2)",
]
for m in ("Sum", "Mean", "Max", "Min", "Prod"):
    CASES += [f"ops.Segment{m}()(T(np.array([1., 2., 3., 4.], np.float32)), T(np.array([0, 0, 2, 2], np.int32)))",
              f"ops.Segment{m}()(T({X}), T(np.array([0, 1, 1], np.int64)))"]
CASES += [
    "ops.SegmentSum()(T(np.array([1., 2., 3., 4.], np.float32)), T(np.array([0, 2, 1, 2], np.int32)))",
    # ---- sort / search / unique
    "ops.unique_consecutive(T(np.array([1, 1, 2, 2, 3, 1, 1, 2], np.int32)))",
    "ops.unique_consecutive(T(np.array([1, 1, 2, 2, 3, 1, 1, 2], np.int32)), True, True)",
    "ops.unique_consecutive(T(np.array([[1, 1], [1, 1], [2, 3]], np.int64)), True, True, 0)",
    "ops.unique_consecutive(T(np.array([[1, 1, 2], [1, 1, 3]], np.float32)), True, False, 1)",
    "ops.UniqueConsecutive(True, True, None)(T(np.array([5, 5, 1], np.int64)))",
    "ops.unique_with_pad(T(np.array([1, 1, 2, 2, 3, 1, 1, 2], np.int32)), 0)",
    "ops.unique_with_pad(T(np.array([3, 1, 2, 3, 1], np.int64)), 9)",
    "ops.UniqueWithPad()(T(np.array([3., 1., 3.], np.float32)), -1.0)",
    "ops.Unique()(T(np.array([3, 1, 2, 3, 1], np.int32)))",
    "ops.Unique()(T(np.array([3, 1, 2, 3, 1], np.int64)))",
    "ops.Unique()(T(np.array([2.5, 1., 2.5], np.float32)))",
    "ops.searchsorted(T(np.array([1., 2., 3.], np.float32)), T(np.array([2.5, 2.0, 0.0, 9.0], np.float32)))",
    "ops.searchsorted(T(np.array([1, 2, 2, 3], np.int32)), T(np.array([2], np.int32)), right=True)",
    "ops.searchsorted(T(np.array([1, 2, 2, 3], np.int32)), T(np.array([2], np.int32)), side='right')",
    "ops.searchsorted(T(np.array([[1., 3.], [2., 4.]], np.float32)), T(np.array([[2.0], [5.0]], np.float32)))",
    "ops.SearchSorted()(T(np.array([1., 2., 3.], np.float32)), T(np.array([2.5, 2.0], np.float32)))",
    "ops.SearchSorted(right=True)(T(np.array([1., 2., 3.], np.float32)), T(np.array([2.0], np.float32)))",
    "ops.Bucketize([2.0])(T(np.array([1., 2., 3.], np.float32)))",
    "ops.Bucketize([1.0, 5.0, 10.0])(T(np.array([[-1, 5], [7, 12]], np.int32)))",
    "ops.msort(T(np.array([[3., 1.], [1., 2.], [0., 5.]], np.float32)))",
    "ops.argwhere(T(np.array([[0., 1.], [1., 2.]], np.float32)))",
    "ops.argwhere(T(np.array([True, False, True])))",
    "ops.LowerBound()(T(np.array([[1., 2., 3.]], np.float32)), T(np.array([[2.5, 2.0]], np.float32)))",
    "ops.UpperBound(ms.int64)(T(np.array([[1., 2., 3.], [1., 1., 1.]], np.float32)), T(np.array([[2.5, 2.0], [1., 0.]], np.float32)))",
    "ops.NthElement()(T(np.array([[3., 1., 2.], [6., 5., 4.]], np.float32)), 1)",
    "ops.NthElement(True)(T(np.array([[3., 1., 2.]], np.float32)), 0)",
    "ops.ListDiff()(T(np.array([1, 2, 3, 4], np.int64)), T(np.array([2, 4], np.int64)))",
    "ops.ListDiff(ms.int64)(T(np.array([1., 2., 3.], np.float32)), T(np.array([5.], np.float32)))",
    # ---- shapes
    "ops.atleast_1d(T(np.array(1.0, np.float32)))",
    "ops.atleast_2d([T(np.array([1, 2])), T(np.array(1))])",
    "ops.atleast_3d(T(np.array([1, 2])))",
    "ops.atleast_3d(T(np.ones((2, 3), np.float32)))",
    "ops.block_diag(T(np.array([[1, 2]])), T(np.array([[3], [4]])))",
    "ops.block_diag(T(np.array([[1., 2.]], np.float32)), T(np.array([3.0], np.float32)), T(np.array(5.0, np.float32)))",
    "ops.cartesian_prod(T(np.array([1, 2])), T(np.array([3, 4, 5])))",
    "ops.cartesian_prod(T(np.array([1, 2])))",
    "ops.column_stack([T(np.array([1, 2])), T(np.array([[3, 4], [5, 6]]))])",
    "ops.combinations(T(np.array([1., 2., 3.], np.float32)))",
    "ops.combinations(T(np.array([1., 2., 3.], np.float32)), 1)",
    "ops.combinations(T(np.array([1, 2, 3])), 2, True)",
    "ops.diag_embed(T(np.array([[1., 2.], [3., 4.]], np.float32)))",
    "ops.diag_embed(T(np.array([[1., 2.], [3., 4.]], np.float32)), 1)",
    "ops.diag_embed(T(np.array([[1., 2.], [3., 4.]], np.float32)), 0, 0, 2)",
    "ops.diag_embed(T(np.array([1., 2.], np.float32)), -1, 1, 0)",
    "ops.diagflat(T(np.array([1, 2])), 1)",
    "ops.diagflat(T(np.array([[1., 2.], [3., 4.]], np.float32)), -1)",
    "ops.diff(T(np.array([1, 3, 6, 10])))",
    "ops.diff(T(np.array([1, 3, 6, 10])), 2)",
    "ops.diff(T(np.array([[1., 3.], [6., 10.]], np.float32)), 1, 0)",
    "ops.diff(T(np.array([1., 3.], np.float32)), 1, -1, T(np.array([0.], np.float32)), T(np.array([7.], np.float32)))",
    "ops.diff(T(np.array([True, False, False])))",
    "ops.tensor_split(T(np.arange(7)), 3)",
    "ops.tensor_split(T(np.arange(7)), (2, 9))",
    "ops.tensor_split(T(np.arange(12).reshape(3, 4)), [1, 3], 1)",
    "ops.hsplit(T(np.arange(12).reshape(2, 6)), 3)",
    "ops.hsplit(T(np.arange(7)), 2)",
    "ops.vsplit(T(np.arange(12).reshape(4, 3)), [1])",
    "ops.dsplit(T(np.arange(8).reshape(1, 2, 4)), 2)",
    "ops.vsplit(T(np.arange(14).reshape(7, 2)), 3)",
    "ops.hsplit(T(np.arange(10).reshape(2, 5)), 3)",
    "ops.hsplit(T(np.arange(4).reshape(2, 2)), 3)",
    "ops.dsplit(T(np.arange(10).reshape(1, 2, 5)), 3)",
    "ops.dsplit(T(np.arange(10).reshape(1, 2, 5)), [2, 5])",
    "ops.vsplit(T(np.arange(3)), 3)",
    "ops.dsplit(T(np.arange(6).reshape(2, 3)), 3)",
    "ops.dstack([T(np.array([1, 2])), T(np.array([3, 4]))])",
    "ops.row_stack([T(np.array([1, 2])), T(np.array([[3, 4], [5, 6]]))])",
    "ops.fliplr(T(np.arange(6).reshape(2, 3)))",
    "ops.flipud(T(np.arange(6).reshape(2, 3)))",
    "ops.fliplr(T(np.arange(3)))",
    "ops.rot90(T(np.arange(6).reshape(2, 3)), 1, (0, 1))",
    "ops.rot90(T(np.arange(6).reshape(2, 3)), 2, [0, 1])",
    "ops.rot90(T(np.arange(6).reshape(2, 3)), -1, (0, 1))",
    "ops.rot90(T(np.arange(12).reshape(2, 3, 2)), 3, (2, 0))",
    "ops.narrow(T(np.arange(6).reshape(2, 3)), 1, 1, 2)",
    "ops.narrow(T(np.arange(6).reshape(2, 3)), 0, 1, 1)",
    "ops.narrow(T(np.array([[1, 2], [3, 4]])), 1, 1, 3)",
    "ops.expand(T(np.array([[1.0], [2.0]], np.float32)), T(np.array([2, 3])))",
    "ops.expand(T(np.array([[1.0], [2.0]], np.float32)), T(np.array([2, 2, -1])))",
    "ops.expand_as(T(np.array([1.0], np.float32)), T(np.zeros((2, 3), np.float32)))",
    "ops.Expand()(T(np.array([[1], [2]], np.int32)), T(np.array([2, 3])))",
    "ops.space_to_batch_nd(T(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)), (2, 2), ((0, 0), (0, 0)))",
    "ops.space_to_batch_nd(T(np.arange(12, dtype=np.float32).reshape(1, 2, 2, 3)), [2, 2], [[0, 0], [0, 1]])",
    "ops.space_to_batch_nd(T(np.arange(6, dtype=np.float32).reshape(1, 1, 6)), 3, [[0, 0]])",
    "ops.batch_to_space_nd(T(np.arange(16, dtype=np.float32).reshape(4, 1, 2, 2)), (2, 2), ((0, 0), (0, 0)))",
    "ops.batch_to_space_nd(T(np.arange(16, dtype=np.float32).reshape(4, 2, 1, 2)), (2, 2), ((0, 1), (1, 0)))",
    "ops.SpaceToBatchND([2, 2], [[0, 0], [0, 0]])(T(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)))",
    "ops.BatchToSpaceND([2, 2], [[0, 0], [0, 0]])(T(np.arange(16, dtype=np.float32).reshape(4, 1, 2, 2)))",
    "ops.SpaceToDepth(2)(T(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4)))",
    "ops.DepthToSpace(2)(T(np.arange(32, dtype=np.float32).reshape(1, 8, 2, 2)))",
    "ops.DiagPart()(T(np.arange(4, dtype=np.float32).reshape(2, 2)))",
    "ops.DiagPart()(T(np.arange(16, dtype=np.float32).reshape(2, 2, 2, 2)))",
    "ops.FillDiagonal(9.0)(T(np.zeros((5, 2), np.float32)))",
    "ops.FillDiagonal(9.0, True)(T(np.zeros((5, 2), np.float32)))",
    "ops.FillDiagonal(-1.0)(T(np.zeros((2, 4), np.int32)))",
    "ops.reverse_sequence(T(np.array([[1, 2, 3], [4, 5, 6]])), T(np.array([2, 3])), 1)",
    "ops.reverse_sequence(T(np.arange(12, dtype=np.float32).reshape(3, 2, 2)), T(np.array([1, 3], np.int32)), 0, 1)",
    "ops.ReverseSequence(1)(T(np.array([[1, 2, 3], [4, 5, 6]], np.float32)), T(np.array([0, 1], np.int32)))",
    "ops.tril_indices(3, 2, 0)",
    "ops.tril_indices(3, 4, 1, dtype=ms.int32)",
    "ops.triu_indices(3, 3, -1)",
    "ops.TrilIndices(3, 2)()",
    "ops.TriuIndices(2, 3, 1, ms.int64)()",
    "ops.UnravelIndex()(T(np.array([5, 3], np.int32)), T(np.array([2, 3], np.int32)))",
    "ops.UnravelIndex()(T(np.array([22, 41, 37], np.int64)), T(np.array([7, 6], np.int64)))",
    "ops.RaggedRange(ms.int64)(T(np.array([0, 5])), T(np.array([3, 8])), T(np.array([1, 2])))",
    "ops.RaggedRange(ms.int32)(T(np.array([0., 5.], np.float32)), T(np.array([3., 8.], np.float32)), T(np.array([1., 2.], np.float32)))",
    "ops.ParallelConcat()([T(np.array([[1, 2]])), T(np.array([[3, 4]]))])",
    "ops.IdentityN()([T(np.array([1, 2])), T(np.array([3.], np.float32))])",
    "ops.TensorShape()(T(np.zeros((2, 3))))",
    "ops.take(T(np.array([[1, 2], [3, 4]])), T(np.array([0, 3])))",
    "ops.select_scatter(T(np.zeros((2, 2), np.float32)), T(np.array([1, 2], np.float32)), 0, 1)",
    "ops.select_scatter(T(np.zeros((2, 3), np.float32)), T(np.array([1, 2], np.float32)), 1, -1)",
    "ops.select_scatter(T(np.zeros((2, 2), np.float32)), T(np.array([1, 2], np.int32)), 0, 1)",
    "ops.slice_scatter(T(np.zeros((2, 2), np.float32)), T(np.ones((2, 1), np.float32)), 1, 1, 2)",
    "ops.slice_scatter(T(np.zeros((6,), np.float32)), T(np.array([1., 2., 3.], np.float32)), 0, 0, 6, 2)",
    "ops.diagonal_scatter(T(np.zeros((2, 3), np.float32)), T(np.array([1., 2.], np.float32)), 1)",
    "ops.diagonal_scatter(T(np.zeros((3, 3), np.float32)), T(np.array([1., 2.], np.float32)), -1)",
    "ops.diagonal_scatter(T(np.zeros((2, 3, 3), np.float32)), T(np.ones((3, 3), np.float32)), 0, 0, 2)",
    "ops.sparse_segment_mean(T(np.array([[0, 1, 2], [1, 2, 3], [3, 6, 7]], np.float32)), T(np.array([0, 1, 2], np.int32)), T(np.array([1, 2, 2], np.int32)))",
    "ops.sparse_segment_mean(T(np.array([[0, 1], [1, 2]], np.float32)), T(np.array([1, 1, 0], np.int64)), T(np.array([0, 0, 0], np.int64)))",
    "ops.view_as(T(np.array([1.5, 2, 3, 4], np.float32)), T(np.zeros((2, 2))))",
    "ops.padding(T(np.array([[8.], [10.]], np.float32)), 4)",
    "ops.Padding(3)(T(np.array([[8], [10]], np.int32)))",
    "ops.FillV2()(T(np.array([2, 3], np.int32)), T(np.array(1.5, np.float32)))",
    "ops.ScalarCast()(1.7, ms.int64)",
    "ops.ScalarCast()(3, ms.float64)",
    "ops.ScalarCast()(1.7, ms.int32)",
    "ops.EmbeddingLookup()(T(np.array([[8., 9.], [10., 11.], [12., 13.]], np.float32)), T(np.array([[5, 2], [8, 5]], np.int32)), 4)",
    "ops.DataFormatDimMap()(T(np.array([-4, -3, -2, -1, 0, 1, 2, 3], np.int32)))",
    "ops.DataFormatDimMap('NCHW', 'NHWC')(T(np.array([0, 1, 2, 3], np.int64)))",
    "ops.DataFormatVecPermute()(T(np.array([1, 2, 3, 4], np.int32)))",
    "ops.DataFormatVecPermute('NCHW', 'NHWC')(T(np.array([[1, 2], [3, 4], [5, 6], [7, 8]], np.int32)))",
    "ops.logspace(T(np.array(0., np.float32)), T(np.array(2., np.float32)), 3)",
    "ops.logspace(T(np.array(-1., np.float32)), T(np.array(1., np.float32)), 3, 2, dtype=ms.float64)",
    "ops.logspace(T(np.array(0., np.float32)), T(np.array(2., np.float32)), 3, 2, dtype=ms.int32)",
    "ops.LogSpace(3, 2)(T(np.array(0., np.float32)), T(np.array(2., np.float32)))",
    "ops.LogSpace(3, 2, ms.float16)(T(np.array(0., np.float16)), T(np.array(2., np.float16)))",
    # ---- random: shapes and dtypes
    "shape:ops.random_gamma(T(np.array([3, 2], np.int32)), T(np.array([1.0, 2.0], np.float32)))",
    "shape:ops.random_gamma(T(np.array([3], np.int64)), T(np.array([[1.0]], np.float64)))",
    "shape:ops.random_poisson(T(np.array([3, 2], np.int32)), T(np.array([1.0, 2.0], np.float32)))",
    "shape:ops.random_poisson(T(np.array([3], np.int32)), T(np.array([1.0, 2.0], np.float32)), dtype=ms.int32)",
    "shape:ops.multinomial_with_replacement(T(np.array([[0.1, 0.9], [0.5, 0.5]], np.float32)), T(np.array(1)), T(np.array(0)), 4, True)",
    "shape:ops.random_categorical(T(np.array([[0.1, 0.9], [0.5, 0.5]], np.float32)), 5)",
    "shape:ops.random_categorical(T(np.array([[0.1, 0.9], [0.5, 0.5]], np.float32)), 5, 1, ms.int32)",
    "shape:ops.rand_like(T(np.zeros((2, 3), np.float32)))",
    "shape:ops.rand_like(T(np.zeros((2, 3), np.float32)), dtype=ms.float64)",
    "shape:ops.randn_like(T(np.array([1, 2])))",
    "shape:ops.randn_like(T(np.zeros((2,), np.float16)))",
    "shape:ops.randint_like(T(np.zeros((2, 3), np.float32)), 0, 5)",
    "shape:ops.randint_like(T(np.zeros((2, 3), np.float32)), 0, 5, dtype=ms.int32)",
    "shape:ops.randint_like(T(np.zeros((2,), np.int64)), 0, 5)",
    "shape:ops.choice_with_mask(T(np.array([[True, False], [True, True]])), 3)",
    "shape:ops.shuffle(T(np.arange(6).reshape(3, 2)))",
    "shape:ops.uniform_candidate_sampler(T(np.array([[1], [3]], np.int64)), 1, 3, True, 5)",
    "shape:ops.log_uniform_candidate_sampler(T(np.array([[1], [3]], np.int64)), 1, 3, True, 5)",
    "shape:ops.Bernoulli()(T(np.zeros((2, 3), np.float32)), 0.5)",
    "shape:ops.Bernoulli()(T(np.array([1, 2])), T(np.array([0.5, 0.5], np.float32)))",
    "shape:ops.RandomGamma()(T(np.array([3, 2], np.int32)), T(np.array([1.0, 2.0], np.float32)))",
    "shape:ops.RandomPoisson()(T(np.array([3, 2], np.int32)), T(np.array([1.0, 2.0], np.float32)))",
    "shape:ops.RandomPoisson(dtype=ms.float16)(T(np.array([3], np.int32)), T(np.array([1.0, 2.0], np.float32)))",
    "shape:ops.Multinomial()(T(np.array([[0.1, 0.9], [0.5, 0.5]], np.float32)), 3)",
    "shape:ops.MultinomialWithReplacement(4, True)(T(np.array([[0.1, 0.9], [0.5, 0.5]], np.float32)), T(np.array(1)), T(np.array(0)))",
    "shape:ops.RandomCategorical()(T(np.array([[0.1, 0.9], [0.5, 0.5]], np.float32)), 5, 0)",
    "shape:ops.RandomShuffle()(T(np.arange(6).reshape(3, 2)))",
    "shape:ops.TruncatedNormal()(T(np.array([3, 2], np.int32)))",
    "shape:ops.TruncatedNormal(dtype=ms.float16)(T(np.array([3, 2], np.int32)))",
    "shape:ops.ParameterizedTruncatedNormal()(T(np.array([2, 3], np.int32)), T(np.array([0.0, 0.0], np.float32)), T(np.array([1.0, 1.0], np.float32)), T(np.array([-1.0, -1.0], np.float32)), T(np.array([1.0, 1.0], np.float32)))",
    "shape:ops.Cauchy([2, 3])()",
    "shape:ops.LogNormalReverse()(T(np.zeros((2, 3), np.float32)))",
    "shape:ops.UniformCandidateSampler(1, 3, True, 5)(T(np.array([[1], [3]], np.int64)))",
    "shape:ops.LogUniformCandidateSampler(1, 3, True, 5)(T(np.array([[1], [3]], np.int64)))",
    "shape:ops.RandomChoiceWithMask(3)(T(np.array([[True, False], [True, True]])))",
    "shape:ops.NonDeterministicInts()(T(np.array([2, 3], np.int32)))",
    "shape:ops.NonDeterministicInts(ms.int32)(T(np.array([2, 3], np.int32)))",
]


def T(a, dtype=None):
    return Tensor(np.asarray(a, dtype=dtype))


_count = [0]


def Ref(fn, a, *args):
    _count[0] += 1
    p = Parameter(Tensor(np.asarray(a)), name=f"p{_count[0]}")
    fn(p, *args)
    return p.value() if hasattr(p, "value") else Tensor(p.asnumpy())


def encode(v, values=True):
    if isinstance(v, Tensor):
        a = v.asnumpy()
        out = {"dtype": str(v.dtype), "shape": list(a.shape)}
        if values:
            out["t"] = np.where(np.isnan(a), None, a).tolist() if a.dtype.kind == "f" else a.tolist()
        return out
    if isinstance(v, (tuple, list)):
        return {"tuple": [encode(x, values) for x in v]}
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return repr(v)


def main():
    env = {"ops": ops, "ms": ms, "np": np, "T": T, "Ref": Ref}
    out = {}
    for expr in CASES:
        values = not expr.startswith("shape:")
        code = expr[len("shape:"):] if not values else expr
        try:
            out[expr] = {"out": encode(eval(code, env), values)}
        except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
            out[expr] = {"error": type(e).__name__, "msg": str(e).split("\n")[0][:300]}
    path = os.path.join(os.path.dirname(__file__), "ms_array_more.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)
    print(f"{len(out)} cases -> {path}")


if __name__ == "__main__":
    main()

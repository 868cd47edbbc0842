"""``mindspore.ops.auto_generate.gen_ops_def``: the generated functional ops, re-exported from
``mindjax.ops`` where their signatures and semantics are MindSpore's.

Examples:
    >>> from mindjax.ops.auto_generate.gen_ops_def import zeros, transpose
    >>> print(transpose(zeros((2, 3)), (1, 0)).shape)
    (3, 2)
"""
from __future__ import annotations

from .. import functional as _F
from .._base import tensor_of as _tensor_of
from ..operations import array_ops as _A
from ..functional import (  # noqa: F401
    abs, acos, acosh, add, addn, asin, asinh, assign, assign_add, assign_sub, atan, atan2, atanh, broadcast_to, cast,
    cat, cdist, ceil, celu, cos, cosh, diagonal, elu, equal, erf, erfc, erfinv, exp, expand_dims, expm1, flip, floor,
    floor_mod, gather_d, greater, greater_equal, hardsigmoid, hardswish, hardtanh, isfinite, isinf, lerp, less,
    less_equal, log, log1p, log_softmax, masked_fill, masked_select, maximum, minimum, mul, neg, not_equal, ones, pow,
    prelu, rank, relu, relu6, reshape, roll, rsqrt, scatter_nd, select, sigmoid, sign, silu, sin, sinh, sqrt, square,
    sub, tan, tanh, tensor_scatter_add, tile, trace, transpose, triu, trunc, zeros)

floor_divide = _F.floor_div


def copy(input):
    """``copy(input)``: a new Tensor with the values of ``input`` (gradients flow through)."""
    return _F.identity(input)


def contiguous(input):
    """``contiguous(input)``: ``input`` in contiguous memory; mindjax Tensors always are, so a copy."""
    return _F.identity(_tensor_of(input, "Contiguous"))


def diag(input):
    """``diag(input)``: the rank-2k Tensor with ``input`` on its diagonal (MindSpore's Diag)."""
    return _A.Diag()(input)


def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0):
    """``strided_slice``: ``input_x[begin:end:strides]`` with TensorFlow's mask semantics."""
    return _A.StridedSlice(begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)(
        input_x, begin, end, strides)


from .._view_ops import FUNCTIONS as _VIEW_FUNCTIONS, INSTANCES as _VIEW_INSTANCES  # noqa: E402

globals().update(_VIEW_FUNCTIONS)  # narrow_view, select_ext_view, transpose_view...
globals().update(_VIEW_INSTANCES)  # gen_ops_def also has gen_ops_prim's view instances (chunk_view_op...)

from ._shared import reexport as _reexport  # noqa: E402

_reexport(globals(), "gen_ops_def", _F)

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

"""``mindspore.ops.function.math_func``: the math and reduction ops."""
from .. import math as _math, reduction as _reduce, _composite_ops as _c, _math_more, _linalg
from ._collect import export

__all__ = export(globals(), _math, _reduce, _math_more, _linalg) + ["dot", "tensor_dot", "batch_dot", "vecdot", "count_nonzero", "cummin"]
dot, tensor_dot, batch_dot, vecdot, count_nonzero, cummin = (_c.dot, _c.tensor_dot, _c.batch_dot, _c.vecdot,
                                                             _c.count_nonzero, _c.cummin)

from mindjax.ops import function as F  # noqa: E402,F401  (MindSpore's math_func has the package as F)
from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

"""``mindspore.ops.function.array_func``: the array ops (shape, creation, indexing)."""
from .. import array as _array, creation as _creation, indexing as _indexing, _composite_ops as _c, _array_more
from ._collect import export

__all__ = export(globals(), _array, _creation, _indexing, _array_more) + ["repeat_elements", "sequence_mask"]
repeat_elements, sequence_mask = _c.repeat_elements, _c.sequence_mask

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

"""``mindspore.ops.function.nn_func``: the neural-network ops and losses."""
from .. import nn_ops as _nn, loss_ops as _loss, _nn_more, _image_more, _apply_ops
from ._collect import export

__all__ = export(globals(), _nn, _loss, _nn_more, _image_more, _apply_ops)

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

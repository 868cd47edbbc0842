"""``mindspore.nn.grad``: the ``Jvp`` and ``Vjp`` Cells."""
from .cell_grad import Jvp, Vjp

__all__ = ["Jvp", "Vjp"]

"""``mindspore.ops.operations.debug_ops``: Print, HookBackward and the summary Primitives."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from .._primitive import Primitive
from ._utils import set_attrs
from ._summary_ops import ScalarSummary, ImageSummary, TensorSummary, HistogramSummary  # noqa: F401


class Print(Primitive):
    """``ops.Print()(*inputs)``: prints each input on its own line, Tensors as MindSpore prints
    them; inside compiled code (``jit``, GRAPH_MODE) it prints the values of every call, when the
    program runs, as MindSpore's Print operator does.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops import operations as P
        >>> _ = P.Print()("x:", ms.Tensor([1, 2]))
        x:
        Tensor(shape=[2], dtype=Int64, value= [1, 2])
    """

    def __init__(self):
        super().__init__("Print")

    def __call__(self, *inputs):
        from ..._state import state
        if state.jit_depth:  # traced: a host callback prints the values each time the program runs
            from ..._jit.fallback import graph_print
            graph_print(inputs, {})
        else:
            for x in inputs:
                print(repr(x) if isinstance(x, Tensor) else x)
        return Tensor(0, mstype.int32)


class HookBackward(Primitive):
    """``ops.HookBackward(hook_fn)``: the identity forward; in backward ``hook_fn`` gets
    the gradient as a tuple, and a non-None return replaces it."""

    def __init__(self, hook_fn, cell_id=""):
        super().__init__("HookBackward")
        if not callable(hook_fn):
            raise TypeError(f"For 'HookBackward', the 'hook_fn' must be callable, but got {type(hook_fn).__name__}.")
        set_attrs(self, cell_id=cell_id)
        self.hook_fn = hook_fn

    def __call__(self, *inputs):
        from ..._autograd.hooks import hook_backward
        out = hook_backward(self.hook_fn, inputs, "HookBackward")
        return out[0] if len(out) == 1 else out

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)

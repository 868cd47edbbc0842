"""``mindspore.ops.operations._sequence_ops``: Primitives on tuples and lists of numbers or
Tensors (conversions to and from Tensors, sums and stacks of sequences)."""
from __future__ import annotations

import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from .. import functional as F
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import simple, check_int, set_attrs


def _to_tensor(name, kinds):
    def call(x, dtype=None):
        if not isinstance(x, kinds):
            raise TypeError(f"For '{name}', the input must be a {' or '.join(k.__name__ for k in kinds)}, but got "
                            f"{type(x).__name__}.")
        if dtype is None:
            dtype = mstype.int64 if all(isinstance(v, int) for v in x) else mstype.float32
        return Tensor(np.asarray(x), dtype)
    return call


TupleToTensor = simple("TupleToTensor", _to_tensor("TupleToTensor", (tuple,)),
                       "``TupleToTensor()(x, dtype)``: a 1-D Tensor of the tuple's numbers.")
ListToTensor = simple("ListToTensor", _to_tensor("ListToTensor", (list,)),
                      "``ListToTensor()(x, dtype)``: a 1-D Tensor of the list's numbers.")
TensorToTuple = simple("TensorToTuple", lambda x: tuple(tensor_of(x).tolist()),
                       "``TensorToTuple()(x)``: the elements of a 1-D Tensor as a tuple of Python numbers.")
TensorToList = simple("TensorToList", lambda x: list(tensor_of(x).tolist()),
                      "``TensorToList()(x)``: the elements of a 1-D Tensor as a list of Python numbers.")
TensorToScalar = simple("TensorToScalar", lambda x: tensor_of(x).item(),
                        "``TensorToScalar()(x)``: the value of a 0-D Tensor as a Python number.")


def _add_n(seq):
    if not isinstance(seq, (tuple, list)) or not seq:
        raise TypeError(f"For 'SequenceAddN', the input must be a non-empty tuple or list, but got {seq!r}.")
    out = seq[0]
    for v in seq[1:]:
        out = F.add(out, v) if isinstance(out, Tensor) or isinstance(v, Tensor) else out + v
    return out


SequenceAddN = simple("SequenceAddN", _add_n, "``SequenceAddN()(seq)``: the sum of the sequence's elements.")
SequenceMul = simple("SequenceMul", lambda seq, n: seq * n,
                     "``SequenceMul()(sequence, scalar)``: the sequence repeated ``scalar`` times.")


class SequenceStack(Primitive):
    """``SequenceStack(axis=0)(seq)``: the Tensors of a sequence stacked along ``axis``."""

    def __init__(self, axis=0):
        super().__init__("SequenceStack")
        set_attrs(self, axis=check_int("SequenceStack", "axis", axis))

    def __call__(self, seq):
        return F.stack(seq, self.axis)


class SequenceUnstack(Primitive):
    """``SequenceUnstack(axis=0, num=None)(x)``: the slices of ``x`` along ``axis`` as a tuple."""

    def __init__(self, axis=0, num=None):
        super().__init__("SequenceUnstack")
        set_attrs(self, axis=check_int("SequenceUnstack", "axis", axis))
        if num is not None:
            set_attrs(self, num=num)

    def __call__(self, x):
        return F.unstack(x, self.axis)

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)

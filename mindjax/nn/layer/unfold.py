"""``nn.Unfold``: image patches as channels (``ops.ExtractImagePatches``)."""
from __future__ import annotations

from ... import _checkparam as validator
from ...ops._patches import ExtractImagePatches
from ..cell import Cell

__all__ = ["Unfold"]


class Unfold(Cell):
    """``nn.Unfold(ksizes, strides, rates, padding='valid')(input_x)``: extracts the patches of an NCHW image;
    ``ksizes``, ``strides`` and ``rates`` are ``[1, row, col, 1]``. Output (N, ksize_row * ksize_col * C,
    out_row, out_col), patch element (i, j) of channel c at channel ``(i * ksize_col + j) * C + c``.
    (MindSpore 2.10 runs it on GPU and Ascend; mindjax everywhere.)

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Unfold(ksizes=[1, 2, 2, 1], strides=[1, 2, 2, 1], rates=[1, 2, 2, 1])
        >>> net(ms.ops.ones((2, 3, 6, 6))).shape
        (2, 12, 2, 2)
    """

    def __init__(self, ksizes, strides, rates, padding: str = "valid"):
        super().__init__()

        def check(arg: str, v):
            validator.check_value_type(f"{arg}s", ksizes, [tuple, list], self.cls_name)
            if len(v) != 4 or v[0] != 1 or v[3] != 1:
                raise ValueError(f"For '{self.cls_name}' the format of '{arg}s' must be [1, {arg}_row, {arg}_col, 1], "
                                 f"but got {v}.")
            if not (isinstance(v[1], int) and isinstance(v[2], int)) or v[1] < 1 or v[2] < 1:
                raise ValueError(f"For '{self.cls_name}' the {arg}_row and {arg}_col in '{arg}s' must be an positive "
                                 f"integer number, but got {arg}_row is {v[1]}, {arg}_col is {v[2]}")

        check("ksize", ksizes)
        check("stride", strides)
        check("rate", rates)
        self.extract_image_patches = ExtractImagePatches((1, 1, ksizes[1], ksizes[2]), (1, 1, strides[1], strides[2]),
                                                         (1, 1, rates[1], rates[2]), padding)

    def construct(self, input_x):
        return self.extract_image_patches(input_x)

"""Gradient Primitives that MindSpore has in ``ops.operations._grad_ops``, defined for the
tests/st/ops/cpu/test_[m-z]* slice of issue #11 (to be exported from ``operations/_grad_ops``)."""
from __future__ import annotations

from .._tensor import Tensor
from ._primitive import Primitive
from .operations._psroi_prims import PSROIPoolingGrad  # noqa: F401
from .operations._utils import set_attrs, check_bool
from . import _resize_grad_b
from ._base import cast

__all__ = ["PSROIPoolingGrad", "ResizeBilinearGrad"]


class ResizeBilinearGrad(Primitive):
    """``G.ResizeBilinearGrad(align_corners=False, half_pixel_centers=False)(grads, original_image)``: the
    gradient of ``ResizeBilinearV2`` w.r.t. its NCHW image, of the shape and dtype of ``original_image``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops._grad_prims_b import ResizeBilinearGrad
        >>> dy = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> print(ResizeBilinearGrad(True)(dy, ms.Tensor(np.zeros((1, 1, 3, 3), np.float32))).sum())
        4.0
    """

    __module__ = "mindjax.ops.operations._grad_ops"

    def __init__(self, align_corners: bool = False, half_pixel_centers: bool = False):
        super().__init__("ResizeBilinearGrad")
        a = check_bool(self.name, "align_corners", align_corners)
        h = check_bool(self.name, "half_pixel_centers", half_pixel_centers)
        set_attrs(self, align_corners=a, half_pixel_centers=h)

    def __call__(self, grads, original_image) -> Tensor:
        for arg, v in (("grads", grads), ("original_image", original_image)):
            if not isinstance(v, Tensor):
                raise TypeError(f"For '{self.name}', the '{arg}' must be a Tensor, but got {type(v).__name__}.")
            if v.dtype.kind != "f" or v.ndim != 4:
                raise TypeError(f"For '{self.name}', the '{arg}' must be a 4-D float16, float32 or float64 Tensor, "
                                f"but got {v.dtype} of rank {v.ndim}.")
        t = "align" if self.align_corners else ("half" if self.half_pixel_centers else "asym")
        out = _resize_grad_b.resize_bilinear_grad(grads, original_image.shape[2:], t)
        return cast(out, original_image.dtype) if out.dtype != original_image.dtype else out

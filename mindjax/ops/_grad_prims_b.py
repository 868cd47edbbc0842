"""Gradient Primitives that MindSpore has in ``ops.operations._grad_ops``, defined for the
tests/st/ops/cpu/test_[m-z]* slice of issue #11 (to be exported from ``operations/_grad_ops``)."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .._tensor import Tensor
from ._primitive import Op, Primitive, apply, vjp_bprop
from .operations._psroi_prims import PSROIPoolingGrad  # noqa: F401
from .operations._utils import set_attrs, check_bool
from . import _resize_grad_b
from ._base import cast

__all__ = ["PSROIPoolingGrad", "ResizeBilinearGrad", "SliceGrad", "StridedSliceGrad"]


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


def _slice_grad_fwd(dy, x, *, begin, size):
    # the gradient of x[begin : begin + size]: dy in place there, zeros elsewhere
    key = tuple(slice(b, b + n) for b, n in zip(begin, size))
    return jnp.zeros(x.shape, dy.dtype).at[key].set(dy.reshape(size))


_slice_grad = Op("SliceGrad", _slice_grad_fwd, vjp_bprop)


class SliceGrad(Primitive):
    """``G.SliceGrad()(dy, x, begin, size)``: the gradient of ``ops.Slice()(x, begin, size)``, a Tensor of
    ``x``'s shape holding ``dy`` at ``[begin, begin + size)`` and zeros elsewhere.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops._grad_prims_b import SliceGrad
        >>> print(SliceGrad()(ms.Tensor([[5.0]]), ms.Tensor(np.zeros((2, 2), np.float32)), (1, 0), (1, 1)))
        [[0. 0.]
         [5. 0.]]
    """

    __module__ = "mindjax.ops.operations._grad_ops"

    def __init__(self):
        super().__init__("SliceGrad")

    def __call__(self, dy, x, begin, size) -> Tensor:
        for arg, v in (("dy", dy), ("x", x)):
            if not isinstance(v, Tensor):
                raise TypeError(f"For '{self.name}', the '{arg}' must be a Tensor, but got {type(v).__name__}.")
        begin, size = tuple(int(b) for b in begin), tuple(int(n) for n in size)
        size = tuple(x.shape[i] - begin[i] if n == -1 else n for i, n in enumerate(size))
        if len(begin) != x.ndim or len(size) != x.ndim:
            raise ValueError(f"For '{self.name}', the length of 'begin' and 'size' must be the rank of 'x' "
                             f"({x.ndim}), but got {len(begin)} and {len(size)}.")
        for i, (b, n) in enumerate(zip(begin, size)):
            if b < 0 or n < 0 or b + n > x.shape[i]:
                raise ValueError(f"For '{self.name}', 'begin' + 'size' must lie in the shape of 'x' {list(x.shape)}, "
                                 f"but got begin {list(begin)} and size {list(size)}.")
        if int(np.prod(size)) != dy.size:
            raise ValueError(f"For '{self.name}', the shape of 'dy' {list(dy.shape)} must be 'size' {list(size)}.")
        return apply(_slice_grad, (dy, x), {"begin": begin, "size": size})


def _strided_grad_fwd(dy, *, shape, pos):
    # pos: the flat positions in x of the elements StridedSlice selected, in dy's order
    flat = jnp.zeros((int(np.prod(shape)),), dy.dtype).at[jnp.asarray(pos)].set(dy.reshape(-1))
    return flat.reshape(shape)


_strided_grad = Op("StridedSliceGrad", _strided_grad_fwd, vjp_bprop)


class StridedSliceGrad(Primitive):
    """``G.StridedSliceGrad(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0)
    (dy, shapex, begin, end, strides)``: the gradient of ``ops.StridedSlice`` with the same masks, a Tensor of
    shape ``shapex`` holding ``dy`` at the elements the slice selects and zeros elsewhere.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.ops._grad_prims_b import StridedSliceGrad
        >>> print(StridedSliceGrad()(ms.Tensor([[5.0]]), (2, 2), (1, 0), (2, 1), (1, 1)))
        [[0. 0.]
         [5. 0.]]
    """

    __module__ = "mindjax.ops.operations._grad_ops"

    def __init__(self, begin_mask: int = 0, end_mask: int = 0, ellipsis_mask: int = 0, new_axis_mask: int = 0,
                 shrink_axis_mask: int = 0):
        super().__init__("StridedSliceGrad")
        from .operations.array_ops import StridedSlice
        self._slice = StridedSlice(begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)
        set_attrs(self, begin_mask=begin_mask, end_mask=end_mask, ellipsis_mask=ellipsis_mask,
                  new_axis_mask=new_axis_mask, shrink_axis_mask=shrink_axis_mask)

    def __call__(self, dy, shapex, begin, end, strides) -> Tensor:
        if not isinstance(dy, Tensor):
            raise TypeError(f"For '{self.name}', the 'dy' must be a Tensor, but got {type(dy).__name__}.")
        shape = tuple(int(v) for v in shapex)
        # which elements the forward slice takes: the slice applied to the flat positions of x (host values)
        ids = Tensor(np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape))
        pos = np.asarray(self._slice(ids, tuple(begin), tuple(end), tuple(strides)).asnumpy()).reshape(-1)
        if pos.size != dy.size:
            raise ValueError(f"For '{self.name}', the shape of 'dy' {list(dy.shape)} must be the shape of the "
                             f"slice, but got {pos.size} elements selected.")
        return apply(_strided_grad, (dy,), {"shape": shape, "pos": tuple(int(p) for p in pos)})

"""``mindspore.ops.operations.image_ops``: the image Primitive classes (resize, crop and resize, NMS,
IOU...). Each class checks its attributes as MindSpore does and calls the one op definition."""
from __future__ import annotations

from ..._tensor import Tensor
from .. import _resize as RS
from .._base import tensor_of
from .._primitive import Primitive
from ._utils import check_bool, check_str, set_attrs, _is_int


def _size_of(name: str, size, n: int) -> tuple:
    """A size input (Tensor, tuple or list of ``n`` positive ints) as a tuple."""
    if isinstance(size, Tensor):
        if size.dtype.kind not in "iu":
            raise TypeError(f"For '{name}', the 'size' must be an int32 or int64 Tensor, but got {size.dtype}.")
        import jax
        import numpy as np
        if isinstance(size._data, jax.core.Tracer):  # the output shape must be known when compiling
            raise ValueError(f"For '{name}', the 'size' must be a constant (not computed inside the jit function).")
        size = tuple(int(v) for v in np.asarray(size._data).reshape(-1))
    if not isinstance(size, (tuple, list)) or len(size) != n or not all(_is_int(v) for v in size):
        raise ValueError(f"For '{name}', the 'size' must be a tuple or 1-D Tensor of {n} ints, but got {size}.")
    if any(v <= 0 for v in size):
        raise ValueError(f"For '{name}', the 'size' must be positive, but got {tuple(size)}.")
    return tuple(int(v) for v in size)


def _image(name: str, x, rank: int = 4, floats_only: bool = False) -> Tensor:
    x = tensor_of(x, name)
    if x.ndim != rank:
        raise ValueError(f"For '{name}', the input must be a {rank}-D Tensor, but got {x.ndim}-D with shape "
                         f"{list(x.shape)}.")
    if floats_only and x.dtype.kind != "f":
        raise TypeError(f"For '{name}', the input must be a float16, float32 or float64 Tensor, but got {x.dtype}.")
    return x


def _tf_flags(prim, align_corners, half_pixel_centers):
    set_attrs(prim, align_corners=check_bool(prim.name, "align_corners", align_corners),
              half_pixel_centers=check_bool(prim.name, "half_pixel_centers", half_pixel_centers))
    if align_corners and half_pixel_centers:
        raise ValueError(f"For '{prim.name}', the 'align_corners' and 'half_pixel_centers' can not be both True.")


def _nearest_rule(prim) -> str:
    return "tf_align" if prim.align_corners else ("half" if prim.half_pixel_centers else "asym")


class ResizeNearestNeighbor(Primitive):
    """``ops.ResizeNearestNeighbor(size, align_corners=False, half_pixel_centers=False)(input_x)``: nearest-neighbour
    resize of the last two axes of an NCHW Tensor to ``size`` (TensorFlow's index rule).

    Examples:
        >>> import mindjax as ms
        >>> x = ms.Tensor([[[[1., 2.], [3., 4.]]]])
        >>> print(ms.ops.ResizeNearestNeighbor((3, 3))(x))
        [[[[1. 1. 2.]
           [1. 1. 2.]
           [3. 3. 4.]]]]
    """

    def __init__(self, size, align_corners=False, half_pixel_centers=False):
        super().__init__("ResizeNearestNeighbor")
        if not isinstance(size, (tuple, list)):
            raise TypeError(f"For 'ResizeNearestNeighbor', the 'size' must be a tuple or list, but got "
                            f"{type(size).__name__}.")
        _tf_flags(self, align_corners, half_pixel_centers)
        set_attrs(self, size=tuple(size))

    def __call__(self, input_x):
        x = _image(self.name, input_x)
        h, w = _size_of(self.name, self.size, 2)
        rule = _nearest_rule(self)
        return RS.resize(x, [RS.spec(2, h, "nearest", rule), RS.spec(3, w, "nearest", rule)])


class ResizeNearestNeighborV2(Primitive):
    """``ops.ResizeNearestNeighborV2(align_corners=False, half_pixel_centers=False)(image, size)``: as
    ``ResizeNearestNeighbor`` with the size as an input (a 1-D int Tensor of two values)."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__("ResizeNearestNeighborV2")
        _tf_flags(self, align_corners, half_pixel_centers)

    def __call__(self, image, size):
        x = _image(self.name, image)
        h, w = _size_of(self.name, size, 2)
        rule = _nearest_rule(self)
        return RS.resize(x, [RS.spec(2, h, "nearest", rule), RS.spec(3, w, "nearest", rule)])


class ResizeBilinearV2(Primitive):
    """``ops.ResizeBilinearV2(align_corners=False, half_pixel_centers=False)(x, size)``: bilinear resize of the
    last two axes of an NCHW float Tensor."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__("ResizeBilinearV2")
        _tf_flags(self, align_corners, half_pixel_centers)

    def __call__(self, x, size):
        x = _image(self.name, x, floats_only=True)
        h, w = _size_of(self.name, size, 2)
        t = "align" if self.align_corners else ("half" if self.half_pixel_centers else "asym")
        return RS.resize(x, [RS.spec(2, h, "linear", t), RS.spec(3, w, "linear", t)])


class ResizeBicubic(Primitive):
    """``ops.ResizeBicubic(align_corners=False, half_pixel_centers=False)(images, size)``: bicubic resize of an
    NCHW Tensor (Keys' kernel, a = -0.5 with half-pixel centers, else -0.75, as TensorFlow)."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__("ResizeBicubic")
        _tf_flags(self, align_corners, half_pixel_centers)

    def __call__(self, images, size):
        x = _image(self.name, images, floats_only=True)
        h, w = _size_of(self.name, size, 2)
        t = "align" if self.align_corners else ("half" if self.half_pixel_centers else "asym")
        a, excl = (-0.5, True) if self.half_pixel_centers else (-0.75, False)
        return RS.resize(x, [RS.spec(2, h, "cubic", t, None, a, excl), RS.spec(3, w, "cubic", t, None, a, excl)])


class ResizeArea(Primitive):
    """``ops.ResizeArea(align_corners=False)(images, size)``: area-weighted resize of an NHWC Tensor
    (TensorFlow's resize_area); the result is float32."""

    def __init__(self, align_corners=False):
        super().__init__("ResizeArea")
        set_attrs(self, align_corners=check_bool(self.name, "align_corners", align_corners))

    def __call__(self, images, size):
        from .. import functional as F
        from ... import _dtype as mstype
        x = _image(self.name, images)
        h, w = _size_of(self.name, size, 2)
        t = "align" if self.align_corners else "half"
        return RS.resize(F.cast(x, mstype.float32), [RS.spec(1, h, "area_tf", t), RS.spec(2, w, "area_tf", t)])


class ResizeLinear1D(Primitive):
    """``ops.ResizeLinear1D(coordinate_transformation_mode='align_corners')(x, size)``: linear resize of the last
    axis of an (N, C, W) Tensor; modes 'align_corners', 'half_pixel', 'asymmetric'."""

    def __init__(self, coordinate_transformation_mode="align_corners"):
        super().__init__("ResizeLinear1D")
        set_attrs(self, coordinate_transformation_mode=check_str(
            self.name, "coordinate_transformation_mode", coordinate_transformation_mode,
            ("align_corners", "half_pixel", "asymmetric")))

    def __call__(self, x, size):
        x = _image(self.name, x, 3, floats_only=True)
        (w,) = _size_of(self.name, size, 1)
        t = {"align_corners": "align", "half_pixel": "half", "asymmetric": "asym"}[
            self.coordinate_transformation_mode]
        return RS.resize(x, [RS.spec(2, w, "linear", t)])


def _size_3d(name, x, output_size, scales):
    if (output_size is None) == (scales is None):
        raise ValueError(f"For '{name}', only one of 'output_size' and 'scales' must be specified.")
    if output_size is not None:
        return _size_of(name, output_size, 3), (None, None, None)
    if isinstance(scales, Tensor):
        import numpy as np
        scales = np.asarray(scales._data).reshape(-1).tolist()
    scales = tuple(float(s) for s in scales)
    if len(scales) != 3 or any(s <= 0 for s in scales):
        raise ValueError(f"For '{name}', the 'scales' must be 3 positive floats, but got {scales}.")
    import math
    return tuple(int(math.floor(n * s)) for n, s in zip(x.shape[2:], scales)), tuple(1.0 / s for s in scales)


class UpsampleNearest3D(Primitive):
    """``ops.UpsampleNearest3D()(x, output_size=None, scales=None)``: nearest-neighbour upsampling of the last
    three axes of an NCDHW Tensor."""

    def __init__(self):
        super().__init__("UpsampleNearest3D")

    def __call__(self, x, output_size=None, scales=None):
        x = _image(self.name, x, 5)
        out, inv = _size_3d(self.name, x, output_size, scales)
        return RS.resize(x, [RS.spec(2 + i, o, "nearest", "asym", inv[i]) for i, o in enumerate(out)])


class UpsampleTrilinear3D(Primitive):
    """``ops.UpsampleTrilinear3D(align_corners=False)(x, output_size=None, scales=None)``: trilinear upsampling
    of the last three axes of an NCDHW float Tensor."""

    def __init__(self, align_corners=False):
        super().__init__("UpsampleTrilinear3D")
        set_attrs(self, align_corners=check_bool(self.name, "align_corners", align_corners))

    def __call__(self, x, output_size=None, scales=None):
        x = _image(self.name, x, 5, floats_only=True)
        out, inv = _size_3d(self.name, x, output_size, scales)
        t = "align" if self.align_corners else "half"
        return RS.resize(x, [RS.spec(2 + i, o, "linear", t, inv[i]) for i, o in enumerate(out)])


# ---- detection and colour ops (defined in ops/_image_more.py) -------------------------------------------
from .. import _image_more as IM  # noqa: E402
from ._utils import simple, check_float  # noqa: E402

CheckValid = simple("CheckValid", IM.check_valid, "``ops.CheckValid()(bboxes, img_metas)``: which boxes lie in "
                    "the image of (height, width, ratio).")
RGBToHSV = simple("RGBToHSV", IM.rgb_to_hsv, "``ops.RGBToHSV()(images)``: RGB to HSV along the last axis.")
HSVToRGB = simple("HSVToRGB", IM.hsv_to_rgb, "``ops.HSVToRGB()(x)``: HSV to RGB along the last axis.")
AdjustHue = simple("AdjustHue", IM.adjust_hue, "``ops.AdjustHue()(image, delta)``: the hue rotated by delta.")
AdjustSaturation = simple("AdjustSaturation", IM.adjust_saturation,
                          "``ops.AdjustSaturation()(image, scale)``: the saturation multiplied by scale.")


class IOU(Primitive):
    """``ops.IOU(mode='iou')(anchor_boxes, gt_boxes)``: intersection over union ('iou') or over the ground
    truth ('iof') of every pair of boxes, shape (M, N)."""

    def __init__(self, mode="iou"):
        super().__init__("IOU")
        if mode not in ("iou", "iof"):
            raise KeyError(f"For 'IOU', the 'mode' must be 'iou' or 'iof', but got '{mode}'.")
        set_attrs(self, mode=mode)

    def __call__(self, anchor_boxes, gt_boxes):
        return IM.iou(anchor_boxes, gt_boxes, self.mode)


class BoundingBoxEncode(Primitive):
    """``ops.BoundingBoxEncode(means=(0., 0., 0., 0.), stds=(1., 1., 1., 1.))(anchor_box, groundtruth_box)``."""

    def __init__(self, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
        super().__init__("BoundingBoxEncode")
        set_attrs(self, means=IM._four_floats(self.name, "means", means),
                  stds=IM._four_floats(self.name, "stds", stds))

    def __call__(self, anchor_box, groundtruth_box):
        return IM.bounding_box_encode(anchor_box, groundtruth_box, self.means, self.stds)


class BoundingBoxDecode(Primitive):
    """``ops.BoundingBoxDecode(max_shape, means=(0., 0., 0., 0.), stds=(1., 1., 1., 1.), wh_ratio_clip=0.016)
    (anchor_box, deltas)``."""

    def __init__(self, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
        super().__init__("BoundingBoxDecode")
        set_attrs(self, max_shape=max_shape, means=IM._four_floats(self.name, "means", means),
                  stds=IM._four_floats(self.name, "stds", stds),
                  wh_ratio_clip=check_float(self.name, "wh_ratio_clip", wh_ratio_clip))

    def __call__(self, anchor_box, deltas):
        return IM.bounding_box_decode(anchor_box, deltas, self.max_shape, self.means, self.stds, self.wh_ratio_clip)


class NMSWithMask(Primitive):
    """``ops.NMSWithMask(iou_threshold=0.5)(bboxes)``: (boxes sorted by score, their indices, kept mask)."""

    def __init__(self, iou_threshold=0.5):
        super().__init__("NMSWithMask")
        set_attrs(self, iou_threshold=check_float(self.name, "iou_threshold", iou_threshold))

    def __call__(self, bboxes):
        return IM.nms_with_mask(bboxes, self.iou_threshold)


class CropAndResize(Primitive):
    """``ops.CropAndResize(method='bilinear', extrapolation_value=0.0)(x, boxes, box_index, crop_size)``."""

    def __init__(self, method="bilinear", extrapolation_value=0.0):
        super().__init__("CropAndResize")
        set_attrs(self, method=check_str(self.name, "method", method, ("bilinear", "nearest", "bilinear_v2")),
                  extrapolation_value=check_float(self.name, "extrapolation_value", extrapolation_value))

    def __call__(self, x, boxes, box_index, crop_size):
        return IM.crop_and_resize(x, boxes, box_index, tuple(crop_size), self.method, self.extrapolation_value)

from ... import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore has here Primitives mindjax defines in other files (first use)

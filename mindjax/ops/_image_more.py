"""Image and detection ops: iou, bounding-box encode/decode, check_valid, NMS with mask,
crop_and_resize, the RGB/HSV conversions and hue/saturation adjustment.

The box formulas follow MindSpore's kernels (pixel boxes: widths are x2 - x1 + 1).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply

__all__ = ["iou", "bounding_box_encode", "bounding_box_decode", "check_valid", "crop_and_resize"]


def _boxes(name: str, arg: str, x, width: int = 4) -> Tensor:
    x = tensor_of(x, name)
    if x.dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError(f"For '{name}', the dtype of '{arg}' must be float16, float32 or float64, but got "
                        f"{x.dtype}.")
    if x.ndim != 2 or x.shape[1] != width:
        raise ValueError(f"For '{name}', the '{arg}' must be a 2-D Tensor of shape (N, {width}), but got "
                         f"{list(x.shape)}.")
    return x


# ---- IOU ------------------------------------------------------------------------------------------
def _iou_fwd(anchor, gt, *, iof):
    a, g = anchor[None, :, :], gt[:, None, :]  # (M, N): ground truths by anchors
    w = jnp.maximum(jnp.minimum(a[..., 2], g[..., 2]) - jnp.maximum(a[..., 0], g[..., 0]) + 1, 0)
    h = jnp.maximum(jnp.minimum(a[..., 3], g[..., 3]) - jnp.maximum(a[..., 1], g[..., 1]) + 1, 0)
    inter = w * h
    area_a = (a[..., 2] - a[..., 0] + 1) * (a[..., 3] - a[..., 1] + 1)
    area_g = (g[..., 2] - g[..., 0] + 1) * (g[..., 3] - g[..., 1] + 1)
    eps = jnp.asarray(1e-10, anchor.dtype)
    return inter / (area_g + eps) if iof else inter / (area_a + area_g - inter + eps)


def _iou_bprop(ctx, dout):
    from .array import zeros_like
    return zeros_like(ctx.inputs[0]), zeros_like(ctx.inputs[1])  # MindSpore's IOU has zero gradients


_iou = Op("IOU", _iou_fwd, _iou_bprop)


def iou(anchor_boxes, gt_boxes, mode: str = "iou") -> Tensor:
    """``ops.iou``: the intersection over union ('iou') or over the ground-truth area ('iof') of every
    (ground truth, anchor) pair of (x1, y1, x2, y2) boxes; shape (M, N).

    Examples:
        >>> import mindjax as ms
        >>> a = ms.Tensor([[0., 0., 1., 1.]])
        >>> print(ms.ops.iou(a, ms.Tensor([[0., 0., 1., 3.]])))
        [[0.5]]
    """
    if mode not in ("iou", "iof"):
        raise KeyError(f"For 'IOU', the 'mode' must be 'iou' or 'iof', but got '{mode}'.")
    a, g = _boxes("IOU", "anchor_boxes", anchor_boxes), _boxes("IOU", "gt_boxes", gt_boxes)
    if a.dtype != g.dtype:
        raise TypeError(f"For 'IOU', the dtypes of 'anchor_boxes' and 'gt_boxes' must be the same, but got "
                        f"{a.dtype} and {g.dtype}.")
    return apply(_iou, (a, g), {"iof": mode == "iof"})


# ---- bounding boxes ---------------------------------------------------------------------------------
def _centers(b):
    return ((b[:, 0] + b[:, 2]) * 0.5, (b[:, 1] + b[:, 3]) * 0.5, b[:, 2] - b[:, 0] + 1, b[:, 3] - b[:, 1] + 1)


def _encode_fwd(anchor, gt, *, means, stds):
    px, py, pw, ph = _centers(anchor)
    gx, gy, gw, gh = _centers(gt)
    d = jnp.stack([(gx - px) / pw, (gy - py) / ph, jnp.log(gw / pw), jnp.log(gh / ph)], axis=1)
    return ((d - jnp.asarray(means, d.dtype)) / jnp.asarray(stds, d.dtype)).astype(anchor.dtype)


def _decode_fwd(anchor, deltas, *, means, stds, max_shape, clip):
    d = deltas * jnp.asarray(stds, deltas.dtype) + jnp.asarray(means, deltas.dtype)
    dw, dh = jnp.clip(d[:, 2], -clip, clip), jnp.clip(d[:, 3], -clip, clip)
    px, py, pw, ph = _centers(anchor)
    gx, gy = px + pw * d[:, 0], py + ph * d[:, 1]
    gw, gh = pw * jnp.exp(dw), ph * jnp.exp(dh)
    hmax, wmax = max_shape
    x1 = jnp.clip(gx - gw * 0.5 + 0.5, 0, wmax)
    y1 = jnp.clip(gy - gh * 0.5 + 0.5, 0, hmax)
    x2 = jnp.clip(gx + gw * 0.5 - 0.5, 0, wmax)
    y2 = jnp.clip(gy + gh * 0.5 - 0.5, 0, hmax)
    return jnp.stack([x1, y1, x2, y2], axis=1).astype(anchor.dtype)


_encode = Op("BoundingBoxEncode", _encode_fwd, "vjp")
_decode = Op("BoundingBoxDecode", _decode_fwd, "vjp")


def _four_floats(name, arg, v):
    if not isinstance(v, (tuple, list)) or len(v) != 4 or not all(isinstance(x, (int, float)) for x in v):
        raise TypeError(f"For '{name}', the '{arg}' must be a tuple or list of 4 floats, but got {v}.")
    return tuple(float(x) for x in v)


def _same_boxes(name, a, b, arg_b):
    if a.shape != b.shape:
        raise ValueError(f"For '{name}', the shape of 'anchor_box' and '{arg_b}' must be the same, but got "
                         f"{list(a.shape)} and {list(b.shape)}.")


def bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
    """``ops.bounding_box_encode``: the (dx, dy, dw, dh) deltas that move each anchor box onto its ground
    truth, normalized by ``means`` and ``stds``."""
    means, stds = _four_floats("BoundingBoxEncode", "means", means), _four_floats("BoundingBoxEncode", "stds", stds)
    if any(s == 0 for s in stds):
        raise ValueError("For 'BoundingBoxEncode', the 'stds' must not contain 0.")
    a = _boxes("BoundingBoxEncode", "anchor_box", anchor_box)
    g = _boxes("BoundingBoxEncode", "groundtruth_box", groundtruth_box)
    _same_boxes("BoundingBoxEncode", a, g, "groundtruth_box")
    return apply(_encode, (a, g), {"means": means, "stds": stds})


def bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
                        wh_ratio_clip=0.016):
    """``ops.bounding_box_decode``: the boxes that ``deltas`` make of the anchor boxes, clipped to
    ``max_shape`` (height, width)."""
    import math
    means, stds = _four_floats("BoundingBoxDecode", "means", means), _four_floats("BoundingBoxDecode", "stds", stds)
    if not isinstance(max_shape, (tuple, list)) or len(max_shape) != 2:
        raise ValueError(f"For 'BoundingBoxDecode', the 'max_shape' must be a tuple of 2 ints, but got {max_shape}.")
    if not isinstance(wh_ratio_clip, float):
        raise TypeError(f"For 'BoundingBoxDecode', the 'wh_ratio_clip' must be a float, but got "
                        f"{type(wh_ratio_clip).__name__}.")
    a = _boxes("BoundingBoxDecode", "anchor_box", anchor_box)
    d = _boxes("BoundingBoxDecode", "deltas", deltas)
    _same_boxes("BoundingBoxDecode", a, d, "deltas")
    return apply(_decode, (a, d), {"means": means, "stds": stds, "max_shape": tuple(float(m) for m in max_shape),
                                   "clip": abs(math.log(wh_ratio_clip))})


def _check_valid_fwd(b, metas):
    m = metas.astype(jnp.float64 if b.dtype == jnp.float64 else jnp.float32)
    w, h = m[1] * m[2] - 1, m[0] * m[2] - 1
    bad = (b[:, 0] < 0) | (b[:, 1] < 0) | (w < b[:, 2]) | (h < b[:, 3])
    return ~bad


_check_valid = Op("CheckValid", _check_valid_fwd, None)


def check_valid(bboxes, img_metas) -> Tensor:
    """``ops.check_valid``: whether each (x1, y1, x2, y2) box lies inside the image of
    ``img_metas`` = (height, width, ratio)."""
    b = tensor_of(bboxes, "CheckValid")
    m = tensor_of(img_metas, "CheckValid")
    if b.ndim != 2 or b.shape[1] != 4:
        raise ValueError(f"For 'CheckValid', the 'bboxes' must be a 2-D Tensor of shape (N, 4), but got "
                         f"{list(b.shape)}.")
    if m.shape != (3,):
        raise ValueError(f"For 'CheckValid', the 'img_metas' must be a 1-D Tensor of 3 values, but got "
                         f"{list(m.shape)}.")
    return apply(_check_valid, (b, m), {})


# ---- NMS --------------------------------------------------------------------------------------------
def _nms_fwd(boxes, *, thr):
    n = boxes.shape[0]
    order = jnp.argsort(-boxes[:, 4], stable=True)
    out = boxes[order]
    b = out[:, :4]
    x1 = jnp.maximum(b[:, None, 0], b[None, :, 0])
    y1 = jnp.maximum(b[:, None, 1], b[None, :, 1])
    x2 = jnp.minimum(b[:, None, 2], b[None, :, 2])
    y2 = jnp.minimum(b[:, None, 3], b[None, :, 3])
    inter = jnp.maximum(x2 - x1, 0) * jnp.maximum(y2 - y1, 0)
    area = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    keep_pair = ~(inter / (area[:, None] + area[None, :] - inter) > thr)
    keep_pair = keep_pair | ~jnp.triu(jnp.ones((n, n), bool), 1)  # only later boxes are suppressed

    def body(i, sel):
        return jnp.where(sel[i], sel & keep_pair[i], sel)
    sel = jax.lax.fori_loop(0, max(n - 1, 0), body, jnp.ones((n,), bool))
    # MindSpore's second output is the position in the sorted boxes (0..N-1), not the input index
    return out, jnp.arange(n, dtype=jnp.int32), sel


_nms = Op("NMSWithMask", _nms_fwd, None, n_out=3)


def nms_with_mask(bboxes, iou_threshold: float = 0.5):
    """``ops.NMSWithMask(iou_threshold)(bboxes)``: the (x1, y1, x2, y2, score) boxes sorted by score, their
    original indices, and which survive non-maximum suppression."""
    b = tensor_of(bboxes, "NMSWithMask")
    if b.dtype not in (mstype.float16, mstype.float32):
        raise TypeError(f"For 'NMSWithMask', the dtype of 'bboxes' must be float16 or float32, but got {b.dtype}.")
    if b.ndim != 2 or b.shape[1] != 5:
        raise ValueError(f"For 'NMSWithMask', the 'bboxes' must be a 2-D Tensor of shape (N, 5), but got "
                         f"{list(b.shape)}.")
    return apply(_nms, (b,), {"thr": float(iou_threshold)})


# ---- crop and resize ----------------------------------------------------------------------------------
def _crop_fwd(image, boxes, idx, *, size, nearest, extrapolation):
    _, h, w, _ = image.shape
    ch, cw = size
    y1, x1, y2, x2 = (boxes[:, k][:, None] for k in range(4))
    i, j = jnp.arange(ch, dtype=jnp.float32)[None], jnp.arange(cw, dtype=jnp.float32)[None]
    ty = y1 * (h - 1) + i * ((y2 - y1) * (h - 1) / (ch - 1)) if ch > 1 else 0.5 * (y1 + y2) * (h - 1) + 0 * i
    tx = x1 * (w - 1) + j * ((x2 - x1) * (w - 1) / (cw - 1)) if cw > 1 else 0.5 * (x1 + x2) * (w - 1) + 0 * j
    img = image.astype(jnp.float32)[idx]  # (n, h, w, c)
    inside = ((ty >= 0) & (ty <= h - 1))[:, :, None] & ((tx >= 0) & (tx <= w - 1))[:, None, :]
    take = jax.vmap(lambda im, ys, xs: im[ys[:, None], xs[None, :]])
    if nearest:
        # C's roundf (half away from zero; the positions are >= 0 where used), not round-half-even
        yi = jnp.clip(jnp.floor(ty + 0.5), 0, h - 1).astype(jnp.int32)
        xi = jnp.clip(jnp.floor(tx + 0.5), 0, w - 1).astype(jnp.int32)
        val = take(img, yi, xi)
    else:
        y0f, x0f = jnp.floor(ty), jnp.floor(tx)
        y0 = jnp.clip(y0f, 0, h - 1).astype(jnp.int32)
        x0 = jnp.clip(x0f, 0, w - 1).astype(jnp.int32)
        y1i, x1i = jnp.clip(jnp.ceil(ty), 0, h - 1).astype(jnp.int32), jnp.clip(jnp.ceil(tx), 0, w - 1).astype(
            jnp.int32)
        dy, dx = (ty - y0f)[:, :, None, None], (tx - x0f)[:, None, :, None]
        top = take(img, y0, x0) * (1 - dx) + take(img, y0, x1i) * dx
        bottom = take(img, y1i, x0) * (1 - dx) + take(img, y1i, x1i) * dx
        val = top * (1 - dy) + bottom * dy
    return jnp.where(inside[..., None], val, jnp.float32(extrapolation))


_crop = Op("CropAndResize", _crop_fwd, "vjp")


def crop_and_resize(image, boxes, box_indices, crop_size, method: str = "bilinear", extrapolation_value=0.0):
    """``ops.crop_and_resize``: crops of the NHWC ``image`` at the normalized (y1, x1, y2, x2) ``boxes`` of
    the images ``box_indices``, resized to ``crop_size``; float32 (num_boxes, crop_h, crop_w, C).
    Methods 'bilinear' and 'nearest' ('bilinear_v2' is not available here)."""
    for arg, v in (("image", image), ("boxes", boxes), ("box_indices", box_indices)):
        if not isinstance(v, Tensor):
            raise TypeError(f"For crop_and_resize, the input {arg} must be a tensor")
    if not isinstance(crop_size, tuple):
        raise TypeError(f"For crop_and_resize, the input crop_size must be a tuple, but got {type(crop_size)}")
    if len(crop_size) != 2:
        raise ValueError(f"For crop_and_resize, the crop_size's length must be 2, bot got {len(crop_size)}")
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in crop_size):
        raise TypeError("For crop_and_resize, the crop_size's value must be int.")
    if any(c <= 0 for c in crop_size):
        raise ValueError("For crop_and_resize, the crop_size's value must be positive.")
    if method not in ("bilinear", "nearest", "bilinear_v2"):
        raise ValueError(f"For crop_and_resize, the method must be 'bilinear', 'nearest' or 'bilinear_v2', but got "
                         f"{method}.")
    if method == "bilinear_v2":
        raise ValueError("For crop_and_resize, the method 'bilinear_v2' is not available in mindjax; use "
                         "'bilinear'.")
    if image.ndim != 4:
        raise ValueError(f"For crop_and_resize, the input image must be 4D, but got {image.ndim}D.")
    if boxes.ndim != 2 or boxes.shape[1] != 4:
        raise ValueError(f"For crop_and_resize, the input boxes must be 2D and the second-dim must be 4, but got "
                         f"{list(boxes.shape)}")
    if box_indices.ndim != 1:
        raise ValueError(f"For crop_and_resize, the input box_indices must be 1D, but got {list(box_indices.shape)}")
    if box_indices.shape[0] != boxes.shape[0]:
        raise ValueError("For crop_and_resize, the first dim of input box_indices must be equal to that of input "
                         "boxes")
    return apply(_crop, (image, boxes, box_indices), {"size": crop_size, "nearest": method == "nearest",
                                                      "extrapolation": float(extrapolation_value)})


# ---- colour spaces ------------------------------------------------------------------------------------
def _rgb_to_hsv(rgb):
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    v = jnp.maximum(jnp.maximum(r, g), b)
    mn = jnp.minimum(jnp.minimum(r, g), b)
    rng = v - mn
    s = jnp.where(v > 0, rng / jnp.where(v > 0, v, 1), 0)
    safe = jnp.where(rng > 0, rng, 1)
    h = jnp.where(v == r, (g - b) / safe, jnp.where(v == g, 2 + (b - r) / safe, 4 + (r - g) / safe))
    h = jnp.where(rng > 0, h / 6, 0)
    h = jnp.where(h < 0, h + 1, h)
    return jnp.stack([h, s, v], axis=-1)


def _hsv_to_rgb(hsv):
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    c = s * v
    m = v - c
    dh = h * 6
    x = c * (1 - jnp.abs(jnp.mod(dh, 2) - 1))
    k = jnp.floor(dh).astype(jnp.int32) % 6
    zero = jnp.zeros_like(c)
    r = jnp.select([k == 0, k == 1, k == 2, k == 3, k == 4], [c, x, zero, zero, x], c)
    g = jnp.select([k == 0, k == 1, k == 2, k == 3, k == 4], [x, c, c, x, zero], zero)
    b = jnp.select([k == 0, k == 1, k == 2, k == 3, k == 4], [zero, zero, x, c, c], x)
    return jnp.stack([r + m, g + m, b + m], axis=-1)


def _adjust_fwd(img, value, *, kind):
    dt = img.dtype
    x = img.astype(jnp.float32) if dt == jnp.float16 else img
    hsv = _rgb_to_hsv(x)
    value = value.astype(x.dtype)
    if kind == "hue":
        h = jnp.mod(hsv[..., 0] + value, 1.0)
        hsv = jnp.stack([h, hsv[..., 1], hsv[..., 2]], axis=-1)
    else:
        hsv = jnp.stack([hsv[..., 0], jnp.clip(hsv[..., 1] * value, 0, 1), hsv[..., 2]], axis=-1)
    return _hsv_to_rgb(hsv).astype(dt)


_rgb2hsv = Op("RGBToHSV", _rgb_to_hsv, "vjp")
_hsv2rgb = Op("HSVToRGB", _hsv_to_rgb, "vjp")
_adjust = Op("AdjustHue", _adjust_fwd, "vjp")


def _rgb_image(name, x):
    x = tensor_of(x, name)
    if x.dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError(f"For '{name}', the input must be a float16, float32 or float64 Tensor, but got {x.dtype}.")
    if x.ndim < 1 or x.shape[-1] != 3:
        raise ValueError(f"For '{name}', the last dimension of the input must be 3, but got shape {list(x.shape)}.")
    return x


def rgb_to_hsv(images) -> Tensor:
    """``ops.RGBToHSV()(images)``: RGB values in [0, 1] (last axis) to hue, saturation, value in [0, 1]."""
    return apply(_rgb2hsv, (_rgb_image("RGBToHSV", images),), {})


def hsv_to_rgb(x) -> Tensor:
    """``ops.HSVToRGB()(x)``: hue, saturation, value in [0, 1] (last axis of a 4-D Tensor) to RGB."""
    x = _rgb_image("HSVToRGB", x)
    if x.ndim != 4:
        raise ValueError(f"For 'HSVToRGB', the dimension of 'x' must be 4, but got {x.ndim}.")
    return apply(_hsv2rgb, (x,), {})


def adjust_hue(image, delta) -> Tensor:
    """``ops.AdjustHue()(image, delta)``: the hue of the RGB ``image`` rotated by ``delta`` (a fraction of a turn)."""
    x = _rgb_image("AdjustHue", image)
    return apply(_adjust, (x, tensor_of(delta, "AdjustHue", mstype.float32)), {"kind": "hue"})


def adjust_saturation(image, scale) -> Tensor:
    """``ops.AdjustSaturation()(image, scale)``: the saturation of the RGB ``image`` multiplied by ``scale``."""
    x = _rgb_image("AdjustSaturation", image)
    return apply(_adjust, (x, tensor_of(scale, "AdjustSaturation", mstype.float32)), {"kind": "saturation"})

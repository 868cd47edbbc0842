"""Transforms of an (image, bounding boxes) pair, boxes as rows ``[x, y, width, height, ...]``:
flips, resize, crops, and BoundingBoxAugment, with MindSpore's box bookkeeping (boxes that leave a
crop are dropped, the others clipped to it)."""
import numpy as np

from .. import _random
from . import _draw
from ..engine import _errors as E
from ..engine import validators as V
from .transforms import (_check_prob, _crop_size, _fill_arg, _image, _Op, _pad, _padding_arg, _resize, _size_arg,
                         Border, RandomResizedCrop)
from .utils import Inter

__all__ = ["RandomHorizontalFlipWithBBox", "RandomVerticalFlipWithBBox", "ResizeWithBBox", "RandomResizeWithBBox",
           "RandomCropWithBBox", "RandomResizedCropWithBBox", "BoundingBoxAugment"]

_EPS = 1e-5


def _bbox_error(text):
    """MindSpore words box-validation failures under 'Unexpected error.' rather than the pipeline header."""
    err = E.pipeline_error(text)
    return RuntimeError("Unexpected error. " + str(err)[str(err).index("\n"):])


def _validate(img, boxes):
    img, boxes = _image(img), _image(boxes)
    if boxes.ndim != 2:
        raise E.pipeline_error(f"BoundingBox: bounding boxes should have to be two-dimensional matrix at least, but "
                               f"got {boxes.ndim} dimension.")
    if img.ndim < 2:
        raise E.pipeline_error("Invalid data, input image hasn't been decoded, you may need to perform Decode first.")
    if boxes.shape[1] < 4:
        raise E.pipeline_error(f"BoundingBox: bounding boxes should be have at least 4 features, but got: "
                               f"{boxes.shape[1]}")
    h, w = img.shape[:2]
    b = boxes.astype(np.float32)
    for x, y, bw, bh in b[:, :4]:
        if x + bw - w > _EPS or y + bh - h > _EPS:
            raise _bbox_error(f"BoundingBox: bounding boxes is out of bounds of the image, as image width: {w}, "
                                   f"bbox width coordinate: {x + bw:.6f}, and image height: {h}, bbox height "
                                   f"coordinate: {y + bh:.6f}")
        if x < -_EPS or y < -_EPS:
            raise _bbox_error(f"BoundingBox: the coordinates of the bounding boxes has negative value, got: "
                                   f"({x:.6f},{y:.6f}).")
    return img, boxes


def _crop_boxes(boxes, x0, y0, x1, y1):
    """MindSpore's UpdateBBoxesForCrop: keep boxes overlapping [x0, x1] x [y0, y1], clipped and shifted."""
    out = []
    f32 = np.float32
    for row in boxes.astype(np.float32):
        x, y, bw, bh = row[:4]
        xm, ym = f32(x + bw), f32(y + bh)
        if x > x1 or y > y1 or xm < x0 or ym < y0:
            continue
        nx = f32(x - min(f32(0), f32(x - x0)) - x0)
        ny = f32(y - min(f32(0), f32(y - y0)) - y0)
        xm = f32(xm - max(f32(0), f32(xm - x1)) - x0)
        ym = f32(ym - max(f32(0), f32(ym - y1)) - y0)
        nx, ny = max(nx, f32(0)), max(ny, f32(0))
        xm, ym = min(xm, f32(x1 - x0)), min(ym, f32(y1 - y0))
        r = row.copy()
        r[:4] = [nx, ny, xm - nx, ym - ny]
        out.append(r)
    return np.array(out, np.float32).reshape(len(out), boxes.shape[1])


def _resize_boxes(boxes, tw, th, ow, oh):
    b = boxes.astype(np.float32).copy()
    rw, rh = np.float32(tw) / np.float32(ow), np.float32(th) / np.float32(oh)
    b[:, 0] *= rw
    b[:, 1] *= rh
    b[:, 2] *= rw
    b[:, 3] *= rh
    return b


class _BBoxOp(_Op):
    def __call__(self, img, boxes):
        img, boxes = _validate(img, boxes)
        return self._apply2(img, boxes)


class RandomHorizontalFlipWithBBox(_BBoxOp):
    """Mirror image and boxes left-right with probability ``prob``."""

    def __init__(self, prob: float = 0.5):
        self.prob = _check_prob(prob)

    def _apply2(self, img, boxes):
        if _draw.bernoulli(_draw.stream(self), self.prob):
            b = boxes.astype(np.float32).copy()
            b[:, 0] = np.float32(img.shape[1]) - b[:, 0] - b[:, 2]
            return img[:, ::-1].copy(), b.astype(boxes.dtype)
        return img, boxes


class RandomVerticalFlipWithBBox(_BBoxOp):
    """Mirror image and boxes top-bottom with probability ``prob``."""

    def __init__(self, prob: float = 0.5):
        self.prob = _check_prob(prob)

    def _apply2(self, img, boxes):
        if _draw.bernoulli(_draw.stream(self), self.prob):
            b = boxes.astype(np.float32).copy()
            b[:, 1] = np.float32(img.shape[0]) - b[:, 1] - b[:, 3]
            return img[::-1].copy(), b.astype(boxes.dtype)
        return img, boxes


class ResizeWithBBox(_BBoxOp):
    """Resize as ``Resize`` and scale the boxes with it."""

    def __init__(self, size, interpolation=Inter.LINEAR):
        self.size = _size_arg(size)
        V.type_check(interpolation, (Inter,), "interpolation")
        self.interpolation = interpolation

    def _apply2(self, img, boxes, inter=None):
        h, w = img.shape[:2]
        out = _resize(img, self.size, inter if inter is not None else self.interpolation)
        return out, _resize_boxes(boxes, out.shape[1], out.shape[0], w, h)


class RandomResizeWithBBox(ResizeWithBBox):
    """ResizeWithBBox with an interpolation drawn from bilinear, nearest, bicubic and area."""

    def __init__(self, size):
        super().__init__(size)

    def _apply2(self, img, boxes, inter=None):
        modes = (Inter.BILINEAR, Inter.NEAREST, Inter.BICUBIC, Inter.AREA)
        return super()._apply2(img, boxes, modes[_draw.uniform_int(_draw.stream(self), 0, 3)])


class RandomCropWithBBox(_BBoxOp):
    """RandomCrop of the image; boxes shifted by the padding, clipped to the crop, dropped when outside it."""

    def __init__(self, size, padding=None, pad_if_needed: bool = False, fill_value=0, padding_mode=Border.CONSTANT):
        self.size = _crop_size(size)
        self.padding = _padding_arg(padding)
        V.type_check(pad_if_needed, (bool,), "pad_if_needed")
        self.pad_if_needed = pad_if_needed
        self.fill_value = _fill_arg(fill_value)
        V.type_check(padding_mode, (Border,), "padding_mode")
        self.padding_mode = padding_mode

    def _apply2(self, img, boxes):
        b = boxes.astype(np.float32).copy()
        if self.padding is not None:
            left, top = self.padding[0], self.padding[1]
            img = _pad(img, self.padding, self.fill_value, self.padding_mode)
            b[:, 0] += left
            b[:, 1] += top
        ch, cw = self.size
        h, w = img.shape[:2]
        if self.pad_if_needed and (h < ch or w < cw):
            ph, pw = max(ch - h, 0), max(cw - w, 0)
            img = _pad(img, (pw, ph, pw, ph), self.fill_value, self.padding_mode)
            b[:, 0] += pw
            b[:, 1] += ph
            h, w = img.shape[:2]
        if h < ch or w < cw:
            raise E.pipeline_error(f"RandomCropWithBBox: invalid crop size, crop size is bigger than the image "
                                   f"dimensions, got crop height: {ch}, crop width: {cw}.")
        g = _draw.stream(self)
        x = _draw.uniform_int(g, 0, w - cw)  # column first, as MindSpore's RandomCrop
        y = _draw.uniform_int(g, 0, h - ch)
        return img[y:y + ch, x:x + cw].copy(), _crop_boxes(b, x, y, x + cw, y + ch)


class RandomResizedCropWithBBox(_BBoxOp):
    """RandomResizedCrop of the image; boxes cropped then scaled to ``size``."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.), interpolation=Inter.BILINEAR,
                 max_attempts: int = 10):
        self._rrc = RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)
        self.size, self.scale, self.ratio = self._rrc.size, self._rrc.scale, self._rrc.ratio
        self.interpolation, self.max_attempts = interpolation, max_attempts

    def _apply2(self, img, boxes):
        y, x, ch, cw = self._rrc._window(img.shape[0], img.shape[1])
        crop = img[y:y + ch, x:x + cw]
        b = _crop_boxes(boxes, x, y, x + cw, y + ch)
        out = _resize(crop, self.size, self.interpolation)
        return out, _resize_boxes(b, out.shape[1], out.shape[0], cw, ch)


class BoundingBoxAugment(_BBoxOp):
    """Apply ``transform`` to the region of each box with probability ``ratio`` (resized back to the box)."""

    def __init__(self, transform, ratio: float = 0.3):
        if not callable(transform):
            raise TypeError(f"Argument transform with value {transform} is not callable.")
        V.type_check(ratio, (int, float), "ratio")
        V.check_value(ratio, 0.0, 1.0, "ratio")
        self.transform, self.ratio = transform, float(ratio)

    def _apply2(self, img, boxes):
        out = img.copy()
        rng = _random.current()
        for row in boxes.astype(np.float32):
            if rng.random() < self.ratio:
                x, y, bw, bh = (int(v) for v in row[:4])
                region = _image(self.transform(out[y:y + bh, x:x + bw].copy()))
                if region.shape[:2] != (bh, bw):
                    region = _resize(region, (bh, bw), Inter.LINEAR)
                out[y:y + bh, x:x + bw] = region
        return out, boxes


"""TensorBoard event files: building ``Summary`` protos from numpy values and writing them
with tensorboardX's record writer."""
from __future__ import annotations

import logging
import os
import struct
import time
import zlib

import numpy as np

logger = logging.getLogger("mindjax.train")


def _png(image: np.ndarray) -> bytes:
    """PNG bytes of an (H, W, 3) uint8 image."""
    height, width, _ = image.shape
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def _image_canvas(nchw: np.ndarray, cols_max: int = 8) -> np.ndarray:
    """The batch tiled into one (H*rows, W*cols, 3) uint8 image, scaled as MindSpore does:
    uint8 as is, values in [0, 1] times 255, anything else shifted by its minimum."""
    if nchw.shape[1] == 1:
        nchw = np.concatenate([nchw] * 3, axis=1)
    n, _, h, w = nchw.shape
    cols = min(n, cols_max)
    rows = int(np.ceil(n / cols))
    canvas = np.zeros((3, h * rows, w * cols))
    for i in range(n):
        y, x = divmod(i, cols)
        canvas[:, y * h:(y + 1) * h, x * w:(x + 1) * w] = nchw[i]
    canvas = canvas.transpose(1, 2, 0)
    hi, lo = np.max(canvas), np.min(canvas)
    scale, shift = 1.0, 0.0
    if nchw.dtype != np.uint8:
        if 0 <= lo and hi <= 1:
            scale = 255.0
        else:
            if hi != lo:
                scale = 255.0 / (hi - lo + 1)
            shift = lo
    return ((canvas.astype(np.float32) - shift) * scale).astype(np.uint8)


def _histogram_bins(count: int) -> int:
    if not count:
        return 1
    if count <= 5:
        return 2
    if count <= 10:
        return 3
    if count <= 880:
        return count // 10 + 1
    return 90


_TF_DTYPES = {np.dtype(np.float16): 19, np.dtype(np.float32): 1, np.dtype(np.float64): 2, np.dtype(np.int8): 6,
              np.dtype(np.int16): 5, np.dtype(np.int32): 3, np.dtype(np.int64): 9, np.dtype(np.uint8): 4,
              np.dtype(np.uint16): 17, np.dtype(np.uint32): 22, np.dtype(np.uint64): 23, np.dtype(np.bool_): 10}


def summary_value(plugin: str, tag: str, value: np.ndarray):
    """One ``Summary.Value`` (tensorboardX's protos) for ``plugin``; None when not drawable."""
    from tensorboardX.proto.summary_pb2 import HistogramProto, Summary
    from tensorboardX.proto.tensor_pb2 import TensorProto
    from tensorboardX.proto.tensor_shape_pb2 import TensorShapeProto
    if plugin == "scalar":
        return Summary.Value(tag=tag, simple_value=float(next(value.flat)))
    if plugin == "image":
        if value.ndim != 4 or value.shape[1] not in (1, 3) or 0 in value.shape:
            logger.error("The summary tensor %r of shape %s is not an NCHW image with 1 or 3 channels.", tag,
                         value.shape)
            return None
        img = _image_canvas(value)
        return Summary.Value(tag=tag, image=Summary.Image(height=img.shape[0], width=img.shape[1], colorspace=3,
                                                          encoded_image_string=_png(img)))
    if plugin == "histogram":
        finite = value[np.isfinite(value)] if value.dtype.kind == "f" else value.reshape(-1)
        hist = HistogramProto(num=float(value.size))
        if finite.size:
            lo, hi = float(finite.min()), float(finite.max())
            hist.min, hist.max = lo, hi
            hist.sum = float(finite.sum(dtype=np.float64))
            hist.sum_squares = float(np.square(finite, dtype=np.float64).sum())
            if not lo < hi:
                lo, hi = lo - 0.5, hi + 0.5
            counts, edges = np.histogram(finite, bins=np.linspace(lo, hi, _histogram_bins(finite.size) + 1))
            hist.bucket_limit.extend(float(e) for e in edges[1:])
            hist.bucket.extend(float(c) for c in counts)
        return Summary.Value(tag=tag, histo=hist)
    if plugin == "tensor":
        dtype = _TF_DTYPES.get(value.dtype)
        if dtype is None:
            raise TypeError(f"Transform numpy type failed in Summary, the type {value.dtype} is not supported.")
        shape = TensorShapeProto(dim=[TensorShapeProto.Dim(size=int(d)) for d in value.shape])
        proto = TensorProto(dtype=dtype, tensor_shape=shape,
                            tensor_content=np.ascontiguousarray(value).astype(value.dtype.newbyteorder("<"))
                            .tobytes())
        return Summary.Value(tag=tag, tensor=proto)
    if plugin == "text":
        from tensorboardX.summary import text
        proto = text(tag, value).value[0]
        proto.tag = tag  # tensorboardX appends "/text_summary"
        return proto
    raise ValueError(f"unknown summary plugin {plugin!r}")


class EventFile:
    """One ``{prefix}.out.tfevents.{time}.{host}{suffix}`` file; stops writing (with a
    warning) once ``max_file_size`` bytes would be exceeded, as MindSpore's writer does."""

    def __init__(self, log_dir: str, prefix: str, suffix: str, max_file_size: int | None):
        from tensorboardX.event_file_writer import EventsWriter
        self._writer = EventsWriter(os.path.join(log_dir, prefix), suffix)
        self.path = self._writer._file_name
        self._writer.flush()
        # the file-version record written first counts against the size limit too
        self._budget = None if max_file_size is None else max_file_size - os.path.getsize(self.path)
        self._closed = False

    def write(self, step: int, values) -> None:
        from tensorboardX.proto.event_pb2 import Event
        from tensorboardX.proto.summary_pb2 import Summary
        values = [v for v in values if v is not None]
        if self._closed or not values:
            return
        event = Event(wall_time=time.time(), step=int(step), summary=Summary(value=values))
        data = event.SerializeToString()
        if self._budget is not None:
            need = len(data) + 16  # a record adds its length and two checksums
            if need > self._budget:
                logger.warning("'max_file_size' reached: There are %s bytes remaining, but the '%s' requires to "
                               "write %s bytes.", self._budget, self.path, need)
                self.close()
                return
            self._budget -= need
        self._writer._write_serialized_event(data)

    def flush(self) -> None:
        if not self._closed:
            self._writer.flush()

    def close(self) -> None:
        if not self._closed:
            self._writer.close()
            self._closed = True

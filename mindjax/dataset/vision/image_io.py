"""JPEG/PNG encoding and writing of ``mindspore.dataset.vision`` (encode_jpeg, encode_png, write_jpeg,
write_png) through Pillow, with MindSpore's argument checks and messages."""
import io

import numpy as np

from ..engine import _errors as E

__all__ = ["encode_jpeg", "encode_png", "write_jpeg", "write_png"]


def _array(image, what="Input image"):
    if hasattr(image, "asnumpy"):
        return image.asnumpy()
    if isinstance(image, np.ndarray):
        return image
    from ..._tensor import Tensor
    raise TypeError(f"{what} is not of type {np.ndarray} or {Tensor}, but got: {type(image)}.")


def _check(image, op):
    if image.dtype != np.uint8:
        raise E.pipeline_error(f"{op}: The type of the image data should be UINT8, but got {_ms_type(image.dtype)}.")
    if image.ndim not in (2, 3):
        raise E.pipeline_error(f"{op}: The image has invalid dimensions. It should have two or three dimensions, "
                               f"but got {image.ndim} dimensions.")
    if image.ndim == 3 and image.shape[2] not in (1, 3):
        raise E.pipeline_error(f"{op}: The image has invalid channels. It should have 1 or 3 channels, but got "
                               f"{image.shape[2]} channels.")
    return image[..., 0] if image.ndim == 3 and image.shape[2] == 1 else image


def _ms_type(dtype):
    return {"float32": "float32", "float64": "float64", "int32": "int32", "int64": "int64"}.get(str(dtype), str(dtype))


def _encode(image, fmt, **kw):
    from PIL import Image
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(image)).save(buf, fmt, **kw)
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


def encode_jpeg(image, quality: int = 75) -> np.ndarray:
    """JPEG bytes (uint8 1-D) of an HW or HWC (1 or 3 channels) uint8 image.

    Examples:
        >>> import numpy as np
        >>> data = encode_jpeg(np.zeros((4, 4, 3), np.uint8))
        >>> data.dtype, data[:2].tolist()
        (dtype('uint8'), [255, 216])
    """
    if not isinstance(quality, int):
        raise TypeError(f"Input quality is not of type {int}, but got: {type(quality)}.")
    image = _check(_array(image), "EncodeJpeg")
    if quality < 1 or quality > 100:
        raise E.pipeline_error(f"EncodeJpeg: Invalid quality {quality}, should be in range of [1, 100].")
    return _encode(image, "JPEG", quality=quality)


def encode_png(image, compression_level: int = 6) -> np.ndarray:
    """PNG bytes (uint8 1-D) of an HW or HWC (1 or 3 channels) uint8 image."""
    if not isinstance(compression_level, int):
        raise TypeError(f"Input compression_level is not of type {int}, but got: {type(compression_level)}.")
    image = _check(_array(image), "EncodePng")
    if compression_level < 0 or compression_level > 9:
        raise E.pipeline_error(f"EncodePng: Invalid compression_level {compression_level}, should be in range of "
                               f"[0, 9].")
    return _encode(image, "PNG", compress_level=compression_level)


def _write(filename, data, op):
    import os
    real = os.path.realpath(filename)
    if os.path.isdir(real) or not os.path.isdir(os.path.dirname(real) or "."):
        raise E.pipeline_error(f"{op}: The file is not a common file or the directory does not exist: {real}")
    data.tofile(real)


def write_jpeg(filename: str, image, quality: int = 75) -> None:
    """Encode ``image`` as JPEG into ``filename``."""
    if not isinstance(filename, str):
        raise TypeError(f"Input filename is not of type {str}, but got: {type(filename)}.")
    if not isinstance(quality, int):
        raise TypeError(f"Input quality is not of type {int}, but got: {type(quality)}.")
    _write(filename, encode_jpeg(_array(image), quality), "WriteJpeg")


def write_png(filename: str, image, compression_level: int = 6) -> None:
    """Encode ``image`` as PNG into ``filename``."""
    if not isinstance(filename, str):
        raise TypeError(f"Input filename is not of type {str}, but got: {type(filename)}.")
    if not isinstance(compression_level, int):
        raise TypeError(f"Input compression_level is not of type {int}, but got: {type(compression_level)}.")
    _write(filename, encode_png(_array(image, "The input image"), compression_level), "WritePng")

"""``mindspore.common.dtype`` (``import mindspore.common.dtype as mstype``): every dtype and
type object, and the conversions between them and numpy/Python types. The definitions
live in ``mindjax._dtype``; this module is their public home."""
from .. import _dtype as _impl
from .._dtype import *  # noqa: F401,F403
from .._dtype import __all__ as _names
from ._quant_dtype import QuantDtype  # noqa: F401

__all__ = list(_names) + ["QuantDtype"]

globals().update({k: v for k, v in vars(_impl).items() if not k.startswith("__") and k not in ("np", "ml_dtypes",
                                                                                               "annotations")})

"""``mindspore.dataset.vision.validators``: the argument checks the vision transforms share."""
from ..engine.validators import check_value, type_check  # noqa: F401
from .transforms import _check_mean_std as check_mean_std, _check_prob as check_prob  # noqa: F401
from .transforms import _crop_size as check_crop_size, _padding_arg as check_padding  # noqa: F401
from .transforms import _fill_arg as check_fill_value, _size_arg as check_size  # noqa: F401

__all__ = ["check_value", "type_check", "check_mean_std", "check_prob", "check_crop_size", "check_padding",
           "check_fill_value", "check_size"]

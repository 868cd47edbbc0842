"""``mindspore.dataset.transforms.validators``: the argument checks the generic transforms share."""
from ..engine.validators import check_value, type_check  # noqa: F401
from .transforms import _np_dtype as check_data_type  # noqa: F401

__all__ = ["check_value", "type_check", "check_data_type"]

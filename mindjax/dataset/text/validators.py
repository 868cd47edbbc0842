"""``mindspore.dataset.text.validators``: the argument checks the text transforms share."""
from ..engine.validators import check_value, type_check  # noqa: F401
from .transforms import _check_vocab as check_vocab  # noqa: F401

__all__ = ["check_value", "type_check", "check_vocab"]

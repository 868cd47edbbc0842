"""``mindspore.common.np_dtype``: numpy scalar types MindSpore adds (bfloat16, from ml_dtypes)."""
from ml_dtypes import bfloat16

__all__ = ["bfloat16", "np_dtype_valid"]


def np_dtype_valid(check: bool) -> bool:
    """Whether numpy can hold bfloat16 values (always, through ml_dtypes)."""
    return True

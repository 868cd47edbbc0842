"""``mindspore._extends.parse``: compiler settings MindSpore's tests switch (``compile_config``)."""
from . import compile_config  # noqa: F401

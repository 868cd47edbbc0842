"""Old path ``mindspore.dataset.transforms.py_transforms``: the same transforms."""
from .transforms import *  # noqa: F401,F403
from .transforms import __all__  # noqa: F401

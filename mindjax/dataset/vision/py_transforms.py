"""Old path ``mindspore.dataset.vision.py_transforms``: the same transforms (numpy in, numpy out)."""
from .transforms import *  # noqa: F401,F403
from .transforms import __all__  # noqa: F401

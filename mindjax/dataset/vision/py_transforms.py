"""Old path ``mindspore.dataset.vision.py_transforms``: the same transforms as ``mindspore.dataset.vision``
(PIL images in, PIL images out where MindSpore's Python transforms take them)."""
from .c_transforms import *  # noqa: F401,F403
from .c_transforms import __all__  # noqa: F401

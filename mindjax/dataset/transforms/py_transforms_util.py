"""``mindspore.dataset.transforms.py_transforms_util``: the functional forms of the generic transforms.

Examples:
    >>> import numpy as np
    >>> one_hot_encoding(np.array([0, 2]), 3).tolist()
    [[1, 0, 0], [0, 0, 1]]
"""
import numpy as np

from .. import _random


def compose(transforms, *args):
    """Apply ``transforms`` one after the other."""
    from .transforms import Compose
    return Compose(list(transforms))(*args)


def one_hot_encoding(label, num_classes, epsilon=0.0):
    """One-hot rows of integer labels, smoothed by ``epsilon``."""
    from .transforms import OneHot
    return OneHot(num_classes, epsilon)(np.asarray(label))


def random_apply(img, transforms, prob):
    """Apply all ``transforms`` with probability ``prob``."""
    if _random.current().random() >= prob:
        return img
    for t in transforms:
        img = t(img)
    return img


def random_choice(img, transforms):
    """Apply one of ``transforms`` chosen at random."""
    return transforms[int(_random.current().integers(len(transforms)))](img)


def random_order(img, transforms):
    """Apply ``transforms`` in a random order."""
    for i in _random.current().permutation(len(transforms)):
        img = transforms[int(i)](img)
    return img


__all__ = ["compose", "one_hot_encoding", "random_apply", "random_choice", "random_order"]

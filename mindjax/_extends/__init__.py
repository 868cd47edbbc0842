"""``mindspore._extends``: the helpers MindSpore's own layers and tests import from it."""
from __future__ import annotations

import functools
import inspect


def cell_attr_register(fn=None, attrs=None):
    """Decorate a Cell's ``__init__`` to record its arguments as ``cell_init_args``: the class
    name and the arguments passed (MindSpore's form, ``"Scale" + str(dict_values([3]))``), or
    the values of the attributes named in ``attrs``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax._extends import cell_attr_register
        >>> class Scale(ms.nn.Cell):
        ...     @cell_attr_register
        ...     def __init__(self, k):
        ...         super().__init__()
        ...         self.k = k
        >>> Scale(3).cell_init_args
        'Scaledict_values([3])'
    """
    def wrap(init):
        @functools.wraps(init)
        def deco(self, *args, **kwargs):
            values = []
            if attrs is None:
                bound = dict(inspect.signature(init).bind(self, *args, **kwargs).arguments)
                del bound["self"]
                values = bound.values()  # the passed arguments only, no defaults
            init(self, *args, **kwargs)
            if isinstance(attrs, list):
                for item in attrs:
                    if not isinstance(item, str):
                        raise ValueError("attr must be a string")
                    if hasattr(self, item):
                        values.append(getattr(self, item))
            elif isinstance(attrs, str):
                values = getattr(self, attrs) if hasattr(self, attrs) else []
            elif attrs is not None:
                raise ValueError("attrs must be list or string")
            self.cell_init_args = type(self).__name__ + str(values)
        return deco
    return wrap(fn) if fn is not None else wrap

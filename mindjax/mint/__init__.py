"""``mindspore.mint``: PyTorch-style functions (``dim``, ``keepdim``, ``input``, torch's dtype rules)
over the same ops as ``mindspore.ops``, plus ``mint.nn``, ``mint.nn.functional``, ``mint.optim``,
``mint.linalg``, ``mint.special`` and ``mint.distributed``.

Every name is an adapter over ``mindjax.ops``; a name whose op is not implemented is absent
(``mint._absent`` lists it with the missing ops).

Example:
    >>> import mindjax as ms
    >>> from mindjax import mint
    >>> values, indices = mint.max(ms.Tensor([[1., 5.], [3., 2.]]), dim=1)
    >>> indices.asnumpy().tolist()
    [1, 0]
"""
from . import _array, _create, _hidden, _math, _matrix, _overload
from ._adapt import install as _install

_absent: dict = {}
_candidates: dict = {}
for _m in (_math, _overload, _array, _create, _matrix):
    _candidates.update(_m.CANDIDATES)
__all__ = _install(globals(), _candidates, _absent)
# names MindSpore's mint has outside its __all__ (mint.ones, mint.ge, mint.item...): present, not exported by *
_install(globals(), _hidden.HIDDEN, _absent)

from . import nn  # noqa: E402
from . import optim, linalg, special, distributed  # noqa: E402
from .nn import functional as _functional  # noqa: E402

# mint.conv2d is mint.nn.functional.conv2d (MindSpore exports it at both places)
for _name in ("conv2d",):
    if hasattr(_functional, _name):
        globals()[_name] = getattr(_functional, _name)
        __all__.append(_name)
    else:
        _absent[_name] = _functional._absent.get(_name, [_name])
del _m, _name

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

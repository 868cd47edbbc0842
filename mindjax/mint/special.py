"""``mindspore.mint.special``: special functions (the same adapters as in ``mint``).

Example:
    >>> import mindjax as ms
    >>> from mindjax.mint import special
    >>> special.exp2(ms.Tensor([3.])).asnumpy().tolist()
    [8.0]
"""
from . import _math
from ._adapt import install as _install
from .nn import functional as _F

_absent: dict = {}
_candidates = {n: _math.CANDIDATES[n] for n in ("erfc", "exp2", "expm1", "log1p", "round", "sinc")}
if "log_softmax" in _F._CANDIDATES:
    _candidates["log_softmax"] = _F._CANDIDATES["log_softmax"]
__all__ = _install(globals(), _candidates, _absent)

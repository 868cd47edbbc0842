"""``mindspore.mint.nn``: PyTorch-style Cells (constructor arguments as PyTorch's, parameter names
and initialisers as MindSpore's mint) over ``mint.nn.functional`` and ``mindjax.ops``.

A Cell whose op is not implemented yet is absent (``_absent`` lists it with the missing ops).

Example:
    >>> import mindjax as ms
    >>> from mindjax.mint import nn
    >>> [p.name for p in nn.Linear(3, 4).get_parameters()]
    ['weight', 'bias']
"""
from . import functional
from . import _layers, _simple
from .._adapt import install as _install

_absent: dict = {}
_candidates = dict(_simple.CANDIDATES)
for _n in ("Linear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose2d", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d",
           "SyncBatchNorm", "GroupNorm", "PReLU"):
    _candidates[_n] = getattr(_layers, _n)
_needs = {"Linear": ("linear",), "Conv1d": ("conv1d",), "Conv2d": ("conv2d",), "Conv3d": ("conv3d",),
          "ConvTranspose2d": ("conv_transpose2d",), "GroupNorm": ("group_norm",), "PReLU": ("prelu",)}
for _n in ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm"):
    _needs[_n] = ("batch_norm",)
for _n, _fn in _needs.items():  # a layer needs the ops of its functional form
    _f = functional._CANDIDATES.get(_fn[0])
    _candidates[_n].__mint_needs__ = getattr(_f, "__mint_needs__", _fn)
__all__ = _install(globals(), _candidates, _absent)
del _n, _fn, _f, _needs

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

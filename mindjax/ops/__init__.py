"""``mindspore.ops``: functional ops, Primitive classes, GradOperation and transforms."""
from . import functional
from .functional import *  # noqa: F401,F403
from .operations import *  # noqa: F401,F403
from ._primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register
from .._autograd.grad import GradOperation, grad, value_and_grad
from . import _tensor_methods as _tm
from . import operations

_tm.install()
del _tm

composite = functional
P = operations


def constexpr(fn=None, **kwargs):
    """``ops.constexpr``: in mindjax every Python function already runs on Python values."""
    if fn is None:
        return lambda f: f
    return fn


def _vmap_lazy(*args, **kwargs):
    from .._jit.transforms import vmap as _vmap
    return _vmap(*args, **kwargs)


def _jacrev_lazy(*args, **kwargs):
    from .._jit.transforms import jacrev as _jacrev
    return _jacrev(*args, **kwargs)


def _jacfwd_lazy(*args, **kwargs):
    from .._jit.transforms import jacfwd as _jacfwd
    return _jacfwd(*args, **kwargs)


vmap, jacrev, jacfwd = _vmap_lazy, _jacrev_lazy, _jacfwd_lazy

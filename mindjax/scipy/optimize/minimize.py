"""``minimize``: unconstrained minimisation of a function written with mindjax ops.

The objective runs on Tensors whose data are JAX tracers, so the whole BFGS loop (with the gradient
from jax's autodiff of the same ops) compiles to one XLA program.
"""
from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.scipy.optimize as jopt

from ..._tensor import Tensor


class OptimizeResults(NamedTuple):
    """The result of ``minimize``: MindSpore's fields, as Tensors."""
    x: Tensor
    success: Tensor
    status: Tensor
    fun: Tensor
    jac: Tensor
    hess_inv: Tensor
    nfev: Tensor
    njev: Tensor
    nit: Tensor


def _objective(func, args):
    def f(x):
        out = func(Tensor._make(x), *args)
        return out._data if isinstance(out, Tensor) else jnp.asarray(out)
    return f


def minimize(func, x0, args=(), method=None, jac=None, hess=None, hessp=None, bounds=None, constraints=(),
             tol=None, callback=None, options=None) -> OptimizeResults:
    """Minimise ``func(x, *args)`` from ``x0`` with BFGS (the gradient is automatic).

    Examples:
        >>> import mindjax as ms
        >>> import mindjax.numpy as mnp
        >>> from mindjax.scipy.optimize import minimize
        >>> res = minimize(lambda x: mnp.sum((x - 1.0) ** 2), mnp.zeros(2), method='BFGS')
        >>> print(res.x)
        [1. 1.]
    """
    if not isinstance(x0, Tensor):
        raise TypeError(f"For 'minimize', 'x0' must be a Tensor, but got {type(x0).__name__}.")
    if method is None or str(method).upper() != "BFGS":
        raise ValueError(f"For 'minimize', only method 'BFGS' is supported, but got {method}.")
    if any(v is not None for v in (jac, hess, hessp, bounds, callback)) or constraints:
        raise ValueError("For 'minimize', jac, hess, hessp, bounds, constraints and callback are not supported.")
    opts = dict(options or {})
    f = _objective(func, tuple(args))
    res = jax.jit(lambda x: jopt.minimize(f, x, method="BFGS", tol=tol, options=opts))(x0._data)
    return OptimizeResults(*(Tensor._make(getattr(res, k)) for k in OptimizeResults._fields))

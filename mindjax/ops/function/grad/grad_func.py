"""``mindspore.ops.function.grad.grad_func``: grad, value_and_grad, vjp, jvp, linearize, jet, derivative,
jacfwd, jacrev, stop_gradient, get_grad and custom_vjp."""
from ...._autograd.grad import grad, value_and_grad  # noqa: F401
from ...._autograd.custom_bprop import custom_vjp  # noqa: F401
from ...._jit.transforms import jacfwd, jacrev  # noqa: F401
from ..._grad_transforms import vjp, jvp, linearize, jet, derivative, get_grad  # noqa: F401
from ...array import stop_gradient  # noqa: F401
from ...reduction import stop_gradient_  # noqa: F401

__all__ = sorted(["grad", "value_and_grad", "jacfwd", "jacrev", "jet", "derivative", "jvp", "vjp", "linearize",
                  "stop_gradient", "stop_gradient_", "get_grad", "custom_vjp"])

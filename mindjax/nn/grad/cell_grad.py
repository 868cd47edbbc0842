"""``nn.Jvp`` and ``nn.Vjp``: the Jacobian-vector and vector-Jacobian products of a network, as Cells.

MindSpore deprecates them in favour of ``ops.jvp``/``ops.vjp``; they share those functions' code.
"""
from __future__ import annotations

from ..cell import Cell
from ..._tensor import Tensor
from ..._autograd.grad import run_grad
from ...ops._grad_transforms import _jvp_core, _check_structure


def _split(name: str, args: tuple):
    if len(args) < 2:
        raise TypeError(f"For '{name}', the inputs must be the network's inputs followed by the vector 'v', but got "
                        f"{len(args)} input(s).")
    inputs, v = args[:-1], args[-1]
    for i, x in enumerate(inputs):
        if not isinstance(x, Tensor):
            raise TypeError(f"For '{name}', the network's inputs must be Tensors, but input {i} is "
                            f"{type(x).__name__}.")
    return inputs, v


class Jvp(Cell):
    """``nn.Jvp(fn)``: ``Jvp(fn)(*inputs, v)`` returns ``(fn(*inputs), J·v)``.

    ``v`` is a Tensor for a one-input network and a tuple with one Tensor per input otherwise.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.nn.grad import Jvp
        >>> out, jv = Jvp(lambda x: x ** 3)(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 1.0]))
        >>> print(jv)
        [ 3. 12.]
    """

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = _split("Jvp", args)
        if len(inputs) == 1:
            if not isinstance(v, Tensor):
                raise TypeError(f"For 'Jvp', with one network input the vector 'v' must be a Tensor, but got "
                                f"{type(v).__name__}.")
            vs = (v,)
        else:
            if not isinstance(v, (tuple, list)) or len(v) != len(inputs) or \
                    not all(isinstance(t, Tensor) for t in v):
                raise TypeError(f"For 'Jvp', with {len(inputs)} network inputs the vector 'v' must be a tuple of "
                                f"{len(inputs)} Tensors, but got {type(v).__name__}.")
            vs = tuple(v)
        return _jvp_core(self.fn, inputs, vs)


class Vjp(Cell):
    """``nn.Vjp(fn)``: ``Vjp(fn)(*inputs, v)`` returns ``(fn(*inputs), vᵀ·J)``.

    The gradient is a Tensor for a one-input network and a tuple (one per input) otherwise;
    ``v`` has the structure of the network's output.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.nn.grad import Vjp
        >>> out, g = Vjp(lambda x: x ** 3)(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 1.0]))
        >>> print(g)
        [ 3. 12.]
    """

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = _split("Vjp", args)
        output = self.fn(*inputs)
        _check_structure("Vjp", output, v)
        _, grads, _ = run_grad(self.fn, inputs, {}, tuple(range(len(inputs))), (), v)
        return output, (grads[0] if len(inputs) == 1 else grads)

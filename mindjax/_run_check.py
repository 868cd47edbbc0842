"""``mindspore.run_check``: check that the installation computes correctly on this machine."""
from __future__ import annotations

import numpy as np


def run_check() -> None:
    """Run a small computation on the default device and say whether it is correct.

    Examples:
        >>> import mindjax as ms
        >>> ms.run_check()  # doctest: +ELLIPSIS
        MindSpore version: ...
    """
    import jax
    from . import __version__
    from ._tensor import Tensor
    from . import ops
    print(f"MindSpore version: {__version__} (mindjax on JAX {jax.__version__})")
    platform = jax.default_backend().upper()
    a = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    try:
        got = ops.mul(Tensor(a), Tensor(a)).asnumpy()
    except Exception as e:  # noqa: BLE001 - the check reports any failure instead of raising
        print(f"MindSpore running check failed: {e}")
        return
    if np.array_equal(got, a * a):
        print(f"The result of multiplication calculation is correct, MindSpore has been installed on platform "
              f"[{platform}] successfully!")
    else:
        print(f"MindSpore running check failed: the result of multiplication is {got.tolist()}, expected "
              f"{(a * a).tolist()}.")

"""The names of the ops a block of code runs, for tests that check which kernels a layer launches."""
import mindjax as ms
from mindjax.ops import _primitive


class OpNames:
    """The names of the ops that run while it is active (forward and backward), op by op (the
    captured mode, MINDJAX_PYNATIVE_CAPTURE=1, is off inside: it records ops instead)."""

    def __enter__(self):
        self._capture = ms.get_context("pynative_capture")
        ms.set_context(pynative_capture=False)
        self.names, self._orig = [], _primitive.Op.kernel
        names, orig = self.names, self._orig

        def kernel(op, attrs):
            names.append(op.name)
            return orig(op, attrs)
        _primitive.Op.kernel = kernel
        return self

    def __exit__(self, *exc):
        _primitive.Op.kernel = self._orig
        ms.set_context(pynative_capture=self._capture)

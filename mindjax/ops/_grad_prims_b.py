"""Gradient Primitives that MindSpore has in ``ops.operations._grad_ops``, defined for the
tests/st/ops/cpu/test_[m-z]* slice of issue #11 (to be exported from ``operations/_grad_ops``)."""
from .operations._psroi_prims import PSROIPoolingGrad  # noqa: F401

__all__ = ["PSROIPoolingGrad"]

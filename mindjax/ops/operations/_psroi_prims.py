"""PSROIPooling (``ops.operations.nn_ops``) and PSROIPoolingGrad (MindSpore's
``ops.operations._grad_ops``): argument checks as MindSpore's, kernels in ``ops/_psroi.py``."""
from __future__ import annotations

import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from .._primitive import Primitive
from .. import _psroi
from ._utils import set_attrs, _is_int

__all__ = ["PSROIPooling", "PSROIPoolingGrad"]


def _positive_float(prim: str, arg: str, v) -> float:
    if not isinstance(v, (float, np.floating)):
        raise TypeError(f"For '{prim}', the '{arg}' must be float, but got '{type(v).__name__}'.")
    if not v > 0:
        raise ValueError(f"For '{prim}', the '{arg}' must be float and must > 0, but got '{v}' with type "
                         f"'{type(v).__name__}'.")
    return float(v)


def _positive_int(prim: str, arg: str, v) -> int:
    if not _is_int(v):
        raise TypeError(f"For '{prim}', the '{arg}' must be int, but got '{type(v).__name__}'.")
    if v <= 0:
        raise ValueError(f"For '{prim}', the '{arg}' must be int and must > 0, but got '{v}' with type 'int'.")
    return int(v)


def _tensor_arg(prim: str, arg: str, v, dtypes) -> Tensor:
    if not isinstance(v, Tensor):
        raise TypeError(f"For '{prim}', the input '{arg}' must be a Tensor, but got {type(v).__name__}.")
    if v.dtype not in dtypes:
        names = ", ".join(f"Tensor[{d}]" for d in dtypes)
        raise TypeError(f"For '{prim}', the input '{arg}' must be a type of {{{names}}}, but got Tensor[{v.dtype}].")
    return v


def _group_in_range(prim: str, g: int) -> None:
    if not 0 < g < 128:
        raise RuntimeError(f"For '{prim}', 'group_size' should be in the range (0, 128), but got: {g}.")


class PSROIPooling(Primitive):
    """``ops.operations.nn_ops.PSROIPooling(spatial_scale, group_size, output_dim)(features, rois)``:
    position-sensitive ROI pooling of NCHW ``features`` (C = output_dim * group_size ** 2) over ``rois`` (batch, 5, rois_n), giving
    (batch * rois_n, output_dim, group_size, group_size).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops.operations import nn_ops as NN
        >>> x = ms.Tensor(np.ones((1, 4, 8, 8), np.float32))
        >>> rois = ms.Tensor(np.array([[[0.0], [0.0], [0.0], [64.0], [64.0]]], np.float32))
        >>> print(NN.PSROIPooling(1.0 / 16, 2, 1)(x, rois).shape)
        (1, 1, 2, 2)
    """

    __module__ = "mindjax.ops.operations.nn_ops"

    def __init__(self, spatial_scale: float, group_size: int, output_dim: int):
        super().__init__("PSROIPooling")
        set_attrs(self, spatial_scale=_positive_float(self.name, "spatial_scale", spatial_scale),
                  group_size=_positive_int(self.name, "group_size", group_size),
                  output_dim=_positive_int(self.name, "output_dim", output_dim))

    def __call__(self, features, rois) -> Tensor:
        ok = (mstype.float64, mstype.float32, mstype.float16)
        x = _tensor_arg(self.name, "x", features, ok)
        r = _tensor_arg(self.name, "rois", rois, ok)
        if x.dtype != r.dtype:
            raise TypeError(f"For '{self.name}', input[features] is expected to have the same type with "
                            f"input[rois], but got type ({x.dtype}, {r.dtype}).")
        g, d = self.group_size, self.output_dim
        _group_in_range(self.name, g)
        if x.ndim != 4:
            raise RuntimeError(f"For '{self.name}', input 'features' shape must be 4d(NCHW), but got: {x.ndim}")
        if r.ndim != 3 or r.shape[1] != 5:
            raise RuntimeError(f"For '{self.name}', the 'rois' must have shape (batch, 5, rois_n), but got "
                               f"{list(r.shape)}.")
        if x.shape[0] != r.shape[0]:
            raise RuntimeError(f"For '{self.name}', the batch number of input 'features' and 'rois' must be equal, "
                               f"but got: {x.shape[0]} and {r.shape[0]} respectively.")
        if x.shape[1] != d * g * g:
            raise RuntimeError(f"For '{self.name}', input[features].shape[1]({x.shape[1]}) should be equal to "
                               f"group_size({g}) * group_size({g}) * output_dim({d}), but it's not true.")
        return _psroi.psroi_pooling(x, r, self.spatial_scale, g, d)


class PSROIPoolingGrad(Primitive):
    """``G.PSROIPoolingGrad(input_size, spatial_scale, group_size, output_dim)(dy, rois)``: the gradient of
    PSROIPooling w.r.t. its features, (rois.shape[0], output_dim * group_size ** 2, *input_size).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.ops._grad_prims_b import PSROIPoolingGrad
        >>> rois = ms.Tensor(np.array([[[0.0], [0.0], [0.0], [64.0], [64.0]]], np.float32))
        >>> dy = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> print(PSROIPoolingGrad((4, 4), 1.0 / 16, 2, 1)(dy, rois).shape)
        (1, 4, 4, 4)
    """

    __module__ = "mindjax.ops.operations._grad_ops"

    def __init__(self, input_size, spatial_scale: float, group_size: int, output_dim: int):
        super().__init__("PSROIPoolingGrad")
        if not (_is_int(input_size) or isinstance(input_size, tuple)):
            raise TypeError(f"For '{self.name}', the type of 'input_size' should be one of '['int', 'tuple']', but "
                            f"got type '{type(input_size).__name__}'.")
        scale = _positive_float(self.name, "spatial_scale", spatial_scale)
        g = _positive_int(self.name, "group_size", group_size)
        d = _positive_int(self.name, "output_dim", output_dim)
        size = [input_size, input_size] if _is_int(input_size) else list(input_size)
        for k, v in enumerate(size):
            _positive_int(self.name, f"input_size[{k}]", v)
        set_attrs(self, input_size=size, spatial_scale=scale, group_size=g, output_dim=d)

    def __call__(self, *args) -> Tensor:
        if len(args) != 2:
            raise ValueError(f"For '{self.name}', the number of inputs must be equal to 2, but got {len(args)}.")
        dy = _tensor_arg(self.name, "x", args[0], (mstype.float32,))
        r = _tensor_arg(self.name, "rois", args[1], (mstype.float32,))
        g, d = self.group_size, self.output_dim
        if len(self.input_size) < 2:
            raise ValueError(f"For '{self.name}', the dim of input_size must be >= 2, but got "
                             f"{len(self.input_size)}.")
        _group_in_range(self.name, g)
        if dy.ndim != 4 or r.ndim != 3:
            raise RuntimeError(f"For '{self.name}', the rank of input[0] should be 4 and of input[1] 3, but got "
                               f"{dy.ndim} and {r.ndim}.")
        if dy.shape[1] != d:
            raise ValueError(f"For '{self.name}', the channel of input feature is invalid, got: {dy.shape[1]}, must "
                             f"be equal to output_dim: {d}.")
        if dy.shape[0] != r.shape[0] * r.shape[2]:
            raise RuntimeError(f"For '{self.name}', input[0].shape[0]({dy.shape[0]}) should be equal to "
                               f"input[1].shape[0]({r.shape[0]}) * input[1].shape[2]({r.shape[2]}), but it's not "
                               f"true.")
        for k in (2, 3):
            if dy.shape[k] != g:
                raise RuntimeError(f"For '{self.name}', input[0].shape[{k}]({dy.shape[k]}) should be equal to "
                                   f"group_size({g}), but it's not true.")
        return _psroi.psroi_pooling_grad(dy, r, self.input_size[:2], self.spatial_scale, g, d)

"""The Primitives of fixed-kernel fractional max pooling (``ops.FractionalMaxPoolWithFixedKsize``,
``ops.FractionalMaxPool3DWithFixedKsize``); the op is ``ops/_fractional.py``'s."""
from __future__ import annotations

from ... import _checkparam as validator
from .. import _fractional as _fr
from .._primitive import Primitive
from ._utils import set_attrs


class FractionalMaxPoolWithFixedKsize(Primitive):
    """``ops.FractionalMaxPoolWithFixedKsize(ksize, output_shape, data_format="NCHW")(input_x, random_samples)``:
    2-D fractional max pooling of (N, C, H, W) ``input_x`` with the windows placed by ``random_samples``
    (N, C, 2); returns (y, argmax), argmax the int64 flat positions in each plane.

    Example:
        >>> import mindjax as ms
        >>> x = ms.ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> y, idx = ms.ops.FractionalMaxPoolWithFixedKsize(2, (2, 2))(x, ms.Tensor([[[0.5, 0.5]]]))
        >>> print(idx)
        [[[[ 5  7]
           [13 15]]]]
    """

    def __init__(self, ksize, output_shape, data_format="NCHW"):
        super().__init__("FractionalMaxPoolWithFixedKsize")
        self.init_prim_io_names(inputs=["input_x", "random_samples"], outputs=["y", "argmax"])
        validator.check_value_type("ksize", ksize, [int, tuple], self.name)
        self.ksize = _pair(self.name, "ksize", ksize)
        validator.check_value_type("output_shape", output_shape, [int, tuple], self.name)
        self.output_shape = _pair(self.name, "output_shape", output_shape)
        self.data_format = validator.check_string(data_format, ["NCHW"], "data_format", self.name)
        set_attrs(self, ksize=self.ksize, output_shape=self.output_shape, data_format=self.data_format)

    def __call__(self, input_x, random_samples):
        return _fr.fractional_max_pool_fixed(input_x, random_samples, self.ksize, self.output_shape)


def _pair(name: str, arg: str, v) -> tuple:
    t = (v, v) if isinstance(v, int) else tuple(v)
    if len(t) != 2 or any(not isinstance(i, int) or isinstance(i, bool) or i <= 0 for i in t):
        raise ValueError(f"For '{name}' attr '{arg}' must be an positive int number or a tuple of two positive int "
                         f"numbers, but got {v}")
    return t


class FractionalMaxPool3DWithFixedKsize(Primitive):
    """``ops.FractionalMaxPool3DWithFixedKsize(ksize, output_shape, data_format="NCDHW")(x, random_samples)``:
    3-D fractional max pooling of (N, C, D, H, W) ``x`` (``"NDHWC"``: channels last) with the windows
    placed by ``random_samples`` (N, C, 3); returns (y, argmax).

    Example:
        >>> import mindjax as ms
        >>> x = ms.ops.arange(64, dtype=ms.float32).reshape(1, 1, 4, 4, 4)
        >>> y, idx = ms.ops.FractionalMaxPool3DWithFixedKsize(2, (1, 1, 1))(x, ms.Tensor([[[0.5, 0.5, 0.5]]]))
        >>> print(y.reshape(-1), idx.reshape(-1))
        [63.] [63]
    """

    def __init__(self, ksize, output_shape, data_format="NCDHW"):
        super().__init__("FractionalMaxPool3DWithFixedKsize")
        self.init_prim_io_names(inputs=["x", "random_samples"], outputs=["y", "argmax"])
        validator.check_value_type("ksize", ksize, [int, tuple], self.name)
        self.ksize = (ksize,) * 3 if isinstance(ksize, int) else tuple(ksize)
        if len(self.ksize) != 3:
            raise ValueError(f"For '{self.name}', attr 'ksize' must be an positive int number or a tuple of three "
                             f"positive int numbers, but got {len(self.ksize)} numbers.")
        for item in self.ksize:
            validator.check_positive_int(item, "ksize item", self.name)
        validator.check_value_type("output_shape", output_shape, [int, tuple], self.name)
        self.data_format = validator.check_string(data_format, ["NCDHW", "NDHWC"], "data_format", self.name)
        shape = (output_shape,) * 3 if isinstance(output_shape, int) else tuple(output_shape)
        if len(shape) != 3 or any(not isinstance(i, int) or i <= 0 for i in shape):
            raise ValueError(f"For '{self.name}', the 'output_shape' must be an positive int or a tuple of three "
                             f"positive ints, but got {output_shape}.")
        self.output_shape = shape
        set_attrs(self, ksize=self.ksize, output_shape=self.output_shape, data_format=self.data_format)

    def __call__(self, x, random_samples):
        return _fr.fractional_max_pool_fixed(x, random_samples, self.ksize, self.output_shape,
                                             channels_last=self.data_format == "NDHWC")


class _FractionalPool(Primitive):
    _mode = "max"

    def __init__(self, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0, seed2=0):
        super().__init__(type(self).__name__)
        self.init_prim_io_names(inputs=["x"], outputs=["y", "row_pooling_sequence", "col_pooling_sequence"])
        validator.check_value_type("pooling_ratio", pooling_ratio, [list], self.name)
        for item in pooling_ratio:
            validator.check_value_type("pooling_ratio_item", item, float, self.name)
        if len(pooling_ratio) != 4:
            raise ValueError(f"For '{self.name}', the size of parameter 'pooling_ratio' must be 4, but got "
                             f"{len(pooling_ratio)}.")
        if pooling_ratio[0] != 1.0 or pooling_ratio[3] != 1.0:
            raise ValueError(f"For '{self.name}', the 'pooling_ratio' must be [1.0, row_ratio, col_ratio, 1.0], but "
                             f"got {pooling_ratio}.")
        if pooling_ratio[1] < 1.0 or pooling_ratio[2] < 1.0:
            raise ValueError(f"For '{self.name}', the row and col pooling ratios must be >= 1.0, but got "
                             f"{pooling_ratio}.")
        for arg, v in (("pseudo_random", pseudo_random), ("overlapping", overlapping),
                       ("deterministic", deterministic)):
            validator.check_value_type(arg, v, [bool], self.name)
        validator.check_value_type("seed", seed, [int], self.name)
        validator.check_value_type("seed2", seed2, [int], self.name)
        if not deterministic and (seed != 0 or seed2 != 0):
            raise ValueError(f"For '{self.name}', both 'seed' and 'seed2' must be 0 if 'deterministic' is false.")
        self.pooling_ratio = pooling_ratio
        self.pseudo_random, self.overlapping, self.deterministic = pseudo_random, overlapping, deterministic
        self.seed, self.seed2 = seed, seed2
        set_attrs(self, pooling_ratio=pooling_ratio, pseudo_random=pseudo_random, overlapping=overlapping,
                  deterministic=deterministic, seed=seed, seed2=seed2)

    def __call__(self, x):
        return _fr.fractional_pool(self.name, x, self.pooling_ratio, self.pseudo_random, self.overlapping,
                                   self.deterministic, self.seed, self.seed2, self._mode)


class FractionalMaxPool(_FractionalPool):
    """``ops.FractionalMaxPool(pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0,
    seed2=0)(x)``: TensorFlow's fractional max pooling of NHWC ``x`` (``pooling_ratio`` [1.0, row, col, 1.0]);
    returns (y, row_pooling_sequence, col_pooling_sequence), the int64 window boundaries. The sequences are
    random: MindSpore's stream cannot be reproduced, ``deterministic`` with seeds repeats mindjax's own.

    Example:
        >>> import mindjax as ms
        >>> y, rows, cols = ms.ops.FractionalMaxPool([1.0, 1.5, 2.0, 1.0])(ms.ops.ones((1, 7, 9, 2)))
        >>> y.shape, rows.shape, cols.shape
        ((1, 4, 4, 2), (5,), (5,))
    """

    _mode = "max"


class FractionalAvgPool(_FractionalPool):
    """``ops.FractionalAvgPool(pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0,
    seed2=0)(x)``: TensorFlow's fractional average pooling of NHWC ``x``; returns (y, row_pooling_sequence,
    col_pooling_sequence).

    Example:
        >>> import mindjax as ms
        >>> y, rows, cols = ms.ops.FractionalAvgPool([1.0, 2.0, 2.0, 1.0])(ms.ops.ones((1, 4, 4, 1)))
        >>> print(y.reshape(-1))
        [1. 1. 1. 1.]
    """

    _mode = "avg"

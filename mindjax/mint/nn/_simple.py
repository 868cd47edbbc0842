"""mint.nn's Cells without parameters: activations, pooling, padding, resampling, folding and losses.
Each stores its constructor arguments and calls the mint.nn.functional adapter (or the op) in
``construct``; a Cell whose function is absent is absent too.

Example:
    >>> import mindjax as ms
    >>> from mindjax.mint import nn
    >>> nn.ReLU()(ms.Tensor([-1., 2.])).asnumpy().tolist()
    [0.0, 2.0]
"""
from __future__ import annotations

from ... import ops as _ops
from ...nn.cell import Cell
from . import functional as F

CANDIDATES: dict = {}


def _cell(name: str, needs: tuple, doc: str, init_args: tuple = (), call=None, defaults: dict | None = None):
    """A Cell class ``name`` whose constructor takes ``init_args`` (with ``defaults``) and whose
    construct is ``call(self, *inputs)``."""
    defaults = defaults or {}

    def __init__(self, *args, **kwargs):
        Cell.__init__(self)
        if len(args) > len(init_args):
            raise TypeError(f"For '{name}', expected at most {len(init_args)} positional arguments, "
                            f"but got {len(args)}.")
        vals = dict(defaults)
        vals.update(zip(init_args, args))
        for k, v in kwargs.items():
            if k not in init_args:
                raise TypeError(f"For '{name}', got an unexpected keyword argument '{k}'.")
            vals[k] = v
        missing = [a for a in init_args if a not in vals]
        if missing:
            raise TypeError(f"For '{name}', missing the required argument '{missing[0]}'.")
        for k, v in vals.items():
            setattr(self, k, v)

    def construct(self, *inputs):
        return call(self, *inputs)
    cls = type(name, (Cell,), {"__init__": __init__, "construct": construct, "__doc__": doc,
                               "__module__": "mindjax.mint.nn"})
    cls.__mint_needs__ = needs
    CANDIDATES[name] = cls
    return cls


def _ex(expr: str, shape: str) -> str:
    return f"\n\nExample:\n    >>> {expr}.shape\n    {shape}\n"


def _f(name: str) -> tuple:
    return getattr(getattr(F, "_CANDIDATES", {}).get(name), "__mint_needs__", (name,)) if name in getattr(
        F, "_CANDIDATES", {}) else (name,)


# ------------------------------------------------------------------ activations
_cell("ReLU", _f("relu"), "``max(x, 0)``." + _ex("ReLU()(ms.Tensor([-1., 2.]))", "(2,)"),
      (), lambda s, x: F.relu(x))
_cell("ReLU6", _f("relu6"), "``min(max(x, 0), 6)``." + _ex("ReLU6()(ms.Tensor([7.]))", "(1,)"),
      ("inplace",), lambda s, x: F.relu6(x, s.inplace), {"inplace": False})
_cell("Sigmoid", _f("sigmoid"), "``1 / (1 + exp(-x))``." + _ex("Sigmoid()(ms.Tensor([0.]))", "(1,)"),
      (), lambda s, x: F.sigmoid(x))
_cell("Tanh", _f("tanh"), "Hyperbolic tangent." + _ex("Tanh()(ms.Tensor([0.]))", "(1,)"), (), lambda s, x: F.tanh(x))
_cell("SiLU", _f("silu"), "``x * sigmoid(x)``." + _ex("SiLU()(ms.Tensor([0.]))", "(1,)"),
      ("inplace",), lambda s, x: F.silu(x, s.inplace), {"inplace": False})
_cell("GELU", _f("gelu"), "GELU, exact or tanh-approximated." + _ex("GELU()(ms.Tensor([0.]))", "(1,)"),
      ("approximate",), lambda s, x: F.gelu(x, s.approximate), {"approximate": "none"})
_cell("Mish", ("mish",), "``x * tanh(softplus(x))``." + _ex("Mish()(ms.Tensor([0.]))", "(1,)"),
      (), lambda s, x: _ops.mish(x))
_cell("SELU", ("selu",), "Scaled ELU." + _ex("SELU()(ms.Tensor([0.]))", "(1,)"), (), lambda s, x: _ops.selu(x))
_cell("LogSigmoid", _f("logsigmoid"), "``log(sigmoid(x))``." + _ex("LogSigmoid()(ms.Tensor([0.]))", "(1,)"),
      (), lambda s, x: F.logsigmoid(x))
_cell("Hardsigmoid", ("hardsigmoid",), "``relu6(x + 3) / 6``." + _ex("Hardsigmoid()(ms.Tensor([0.]))", "(1,)"),
      (), lambda s, x: _ops.hardsigmoid(x))
_cell("Hardswish", ("hardswish",), "``x * relu6(x + 3) / 6``." + _ex("Hardswish()(ms.Tensor([0.]))", "(1,)"),
      (), lambda s, x: _ops.hardswish(x))
_cell("Hardshrink", ("hardshrink",), "``x if |x| > lambd else 0``." + _ex("Hardshrink()(ms.Tensor([0.]))", "(1,)"),
      ("lambd",), lambda s, x: _ops.hardshrink(x, s.lambd), {"lambd": 0.5})
_cell("ELU", _f("elu"), "``x if x > 0 else alpha (exp(x) - 1)``." + _ex("ELU()(ms.Tensor([0.]))", "(1,)"),
      ("alpha", "inplace"), lambda s, x: F.elu(x, s.alpha, s.inplace), {"alpha": 1.0, "inplace": False})
_cell("Hardtanh", _f("hardtanh"), "Clip to ``[min_val, max_val]``." + _ex("Hardtanh()(ms.Tensor([2.]))", "(1,)"),
      ("min_val", "max_val", "inplace"), lambda s, x: F.hardtanh(x, s.min_val, s.max_val, s.inplace),
      {"min_val": -1.0, "max_val": 1.0, "inplace": False})
_cell("Threshold", _f("threshold"), "``x if x > threshold else value``." + _ex(
    "Threshold(0.1, 9.)(ms.Tensor([0.]))", "(1,)"), ("threshold", "value", "inplace"),
      lambda s, x: F.threshold(x, s.threshold, s.value, s.inplace), {"inplace": False})
_cell("Softmax", _f("softmax"), "Softmax along ``dim``." + _ex("Softmax(0)(ms.Tensor([0., 1.]))", "(2,)"),
      ("dim",), lambda s, x: F.softmax(x, s.dim), {"dim": None})
_cell("LogSoftmax", _f("log_softmax"), "Log-softmax along ``dim``." + _ex("LogSoftmax(0)(ms.Tensor([0., 1.]))",
                                                                          "(2,)"),
      ("dim",), lambda s, x: F.log_softmax(x, s.dim), {"dim": None})
_cell("Identity", (), "Returns its input." + _ex("Identity()(ms.Tensor([0.]))", "(1,)"), (), lambda s, x: x)
CANDIDATES["Identity"].__init__ = lambda self, *args, **kwargs: Cell.__init__(self)
_cell("Flatten", _f("flatten"), "Merge dims ``start_dim``..``end_dim``." + _ex("Flatten()(ms.ops.ones((2, 3, 4)))",
                                                                             "(2, 12)"),
      ("start_dim", "end_dim"), lambda s, x: F.flatten(x, s.start_dim, s.end_dim), {"start_dim": 1, "end_dim": -1})
_cell("PixelShuffle", _f("pixel_shuffle"), "(N, C*r*r, H, W) to (N, C, H*r, W*r)." + _ex(
    "PixelShuffle(2)(ms.ops.ones((1, 8, 2, 3)))", "(1, 2, 4, 6)"), ("upscale_factor",),
      lambda s, x: F.pixel_shuffle(x, s.upscale_factor))

# ------------------------------------------------------------------ pooling
_cell("AdaptiveAvgPool1d", _f("adaptive_avg_pool1d"), "Adaptive average pooling of the last dim." + _ex(
    "AdaptiveAvgPool1d(3)(ms.ops.ones((1, 2, 7)))", "(1, 2, 3)"), ("output_size",),
      lambda s, x: F.adaptive_avg_pool1d(x, s.output_size))
_cell("AdaptiveAvgPool2d", _f("adaptive_avg_pool2d"), "Adaptive average pooling of the last two dims." + _ex(
    "AdaptiveAvgPool2d(2)(ms.ops.ones((1, 2, 6, 6)))", "(1, 2, 2, 2)"), ("output_size",),
      lambda s, x: F.adaptive_avg_pool2d(x, s.output_size))
_cell("AdaptiveAvgPool3d", _f("adaptive_avg_pool3d"), "Adaptive average pooling of the last three dims." + _ex(
    "AdaptiveAvgPool3d(2)(ms.ops.ones((1, 2, 4, 4, 4)))", "(1, 2, 2, 2, 2)"), ("output_size",),
      lambda s, x: F.adaptive_avg_pool3d(x, s.output_size))
_cell("AdaptiveMaxPool1d", _f("adaptive_max_pool1d"), "Adaptive max pooling of the last dim." + _ex(
    "AdaptiveMaxPool1d(3)(ms.ops.ones((1, 2, 7)))", "(1, 2, 3)"), ("output_size", "return_indices"),
      lambda s, x: F.adaptive_max_pool1d(x, s.output_size, s.return_indices), {"return_indices": False})
_cell("AdaptiveMaxPool2d", _f("adaptive_max_pool2d"), "Adaptive max pooling of the last two dims." + _ex(
    "AdaptiveMaxPool2d(2)(ms.ops.ones((1, 2, 6, 6)))", "(1, 2, 2, 2)"), ("output_size", "return_indices"),
      lambda s, x: F.adaptive_max_pool2d(x, s.output_size, s.return_indices), {"return_indices": False})
_POOL = ("kernel_size", "stride", "padding", "ceil_mode", "count_include_pad")
_PD = {"stride": None, "padding": 0, "ceil_mode": False, "count_include_pad": True, "divisor_override": None}
_cell("AvgPool1d", _f("avg_pool1d"), "Average pooling of the last dim." + _ex(
    "AvgPool1d(2)(ms.ops.ones((1, 2, 8)))", "(1, 2, 4)"), _POOL,
      lambda s, x: F.avg_pool1d(x, s.kernel_size, s.stride, s.padding, s.ceil_mode, s.count_include_pad), _PD)
_cell("AvgPool2d", _f("avg_pool2d"), "Average pooling of the last two dims." + _ex(
    "AvgPool2d(2)(ms.ops.ones((1, 2, 6, 6)))", "(1, 2, 3, 3)"), _POOL + ("divisor_override",),
      lambda s, x: F.avg_pool2d(x, s.kernel_size, s.stride, s.padding, s.ceil_mode, s.count_include_pad,
                                s.divisor_override), _PD)
_cell("AvgPool3d", _f("avg_pool3d"), "Average pooling of the last three dims." + _ex(
    "AvgPool3d(2)(ms.ops.ones((1, 2, 4, 4, 4)))", "(1, 2, 2, 2, 2)"), _POOL + ("divisor_override",),
      lambda s, x: F.avg_pool3d(x, s.kernel_size, s.stride, s.padding, s.ceil_mode, s.count_include_pad,
                                s.divisor_override), _PD)
_cell("MaxUnpool2d", _f("max_unpool2d"), "Inverse of max pooling given its indices." + _ex(
    "MaxUnpool2d(2)(ms.ops.ones((1, 1, 1, 1)), ms.Tensor([[[[3]]]]))", "(1, 1, 2, 2)"),
      ("kernel_size", "stride", "padding"),
      lambda s, x, idx, output_size=None: F.max_unpool2d(x, idx, s.kernel_size, s.stride, s.padding, output_size),
      {"stride": None, "padding": 0})
_cell("Fold", _f("fold"), "Sum sliding blocks back into an image." + _ex(
    "Fold((3, 4), 2)(ms.ops.ones((1, 8, 6)))", "(1, 2, 3, 4)"), ("output_size", "kernel_size", "dilation", "padding",
                                                                "stride"),
      lambda s, x: F.fold(x, s.output_size, s.kernel_size, s.dilation, s.padding, s.stride),
      {"dilation": 1, "padding": 0, "stride": 1})
_cell("Unfold", _f("unfold"), "Sliding blocks of an image as columns." + _ex(
    "Unfold(2)(ms.ops.ones((1, 2, 4, 4)))", "(1, 8, 9)"), ("kernel_size", "dilation", "padding", "stride"),
      lambda s, x: F.unfold(x, s.kernel_size, s.dilation, s.padding, s.stride),
      {"dilation": 1, "padding": 0, "stride": 1})

# ------------------------------------------------------------------ resampling and padding
_cell("Upsample", _f("interpolate"), "Resize by ``size`` or ``scale_factor``." + _ex(
    "Upsample(scale_factor=2.0)(ms.ops.ones((1, 2, 3, 4)))", "(1, 2, 6, 8)"),
      ("size", "scale_factor", "mode", "align_corners", "recompute_scale_factor"),
      lambda s, x: F.interpolate(x, s.size, s.scale_factor, s.mode, s.align_corners, s.recompute_scale_factor),
      {"size": None, "scale_factor": None, "mode": "nearest", "align_corners": None, "recompute_scale_factor": None})
_cell("UpsamplingNearest2d", _f("interpolate"), "Nearest-neighbour 2-D upsampling." + _ex(
    "UpsamplingNearest2d(scale_factor=2.0)(ms.ops.ones((1, 2, 3, 4)))", "(1, 2, 6, 8)"), ("size", "scale_factor"),
      lambda s, x: F.interpolate(x, s.size, s.scale_factor, "nearest"), {"size": None, "scale_factor": None})
_cell("UpsamplingBilinear2d", _f("interpolate"), "Bilinear 2-D upsampling (align_corners=True)." + _ex(
    "UpsamplingBilinear2d((5, 6))(ms.ops.ones((1, 2, 3, 4)))", "(1, 2, 5, 6)"), ("size", "scale_factor"),
      lambda s, x: F.interpolate(x, s.size, s.scale_factor, "bilinear", True), {"size": None, "scale_factor": None})


def _pads(padding, n: int) -> tuple:
    return (padding,) * (2 * n) if isinstance(padding, int) else tuple(padding)


for _d in (1, 2, 3):
    _shape = "(1, 2" + ", 6" * _d + ")"
    _cell(f"ConstantPad{_d}d", _f("pad"), f"Pad the last {_d} dims with ``value``." + _ex(
        f"ConstantPad{_d}d(1, 0.5)(ms.ops.ones((1, 2{', 4' * _d})))", _shape), ("padding", "value"),
          (lambda n: lambda s, x: F.pad(x, _pads(s.padding, n), "constant", s.value))(_d))
    _cell(f"ZeroPad{_d}d", _f("pad"), f"Pad the last {_d} dims with zeros." + _ex(
        f"ZeroPad{_d}d(1)(ms.ops.ones((1, 2{', 4' * _d})))", _shape), ("padding",),
          (lambda n: lambda s, x: F.pad(x, _pads(s.padding, n), "constant", 0.0))(_d))
    _cell(f"ReflectionPad{_d}d", _f("pad"), f"Pad the last {_d} dims by reflection." + _ex(
        f"ReflectionPad{_d}d(1)(ms.ops.ones((1, 2{', 4' * _d})))", _shape), ("padding",),
          (lambda n: lambda s, x: F.pad(x, _pads(s.padding, n), "reflect"))(_d))
    _cell(f"ReplicationPad{_d}d", _f("pad"), f"Pad the last {_d} dims by repeating the edge." + _ex(
        f"ReplicationPad{_d}d(1)(ms.ops.ones((1, 2{', 4' * _d})))", _shape), ("padding",),
          (lambda n: lambda s, x: F.pad(x, _pads(s.padding, n), "replicate"))(_d))

# ------------------------------------------------------------------ losses
_R = {"reduction": "mean"}
_cell("L1Loss", ("l1_loss",), "Mean absolute error." + _ex("L1Loss()(ms.ops.ones(2), ms.ops.ones(2))", "()"),
      ("reduction",), lambda s, x, y: _ops.l1_loss(x, y, s.reduction), _R)
_cell("MSELoss", _f("mse_loss"), "Mean squared error." + _ex("MSELoss()(ms.ops.ones(2), ms.ops.ones(2))", "()"),
      ("reduction",), lambda s, x, y: F.mse_loss(x, y, s.reduction), _R)
_cell("SmoothL1Loss", ("smooth_l1_loss",), "Huber-like loss with threshold ``beta``." + _ex(
    "SmoothL1Loss()(ms.ops.ones(2), ms.ops.ones(2))", "()"), ("reduction", "beta"),
      lambda s, x, y: _ops.smooth_l1_loss(x, y, s.beta, s.reduction), {"reduction": "mean", "beta": 1.0})
_cell("SoftMarginLoss", _f("soft_margin_loss"), "``log(1 + exp(-y x))``." + _ex(
    "SoftMarginLoss()(ms.ops.ones(2), ms.ops.ones(2))", "()"), ("reduction",),
      lambda s, x, y: F.soft_margin_loss(x, y, s.reduction), _R)
_cell("BCELoss", _f("binary_cross_entropy"), "Binary cross entropy of probabilities." + _ex(
    "BCELoss()(ms.Tensor([0.5]), ms.Tensor([1.]))", "()"), ("weight", "reduction"),
      lambda s, x, y: F.binary_cross_entropy(x, y, s.weight, s.reduction), {"weight": None, "reduction": "mean"})
_cell("BCEWithLogitsLoss", _f("binary_cross_entropy_with_logits"), "Binary cross entropy of logits." + _ex(
    "BCEWithLogitsLoss()(ms.Tensor([0.]), ms.Tensor([1.]))", "()"), ("weight", "reduction", "pos_weight"),
      lambda s, x, y: F.binary_cross_entropy_with_logits(x, y, s.weight, s.reduction, s.pos_weight),
      {"weight": None, "reduction": "mean", "pos_weight": None})
_cell("KLDivLoss", _f("kl_div"), "KL divergence with log-space input." + _ex(
    "KLDivLoss()(ms.Tensor([-1.]), ms.Tensor([0.5]))", "()"), ("reduction", "log_target"),
      lambda s, x, y: F.kl_div(x, y, s.reduction, s.log_target), {"reduction": "mean", "log_target": False})
_cell("CosineEmbeddingLoss", _f("cosine_embedding_loss"), "Cosine embedding loss." + _ex(
    "CosineEmbeddingLoss()(ms.ops.ones((1, 2)), ms.ops.ones((1, 2)), ms.Tensor([1]))", "()"), ("margin", "reduction"),
      lambda s, a, b, t: F.cosine_embedding_loss(a, b, t, s.margin, s.reduction), {"margin": 0.0, "reduction": "mean"})
del _d, _shape

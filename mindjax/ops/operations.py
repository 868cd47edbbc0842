"""MindSpore's Primitive classes (``ops.Add()``, ``ops.Conv2D(...)``): each calls the
functional op, so the op itself is defined once."""
from __future__ import annotations

from .. import _dtype as mstype
from .._tensor import Tensor
from ._primitive import Primitive
from . import functional as F


def _simple(name, fn, doc=None):
    def __call__(self, *args):
        return fn(*args)
    cls = type(name, (Primitive,), {"__call__": __call__, "__doc__": doc or f"``ops.{name}()``: see ``ops.{fn.__name__}``."})
    cls.__init__ = lambda self: Primitive.__init__(self, name)
    return cls


Add = _simple("Add", F.add)
AddV2 = Add
Sub = _simple("Sub", F.sub)
Mul = _simple("Mul", F.mul)
RealDiv = _simple("RealDiv", F.div)
Div = _simple("Div", F.div)
DivNoNan = _simple("DivNoNan", lambda x, y: F.select(F.equal(y, 0), F.zeros_like(F.div(x, y)), F.div(x, y)))
FloorDiv = _simple("FloorDiv", F.floor_div)
FloorMod = _simple("FloorMod", F.floor_mod)
Mod = FloorMod
Pow = _simple("Pow", F.pow)
Neg = _simple("Neg", F.neg)
Abs = _simple("Abs", F.abs)
Exp = _simple("Exp", F.exp)
Log = _simple("Log", F.log)
Log1p = _simple("Log1p", F.log1p)
Sqrt = _simple("Sqrt", F.sqrt)
Rsqrt = _simple("Rsqrt", F.rsqrt)
Square = _simple("Square", F.square)
Reciprocal = _simple("Reciprocal", F.reciprocal)
Sin = _simple("Sin", F.sin)
Cos = _simple("Cos", F.cos)
Erf = _simple("Erf", F.erf)
Floor = _simple("Floor", F.floor)
Ceil = _simple("Ceil", F.ceil)
Round = _simple("Round", F.round)
Sign = _simple("Sign", F.sign)
Maximum = _simple("Maximum", F.maximum)
Minimum = _simple("Minimum", F.minimum)
SquaredDifference = _simple("SquaredDifference", F.squared_difference)
Equal = _simple("Equal", F.equal)
NotEqual = _simple("NotEqual", F.not_equal)
Greater = _simple("Greater", F.greater)
GreaterEqual = _simple("GreaterEqual", F.greater_equal)
Less = _simple("Less", F.less)
LessEqual = _simple("LessEqual", F.less_equal)
LogicalAnd = _simple("LogicalAnd", F.logical_and)
LogicalOr = _simple("LogicalOr", F.logical_or)
LogicalNot = _simple("LogicalNot", F.logical_not)
Select = _simple("Select", F.select)
ReLU = _simple("ReLU", F.relu)
ReLU6 = _simple("ReLU6", F.relu6)
Sigmoid = _simple("Sigmoid", F.sigmoid)
Tanh = _simple("Tanh", F.tanh)
GeLU = _simple("GeLU", F.gelu)
FastGeLU = GeLU
HSwish = _simple("HSwish", F.hardswish)
Softplus = _simple("Softplus", F.softplus)
Elu = _simple("Elu", F.elu)
Reshape = _simple("Reshape", F.reshape)
Transpose = _simple("Transpose", F.transpose)
ExpandDims = _simple("ExpandDims", F.expand_dims)
Tile = _simple("Tile", F.tile)
Shape = _simple("Shape", lambda x: x.shape)
Size = _simple("Size", lambda x: x.size)
Rank = _simple("Rank", lambda x: x.ndim)
ZerosLike = _simple("ZerosLike", F.zeros_like)
OnesLike = _simple("OnesLike", F.ones_like)
Fill = _simple("Fill", F.fill)
Fills = _simple("Fills", F.fills)
Cast = _simple("Cast", F.cast)
Assign = _simple("Assign", F.assign)
AssignAdd = _simple("AssignAdd", F.assign_add)
AssignSub = _simple("AssignSub", F.assign_sub)
Identity = _simple("Identity", F.identity)
StopGradient = _simple("StopGradient", F.stop_gradient)
Depend = _simple("Depend", F.depend)
GatherD = _simple("GatherD", F.gather_elements)
Gather = _simple("Gather", F.gather)
GatherV2 = Gather
AddN = _simple("AddN", F.addn)


class BroadcastTo(Primitive):
    def __init__(self, shape):
        super().__init__("BroadcastTo")
        self.shape = tuple(shape)

    def __call__(self, x):
        return F.broadcast_to(x, self.shape)


class MatMul(Primitive):
    """``ops.MatMul(transpose_a=False, transpose_b=False)``: 2-D matrix product."""

    def __init__(self, transpose_a: bool = False, transpose_b: bool = False):
        super().__init__("MatMul")
        self.transpose_a, self.transpose_b = transpose_a, transpose_b

    def __call__(self, x, y):
        return F.matmul_t(x, y, self.transpose_a, self.transpose_b)


class BatchMatMul(MatMul):
    pass


def _reduce_cls(name, fn):
    class _Reduce(Primitive):
        def __init__(self, keep_dims: bool = False):
            Primitive.__init__(self, name)
            if not isinstance(keep_dims, bool):
                raise TypeError(f"For '{name}', the 'keep_dims' must be a bool, but got {type(keep_dims).__name__}.")
            self.keep_dims = keep_dims

        def __call__(self, x, axis=()):
            return fn(x, axis, self.keep_dims)
    _Reduce.__name__ = _Reduce.__qualname__ = name
    return _Reduce


ReduceSum = _reduce_cls("ReduceSum", F.reduce_sum)
ReduceMean = _reduce_cls("ReduceMean", F.reduce_mean)
ReduceMax = _reduce_cls("ReduceMax", F.reduce_max)
ReduceMin = _reduce_cls("ReduceMin", F.reduce_min)
ReduceProd = _reduce_cls("ReduceProd", F.reduce_prod)
ReduceAll = _reduce_cls("ReduceAll", F.reduce_all)
ReduceAny = _reduce_cls("ReduceAny", F.reduce_any)


class Argmax(Primitive):
    def __init__(self, axis: int = -1, output_type=mstype.int32):
        super().__init__("Argmax")
        self.axis, self.output_type = axis, output_type

    def __call__(self, x):
        return F.argmax(x, self.axis, False, self.output_type)


class Argmin(Argmax):
    def __call__(self, x):
        return F.argmin(x, self.axis, False, self.output_type)


class ArgMaxWithValue(Primitive):
    def __init__(self, axis: int = 0, keep_dims: bool = False):
        super().__init__("ArgMaxWithValue")
        self.axis, self.keep_dims = axis, keep_dims

    def __call__(self, x):
        return F.argmax(x, self.axis, self.keep_dims), F.amax(x, self.axis, self.keep_dims)


class Squeeze(Primitive):
    def __init__(self, axis=()):
        super().__init__("Squeeze")
        self.axis = axis

    def __call__(self, x):
        return F.squeeze(x, self.axis if self.axis != () else None)


class Concat(Primitive):
    def __init__(self, axis: int = 0):
        super().__init__("Concat")
        self.axis = axis

    def __call__(self, tensors):
        return F.concat(tensors, self.axis)


class Stack(Primitive):
    def __init__(self, axis: int = 0):
        super().__init__("Stack")
        self.axis = axis

    def __call__(self, tensors):
        return F.stack(tensors, self.axis)


class Split(Primitive):
    def __init__(self, axis: int = 0, output_num: int = 1):
        super().__init__("Split")
        self.axis, self.output_num = axis, output_num

    def __call__(self, x):
        n = x.shape[self.axis]
        if n % self.output_num:
            raise ValueError(f"For 'Split', the shape of 'input_x' at 'axis' {n} must be divisible by 'output_num' "
                             f"{self.output_num}.")
        return F.split(x, n // self.output_num, self.axis)


class Softmax(Primitive):
    def __init__(self, axis=-1):
        super().__init__("Softmax")
        self.axis = axis if isinstance(axis, int) else axis[0]

    def __call__(self, x):
        return F.softmax(x, self.axis)


class LogSoftmax(Softmax):
    def __call__(self, x):
        return F.log_softmax(x, self.axis)


class LeakyReLU(Primitive):
    def __init__(self, alpha=0.2):
        super().__init__("LeakyReLU")
        self.alpha = alpha

    def __call__(self, x):
        return F.leaky_relu(x, self.alpha)


class OneHot(Primitive):
    def __init__(self, axis: int = -1):
        super().__init__("OneHot")
        self.axis = axis

    def __call__(self, indices, depth, on_value, off_value):
        return F.one_hot(indices, depth, on_value, off_value, self.axis)


class Conv2D(Primitive):
    """``ops.Conv2D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1, group=1)``."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1, group=1,
                 data_format="NCHW"):
        super().__init__("Conv2D")
        self.out_channel, self.kernel_size = out_channel, kernel_size
        self.pad_mode, self.pad, self.stride, self.dilation, self.group = pad_mode, pad, stride, dilation, group

    def __call__(self, x, weight):
        s = self.stride[-2:] if isinstance(self.stride, (tuple, list)) else self.stride
        d = self.dilation[-2:] if isinstance(self.dilation, (tuple, list)) else self.dilation
        return F.conv2d(x, weight, None, s, self.pad_mode, self.pad, d, self.group)


class _Pool(Primitive):
    kind = "max"

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        super().__init__(type(self).__name__)
        self.kernel_size = kernel_size[-2:] if isinstance(kernel_size, (tuple, list)) else kernel_size
        self.strides = strides[-2:] if isinstance(strides, (tuple, list)) else strides
        self.pad_mode = pad_mode

    def __call__(self, x):
        f = F.max_pool2d if self.kind == "max" else F.avg_pool2d
        return f(x, self.kernel_size, self.strides, 0, self.pad_mode)


class MaxPool(_Pool):
    kind = "max"


class AvgPool(_Pool):
    kind = "avg"


class Dropout(Primitive):
    """``ops.Dropout(keep_prob)``: returns (output, mask)."""

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):
        super().__init__("Dropout")
        if not 0 < keep_prob <= 1:
            raise ValueError(f"For 'Dropout', the 'keep_prob' must be in range (0, 1], but got {keep_prob}.")
        self.keep_prob = keep_prob

    def __call__(self, x):
        from .nn_ops import _mask
        mask = _mask(x.shape, self.keep_prob, x._data.dtype)
        return F.mul(x, F.mul(mask, 1.0 / self.keep_prob)), mask


class Dropout2D(Primitive):
    """``ops.Dropout2D(keep_prob)``: whole channels dropped; returns (output, mask)."""

    def __init__(self, keep_prob=0.5):
        super().__init__("Dropout2D")
        if not 0 <= keep_prob <= 1:
            raise ValueError(f"For 'Dropout2D', the 'keep_prob' must be in range [0, 1], but got {keep_prob}.")
        self.keep_prob = keep_prob

    def __call__(self, x):
        return F.dropout2d(x, 1 - self.keep_prob, True)


class BatchNorm(Primitive):
    def __init__(self, is_training=False, epsilon=1e-5, momentum=0.1, data_format="NCHW"):
        super().__init__("BatchNorm")
        self.is_training, self.epsilon, self.momentum = is_training, epsilon, momentum

    def __call__(self, x, scale, bias, mean, variance):
        y = F.batch_norm(x, mean, variance, scale, bias, self.is_training, self.momentum, self.epsilon)
        return y, mean, variance, mean, variance


class SoftmaxCrossEntropyWithLogits(Primitive):
    def __init__(self):
        super().__init__("SoftmaxCrossEntropyWithLogits")

    def __call__(self, logits, labels):
        loss = F.softmax_cross_entropy_with_logits(logits, labels)
        return loss, F.sub(F.softmax(logits, -1), labels)


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    def __init__(self, is_grad=False):
        super().__init__("SparseSoftmaxCrossEntropyWithLogits")
        self.is_grad = is_grad

    def __call__(self, logits, labels):
        return F.mean(F.sparse_softmax_cross_entropy(logits, labels))


class Flatten(Primitive):
    def __init__(self):
        super().__init__("Flatten")

    def __call__(self, x):
        return F.flatten(x)


class UniformReal(Primitive):
    def __init__(self, seed=0, seed2=0):
        super().__init__("UniformReal")

    def __call__(self, shape):
        return F.uniform(shape, 0.0, 1.0)


class StandardNormal(Primitive):
    def __init__(self, seed=0, seed2=0):
        super().__init__("StandardNormal")

    def __call__(self, shape):
        return F.standard_normal(shape)


class Print(Primitive):
    """``ops.Print()``: prints its inputs (Tensors as MindSpore prints them)."""

    def __init__(self):
        super().__init__("Print")

    def __call__(self, *inputs):
        print(*[str(x) if isinstance(x, Tensor) else x for x in inputs])
        return Tensor(0, mstype.int32)


class GetNext(Primitive):
    """``ops.GetNext(types, shapes, output_num, shared_name)``: the next element of a
    dataset queue. Queues are fed by dataset sinking, which mindjax does not do, so a
    queue is only found when ``mindjax.dataset`` registered one under ``shared_name``."""

    _queues: dict = {}

    def __init__(self, types, shapes, output_num, shared_name):
        super().__init__("GetNext")
        self.types, self.shapes, self.output_num, self.shared_name = types, shapes, output_num, shared_name

    def __call__(self):
        q = GetNext._queues.get(self.shared_name)
        if q is None:
            raise RuntimeError(f"For 'GetNext', the data queue '{self.shared_name}' does not exist: no dataset is "
                               f"being sent to it. Op Default/GetNext-op0 run failed!")
        items = next(q)
        return items[0] if self.output_num == 1 else tuple(items)


class HookBackward(Primitive):
    """``ops.HookBackward(hook_fn)``: the identity forward; in backward ``hook_fn`` gets
    the gradient as a tuple, and a non-None return replaces it."""

    def __init__(self, hook_fn, cell_id=""):
        super().__init__("HookBackward")
        if not callable(hook_fn):
            raise TypeError(f"For 'HookBackward', the 'hook_fn' must be callable, but got {type(hook_fn).__name__}.")
        self.hook_fn = hook_fn
        self.cell_id = cell_id

    def __call__(self, *inputs):
        from .._autograd.hooks import hook_backward
        out = hook_backward(self.hook_fn, inputs, "HookBackward")
        return out[0] if len(out) == 1 else out


class L2Normalize(Primitive):
    def __init__(self, axis=0, epsilon=1e-4):
        super().__init__("L2Normalize")
        self.axis, self.epsilon = axis, epsilon

    def __call__(self, x):
        return F.normalize(x, 2.0, self.axis, self.epsilon)

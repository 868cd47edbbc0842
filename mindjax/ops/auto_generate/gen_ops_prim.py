"""``mindspore.ops.auto_generate.gen_ops_prim``: the generated Primitive classes, re-exported from
the ``mindjax.ops.operations`` submodules that define them."""
from ..operations import (  # noqa: F401
    ACos, Abs, Acosh, Add, Assign, AssignAdd, AssignSub, Addcdiv, Addcmul, ArgMaxWithValue, ArgMinWithValue, Argmax,
    Argmin, Asin, Asinh, Atan, Atan2, Atanh, AvgPool, BCEWithLogitsLoss, BatchMatMul, BiasAdd, BinaryCrossEntropy,
    BroadcastTo, Cdist, CeLU, Ceil, Concat, Cos, Cosh, CumProd, CumSum, Diag, Div, Dropout, Elu, Equal, Erf, Erfc,
    Erfinv, Exp, ExpandDims, Expm1, Eye, FastGeLU, Flatten, Floor, FloorDiv, FloorMod, Gather, GatherD, GatherNd,
    GeLU, Greater, GreaterEqual, HShrink, HSigmoid, HSwish, Identity, IsFinite, IsInf, LayerNorm, Lerp, Less,
    LessEqual, LinSpace, Log, Log1p, LogSoftmax, LogicalAnd, LogicalNot, LogicalOr, LogicalXor, Logit, MaskedFill,
    MaskedSelect, MatMul, Maximum, Meshgrid, Minimum, Mul, NLLLoss, Neg, NonZero, NotEqual, OneHot, Ones, OnesLike,
    PReLU, Pow, Range, ReLU, ReLU6, RealDiv, Reciprocal, ReduceAll, ReduceAny, ReduceMax, ReduceMean, ReduceMin,
    ReduceProd, ReduceSum, Reshape, ReverseV2, Roll, Round, Rsqrt, ScatterNd, Select, Sigmoid, Sign, Sin, Sinh,
    Slice, SmoothL1Loss, SoftShrink, Softmax, Split, Sqrt, Square, Squeeze, StridedSlice, Tanh, TensorScatterAdd,
    Trace, Transpose, Triu, Trunc, Xlogy, Zeros, ZerosLike)
from ..operations._grad_ops import (  # noqa: F401
    ACosGrad, AcoshGrad, AsinGrad, AsinhGrad, AtanGrad, BiasAddGrad, EluGrad, GeLUGrad, HShrinkGrad, HSigmoidGrad,
    HSwishGrad, LogSoftmaxGrad, MaximumGrad, MinimumGrad, ReLU6Grad, ReciprocalGrad, ReluGrad, RsqrtGrad,
    SigmoidGrad, SmoothL1LossGrad, SoftShrinkGrad, SqrtGrad)
from ..operations._inner_ops import (  # noqa: F401
    SiLU)
from ..operations._inplace_prims import *  # noqa: F401,F403,E402
from .._view_ops import CLASSES as _VIEW_CLASSES, INSTANCES as _VIEW_INSTANCES  # noqa: E402

globals().update(_VIEW_CLASSES)
globals().update(_VIEW_INSTANCES)
inplace_copy_op = InplaceCopy()  # noqa: F405  (gen_ops_prim's instance of the class above)


from .. import operations as _operations  # noqa: E402
from ._shared import reexport as _reexport  # noqa: E402

_reexport(globals(), "gen_ops_prim", _operations)

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

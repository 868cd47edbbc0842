"""Records MindSpore 2.10's outputs of the ``ops.operations`` Primitive classes into
ms_operations.json. Run with real MindSpore: ``~/msref/bin/python tests/data/gen_operations.py``.

A case is (module, class, constructor args, call inputs). Inputs and outputs are encoded as
JSON: a Tensor is {"t": values, "dtype": name}, a dtype {"dt": name}, a tuple {"tuple": [...]}.
An error case records where it was raised ("init" or "call"), the class and the message.
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import Tensor

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU", pynative_synchronize=True)  # errors at their op


def T(a, dtype=None):
    a = np.asarray(a, dtype=dtype or (np.float32 if np.asarray(a).dtype.kind == "f" else None))
    return {"t": a.tolist(), "dtype": str(a.dtype)}


def DT(name):
    return {"dt": name}


def TUP(*xs):
    return {"tuple": list(xs)}


def decode(v):
    if isinstance(v, dict):
        if "t" in v:
            return Tensor(np.asarray(v["t"], dtype=v["dtype"]))
        if "dt" in v:
            return getattr(ms, v["dt"])
        if "tuple" in v:
            return tuple(decode(x) for x in v["tuple"])
    if isinstance(v, list):
        return [decode(x) for x in v]
    return v


def encode(v):
    if isinstance(v, Tensor):
        a = v.asnumpy()
        return {"t": np.where(np.isnan(a), None, a).tolist() if a.dtype.kind == "f" else a.tolist(),
                "dtype": str(a.dtype), "shape": list(a.shape)}
    if isinstance(v, (tuple, list)):
        return {"tuple": [encode(x) for x in v]}
    if isinstance(v, ms.dtype.Type):
        return {"dt": str(v)}
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return repr(v)


rng = np.random.RandomState(0)
X = np.round(rng.uniform(-2, 2, (2, 3)), 3).astype(np.float32)
Y = np.round(rng.uniform(0.5, 2, (2, 3)), 3).astype(np.float32)
P01 = np.round(rng.uniform(0.1, 0.9, (2, 3)), 3).astype(np.float32)
U = np.round(rng.uniform(-0.9, 0.9, (2, 3)), 3).astype(np.float32)
I = np.array([[3, -7, 4], [0, 9, -2]], np.int32)
J = np.array([[2, 3, -3], [5, 4, 3]], np.int32)
IMG = np.round(rng.uniform(-1, 1, (1, 2, 4, 4)), 3).astype(np.float32)
W = np.round(rng.uniform(-1, 1, (3, 2, 2, 2)), 3).astype(np.float32)
B = np.array([True, False, True])
NAN = np.array([1.0, np.nan, -2.0, np.nan], np.float32)
NAN2 = np.array([np.nan, 3.0, -5.0, np.nan], np.float32)

C = []  # (module, name, init args, init kwargs, inputs)


def case(mod, name, inputs, args=(), kwargs=None):
    C.append((mod, name, list(args), kwargs or {}, list(inputs)))


M, A, N, G, S, I_ = "math_ops", "array_ops", "nn_ops", "_grad_ops", "_sequence_ops", "_inner_ops"
for n in ["Abs", "Neg", "Exp", "Expm1", "Square", "Sin", "Cos", "Tan", "Sinh", "Cosh", "Atan", "Asinh", "Erf",
          "Erfc", "Floor", "Ceil", "Trunc", "Sign", "Round", "IsNan", "IsInf", "IsFinite"]:
    case(M, n, [T(X)])
for n in ["Sqrt", "Rsqrt", "Log", "Log1p", "Reciprocal", "Inv", "Acosh"]:
    case(M, n, [T(Y + 0.5)])
for n in ["Asin", "ACos", "Atanh", "Erfinv"]:
    case(M, n, [T(U)])
for n in ["Add", "Sub", "Mul", "RealDiv", "Div", "Maximum", "Minimum", "SquaredDifference", "Atan2", "Pow",
          "Equal", "NotEqual", "Greater", "GreaterEqual", "Less", "LessEqual", "Hypot", "Xlogy", "Xdivy",
          "DivNoNan", "MulNoNan"]:
    case(M, n, [T(X), T(Y)])
for n in ["FloorDiv", "FloorMod", "Mod", "TruncateDiv", "TruncateMod", "BitwiseAnd", "BitwiseOr", "BitwiseXor"]:
    case(M, n, [T(I), T(J)])
for n in ["FloorMod", "Mod", "TruncateMod"]:
    case(M, n, [T(X), T(Y)])
case(M, "DivNoNan", [T([1., 2., 3.]), T([0., 2., 0.])])
case(M, "MulNoNan", [T([np.inf, 2., 3.]), T([0., 2., 0.])])
case(M, "Xdivy", [T([0., 2., 3.]), T([0., 2., 4.])])
case(M, "Xlogy", [T([0., 2., 3.]), T([0., 2., 4.])])
for n in ["LogicalAnd", "LogicalOr", "LogicalXor"]:
    case(M, n, [T(B), T(np.array([True, True, False]))])
case(M, "LogicalNot", [T(B)])
case(M, "Fmax", [T(NAN), T(NAN2)])
case(M, "Fmin", [T(NAN), T(NAN2)])
case(M, "Heaviside", [T([-1.5, 0., 2.]), T([0.5, 0.5, 0.5])])
case(M, "SquareSumAll", [T(X), T(Y)])
case(M, "EqualCount", [T(I), T(np.array([[3, 0, 4], [0, 9, 0]], np.int32))])
case(M, "ApproximateEqual", [T([1., 2., 3.]), T([1.00001, 2.5, 3.])], args=[1e-3])
case(M, "AddN", [TUP(T(X), T(Y), T(X))])
case(M, "Lerp", [T(X), T(Y), T(P01)])
case(M, "Addcdiv", [T(X), T(Y), T(P01), T(0.5)])
case(M, "Addcmul", [T(X), T(Y), T(P01), T(0.5)])
case(M, "Trace", [T(np.arange(9, dtype=np.float32).reshape(3, 3))])
case(M, "MatMul", [T(X), T(Y)], kwargs={"transpose_b": True})
case(M, "MatMul", [T(X), T(Y)], kwargs={"transpose_a": True})
case(M, "BatchMatMul", [T(np.stack([X, Y])), T(np.stack([Y.T, X.T]))])
for n in ["ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd"]:
    case(M, n, [T(X)])
    case(M, n, [T(X), 1], args=[True])
    case(M, n, [T(X), (0, 1)])
case(M, "ReduceAll", [T(np.array([[True, False], [True, True]])), 1])
case(M, "ReduceAny", [T(np.array([[True, False], [False, False]])), 1], args=[True])
case(M, "CumSum", [T(X), 1])
case(M, "CumSum", [T(X), 1], args=[True, False])
case(M, "CumSum", [T(X), 1], args=[False, True])
case(M, "CumSum", [T(I), 0], args=[True, True])
case(M, "CumProd", [T(X), 1], args=[True, False])
case(M, "CumProd", [T(X), 0], args=[False, True])
case(M, "Einsum", [TUP(T(X), T(Y))], args=["ij,kj->ik"])
case(M, "Cdist", [T(X), T(Y)])
case(M, "Cdist", [T(X), T(Y)], args=[1.0])
case(M, "Logit", [T(P01)])
case(M, "Logit", [T(P01)], args=[0.2])
case(M, "LinSpace", [T(np.float32(0)), T(np.float32(1)), 5])
case(M, "Roll", [T(X)], args=[1, 1])
case(M, "Round", [T(X), 1])
case(M, "Round", [T(X * 10), -1])

case(A, "Argmax", [T(X)])
case(A, "Argmax", [T(X)], args=[0, ms.int64] if False else [0])
case(A, "Argmin", [T(X)])
case(A, "ArgMaxWithValue", [T(X)])
case(A, "ArgMaxWithValue", [T(X)], args=[1, True])
case(A, "ArgMinWithValue", [T(X)], args=[-1])
case(A, "Concat", [TUP(T(X), T(Y))], args=[1])
case(A, "Concat", [[T(X), T(Y)]])
case(A, "Stack", [[T(X), T(Y)]], args=[1])
case(A, "Stack", [T(X), T(Y)], args=[-1])
case(A, "Unstack", [T(X)], args=[1])
case(A, "Squeeze", [T(X.reshape(2, 1, 3, 1))])
case(A, "Squeeze", [T(X.reshape(2, 1, 3, 1))], args=[1])
case(A, "Squeeze", [T(X.reshape(2, 1, 3, 1))], args=[(1, 3)])
case(A, "ExpandDims", [T(X), -1])
case(A, "Reshape", [T(X), (3, -1)])
case(A, "Transpose", [T(X), (1, 0)])
case(A, "Tile", [T(X), (2, 1)])
case(A, "Shape", [T(X)])
case(A, "Rank", [T(X)])
case(A, "Size", [T(X)])
case(A, "DType", [T(I)])
case(A, "Fill", [DT("int32"), (2, 2), 3])
case(A, "Fills", [T(X), 2.5])
case(A, "Ones", [(2, 3)])
case(A, "Ones", [(2,), DT("int32")])
case(A, "Zeros", [(2, 3), DT("float16")])
case(A, "OnesLike", [T(I)])
case(A, "ZerosLike", [T(X)])
case(A, "Cast", [T(X), DT("int32")])
case(A, "Eye", [2, 3, DT("int32")])
case(A, "Range", [T(np.int64(0)), T(np.int64(7)), T(np.int64(2))])
case(A, "Range", [T(np.float32(0)), T(np.float32(1)), T(np.float32(0.25))])
case(A, "Gather", [T(X), T(np.array([1, 0, 1], np.int32)), 0])
case(A, "Gather", [T(X), T(np.array([2, 0], np.int32)), 1])
case(A, "GatherD", [T(X), 1, T(np.array([[0, 0], [2, 1]], np.int32))])
case(A, "GatherNd", [T(X), T(np.array([[0, 1], [1, 2]], np.int32))])
case(A, "GatherNd", [T(X), T(np.array([[1], [0]], np.int32))])
case(A, "Slice", [T(X), (0, 1), (2, 2)])
case(A, "StridedSlice", [T(X), (0, 0), (2, 3), (1, 2)])
case(A, "StridedSlice", [T(X), (1, 0), (2, 3), (1, 1)], kwargs={"shrink_axis_mask": 1})
case(A, "StridedSlice", [T(X), (1, 1), (2, 3), (1, 1)], kwargs={"begin_mask": 1, "end_mask": 2})
case(A, "StridedSlice", [T(X), (0, 2), (2, 0), (1, -1)])
case(A, "Split", [T(np.arange(12, dtype=np.float32).reshape(2, 6))], args=[1, 3])
case(A, "SplitV", [T(np.arange(12, dtype=np.float32).reshape(2, 6))], args=[[1, -1, 2], 1, 3])
case(A, "ScatterNd", [T(np.array([[0], [2]], np.int32)), T([1., 2.]), (4,)])
case(A, "TensorScatterUpdate", [T(X), T(np.array([[0, 0], [1, 2]], np.int32)), T([9., 8.])])
case(A, "TensorScatterAdd", [T(X), T(np.array([[0, 0], [0, 0]], np.int32)), T([9., 8.])])
case(A, "ReverseV2", [T(X)], args=[(1,)])
case(A, "ReverseV2", [T(X)], args=[(0, 1)])
case(A, "Sort", [T(X)])
case(A, "Sort", [T(X)], args=[0, True])
case(A, "TopK", [T(X), 2])
case(A, "Select", [T(np.array([[True, False, True], [False, True, False]])), T(X), T(Y)])
case(N, "OneHot", [T(np.array([0, 2, 1], np.int32)), 3, T(np.float32(1)), T(np.float32(0))])
case(N, "OneHot", [T(np.array([0, 2], np.int32)), 3, T(np.float32(5)), T(np.float32(-1))], args=[0])
case(A, "Identity", [T(X)])
case(A, "BroadcastTo", [T([1., 2., 3.])], args=[(2, 3)])
case(A, "BroadcastTo", [T(X[:1])], args=[(-1, 2, 3)])
case(A, "Meshgrid", [TUP(T([1., 2.]), T([3., 4., 5.]))])
case(A, "Meshgrid", [TUP(T([1., 2.]), T([3., 4., 5.]))], kwargs={"indexing": "ij"})
case(A, "MaskedFill", [T(X), T(np.array([[True, False, True], [False, True, False]])), T(np.float32(0.5))])
case(A, "MaskedSelect", [T(X), T(np.array([[True, False, True], [False, True, False]]))])
case(A, "NonZero", [T(np.array([[0, 1], [2, 0]], np.int32))])
case(A, "Tril", [T(np.arange(9, dtype=np.float32).reshape(3, 3))])
case(A, "Triu", [T(np.arange(9, dtype=np.float32).reshape(3, 3))], args=[1])
case(A, "Diag", [T([1., 2., 3.])])
case(A, "Diag", [T(np.array([[1, 2], [3, 4]], np.int32))])
case(A, "InvertPermutation", [(3, 4, 0, 2, 1)])
case(A, "TupleToArray", [(1, 2, 3)])
case(A, "TupleToArray", [(1.5, 2.0)])
case(A, "ScalarToTensor", [3])
case(A, "ScalarToTensor", [2.5, DT("float16")])

for n in ["ReLU", "ReLU6", "Sigmoid", "Tanh", "GeLU", "FastGeLU", "HSwish", "HSigmoid", "Softplus", "Softsign",
          "Mish", "SeLU", "Flatten", "L2Loss"]:
    case(N, n, [T(X * 2)])
case(N, "Elu", [T(X)])
case(N, "CeLU", [T(X)], args=[2.0])
case(N, "HShrink", [T(X)])
case(N, "SoftShrink", [T(X)], args=[0.8])
case(N, "PReLU", [T(np.stack([X, Y]).reshape(2, 3, 2) * -1), T([0.1, 0.2, 0.3])])
case(N, "Softmax", [T(X)])
case(N, "Softmax", [T(X)], args=[0])
case(N, "LogSoftmax", [T(X)])
case(N, "LogSoftmax", [T(X)], args=[0])
case(N, "BiasAdd", [T(IMG), T([1., -1.])])
case(N, "BiasAdd", [T(IMG.transpose(0, 2, 3, 1)), T([1., -1.])], args=["NHWC"])
case(N, "Conv2D", [T(IMG), T(W)], args=[3, 2])
case(N, "Conv2D", [T(IMG), T(W)], args=[3, 2], kwargs={"pad_mode": "same", "stride": 2})
case(N, "Conv2D", [T(IMG), T(W)], args=[3, 2], kwargs={"pad_mode": "pad", "pad": 1, "dilation": 2})
case(N, "MaxPool", [T(IMG)], args=[2, 2])
case(N, "MaxPool", [T(IMG)], args=[3, 1], kwargs={"pad_mode": "same"})
case(N, "AvgPool", [T(IMG)], args=[2, 2])
case(N, "AvgPool", [T(IMG)], args=[3, 2], kwargs={"pad_mode": "same"})
case(N, "AdaptiveAvgPool2D", [T(IMG)], args=[2])
case(N, "L2Normalize", [T(X)])
case(N, "L2Normalize", [T(X)], args=[-1, 1e-3])
case(N, "LayerNorm", [T(X), T([1., 2., 3.]), T([0., 1., 0.])])
case(N, "LayerNorm", [T(IMG), T(np.ones((4, 4), np.float32)), T(np.zeros((4, 4), np.float32))], args=[2, 2, 1e-5])
case(N, "BatchNorm", [T(IMG), T([1., 2.]), T([0., 1.]), T([0.1, -0.1]), T([1., 2.])])
case(N, "SoftmaxCrossEntropyWithLogits", [T(X), T(np.array([[0, 1, 0], [1, 0, 0]], np.float32))])
case(N, "SparseSoftmaxCrossEntropyWithLogits", [T(X), T(np.array([1, 0], np.int32))])
case(N, "SparseSoftmaxCrossEntropyWithLogits", [T(X), T(np.array([1, 0], np.int32))], args=[True])
case(N, "SigmoidCrossEntropyWithLogits", [T(X), T(P01)])
case(N, "BCEWithLogitsLoss", [T(X), T(P01)])
case(N, "BCEWithLogitsLoss", [T(X), T(P01), T(Y), T([1., 2., 0.5])], args=["none"])
case(N, "BinaryCrossEntropy", [T(P01), T(np.round(P01[::-1], 3))])
case(N, "BinaryCrossEntropy", [T(P01), T(np.round(P01[::-1], 3)), T(Y)], args=["sum"])
case(N, "SmoothL1Loss", [T(X), T(Y)])
case(N, "SmoothL1Loss", [T(X), T(Y)], args=[0.5, "mean"])
case(N, "KLDivLoss", [T(X), T(P01)])
case(N, "KLDivLoss", [T(X), T(P01)], args=["sum"])
case(N, "KLDivLoss", [T(X), T(P01)], args=["none"])
case(N, "NLLLoss", [T(X), T(np.array([2, 0], np.int32)), T([1., 2., 0.5])])
case(N, "NLLLoss", [T(X), T(np.array([2, 0], np.int32)), T([1., 2., 0.5])], args=["sum"])
case(N, "Pad", [T(X)], args=[((1, 0), (0, 2))])
case("other_ops", "Depend", [T(X), T(Y)])
case("other_ops", "StopGradient", [T(X)])

for n, ins in [("ReluGrad", [T(Y), T(X)]), ("ReLU6Grad", [T(Y), T(X * 4)]), ("SigmoidGrad", [T(P01), T(X)]),
               ("TanhGrad", [T(U), T(X)]), ("SqrtGrad", [T(Y), T(X)]), ("RsqrtGrad", [T(Y), T(X)]),
               ("ReciprocalGrad", [T(Y), T(X)]), ("InvGrad", [T(Y), T(X)]), ("AsinGrad", [T(U), T(X)]),
               ("ACosGrad", [T(U), T(X)]), ("AtanGrad", [T(X), T(Y)]), ("AsinhGrad", [T(X), T(Y)]),
               ("AcoshGrad", [T(Y), T(X)]), ("EluGrad", [T(Y), T(X)]), ("SoftplusGrad", [T(Y), T(X)]),
               ("HSigmoidGrad", [T(Y), T(X * 2)]), ("HSwishGrad", [T(Y), T(X * 2)]),
               ("GeLUGrad", [T(Y), T(X), T(X)])]:
    case(G, n, ins)
case(G, "BiasAddGrad", [T(IMG)])
case(G, "BiasAddGrad", [T(IMG)], args=["NHWC"])
case(G, "LogSoftmaxGrad", [T(np.log(np.exp(X) / np.exp(X).sum(-1, keepdims=True))), T(Y)])
case(G, "HShrinkGrad", [T(Y), T(X)])
case(G, "SoftShrinkGrad", [T(Y), T(X)], args=[1.0])
case(G, "MaximumGrad", [T(X), T(np.array([[0.5], [0.5]], np.float32)), T(Y)])
case(G, "MinimumGrad", [T(X), T(np.array([[0.5], [0.5]], np.float32)), T(Y)])
case(G, "SmoothL1LossGrad", [T(X), T(Y), T(P01)])
case(S, "TupleToTensor", [(1, 2, 3), DT("int32")])
case(S, "TupleToTensor", [(1.5, 2.0), DT("float32")])
case(S, "TensorToTuple", [T([1, 2, 3])])
case(S, "SequenceAddN", [TUP(T(X), T(Y))])
case(S, "SequenceStack", [TUP(T(X), T(Y))], args=[1])
case(S, "SequenceUnstack", [T(X)])
case(S, "SequenceMul", [(1, 2), 3])
case(I_, "SiLU", [T(X)])
case(I_, "DynamicBroadcastTo", [T([1., 2., 3.]), (2, 3)])

# errors: (module, class, init args, init kwargs, inputs or None for an init-only case)
E = []


def err(mod, name, args=(), kwargs=None, inputs=None):
    E.append((mod, name, list(args), kwargs or {}, inputs))


err(A, "Stack", [1.0])
err(A, "Sort", [1.0])
err(A, "Sort", [0, 1])
err(A, "TopK", [1])
err(A, "Squeeze", [1.0])
err(N, "Softmax", [1.5])
err(N, "L2Normalize", [1.0])
err(N, "L2Normalize", [0, "a"])
err(N, "Conv2D", [0, 3])
err(N, "Conv2D", [1, 0])
err(N, "Conv2D", [1, 3], {"pad_mode": "x"})
err(N, "MaxPool", [0])
err(N, "MaxPool", [2, 2, "x"])
err(N, "Pad", [1])
err("comm_ops", "AllReduce", [], {"group": 1})
err("comm_ops", "AllGather", [], {"group": 1})
err(M, "ReduceSum", [1], inputs=[T(X)])
err(M, "MatMul", [1], inputs=[T(X), T(Y)])
err(A, "Concat", [1.0], inputs=[TUP(T(X), T(Y))])
err(A, "Split", [0, 0], inputs=[T(X)])
err(A, "Split", [0, 4], inputs=[T(X)])
err(A, "ArgMaxWithValue", [0, 1], inputs=[T(X)])
err(A, "Argmax", [], {"output_type": DT("float32")}, inputs=[T(X)])
err(M, "CumSum", [1], inputs=[T(X), 0])
err(N, "Dropout", [0.0], inputs=[T(X)])
err(M, "Round", [], inputs=[T(X), 1])
err(N, "BiasAdd", [1], inputs=[T(X), T([1., 1., 1.])])
err(N, "LogSoftmax", [1.0], inputs=[T(X)])
err(N, "OneHot", ["a"], inputs=[T(np.array([0, 1], np.int32)), 3, T(np.float32(1)), T(np.float32(0))])

REPRS = [("math_ops", "Add", [], {}), ("math_ops", "ReduceSum", [True], {}), ("array_ops", "Concat", [1], {}),
         ("nn_ops", "Softmax", [], {}), ("nn_ops", "Conv2D", [4, 3], {}), ("math_ops", "MatMul", [True], {}),
         ("array_ops", "Split", [1, 2], {}), ("array_ops", "Squeeze", [0], {}), ("array_ops", "TopK", [], {}),
("array_ops", "StridedSlice", [1], {}), ("math_ops", "CumSum", [], {}),
         ("nn_ops", "MaxPool", [2, 2], {}), ("nn_ops", "LayerNorm", [], {}), ("nn_ops", "L2Normalize", [], {}),
         ("array_ops", "Sort", [], {}), ("array_ops", "Gather", [], {}),
         ("nn_ops", "Pad", [((1, 1),)], {}), ("array_ops", "Stack", [1], {})]


def get_cls(mod, name):
    import importlib
    return getattr(importlib.import_module("mindspore.ops.operations." + mod), name)


def main():
    out = {"cases": [], "errors": [], "reprs": []}
    for mod, name, args, kwargs, inputs in C:
        prim = get_cls(mod, name)(*[decode(a) for a in args], **{k: decode(v) for k, v in kwargs.items()})
        try:
            res = prim(*[decode(x) for x in inputs])
            out["cases"].append({"mod": mod, "name": name, "args": args, "kwargs": kwargs, "inputs": inputs,
                                 "out": encode(res)})
        except Exception as e:  # noqa: BLE001 - recorded: the test skips what MindSpore cannot run
            print("skipped", name, type(e).__name__, str(e).split("\n")[0][:150])
    for mod, name, args, kwargs, inputs in E:
        where = "init"
        try:
            prim = get_cls(mod, name)(*[decode(a) for a in args], **{k: decode(v) for k, v in kwargs.items()})
            where = "call"
            prim(*[decode(x) for x in inputs])
            print("no error", name, args)
            continue
        except Exception as e:  # noqa: BLE001
            out["errors"].append({"mod": mod, "name": name, "args": args, "kwargs": kwargs, "inputs": inputs,
                                  "where": where, "cls": type(e).__name__, "msg": str(e).split("\n")[0]})
    for mod, name, args, kwargs in REPRS:
        p = get_cls(mod, name)(*args, **kwargs)
        out["reprs"].append({"mod": mod, "name": name, "args": args, "kwargs": kwargs, "repr": repr(p),
                             "attrs": {k: v for k, v in p.attrs.items() if k not in ("input_names", "output_names")
                                       and isinstance(v, (bool, int, float, str, tuple, list))}, "pname": p.name})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_operations.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=0)
    print(len(out["cases"]), "cases,", len(out["errors"]), "errors,", len(out["reprs"]), "reprs ->", path)


if __name__ == "__main__":
    main()

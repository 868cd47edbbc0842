"""The case table of gen_ops3.py (issue #11, the op library's remaining names): (group, expression
over x[i], input specs[, options]), in the format of nn_more_cases.py. Options: grad (record
d sum(out[0]) / d x[0]), error (record the exception class), tol, params_only."""
F32, F16, F64 = "float32", "float16", "float64"


def n(*shape, dtype=F32):
    return ("n", shape, dtype)


def u(*shape, lo=0.0, hi=1.0, dtype=F32):
    return ("u", shape, dtype, lo, hi)


def i(*shape, lo=0, hi=5, dtype="int32"):
    return ("i", shape, dtype, lo, hi)


def v(value, dtype=F32):
    return ("v", value, dtype)


def p(spec):
    return ("p", spec)


S = (2, 3)
MATH = [
    ("ops.addcdiv(x[0], x[1], x[2])", [n(*S), n(*S), u(*S, lo=1, hi=2)], {"grad": True}),
    ("ops.addcdiv(x[0], x[1], x[2], 0.5)", [n(2, 3), n(1, 3), u(2, 1, lo=1, hi=2)], {"grad": True}),
    ("ops.addcdiv(x[0], x[1], x[2], x[3])", [n(*S, dtype=F16), n(*S, dtype=F16), u(*S, lo=1, hi=2, dtype=F16),
                                             v(2.0, F16)], {"tol": 2e-3}),
    ("ops.addcdiv(x[0], x[1], x[2])", [n(*S), n(*S, dtype=F16), u(*S)], {"error": True}),
    ("ops.addcmul(x[0], x[1], x[2])", [n(*S), n(*S), n(*S)], {"grad": True}),
    ("ops.addcmul(x[0], x[1], x[2], x[3])", [n(3, 1), n(1, 4), n(3, 4), v(0.3)], {"grad": True}),
    ("ops.addcmul(x[0], x[1], x[2], 2)", [i(*S), i(*S), i(*S)]),
    ("ops.addcmul(x[0], x[1], x[2])", [n(*S, dtype=F16), n(*S, dtype=F16), n(*S, dtype=F16)], {"tol": 2e-3}),
    ("ops.cond(x[0])", [n(3, 3)], {"tol": 1e-4}),
    ("ops.cond(x[0], 1)", [n(3, 3)], {"tol": 1e-4}),
    ("ops.cond(x[0], 'fro')", [n(2, 3, 3)], {"tol": 1e-4}),
    ("ops.eps(x[0])", [n(*S)]),
    ("ops.eps(x[0])", [n(*S, dtype=F16)]),
    ("ops.eps(x[0])", [n(*S, dtype=F64)]),
    ("ops.Eps()(x[0])", [n(4)]),
    ("ops.eps(x[0])", [i(*S)], {"error": True}),
    ("ops.intopk(x[0], x[1], 2)", [n(4, 5), i(4, hi=5)]),
    ("ops.InTopK(1)(x[0], x[1])", [n(4, 5, dtype=F16), i(4, hi=5)]),
    ("ops.InTopK(3)(x[0], x[1])", [v([[1, 2, 2, 2, 0], [3, 3, 3, 3, 3]]), v([1, 4], "int64")]),
    ("ops.intopk(x[0], x[1], 1)", [n(4, 5), i(4, hi=5, dtype="float32")], {"error": True}),
    ("ops.intopk(x[0], x[1], 1)", [n(4, 5, dtype=F64), i(4, hi=5)], {"error": True}),
    ("ops.InTopK(1.0)", [], {"error": True}),
    ("ops.is_nonzero(x[0])", [v([0.0])]),
    ("ops.is_nonzero(x[0])", [v([[3]], "int32")]),
    ("ops.is_nonzero(x[0])", [v([1.0, 2.0])], {"error": True}),
    ("ops.soft_shrink(x[0], 0.3)", [n(*S)], {"grad": True}),
    ("ops.isnan_ext(x[0])", [v([1.0, float("nan"), float("inf")])]),
    ("ops.float_power_ext(x[0], 2)", [n(*S)]),
    ("ops.float_power_ext(x[0], x[1])", [u(*S), n(*S)]),
    ("ops.float_power_ext(2, x[0])", [i(*S)]),
    ("ops.diff_ext(x[0])", [n(3, 4)]),
    ("ops.diff_ext(x[0], 2, 0, x[1], x[2])", [n(3, 4), n(1, 4), n(2, 4)]),
    ("ops.fast_gelu(x[0])", [n(*S)], {"grad": True}),
    ("ops.fast_gelu(x[0])", [n(*S, dtype=F16)], {"tol": 2e-3}),
    ("ops.deepcopy(x[0])", [n(*S)]),
    ("ops.col2im(x[0], x[1], 2, 1, 0, 1)", [n(1, 2, 4, 4), v([3, 3], "int32")], {"grad": True}),
    ("ops.col2im(x[0], x[1], (2, 2), 2, 1, 1)", [n(2, 1, 4, 16), v([4, 4], "int32")]),
    ("ops.CheckNumerics()(x[0])", [n(*S)]),
    ("ops.CheckNumerics()(x[0])", [v([1.0, float("nan")])], {"error": True}),
    ("ops.CheckNumerics()(x[0])", [v([1.0, float("inf")], F16)], {"error": True}),
    ("ops.CompareAndBitpack()(x[0], x[1])", [n(3, 16), v(0.1)]),
    ("ops.CompareAndBitpack()(x[0], x[1])", [v([[True, False, True, True, False, False, False, True]], "bool"),
                                             v(False, "bool")]),
    ("ops.CompareAndBitpack()(x[0], x[1])", [i(2, 8, hi=9), v(4, "int32")]),
    ("ops.CompareAndBitpack()(x[0], x[1])", [n(3, 6), v(0.1)], {"error": True}),
]

def _lstm_w(i_, h, layers, bias, dirs, seed=0):
    n = sum(4 * h * (i_ if k == 0 else h * dirs) for k in range(layers)) * dirs + layers * dirs * 4 * h * h
    return n + (layers * dirs * 8 * h if bias else 0)


NN = [
    ("ops.ROIAlign(2, 2, 0.5, 2)(x[0], x[1])", [n(2, 3, 6, 6), v([[0, 1.0, 1.5, 8.0, 9.0], [1, 0.5, 2.0, 11.0, 6.0],
                                                              [0, 3.0, 3.0, 4.0, 4.0]])], {"grad": True}),
    # (MindSpore's ROIAlignGrad disagrees with its forward for roi_end_mode=0: no gradient recorded here)
    ("ops.ROIAlign(3, 2, 1.0, 1, 0)(x[0], x[1])", [n(1, 2, 5, 7), v([[0, 0.5, 0.2, 5.0, 4.0], [0, 2.0, 1.0, 2.5, 1.5]])]),
    ("ops.ROIAlign(2, 2, 0.25, 2)(x[0], x[1])", [n(1, 2, 4, 4, dtype=F16), v([[0, 2.0, 2.0, 14.0, 10.0]], F16)],
     {"tol": 3e-3}),
    ("ops.ROIAlign(2, 2, 1.0, 2)(x[0], x[1])", [n(1, 1, 4, 4), v([[0, 0.5, 0.5, 9.0, 9.0], [0, -3.0, -3.0, 1.0, 1.0]])]),
    ("ops.ROIAlign(2, 2, 1.0, 0)(x[0], x[1])", [n(1, 2, 8, 8), v([[0, 1.0, 1.0, 6.0, 6.0], [0, 2.0, 0.0, 7.0, 5.0]])],
     {"eager": True}),
    ("ops.ROIAlign(2, 2, 1.0, 2)(x[0], x[1])", [n(1, 1, 4, 4), v([[2, 0.5, 0.5, 2.0, 2.0]])], {"error": True}),
    ("ops.ROIAlign(2, 2, 1.0, 2)(x[0], x[1])", [n(1, 1, 4, 4, dtype=F64), v([[0, 0.5, 0.5, 2.0, 2.0]], F64)],
     {"error": True}),
    # (full-length sequences: past a sequence's length MindSpore's gradient output is uninitialised memory)
    ("ops.CTCLoss()(x[0], x[1], x[2], x[3])", [n(5, 2, 4), v([[0, 0], [0, 1], [1, 0]], "int64"), v([1, 2, 0], "int32"),
                                              v([5, 5], "int32")], {"grad": True, "tol": 1e-4}),
    ("ops.CTCLoss()(x[0], x[1], x[2], x[3])[0]", [n(5, 2, 4), v([[0, 0], [0, 1], [1, 0]], "int64"),
                                                 v([1, 2, 0], "int32"), v([5, 3], "int32")], {"tol": 1e-4}),
    ("ops.CTCLoss(preprocess_collapse_repeated=True)(x[0], x[1], x[2], x[3])",
     [n(6, 2, 5), v([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]], "int64"), v([1, 1, 2, 3, 3], "int32"), v([6, 6], "int32")],
     {"tol": 1e-4}),
    ("ops.CTCLoss(ctc_merge_repeated=False)(x[0], x[1], x[2], x[3])",
     [n(6, 2, 5), v([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]], "int64"), v([1, 1, 2, 3, 0], "int32"), v([6, 6], "int32")],
     {"tol": 1e-4}),
    ("ops.CTCLoss(ignore_longer_outputs_than_inputs=True)(x[0], x[1], x[2], x[3])",
     [n(3, 2, 4), v([[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]], "int64"), v([0, 1, 2, 0, 2], "int32"), v([3, 3], "int32")],
     {"tol": 1e-4}),
    ("ops.CTCLoss()(x[0], x[1], x[2], x[3])", [n(5, 1, 4, dtype=F64), v([[0, 0]], "int64"), v([1], "int32"),
                                              v([5], "int32")], {"tol": 1e-6}),
    ("ops.CTCLoss()(x[0], x[1], x[2], x[3])", [n(5, 1, 4), v([[0, 0], [0, 1]], "int64"), v([1], "int32"),
                                              v([5], "int32")], {"error": True}),
    ("ops.CTCLossV2()(x[0], x[1], x[2], x[3])", [u(6, 2, 5, lo=-3, hi=-0.5), v([[1, 2, 2], [3, 1, 0]], "int32"),
                                                v([6, 5], "int32"), v([3, 2], "int32")], {"tol": 1e-4}),
    ("ops.CTCLossV2(blank=4, zero_infinity=True)(x[0], x[1], x[2], x[3])",
     [u(3, 2, 5, lo=-3, hi=-0.5), v([[1, 1, 1], [3, 1, 0]], "int32"), v([3, 3], "int32"), v([3, 2], "int32")],
     {"tol": 1e-4}),
    ("ops.LSTM(2, 3, 1, True, False, 0.0)(x[0], x[1], x[2], x[3])[:3]",
     [n(4, 2, 2), n(1, 2, 3), n(1, 2, 3), u(_lstm_w(2, 3, 1, True, 1), 1, 1, lo=-0.5, hi=0.5)], {"grad": True}),
    ("ops.LSTM(2, 3, 1, False, True, 0.0)(x[0], x[1], x[2], x[3])[:3]",
     [n(5, 1, 2), n(2, 1, 3), n(2, 1, 3), u(_lstm_w(2, 3, 1, False, 2), 1, 1, lo=-0.5, hi=0.5)]),
    ("ops.LSTM(3, 3, 2, True, True, 0.0)(x[0], x[1], x[2], x[3])[:3]",
     [n(4, 2, 3), n(4, 2, 3), n(4, 2, 3), u(_lstm_w(3, 3, 2, True, 2), 1, 1, lo=-0.5, hi=0.5)], {"error": True}),
    ("ops.LSTM(2, 3, 1, True, False, 0.0)(x[0], x[1], x[2], x[3])[:3]",
     [n(4, 2, 3), n(1, 2, 3), n(1, 2, 3), u(_lstm_w(2, 3, 1, True, 1), 1, 1)], {"error": True}),
]

IDX = v([0, 2, 0], "int32")
APPLY = [
    ("ops.FusedSparseAdam()(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10])",
     [p(n(4, 2)), p(n(4, 2)), p(u(4, 2)), v(0.9), v(0.99), v(0.01), v(0.9), v(0.999), v(1e-8), n(3, 2), IDX],
     {"params_only": True}),
    # (every row touched: MindSpore reads an uninitialised workspace for the others with use_nesterov)
    ("ops.FusedSparseAdam(use_nesterov=True)(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10])",
     [p(n(4, 2)), p(n(4, 2)), p(u(4, 2)), v(0.9), v(0.99), v(0.01), v(0.9), v(0.999), v(1e-8), n(5, 2),
      v([3, 1, 0, 2, 1], "int32")],
     {"params_only": True}),
    ("ops.FusedSparseLazyAdam()(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10])",
     [p(n(4, 2)), p(n(4, 2)), p(u(4, 2)), v(0.9), v(0.99), v(0.01), v(0.9), v(0.999), v(1e-8), n(3, 2), IDX],
     {"params_only": True}),
    ("ops.FusedSparseLazyAdam(use_nesterov=True)(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10])",
     [p(n(4, 2)), p(n(4, 2)), p(u(4, 2)), v(0.9), v(0.99), v(0.01), v(0.9), v(0.999), v(1e-8), n(3, 2), IDX],
     {"params_only": True}),
    ("ops.FusedSparseFtrl(0.1, 0.01, 0.02, -0.5)(x[0], x[1], x[2], x[3], x[4])",
     [p(n(4, 2)), p(u(4, 2, lo=0.5, hi=1.5)), p(n(4, 2)), n(3, 2), IDX], {"params_only": True}),
    ("ops.FusedSparseProximalAdagrad()(x[0], x[1], x[2], x[3], x[4], x[5], x[6])",
     [p(n(4, 2)), p(u(4, 2, lo=0.5, hi=1.5)), v(0.1), v(0.05), v(0.02), n(3, 2), IDX], {"params_only": True}),
    ("ops.FusedSparseProximalAdagrad()(x[0], x[1], x[2], x[3], x[4], x[5], x[6])",
     [p(n(4, 2)), p(u(4, 2, lo=0.5, hi=1.5)), v(0.1), v(0.0), v(0.02), n(3, 2), IDX], {"params_only": True}),
    ("ops.SparseApplyRMSProp(0.9, 0.5, 1e-6)(x[0], x[1], x[2], x[3], x[4], x[5])",
     [p(n(4, 2)), p(u(4, 2)), p(n(4, 2)), v(0.01), n(4, 2), v([0, 2, 0, 1], "int32")]),
    ("ops.SparseApplyRMSProp(1.5, 0.5, 1e-6)", [], {"error": True}),
    ("ops.AdamNoUpdateParam()(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8])",
     [p(n(2, 3)), p(u(2, 3)), v(0.9), v(0.99), v(0.01), v(0.9), v(0.999), v(1e-8), n(2, 3)]),
    ("ops.AdamNoUpdateParam(use_nesterov=True)(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8])",
     [p(n(2, 3)), p(u(2, 3)), v(0.9), v(0.99), v(0.01), v(0.9), v(0.999), v(1e-8), n(2, 3)]),
    ("ops.FusedCastAdamWeightDecay()(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9])",
     [p(n(2, 3)), p(n(2, 3)), p(u(2, 3)), v(0.01), v(0.9), v(0.999), v(1e-8), v(0.01), n(2, 3, dtype=F16), v(2.0)],
     {"params_only": True, "tol": 1e-4}),
    ("ops.FusedCastAdamWeightDecay()(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9])",
     [p(n(2, 3)), p(n(2, 3)), p(u(2, 3)), v(0.01), v(0.9), v(0.999), v(1e-8), v(0.01), n(2, 3), v(0.0)],
     {"params_only": True, "tol": 1e-4}),
]

MISC = [
    ("ops.SparseToDense()(x[0], x[1], (3, 4))", [v([[0, 1], [2, 3], [1, 0]], "int64"), n(3)], {"grad": False}),
    ("ops.SparseToDense()(x[0], x[1], (2, 3))", [v([[0, 1], [0, 1]], "int32"), v([1, 2], "int32")]),
    ("ops.SparseToDense()(x[0], x[1], (2, 3))", [v([[0, 1], [2, 1]], "int32"), n(2)], {"error": True}),
    ("ops.SparseTensorDenseAdd()(x[0], x[1], x[2], x[3])", [v([[0, 1], [0, 1], [1, 2]], "int64"), n(3),
                                                           v([2, 3], "int64"), n(2, 3)]),
    ("ops.SparseTensorDenseAdd()(x[0], x[1], x[2], x[3])", [v([[0, 1]], "int64"), n(1), v([2, 3], "int64"),
                                                           n(3, 3)], {"error": True}),
    ("ops.SparseTensorDenseMatmul()(x[0], x[1], (3, 4), x[2])", [v([[0, 1], [2, 3], [1, 0], [0, 1]], "int64"), n(4),
                                                               n(4, 2)]),
    ("ops.SparseTensorDenseMatmul(True, True)(x[0], x[1], (3, 4), x[2])", [v([[0, 1], [2, 3]], "int32"), n(2),
                                                                         n(2, 3)]),
    ("ops.SparseTensorDenseMatmul()(x[0], x[1], (2, 3), x[2])", [v([[0, 1]], "int32"), v([3], "int32"),
                                                               i(3, 2)]),
    ("ops.SparseSlice()(x[0], x[1], x[2], x[3], x[4])", [v([[0, 1], [1, 2], [1, 3], [2, 0]], "int64"), n(4),
                                                        v([3, 4], "int64"), v([1, 1], "int64"), v([5, 2], "int64")]),
    ("ops.Coalesce()(x[0], x[1], x[2])", [v([[1, 0, 1, 2], [2, 1, 2, 0]], "int64"), n(4), v([3, 3], "int64")]),
    ("ops.SelectView()(x[0], 1, 2)", [n(2, 3, 4)]),
    ("ops.SelectView()(x[0], 0, 2)", [n(2, 3)], {"error": True}),
    ("ops.TransposeView()(x[0], (2, 0, 1))", [n(2, 3, 4)]),
    ("ops.TransposeExtView()(x[0], 0, 2)", [n(2, 3, 4)]),
    ("(ops.CopyWithSlice()(x[0], x[1]), x[0])", [n(2, 3), n(2, 3)]),
    ("ops.ExtractVolumePatches((1, 1, 2, 2, 2), (1, 1, 1, 2, 1), 'SAME')(x[0])", [n(1, 2, 3, 3, 4)]),
    ("ops.ExtractVolumePatches((1, 1, 2, 3, 2), (1, 1, 2, 1, 1), 'VALID')(x[0])", [n(2, 1, 4, 4, 3, dtype=F16)]),
    ("ops.ExtractVolumePatches((1, 2, 2, 2, 2), (1, 1, 1, 1, 1), 'VALID')", [], {"error": True}),
    ("ops.NoRepeatNGram(3)(x[0], x[1])", [v([[[1, 2, 3, 1, 2], [4, 4, 4, 4, 4]]], "int32"), n(1, 2, 6)]),
    ("ops.NoRepeatNGram(2)(x[0], x[1])", [i(2, 1, 8, hi=4), n(2, 1, 5)]),
    ("ops.NoRepeatNGram(2)(x[0], x[1])", [i(2, 1, 8, hi=4, dtype="int64"), n(2, 1, 5)], {"error": True}),
    ("ops.SubAndFilter()(x[0], x[1], x[2])", [v([1, 5, 10, 3, 7], "int64"), v(6, "int64"), v(1, "int64")]),
    ("ops.Assert(2)(x[0], [x[1]]).shape", [v(True, "bool"), n(3)]),  # (its value is uninitialised memory)
    ("ops.Assert(2)(x[0], [x[1]])", [v(False, "bool"), n(3)], {"error": True}),
    ("ops.PyFunc(lambda a, b: (a + b, a * b), [ms.float32, ms.float32], [(2,), (2,)], [ms.float32, ms.float32], "
     "[(2,), (2,)])(x[0], x[1])", [n(2), n(2)]),
    ("ops.PyFunc(lambda a: a * 2, [ms.float32], [(2, 3)], [ms.float32], [(2, 3)])(x[0])", [n(2, 3)]),
    ("ops.Partial()(ops.mul, x[0])(x[1])", [n(3), n(3)]),
    ("ops.InsertGradientOf(ops.square)(x[0]) * x[0]", [n(3)], {"grad": True}),
    ("ops.NonMaxSuppressionWithOverlaps()(x[0], x[1], x[2], x[3], x[4])",
     [v([[1, 0.9, 0.1, 0.3], [0.9, 1, 0.2, 0.6], [0.1, 0.2, 1, 0.1], [0.3, 0.6, 0.1, 1]]), v([0.6, 0.8, 0.7, 0.75]),
      v(3, "int32"), v(0.5), v(0.65)]),
    ("ops.NonMaxSuppressionWithOverlaps()(x[0], x[1], x[2], x[3], x[4])",
     [u(6, 6), u(6), v(4, "int32"), v(0.5), v(0.0)]),
    ("ops.NonMaxSuppressionWithOverlaps()(x[0], x[1], x[2], x[3], x[4])",
     [u(6, 6), u(6), v(4, "int64"), v(0.5), v(0.0)], {"error": True}),
    ("ops.ScaleAndTranslate()(x[0], x[1], x[2], x[3])", [n(1, 5, 6, 2), v([3, 4], "int32"), v([0.6, 0.7]),
                                                        v([0.5, -0.3])], {"grad": True}),
    ("ops.ScaleAndTranslate('gaussian')(x[0], x[1], x[2], x[3])", [n(2, 5, 6, 1), v([4, 4], "int32"), v([0.8, 0.7]),
                                                                  v([0.0, 0.0])]),
    ("ops.ScaleAndTranslate('keyscubic', False)(x[0], x[1], x[2], x[3])",
     [n(1, 4, 5, 2, dtype=F16), v([7, 8], "int32"), v([1.6, 1.5]), v([0.2, 0.0])], {"tol": 2e-3}),
    ("ops.ScaleAndTranslate('mitchellcubic', False)(x[0], x[1], x[2], x[3])",
     [n(1, 5, 6, 2), v([7, 8], "int32"), v([1.6, 1.5]), v([0.0, 0.0])]),
    ("ops.ScaleAndTranslate('box', False)(x[0], x[1], x[2], x[3])",
     [n(1, 5, 6, 2), v([9, 11], "int32"), v([1.7, 2.0]), v([0.5, -0.3])]),
    ("ops.ScaleAndTranslate('lanczos1', True)(x[0], x[1], x[2], x[3])",
     [n(1, 5, 6, 2), v([3, 3], "int32"), v([0.5, 0.5]), v([0.0, 0.0])]),
    ("ops.ScaleAndTranslate('linear')", [], {"error": True}),
    ("ops.ForiLoop()(0, 4, lambda i, val: val * 2 + i, x[0])", [n(2)]),
    ("ops.WhileLoop()(lambda val: val[0] < 5, lambda val: (val[0] + 1, val[1] * 2), (x[0], x[1]))",
     [v(0, "int64"), n(2)]),
    ("ops.Scan()(lambda c, e: (c + e, c * e), x[0], [x[1], x[2], x[3]])", [n(2), n(2), n(2), n(2)]),
    ("ops.Scan()(lambda c, e: (c + e, c), x[0], [x[1], x[2]], None, False)", [n(2), n(2), n(2)]),
]

FIX = [
    # (complex values travel as real and imaginary parts: JSON has no complex numbers)
    ("(lambda z: (ops.real(z), ops.imag(z)))(ops.sgn(ops.Complex()(x[0], x[1])))",
     [v([3, 0, 0, 1.5]), v([4, 0, -2, 0])]),
    ("(lambda z: (ops.real(z), ops.imag(z)))(ops.sgn(ops.Complex()(x[0], x[1])))", [n(4, dtype=F64), n(4, dtype=F64)]),
    ("x[0].sgn()", [n(5)]),
    ("ops.adaptive_max_pool2d(x[0], (3, 2))", [n(1, 2, 7, 5)], {"grad": True}),
    ("ops.adaptive_max_pool2d(x[0], (4, None), True)", [n(2, 5, 6)]),
    ("ops.adaptive_max_pool2d(x[0], 3, return_indices=True)", [n(1, 1, 4, 4, dtype=F16)]),
    ("ops.adaptive_max_pool2d(x[0], 2)", [n(2, 3)], {"error": True}),
]

CASES = [("math",) + c for c in MATH] + [("fix",) + c for c in FIX] + [("misc",) + c for c in MISC] + [("nn",) + c for c in NN] + [("apply",) + c for c in APPLY]

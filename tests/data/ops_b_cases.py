"""Cases recorded by gen_ops_b.py (MindSpore 2.10) and checked by tests/ops/test_ops_b.py (mindjax)."""
S35 = "T(np.array([3, 5]), np.int32)"
R05 = "T(np.array([0.5]), np.float32)"
CASES = []
# ---- RandomPoisson: int32/int64 rates, shape only as a 1-D int Tensor of positive sizes
for rd in ("np.int32", "np.int64", "np.float16", "np.float64", "np.int8", "np.uint8", "np.bool_"):
    CASES += [f"shape:R.random_poisson({S35}, T(np.array([[5, 10], [5, 1]]), {rd}), seed=5)"]
for dt in ("ms.int32", "ms.int64", "ms.float16", "ms.bool_", "ms.int8"):
    CASES += [f"shape:R.random_poisson({S35}, {R05}, seed=1, dtype={dt})"]
CASES += [f"shape:R.random_poisson((3, 5), {R05}, seed=1)",
          f"shape:R.random_poisson(T(np.array([[1, 2], [3, 5]]), np.int32), {R05}, seed=1)",
          f"shape:R.random_poisson(T(np.array([3, 5]), np.float32), {R05}, seed=1)",
          f"shape:R.random_poisson(T(np.array([3, 5]), np.int8), {R05}, seed=1)",
          f"shape:R.random_poisson(T(np.array([-3, 5]), np.int32), {R05}, seed=1)",
          f"shape:R.random_poisson({S35}, [0.5], seed=1)",
          f"shape:R.random_poisson({S35}, {R05}, seed=0.5)",
          f"shape:R.random_poisson(T(np.array([3, 5]), np.int64), T(np.array(0.5), np.int64), seed=1)"]
# ---- MaskedSelect broadcasts input and mask to their common shape (either may be smaller)
M241 = "T(np.array([[[0], [1], [0], [1]], [[0], [1], [0], [1]]], np.bool_))"
CASES += [f"P.MaskedSelect()(T(np.array([1, 2, 3, 4], np.int32)), {M241})",
          f"ops.masked_select(T(np.arange(8, dtype=np.float32).reshape(2, 4)), T(np.array([True, False, True, True])))",
          f"ops.masked_select(T(np.array([1, 2, 3], np.int32)), T(np.array([True, False])))",
          f"Grad(lambda x: ops.masked_select(x, {M241}).sum() * 2, T(np.array([1, 2, 3, 4], np.float32)))",
          f"Grad(lambda x: (ops.masked_select(x, T(np.array([[True], [False]]))) ** 2).sum(), "
          f"T(np.array([1, 2, 3], np.float32)))"]
# ---- global Median: ignore_nan, and empty inputs (a scalar NaN, or 0 for ints); its index is documented as
# meaningless (uninitialised memory for an empty input), so only the value is recorded
for dt in ("np.float32", "np.int32", "np.float64"):
    for ig in (True, False):
        for kd in (True, False):
            CASES += [f"ops.Median(True, 0, {kd}, {ig})(T(np.zeros((2, 3, 0, 4)), {dt}))[0]"]
CASES += ["ops.Median(True, 0, False, True)(T(np.array([3.0, np.nan, 1.0, 2.0, np.nan, 5.0]), np.float32))[0]",
          "ops.Median(True, 0, False, False)(T(np.array([3.0, np.nan, 1.0, 2.0]), np.float32))[0]",
          "ops.Median(True, 0, True, True)(T(np.array([[3.0, np.nan], [1.0, 2.0]]), np.float64))",
          "ops.Median(True, 0, False, True)(T(np.array([[7, 3], [1, 2]]), np.int32))[0]"]
# ---- PSROIPooling (forward: rois_n = 1, the layout its CPU kernel reads) and PSROIPoolingGrad
PX = "T(np.random.RandomState(0).rand(2, 8, 6, 7), np.float32)"
PR = "T(np.array([[[0], [10.3], [3.1], [90.9], [70.2]], [[1], [-8.0], [20.8], [60.2], [96.9]]]), np.float32)"
PR2 = ("T(np.array([[[0, 1], [10.3, 0.0], [3.1, 40.0], [90.9, 50.2], [70.2, 90.0]], "
       "[[1, 0], [-8.0, 30.0], [20.8, 2.0], [60.2, 99.0], [96.9, 30.0]]]), np.float32)")
PDY = "T(np.random.RandomState(1).rand(4, 2, 2, 2), np.float32)"
CASES += [f"NN.PSROIPooling(1.0 / 16, 2, 2)({PX}, {PR})",
          f"NN.PSROIPooling(1.0 / 8, 2, 2)({PX}.astype(ms.float64), {PR}.astype(ms.float64))",
          f"NN.PSROIPooling(1.0 / 16, 1, 8)({PX}, {PR})",
          f"Grad(lambda x: (NN.PSROIPooling(1.0 / 16, 2, 2)(x, {PR}) * T(np.arange(16).reshape(2, 2, 2, 2), "
          f"np.float32)).sum(), {PX})",
          f"G.PSROIPoolingGrad((6, 7), 1.0 / 16, 2, 2)({PDY}, {PR2})",
          f"G.PSROIPoolingGrad(6, 1.0 / 8, 2, 2)({PDY}, {PR2})",
          f"NN.PSROIPooling(1.0 / 16, 2, 2)({PX}, {PR}.astype(ms.float16))",
          f"NN.PSROIPooling(1.0 / 16, 2, 2)({PX}, {PR}.astype(ms.int32))",
          f"NN.PSROIPooling(1.0 / 16, 2, 3)({PX}, {PR})",
          f"NN.PSROIPooling(1.0 / 16, 2, 2)({PX}[:1], {PR})",
          "NN.PSROIPooling(-0.5, 2, 2)", "NN.PSROIPooling(1, 2, 2)", "NN.PSROIPooling(0.5, 2.0, 2)",
          "NN.PSROIPooling(0.5, 2, 0)",
          f"G.PSROIPoolingGrad((6, 7), 1.0 / 16, 2, 2)({PDY}.astype(ms.float64), {PR2}.astype(ms.float64))",
          f"G.PSROIPoolingGrad((6, 7), 1.0 / 16, 2, 2)({PDY}[:3], {PR2})",
          f"G.PSROIPoolingGrad((6, 7), 1.0 / 16, 2, 3)({PDY}, {PR2})",
          f"G.PSROIPoolingGrad((6, 7), 1.0 / 16, 2, 2)({PDY}, {PR2}, {PR2})",
          "G.PSROIPoolingGrad((6, 0), 0.5, 2, 2)", "G.PSROIPoolingGrad([6, 7], 0.5, 2, 2)",
          "G.PSROIPoolingGrad((6, 7.0), 0.5, 2, 2)", "G.PSROIPoolingGrad(-1, 0.5, 2, 2)"]
# ---- Rank refuses what is not a Tensor
CASES += ["ops.Rank()(1)", "ops.rank('str')", "ops.Rank()([1, 2])", "ops.rank(T(np.zeros((2, 3, 1))))",
          "ops.Rank()(T(np.float32(1)))"]
# ---- ReLU6's gradient passes where 0 < x <= 6
RX = "T(np.array([[-1, 0, 3], [6, 7, 5.5]]), np.float32)"
CASES += [f"Grad(lambda x: (ops.relu6(x) * T(np.array([[1, 2, 3], [4, 5, 6]]), np.float32)).sum(), {RX})",
          f"Grad(lambda x: ops.ReLU6()(x).sum(), {RX}.astype(ms.float16))", f"ops.relu6({RX})"]
# ---- ResizeBilinearGrad (the gradient of ResizeBilinearV2 w.r.t. its image)
RDY = "T(np.random.RandomState(2).rand(2, 3, 3, 5), np.float32)"
RIM = "T(np.zeros((2, 3, 4, 7)), np.float32)"
for a, h in (("True", "False"), ("False", "False"), ("False", "True")):
    CASES += [f"G.ResizeBilinearGrad({a}, {h})({RDY}, {RIM})",
              f"G.ResizeBilinearGrad({a}, {h})({RDY}.astype(ms.float64), {RIM}.astype(ms.float64))",
              f"Grad(lambda x: (P.ResizeBilinearV2({a}, {h})(x, (3, 5)) * {RDY}).sum(), "
              f"T(np.random.RandomState(3).rand(2, 3, 4, 7), np.float32))"]
CASES += [f"G.ResizeBilinearGrad(True, False)({RDY}.astype(ms.float16), {RIM}.astype(ms.float16))",
          f"G.ResizeBilinearGrad(False, False)(T(np.ones((1, 1, 5, 6)), np.float32), T(np.zeros((1, 1, 2, 3)), "
          f"np.float32))"]
# ---- SeLU of int8/int32 (MindSpore's kernel), other ints refused
SX = "np.array([-100, -5, -1, 0, 1, 2, 3, 10, 100])"
CASES += [f"ops.SeLU()(T({SX}, np.int32))", f"ops.selu(T({SX}, np.int8))", f"ops.selu(T({SX}, np.int16))",
          f"ops.SeLU()(T({SX}, np.int64))", f"ops.selu(T({SX}, np.float64) / 7)",
          # (MindSpore 2.10's SeLU gradient is wrong for x < 0, e.g. 0.80 at x = -1/7 where the derivative is
          # scale * alpha * exp(x) = 1.52: mindjax keeps the derivative, from jax.vjp, and records no values)
          ]
# ---- SliceGrad, StridedSliceGrad
SGX = "T(np.arange(24).reshape(2, 3, 4), np.float32)"
CASES += [f"G.SliceGrad()(T(np.arange(1, 7).reshape(1, 2, 3), np.float32), {SGX}, (1, 0, 1), (1, 2, 3))",
          f"G.SliceGrad()(T(np.arange(1, 9).reshape(2, 1, 4), np.int32), {SGX}.astype(ms.int32), (0, 2, 0), "
          f"(2, 1, 4))",
          f"G.StridedSliceGrad()(T(np.arange(1, 5).reshape(1, 2, 2), np.float32), (2, 3, 4), (1, 0, 0), (2, 3, 4), "
          f"(1, 2, 3))",
          f"G.StridedSliceGrad(0, 0, 0, 0, 1)(T(np.arange(1, 5).reshape(2, 2), np.float32), (2, 3, 4), (1, 0, 0), "
          f"(2, 3, 4), (1, 2, 2))",
          f"Grad(lambda x: (ops.Slice()(x, (1, 0, 1), (1, 2, 3)) ** 2).sum(), {SGX})",
          f"Grad(lambda x: (ops.StridedSlice(0, 0, 0, 0, 1)(x, (1, 0, 0), (2, 3, 4), (1, 2, 2)) ** 2).sum(), {SGX})"]

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

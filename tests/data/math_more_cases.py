"""Expressions evaluated under real MindSpore (gen_math_more.py records them) and under mindjax
(tests/ops/test_math_more.py, tests/ops/test_linalg.py compare): the math family of ``ops``
(special functions, bitwise, complex, cumulative/reductions, linear algebra, FFT, windows)."""

SETUP = """
import numpy as np
def T(x, dt='float32'):
    return Tensor(np.array(x, dtype=dt))
X = T([[0.5, 1.5, -2.0], [3.0, -0.25, 4.5]])
XP = T([[0.5, 1.5, 2.0], [3.0, 0.25, 4.5]])
XP64 = T([[0.5, 1.5, 2.0], [3.0, 0.25, 4.5]], 'float64')
X16 = T([[0.5, 1.5, -2.0], [3.0, -0.25, 4.5]], 'float16')
Y = T([[1.0, -1.0, 2.0], [0.5, 2.0, -3.0]])
XN = T([[np.nan, 1.0, -np.inf], [np.inf, -2.0, 0.0]])
I = T([[12, -7, 9], [0, 15, 4]], 'int32')
J = T([[8, 3, 6], [5, 10, 2]], 'int32')
U8 = T([1, 7, 255, 128], 'uint8')
C = T([1 + 2j, -3 + 0.5j, 0 - 1j], 'complex64')
A = T([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
A64 = T([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], 'float64')
M = T([[2.0, -1.0, 0.5], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
B = T([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]])
BA = T(np.arange(24).reshape(2, 3, 4) / 7.0 - 1.0)
V3 = T([1.0, 2.0, -1.0])
W3 = T([0.5, -1.5, 2.0])
R = T([[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 2.0, -3.0], [2.0, 0.0, 1.0, 1.0]])
S = T(np.arange(8) / 3.0 - 1.0)
LU = T([[3.0, 4.0], [0.5, -1.0]])
PIV = T([2, 2], 'int32')
"""

# (id, expression); each records its value(s) and dtype(s), or its error class and message
ELEMENTWISE = [
    *[(f"bessel_{n}", f"ops.bessel_{n}(XP)") for n in ("i0", "i0e", "i1", "i1e", "j0", "j1", "k0", "k0e", "k1", "k1e", "y0", "y1")],
    *[(f"Bessel{n}", f"ops.Bessel{n}()(XP64)") for n in ("I1e", "J1", "K0e", "Y0")],
    ("bessel_j0_neg", "ops.bessel_j0(X)"),
    ("bessel_i0_f16", "ops.bessel_i0(X16)"),
    ("bessel_int", "ops.bessel_i0(I)"),
    ("betainc", "ops.Betainc()(XP, T([[1.0, 2.0, 0.5], [3.0, 1.5, 2.0]]), T([[0.1, 0.5, 0.9], [0.3, 0.7, 0.2]]))"),
    ("digamma", "ops.digamma(XP)"), ("Digamma", "ops.Digamma()(X)"), ("digamma_f64", "ops.digamma(XP64)"),
    ("digamma_int", "ops.digamma(I)"),
    ("lgamma", "ops.lgamma(X)"), ("Lgamma", "ops.Lgamma()(XP64)"), ("lgamma_f16", "ops.lgamma(X16)"),
    ("lgamma_int", "ops.lgamma(I)"),
    ("igamma", "ops.igamma(XP, T([[1.0, 2.0, 0.5], [3.0, 1.5, 2.0]]))"),
    ("igammac", "ops.igammac(XP, T([[1.0, 2.0, 0.5], [3.0, 1.5, 2.0]]))"),
    ("Igamma", "ops.Igamma()(XP, XP)"),
    ("polygamma1", "ops.polygamma(T(1, 'int64'), XP)"), ("polygamma2", "ops.polygamma(T(2, 'int64'), XP)"),
    ("polygamma0", "ops.polygamma(T(0, 'int64'), XP)"),
    ("Polygamma", "ops.Polygamma()(T(3, 'int64'), XP64)"),
    ("mvlgamma", "ops.mvlgamma(T([[2.5, 3.0], [4.0, 1.5]]), 2)"), ("Mvlgamma", "ops.Mvlgamma(p=3)(T([[2.5, 3.0], [4.0, 1.5]]))"),
    ("mvlgamma_bad", "ops.mvlgamma(T([[0.5, 3.0]]), 2)"),
    ("zeta", "ops.zeta(T([[2.0, 3.0, 1.5], [4.0, 2.5, 6.0]]), XP)"), ("Zeta", "ops.Zeta()(T([2.0, 3.0], 'float64'), T([1.0, 2.0], 'float64'))"),
    ("sinc", "ops.sinc(T([[0.0, 0.5, -1.5], [3.25, 1.0, -0.2]]))"), ("Sinc", "ops.Sinc()(X)"), ("sinc_int", "ops.sinc(I)"),
    ("gcd", "ops.gcd(I, J)"), ("lcm", "ops.lcm(I, J)"), ("Gcd", "ops.Gcd()(T([12, 18], 'int64'), T([8, 27], 'int64'))"),
    ("Lcm", "ops.Lcm()(T([4, 6], 'int64'), T([6, 4], 'int64'))"),
    ("gcd_float", "ops.gcd(X, Y)"),
    ("nextafter", "ops.nextafter(X, Y)"), ("NextAfter", "ops.NextAfter()(XP64, T([[0.0]*3]*2, 'float64'))"),
    ("Rint", "ops.Rint()(T([0.5, 1.5, 2.5, -0.5, -1.7, 2.2]))"),
    ("invert", "ops.invert(I)"), ("Invert", "ops.Invert()(U8)"), ("invert_i16", "ops.invert(T([1, -2], 'int16'))"),
    ("invert_float", "ops.invert(X)"),
    ("population_count", "ops.population_count(T([0, 1, 7, -1, 255], 'int16'))"),
    ("PopulationCount", "ops.PopulationCount()(U8)"),
    ("population_count_i32", "ops.population_count(I)"),
    ("LeftShift", "ops.LeftShift()(I, T([1, 2, 3], 'int32'))"), ("RightShift", "ops.RightShift()(I, T([1, 2, 3], 'int32'))"),
    ("bitwise_left_shift", "ops.bitwise_left_shift(I, 2)"), ("bitwise_right_shift", "ops.bitwise_right_shift(I, 1)"),
    ("bitwise_right_shift_t", "ops.bitwise_right_shift(U8, T([1, 2, 3, 7], 'uint8'))"),
    ("copysign", "ops.copysign(X, Y)"), ("copysign_s", "ops.copysign(X, -1.0)"), ("copysign_int", "ops.copysign(I, J)"),
    ("hypot", "ops.hypot(X, Y)"), ("hypot_f64", "ops.hypot(XP64, XP64)"),
    ("ldexp", "ops.ldexp(X, T([[1, 2, 3], [0, -1, 2]], 'int32'))"),
    ("logaddexp2", "ops.logaddexp2(X, Y)"), ("exp2", "ops.exp2(X)"), ("exp2_int", "ops.exp2(I)"),
    ("float_power", "ops.float_power(XP, 2)"), ("float_power_t", "ops.float_power(XP, Y)"), ("float_power_int", "ops.float_power(J, 2)"),
    ("fmax", "ops.fmax(XN, Y)"), ("fmin", "ops.fmin(XN, Y)"), ("fmax_int", "ops.fmax(I, J)"),
    ("fmod", "ops.fmod(X, Y)"), ("fmod_s", "ops.fmod(X, 1.5)"), ("fmod_int", "ops.fmod(I, J)"),
    ("frac", "ops.frac(X)"), ("frac_int", "ops.frac(I)"),
    ("heaviside", "ops.heaviside(T([[-1.0, 0.0, 2.0]]), T([0.5]))"),
    ("i0", "ops.i0(X)"),
    ("deg2rad", "ops.deg2rad(T([180.0, 90.0, -45.0]))"), ("rad2deg", "ops.rad2deg(X)"), ("deg2rad_int", "ops.deg2rad(I)"),
    ("positive", "ops.positive(X)"),
    ("nan_to_num", "ops.nan_to_num(XN)"), ("nan_to_num2", "ops.nan_to_num(XN, 1.0, 2.0, -3.0)"),
    ("NanToNum", "ops.NanToNum(nan=0.5, posinf=9.0, neginf=-9.0)(XN)"),
    ("nan_to_num_f16", "ops.nan_to_num(T([np.nan, np.inf, -np.inf], 'float16'))"),
    ("isclose", "ops.isclose(X, X + 1e-6)"), ("isclose_nan", "ops.isclose(XN, XN, equal_nan=True)"),
    ("IsClose", "ops.IsClose(rtol=0.1, atol=0.5)(X, Y)"),
    ("isneginf", "ops.isneginf(XN)"), ("isposinf", "ops.isposinf(XN)"), ("isreal", "ops.isreal(C)"),
    ("isreal_f", "ops.isreal(X)"),
    ("is_complex", "ops.is_complex(C), ops.is_complex(X)"), ("is_floating_point", "ops.is_floating_point(X), ops.is_floating_point(I)"),
    ("approximate_equal", "ops.approximate_equal(X, X + 1e-6), ops.approximate_equal(X, Y, 2.0)"),
    ("sgn", "ops.sgn(X)"), ("signbit", "ops.signbit(X)"), ("xdivy", "ops.xdivy(T([0.0, 1.0, 2.0]), T([0.0, 2.0, 4.0]))"),
]

COMPLEX = [
    ("Complex", "ops.Complex()(V3, W3)"), ("ComplexAbs", "ops.ComplexAbs()(C)"),
    ("conj", "ops.conj(C)"), ("Conj", "ops.Conj()(C)"), ("conj_real", "ops.conj(X)"),
    ("real", "ops.real(C)"), ("Real", "ops.Real()(C)"), ("imag", "ops.imag(C)"), ("Imag", "ops.Imag()(C)"),
    ("real_f", "ops.real(X)"),
    ("angle", "ops.angle(C)"), ("Angle", "ops.Angle()(C)"), ("angle_f", "ops.angle(X)"),
    ("polar", "ops.polar(XP, Y)"), ("Polar", "ops.Polar()(XP64, XP64)"),
    ("view_as_real", "ops.view_as_real(C)"),
]

REDUCE = [
    ("cummax", "ops.cummax(X, 1)"), ("cummax0", "ops.cummax(I, 0)"), ("Cummax", "ops.Cummax(axis=0)(X)"),
    ("Cummin", "ops.Cummin(axis=1)(X)"), ("cummax_bad_axis", "ops.cummax(X, 3)"),
    ("logcumsumexp", "ops.logcumsumexp(X, 1)"),
    ("CumulativeLogsumexp", "ops.CumulativeLogsumexp()(X, T(0, 'int64'))"),
    ("CumulativeLogsumexp_er", "ops.CumulativeLogsumexp(exclusive=True, reverse=True)(X, T(1, 'int64'))"),
    ("EuclideanNorm", "ops.EuclideanNorm()(X, T([1], 'int64'))"), ("EuclideanNorm_k", "ops.EuclideanNorm(keep_dims=True)(X, T([0, 1], 'int64'))"),
    ("ReduceStd", "ops.ReduceStd(axis=1)(X)"), ("ReduceStd_all", "ops.ReduceStd(unbiased=False, keep_dims=True)(X)"),
    ("median", "ops.median(X)"), ("median0", "ops.median(R, 0, True)"), ("median_int", "ops.median(I, 1)"),
    ("Median", "ops.Median(global_median=True)(X)"), ("Median_ax", "ops.Median(axis=1, keep_dims=True)(R)"),
    ("nanmedian", "ops.nanmedian(XN, 1)"),
    ("quantile", "ops.quantile(R, 0.3, 1)"), ("quantile_t", "ops.quantile(R, T([0.25, 0.75]), 0, True)"),
    ("quantile_all", "ops.quantile(R, 0.5)"), ("nanquantile", "ops.nanquantile(T([[np.nan, 1.0, 2.0], [3.0, -2.0, 0.0]]), 0.5, 1)"),
    ("nanmean", "ops.nanmean(XN, 1)"), ("nansum", "ops.nansum(XN)"), ("nansum_ax", "ops.nansum(XN, 0, True)"),
    ("nansum_int", "ops.nansum(I, 1)"), ("nanmean_all", "ops.nanmean(T([[np.nan, 1.0], [2.0, 3.0]]))"),
    ("histc", "ops.histc(T([1.0, 2.0, 1.0, 4.0, 2.5]), bins=4, min=0.0, max=4.0)"),
    ("HistogramFixedWidth", "ops.HistogramFixedWidth(5)(T([-1.0, 0.0, 1.5, 2.0, 5.0, 15.0]), T([0.0, 5.0]))"),
    ("histc_auto", "ops.histc(X, bins=3)"), ("Histogram", "ops.Histogram(bins=5, min=-2.0, max=5.0)(X)"),
    ("bincount", "ops.bincount(T([0, 1, 1, 3, 2, 1], 'int32'))"),
    ("bincount_w", "ops.bincount(T([0, 1, 1, 3], 'int32'), T([0.5, 1.0, 2.0, 1.5]), 6)"),
    ("Bincount", "ops.Bincount()(T([0, 1, 1, 3], 'int32'), T(5, 'int32'), T([0.5, 1.0, 2.0, 1.5]))"),
    ("aminmax", "ops.aminmax(X)"), ("aminmax1", "ops.aminmax(X, axis=1, keepdims=True)"),
    ("var_mean", "ops.var_mean(X, 1)"), ("std_mean", "ops.std_mean(X, ddof=1)"), ("var_mean_k", "ops.var_mean(R, (0, 1), 0, True)"),
    ("LpNorm", "ops.LpNorm(axis=1)(X)"), ("LpNorm_p1", "ops.LpNorm(axis=[0, 1], p=1, keep_dims=True)(X)"),
    ("renorm", "ops.renorm(R, 2, 0, 3.0)"), ("Renorm", "ops.Renorm(p=1, dim=1, maxnorm=2.0)(R)"),
    ("trapz", "ops.trapz(R)"), ("trapz_x", "ops.trapz(R, T([0.0, 1.0, 3.0, 4.0]))"), ("trapz_dx", "ops.trapz(R, dx=0.5, dim=0)"),
    ("vander", "ops.vander(V3)"), ("vander_n", "ops.vander(V3, 4)"),
]

LINALG = [
    ("cholesky", "ops.cholesky(A)"), ("cholesky_up", "ops.cholesky(A64, upper=True)"), ("Cholesky", "ops.Cholesky()(A)"),
    ("cholesky_rank", "ops.cholesky(V3)"), ("cholesky_int", "ops.cholesky(T([[4, 1], [1, 3]], 'int32'))"),
    ("cholesky_inverse", "ops.cholesky_inverse(ops.cholesky(A))"), ("CholeskyInverse", "ops.CholeskyInverse(upper=True)(ops.cholesky(A64, upper=True))"),
    ("cholesky_solve", "ops.cholesky_solve(B, ops.cholesky(A))"), ("CholeskySolve", "ops.CholeskySolve(upper=True)(B, ops.cholesky(A, upper=True))"),
    ("eigvals", "ops.eigvals(M)"), ("eig_vals", "ops.eig(A)[0]"), ("Eig", "ops.Eig()(A)[0]"),
    ("svd_s", "ops.svd(M, compute_uv=False)"), ("Svd_s", "ops.Svd(compute_uv=False)(B)"),
    ("svd_abs", "[ops.abs(t) for t in ops.svd(B)]"),
    ("qr_abs", "[ops.abs(t) for t in ops.qr(M)]"), ("qr_r", "[t.shape for t in ops.qr(B, 'complete')]"),
    ("Qr_abs", "[ops.abs(t) for t in ops.Qr(full_matrices=True)(B)]"),
    ("lstsq", "ops.lstsq(B, T([[1.0], [2.0], [0.5]]))"), ("Lstsq", "ops.Lstsq()(B, T([[1.0], [2.0], [0.5]]))"),
    ("inv", "ops.inv(M)"), ("inv_int", "ops.inv(T([1, 2, 4], 'int32'))"), ("inverse", "ops.inverse(A64)"), ("MatrixInverse", "ops.MatrixInverse(adjoint=True)(M)"),
    ("inv_rank", "ops.inverse(V3)"), ("inverse_int", "ops.inverse(T([[1, 2], [3, 4]], 'int32'))"),
    ("det", "ops.det(M)"), ("det_b", "ops.det(BA[:, :, :3])"), ("matrix_determinant", "ops.matrix_determinant(A64)"),
    ("MatrixDeterminant", "ops.MatrixDeterminant()(M)"),
    ("logdet", "ops.logdet(A)"), ("slogdet", "ops.slogdet(M)"), ("log_matrix_determinant", "ops.log_matrix_determinant(M)"),
    ("LogMatrixDeterminant", "ops.LogMatrixDeterminant()(A)"),
    ("matrix_exp", "ops.matrix_exp(M * 0.5)"), ("MatrixExp", "ops.MatrixExp()(A * 0.1)"),
    ("matrix_power", "ops.matrix_power(M, 3)"), ("matrix_power_neg", "ops.matrix_power(M, -2)"), ("MatrixPower", "ops.MatrixPower(n=2)(BA[:, :, :3])"),
    ("matrix_power_int", "ops.matrix_power(T([[1, 2], [3, 4]], 'int32'), 2)"),
    ("matrix_solve", "ops.matrix_solve(M, B)"), ("MatrixSolve", "ops.MatrixSolve(adjoint=True)(M, B)"),
    ("MatrixTriangularSolve", "ops.MatrixTriangularSolve()(M, B)"), ("MatrixTriangularSolve_u", "ops.MatrixTriangularSolve(lower=False, adjoint=True)(M, B)"),
    ("matrix_band_part", "ops.matrix_band_part(BA, 1, 0)"), ("matrix_band_part2", "ops.matrix_band_part(R, -1, 1)"),
    ("MatrixBandPart", "ops.MatrixBandPart()(R, T(0, 'int32'), T(-1, 'int32'))"),
    ("matrix_diag", "ops.matrix_diag(V3)"), ("matrix_diag_k", "ops.matrix_diag(T([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), k=T([-1, 0], 'int32'), padding_value=T(9.0))"),
    ("matrix_diag_part", "ops.matrix_diag_part(R, T(0, 'int32'), T(0.0))"),
    ("matrix_diag_part_k", "ops.matrix_diag_part(R, T([-1, 1], 'int32'), T(-5.0))"),
    ("matrix_set_diag", "ops.matrix_set_diag(R, T([7.0, 8.0, 9.0]))"),
    ("matrix_set_diag_k", "ops.matrix_set_diag(R, T([7.0, 8.0, 9.0]), k=T(1, 'int32'))"),
    ("MatrixDiagV3", "ops.MatrixDiagV3()(V3, T(1, 'int32'), T(-1, 'int32'), T(-1, 'int32'), T(0.0))"),
    ("MatrixDiagPartV3", "ops.MatrixDiagPartV3(align='LEFT_RIGHT')(R, T([0, 1], 'int32'), T(0.0))"),
    ("MatrixSetDiagV3", "ops.MatrixSetDiagV3()(R, T([1.0, 2.0, 3.0]), T(0, 'int32'))"),
    ("geqrf_abs", "[ops.abs(t) for t in ops.geqrf(B)]"), ("Geqrf_abs", "[ops.abs(t) for t in ops.Geqrf()(M)]"),
    ("orgqr", "ops.abs(ops.orgqr(*ops.geqrf(B)))"), ("Orgqr", "ops.abs(ops.Orgqr()(*ops.geqrf(M)))"),
    ("ormqr", "ops.ormqr(*ops.geqrf(M), B)"), ("Ormqr", "ops.Ormqr(left=False, transpose=True)(*ops.geqrf(M), B.T)"),
    ("pinv", "ops.pinv(B)"), ("pinv_h", "ops.pinv(A, hermitian=True)"),
    ("matrix_norm", "ops.matrix_norm(M)"), ("matrix_norm_1", "ops.matrix_norm(M, 1)"), ("matrix_norm_nuc", "ops.matrix_norm(BA, 'nuc')"),
    ("matrix_norm_inf", "ops.matrix_norm(M, float('inf'), keepdims=True)"), ("matrix_norm_2", "ops.matrix_norm(M, -2)"),
    ("vector_norm", "ops.vector_norm(X)"), ("vector_norm_1", "ops.vector_norm(X, 1, 1)"), ("vector_norm_inf", "ops.vector_norm(X, float('inf'), 0, True)"),
    ("norm_mat_1", "ops.norm(BA, 1, (-2, -1))"), ("norm_mat_2", "ops.norm(BA, 2, (-2, -1))"),
    ("norm_mat_nuc", "ops.norm(BA, 'nuc', (-2, -1))"), ("norm_mat_none", "ops.norm(BA, None, (-2, -1))"),
    ("norm_2d_2", "ops.norm(M, 2)"), ("norm_vec_axis", "ops.norm(BA, 2, 1)"),
    ("norm_mat_inf", "ops.norm(BA, float('inf'), (-2, -1))"), ("norm_mat_m1", "ops.norm(BA, -1, (-2, -1))"),
    ("vector_norm_0", "ops.vector_norm(X, 0)"), ("vector_norm_3", "ops.vector_norm(X, 3.0, (0, 1))"),
    ("kron", "ops.kron(B, M)"), ("kron_int", "ops.kron(I, J)"), ("inner", "ops.inner(X, Y)"), ("inner_v", "ops.inner(V3, W3)"),
    ("ger", "ops.ger(V3, W3)"), ("Ger", "ops.Ger()(V3, T([1.0, 2.0]))"),
    ("mv", "ops.mv(M, V3)"), ("addmv", "ops.addmv(V3, M, W3, beta=2, alpha=0.5)"),
    ("addr", "ops.addr(M, V3, W3, beta=0.5, alpha=2)"),
    ("addbmm", "ops.addbmm(T(np.ones((3, 3))), BA, T(np.arange(24).reshape(2, 4, 3) / 5.0), beta=0.5, alpha=2)"),
    ("baddbmm", "ops.baddbmm(T(np.ones((2, 3, 3))), BA, T(np.arange(24).reshape(2, 4, 3) / 5.0), 0.5, 2)"),
    ("cross", "ops.cross(X, Y)"), ("cross_dim", "ops.cross(M, A, 0)"), ("Cross", "ops.Cross(dim=1)(X, Y)"),
    ("cov", "ops.cov(R)"), ("cov_c0", "ops.cov(R, correction=0)"),
    ("cov_w", "ops.cov(R, fweights=T([1, 2, 1, 3], 'int32'), aweights=T([0.5, 1.0, 2.0, 1.0]))"),
    ("dist", "ops.dist(X, Y)"), ("dist_1", "ops.dist(X, Y, 1)"), ("dist_inf", "ops.dist(X, Y, float('inf'))"),
    ("pdist", "ops.pdist(R)"), ("pdist_1", "ops.pdist(R, 1.0)"), ("Pdist", "ops.Pdist(p=3.0)(R)"),
    ("lu_unpack", "ops.lu_unpack(LU, PIV)"), ("LuUnpack", "ops.LuUnpack()(LU, PIV)"), ("lu_solve", "ops.lu_solve(T([[1.0], [2.0]]), LU, PIV)"),
    ("LuSolve", "ops.LuSolve()(T([[1.0, 0.0], [2.0, 1.0]]), LU, PIV)"),
    ("TridiagonalMatMul", "ops.TridiagonalMatMul()(T([[2.0, 3.0, 0.0]]), T([[1.0, 4.0, 5.0]]), T([[0.0, 6.0, 7.0]]), B)"),
    ("adjoint", "ops.adjoint(T([[1 + 1j, 2], [3j, 4]], 'complex64'))"), ("ConjugateTranspose", "ops.ConjugateTranspose()(C.reshape(1, 3), (1, 0))"),
    ("MatrixSolveLs", "ops.MatrixSolveLs()(B, T([[1.0], [2.0], [0.5]]), T(0.5, 'float64'))"),
    ("NuclearNorm", "ops.NuclearNorm()(R)"), ("NuclearNorm_k", "ops.NuclearNorm(dim=[0, 2], keepdim=True)(BA)"),
    ("MatrixLogarithm", "ops.MatrixLogarithm()(T([[2.0 + 0j, 0.5], [0.2, 3.0]], 'complex64'))"),
]

FFT = [
    ("fft", "ops.fft(S)"), ("fft_n", "ops.fft(S, 5, norm='ortho')"), ("ifft", "ops.ifft(C)"), ("fft_c", "ops.fft(C, norm='forward')"),
    ("fft2", "ops.fft2(R)"), ("ifft2", "ops.ifft2(R, s=(2, 5))"), ("fftn", "ops.fftn(BA)"), ("ifftn", "ops.ifftn(BA, dim=(0, 2))"),
    ("rfft", "ops.rfft(S)"), ("rfft2", "ops.rfft2(R)"), ("rfftn", "ops.rfftn(BA)"),
    ("irfft", "ops.irfft(C)"), ("irfft_n", "ops.irfft(C, 6)"), ("irfft2", "ops.irfft2(ops.rfft2(R))"), ("irfftn", "ops.irfftn(ops.rfftn(BA), BA.shape)"),
    ("hfft", "ops.hfft(C)"), ("ihfft", "ops.ihfft(S)"), ("hfft2", "ops.hfft2(ops.rfft2(R))"), ("ihfft2", "ops.ihfft2(R)"),
    ("hfftn", "ops.hfftn(ops.rfftn(BA))"), ("ihfftn", "ops.ihfftn(BA)"),
    ("fft_int", "ops.fft(T([1, 2, 3], 'int32'))"), ("fft_f64", "ops.fft(XP64)"), ("rfft_f16", "ops.rfft(X16)"),
    ("fftshift", "ops.fftshift(R)"), ("ifftshift", "ops.ifftshift(R, 1)"), ("fftfreq", "ops.fftfreq(5, 0.5)"), ("rfftfreq", "ops.rfftfreq(6)"),
    ("fftfreq64", "ops.fftfreq(4, dtype=ms.float64)"),
    ("fft_bad_dim", "ops.fft(S, dim=2)"), ("fft_bad_norm", "ops.fft(S, norm='x')"),
    ("stft", "ops.stft(T(np.arange(16) / 5.0 - 1), 4, return_complex=True)"), ("stft_real", "ops.stft(T(np.arange(16) / 5.0 - 1), 4)"),
    ("stft_w", "ops.stft(T(np.arange(16).reshape(2, 8) / 5.0 - 1), 4, 2, window=T([0.0, 0.5, 1.0, 0.5]), center=False, return_complex=True)"),
    ("stft_n", "ops.stft(T(np.arange(16) / 5.0 - 1), 6, 3, 4, normalized=True, pad_mode='CONSTANT', return_complex=True)"),
    ("STFT", "ops.STFT(4, 2, 4, False, True, True)(T(np.arange(16).reshape(1, 16) / 5.0 - 1), T([0.0, 0.5, 1.0, 0.5]))"),
    ("FFTWithSize", "ops.FFTWithSize(signal_ndim=1, inverse=False, real=False)(C)"),
    ("FFTWithSize_r", "ops.FFTWithSize(signal_ndim=2, inverse=False, real=True, norm='ortho')(R)"),
    ("FFTWithSize_ir", "ops.FFTWithSize(signal_ndim=1, inverse=True, real=True, signal_sizes=(8,))(ops.rfft(S))"),
]

WINDOWS = [
    ("bartlett_window", "ops.bartlett_window(T(5, 'int32'))"), ("bartlett_window_int", "ops.bartlett_window(5)"), ("bartlett_window_s", "ops.bartlett_window(T(6, 'int64'), False, dtype=ms.float64)"),
    ("blackman_window", "ops.blackman_window(T(6, 'int32'))"), ("blackman_window_s", "ops.blackman_window(T(5, 'int32'), periodic=False)"),
    ("hamming_window", "ops.hamming_window(6)"), ("hamming_window_ab", "ops.hamming_window(5, False, 0.5, 0.5)"),
    ("hann_window", "ops.hann_window(6)"), ("hann_window_s", "ops.hann_window(5, False, dtype=ms.float16)"),
    ("kaiser_window", "ops.kaiser_window(6)"), ("kaiser_window_b", "ops.kaiser_window(5, False, 5.0)"),
    ("window_one", "ops.hann_window(1)"),
    ("BartlettWindow", "ops.BartlettWindow()(T(5, 'int32'))"), ("BlackmanWindow", "ops.BlackmanWindow(periodic=False, dtype=ms.float64)(T(6, 'int64'))"),
    ("HammingWindow", "ops.HammingWindow(alpha=0.6, beta=0.4)(T([5], 'int32'))"),
    ("HammingWindow_0d", "ops.HammingWindow()(T(5, 'int32'))"), ("window_neg", "ops.hann_window(-1)"),
]

ALL = ELEMENTWISE + COMPLEX + REDUCE + LINALG + FFT + WINDOWS

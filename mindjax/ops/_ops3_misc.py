"""The remaining array, sparse and framework Primitives of ``mindspore.ops`` with CPU kernels (issue #11):
sparse COO helpers (SparseToDense, SparseTensorDenseAdd/Matmul, SparseSlice), the view ops
(SelectView, TransposeView, TransposeExtView, CopyWithSlice), ExtractVolumePatches, NoRepeatNGram,
SubAndFilter, Assert and PyFunc (a Python function as an op, through ``jax.pure_callback``).

Examples:
    >>> import mindjax as ms
    >>> print(ms.ops.SparseToDense()(ms.Tensor([[0, 1], [1, 0]]), ms.Tensor([1.0, 2.0]), (2, 2)))
    [[0. 1.]
     [2. 0.]]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from ._base import tensor_of
from ._primitive import Op, apply

__all__: list = []


def _concrete(name: str, t: Tensor, what: str) -> np.ndarray:
    if isinstance(t._data, jax.core.Tracer):
        raise RuntimeError(f"For '{name}', the output shape depends on the values of '{what}': call it outside jit.")
    return np.asarray(t.asnumpy())


def _shape_tuple(name: str, arg: str, shape) -> tuple:
    if isinstance(shape, Tensor):
        shape = tuple(int(s) for s in _concrete(name, shape, arg).reshape(-1))
    if not isinstance(shape, (tuple, list)) or not all(isinstance(s, (int, np.integer)) for s in shape):
        raise TypeError(f"For '{name}', the '{arg}' must be a tuple of int, but got {shape}.")
    return tuple(int(s) for s in shape)


def _check_indices(name: str, idx: Tensor, vals: Tensor, rank: int) -> None:
    if idx.dtype not in (mstype.int32, mstype.int64):
        raise TypeError(f"For '{name}', the 'indices' must be an int32 or int64 Tensor, but got {idx.dtype}.")
    if idx.ndim != 2 or idx.shape[1] != rank:
        raise ValueError(f"For '{name}', the 'indices' must be 2-D (N, {rank}), but got {list(idx.shape)}.")
    if vals.ndim != 1 or vals.shape[0] != idx.shape[0]:
        raise ValueError(f"For '{name}', the 'values' must be 1-D with {idx.shape[0]} elements, but got "
                         f"{list(vals.shape)}.")
    if not isinstance(idx._data, jax.core.Tracer) and idx.shape[0]:
        return np.asarray(idx.asnumpy())  # for the host check of the positions
    return None


# ---- sparse COO ---------------------------------------------------------------------------------------------
def _std_fwd(idx, vals, *, shape):
    return jnp.zeros(shape, vals.dtype).at[tuple(idx.T)].set(vals)


_std = Op("SparseToDense", _std_fwd, "vjp")


def _bounds(name, a, shape):
    if a is not None and a.size and ((a < 0).any() or (a >= np.asarray(shape)).any()):
        raise ValueError(f"For '{name}', the indices must be in the range of the dense shape {list(shape)}, but "
                         f"got {a[((a < 0) | (a >= np.asarray(shape))).any(1)][0].tolist()}.")


def sparse_to_dense(indices, values, sparse_shape) -> Tensor:
    """``ops.SparseToDense()(indices, values, sparse_shape)``: the dense Tensor of a COO sparse tensor (a
    repeated index keeps the last value)."""
    idx, vals = tensor_of(indices, "SparseToDense"), tensor_of(values, "SparseToDense")
    shape = _shape_tuple("SparseToDense", "sparse_shape", sparse_shape)
    _bounds("SparseToDense", _check_indices("SparseToDense", idx, vals, len(shape)), shape)
    return apply(_std, (idx, vals), {"shape": shape})


_stda = Op("SparseTensorDenseAdd", lambda idx, vals, dense: dense.at[tuple(idx.T)].add(vals.astype(dense.dtype)),
           "vjp")


def sparse_tensor_dense_add(x1_indices, x1_values, x1_shape, x2) -> Tensor:
    """``ops.SparseTensorDenseAdd()(x1_indices, x1_values, x1_shape, x2)``: the COO tensor added to the dense
    ``x2`` (repeated indices add up)."""
    idx, vals, dense = (tensor_of(t, "SparseTensorDenseAdd") for t in (x1_indices, x1_values, x2))
    shape = tuple(dense.shape)
    if not (isinstance(x1_shape, Tensor) and isinstance(x1_shape._data, jax.core.Tracer)):
        want = _shape_tuple("SparseTensorDenseAdd", "x1_shape", x1_shape)
        for d, (a, b) in enumerate(zip(want, shape)):
            if a != b:  # MindSpore's kernel check, hence RuntimeError
                raise RuntimeError(f"For 'SparseTensorDenseAdd', Dimension [{d}] does not equal(no broadcasting is "
                                   f"supported): x1_shape side {a} vs x2_shape side {b}.")
    if vals.dtype != dense.dtype:
        raise TypeError(f"For 'SparseTensorDenseAdd', the dtypes of 'x1_values' and 'x2' must be the same, but got "
                        f"{vals.dtype} and {dense.dtype}.")
    _bounds("SparseTensorDenseAdd", _check_indices("SparseTensorDenseAdd", idx, vals, len(shape)), shape)
    return apply(_stda, (idx, vals, dense), {})


def _stdm_fwd(idx, vals, dense, *, shape, adj_st, adj_dt):
    a = jnp.zeros(shape, vals.dtype).at[tuple(idx.T)].add(vals)
    a = a.T if adj_st else a
    d = dense.T if adj_dt else dense
    return jnp.matmul(a, d.astype(vals.dtype))


_stdm = Op("SparseTensorDenseMatmul", _stdm_fwd, "vjp")


def sparse_tensor_dense_matmul(indices, values, sparse_shape, dense, adjoint_st=False, adjoint_dt=False) -> Tensor:
    """``ops.SparseTensorDenseMatmul(adjoint_st, adjoint_dt)(indices, values, sparse_shape, dense)``: the 2-D COO
    matrix (transposed if ``adjoint_st``) times ``dense`` (transposed if ``adjoint_dt``)."""
    idx, vals, d = (tensor_of(t, "SparseTensorDenseMatmul") for t in (indices, values, dense))
    shape = _shape_tuple("SparseTensorDenseMatmul", "sparse_shape", sparse_shape)
    if len(shape) != 2 or d.ndim != 2:
        raise ValueError(f"For 'SparseTensorDenseMatmul', the sparse and dense matrices must be 2-D, but got "
                         f"{list(shape)} and {list(d.shape)}.")
    k = shape[0] if adjoint_st else shape[1]
    kd = d.shape[1] if adjoint_dt else d.shape[0]
    if k != kd:
        raise ValueError(f"For 'SparseTensorDenseMatmul', the inner dimensions must match, but got {k} and {kd}.")
    _bounds("SparseTensorDenseMatmul", _check_indices("SparseTensorDenseMatmul", idx, vals, 2), shape)
    return apply(_stdm, (idx, vals, d), {"shape": shape, "adj_st": bool(adjoint_st), "adj_dt": bool(adjoint_dt)})


def sparse_slice(indices, values, shape, start, size):
    """``ops.SparseSlice()(indices, values, shape, start, size)``: the entries of a COO tensor inside the box
    ``[start, start + size)`` (clipped to ``shape``), re-based at ``start``: (indices, values, shape). The
    number of entries depends on the values: eager only."""
    from .array import gather
    name = "SparseSlice"
    idx, vals = tensor_of(indices, name), tensor_of(values, name)
    shp, st, sz = (_concrete(name, tensor_of(t, name), a) for t, a in ((shape, "shape"), (start, "start"),
                                                                       (size, "size")))
    a = _concrete(name, idx, "indices")
    _check_indices(name, idx, vals, shp.shape[0])
    if st.shape != shp.shape or sz.shape != shp.shape:
        raise ValueError(f"For '{name}', the 'start' and 'size' must have {shp.shape[0]} elements, but got "
                         f"{list(st.shape)} and {list(sz.shape)}.")
    end = np.minimum(st + sz, shp)
    keep = np.nonzero(((a >= st) & (a < end)).all(1))[0]
    new_idx = Tensor((a[keep] - st).astype(a.dtype).reshape(-1, shp.shape[0]))
    new_vals = gather(vals, Tensor(keep.astype(np.int64)), 0)
    return new_idx, new_vals, Tensor(np.maximum(end - st, 0).astype(shp.dtype))


# ---- views ----------------------------------------------------------------------------------------------------
def select_view(input, index: int, dim: int) -> Tensor:
    """``ops.SelectView()(input, index, dim)``: the slice ``index`` along ``dim`` (that axis removed)."""
    from .array import gather
    x = tensor_of(input, "SelectView")
    if not -x.ndim <= dim < x.ndim:
        raise ValueError(f"Dimension out of range (expected to be in range of [{-x.ndim}, {x.ndim}), but got {dim})")
    n = x.shape[dim]
    if not -n <= index < n:
        raise IndexError(f"For 'SelectView', the 'index' {index} is out of range for dimension {dim} of size {n}.")
    return gather(x, index % n, dim % x.ndim)


def transpose_ext_view(input, dim0: int, dim1: int) -> Tensor:
    """``ops.TransposeExtView()(input, dim0, dim1)``: ``input`` with axes ``dim0`` and ``dim1`` swapped."""
    from .array import swapaxes
    return swapaxes(tensor_of(input, "TransposeExtView"), dim0, dim1)


# ---- ExtractVolumePatches ---------------------------------------------------------------------------------------
def _evp_fwd(x, *, k, s, pad):
    n, c = x.shape[:2]
    p = jax.lax.conv_general_dilated_patches(x, k, s, pad, dimension_numbers=("NCDHW", "OIDHW", "NCDHW"))
    kk = k[0] * k[1] * k[2]
    out = p.reshape((n, c, kk) + p.shape[2:]).swapaxes(1, 2)  # MindSpore orders the channels (kd, kh, kw, C)
    return out.reshape((n, c * kk) + p.shape[2:])


_evp = Op("ExtractVolumePatches", _evp_fwd, "vjp")


def extract_volume_patches(x, kernel_size, strides, padding) -> Tensor:
    """``ops.ExtractVolumePatches(kernel_size, strides, padding)(x)``: the (kd, kh, kw) patches of a
    (N, C, D, H, W) volume as channels, (N, C * kd * kh * kw, D', H', W'); padding 'VALID' or 'SAME'."""
    x = tensor_of(x, "ExtractVolumePatches")
    if x.ndim != 5:
        raise ValueError(f"For 'ExtractVolumePatches', the dimension of 'x' must be 5, but got {x.ndim}.")
    return apply(_evp, (x,), {"k": tuple(kernel_size[2:]), "s": tuple(strides[2:]), "pad": padding})


# ---- NoRepeatNGram / SubAndFilter ---------------------------------------------------------------------------------
def _nrng_fwd(seq, log_probs, *, n):
    length = seq.shape[-1]
    if n > length:
        return log_probs
    tail = seq[..., length - n + 1:]  # the last n - 1 tokens
    starts = length - n + 1
    win = jnp.stack([seq[..., j:j + n - 1] for j in range(starts)], axis=-2)  # (..., starts, n - 1)
    match = jnp.all(win == tail[..., None, :], axis=-1)
    nxt = jnp.stack([seq[..., j + n - 1] for j in range(starts)], axis=-1)  # the token after each window
    vocab = log_probs.shape[-1]
    banned = jnp.any(match[..., None] & (nxt[..., None] == jnp.arange(vocab)), axis=-2)
    return jnp.where(banned, jnp.asarray(-np.finfo(np.float32).max, log_probs.dtype), log_probs)


_nrng = Op("NoRepeatNGram", _nrng_fwd, None)


def no_repeat_ngram(state_seq, log_probs, ngram_size: int) -> Tensor:
    """``ops.NoRepeatNGram(ngram_size)(state_seq, log_probs)``: ``log_probs`` with -FLT_MAX at each token that
    would repeat an n-gram already in ``state_seq`` (its last n - 1 tokens seen before, followed by it)."""
    seq, lp = tensor_of(state_seq, "NoRepeatNGram"), tensor_of(log_probs, "NoRepeatNGram")
    if seq.dtype != mstype.int32:
        raise TypeError(f"For 'NoRepeatNGram', the 'state_seq' must be an int32 Tensor, but got {seq.dtype}.")
    if lp.dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError(f"For 'NoRepeatNGram', the 'log_probs' must be a float Tensor, but got {lp.dtype}.")
    if seq.ndim != lp.ndim or seq.shape[:-1] != lp.shape[:-1]:
        raise ValueError(f"For 'NoRepeatNGram', 'state_seq' and 'log_probs' must agree but in the last axis, but got "
                         f"{list(seq.shape)} and {list(lp.shape)}.")
    return apply(_nrng, (seq, lp), {"n": int(ngram_size)})


def sub_and_filter(input_x, max_num, offset):
    """``ops.SubAndFilter()(input_x, max_num, offset)``: the values ``input_x - offset`` that lie in
    [0, max_num), and their positions (eager only: the size depends on the values)."""
    from .array import gather
    x = tensor_of(input_x, "SubAndFilter")
    if x.dtype not in (mstype.int32, mstype.int64):
        raise TypeError(f"For 'SubAndFilter', the 'input_x' must be an int32 or int64 Tensor, but got {x.dtype}.")
    a = _concrete("SubAndFilter", x, "input_x")
    mx = int(_concrete("SubAndFilter", tensor_of(max_num, "SubAndFilter"), "max_num"))
    off = int(_concrete("SubAndFilter", tensor_of(offset, "SubAndFilter"), "offset"))
    keep = np.nonzero((a - off >= 0) & (a - off < mx))[0].astype(a.dtype)
    kept = gather(x, Tensor(keep), 0)
    return Tensor(np.asarray(kept.asnumpy()) - off), Tensor(keep)


# ---- Assert / PyFunc -----------------------------------------------------------------------------------------------
def assert_(condition, input_data, summarize: int = 3) -> Tensor:
    """``ops.Assert(summarize)(condition, input_data)``: RuntimeError 'assert failed' (after printing up to
    ``summarize`` values of each input) when ``condition`` is False; else an int32 [0]."""
    c = tensor_of(condition, "Assert")
    if c.dtype != mstype.bool_:
        raise TypeError(f"For 'Assert', the 'condition' must be a bool Tensor, but got {c.dtype}.")
    if not isinstance(input_data, (list, tuple)):
        raise TypeError(f"For 'Assert', the 'input_data' must be a list or tuple of Tensors, but got "
                        f"{type(input_data).__name__}.")
    if not bool(np.all(_concrete("Assert", c, "condition"))):
        print("For 'Assert' condition is false.")
        for t in input_data:
            a = np.asarray(tensor_of(t, "Assert").asnumpy()).reshape(-1)[:summarize]
            print("input data:", np.array2string(a))
        raise RuntimeError("assert failed")
    return Tensor(np.zeros((1,), np.int32))


def py_func(fn, in_types, in_shapes, out_types, out_shapes, inputs) -> tuple:
    """``ops.PyFunc(fn, in_types, in_shapes, out_types, out_shapes)(*inputs)``: ``fn`` called on the inputs as
    numpy arrays; its outputs (declared types and shapes) as a tuple of Tensors. Runs on the host, also inside
    jit (``jax.pure_callback``); not differentiable."""
    ts = [tensor_of(t, "PyFunc") for t in inputs]
    if len(ts) != len(in_types) or len(ts) != len(in_shapes):
        raise ValueError(f"For 'PyFunc', {len(in_types)} inputs were declared, but got {len(ts)}.")
    for t, dt, shp in zip(ts, in_types, in_shapes):
        if t.dtype != dt or tuple(t.shape) != tuple(shp):
            raise TypeError(f"For 'PyFunc', an input was declared {dt}{list(shp)}, but got {t.dtype}{list(t.shape)}.")
    specs = tuple(jax.ShapeDtypeStruct(tuple(s), np.dtype(d.np)) for d, s in zip(out_types, out_shapes))

    def host(*arrays):
        out = fn(*[np.asarray(a) for a in arrays])
        out = out if isinstance(out, (tuple, list)) else (out,)
        return tuple(np.asarray(o, s.dtype).reshape(s.shape) for o, s in zip(out, specs))
    if len(specs) == 1:
        op = Op("PyFunc", lambda *xs: jax.pure_callback(host, specs, *xs)[0], None, jit=False)
    else:
        op = Op("PyFunc", lambda *xs: jax.pure_callback(host, specs, *xs), None, n_out=len(specs), jit=False)
    out = apply(op, tuple(ts), {})
    return out if isinstance(out, tuple) else (out,)


# ---- InsertGradientOf / TensorDump ----------------------------------------------------------------------------
def insert_gradient_of(f, x):
    """``ops.InsertGradientOf(f)(x)``: ``x`` unchanged; in backward the gradient reaching ``x`` is replaced by
    ``f(gradient)``."""
    from .._autograd.hooks import hook_backward
    t = tensor_of(x, "InsertGradientOf")

    def hook(grads):
        return (f(grads[0]),)
    return hook_backward(hook, (t,), "InsertGradientOf")[0]


_dump_count = [0]


def _dump_name(file_name: str, dtype, mode: str) -> str:
    import os
    base = file_name[:-4] if file_name.endswith(".npy") else file_name
    n = _dump_count[0]
    _dump_count[0] += 1
    # MindSpore names the file fileName_dtype_id.npy, with one id counter for the process
    return f"{base}_{str(dtype).lower()}_{n}.npy" if os.path.basename(base) else f"{base}{n}.npy"


def tensor_dump(file, input_x, mode: str = "out") -> None:
    """``ops.TensorDump(input_output)(file, input_x)`` / ``ops.tensordump``: saves ``input_x`` as
    ``{file}_{dtype}_{id}.npy`` (bfloat16 saved as float32, the id counting every dump of the process);
    inside jit the file is written when the compiled function runs."""
    import os
    if not isinstance(file, str):
        raise TypeError(f"For 'TensorDump', the 'file' must be a str, but got {type(file).__name__}.")
    if mode not in ("in", "out", "all"):
        raise ValueError(f"For 'TensorDump', the 'input_output' must be one of ['in', 'out', 'all'], but got "
                         f"{mode}.")
    t = tensor_of(input_x, "TensorDump")
    path = _dump_name(file, t.dtype, mode)

    def write(arr):
        a = np.asarray(arr)
        if a.dtype.name == "bfloat16":
            a = a.astype(np.float32)
        if os.path.dirname(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
        np.save(path, a)
    if isinstance(t._data, jax.core.Tracer):
        jax.debug.callback(write, t._data)
    else:
        write(t.asnumpy())


# ---- NonMaxSuppressionWithOverlaps ------------------------------------------------------------------------------
def nms_with_overlaps(overlaps, scores, max_output_size, overlap_threshold, score_threshold) -> Tensor:
    """``ops.NonMaxSuppressionWithOverlaps()(overlaps, scores, max_output_size, overlap_threshold,
    score_threshold)``: greedy selection by score of the boxes above ``score_threshold`` whose overlap with every
    box already kept is below ``overlap_threshold``; int32 indices (eager only: the size depends on the values)."""
    name = "NonMaxSuppressionWithOverlaps"
    ov, sc = tensor_of(overlaps, name), tensor_of(scores, name)
    mx, ot, st = (tensor_of(t, name) for t in (max_output_size, overlap_threshold, score_threshold))
    for arg, t, kinds in (("overlaps", ov, (mstype.float16, mstype.float32, mstype.float64)),
                          ("scores", sc, (mstype.float16, mstype.float32, mstype.float64)),
                          ("max_output_size", mx, (mstype.int32,)),
                          ("overlap_threshold", ot, (mstype.float16, mstype.float32, mstype.float64)),
                          ("score_threshold", st, (mstype.float16, mstype.float32, mstype.float64))):
        if t.dtype not in kinds:
            names = ", ".join(f"Tensor[{k}]" for k in kinds)
            raise TypeError(f"For primitive[{name}], the input argument[{arg}] must be a type of {{{names}}}, but "
                            f"got Tensor[{t.dtype}].")
    if ov.ndim != 2 or ov.shape[0] != ov.shape[1]:
        raise ValueError(f"For '{name}', the 'overlaps' must be a square 2-D Tensor, but got {list(ov.shape)}.")
    if sc.shape != (ov.shape[0],):
        raise ValueError(f"For '{name}', the 'scores' must be 1-D of length {ov.shape[0]}, but got "
                         f"{list(sc.shape)}.")
    o = _concrete(name, ov, "overlaps").astype(np.float32)
    s = _concrete(name, sc, "scores").astype(np.float32)
    m = int(_concrete(name, mx, "max_output_size"))
    if m < 0:
        raise ValueError(f"For '{name}', the input max_output_size must be non-negative.")
    thr, sthr = float(_concrete(name, ot, "overlap_threshold")), float(_concrete(name, st, "score_threshold"))
    keep: list = []
    for i in np.argsort(-s, kind="stable"):
        if len(keep) >= m or s[i] <= sthr:
            break
        if all(o[i, j] < thr for j in keep):
            keep.append(int(i))
    return Tensor(np.asarray(keep, np.int32))


# ---- ScaleAndTranslate -------------------------------------------------------------------------------------------
def _lanczos(radius):
    def k(x):
        y = radius * jnp.sin(jnp.pi * x) * jnp.sin(jnp.pi * x / radius)
        out = jnp.where(x > 1e-3, y / jnp.where(x != 0, jnp.pi ** 2 * x ** 2, 1), 1.0)
        return jnp.where(x > radius, 0.0, out)
    return k


# TensorFlow's sampling kernels, which MindSpore's ScaleAndTranslate kernel uses (x = |distance|)
_KERNELS = {
    "lanczos1": _lanczos(1), "lanczos3": _lanczos(3), "lanczos5": _lanczos(5),
    "gaussian": lambda x: jnp.where(x >= 1.5, 0.0, jnp.exp(-x * x / (2 * 0.5 ** 2))),
    "box": lambda x: jnp.where(x < 0.5, 1.0, jnp.where(jnp.abs(x - 0.5) <= np.finfo(np.float32).eps, 0.5, 0.0)),
    "triangle": lambda x: jnp.where(x < 1, 1 - x, 0.0),
    "keyscubic": lambda x: jnp.where(x >= 2, 0.0, jnp.where(x >= 1, ((-0.5 * x + 2.5) * x - 4) * x + 2,
                                                             (1.5 * x - 2.5) * x * x + 1)),
    "mitchellcubic": lambda x: jnp.where(x >= 2, 0.0, jnp.where(
        x >= 1, ((-7 / 18 * x + 2) * x - 10 / 3) * x + 16 / 9, (7 / 6 * x - 2) * x * x + 8 / 9)),
}


def _weights(n_in, n_out, scale, shift, kernel, antialias):
    """(n_in, n_out) resampling weights along one axis: the kernel at each input pixel's distance from the
    output pixel's centre mapped into the input, widened by 1/scale when downsampling with antialias,
    normalised, and zero for centres outside the input."""
    inv = 1.0 / scale
    kscale = jnp.maximum(inv, 1.0) if antialias else 1.0
    sample = (jnp.arange(n_out, dtype=jnp.float32) + 0.5) * inv + (-shift * inv)
    centre = sample - 0.5
    # the distance in MindSpore's order of float operations: the box kernel's edges are sensitive to it
    w = kernel(jnp.abs(((jnp.arange(n_in, dtype=jnp.float32)[:, None] + 0.5) - sample[None, :]) * (1.0 / kscale)))
    total = jnp.sum(w, axis=0, keepdims=True)
    w = jnp.where(jnp.abs(total) > 1000 * np.finfo(np.float32).eps, w / jnp.where(total != 0, total, 1), 0.0)
    return jnp.where(((centre >= -0.5) & (centre <= n_in - 0.5))[None, :], w, 0.0)


def _sat_fwd(images, scale, translation, *, size, kernel, antialias):
    k = _KERNELS[kernel]
    x = images.astype(jnp.float32)
    wh = _weights(x.shape[1], size[0], scale[0], translation[0], k, antialias)
    ww = _weights(x.shape[2], size[1], scale[1], translation[1], k, antialias)
    return jnp.einsum("nhwc,hp,wq->npqc", x, wh.astype(jnp.float32), ww.astype(jnp.float32))


_sat = Op("ScaleAndTranslate", _sat_fwd, "vjp")


def scale_and_translate(images, size, scale, translation, kernel_type: str = "lanczos3",
                        antialias: bool = True) -> Tensor:
    """``ops.ScaleAndTranslate(kernel_type, antialias)(images, size, scale, translation)``: NHWC ``images``
    resampled to ``size`` (H, W) with the sampling kernel, output pixel centre ``(i + 0.5 - t) / s`` in the
    input; float32."""
    name = "ScaleAndTranslate"
    x = tensor_of(images, name)
    if x.ndim != 4:
        raise ValueError(f"For '{name}', the dimension of 'images' must be 4, but got {x.ndim}.")
    sz = tensor_of(size, name, mstype.int32)
    if sz.dtype != mstype.int32 or sz.shape != (2,):
        raise TypeError(f"For '{name}', the 'size' must be an int32 Tensor of 2 elements, but got {sz.dtype} "
                        f"{list(sz.shape)}.")
    hw = tuple(int(v) for v in _concrete(name, sz, "size"))
    if any(v <= 0 for v in hw):
        raise ValueError(f"For '{name}', the values of 'size' must be positive, but got {list(hw)}.")
    s, t = tensor_of(scale, name, mstype.float32), tensor_of(translation, name, mstype.float32)
    for arg, v in (("scale", s), ("translation", t)):
        if v.dtype != mstype.float32 or v.shape != (2,):
            raise TypeError(f"For '{name}', the '{arg}' must be a float32 Tensor of 2 elements, but got {v.dtype} "
                            f"{list(v.shape)}.")
    if not isinstance(s._data, jax.core.Tracer) and (np.asarray(s.asnumpy()) <= 0).any():
        raise ValueError(f"For '{name}', the values of 'scale' must be greater than 0.")
    return apply(_sat, (x, s, t), {"size": hw, "kernel": kernel_type, "antialias": bool(antialias)})

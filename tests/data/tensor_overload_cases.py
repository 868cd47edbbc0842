"""The calls of MindSpore's overloaded Tensor methods that gen_tensor_overloads.py records and
tests/ops/test_tensor_overloads_ref.py replays. ``inputs(ms)`` builds the inputs with either package."""
import numpy as np


def inputs(ms):
    f32 = np.array([[1.5, -2.0, 3.0], [4.0, -5.5, 6.0]], np.float32)
    return {
        "ms": ms, "np": np,
        "x": ms.Tensor(f32),
        "xi": ms.Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32)),
        "x3": ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4)),
        "v": ms.Tensor(np.array([-4.0, -2.5, 0.0, 1.0, 3.0, 7.25], np.float32)),
        "vn": ms.Tensor(np.array([-1.0, 0.0, np.inf, 4.0, np.nan, -np.inf], np.float32)),
        "y": ms.Tensor(np.array([[0.5, 1.0, -1.0], [2.0, 3.0, -4.0]], np.float32)),
        "one": ms.Tensor(np.array(1, np.int32)),
        "cond": ms.Tensor(np.array([[True, False, True], [False, True, False]])),
        "idx": ms.Tensor(np.array([[0, 2], [1, 0]], np.int64)),
        "i1": ms.Tensor(np.array([0, 2], np.int32)),
        "src": ms.Tensor(np.array([[10.0, 20.0], [30.0, 40.0]], np.float32)),
        "s0": ms.Tensor(np.array(32.0, np.float32)),
    }


_PY = [
    # add / sub with alpha, the old any-typed form, the operators
    ("add_alpha", "x.add(y, alpha=2)"), ("add_alpha_int", "xi.add(one, alpha=3)"), ("add_scalar", "x.add(2.5)"),
    ("add_list", "x.add([1.0, 2.0, 3.0])"), ("sub_alpha", "x.sub(y, alpha=2)"), ("sub_old", "x.sub(y=y)"),
    ("dunder_sub_alpha", "x.__sub__(y, alpha=2)"), ("isub", "x.__isub__(y)"), ("iadd_alpha", "x.__iadd__(y, alpha=2)"),
    ("add_bad", "x.add(y, 1, 2)"), ("add_badkw", "x.add(y, beta=2)"),
    ("remainder_other", "x.remainder(other=1.5)"), ("remainder_divisor", "x.remainder(divisor=y)"),
    ("div_mode", "x.div(y, rounding_mode='floor')"), ("div_pos_mode", "x.div(y, 'trunc')"),
    ("div_badkw", "x.div(y, a='trunc')"),
    ("clamp_none", "x.clamp(None, None)"), ("clip_none", "x.clip(None, None)"), ("clamp_bool", "x.clamp(5, True)"),
    ("clamp_num", "x.clamp(-1, 2)"), ("clamp_tensor", "x.clamp(y)"), ("clamp_mixed", "x.clamp(ms.Tensor(1.0), 2.0)"), ("clip_num", "x.clip(0.0, 2.0)"),
    ("round0", "v.round()"), ("hardshrink_int", "v.hardshrink(2)"),
    ("hardshrink_default", "v.hardshrink()"), ("mm_int", "x.mm(3)"),
    # reductions
    ("sum_ext", "x.sum(1, True, dtype=ms.float64)"), ("sum_old", "x.sum(1, ms.float64, True, 2)"),
    ("sum_old_kw", "x.sum(axis=[0, 1], keepdims=True)"), ("sum_bool", "x.sum(dtype=ms.bool_, initial=12)"),
    ("sum_badtype", "x.sum(1, True, dtype=3)"), ("sum_bool_axis", "x.sum(True)"),
    ("mean_ext", "x.mean(1, True, dtype=ms.float64)"), ("mean_old", "x.mean(keep_dims=True, axis=0)"),
    ("mean_floatdim", "x.mean(dim=2.0, keepdim=True)"), ("mean_intkeep", "x.mean(dim=1, keepdim=1)"),
    ("cumsum_dim", "x.cumsum(dim=1, dtype=ms.float64)"), ("cumsum_none", "x.cumsum()"),
    ("cumsum_axis", "x.cumsum(axis=0, dtype=ms.int32)"), ("cumsum_bool", "x.cumsum(True)"),
    ("norm_default", "x.norm()"), ("norm_inf", "v.norm(float('inf'))"), ("norm_p3", "v.norm(3)"),
    ("norm_neg1", "x.norm(-1)"), ("norm_neginf", "v.norm(-float('inf'))"),
    ("norm_neginf_matrix", "x.norm(-float('inf'))"), ("norm_neginf_dim", "x.norm(-float('inf'), 1)"),
    ("norm_neg2", "v.norm(-2)"), ("norm_fro", "x.norm('fro')"), ("norm_dims", "x3.norm(dim=(1, 2))"), ("norm_dim", "x.norm(1, 1, True, dtype=ms.float16)"),
    ("any_dim", "cond.any(dim=1)"), ("any_axis", "cond.any(axis=(), keep_dims=True)"), ("any_all", "cond.any()"),
    ("all_dim", "cond.all(dim=0, keepdim=True)"),
    ("max_all", "x.max()"), ("max_dim", "x.max(0, False)"), ("max_dimkw", "x.max(dim=1, keepdim=True)"),
    ("max_axis", "x.max(axis=0, return_indices=True)"), ("max_initial", "x.max(1, True, initial=5)"),
    ("max_where", "x.max(0, False, initial=-9, where=ms.Tensor([False, True, True]))"),
    ("min_tuple", "x.min((0, 1), False, initial=-1, where=ms.Tensor([False, True, True]))"),
    ("min_where_none", "x.min(axis=0, initial=9, where=None)"), ("min_ret_int", "x.min(axis=0, return_indices=1)"),
    ("max_kwlist", "x.max(1, True, initial=[1])"), ("max_keep_int", "x.max(1, 1, initial=None)"),
    ("max_unknown", "x.max(1, True, il=[1])"), ("max_ab", "x.max(a=1, b=1)"), ("max_list", "x.max(1, [1])"),
    ("abs_extra", "x.abs(1)"), ("equal_missing", "x.equal()"), ("reshape_float", "x.reshape(1.1)"),
    ("reshape_args", "x.reshape(3, 2)"), ("aminmax_none", "x.aminmax(axis=None, keepdims=True)"),
    ("aminmax_none_nokeep", "x.aminmax(axis=None)"), ("aminmax_0d", "s0.aminmax(axis=0, keepdims=True)"),
    ("aminmax_0d_none", "s0.aminmax(axis=None, keepdims=True)"), ("aminmax_1", "x.aminmax(axis=1)"),
    # shape and selection
    ("flatten_ext", "x3.flatten(1, 2)"), ("flatten_old", "x3.flatten(order='F', start_dim=0)"),
    ("flatten_kw", "x3.flatten(end_dim=1)"), ("chunk_dim", "x3.chunk(2, dim=2)"), ("chunk_axis", "x3.chunk(2, axis=1)"),
    ("sort_dim", "x.sort(dim=0, descending=True)"), ("sort_axis", "x.sort(axis=1)"),
    ("index_select_dim", "x.index_select(dim=1, index=i1)"), ("index_select_axis", "x.index_select(axis=1, index=i1)"),
    ("split_size", "x3.split(split_size=2, dim=2)"), ("split_list", "x3.split([1, 3], dim=2)"),
    ("split_old", "x3.split(split_size_or_sections=1, axis=0)"),
    ("gather_dim", "x.gather(1, idx)"), ("gather_kw", "x.gather(index=idx, dim=1)"), ("gather_old", "x.gather(i1, 1)"),
    ("select_dim", "x.select(1, 2)"), ("select_old", "x.select(cond, y)"), ("select_int_y", "x.select(cond, 1)"),
    ("select_float_y", "xi.select(cond, 1.0)"), ("select_bad", "x.select(1, y)"),
    ("scatter_dim", "x.scatter(dim=1, index=idx, src=src)"), ("scatter_axis", "x.scatter(axis=1, index=idx, src=src)"),
    ("scatter_value", "x.scatter(1, idx, 7.0)"), ("scatter_value_kw", "x.scatter(1, idx, src=2.0)"),
    ("scatter_add_old", "x.scatter_add(ms.Tensor([[0, 0], [1, 2]], ms.int32), ms.Tensor([1.0, 2.0]))"),
    ("index_add_alpha", "x.index_add(1, i1, src, alpha=2)"), ("index_add_old", "x.index_add(i1, src, 1)"),
    ("expand_as_x", "v.reshape(1, 6).expand_as(x=ms.Tensor(np.ones((2, 6), np.float32)))"),
    ("expand_as_other", "v.reshape(1, 6).expand_as(other=ms.Tensor(np.ones((3, 6), np.float32)))"),
    ("ri_int", "x.repeat_interleave(2)"), ("ri_dim", "x.repeat_interleave(2, 1)"),
    ("ri_list", "x.repeat_interleave([1, 2], dim=0)"), ("ri_tensor", "x.repeat_interleave(ms.Tensor([1, 2]), 0)"),
    ("ri_out_pos", "x.repeat_interleave(2, None, None)"),
    ("repeat_tuple", "x.repeat((2, 1, 2))"), ("repeat_args", "x.repeat(2, 2)"), ("repeat_list", "x.repeat([1, 2])"),
    ("repeat_scalar", "v.repeat(2)"), ("repeat_short", "x.repeat(2)"),
    ("transpose_dims", "x3.transpose(0, 2)"), ("transpose_axes", "x3.transpose((0, 2, 1))"),
    ("transpose_list", "x3.transpose([1, 0, 2])"), ("transpose_none", "x3.transpose()"), ("transpose_neg", "v.transpose(-1)"),
    ("transpose_range", "x3.transpose((0, 3, 4))"), ("transpose_rank", "x3.transpose((0, 1))"),
    ("transpose_dup", "x3.transpose((0, 1, 1))"),
    ("swapaxes", "x3.swapaxes(0, 2)"), ("swapaxes_tuple", "x.swapaxes(0, (1,))"), ("swapaxes_range", "x.swapaxes(0, 3)"),
    ("swapdims", "x3.swapdims(1, -1)"), ("swapdims_range", "x.swapdims(-3, 0)"),
    ("dsplit3", "x3.dsplit(3)"), ("hsplit2", "x3.hsplit(2)"), ("vsplit_list", "x3.vsplit([1])"), ("hsplit_uneven", "x3.hsplit(2)"),
    ("vsplit_uneven", "x3.vsplit(4)"), ("vsplit_1d", "v.vsplit(4)"), ("dsplit_2d", "x.dsplit(2)"), ("hsplit_1d", "v.hsplit(2)"),
    ("sign_nan", "vn.sign()"), ("sign_int", "xi.sign()"),
    # contiguity: the transposing methods give strided views in PyNative mode
    ("contig_plain", "x.is_contiguous()"), ("contig_transpose", "x.transpose(0, 1).is_contiguous()"),
    ("contig_transpose_axes", "x.transpose((1, 0)).is_contiguous()"), ("contig_permute", "x.permute(1, 0).is_contiguous()"),
    ("contig_T", "x.T.is_contiguous()"), ("contig_TT", "x.T.T.is_contiguous()"), ("contig_mT", "x.mT.is_contiguous()"),
    ("contig_swapaxes", "x.swapaxes(0, 1).is_contiguous()"), ("contig_t", "x.t().is_contiguous()"),
    ("contig_made", "x.T.contiguous().is_contiguous()"), ("contig_same", "x.contiguous() is x"),
    ("contig_computed", "(x.T * 1).is_contiguous()"), ("contig_0d", "s0.transpose().is_contiguous()"),
    ("contig_unit", "x3.transpose(1, 1).is_contiguous()"), ("contig_value", "x.T.contiguous()"),
    ("contig_size1", "ms.Tensor(np.ones((1, 3), np.float32)).T.is_contiguous()"),
    # storage and placement
    ("storage_size", "(lambda s: (s.size(), s.nbytes(), s.data_ptr() != 0))((v * 1).untyped_storage())"),
    ("storage_copy", "(lambda b, c: (b.untyped_storage().copy_(c.untyped_storage()), b)[1])(v * 1, v * 3)"),
    ("storage_copy_bits", "(lambda b, c: (b.untyped_storage().copy_(c.untyped_storage()), b)[1])("
                          "ms.Tensor([1.0, 2.0]) * 1, ms.Tensor([1, 2], ms.int32) * 1)"),
    ("storage_copy_size", "(v * 1).untyped_storage().copy_((ms.Tensor([1.0, 2.0]) * 1).untyped_storage())"),
    ("storage_resize", "(lambda s: (s.resize_(0).size(), s.data_ptr(), s.resize_(24).size(), s.data_ptr() != 0))("
                       "(v * 1).untyped_storage())"),
    # (after resize_(0) and a new resize_ MindSpore's values are whatever the new memory holds: not recorded)
    ("storage_resize_same", "(lambda b: (b.untyped_storage().resize_(0), b.untyped_storage().size())[1])(v * 1)"),
    ("offload", "(x * 1)._offload()"), ("offload_values", "(lambda t: (t._offload(), t)[1])(x * 2)"),
    ("param_load", "ms.Parameter(ms.Tensor([1.0]))._load()"),
]
_GRAPH = [
    ("g_max_dim", "x.max(0, False)"), ("g_min_dim", "x.min(1)"), ("g_max_dimkw", "x.max(dim=0)"),
    ("g_sum_old", "x.sum(1, ms.float64, True, 2)"), ("g_sum_ext", "x.sum(1, True, dtype=None)"),
    ("g_add_alpha", "x.add(y, alpha=2)"), ("g_sub_alpha", "x.sub(y, alpha=2)"), ("g_flatten", "x3.flatten(1, 2)"),
    ("g_gather", "x.gather(1, idx)"), ("g_select_old", "x.select(cond, y)"), ("g_transpose", "x3.transpose(0, 2)"),
    ("g_transpose_axes", "x3.transpose((0, 2, 1))"), ("g_transpose_range", "x3.transpose((0, 3, 4))"),
    ("g_mean", "x.mean(keep_dims=True, axis=0)"), ("g_remainder", "x.remainder(other=1.5)"),
    ("g_round", "v.round(0)"), ("g_norm", "x.norm(1, 1, True, dtype=None)"),
]
# MindSpore 2.10's CPU kernel of Tensor.repeat (PyTorch's repeat: tile the whole Tensor) is missing in
# PyNative mode ("'repeat' is not supported on this device"); the generator records the same values
# from ops.tile, which MindSpore documents as the same computation.
REFERENCE = {"repeat_tuple": "ms.ops.tile(x, (2, 1, 2))", "repeat_args": "ms.ops.tile(x, (2, 2))",
             "repeat_list": "ms.ops.tile(x, (1, 2))", "repeat_scalar": "ms.ops.tile(v, (2,))",
             "repeat_short": "ms.ops.tile(x, (2,))"}
CASES = [(cid, expr, "pynative") for cid, expr in _PY] + [(cid, expr, "graph") for cid, expr in _GRAPH]

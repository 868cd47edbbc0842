"""Record MindSpore 2.10's nn Cells added by mindjax/nn/layer/{transformer,basic_more,math_more2,
normalization_more2,pooling_more2,loss_more2}.py and nn/wrap/{grad_reducer,cell_wrapper_more}.py:
parameter names/shapes/constant initial values, forward values, gradients w.r.t. the inputs and the
trainable Parameters (set to fixed values first), the state after a training-mode call, values under
ms.jit, and error classes/messages. Run with ~/msref/bin/python; writes ms_nn_layers_more.json.

Each case names the Cell by a Python expression (``build``) that the test evaluates with mindjax's
``nn`` in scope; ``pattern`` maps the recorded distinct inputs to the call's positional arguments
(MultiheadAttention's self-attention passes one Tensor three times).
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor  # noqa: F401 - used by the build expressions

ms.set_context(mode=ms.PYNATIVE_MODE)
rng = np.random.default_rng(11)
OUT = {"cases": [], "errors": []}


def fixed(shape, k):
    """The deterministic value given to the k-th trainable Parameter (the test uses the same formula)."""
    n = int(np.prod(shape)) if shape else 1
    return (0.5 * np.sin(0.7 * np.arange(n) + k + 1)).reshape(shape).astype(np.float32)


def enc(a):
    a = np.asarray(a)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "data": a.astype(np.float64).ravel().tolist()}


def flat(o):
    return list(o) if isinstance(o, (tuple, list)) else [o]


def case(name, *args, **kwargs):
    """Record one case; a case that MindSpore cannot run (a kernel missing on CPU) is kept with its error."""
    try:
        _case(name, *args, **kwargs)
    except Exception as e:  # noqa: BLE001
        lines = [ln for ln in str(e).split("\n") if ln.strip()]
        rec = {"name": name, "build": args[0], "ms_error": type(e).__name__, "msg": (lines or [""])[0][:300]}
        rec.update({k: v for k, v in kwargs.items() if k in ("same_as", "kw")})
        rec["inputs"] = [enc(a) for a in args[1]] if len(args) > 1 else []
        OUT["cases"].append(rec)
        print("FAILED", name, type(e).__name__, str(e).split("\n")[0][:200])


def _case(name, build, inputs, pattern=None, kw=None, tkw=None, grad=True, train=False, jit=False, set_w=True,
          oracle=None, same_as=None):
    """``kw``: python keyword arguments of the call; ``tkw``: keyword arguments given as arrays."""
    cell = eval(build)
    params = [(n, p) for n, p in cell.parameters_and_names()]
    rec = {"name": name, "build": build, "inputs": [enc(a) for a in inputs], "pattern": pattern,
           "kw": kw or {}, "tkw": {k: enc(v) for k, v in (tkw or {}).items()}, "train": train, "set_w": set_w,
           "params": [[n, list(p.shape), bool(p.requires_grad)] for n, p in params], "const_init": {}}
    for n, p in params:
        v = p.asnumpy()
        if v.size and np.all(v == v.ravel()[0]):
            rec["const_init"][n] = float(v.ravel()[0])
    if oracle is not None:  # no CPU kernel for the Cell: the values come from an equivalent expression
        rec["oracle"] = oracle
        cell = eval(oracle)
    k = 0
    if set_w and isinstance(cell, nn.Cell):
        for n, p in cell.parameters_and_names():
            if p.requires_grad:
                p.set_data(Tensor(fixed(tuple(p.shape), k)))
                k += 1
    if isinstance(cell, nn.Cell):
        cell.set_train(train)
    tin = [Tensor(a) for a in inputs]
    tk = {k2: Tensor(v) for k2, v in (tkw or {}).items()}
    pat = pattern or list(range(len(inputs)))

    def fwd(*a):
        return cell(*[a[i] for i in pat], **(kw or {}), **tk)
    out = fwd(*tin)
    rec["tuple"] = isinstance(out, (tuple, list))
    rec["outputs"] = [enc(o.asnumpy()) for o in flat(out)]
    if train:
        rec["state"] = {n: enc(p.asnumpy()) for n, p in params if not p.requires_grad}
    if grad:
        pos = tuple(i for i, a in enumerate(inputs) if a.dtype.kind == "f")
        weights = cell.trainable_params() if isinstance(cell, nn.Cell) else []

        def loss(*a):
            s = None
            for o in flat(fwd(*a)):
                if o.dtype in (ms.float16, ms.float32, ms.float64):
                    s = o.sum() if s is None else s + o.sum()
            return s
        if pos or weights:
            g = ms.grad(loss, grad_position=pos if pos else None, weights=weights if weights else None)(*tin)
            if pos and weights:
                gi, gw = g
            elif pos:
                gi, gw = g, ()
            else:
                gi, gw = (), g
            gi = gi if isinstance(gi, tuple) else (gi,)
            rec["grad_pos"] = list(pos)
            rec["grad_inputs"] = [enc(x.asnumpy()) for x in gi]
            rec["grad_weights"] = [enc(x.asnumpy()) for x in gw]
    if jit:
        rec["jit_outputs"] = [enc(o.asnumpy()) for o in flat(ms.jit(fwd)(*tin))]
    OUT["cases"].append(rec)


def err(name, code):
    try:
        exec(code)
    except Exception as e:  # noqa: BLE001 - the class and message are what is recorded
        OUT["errors"].append({"name": name, "code": code, "error": type(e).__name__,
                              "msg": str(e).split("\n")[0][:400]})
        return
    OUT["errors"].append({"name": name, "code": code, "error": None, "msg": ""})


def r(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, size=shape).astype(np.float32)


# --- transformer -------------------------------------------------------------------------------
x = r(4, 2, 8)
case("mha_self", "nn.MultiheadAttention(8, 2)", [x], pattern=[0, 0, 0], jit=True)
case("mha_kv", "nn.MultiheadAttention(8, 2)", [r(3, 2, 8), x], pattern=[0, 1, 1])
case("mha_qkv_noavg", "nn.MultiheadAttention(8, 4)", [r(3, 2, 8), x, r(4, 2, 8)],
     kw={"average_attn_weights": False})
case("mha_kdim_vdim_bf", "nn.MultiheadAttention(8, 2, kdim=6, vdim=5, batch_first=True)",
     [r(2, 3, 8), r(2, 4, 6), r(2, 4, 5)])
case("mha_bias_kv_zero", "nn.MultiheadAttention(8, 2, add_bias_kv=True, add_zero_attn=True)",
     [r(3, 2, 8), x, r(4, 2, 8)])
case("mha_nobias_unbatched", "nn.MultiheadAttention(8, 2, has_bias=False)", [r(3, 8), r(5, 8), r(5, 8)])
causal = np.triu(np.ones((4, 4), bool), 1)
case("mha_bool_mask", "nn.MultiheadAttention(8, 2)", [x], pattern=[0, 0, 0], tkw={"attn_mask": causal})
case("mha_float_mask_kpm", "nn.MultiheadAttention(8, 2)", [x], pattern=[0, 0, 0],
     tkw={"attn_mask": r(4, 4), "key_padding_mask": np.array([[False, False, False, True],
                                                               [False, True, False, False]])})
case("mha_need_weights_false", "nn.MultiheadAttention(8, 2)", [x], pattern=[0, 0, 0], kw={"need_weights": False})
case("enc_layer", "nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0)", [x], jit=True)
case("enc_layer_gelu_nf_bf", "nn.TransformerEncoderLayer(8, 2, 12, dropout=0.0, activation='gelu', "
     "norm_first=True, batch_first=True)", [r(2, 4, 8)], tkw={"src_mask": causal})
case("dec_layer", "nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0)", [r(3, 2, 8), x], jit=True)
case("dec_layer_nf", "nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, norm_first=True, activation=ops.gelu)",
     [r(3, 2, 8), x], tkw={"tgt_mask": np.triu(np.ones((3, 3), bool), 1)})
case("encoder", "nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2, "
     "nn.LayerNorm((8,)))", [x])
case("decoder", "nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 2)", [r(3, 2, 8), x])
case("transformer", "nn.Transformer(8, 2, 1, 1, 16, dropout=0.0)", [x, r(3, 2, 8)], jit=True)
err("mha_divisible", "nn.MultiheadAttention(8, 3)")
err("enc_act_str", "nn.TransformerEncoderLayer(8, 2, 16, activation='tanh')")
err("enc_act_cell", "nn.TransformerEncoderLayer(8, 2, 16, activation=nn.Tanh())")
err("enc_act_fn", "nn.TransformerEncoderLayer(8, 2, 16, activation=ops.tanh)")
err("enc_kpm_int", "nn.TransformerEncoderLayer(8, 2, 16)(Tensor(np.ones((4, 2, 8), np.float32)), "
    "src_key_padding_mask=Tensor(np.zeros((2, 4), np.int32)))")
err("mha_embed", "nn.MultiheadAttention(8, 2)(*[Tensor(np.ones((4, 2, 6), np.float32))] * 3)")
err("mha_mask_shape", "q = Tensor(np.ones((4, 2, 8), np.float32)); nn.MultiheadAttention(8, 2)(q, q, q, "
    "attn_mask=Tensor(np.zeros((3, 4), np.float32)))")
err("transformer_dmodel", "nn.Transformer(8, 2, 1, 1, 16)(Tensor(np.ones((4, 2, 6), np.float32)), "
    "Tensor(np.ones((3, 2, 8), np.float32)))")

# --- basic_more ----------------------------------------------------------------------------------
ids = np.array([[0, 2], [1, 3]], np.int32)
case("onehot", "nn.OneHot(depth=4)", [ids], grad=False)
case("onehot_axis0", "nn.OneHot(axis=0, depth=3, on_value=2.0, off_value=-1.0)", [np.array([0, 2, 1], np.int32)],
     grad=False)
m = r(4, 5)
case("tril", "nn.Tril()", [m])
case("tril_k", "nn.Tril()", [r(2, 3, 4)], kw={"k": 1})
case("triu_k", "nn.Triu()", [m], kw={"k": -1})
case("triu_int", "nn.Triu()", [np.arange(12, dtype=np.int32).reshape(3, 4)], grad=False)
case("roll", "nn.Roll(2, 1)", [m], oracle="lambda x: Tensor(np.roll(x.asnumpy(), 2, 1))", grad=False)
case("roll_multi", "nn.Roll((1, -2), (0, -1))", [r(3, 4, 5)],
     oracle="lambda x: Tensor(np.roll(x.asnumpy(), (1, -2), (0, -1)))", grad=False)
case("upsample_nearest", "nn.Upsample(size=(5, 6))", [r(1, 2, 3, 4)])
case("upsample_bilinear", "nn.Upsample(size=(5, 4), mode='bilinear', align_corners=True)", [r(1, 2, 3, 3)])
err("upsample_bilinear_scale",
    "nn.Upsample(scale_factor=2.0, mode='bilinear')(Tensor(np.ones((1, 1, 2, 2), np.float32)))")
case("dropout3d_eval", "nn.Dropout3d(0.5)", [r(1, 2, 2, 2, 2)])
case("bidense", "nn.BiDense(3, 4, 5)", [r(2, 3), r(2, 4)], jit=True)
case("bidense_3d_nobias", "nn.BiDense(3, 4, 2, has_bias=False)", [r(2, 3, 3), r(2, 3, 4)])
case("softmax2d", "nn.Softmax2d()", [r(2, 3, 2, 2)])
case("lrn", "nn.LRN(depth_radius=2, bias=1.5, alpha=0.3, beta=0.6)", [r(1, 5, 3, 3)])
case("timedist_loop", "nn.TimeDistributed(nn.Dense(3, 2), time_axis=1)", [r(4, 5, 3)])
case("timedist_reshape", "nn.TimeDistributed(nn.Dense(3, 2), time_axis=1, reshape_with_axis=0)", [r(4, 5, 3)])
case("conv2dbnact", "nn.Conv2dBnAct(2, 3, 3, has_bn=True, activation='relu')", [r(2, 2, 5, 5)])
case("conv2dbnact_train", "nn.Conv2dBnAct(2, 3, 3, has_bias=True, has_bn=True, activation='leakyrelu', alpha=0.1)",
     [r(2, 2, 5, 5)], train=True)
case("densebnact", "nn.DenseBnAct(3, 4, activation='sigmoid')", [r(5, 3)])
case("densebnact_train", "nn.DenseBnAct(3, 4, has_bn=True)", [r(5, 3)], train=True)
err("roll_len", "nn.Roll((1, 2), 0)")
err("roll_type", "nn.Roll(1.0, 0)")
err("dropout3d_p", "nn.Dropout3d(1.5)")
err("dropout3d_type", "nn.Dropout3d(1)")
err("bidense_in", "nn.BiDense(0, 3, 4)")
err("softmax2d_rank", "nn.Softmax2d()(Tensor(np.ones((2, 3), np.float32)))")
err("rrelu_bounds", "nn.RReLU(0.5, 0.2)")
err("timedist_layer", "nn.TimeDistributed(3, 1)")
err("timedist_rank", "nn.TimeDistributed(nn.Dense(3, 2), 1)(Tensor(np.ones((2, 3), np.float32)))")
err("conv2dbnact_act", "nn.Conv2dBnAct(2, 3, 3, activation=3)")

# --- math_more2 ----------------------------------------------------------------------------------
case("range_int", "nn.Range(1, 9, 2)", [], grad=False)
case("range_float", "nn.Range(0.5, 3, 0.5)", [], grad=False)
case("range_one", "nn.Range(5)", [], grad=False)
case("moments_all", "nn.Moments()", [r(3, 4)])
case("moments_axis_keep", "nn.Moments(axis=(0, 2), keep_dims=True)", [r(2, 3, 4)])
case("moments_f16", "nn.Moments(axis=1)", [r(2, 5).astype(np.float16)], grad=False)
case("logsumexp", "nn.ReduceLogSumExp(1, keep_dims=True)", [r(3, 4, 2)])
case("logsumexp_all", "nn.ReduceLogSumExp(())", [r(3, 4)])
case("logsumexp_list", "nn.ReduceLogSumExp([0, 2])", [r(3, 4, 2)])
case("matrix_diag", "nn.MatrixDiag()", [r(2, 3)], oracle="lambda x: ops.diag_embed(x)")
case("matrix_diag_part", "nn.MatrixDiagPart()", [r(2, 3, 3)], oracle="lambda x: ops.diagonal(x, 0, -2, -1)")
case("matrix_set_diag", "nn.MatrixSetDiag()", [r(2, 3, 3), r(2, 3)],
     oracle="lambda x, d: x * (1 - ops.eye(3, 3, ms.float32)) + ops.diag_embed(d)")
spd = r(2, 3, 3)
spd = spd @ spd.transpose(0, 2, 1) + 3 * np.eye(3, dtype=np.float32)
case("mat_inverse", "nn.MatInverse()", [spd], grad=False, oracle="lambda a: ops.inverse(a)")
case("mat_det", "nn.MatDet()", [spd], grad=False, oracle="lambda a: ops.det(a)")
case("lgamma", "nn.LGamma()", [np.array([0.3, 1.0, 2.5, 7.0, -1.5, -0.3, 12.0], np.float32)], grad=False)
case("digamma", "nn.DiGamma()", [np.array([0.3, 1.0, 2.5, 7.0, -1.5, -0.3, 12.0], np.float32)], grad=False)
case("igamma", "nn.IGamma()", [np.array([0.5, 2.0, 4.0, 6.0, 3.0], np.float32),
                                np.array([0.2, 3.0, 3.0, 4.0, 9.0], np.float32)], grad=False)
case("lbeta", "nn.LBeta()", [np.array([0.5, 2.0, 4.0, 9.0, 1.5], np.float32),
                              np.array([0.7, 3.0, 10.0, 12.0, 20.0], np.float32)], grad=False)
err("range_delta", "nn.Range(0, 3, 0)")
err("moments_int", "nn.Moments()(Tensor(np.ones((2, 3), np.int32)))")
err("moments_axis_type", "nn.Moments(axis=1.0)")
err("logsumexp_keep", "nn.ReduceLogSumExp(1, keep_dims=1)")
err("lgamma_dtype", "nn.LGamma()(Tensor(np.ones(3, np.int32)))")

# --- normalization_more2 -------------------------------------------------------------------------
case("instnorm1d", "nn.InstanceNorm1d(3)", [r(2, 3, 6)], oracle="nn.GroupNorm(3, 3)")
case("instnorm2d", "nn.InstanceNorm2d(3, eps=1e-3)", [r(2, 3, 4, 4)], oracle="nn.GroupNorm(3, 3, eps=1e-3)")
case("instnorm3d", "nn.InstanceNorm3d(2)", [r(2, 2, 2, 3, 3)], oracle="nn.GroupNorm(2, 2)")
case("syncbn_eval", "nn.SyncBatchNorm(3)", [r(2, 3, 4, 4)])
case("syncbn_train", "nn.SyncBatchNorm(3, momentum=0.8)", [r(2, 3, 4, 4)], train=True)
case("syncbn_2d_train", "nn.SyncBatchNorm(3)", [r(6, 3)], train=True)
err("instnorm_rank", "nn.InstanceNorm2d(3)(Tensor(np.ones((2, 3, 4), np.float32)))")
err("instnorm_eps", "nn.InstanceNorm2d(3, eps=1)")
err("instnorm_nf", "nn.InstanceNorm2d(0)")
err("instnorm_momentum", "nn.InstanceNorm2d(3, momentum=1.5)")

# --- pooling_more2 -------------------------------------------------------------------------------
case("lppool1d", "nn.LPPool1d(2, 3, 2)", [r(2, 3, 9, lo=0.1)])
case("lppool2d", "nn.LPPool2d(3, (2, 3), 1, ceil_mode=True)", [r(1, 2, 4, 5, lo=0.1)])
case("maxunpool1d", "nn.MaxUnpool1d(2)", [r(1, 2, 3), np.array([[[1, 2, 5], [0, 3, 4]]], np.int64)])
case("maxunpool2d_size", "nn.MaxUnpool2d(2, 2)", [r(1, 1, 2, 2), np.array([[[[0, 3], [9, 14]]]], np.int64)],
     kw={"output_size": (1, 1, 5, 5)})
case("maxunpool3d", "nn.MaxUnpool3d(2)", [r(1, 1, 1, 1, 2), np.array([[[[[1, 6]]]]], np.int64)])
case("adamaxpool3d", "nn.AdaptiveMaxPool3d((2, 1, 2))", [r(1, 2, 4, 3, 4)])
case("adamaxpool3d_idx", "nn.AdaptiveMaxPool3d(2, return_indices=True)", [r(2, 3, 4, 4)])

# --- loss_more2 ----------------------------------------------------------------------------------
case("softmargin", "nn.SoftMarginLoss()", [r(3, 4), np.sign(r(3, 4))], same_as="ops.soft_margin_loss(*x)")
case("softmargin_none", "nn.SoftMarginLoss('none')", [r(3, 4), np.sign(r(3, 4))],
     same_as="ops.soft_margin_loss(*x, reduction='none')")
lab = np.array([[3, 0, -1, 1], [1, 2, 3, -1]], np.int32)
case("multilabelmargin", "nn.MultilabelMarginLoss()", [r(2, 4), lab], same_as="ops.multilabel_margin_loss(*x)")
case("multilabelmargin_sum", "nn.MultilabelMarginLoss('sum')", [r(2, 4), lab],
     same_as="ops.multilabel_margin_loss(*x, reduction='sum')")
case("triplet", "nn.TripletMarginLoss()", [r(3, 5), r(3, 5), r(3, 5)], same_as="ops.triplet_margin_loss(*x)")
case("triplet_swap_p1", "nn.TripletMarginLoss(p=1, swap=True, reduction='none', margin=0.5)",
     [r(3, 5), r(3, 5), r(3, 5)], same_as="ops.triplet_margin_loss(*x, margin=0.5, p=1, swap=True, reduction='none')")
case("triplet_call_margin", "nn.TripletMarginLoss()", [r(3, 5), r(3, 5), r(3, 5)], kw={"margin": 0.3},
     same_as="ops.triplet_margin_loss(*x, margin=0.3)")
lp = np.log(np.exp(r(6, 2, 4)) / np.exp(r(6, 2, 4)).sum(-1, keepdims=True)).astype(np.float32)
I64 = np.int64  # int32 targets crash MindSpore 2.10's CPU CTCLoss kernel (the process dies)
case("ctc", "nn.CTCLoss()", [lp, np.array([[1, 2, 2], [3, 1, 0]], I64), np.array([6, 5], I64),
                              np.array([3, 2], I64)])
case("ctc_sum_blank", "nn.CTCLoss(blank=3, reduction='sum')",
     [lp, np.array([[1, 2, 0], [2, 1, 0]], I64), np.array([6, 6], I64), np.array([3, 2], I64)])
case("ctc_2d", "nn.CTCLoss(reduction='none')", [lp[:, 0], np.array([1, 2], I64), np.array([6], I64),
                                                 np.array([2], I64)])

# --- embedding_more2 ----------------------------------------------------------------------------
eids = np.array([[0, 3, 1], [4, 9, 2]], np.int32)
case("embedding_lookup", "nn.EmbeddingLookup(5, 3)", [eids])
case("embedding_lookup_maxnorm", "nn.EmbeddingLookup(5, 3, max_norm=0.4)", [eids[:, :2]])
case("embedding_lookup_device", "nn.EmbeddingLookup(5, 3, target='DEVICE', sparse=False)", [eids[:1, :2]])
err("embedding_lookup_sparse", "nn.EmbeddingLookup(5, 3, sparse=False)")
err("embedding_lookup_target", "nn.EmbeddingLookup(5, 3, target='GPU')")
err("embedding_lookup_vocab", "nn.EmbeddingLookup(0, 3)")

# --- wrappers ------------------------------------------------------------------------------------
# Calling a DistributedGradReducer in a single process without communication.init() ends MindSpore's
# process (no exception); building one works (degree 1).
err("grad_reducer_default", "nn.DistributedGradReducer(nn.Dense(2, 3).trainable_params())")
err("grad_reducer_degree", "nn.DistributedGradReducer(nn.Dense(2, 3).trainable_params(), degree=0)")
err("fvg_network", "nn.ForwardValueAndGrad(3)")
err("fvg_get_all", "nn.ForwardValueAndGrad(nn.Dense(2, 1), get_all=1)")
err("fvg_weights", "nn.ForwardValueAndGrad(nn.Dense(2, 1), get_by_list=True)")


def record_fvg():
    """ForwardValueAndGrad on a Dense with fixed weights: (loss, grads) for three flag sets."""
    res = {}
    x = r(3, 2)
    for key, kw in (("inputs", {"get_all": True}), ("weights", {"get_by_list": True}),
                    ("both_sens", {"get_all": True, "get_by_list": True, "sens_param": True})):
        net = nn.Dense(2, 4)
        net.weight.set_data(Tensor(fixed((4, 2), 0)))
        net.bias.set_data(Tensor(fixed((4,), 1)))
        fvg = nn.ForwardValueAndGrad(net, net.trainable_params() if kw.get("get_by_list") else None, **kw)
        args = [Tensor(x)] + ([Tensor(np.full((3, 4), 0.5, np.float32))] if kw.get("sens_param") else [])
        loss, grads = fvg(*args)

        def leaves(g):
            return [y for t in g for y in leaves(t)] if isinstance(g, (tuple, list)) else [g]
        res[key] = {"kw": kw, "loss": enc(loss.asnumpy()), "grads": [enc(g.asnumpy()) for g in leaves(grads)]}
    OUT["fvg"] = {"x": enc(x), "runs": res}


def record_loss_scale():
    """DynamicLossScaleUpdateCell over a sequence of overflow flags: the scale after each step."""
    cell = nn.DynamicLossScaleUpdateCell(loss_scale_value=2 ** 10, scale_factor=2, scale_window=2)
    scale = ms.Parameter(Tensor(2.0 ** 10, ms.float32), name="scale")
    flags = [False, False, True, False, False, False, True, True]
    seq = []
    for f in flags:
        cell(scale, Tensor(f))
        seq.append(float(scale.asnumpy()))
    fixed_cell = nn.FixedLossScaleUpdateCell(128.0)
    OUT["loss_scale"] = {"flags": flags, "scales": seq, "fixed_get": fixed_cell.get_loss_scale(),
                         "dyn_get": cell.get_loss_scale(),
                         "dyn_params": [n for n, _ in cell.parameters_and_names()],
                         "fixed_params": [n for n, _ in fixed_cell.parameters_and_names()]}


record_fvg()
record_loss_scale()

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_nn_layers_more.json")
with open(path, "w") as f:
    json.dump(OUT, f, separators=(",", ":"))
print(len(OUT["cases"]), "cases,", len(OUT["errors"]), "errors,", os.path.getsize(path), "bytes")

"""mindjax.amp against MindSpore 2.10 (tests/data/ms_amp.json, written by gen_amp.py):
the casts of each amp level (values and the dtypes each Cell hands on), custom lists,
loss scalers step by step, all_finite, build_train_network and an O2 training run with
dynamic loss scaling, in PyNative and under jit."""
import json
import logging
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, amp, Tensor, Parameter

DATA = json.loads((Path(__file__).parent / "data" / "ms_amp.json").read_text())
F16_TOL = dict(rtol=2e-3, atol=2e-3)  # a couple of float16 ulps


class DenseNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 8)
        self.bn = nn.BatchNorm1d(8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)
        self.matmul = ops.MatMul()
        self.w = Parameter(Tensor(np.ones((3, 3), np.float32)), name="w")

    def construct(self, x):
        y = self.fc2(self.relu(self.bn(self.fc1(x))))
        return self.matmul(y, self.w) + ops.exp(y * 0.1)


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, has_bias=True, pad_mode="valid")
        self.bn = nn.BatchNorm2d(3)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(27, 4, activation="relu")
        self.ln = nn.LayerNorm((4,))

    def construct(self, x):
        return self.ln(self.fc(self.flatten(self.relu(self.bn(self.conv(x))))))


NETS = {"DenseNet": DenseNet, "ConvNet": ConvNet}


def build(kind):
    entry = DATA["nets"][kind]
    net = NETS[kind]()
    for name, p in net.parameters_and_names():
        p.set_data(Tensor(np.array(entry["weights"][name], np.float32).reshape(p.shape)))
    x = Tensor(np.array(entry["x"], np.float32).reshape(entry["x_shape"]))
    return net, x


def hook_dtypes(net):
    seen = {}
    for name, cell in net.cells_and_names():
        if name:
            cell.register_forward_hook(lambda c, i, o, n=name: seen.__setitem__(n, str(o.dtype)))
    return seen


def check_out(out, ref, tol=None):
    assert str(out.dtype) == ref["dtype"]
    np.testing.assert_allclose(out.asnumpy().astype(np.float64).ravel(), ref["value"], **(tol or F16_TOL))


# ------------------------------------------------------------------------------------ lists
def test_lists_are_mindspores():
    have = [c.__name__ for c in amp.get_white_list()]
    # every class mindjax has appears in MindSpore's order; the others are not defined in mindjax yet
    assert have == [n for n in DATA["white_list"] if n in have]
    assert {"Conv2d", "Dense", "MatMul", "ReLU", "Conv2D", "BatchMatMul", "RNNCell"} <= set(have)
    assert [c.__name__ for c in amp.get_black_list()] == DATA["black_list"]
    lst = amp.get_white_list()
    lst.append(nn.Flatten)
    assert nn.Flatten not in amp.get_white_list()  # a copy


# ------------------------------------------------------------------------------------ levels
@pytest.mark.parametrize("kind", ["DenseNet", "ConvNet"])
@pytest.mark.parametrize("level", ["O0", "O1", "O2", "O3"])
def test_levels_match_mindspore(kind, level):
    ref = DATA["nets"][kind]["levels"][level]
    net, x = build(kind)
    seen = hook_dtypes(net)
    net2 = amp.auto_mixed_precision(net, level)
    net2.set_train(False)
    out = net2(x)
    assert type(net2).__name__ == ("_OutputTo32" if level in ("O2", "O3") else kind)
    assert net2.__dict__.get("_amp_level", "") == (ref["amp_level"] or "")
    assert seen == ref["cells"]  # the dtype each Cell hands on
    # O0/O1 are float32 computations of float16-rounded values: tight; O2/O3 compute in float16
    check_out(out, ref["out"], dict(rtol=1e-5, atol=1e-5) if level in ("O0", "O1") else None)


def test_o1_casts_really_happen():
    net, x = build("DenseNet")
    o0 = net(x).asnumpy()
    net1 = amp.auto_mixed_precision(build("DenseNet")[0], "O1")
    o1 = net1(x).asnumpy()
    assert np.abs(o1 - o0).max() > 1e-5  # float16 rounding is visible in the values
    # the white-listed Primitive attribute now casts to float16 and back
    seen = {}
    net1.matmul.__dict__["_prim"].__class__  # the wrapped ops.MatMul
    y = net1.matmul(Tensor(np.full((1, 3), 1 / 3, np.float32)), Tensor(np.eye(3, dtype=np.float32)))
    assert y.dtype == ms.float32
    assert y.asnumpy()[0, 0] == np.float32(np.float16(1 / 3))
    assert isinstance(net1.matmul, ops.Primitive) and net1.matmul.transpose_a is False
    assert not seen


def test_o1_keeps_user_precision_and_shares_params():
    net, x = build("DenseNet")
    net.fc2.to_float(ms.float32)  # set by the user: O1 leaves it alone
    net1 = amp.auto_mixed_precision(net, "O1")
    assert net1.fc1.weight is net.fc1.weight
    assert net1.fc1 is net.fc1  # sub-Cells are changed in place, as MindSpore's rewrite does
    seen = hook_dtypes(net1)
    net1.set_train(False)
    net1(x)
    assert seen["fc2"] == "Float32"
    assert net.fc2.__dict__.get("_amp_forced") is None and net.fc1.__dict__["_amp_forced"]


@pytest.mark.parametrize("kind", ["DenseNet", "ConvNet"])
@pytest.mark.parametrize("case", ["white_dense", "white_default", "black_bn", "black_default"])
def test_custom_lists_match_mindspore(kind, case, caplog):
    ref = DATA["nets"][kind]["levels"]["custom_" + case]
    net, x = build(kind)
    seen = hook_dtypes(net)
    lists = {"white_dense": {"white_list": [nn.Dense]}, "white_default": {"white_list": amp.get_white_list()},
             "black_bn": {"black_list": [nn.BatchNorm1d, nn.BatchNorm2d]},
             "black_default": {"black_list": amp.get_black_list()}}
    with caplog.at_level(logging.WARNING, logger="mindjax.amp"):
        net2 = amp.custom_mixed_precision(net, **lists[case])
    if case == "black_bn":  # as MindSpore: a warning for each class dropped from the internal list
        assert "LayerNorm'> is removed from internal black list" in caplog.text
    net2.set_train(False)
    out = net2(x)
    assert seen == ref["cells"]
    check_out(out, ref["out"], dict(rtol=1e-5, atol=1e-5) if case.startswith("white") else None)


def test_o2_o3_bfloat16_dtypes():
    # MindSpore's CPU build has no bfloat16 MatMul kernel, so only mindjax's own dtypes are checked
    for level, bn in (("O2", "Float32"), ("O3", "BFloat16")):
        net, x = build("DenseNet")
        seen = hook_dtypes(net)
        net2 = amp.auto_mixed_precision(net, level, ms.bfloat16)
        net2.set_train(False)
        out = net2(x)
        assert out.dtype == ms.float32
        assert seen == {"fc1": "BFloat16", "bn": bn, "relu": "BFloat16", "fc2": "BFloat16"}
        ref = DATA["nets"]["DenseNet"]["levels"]["O0"]["out"]["value"]
        np.testing.assert_allclose(out.asnumpy().ravel(), ref, rtol=3e-2, atol=3e-2)


def test_o2_gradients_reach_float32_parameters():
    net, x = build("DenseNet")
    net2 = amp.auto_mixed_precision(net, "O2")
    net2.set_train(False)
    grads = ms.grad(lambda v: net2(v).sum(), None, net2.trainable_params())(x)
    assert all(g.dtype == ms.float32 for g in grads)
    assert all(p.dtype == ms.float32 for p in net2.trainable_params())
    assert all(np.isfinite(g.asnumpy()).all() for g in grads) and float(abs(grads[0]).sum()) > 0


# ------------------------------------------------------------------------------------ errors
def _call(label):
    net = nn.Dense(2, 2)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    d = lambda: nn.Dense(2, 2)  # noqa: E731
    calls = {
        "amp_level": lambda: amp.auto_mixed_precision(d(), "O5"),
        "amp_dtype": lambda: amp.auto_mixed_precision(d(), "O2", ms.float32),
        "amp_not_cell": lambda: amp.auto_mixed_precision(lambda x: x, "O1"),
        "amp_not_cell_auto": lambda: amp.auto_mixed_precision(3, "auto"),
        "custom_none": lambda: amp.custom_mixed_precision(d()),
        "custom_both": lambda: amp.custom_mixed_precision(d(), white_list=[nn.Dense], black_list=[]),
        "custom_not_list": lambda: amp.custom_mixed_precision(d(), white_list=(nn.Dense,)),
        "custom_bad_class": lambda: amp.custom_mixed_precision(d(), white_list=[int]),
        "custom_dtype": lambda: amp.custom_mixed_precision(d(), white_list=[nn.Dense], dtype=ms.int8),
        "custom_not_cell": lambda: amp.custom_mixed_precision(3, white_list=[nn.Dense]),
        "btn_opt": lambda: amp.build_train_network(net, 3),
        "btn_level": lambda: amp.build_train_network(net, opt, level="O4"),
        "btn_level_type": lambda: amp.build_train_network(net, opt, level=2),
        "btn_boost": lambda: amp.build_train_network(net, opt, boost_level="O3"),
        "btn_kwarg": lambda: amp.build_train_network(net, opt, foo=1),
        "btn_cast": lambda: amp.build_train_network(net, opt, cast_model_type=ms.int32),
        "btn_keep": lambda: amp.build_train_network(net, opt, keep_batchnorm_fp32=1),
        "btn_lsm": lambda: amp.build_train_network(net, opt, loss_scale_manager=3),
        "btn_loss_fn": lambda: amp.build_train_network(net, opt, loss_fn=3),
        "static_small": lambda: amp.StaticLossScaler(0.5),
        "static_type": lambda: amp.StaticLossScaler("2"),
        "dyn_window": lambda: amp.DynamicLossScaler(2, 2, 0),
        "dyn_factor": lambda: amp.DynamicLossScaler(2, 1.5, 1),
        "dyn_small": lambda: amp.DynamicLossScaler(0.5, 2, 1),
    }
    return calls[label]


@pytest.mark.parametrize("label", [k for k in sorted(DATA["errors"]) if k not in
                                   ("abstract", "custom_not_class", "custom_black_prim")])
def test_errors_match_mindspore(label):
    cls, msg = DATA["errors"][label]
    with pytest.raises(getattr(__builtins__, cls, None) or {"TypeError": TypeError, "ValueError": ValueError}[cls]) \
            as info:
        _call(label)()
    assert str(info.value).split("\n")[0] == msg


def test_errors_naming_mindjax_classes():
    # same text as MindSpore's, with mindjax's class paths in it
    with pytest.raises(TypeError, match=r"The element in white_list should be a class, but got Dense\("):
        amp.custom_mixed_precision(nn.Dense(2, 2), white_list=[nn.Dense(2, 2)])
    with pytest.raises(TypeError, match="The subclass of element in black_list should be one of 'Cell', but got "
                                        "<class '.*MatMul'>"):
        amp.custom_mixed_precision(nn.Dense(2, 2), black_list=[ops.MatMul])
    with pytest.raises(TypeError, match="Can't instantiate abstract class LossScaler"):
        amp.LossScaler()
    assert DATA["errors"]["abstract"][0] == "TypeError"


# ------------------------------------------------------------------------------------ scalers
def test_static_loss_scaler_matches_mindspore():
    ref = DATA["scalers"]
    s = amp.StaticLossScaler(scale_value=2 ** 10)
    check_out(s.scale(Tensor([1.0, 3.5], ms.float32)), ref["static_scale"], dict(rtol=0, atol=0))
    g = s.unscale((Tensor(np.array([1.5, 1.0]), ms.float16), Tensor(np.array([1.2]), ms.float32)))
    assert isinstance(g, tuple)
    for t, r in zip(g, ref["static_unscale"]):
        check_out(t, r, dict(rtol=0, atol=0))
    s3 = amp.StaticLossScaler(scale_value=3)
    g = s3.unscale((Tensor(np.array([1.5, 1.0, 7.0]), ms.float16), Tensor(np.array([1.2, 5.0]), ms.float32)))
    for t, r in zip(g, ref["static3_unscale"]):  # reciprocal in float32, cast to the gradient's dtype
        check_out(t, r, dict(rtol=0, atol=0))
    for t, r in zip(s3.scale((Tensor([0.7], ms.float16), Tensor([0.7], ms.float32))), ref["static3_scale"]):
        check_out(t, r, dict(rtol=0, atol=0))
    assert s.adjust(Tensor(True)) is ref["static_adjust"] is False
    check_out(s.scale_value, ref["static_scale_value"], dict(rtol=0, atol=0))
    assert type(s.scale([Tensor([1.0]), Tensor([2.0])])).__name__ == ref["scale_list_type"]
    assert type(s.scale((Tensor([1.0]), Tensor([2.0])))).__name__ == ref["scale_tuple_type"]


@pytest.mark.parametrize("label", ["dyn_2_3", "dyn_4_1", "dyn_big", "dyn_small"])
def test_dynamic_loss_scaler_steps_match_mindspore(label):
    ref = DATA["scalers"][label]
    d = amp.DynamicLossScaler(*ref["args"])
    assert str(d.scale_value.dtype) == ref["scale_dtype"] and str(d.counter.dtype) == ref["counter_dtype"]
    for fin, (scale, counter, ret) in zip(ref["steps"], ref["trace"]):
        assert d.adjust(Tensor(fin)) is ret
        assert float(d.scale_value.asnumpy()) == np.float32(scale)
        assert int(d.counter.asnumpy()) == counter


def test_dynamic_loss_scaler_under_jit():
    ref = DATA["scalers"]["dyn_2_3"]
    d = amp.DynamicLossScaler(*ref["args"])

    @ms.jit
    def step(grads):
        grads = d.unscale(grads)
        finite = amp.all_finite(grads)
        d.adjust(finite)
        return finite, grads

    for fin, (scale, counter, _) in zip(ref["steps"], ref["trace"]):
        g = (Tensor([1.0 if fin else np.inf, 2.0], ms.float32), Tensor([4.0], ms.float16))
        before = float(d.scale_value.asnumpy())
        finite, grads = step(g)
        assert bool(finite.asnumpy()) is fin
        assert grads[1].dtype == ms.float16 and float(grads[1].asnumpy()[0]) == np.float16(4.0 / before)
        assert float(d.scale_value.asnumpy()) == scale and int(d.counter.asnumpy()) == counter


@pytest.mark.parametrize("case", sorted(DATA["all_finite"]))
def test_all_finite_matches_mindspore(case):
    ref = DATA["all_finite"][case]
    inputs = {
        "all_ok": (Tensor([1.0, 2.0]), Tensor([3.0], ms.float16)),
        "nan": (Tensor([1.0, float("nan")]), Tensor([3.0], ms.float16)),
        "inf16": (Tensor([1.0]), Tensor([np.inf], ms.float16)),
        "neg_inf": [Tensor([-np.inf, 1.0]), Tensor([1.0])],
        "ints": (Tensor([1, 2]), Tensor([1.0])),
        "single": (Tensor([1.0]),),
    }[case]
    out = amp.all_finite(inputs)
    assert bool(out.asnumpy()) is ref["value"]
    assert str(out.dtype) == ref["dtype"] and list(out.shape) == ref["shape"]
    jitted = ms.jit(lambda *xs: amp.all_finite(xs))(*inputs)
    assert bool(jitted.asnumpy()) is ref["value"]


# ------------------------------------------------------------------------------------ build_train_network
TRAIN_CASES = {"O0": ("O0", {}), "O1": ("O1", {}), "O3": ("O3", {}),
               "O2_nolsm": ("O2", {"loss_scale_manager": None}),
               "O2_fixed": ("O2", {"loss_scale_manager": amp.FixedLossScaleManager(128., False)}),
               "O0_cast16": ("O0", {"cast_model_type": ms.float16}),
               "O3_keepbn": ("O3", {"keep_batchnorm_fp32": True}),
               "O2_nokeep": ("O2", {"keep_batchnorm_fp32": False, "loss_scale_manager": None}),
               "O2_cast32": ("O2", {"cast_model_type": ms.float32, "loss_scale_manager": None})}


@pytest.mark.parametrize("label", sorted(TRAIN_CASES))
def test_build_train_network_matches_mindspore(label):
    ref = DATA["build_train_network"][label]
    level, kw = TRAIN_CASES[label]
    net, _ = build("DenseNet")
    seen = hook_dtypes(net)
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    train = amp.build_train_network(net, opt, nn.MSELoss(), level=level, **kw)
    x = Tensor(np.random.RandomState(1).uniform(-2, 2, (2, 4)).astype(np.float32))
    y = Tensor(np.random.RandomState(2).uniform(-1, 1, (2, 3)).astype(np.float32))
    loss = train(x, y)
    assert type(train).__name__ == ref["type"]
    assert type(train.network).__name__ == ref["loss_cell"]
    assert type(train.network._backbone).__name__ == ref["backbone"].split("Opt")[0]
    assert float(train.sens) == ref["sens"]
    assert seen == ref["cells"]
    check_out(loss, ref["loss"], dict(rtol=1e-4, atol=1e-5))
    check_out(net.fc1.weight, ref["fc1_weight"], dict(rtol=1e-4, atol=1e-5))


def test_build_train_network_o2_default_is_loss_scaled():
    net, _ = build("DenseNet")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    train = amp.build_train_network(net, opt, nn.MSELoss(), level="O2")
    # MindSpore CPU refuses this (ValueError: its CPU backend lacks the control flow); GPU builds it
    assert type(train).__name__ == "TrainOneStepWithLossScaleCell"
    assert float(train.scale_cell.get_scale().asnumpy()) == 2.0 ** 24
    assert train.training


def _o2_loss_scaled_run(jit):
    ref = DATA["o2_train"]
    net, _ = build("DenseNet")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    manager = amp.DynamicLossScaleManager(init_loss_scale=2.0 ** 17, scale_factor=2, scale_window=3)
    train = amp.build_train_network(net, opt, nn.MSELoss(), level="O2", loss_scale_manager=manager)
    step = ms.jit(lambda a, b: train(a, b)) if jit else train
    trace = []
    for xv, yv in zip(ref["x"], ref["y"]):
        x = Tensor(np.array(xv, np.float32).reshape(4, 4))
        y = Tensor(np.array(yv, np.float32).reshape(4, 3))
        before = float(train.scale_cell.get_scale().asnumpy())
        loss, overflow, _ = step(x, y)
        trace.append({"loss": float(loss.asnumpy()), "overflow": bool(overflow.asnumpy()), "scale": before,
                      "scale_after": float(train.scale_cell.get_scale().asnumpy())})
    return net, trace


@pytest.mark.parametrize("jit", [False, True], ids=["pynative", "jit"])
def test_o2_loss_scaled_training_matches_mindspore(jit):
    ref = DATA["o2_train"]
    net, trace = _o2_loss_scaled_run(jit)
    assert [t["overflow"] for t in trace] == [t["overflow"] for t in ref["trace"]]
    assert [t["scale"] for t in trace] == [t["scale"] for t in ref["trace"]]
    assert [t["scale_after"] for t in trace] == [t["scale_after"] for t in ref["trace"]]
    np.testing.assert_allclose([t["loss"] for t in trace], [t["loss"] for t in ref["trace"]], **F16_TOL)
    params = dict(net.parameters_and_names())
    for name, r in ref["weights"].items():
        check_out(params[name], r)


def test_o2_training_under_jit_equals_pynative():
    net_a, trace_a = _o2_loss_scaled_run(False)
    net_b, trace_b = _o2_loss_scaled_run(True)
    # the same decisions step by step: overflow, loss scale
    assert [(t["overflow"], t["scale"], t["scale_after"]) for t in trace_a] == \
        [(t["overflow"], t["scale"], t["scale_after"]) for t in trace_b]
    # the same values up to reduction order: XLA (jaxlib 0.10) sums a fused mean in another order than
    # the eager kernel (the first loss differs by 1 float32 ulp), and ten float16 steps grow that to ~1e-5
    np.testing.assert_allclose([t["loss"] for t in trace_a], [t["loss"] for t in trace_b], rtol=1e-6, atol=1e-6)
    for (n, a), (_, b) in zip(net_a.parameters_and_names(), net_b.parameters_and_names()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-4, atol=5e-5, err_msg=n)


def test_functional_loss_scaling_loop():
    """MindSpore's functional style: scale the loss, unscale the grads, skip on overflow."""
    net, x = build("DenseNet")
    net = amp.auto_mixed_precision(net, "O2")
    opt = nn.SGD(net.trainable_params(), 0.1)
    scaler = amp.DynamicLossScaler(2 ** 30, 2, 2)
    y = Tensor(np.zeros((2, 3), np.float32))

    def forward(a, b):
        return scaler.scale(nn.MSELoss()(net(a), b))

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    w0 = net._backbone.fc1.weight.asnumpy().copy()
    loss, grads = grad_fn(x, y)
    finite = amp.all_finite(scaler.unscale(grads))
    assert not bool(finite.asnumpy())  # 2**30 overflows float16 in backward
    scaler.adjust(finite)
    assert float(scaler.scale_value.asnumpy()) == 2.0 ** 29
    np.testing.assert_array_equal(net._backbone.fc1.weight.asnumpy(), w0)
    scaler2 = amp.StaticLossScaler(2 ** 8)
    loss, grads = ms.value_and_grad(lambda a, b: scaler2.scale(nn.MSELoss()(net(a), b)), None,
                                    opt.parameters)(x, y)
    grads = scaler2.unscale(grads)
    assert bool(amp.all_finite(grads).asnumpy())
    opt(grads)
    assert not np.allclose(net._backbone.fc1.weight.asnumpy(), w0)


def test_model_namespace():
    assert ms.amp.DynamicLossScaleManager is ms.train.DynamicLossScaleManager
    assert ms.amp.FixedLossScaleManager is ms.train.FixedLossScaleManager
    assert ms.amp.LossScaleManager is ms.train.LossScaleManager
    import mindjax.train.amp as tamp
    assert tamp.build_train_network is amp.build_train_network
    assert set(amp.__all__) == {"DynamicLossScaleManager", "LossScaleManager", "FixedLossScaleManager",
                                "build_train_network", "DynamicLossScaler", "StaticLossScaler", "LossScaler",
                                "auto_mixed_precision", "all_finite", "custom_mixed_precision", "get_white_list",
                                "get_black_list"}


# ------------------------------------------------------------------------------------ level 'auto'
AUTO = amp._auto_dispatch_hook_available()  # the two-line hook in ops dispatch (see mindjax/amp.py)


@pytest.mark.parametrize("kind", ["DenseNet", "ConvNet"])
def test_auto_level_matches_mindspore(kind):
    ref = DATA["nets"][kind]["levels"]["auto"]
    net, x = build(kind)
    if not AUTO:
        with pytest.raises(ValueError, match="The amp level auto is not supported"):
            amp.auto_mixed_precision(net, "auto")
        return
    seen = hook_dtypes(net)
    net2 = amp.auto_mixed_precision(net, "auto")
    assert net2 is net and net2._amp_level == "auto" and type(net2).__name__ == ref["type"]
    net2.set_train(False)
    out = net2(x)
    assert seen == ref["cells"]
    check_out(out, ref["out"], dict(rtol=1e-5, atol=1e-5))  # same casts, same float32 results


def test_auto_level_on_a_function_and_under_jit():
    a = Tensor(np.full((2, 3), 1 / 3, np.float32))
    b = Tensor(np.eye(3, dtype=np.float32))

    def f(x, y):
        return ops.matmul(x, y), ops.exp(ops.cast(x, ms.float16))

    if not AUTO:
        with pytest.raises(ValueError):
            amp.auto_mixed_precision(f, "auto")
        return
    g = amp.auto_mixed_precision(f, "auto")
    for fn in (g, ms.jit(g)):
        mm, ex = fn(a, b)
        assert mm.dtype == ms.float16 and ex.dtype == ms.float32  # white list to float16, Exp to float32
        assert float(mm.asnumpy()[0, 0]) == float(np.float16(1 / 3))
    mm, ex = f(a, b)  # the function itself is unchanged
    assert mm.dtype == ms.float32 and ex.dtype == ms.float16

"""save_checkpoint / load_checkpoint / load_param_into_net through the public API, and
interop with the file written by real MindSpore 2.10 (tests/data/ms_written.ckpt)."""
import json
import os
import stat

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, Tensor, Parameter

DATA = os.path.join(os.path.dirname(__file__), "..", "data")


class Tiny(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)
        self.bn = nn.BatchNorm1d(2)

    def construct(self, x):
        return self.bn(self.dense(x))


def test_load_mindspore_written_ckpt_into_net():
    expected = {e["name"]: e for e in json.load(open(os.path.join(DATA, "ms_written.json")))["entries"]}
    net = Tiny()
    params = ms.load_checkpoint(os.path.join(DATA, "ms_written.ckpt"))
    assert params["note"] == "hello ckpt"
    assert str(params["epoch_num"].dtype) == "Int64" and str(params["p_bf16"].dtype) == "BFloat16"
    not_loaded, ckpt_not_loaded = ms.load_param_into_net(net, params)
    assert not_loaded == []
    assert ckpt_not_loaded == [n for n in expected if not n.startswith(("dense.", "bn."))]
    for name, p in net.parameters_and_names():
        np.testing.assert_array_equal(p.asnumpy(), np.array(expected[p.name]["value"], np.float32))


def test_load_mindspore_written_ckpt_dense_part():
    expected = {e["name"]: e for e in json.load(open(os.path.join(DATA, "ms_written.json")))["entries"]}

    class OnlyDense(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(3, 2)

    net = OnlyDense()
    not_loaded, ckpt_not_loaded = ms.load_checkpoint(os.path.join(DATA, "ms_written.ckpt"), net=net) and \
        ms.load_param_into_net(net, ms.load_checkpoint(os.path.join(DATA, "ms_written.ckpt")))
    assert not_loaded == [] and "dense.weight" not in ckpt_not_loaded and "bn.gamma" in ckpt_not_loaded
    np.testing.assert_array_equal(net.dense.weight.asnumpy(), np.array(expected["dense.weight"]["value"], np.float32))
    np.testing.assert_array_equal(net.dense.bias.asnumpy(), np.array(expected["dense.bias"]["value"], np.float32))


def test_round_trip_and_file_mode(tmp_path):
    net = Tiny()
    net.dense.weight.set_data(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))
    path = str(tmp_path / "tiny")
    ms.save_checkpoint(net, path, append_dict={"epoch_num": 3, "lr": 0.5, "tag": "x"})
    assert os.listdir(tmp_path) == ["tiny.ckpt"]
    assert stat.S_IMODE(os.stat(path + ".ckpt").st_mode) == 0o400  # as MindSpore leaves it
    loaded = ms.load_checkpoint(path + ".ckpt")
    assert list(loaded) == [p.name for p in net.get_parameters()] + ["epoch_num", "lr", "tag"]
    assert loaded["tag"] == "x" and int(loaded["epoch_num"].asnumpy()) == 3
    fresh = Tiny()
    ms.load_checkpoint(path + ".ckpt", net=fresh)
    np.testing.assert_array_equal(fresh.dense.weight.asnumpy(), np.arange(6).reshape(2, 3))
    ms.save_checkpoint(net, path)  # overwrites the read-only file atomically
    assert os.listdir(tmp_path) == ["tiny.ckpt"]


def test_save_obj_kinds_and_filters(tmp_path):
    net = Tiny()
    p = lambda n: str(tmp_path / n)  # noqa: E731
    ms.save_checkpoint([{"name": "x", "data": Tensor(np.ones(2, np.float32))}], p("b.ckpt"))
    ms.save_checkpoint({"y": Parameter(Tensor(np.ones(2, np.float32))), "z": Parameter(Tensor(np.zeros(1)))},
                       p("c.ckpt"))
    ms.save_checkpoint(net.trainable_params(), p("d.ckpt"), choice_func=lambda n: "bias" in n)
    shapes = lambda f: {k: (v.shape, str(v.dtype)) for k, v in ms.load_checkpoint(p(f)).items()}  # noqa: E731
    assert shapes("b.ckpt") == {"x": ((2,), "Float32")}
    assert shapes("c.ckpt") == {"y": ((2,), "Float32"), "z": ((1,), "Float64")}
    assert shapes("d.ckpt") == {"dense.bias": ((2,), "Float32")}
    src = os.path.join(DATA, "ms_written.ckpt")
    assert list(ms.load_checkpoint(src, specify_prefix="dense")) == ["dense.weight", "dense.bias"]
    assert list(ms.load_checkpoint(src, choice_func=lambda n: n.startswith("bn"))) == [
        "bn.moving_mean", "bn.moving_variance", "bn.gamma", "bn.beta"]
    assert "p_f32" not in ms.load_checkpoint(src, filter_prefix="p_")
    with pytest.raises(ValueError, match=r"^The loaded parameter dict is empty after filter or specify, please "):
        ms.load_checkpoint(src, specify_prefix="zzz")
    with pytest.raises(TypeError, match="the parameter 'save_obj' must be nn.Cell, list or dict"):
        ms.save_checkpoint(3, p("e.ckpt"))
    with pytest.raises(TypeError, match="the type of dict 'append_info' must be key: string"):
        ms.save_checkpoint(net, p("e.ckpt"), append_dict={"a": [1]})


def test_safetensors_round_trip(tmp_path):
    net = Tiny()
    ms.save_checkpoint(net, str(tmp_path / "t"), format="safetensors")
    loaded = ms.load_checkpoint(str(tmp_path / "t.safetensors"), format="safetensors")
    np.testing.assert_array_equal(loaded["dense.weight"].asnumpy(), net.dense.weight.asnumpy())


def test_load_checkpoint_errors():
    with pytest.raises(ValueError, match=r"^For 'load_checkpoint', the checkpoint file: /nonexist.ckpt does not "
                                         r"exist, please check whether the 'ckpt_file_name' is correct.$"):
        ms.load_checkpoint("/nonexist.ckpt")
    with pytest.raises(ValueError, match="the checkpoint file format must same with 'format'"):
        ms.load_checkpoint(os.path.join(DATA, "ms_written.json"))


def test_load_param_into_net_conversions_and_errors():
    net = nn.Dense(3, 2)
    pd = {"weight": Parameter(Tensor(np.ones((2, 3), np.float16)), name="weight"),
          "extra": Parameter(Tensor(np.ones(1)), name="extra")}
    assert ms.load_param_into_net(net, pd) == (["bias"], ["extra"])
    assert str(net.weight.dtype) == "Float32"
    np.testing.assert_array_equal(net.weight.asnumpy(), np.ones((2, 3)))
    with pytest.raises(RuntimeError) as e:
        ms.load_param_into_net(net, pd, strict_load=True)
    assert str(e.value) == (
        "For 'load_param_into_net', weight in the argument 'net' should have the same type as weight in the argument "
        "'parameter_dict'. but got its type Float32 in the argument 'net' and type Float16 in the argument "
        "'parameter_dict'.May you need to check whether the checkpoint you loaded is correct.")
    with pytest.raises(RuntimeError) as e:
        ms.load_param_into_net(net, {"weight": Parameter(Tensor(np.ones((3, 3), np.float32)), name="weight")})
    assert str(e.value) == (
        "For 'load_param_into_net', weight in the argument 'net' should have the same shape as weight in the argument"
        " 'parameter_dict'. But got its shape (2, 3) in the argument 'net' and shape (3, 3) in the argument "
        "'parameter_dict'.May you need to check whether the checkpoint you loaded is correct or the batch size and "
        "so on in the 'net' and 'parameter_dict' are same.")
    with pytest.raises(RuntimeError, match="type Int32 in the argument 'parameter_dict'"):
        ms.load_param_into_net(net, {"weight": Parameter(Tensor(np.ones((2, 3), np.int32)), name="w")})
    with pytest.raises(TypeError, match="should be a 'str' and 'Parameter' , but got <class 'str'> and"):
        ms.load_param_into_net(net, {"weight": Tensor(np.ones((3, 3), np.float32))})
    with pytest.raises(TypeError, match=r"^For 'load_param_into_net', the argument 'net' should be a Cell, but got "
                                        r"<class 'int'>.$"):
        ms.load_param_into_net(3, {})
    assert ms.load_param_into_net(
        net, {"weight": Parameter(Tensor(np.ones((2, 3), np.float32)), name="w")}, strict_load=True) == (["bias"], [])


def test_load_param_into_net_removes_a_common_prefix():
    net = nn.Dense(3, 2)
    w = np.full((2, 3), 7, np.float32)
    pd = {"backbone.weight": Parameter(Tensor(w), name="backbone.weight"),
          "backbone.bias": Parameter(Tensor(np.zeros(2, np.float32)), name="backbone.bias")}
    not_loaded, ckpt_not_loaded = ms.load_param_into_net(net, pd)
    assert not_loaded == [] and ckpt_not_loaded == ["backbone.weight", "backbone.bias"]
    np.testing.assert_array_equal(net.weight.asnumpy(), w)


def test_loss_scale_managers():
    from mindjax.train import FixedLossScaleManager, DynamicLossScaleManager
    m = DynamicLossScaleManager(init_loss_scale=16, scale_factor=2, scale_window=2)
    seq = []
    for overflow in [False, False, True, False, False]:
        m.update_loss_scale(overflow)
        seq.append(m.get_loss_scale())
    assert seq == [16, 32, 16.0, 16.0, 32.0]
    f = FixedLossScaleManager(64.0, drop_overflow_update=False)
    assert f.get_update_cell() is None and f.get_loss_scale() == 64.0
    cell = DynamicLossScaleManager(8, 2, 1).get_update_cell()
    cell.update(Tensor(True))
    assert float(cell.get_scale().asnumpy()) == 4.0
    cell.update(Tensor(False))
    assert float(cell.get_scale().asnumpy()) == 8.0
    with pytest.raises(ValueError):
        FixedLossScaleManager(0.5)

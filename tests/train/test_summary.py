"""SummaryRecord, the summary operators and SummaryCollector write TensorBoard event files;
these tests read the files back (TFRecord framing + tensorboardX's Event proto) and check
the recorded steps, tags and values."""
import glob
import json
import os
import struct

import numpy as np
import pytest

import mindjax as ms
import mindjax.dataset as ds
from mindjax import nn, Tensor
from mindjax.train import Model
from mindjax.train.callback import SummaryCollector, ModelCheckpoint
from mindjax.train.summary import SummaryRecord
from mindjax.ops.operations._summary_ops import ScalarSummary, TensorSummary, HistogramSummary, ImageSummary

event_pb2 = pytest.importorskip("tensorboardX.proto.event_pb2")


def read_events(path):
    events = []
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        (length,) = struct.unpack("<Q", data[pos:pos + 8])
        events.append(event_pb2.Event.FromString(data[pos + 12:pos + 12 + length]))
        pos += 12 + length + 4
    return events


def values(path):
    """[(step, tag, kind, value)] of every summary value in the file."""
    out = []
    for ev in read_events(path):
        for v in ev.summary.value:
            kind = v.WhichOneof("value")
            if kind == "simple_value":
                val = v.simple_value
            elif kind == "tensor" and v.metadata.plugin_data.plugin_name == "text":
                val = v.tensor.string_val[0].decode()
            elif kind == "tensor":
                val = np.frombuffer(v.tensor.tensor_content, {1: np.float32, 3: np.int32}[v.tensor.dtype]).reshape(
                    [d.size for d in v.tensor.tensor_shape.dim])
            elif kind == "histo":
                val = v.histo
            elif kind == "image":
                val = v.image
            else:
                val = None
            out.append((ev.step, v.tag, kind, val))
    return out


def test_add_value_record_and_read_back(tmp_path):
    with SummaryRecord(str(tmp_path), file_suffix="_run") as rec:
        assert os.path.basename(rec.log_dir).startswith("events.out.tfevents.") and rec.log_dir.endswith("_run")
        rec.add_value("scalar", "loss", Tensor(np.float32(0.25)))
        rec.add_value("tensor", "w", Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))
        rec.add_value("histogram", "h", Tensor(np.array([0.0, 1.0, 1.0, 2.0, 5.0, np.nan], np.float32)))
        rec.add_value("image", "img", Tensor(np.random.default_rng(0).random((2, 3, 4, 5)).astype(np.float32)))
        assert rec.record(3) is True
        rec.add_value("scalar", "loss", Tensor(np.array([0.125], np.float32)))
        rec.record(4)
        path = rec.log_dir
    got = values(path)
    scalars = [(s, t, v) for s, t, k, v in got if k == "simple_value"]
    assert scalars == [(3, "loss", 0.25), (4, "loss", 0.125)]
    (w,) = [v for _, t, _, v in got if t == "w"]
    np.testing.assert_array_equal(w, np.arange(6, dtype=np.float32).reshape(2, 3))
    (h,) = [v for _, t, _, v in got if t == "h"]
    assert (h.num, h.min, h.max, h.sum) == (6, 0.0, 5.0, 9.0)
    assert sum(h.bucket) == 5  # NaN counted in num, not in the buckets
    (img,) = [v for _, t, _, v in got if t == "img"]
    assert (img.height, img.width, img.colorspace) == (4, 10, 3)  # two images side by side
    assert img.encoded_image_string.startswith(b"\x89PNG")
    assert rec.record(5) is False  # closed


def test_summary_ops_eager_and_jit(tmp_path):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.scalar = ScalarSummary()
            self.tensor = TensorSummary()
            self.hist = HistogramSummary()

        def construct(self, x):
            y = x * 2
            self.scalar("sum", y.sum())
            self.tensor("y", y)
            self.hist("x", x)
            return y

    net = Net()
    jit_net = ms.jit(net.construct)
    with SummaryRecord(str(tmp_path)) as rec:
        net(Tensor(np.array([1.0, 2.0], np.float32)))
        rec.record(1)
        jit_net(Tensor(np.array([3.0, 4.0], np.float32)))
        jit_net(Tensor(np.array([5.0, 6.0], np.float32)))  # the newest value of a tag is recorded
        rec.record(2)
        rec.set_mode("eval")  # summary operators are not collected in eval mode
        net(Tensor(np.array([7.0, 8.0], np.float32)))
        rec.record(3)
        path = rec.log_dir
    got = values(path)
    assert [(s, t, v) for s, t, k, v in got if k == "simple_value"] == [(1, "sum", 6.0), (2, "sum", 22.0)]
    ys = [(s, v.tolist()) for s, t, k, v in got if t == "y"]
    assert ys == [(1, [2.0, 4.0]), (2, [10.0, 12.0])]
    assert [s for s, t, k, v in got if t == "x"] == [1, 2]


def test_summary_op_checks_at_record(tmp_path):
    with SummaryRecord(str(tmp_path)) as rec:
        ScalarSummary()("bad", Tensor(np.ones(3, np.float32)))
        with pytest.raises(ValueError, match='For "ScalarSummary", the v rank must be less than or equal to 1'):
            rec.record(1)
        ImageSummary()("img", Tensor(np.ones((2, 2), np.float32)))
        with pytest.raises(ValueError, match='For "ImageSummary", the tensor seems not to hold a valid image.'):
            rec.record(2)


def test_summary_record_errors(tmp_path):
    rec = SummaryRecord(str(tmp_path))
    with pytest.raises(RuntimeError, match="only one instance is supported"):
        SummaryRecord(str(tmp_path))
    with pytest.raises(ValueError, match='no such "plugin"'):
        rec.add_value("text", "t", Tensor(1.0))
    with pytest.raises(TypeError, match='the parameter "value" expect to be Tensor, but got float'):
        rec.add_value("scalar", "t", 1.0)
    with pytest.raises(ValueError, match='the parameter "name" type should be str'):
        rec.add_value("scalar", "", Tensor(1.0))
    with pytest.raises(TypeError, match="The type of 'step' should be 'int', but got type 'float'."):
        rec.record(1.0)
    with pytest.raises(ValueError, match="is not a recognized mode"):
        rec.set_mode("test")
    rec.close()
    with pytest.raises(ValueError, match="SummaryRecord has been closed"):
        rec.__enter__()
    with pytest.raises(ValueError, match="are unsupported"):
        SummaryRecord(str(tmp_path), export_options={"image_format": "npy"})
    with pytest.raises(ValueError, match="is illegal"):
        SummaryRecord(str(tmp_path), file_prefix="a b")
    SummaryRecord(str(tmp_path)).close()  # the failed ones did not count as open


def test_export_npy_and_max_file_size(tmp_path):
    with SummaryRecord(str(tmp_path / "a"), export_options={"tensor_format": "npy"}) as rec:
        rec.add_value("tensor", "w/x", Tensor(np.arange(3, dtype=np.int32)))
        rec.record(7)
    (npy,) = glob.glob(str(tmp_path / "a" / "export_*" / "tensor" / "*.npy"))
    assert os.path.basename(npy) == "w%2Fx_7.npy"
    np.testing.assert_array_equal(np.load(npy), np.arange(3))
    with SummaryRecord(str(tmp_path / "b"), max_file_size=200) as rec:
        for step in range(20):
            rec.add_value("scalar", "s", Tensor(np.float32(step)))
            rec.record(step)
        path = rec.log_dir
    assert os.path.getsize(path) <= 200
    steps = [s for s, *_ in values(path)]
    assert steps == list(range(len(steps))) and 0 < len(steps) < 20


def _model():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.SGD(net.trainable_params(), 0.01)
    return net, Model(net, nn.MSELoss(), opt)


def test_summary_collector_in_model_train(tmp_path):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((12, 3)).astype(np.float32)
    y = rng.standard_normal((12, 2)).astype(np.float32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(3)
    net, model = _model()
    losses = []

    class Losses(ms.train.callback.Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    collector = SummaryCollector(str(tmp_path / "s"), collect_freq=2,
                                 custom_lineage_data={"lr": 0.01}, collect_specified_data={"histogram_regular": "^w"})
    model.train(2, data, callbacks=[Losses(), collector, ModelCheckpoint(directory=str(tmp_path / "ck"))])
    (path,) = glob.glob(str(tmp_path / "s" / "events.out.tfevents.*"))
    got = values(path)
    loss_steps = [(s, v) for s, t, k, v in got if t == "loss/auto"]
    # the first step, then every collect_freq steps; as in MindSpore, epoch_end collects again
    # (steps 4 and 8 end an epoch)
    assert [s for s, _ in loss_steps] == [1, 2, 4, 4, 6, 8, 8]
    for step, v in loss_steps:
        assert v == pytest.approx(losses[step - 1], rel=1e-6)
    hist = [(s, t) for s, t, k, v in got if k == "histo"]
    assert [t for _, t in hist] == ["weight/auto"] * 7
    texts = {t: v for s, t, k, v in got if k == "tensor" and isinstance(v, str)}
    assert "Dense" in texts["train_network/auto"]
    assert json.loads(texts["custom_lineage_data"]) == {"lr": 0.01}
    lineage = json.loads(texts["train_lineage"])
    assert lineage["epoch"] == 2 and lineage["step_num"] == 8 and lineage["optimizer"] == "SGD"
    assert lineage["batch_size"] == 3 and lineage["train_dataset_size"] == 12
    assert lineage["loss"] == pytest.approx(losses[-1], rel=1e-6)
    assert lineage["learning_rate"] == pytest.approx(0.01)
    assert json.loads(lineage["model_path"])["ckpt"].endswith(".ckpt") and lineage["model_size"] > 0


def test_summary_collector_argument_errors(tmp_path):
    with pytest.raises(ValueError, match="the value of `collect_freq` should be greater than 0"):
        SummaryCollector(str(tmp_path), collect_freq=0)
    with pytest.raises(TypeError, match="For `collect_freq` the type should be a valid type of"):
        SummaryCollector(str(tmp_path), collect_freq=1.5)
    with pytest.raises(ValueError, match="of `collect_specified_data` are unsupported"):
        SummaryCollector(str(tmp_path), collect_specified_data={"collect_nothing": True})
    with pytest.raises(ValueError, match="is not a valid regular expression"):
        SummaryCollector(str(tmp_path), collect_specified_data={"histogram_regular": "("})
    with pytest.raises(TypeError, match="the value of custom_lineage_data -> k"):
        SummaryCollector(str(tmp_path), custom_lineage_data={"k": [1]})
    with pytest.raises(ValueError, match='"landscape_size" in collect_specified_data'):
        SummaryCollector(str(tmp_path), collect_specified_data={"collect_landscape": {"landscape_size": 1,
                                                                                      "intervals": [[1, 2, 3]]}})


def test_summary_collector_images_and_summary_ops(tmp_path):
    class ConvNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.flat = nn.Flatten()
            self.fc = nn.Dense(12, 1)
            self.summary = ScalarSummary()

        def construct(self, x):
            out = self.fc(self.flat(x))
            self.summary("mean_out", out.mean())
            return out

    x = np.random.default_rng(2).random((4, 3, 2, 2)).astype(np.float32)
    y = np.zeros((4, 1), np.float32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(2)
    net = ConvNet()
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    model.train(1, data, callbacks=SummaryCollector(str(tmp_path), collect_freq=1))
    (path,) = glob.glob(str(tmp_path / "events.out.tfevents.*"))
    got = values(path)
    images = [(s, v) for s, t, k, v in got if t == "input_data/auto"]
    assert [s for s, _ in images] == [1, 2, 2]
    assert (images[0][1].height, images[0][1].width) == (2, 4)  # the batch of two 2x2 images side by side
    assert [s for s, t, k, v in got if t == "mean_out"] == [1, 2]  # the network's ScalarSummary, compiled step

"""DatasetHelper, connect_network_with_dataset and data_sink against MindSpore 2.10
(tests/data/ms_serialization_more.json, from tests/data/gen_serialization_more.py).

MindSpore's CPU backend refuses sink mode (recorded: RuntimeError / ValueError); mindjax runs
MindSpore's GPU/Ascend sink semantics everywhere, so the sink values are checked against
MindSpore's results for the same functions on the same batch stream."""
import json
import os

import numpy as np
import pytest

import mindjax as ms
from mindjax import Tensor, nn
from mindjax import dataset as ds
from mindjax.train.data_sink import data_sink
from mindjax.train.dataset_helper import DatasetHelper, connect_network_with_dataset

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
REC = json.load(open(os.path.join(DATA, "ms_serialization_more.json")))


def _data():
    return {"x": np.arange(12, dtype=np.float32).reshape(6, 2), "y": np.arange(6, dtype=np.int32)}


def _dataset():
    return ds.NumpySlicesDataset(data=_data(), shuffle=False).batch(2)


def _value(t):
    a = t.asnumpy()
    return {"dtype": str(t.dtype), "shape": list(a.shape), "value": a.tolist()}


def _raises_like(expected, fn):
    with pytest.raises(Exception) as info:
        fn()
    assert type(info.value).__name__ == expected[0]
    assert str(info.value).split("\n")[0] == expected[1]


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


class DenseOnX(nn.Cell):
    """Takes both columns, as a network fed by the sink queue does."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 3, weight_init="ones", bias_init="zeros")

    def construct(self, x, y):
        return self.dense(x)


def _fn(x, y):
    return (x * 2).sum() + y.astype(ms.float32).sum()


# ------------------------------------------------------------------ non-sink mode
def test_helper_non_sink_epochs_match_mindspore():
    h = DatasetHelper(_dataset(), dataset_sink_mode=False, epoch_num=2)
    epochs = [[[_value(t) for t in e] for e in h] for _ in range(2)]
    assert epochs == REC["helper_epochs"]
    assert type(next(iter(DatasetHelper(_dataset(), False)))).__name__ == REC["helper_elem_type"]
    with pytest.raises(RuntimeError):  # a third epoch was never sent
        list(h)
    assert REC["helper_epoch3_error"][0] == "RuntimeError"
    g = ds.GeneratorDataset(lambda: ((np.full((2,), i, np.float32),) for i in range(3)), ["a"], shuffle=False)
    assert [[_value(t) for t in e] for e in DatasetHelper(g, dataset_sink_mode=False)] == REC["helper_generator"]


def test_helper_non_sink_has_no_sink_queue():
    h = DatasetHelper(_dataset(), dataset_sink_mode=False)
    for name, expected in REC["helper_nonsink_methods"].items():
        _raises_like(expected, getattr(h, name))
    _raises_like(REC["helper_connect_nonsink"], lambda: connect_network_with_dataset(DenseOnX(), h))


def test_helper_argument_errors():
    d = _dataset()
    e = REC["helper_arg_errors"]
    _raises_like(e["sink_size_0"], lambda: DatasetHelper(d, False, sink_size=0))
    _raises_like(e["sink_size_m2"], lambda: DatasetHelper(d, False, sink_size=-2))
    _raises_like(e["sink_size_float"], lambda: DatasetHelper(d, False, sink_size=1.5))
    _raises_like(e["sink_mode_type"], lambda: DatasetHelper(d, "yes"))


# ------------------------------------------------------------------ sink mode
def test_sink_mode_records_mindspore_cpu_refusal():
    # What MindSpore 2.10's CPU backend does (mindjax runs sink mode instead, see the module notes)
    assert REC["helper_sink_cpu_graph"][0] == "RuntimeError"
    assert "dataset sink mode is not supported when the device target is CPU" in REC["helper_sink_cpu_graph"][1]
    assert REC["helper_sink_cpu_pynative"][0] == "RuntimeError"
    assert REC["data_sink_cpu"] == ["ValueError", "Data sinking supports ascend or gpu device target, "
                                                  "but device target is CPU."]


def test_sink_pynative_one_step_per_call():
    d = _dataset()
    h = DatasetHelper(d, dataset_sink_mode=True, sink_size=2, epoch_num=2)
    types, shapes = h.types_shapes()
    assert [[str(t) for t in types], shapes] == REC["types_shapes"]
    assert h.sink_size() == 2
    net = DenseOnX()
    fed = connect_network_with_dataset(net, h)
    assert [p.name for p in fed.get_parameters()] == ["dense.weight", "dense.bias"]
    assert connect_network_with_dataset(net, h) is fed
    want = REC["dense_per_batch"]  # MindSpore's Dense on batches 0, 1, 2
    outs = []
    for _ in range(3):  # 3 helper epochs of sink_size=2 steps = the 2 dataset epochs sent
        items = list(h)
        assert items == [(), ()]
        outs += [fed().asnumpy().tolist() for _ in items]
    assert outs == [want[i % 3] for i in range(6)]
    with pytest.raises(RuntimeError, match="all the epochs sent to it were consumed"):
        fed()
    with pytest.raises(ValueError, match="The dataset has been connected to other network"):
        connect_network_with_dataset(DenseOnX(), h)


def test_sink_graph_mode_runs_sink_size_steps_per_call():
    ms.set_context(mode=ms.GRAPH_MODE)
    h = DatasetHelper(_dataset(), dataset_sink_mode=True, sink_size=2, epoch_num=2)
    fed = connect_network_with_dataset(DenseOnX(), h)
    want = REC["dense_per_batch"]
    outs = []
    for _ in range(3):
        items = list(h)
        assert items == [()]  # one call per epoch
        outs.append(fed().asnumpy().tolist())
    assert outs == [want[1], want[0], want[2]]  # the last of batches (0,1), (2,0), (1,2)


def test_sink_full_dataset_and_data_info():
    h = DatasetHelper(_dataset(), dataset_sink_mode=True)  # sink_size -1: the whole dataset
    assert h.sink_size() == 3
    types, shapes = h.get_data_info()
    assert [[str(t) for t in types], shapes] == REC["types_shapes"]
    fed = connect_network_with_dataset(DenseOnX(), h)
    assert [fed().asnumpy().tolist() for _ in h] == REC["dense_per_batch"]  # get_data_info consumed nothing
    h.stop_send()
    with pytest.raises(RuntimeError, match="stopped"):
        fed()
    h.continue_send()
    h.release()
    with pytest.raises(RuntimeError, match="stopped"):
        fed()


# ------------------------------------------------------------------ data_sink
@pytest.mark.parametrize("sink_size", [1, 2])
def test_data_sink_values(sink_size):
    per_batch = REC["fn_per_batch"]
    step = data_sink(_fn, _dataset(), sink_size=sink_size)
    assert step.__name__ == "_fn"
    got = [float(step().asnumpy()) for _ in range(5)]
    # each call runs sink_size steps on the endless batch stream and returns the last result
    assert got == [per_batch[((i + 1) * sink_size - 1) % 3] for i in range(5)]


def test_data_sink_with_jit_config_and_generator_dataset():
    g = ds.GeneratorDataset(lambda: ((np.full((2,), i, np.float32), np.int32(i)) for i in range(3)), ["x", "y"],
                            shuffle=False)
    step = data_sink(_fn, g, sink_size=1, jit_config=ms.JitConfig(jit_level="O1"))
    assert [float(step().asnumpy()) for _ in range(4)] == [0.0, 5.0, 10.0, 0.0]


def test_data_sink_errors():
    e = REC["data_sink_errors"]
    d = _dataset()
    _raises_like(e["sink_size_0"], lambda: data_sink(_fn, d, sink_size=0))
    _raises_like(e["sink_size_type"], lambda: data_sink(_fn, d, sink_size=1.0))
    data_sink(_fn, d)
    with pytest.raises(ValueError, match="The dataset has been used with network."):
        data_sink(_fn, d)
    sig_ok = [Tensor(shape=[None, 2], dtype=ms.float32), Tensor(shape=[2], dtype=ms.int32)]
    assert float(data_sink(_fn, _dataset(), input_signature=sig_ok)().asnumpy()) == REC["fn_per_batch"][0]
    with pytest.raises(TypeError, match="The 2th input type of 'set_inputs' must be the same as network's input, "
                                        "but got 'set_inputs': Float32 and network's input: Int32."):
        data_sink(_fn, _dataset(), input_signature=[sig_ok[0], Tensor(shape=[2], dtype=ms.float32)])
    with pytest.raises(ValueError, match="The 2th input shape of 'set_inputs' must be the same as network's input, "
                                         "but got 'set_inputs': 3 and network's input: 2."):
        data_sink(_fn, _dataset(), input_signature=[Tensor(shape=[2, 3], dtype=ms.float32)])
    with pytest.raises(ValueError, match="The 1th input dims of 'set_inputs'"):
        data_sink(_fn, _dataset(), input_signature=[Tensor(shape=[2], dtype=ms.float32)])

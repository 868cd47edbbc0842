"""Behaviours mindcv (mindspore-lab/mindcv) relies on, written here as small cases that take the
framework module as an argument: recorded under MindSpore 2.10 by gen_mindcv.py, replayed on
mindjax by tests/nn/test_mindcv_fixes.py. Nothing here is mindcv's or MindSpore's code.

Each case returns plain JSON data (lists, numbers, strings).
"""
import numpy as np


def _dense(nn, ms, cin, cout, seed):
    rng = np.random.default_rng(seed)
    w = ms.Tensor(rng.standard_normal((cout, cin)).astype(np.float32))
    b = ms.Tensor(rng.standard_normal((cout,)).astype(np.float32))
    return nn.Dense(cin, cout, weight_init=w, bias_init=b)


def sequential_cell_list(ms):
    """SequentialCell.cell_list: its cells in order; follows append; code that swaps an entry of
    ``_cells`` and assigns ``cell_list`` again (as feature wrappers and AMP code do) runs the new
    cells."""
    nn = ms.nn
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 3 - 0.8)
    seq = nn.SequentialCell([_dense(nn, ms, 3, 4, 0), nn.ReLU()])
    out = {"types0": [type(c).__name__ for c in seq.cell_list], "len0": len(seq.cell_list),
           "y0": seq(x).asnumpy().tolist()}
    seq.append(_dense(nn, ms, 4, 2, 1))
    out["types1"] = [type(c).__name__ for c in seq.cell_list]
    out["y1"] = seq(x).asnumpy().tolist()
    seq._cells["1"] = nn.Sigmoid()
    seq.cell_list = list(seq.cells())
    out["types2"] = [type(c).__name__ for c in seq.cell_list]
    out["y2"] = seq(x).asnumpy().tolist()
    out["is_list"] = isinstance(seq.cell_list, list)
    return out


def engine_family_modules(ms):
    """``dataset.engine.datasets_vision`` (and MindSpore's other per-family modules) name the
    same classes as ``dataset``: code type-checks a data set against them."""
    engine = ms.dataset.engine
    wanted = {"datasets_vision": ["ImageFolderDataset", "Cifar10Dataset", "Cifar100Dataset", "MnistDataset",
                                  "VOCDataset", "CocoDataset"],
              "datasets_user_defined": ["GeneratorDataset", "NumpySlicesDataset", "PaddedDataset"],
              "datasets_standard_format": ["MindDataset", "TFRecordDataset", "CSVDataset"],
              "datasets_text": ["TextFileDataset", "CLUEDataset"],
              "datasets_audio": ["LJSpeechDataset", "YesNoDataset"]}
    return {mod: [getattr(getattr(engine, mod), n) is getattr(ms.dataset, n) for n in names]
            for mod, names in wanted.items()}


def map_keywords(ms):
    """``Dataset.map``'s keywords are MapDataset's: ``column_order`` (removed in MindSpore 2.0,
    still passed by older mindcv code) is a TypeError; the keywords it takes work."""
    ds = ms.dataset

    def src():
        return ds.NumpySlicesDataset({"x": np.arange(3, dtype=np.int32)}, shuffle=False)

    out = {}
    try:
        src().map(lambda x: x, input_columns=["x"], column_order=["x"])
        out["column_order"] = None
    except Exception as e:  # noqa: BLE001 - the class and message are what is recorded
        out["column_order"] = [type(e).__name__, str(e).split("\n")[0]]
    d = src().map(lambda x: x * 2, input_columns=["x"], python_multiprocessing=False, cache=None,
                  callbacks=None, offload=None)
    out["rows"] = [int(r[0]) for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
    return out


def _err(fn):
    try:
        fn()
        return None
    except Exception as e:  # noqa: BLE001 - the class and message are what is recorded
        return [type(e).__name__, str(e).split("\n")[0]]


def _step_net(ms):
    nn = ms.nn
    net = nn.Dense(3, 2, weight_init=ms.Tensor(np.array([[0.5, -1.0, 0.25], [1.5, 0.5, -0.5]], np.float32)),
                   bias_init="zeros")
    return net, nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1)


def loss_scale_cell_api(ms):
    """TrainOneStepWithLossScaleCell's public attributes and methods that subclasses (mindcv's
    TrainStep) use: ``scale_sense`` (a Parameter), ``loss_scaling_manager``, ``grad``,
    ``hyper_map``, ``start_overflow_check``, ``process_loss_scale``, ``set_sense_scale``.
    (``get_overflow_status`` is left out: MindSpore's CPU build has no kernel for it.)"""
    nn, Tensor = ms.nn, ms.Tensor
    _, wl, opt = _step_net(ms)
    t = nn.TrainOneStepWithLossScaleCell(wl, opt, nn.DynamicLossScaleUpdateCell(2.0 ** 10, 2, 1000))
    status, x = t.start_overflow_check(Tensor(1.0), Tensor(3.0))
    out = {"status": status.asnumpy().tolist(), "status_dtype": str(status.dtype), "x": float(x.asnumpy()),
           "scale_type": type(t.scale_sense).__name__, "manager": type(t.loss_scaling_manager).__name__,
           "grad": type(t.grad).__name__, "hyper_map": type(t.hyper_map).__name__,
           "n_scale_params": [p.name for p in t.get_parameters()].count("scale_sense")}
    out["after_overflow"] = [bool(t.process_loss_scale(Tensor(True)).asnumpy()), float(t.scale_sense.asnumpy())]
    out["after_finite"] = [bool(t.process_loss_scale(Tensor(False)).asnumpy()), float(t.scale_sense.asnumpy())]
    t.set_sense_scale(Tensor(8.0, ms.float32))
    out["set"] = float(t.scale_sense.asnumpy())
    out["set_bad"] = _err(lambda: t.set_sense_scale(3))
    t2 = nn.TrainOneStepWithLossScaleCell(wl, opt, Tensor(4.0, ms.float32))
    out["tensor_scale"] = [type(t2.scale_sense).__name__, float(t2.scale_sense.asnumpy()),
                           t2.loss_scaling_manager is None, t2.scale_sense.name]
    return out


def loss_scale_subclass_step(ms):
    """A training step written against TrainOneStepWithLossScaleCell's attributes, as mindcv's
    TrainStep is (a fixed Tensor scale: the gradients come from ``grad`` with the scale as
    sensitivity and are divided back with ``hyper_map``)."""
    nn, ops, Tensor = ms.nn, ms.ops, ms.Tensor

    class Step(nn.TrainOneStepWithLossScaleCell):
        def construct(self, *inputs):
            loss = self.network(*inputs)
            status, scaling = self.start_overflow_check(loss, self.scale_sense)
            sens = ops.ones_like(loss) * ops.cast(scaling, loss.dtype)
            grads = self.grad(self.network, self.weights)(*inputs, sens)
            grads = self.hyper_map(ops.partial(lambda s, g: g / s, scaling), grads)
            grads = self.grad_reducer(grads)
            return ops.depend(loss, self.optimizer(grads))

    net, wl, opt = _step_net(ms)
    step = Step(wl, opt, Tensor(16.0, ms.float32))
    x = Tensor(np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], np.float32))
    y = Tensor(np.array([[1.0, 0.0], [0.0, 1.0]], np.float32))
    losses = [float(step(x, y).asnumpy()) for _ in range(3)]
    return {"losses": losses, "weight": net.weight.asnumpy().tolist()}


def parameter_attribute_assign(ms):
    """Assigning a non-Tensor to a Cell attribute that is a Parameter is a TypeError (mindcv's
    GradientAccumulation does it and fails on MindSpore); a Tensor sets the Parameter's data."""
    nn = ms.nn

    class C(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor(1.0), name="p")

    c = C()
    out = {"int": _err(lambda: setattr(c, "p", 0))}
    c.p = ms.Tensor(5.0)
    out["tensor"] = [float(c.p.asnumpy()), type(c.p).__name__]
    return out


# cases that pass once the cell_wrapper.py / cell.py changes proposed for #17 are in
def layer_norm_primitive(ms):
    """``nn.LayerNorm.layer_norm``: the Primitive (y, mean, variance) subclasses call with the Cell's
    gamma and beta (mindcv's ConvNextLayerNorm, on channels-first input transposed)."""
    ln = ms.nn.LayerNorm((4,), epsilon=1e-6)
    x = ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7)
    y, m, v = ln.layer_norm(x, ln.gamma, ln.beta)
    return {"prim": type(ln.layer_norm).__name__, "y": y.asnumpy().tolist(), "mean": m.asnumpy().tolist(),
            "var": v.asnumpy().tolist(), "params": [n for n, _ in ln.parameters_and_names()]}


PENDING = {"loss_scale_cell_api": loss_scale_cell_api, "loss_scale_subclass_step": loss_scale_subclass_step,
           "parameter_attribute_assign": parameter_attribute_assign}
CASES = {"layer_norm_primitive": layer_norm_primitive, "map_keywords": map_keywords, "sequential_cell_list": sequential_cell_list, "engine_family_modules": engine_family_modules}

"""Record MindSpore 2.10's checkpoint utilities and DatasetHelper/data_sink behaviour.

Run with the oracle interpreter (not the project venv):
    ~/msref/bin/python tests/data/gen_serialization_more.py
Writes tests/data/ms_serialization_more.json and the files MindSpore itself wrote under
tests/data/ms_serialization_more/ (a .ckpt, its ckpt_to_safetensors output, that file's
safetensors_to_ckpt output, and a directory-form conversion tree).
"""
import glob
import io
import json
import os
import shutil
import tempfile
import threading
import time

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore import dataset as ds

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "ms_serialization_more")


def err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recorded
        return [type(e).__name__, str(e).split("\n")[0]]
    return None


def arr(t):
    if isinstance(t, str):
        return {"str": t}
    dt = str(t.dtype)
    a = (t.float() if t.dtype == ms.bfloat16 else t).asnumpy()
    return {"dtype": dt, "shape": list(a.shape), "value": a.tolist()}


def tree(root):
    out = []
    for dirpath, _, files in os.walk(root):
        for f in files:
            out.append(os.path.relpath(os.path.join(dirpath, f), root))
    return sorted(out)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        self.w16 = Parameter(Tensor(np.array([1.5, -0.25], np.float16)), name="w16")
        self.wbf = Parameter(Tensor(np.array([1.0, -2.5, 0.15625], np.float32), ms.bfloat16), name="wbf")
        self.steps = Parameter(Tensor(np.array([3, 4], np.int64)), name="steps", requires_grad=False)

    def construct(self, x):
        return self.dense(x)


def conversions(rec):
    net = Net()
    src = os.path.join(OUT, "net.ckpt")
    for f in glob.glob(os.path.join(OUT, "*")):
        if os.path.isdir(f):
            shutil.rmtree(f)
        else:
            os.chmod(f, 0o644)
            os.remove(f)
    ms.save_checkpoint(net, src, append_dict={"epoch_num": 2, "lr": 0.5})
    ms.ckpt_to_safetensors(src)  # -> net.safetensors next to it
    rec["c2s_file_outputs"] = tree(OUT)
    st = os.path.join(OUT, "net.safetensors")
    rec["c2s_loaded"] = {k: arr(v) for k, v in ms.load_checkpoint(st, format="safetensors").items()}
    with open(st, "rb") as fh:
        n = int.from_bytes(fh.read(8), "little")
        rec["c2s_header"] = json.loads(fh.read(n))
    back_dir = os.path.join(OUT, "back")
    ms.safetensors_to_ckpt(st, back_dir)
    rec["s2c_file_outputs"] = tree(back_dir)
    rec["s2c_loaded"] = {k: arr(v) for k, v in ms.load_checkpoint(os.path.join(back_dir, "net.ckpt")).items()}
    # name_map
    tmp = tempfile.mkdtemp()
    ms.ckpt_to_safetensors(src, tmp, name_map={"dense.weight": "fc.w", "nothere": "x"})
    rec["name_map_keys"] = sorted(ms.load_checkpoint(os.path.join(tmp, "net.safetensors"),
                                                     format="safetensors"))
    # a str entry cannot go to safetensors
    sp = os.path.join(tmp, "withstr.ckpt")
    ms.save_checkpoint(net, sp, append_dict={"note": "hi"})
    rec["c2s_str_error"] = err(lambda: ms.ckpt_to_safetensors(sp, tmp))
    rec["c2s_str_outputs"] = sorted(os.listdir(tmp))
    # directory form
    d = os.path.join(OUT, "dirform")
    for sub, name in (("rank_0", "a_0.ckpt"), ("rank_1", "a_1.ckpt"), ("rank_1", "skip.ckpt"),
                      ("other", "c.ckpt")):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
        ms.save_checkpoint(net, os.path.join(d, sub, name), choice_func=lambda n: n.startswith("dense"))
    with open(os.path.join(d, "rank_0", "readme.txt"), "w") as fh:
        fh.write("x")
    dst = os.path.join(OUT, "dirform_st")
    ms.ckpt_to_safetensors(d, dst, file_name_regex=r"a_\d")
    rec["c2s_dir_outputs"] = tree(dst)
    ms.safetensors_to_ckpt(dst)  # save_path None: next to the sources
    rec["s2c_dir_inplace_outputs"] = tree(dst)
    # errors
    rec["conv_errors"] = {
        "missing": err(lambda: ms.ckpt_to_safetensors("/nonexistent/x.ckpt")),
        "save_path_ext": err(lambda: ms.ckpt_to_safetensors(src, os.path.join(tmp, "out.st"))),
        "wrong_suffix": err(lambda: ms.ckpt_to_safetensors(st)),
        "wrong_suffix_s2c": err(lambda: ms.safetensors_to_ckpt(src)),
        "no_rank_dirs": err(lambda: ms.ckpt_to_safetensors(os.path.join(d, "other"))),
        "no_rank_dirs_s2c": err(lambda: ms.safetensors_to_ckpt(os.path.join(d, "other"))),
        "name_map_type": err(lambda: ms.ckpt_to_safetensors(src, tmp, name_map=[1])),
        "regex_mismatch": err(lambda: ms.ckpt_to_safetensors(src, tmp, file_name_regex="zzz")),
    }
    shutil.rmtree(tmp)
    for root, _, files in os.walk(OUT):
        for f in files:
            os.chmod(os.path.join(root, f), 0o644)


def load_options(rec):
    tmp = tempfile.mkdtemp()
    net = Net()
    ck = os.path.join(tmp, "n.ckpt")
    st = os.path.join(tmp, "n.safetensors")
    ms.save_checkpoint(net, ck)
    ms.save_checkpoint(net, st, format="safetensors")
    cf = lambda n: n.startswith("dense")  # noqa: E731
    rec["load_opts"] = {
        "choice": sorted(ms.load_checkpoint(ck, choice_func=cf)),
        "specify": sorted(ms.load_checkpoint(ck, specify_prefix="w")),
        "filter": sorted(ms.load_checkpoint(ck, filter_prefix=["w", "steps"])),
        "specify_and_filter": sorted(ms.load_checkpoint(ck, specify_prefix=("dense", "w"),
                                                        filter_prefix="dense.bias")),
        "specify_overrides_choice": sorted(ms.load_checkpoint(ck, specify_prefix="w", choice_func=cf)),
        "st_choice": sorted(ms.load_checkpoint(st, format="safetensors", choice_func=cf)),
        "st_ignores_prefix": sorted(ms.load_checkpoint(st, format="safetensors", specify_prefix="w")),
        "st_prefix_and_choice": sorted(ms.load_checkpoint(st, format="safetensors", specify_prefix="w",
                                                          choice_func=cf)),
    }
    with open(st, "rb") as fh:
        bio = io.BytesIO(fh.read())
    rec["load_bytesio"] = {k: arr(v) for k, v in ms.load_checkpoint(bio, format="safetensors").items()}
    rec["load_errors"] = {
        "st_dec_key": err(lambda: ms.load_checkpoint(st, format="safetensors", dec_key=b"0" * 16)),
        "st_dec_mode": err(lambda: ms.load_checkpoint(st, format="safetensors", dec_mode="AES-CBC")),
        "ckpt_bytesio": err(lambda: ms.load_checkpoint(io.BytesIO(b"abc"))),
        "bad_format": err(lambda: ms.load_checkpoint(ck, format="npz")),
        "prefix_type": err(lambda: ms.load_checkpoint(ck, specify_prefix=3)),
        "prefix_empty": err(lambda: ms.load_checkpoint(ck, filter_prefix=[])),
        "prefix_elem": err(lambda: ms.load_checkpoint(ck, filter_prefix=["a", 1])),
        "prefix_blank": err(lambda: ms.load_checkpoint(ck, filter_prefix=["a", ""])),
        "all_filtered": err(lambda: ms.load_checkpoint(ck, filter_prefix=["w", "d", "s"])),
        "crc_type": err(lambda: ms.load_checkpoint(ck, crc_check=1)),
    }
    # async load
    fut = ms.load_checkpoint_async(st)
    rec["async_type"] = type(fut).__name__
    rec["async_has"] = [hasattr(fut, "result"), hasattr(fut, "done")]
    rec["async_result"] = sorted(fut.result())
    net2 = Net()
    for p in net2.get_parameters():
        p.set_data(ops.zeros(p.shape, p.dtype))
    fut2 = ms.load_checkpoint_async(ck, net2, choice_func=cf)
    rec["async_net"] = {"keys": sorted(fut2.result()),
                        "dense.weight": net2.dense.weight.asnumpy().tolist(),
                        "w16": net2.w16.asnumpy().tolist()}
    rec["async_missing_error"] = err(lambda: ms.load_checkpoint_async(os.path.join(tmp, "none.ckpt")).result())
    # async save
    big = {"a": Parameter(Tensor(np.arange(6, dtype=np.float32)), name="a")}
    ms.save_checkpoint(big, os.path.join(tmp, "as.ckpt"), async_save=True)
    rec["async_status_after_save"] = ms.async_ckpt_thread_status() in (True, False)
    for t in threading.enumerate():
        if t.name == "asyn_save_ckpt":
            t.join()
    rec["async_status_idle"] = ms.async_ckpt_thread_status()
    rec["async_saved"] = {k: arr(v) for k, v in ms.load_checkpoint(os.path.join(tmp, "as.ckpt")).items()}
    ms.save_checkpoint(big, os.path.join(tmp, "as2"), async_save="thread", format="safetensors")
    for t in threading.enumerate():
        if t.name == "asyn_save_ckpt":
            t.join()
    rec["async_thread_saved"] = sorted(os.listdir(tmp))
    rec["save_errors"] = {
        "async_type": err(lambda: ms.save_checkpoint(big, os.path.join(tmp, "e.ckpt"), async_save=1)),
        "async_value": err(lambda: ms.save_checkpoint(big, os.path.join(tmp, "e.ckpt"), async_save="fork")),
        "integrated_type": err(lambda: ms.save_checkpoint(big, os.path.join(tmp, "e.ckpt"), integrated_save=1)),
        "st_enc_mode": err(lambda: ms.save_checkpoint(big, os.path.join(tmp, "e"), format="safetensors",
                                                      enc_mode="AES-CBC")),
    }
    ms.save_checkpoint(big, os.path.join(tmp, "xyzckpt"))
    rec["save_suffix_rule"] = sorted(f for f in os.listdir(tmp) if f.startswith("xyz"))
    # segmented
    seg = os.path.join(tmp, "seg")
    os.makedirs(seg)
    ms.save_checkpoint(net, os.path.join(seg, "part0.ckpt"), choice_func=lambda n: n.startswith("dense"))
    ms.save_checkpoint(net, os.path.join(seg, "part1.ckpt"), choice_func=lambda n: n.startswith("w"))
    ms.save_checkpoint(net, os.path.join(seg, "ignored.safetensors"), format="safetensors")
    rec["segmented"] = {k: arr(v) for k, v in ms.load_segmented_checkpoints(seg).items()}
    rec["segmented_filter"] = sorted(ms.load_segmented_checkpoints(seg, filter_prefix="dense.bias"))
    rec["segmented_errors"] = {
        "type": err(lambda: ms.load_segmented_checkpoints(3)),
        "missing": err(lambda: ms.load_segmented_checkpoints(os.path.join(tmp, "nope"))),
    }
    shutil.rmtree(tmp)


def merging(rec):
    from mindspore.train.node_strategy_pb2 import ParallelLayouts

    def layout(dev, tmap, split=None, field=0):
        lay = ParallelLayouts()
        lay.dev_matrix.add().dim.extend(dev)
        lay.tensor_map.add().dim.extend(tmap)
        ps = lay.param_split_shape.add()
        if split:
            ps.dim.extend(split)
        lay.field = field
        return lay

    def P(a, name="p"):
        return Parameter(Tensor(a), name=name)

    cases = []
    ex = [np.array([0.00023915, 0.00013939, -0.00098059]), np.array([0.00015815, 0.00015458, -0.00012125]),
          np.array([0.00042165, 0.00029692, -0.00007941]), np.array([0.00084451, 0.00089960, -0.00010431])]
    cases.append(("doc_example", ex, None))
    cases.append(("uneven_axis0", [np.arange(6, dtype=np.float32).reshape(3, 2),
                                   np.arange(4, dtype=np.float32).reshape(2, 2) + 10], None))
    base = np.arange(24, dtype=np.float32).reshape(4, 6)
    # dev [2,2], map [1,0]: rank r holds rows (r//2), cols (r%2)
    s = [base[(r // 2) * 2:(r // 2) * 2 + 2, (r % 2) * 3:(r % 2) * 3 + 3] for r in range(4)]
    cases.append(("dev22_map10", s, ([2, 2], [1, 0], None, 0)))
    s = [base[(r % 2) * 2:(r % 2) * 2 + 2, (r // 2) * 3:(r // 2) * 3 + 3] for r in range(4)]
    cases.append(("dev22_map01", s, ([2, 2], [0, 1], None, 0)))
    s = [base[(r // 2) * 2:(r // 2) * 2 + 2] for r in range(4)]
    cases.append(("dev22_map1m1_repeat", s, ([2, 2], [1, -1], None, 0)))
    s = [base[:1], base[1:4]]
    cases.append(("split_shape", s, ([2], [0, -1], [1, 3], 0)))
    f = np.arange(16, dtype=np.float32).reshape(8, 2)
    cases.append(("field", [f[:4], f[4:]], ([2], [0, -1], None, 2)))
    for name, slices, strat in cases:
        params = [P(a) for a in slices]
        st = None if strat is None else {"p": layout(*strat)}
        m = ms.merge_sliced_parameter(params, st)
        rec.setdefault("merge", []).append({
            "name": name, "slices": [a.tolist() for a in slices],
            "slice_dtype": str(params[0].dtype),
            "strategy": None if strat is None else {"dev_matrix": strat[0], "tensor_map": strat[1],
                                                    "param_split_shape": strat[2] or [], "field": strat[3]},
            "out": arr(m), "out_name": m.name, "requires_grad": m.requires_grad})
    bf = [Parameter(Tensor(np.array([1.0, 2.5], np.float32), ms.bfloat16), name="b"),
          Parameter(Tensor(np.array([-3.0], np.float32), ms.bfloat16), name="b")]
    rec["merge_bf16"] = arr(ms.merge_sliced_parameter(bf))
    rg = [Parameter(Tensor(np.ones(2, np.float32)), name="q", requires_grad=False)] * 2
    rec["merge_requires_grad"] = ms.merge_sliced_parameter(rg).requires_grad
    p1 = P(np.ones((2, 2), np.float32))
    rec["merge_errors"] = {
        "not_list": err(lambda: ms.merge_sliced_parameter((p1,))),
        "empty": err(lambda: ms.merge_sliced_parameter([])),
        "strategy_type": err(lambda: ms.merge_sliced_parameter([p1], [1])),
        "not_param0": err(lambda: ms.merge_sliced_parameter([np.ones(2)])),
        "not_param1": err(lambda: ms.merge_sliced_parameter([p1, Tensor(np.ones((2, 2)))])),
        "name": err(lambda: ms.merge_sliced_parameter([p1, P(np.ones((2, 2), np.float32), "z")])),
        "shape": err(lambda: ms.merge_sliced_parameter([p1, P(np.ones((2, 3), np.float32))])),
        "key": err(lambda: ms.merge_sliced_parameter([p1], {"other": layout([1], [0, -1])})),
        "device_count": err(lambda: ms.merge_sliced_parameter([p1], {"p": layout([2], [0, -1])})),
        "uneven_no_split": err(lambda: ms.merge_sliced_parameter(
            [p1, P(np.ones((1, 2), np.float32))], {"p": layout([2], [0, -1])})),
        "split_len": err(lambda: ms.merge_sliced_parameter(
            [p1, p1], {"p": layout([2], [0, -1], [2, 2, 2])})),
        "split_dim": err(lambda: ms.merge_sliced_parameter(
            [p1, p1], {"p": layout([2], [0, -1], [2, 3])})),
    }


def checks(rec):
    from mindspore.train.serialization import check_input_data, check_input_dataset
    t = Tensor(np.ones(2, np.float32))
    rec["check_input_data"] = {
        "ok": err(lambda: check_input_data(t, [t, (t,)], {"a": t}, data_class=Tensor)),
        "ok_union": err(lambda: check_input_data(t, None, data_class=(Tensor, type(None)))),
        "bad": err(lambda: check_input_data(t, 3, data_class=Tensor)),
        "bad_union": err(lambda: check_input_data(3.0, data_class=(Tensor, int))),
        "none_cls": err(lambda: check_input_data(t, data_class=None)),
        "none_ok": err(lambda: check_input_data(None, data_class=None)),
        "empty": err(lambda: check_input_data(Tensor(np.ones((0,), np.float32)), data_class=Tensor)),
        "np_empty": err(lambda: check_input_data(np.ones((0,)), data_class=np.ndarray)),
    }
    d = ds.NumpySlicesDataset([1, 2], shuffle=False)
    rec["check_input_dataset"] = [check_input_dataset(d, dataset_type=ds.Dataset),
                                  check_input_dataset(dataset_type=ds.Dataset),
                                  check_input_dataset(d, 3, dataset_type=ds.Dataset),
                                  check_input_dataset(d, d, dataset_type=(ds.Dataset, int))]


def _data():
    return {"x": np.arange(12, dtype=np.float32).reshape(6, 2), "y": np.arange(6, dtype=np.int32)}


def helpers(rec):
    d = ds.NumpySlicesDataset(data=_data(), shuffle=False).batch(2)
    h = ms.DatasetHelper(d, dataset_sink_mode=False, epoch_num=2)
    ep = []
    for _ in range(2):
        ep.append([[arr(t) for t in e] for e in h])
    rec["helper_epochs"] = ep
    rec["helper_elem_type"] = type(next(iter(ms.DatasetHelper(d.repeat(1), False)))).__name__
    rec["helper_epoch3_error"] = err(lambda: [e for e in h])
    rec["helper_nonsink_methods"] = {m: err(lambda m=m: getattr(h, m)()) for m in
                                     ("types_shapes", "sink_size", "stop_send", "release", "continue_send")}
    rec["helper_connect_nonsink"] = err(lambda: ms.connect_network_with_dataset(nn.Dense(2, 3), h))
    g = ds.GeneratorDataset(lambda: ((np.full((2,), i, np.float32),) for i in range(3)), ["a"], shuffle=False)
    rec["helper_generator"] = [[arr(t) for t in e] for e in ms.DatasetHelper(g, dataset_sink_mode=False)]
    rec["helper_arg_errors"] = {
        "sink_size_0": err(lambda: ms.DatasetHelper(d, False, sink_size=0)),
        "sink_size_m2": err(lambda: ms.DatasetHelper(d, False, sink_size=-2)),
        "sink_size_float": err(lambda: ms.DatasetHelper(d, False, sink_size=1.5)),
        "sink_mode_type": err(lambda: ms.DatasetHelper(d, "yes")),
    }
    from mindspore.train._utils import _get_types_and_shapes
    types, shapes = _get_types_and_shapes(d)
    rec["types_shapes"] = [[str(t) for t in types], [list(s) for s in shapes]]
    # sink mode on CPU (what this MindSpore does here)
    rec["helper_sink_cpu_pynative"] = err(lambda: ms.DatasetHelper(
        ds.NumpySlicesDataset(data=_data(), shuffle=False).batch(2), dataset_sink_mode=True))
    ms.set_context(mode=ms.GRAPH_MODE)
    rec["helper_sink_cpu_graph"] = err(lambda: ms.DatasetHelper(
        ds.NumpySlicesDataset(data=_data(), shuffle=False).batch(2), dataset_sink_mode=True))
    ms.set_context(mode=ms.PYNATIVE_MODE)

    def fn(x, y):
        return (x * 2).sum() + y.astype(ms.float32).sum()

    rec["data_sink_cpu"] = err(lambda: ms.data_sink(fn, ds.NumpySlicesDataset(data=_data(), shuffle=False)
                                                     .batch(2)))
    rec["data_sink_errors"] = {
        "sink_size_0": err(lambda: ms.data_sink(fn, d, sink_size=0)),
        "sink_size_type": err(lambda: ms.data_sink(fn, d, sink_size=1.0)),
    }
    # What a sink run computes: fn over the batch stream (epochs repeat without end), as the
    # device queue feeds it; recorded per batch here with plain iteration.
    per_batch = []
    for x, y in ds.NumpySlicesDataset(data=_data(), shuffle=False).batch(2).create_tuple_iterator(num_epochs=1):
        per_batch.append(float(fn(x, y).asnumpy()))
    rec["fn_per_batch"] = per_batch
    # A Dense net on the batches (connect_network_with_dataset's wrapper runs the net on GetNext's output).
    net = nn.Dense(2, 3, weight_init="ones", bias_init="zeros")
    rec["dense_per_batch"] = [net(x).asnumpy().tolist() for x, _ in
                              ds.NumpySlicesDataset(data=_data(), shuffle=False).batch(2)
                              .create_tuple_iterator(num_epochs=1)]


def main():
    os.makedirs(OUT, exist_ok=True)
    rec = {}
    conversions(rec)
    load_options(rec)
    merging(rec)
    checks(rec)
    helpers(rec)
    with open(os.path.join(HERE, "ms_serialization_more.json"), "w") as fh:
        json.dump(rec, fh, indent=1, sort_keys=True)
        fh.write("\n")


if __name__ == "__main__":
    main()

"""ckpt_to_safetensors / safetensors_to_ckpt, load_checkpoint options, async load/save,
load_segmented_checkpoints, merge_sliced_parameter and check_input_* against MindSpore 2.10
(tests/data/ms_serialization_more.json and the files MindSpore wrote, from
tests/data/gen_serialization_more.py)."""
import filecmp
import io
import json
import os
import re
import shutil
import subprocess
import threading
from types import SimpleNamespace

import numpy as np
import pytest

import mindjax as ms
from mindjax import Parameter, Tensor, nn, ops
from mindjax.train import serialization as S
from mindjax.train import _ckpt_format as fmt

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
MSDIR = os.path.join(DATA, "ms_serialization_more")
REC = json.load(open(os.path.join(DATA, "ms_serialization_more.json")))
MS_PY = os.path.expanduser("~/msref/bin/python")
needs_ms = pytest.mark.skipif(not os.path.exists(MS_PY), reason="real MindSpore (~/msref) not installed")


def _mask(msg):
    return re.sub(r"/[^\s',]+", "<PATH>", msg)


def _raises_like(expected, fn):
    """fn() raises MindSpore's exception class with MindSpore's message (paths masked)."""
    with pytest.raises(Exception) as info:
        fn()
    assert type(info.value).__name__ == expected[0], (info.value, expected)
    got = str(info.value).split("\n")[0]
    assert _mask(got) == _mask(expected[1])


def _value(v):
    if isinstance(v, str):
        return {"str": v}
    a = v.asnumpy()
    if str(v.dtype) == "BFloat16":
        a = a.astype(np.float32)
    return {"dtype": str(v.dtype), "shape": list(a.shape), "value": a.tolist()}


class Net(nn.Cell):
    """The generator's network."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        self.w16 = Parameter(Tensor(np.array([1.5, -0.25], np.float16)), name="w16")
        self.wbf = Parameter(Tensor(np.array([1.0, -2.5, 0.15625], np.float32), ms.bfloat16), name="wbf")
        self.steps = Parameter(Tensor(np.array([3, 4], np.int64)), name="steps", requires_grad=False)

    def construct(self, x):
        return self.dense(x)


def _tree(root):
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)


# ------------------------------------------------------------------ conversions
def test_ckpt_to_safetensors_file_is_byte_identical_to_mindspore(tmp_path):
    shutil.copy(os.path.join(MSDIR, "net.ckpt"), tmp_path / "net.ckpt")
    S.ckpt_to_safetensors(str(tmp_path / "net.ckpt"))
    assert _tree(tmp_path) == REC["c2s_file_outputs"]
    assert filecmp.cmp(tmp_path / "net.safetensors", os.path.join(MSDIR, "net.safetensors"), shallow=False)
    loaded = ms.load_checkpoint(str(tmp_path / "net.safetensors"), format="safetensors")
    assert {k: _value(v) for k, v in loaded.items()} == REC["c2s_loaded"]


def test_safetensors_to_ckpt_file_is_byte_identical_to_mindspore(tmp_path):
    S.safetensors_to_ckpt(os.path.join(MSDIR, "net.safetensors"), str(tmp_path / "back"))
    assert _tree(tmp_path / "back") == REC["s2c_file_outputs"]
    assert filecmp.cmp(tmp_path / "back" / "net.ckpt", os.path.join(MSDIR, "back", "net.ckpt"), shallow=False)
    assert {k: _value(v) for k, v in ms.load_checkpoint(str(tmp_path / "back" / "net.ckpt")).items()} \
        == REC["s2c_loaded"]


def test_conversion_name_map_and_string_entries(tmp_path):
    src = os.path.join(MSDIR, "net.ckpt")
    S.ckpt_to_safetensors(src, str(tmp_path), name_map={"dense.weight": "fc.w", "nothere": "x"})
    assert sorted(ms.load_checkpoint(str(tmp_path / "net.safetensors"), format="safetensors")) \
        == REC["name_map_keys"]
    withstr = str(tmp_path / "withstr.ckpt")
    ms.save_checkpoint(Net(), withstr, append_dict={"note": "hi"})
    _raises_like(REC["c2s_str_error"], lambda: S.ckpt_to_safetensors(withstr, str(tmp_path)))
    assert sorted(os.listdir(tmp_path)) == REC["c2s_str_outputs"]  # no (partial) withstr.safetensors


def test_directory_form_and_progress_bar(tmp_path, capsys):
    dst = tmp_path / "dirform_st"
    S.ckpt_to_safetensors(os.path.join(MSDIR, "dirform"), str(dst), file_name_regex=r"a_\d")
    assert _tree(dst) == REC["c2s_dir_outputs"]
    out = capsys.readouterr().out
    assert "50.0%|" + "\u2588" * 20 + "-" * 20 + "|" in out and "100.0%|" + "\u2588" * 40 + "|" in out
    S.safetensors_to_ckpt(str(dst))  # no save_path: next to the sources
    assert _tree(dst) == REC["s2c_dir_inplace_outputs"]
    for name in REC["s2c_dir_inplace_outputs"]:  # what MindSpore wrote in the same two steps
        assert filecmp.cmp(dst / name, os.path.join(MSDIR, "dirform_st", name), shallow=False), name


def test_conversion_errors(tmp_path):
    e = REC["conv_errors"]
    src, st = os.path.join(MSDIR, "net.ckpt"), os.path.join(MSDIR, "net.safetensors")
    other = os.path.join(MSDIR, "dirform", "other")
    _raises_like(e["missing"], lambda: S.ckpt_to_safetensors("/nonexistent/x.ckpt"))
    _raises_like(e["save_path_ext"], lambda: S.ckpt_to_safetensors(src, str(tmp_path / "out.st")))
    _raises_like(e["wrong_suffix"], lambda: S.ckpt_to_safetensors(st))
    _raises_like(e["wrong_suffix_s2c"], lambda: S.safetensors_to_ckpt(src))
    _raises_like(e["no_rank_dirs"], lambda: S.ckpt_to_safetensors(other))
    _raises_like(e["no_rank_dirs_s2c"], lambda: S.safetensors_to_ckpt(other))
    _raises_like(e["name_map_type"], lambda: S.ckpt_to_safetensors(src, str(tmp_path), name_map=[1]))
    _raises_like(e["regex_mismatch"], lambda: S.ckpt_to_safetensors(src, str(tmp_path), file_name_regex="zzz"))


_ORACLE = r"""
import json, sys
import mindspore as ms
out = {}
for path in sys.argv[1:]:
    fmt = "safetensors" if path.endswith(".safetensors") else "ckpt"
    d = ms.load_checkpoint(path, format=fmt)
    out[path] = {k: (v if isinstance(v, str) else [str(v.dtype), list(v.shape),
                 (v.float() if v.dtype == ms.bfloat16 else v).asnumpy().tolist()]) for k, v in d.items()}
print("JSON" + json.dumps(out))
"""


@needs_ms
def test_mindspore_loads_what_mindjax_converted(tmp_path):
    net = Net()
    ms.save_checkpoint(net, str(tmp_path / "mine.ckpt"), append_dict={"epoch_num": 5})
    S.ckpt_to_safetensors(str(tmp_path / "mine.ckpt"), str(tmp_path / "st"))
    S.safetensors_to_ckpt(str(tmp_path / "st" / "mine.safetensors"), str(tmp_path / "ck"))
    files = [str(tmp_path / "st" / "mine.safetensors"), str(tmp_path / "ck" / "mine.ckpt")]
    r = subprocess.run([MS_PY, "-c", _ORACLE, *files], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, GLOG_v="3"))
    assert r.returncode == 0, r.stderr[-3000:]
    got = json.loads([ln for ln in r.stdout.splitlines() if ln.startswith("JSON")][-1][4:])
    want = {k: [str(v.dtype), list(v.shape), _value(v)["value"]]
            for k, v in ms.load_checkpoint(str(tmp_path / "mine.ckpt")).items()}
    assert want["epoch_num"] == ["Int64", [], 5] and want["wbf"][0] == "BFloat16"
    for f in files:
        assert got[f] == want


# ------------------------------------------------------------------ load_checkpoint options
@pytest.fixture()
def saved(tmp_path):
    net = Net()
    ck, st = str(tmp_path / "n.ckpt"), str(tmp_path / "n.safetensors")
    ms.save_checkpoint(net, ck)
    ms.save_checkpoint(net, st, format="safetensors")
    return ck, st


def test_load_checkpoint_selection_options(saved):
    ck, st = saved
    want = REC["load_opts"]

    def cf(n):
        return n.startswith("dense")

    assert sorted(ms.load_checkpoint(ck, choice_func=cf)) == want["choice"]
    assert sorted(ms.load_checkpoint(ck, specify_prefix="w")) == want["specify"]
    assert sorted(ms.load_checkpoint(ck, filter_prefix=["w", "steps"])) == want["filter"]
    assert sorted(ms.load_checkpoint(ck, specify_prefix=("dense", "w"), filter_prefix="dense.bias")) \
        == want["specify_and_filter"]
    assert sorted(ms.load_checkpoint(ck, specify_prefix="w", choice_func=cf)) == want["specify_overrides_choice"]
    assert sorted(ms.load_checkpoint(st, format="safetensors", choice_func=cf)) == want["st_choice"]
    assert sorted(ms.load_checkpoint(st, format="safetensors", specify_prefix="w")) == want["st_ignores_prefix"]
    assert sorted(ms.load_checkpoint(st, format="safetensors", specify_prefix="w", choice_func=cf)) \
        == want["st_prefix_and_choice"]


def test_load_checkpoint_from_bytesio(saved):
    with open(saved[1], "rb") as fh:
        bio = io.BytesIO(fh.read())
    got = ms.load_checkpoint(bio, format="safetensors")
    assert {k: _value(v) for k, v in got.items()} == REC["load_bytesio"]


def test_load_checkpoint_errors(saved):
    ck, st = saved
    e = REC["load_errors"]
    _raises_like(e["st_dec_key"], lambda: ms.load_checkpoint(st, format="safetensors", dec_key=b"0" * 16))
    _raises_like(e["st_dec_mode"], lambda: ms.load_checkpoint(st, format="safetensors", dec_mode="AES-CBC"))
    _raises_like(e["ckpt_bytesio"], lambda: ms.load_checkpoint(io.BytesIO(b"abc")))
    _raises_like(e["bad_format"], lambda: ms.load_checkpoint(ck, format="npz"))
    _raises_like(e["prefix_type"], lambda: ms.load_checkpoint(ck, specify_prefix=3))
    _raises_like(e["prefix_empty"], lambda: ms.load_checkpoint(ck, filter_prefix=[]))
    _raises_like(e["prefix_elem"], lambda: ms.load_checkpoint(ck, filter_prefix=["a", 1]))
    _raises_like(e["prefix_blank"], lambda: ms.load_checkpoint(ck, filter_prefix=["a", ""]))
    _raises_like(e["all_filtered"], lambda: ms.load_checkpoint(ck, filter_prefix=["w", "d", "s"]))
    _raises_like(e["crc_type"], lambda: ms.load_checkpoint(ck, crc_check=1))


# ------------------------------------------------------------------ async load / save
def test_load_checkpoint_async(saved, tmp_path):
    ck, st = saved
    fut = S.load_checkpoint_async(st)
    assert type(fut).__name__ == REC["async_type"]
    assert [hasattr(fut, "result"), hasattr(fut, "done")] == REC["async_has"]
    assert sorted(fut.result()) == REC["async_result"]
    net2 = Net()
    for p in net2.get_parameters():
        p.set_data(ops.zeros(p.shape, p.dtype))
    fut2 = S.load_checkpoint_async(ck, net2, choice_func=lambda n: n.startswith("dense"))
    want = REC["async_net"]
    assert sorted(fut2.result()) == want["keys"]
    assert net2.dense.weight.asnumpy().tolist() == want["dense.weight"]
    assert net2.w16.asnumpy().tolist() == want["w16"]
    _raises_like(REC["async_missing_error"], lambda: S.load_checkpoint_async(str(tmp_path / "none.ckpt")).result())


def test_load_checkpoint_async_runs_in_the_background(saved, monkeypatch):
    gate, started = threading.Event(), threading.Event()
    real = fmt.read_ckpt

    def slow_read(path):
        started.set()
        assert gate.wait(10)
        return real(path)

    monkeypatch.setattr(fmt, "read_ckpt", slow_read)
    fut = S.load_checkpoint_async(saved[0])
    assert started.wait(10) and not fut.param_dict_future.done()  # returned while the read is blocked
    gate.set()
    assert sorted(fut.result()) == REC["async_result"]


def _join_async():
    for t in threading.enumerate():
        if t.name == "asyn_save_ckpt":
            t.join()


def test_save_checkpoint_async(tmp_path, monkeypatch):
    big = {"a": Parameter(Tensor(np.arange(6, dtype=np.float32)), name="a")}
    gate = threading.Event()
    real = fmt.write_ckpt

    def slow_write(*args, **kwargs):
        assert gate.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(fmt, "write_ckpt", slow_write)
    ms.save_checkpoint(big, str(tmp_path / "as.ckpt"), async_save=True)
    big["a"].set_data(Tensor(np.zeros(6, np.float32)))  # the values were taken when save was called
    assert S.async_ckpt_thread_status() is True and not (tmp_path / "as.ckpt").exists()
    gate.set()
    _join_async()
    assert S.async_ckpt_thread_status() is REC["async_status_idle"]
    got = {k: _value(v) for k, v in ms.load_checkpoint(str(tmp_path / "as.ckpt")).items()}
    assert got == REC["async_saved"]
    ms.save_checkpoint(big, str(tmp_path / "as2"), async_save="thread", format="safetensors")
    ms.save_checkpoint(big, str(tmp_path / "as3.ckpt"), async_save="process")
    _join_async()
    assert sorted(os.listdir(tmp_path)) == ["as.ckpt", "as2.safetensors", "as3.ckpt"]


def test_save_checkpoint_argument_errors_and_suffix(tmp_path):
    big = {"a": Parameter(Tensor(np.arange(6, dtype=np.float32)), name="a")}
    e = REC["save_errors"]
    _raises_like(e["async_type"], lambda: ms.save_checkpoint(big, str(tmp_path / "e.ckpt"), async_save=1))
    _raises_like(e["async_value"], lambda: ms.save_checkpoint(big, str(tmp_path / "e.ckpt"), async_save="fork"))
    _raises_like(e["integrated_type"], lambda: ms.save_checkpoint(big, str(tmp_path / "e.ckpt"), integrated_save=1))
    _raises_like(e["st_enc_mode"], lambda: ms.save_checkpoint(big, str(tmp_path / "e"), format="safetensors",
                                                              enc_mode="AES-CBC"))
    ms.save_checkpoint(big, str(tmp_path / "xyzckpt"))
    assert sorted(os.listdir(tmp_path)) == REC["save_suffix_rule"]


# ------------------------------------------------------------------ segmented
def test_load_segmented_checkpoints(tmp_path):
    net = Net()
    seg = tmp_path / "seg"
    seg.mkdir()
    ms.save_checkpoint(net, str(seg / "part0.ckpt"), choice_func=lambda n: n.startswith("dense"))
    ms.save_checkpoint(net, str(seg / "part1.ckpt"), choice_func=lambda n: n.startswith("w"))
    ms.save_checkpoint(net, str(seg / "ignored.safetensors"), format="safetensors")
    got = S.load_segmented_checkpoints(str(seg))
    assert {k: _value(v) for k, v in got.items()} == REC["segmented"]
    assert sorted(S.load_segmented_checkpoints(str(seg), filter_prefix="dense.bias")) == REC["segmented_filter"]
    target = Net()
    for p in target.get_parameters():
        p.set_data(ops.zeros(p.shape, p.dtype))
    S.load_segmented_checkpoints(str(seg), target)
    assert target.dense.weight.asnumpy().tolist() == [[1.0] * 3] * 2 and target.w16.asnumpy().tolist() == [1.5, -0.25]
    assert target.steps.asnumpy().tolist() == [0, 0]  # not in any .ckpt
    _raises_like(REC["segmented_errors"]["type"], lambda: S.load_segmented_checkpoints(3))
    _raises_like(REC["segmented_errors"]["missing"], lambda: S.load_segmented_checkpoints(str(tmp_path / "nope")))


# ------------------------------------------------------------------ merge_sliced_parameter
def _layout(strategy):
    """An object shaped like MindSpore's ParallelLayouts message."""
    dims = SimpleNamespace
    return SimpleNamespace(dev_matrix=[dims(dim=strategy["dev_matrix"])], tensor_map=[dims(dim=strategy["tensor_map"])],
                           param_split_shape=[dims(dim=strategy["param_split_shape"])], field=strategy["field"])


_NP = {"Float64": np.float64, "Float32": np.float32}


@pytest.mark.parametrize("case", REC["merge"], ids=lambda c: c["name"])
def test_merge_sliced_parameter(case):
    params = [Parameter(Tensor(np.array(s, _NP[case["slice_dtype"]])), name="p") for s in case["slices"]]
    strategy = None if case["strategy"] is None else {"p": _layout(case["strategy"])}
    merged = S.merge_sliced_parameter(params, strategy)
    assert isinstance(merged, Parameter)
    assert _value(merged) == case["out"]
    assert merged.name == case["out_name"] and merged.requires_grad == case["requires_grad"]


def test_merge_sliced_parameter_bf16_and_requires_grad():
    bf = [Parameter(Tensor(np.array([1.0, 2.5], np.float32), ms.bfloat16), name="b"),
          Parameter(Tensor(np.array([-3.0], np.float32), ms.bfloat16), name="b")]
    assert _value(S.merge_sliced_parameter(bf)) == REC["merge_bf16"]
    rg = [Parameter(Tensor(np.ones(2, np.float32)), name="q", requires_grad=False)] * 2
    assert S.merge_sliced_parameter(rg).requires_grad is REC["merge_requires_grad"]


def test_merge_sliced_parameter_errors():
    e = REC["merge_errors"]

    def P(a, name="p"):
        return Parameter(Tensor(a), name=name)

    def lay(dev, tmap, split=(), field=0):
        return _layout({"dev_matrix": dev, "tensor_map": tmap, "param_split_shape": list(split), "field": field})

    p1 = P(np.ones((2, 2), np.float32))
    m = S.merge_sliced_parameter
    _raises_like(e["not_list"], lambda: m((p1,)))
    _raises_like(e["empty"], lambda: m([]))
    _raises_like(e["strategy_type"], lambda: m([p1], [1]))
    # MindSpore's message names its own Tensor class; the rest is the same
    with pytest.raises(TypeError, match="should be 'Parameter', but got .*Tensor'> at index 1"):
        m([p1, Tensor(np.ones((2, 2)))])
    assert e["not_param1"][1].startswith("For 'merge_sliced_parameter', the element in 'sliced_parameters' "
                                         "should be 'Parameter', but got <class 'mindspore")
    _raises_like(e["not_param0"], lambda: m([np.ones(2)]))
    _raises_like(e["name"], lambda: m([p1, P(np.ones((2, 2), np.float32), "z")]))
    _raises_like(e["shape"], lambda: m([p1, P(np.ones((2, 3), np.float32))]))
    _raises_like(e["key"], lambda: m([p1], {"other": lay([1], [0, -1])}))
    _raises_like(e["device_count"], lambda: m([p1], {"p": lay([2], [0, -1])}))
    _raises_like(e["uneven_no_split"], lambda: m([p1, P(np.ones((1, 2), np.float32))], {"p": lay([2], [0, -1])}))
    _raises_like(e["split_len"], lambda: m([p1, p1], {"p": lay([2], [0, -1], [2, 2, 2])}))
    _raises_like(e["split_dim"], lambda: m([p1, p1], {"p": lay([2], [0, -1], [2, 3])}))


# ------------------------------------------------------------------ check_input_*
def test_check_input_data_and_dataset():
    from mindjax.train.serialization import check_input_data, check_input_dataset
    import mindjax.dataset as ds
    t = Tensor(np.ones(2, np.float32))
    e = REC["check_input_data"]
    cases = {
        "ok": lambda: check_input_data(t, [t, (t,)], {"a": t}, data_class=Tensor),
        "ok_union": lambda: check_input_data(t, None, data_class=(Tensor, type(None))),
        "bad": lambda: check_input_data(t, 3, data_class=Tensor),
        "bad_union": lambda: check_input_data(3.0, data_class=(Tensor, int)),
        "none_cls": lambda: check_input_data(t, data_class=None),
        "none_ok": lambda: check_input_data(None, data_class=None),
        "empty": lambda: check_input_data(Tensor(np.ones((0,), np.float32)), data_class=Tensor),
        "np_empty": lambda: check_input_data(np.ones((0,)), data_class=np.ndarray),
    }
    for name, fn in cases.items():
        if e[name] is None:
            assert fn() is None
        else:
            _raises_like(e[name], fn)
    d = ds.NumpySlicesDataset([1, 2], shuffle=False)
    assert [check_input_dataset(d, dataset_type=ds.Dataset), check_input_dataset(dataset_type=ds.Dataset),
            check_input_dataset(d, 3, dataset_type=ds.Dataset),
            check_input_dataset(d, d, dataset_type=(ds.Dataset, int))] == REC["check_input_dataset"]

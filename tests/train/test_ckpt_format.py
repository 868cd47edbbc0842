"""Interop tests for mindjax.train._ckpt_format (MindSpore 2.10 .ckpt / safetensors).

The reference files in tests/data were written by real MindSpore 2.10 with
tests/data/gen_ms_ckpt.py.  MindSpore itself is only needed by the oracle
tests, which are skipped when ~/msref/bin/python does not exist.
"""
import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")


def _load_module():
    try:
        from mindjax.train import _ckpt_format as mod
        return mod
    except Exception:  # the core package may be mid-construction; the module is standalone
        path = os.path.join(ROOT, "mindjax", "train", "_ckpt_format.py")
        spec = importlib.util.spec_from_file_location("_mindjax_ckpt_format", path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod
        spec.loader.exec_module(mod)
        return mod


cf = _load_module()

MS_PY = os.path.expanduser("~/msref/bin/python")
needs_ms = pytest.mark.skipif(not os.path.exists(MS_PY), reason="real MindSpore oracle not installed")

try:
    import ml_dtypes
    BF16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover
    BF16 = None


def _expected():
    with open(os.path.join(DATA, "ms_written.json")) as fh:
        return json.load(fh)["entries"]


def _check_against_json(got, expected, only=None):
    for e in expected:
        if only is not None and e["name"] not in only:
            continue
        arr, dt = got[e["name"]]
        assert dt == e["dtype"], e["name"]
        if dt == "str":
            assert str(arr) == e["value"]
            continue
        assert list(arr.shape) == e["shape"], e["name"]
        assert arr.dtype == cf.np_dtype_for(dt)
        np.testing.assert_array_equal(np.asarray(arr, dtype=np.float64 if dt == "BFloat16" else None),
                                      np.array(e["value"], dtype=arr.dtype if dt != "BFloat16" else np.float64))


# ---------------------------------------------------------------- MindSpore-written files
@pytest.mark.parametrize("fname", ["ms_written.ckpt", "ms_written_crc.ckpt"])
def test_read_mindspore_written_ckpt(fname):
    got = cf.read_ckpt(os.path.join(DATA, fname))
    expected = _expected()
    assert list(got) == [e["name"] for e in expected]  # file order
    _check_against_json(got, expected)
    arr, dt = got["p_scalar"]
    assert arr.shape == () and dt == "Float32"
    assert got["epoch_num"][1] == "Int64" and got["lr"][1] == "Float32" and got["flag"][1] == "Bool"


def test_rewrite_is_byte_identical_to_mindspore():
    """Our writer reproduces MindSpore's bytes exactly (with and without the crc trailer)."""
    src = cf.read_ckpt(os.path.join(DATA, "ms_written.ckpt"))
    entries = [(k, a, t) for k, (a, t) in src.items()]
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        p0, p1 = os.path.join(d, "a.ckpt"), os.path.join(d, "b.ckpt")
        cf.write_ckpt(p0, entries, crc=False)
        cf.write_ckpt(p1, entries)
        with open(p0, "rb") as f0, open(os.path.join(DATA, "ms_written.ckpt"), "rb") as r0:
            assert f0.read() == r0.read()
        with open(p1, "rb") as f1, open(os.path.join(DATA, "ms_written_crc.ckpt"), "rb") as r1:
            assert f1.read() == r1.read()


def test_read_mindspore_written_safetensors(tmp_path):
    path = os.path.join(DATA, "ms_written.safetensors")
    got = cf.read_safetensors(path)
    expected = [e for e in _expected() if e["dtype"] != "str" and e["name"] not in ("lr", "flag")]
    assert list(got) == sorted(e["name"] for e in expected)
    _check_against_json(got, expected)
    # and our writer produces the identical file
    out = tmp_path / "x.safetensors"
    cf.write_safetensors(str(out), [(k, a, t) for k, (a, t) in got.items()], crc=False)
    assert out.read_bytes() == open(path, "rb").read()


# ---------------------------------------------------------------- round trips
def _sample_entries():
    rng = np.random.default_rng(1)
    ents = [
        ("w", rng.standard_normal((4, 3)).astype(np.float32), "Float32"),
        ("h", rng.standard_normal(5).astype(np.float16), "Float16"),
        ("d", rng.standard_normal((2, 2, 2)), "Float64"),
        ("i8", np.array([-128, 127], np.int8), "Int8"),
        ("u16", np.array([65535, 1], np.uint16), "UInt16"),
        ("i32", np.arange(6, dtype=np.int32).reshape(2, 3), "Int32"),
        ("u32", np.array([2**32 - 1], np.uint32), "UInt32"),
        ("i64", np.array([-(2**62), 5], np.int64), "Int64"),
        ("u64", np.array([2**64 - 1], np.uint64), "UInt64"),
        ("b", np.array([[True, False], [False, True]]), "Bool"),
        ("s0", np.array(2.5, np.float32), "Float32"),
        ("e", np.zeros((0, 3), np.float32), "Float32"),
        ("text", "héllo wörld", "str"),
    ]
    if BF16 is not None:
        ents.append(("bf", np.array([1.0, -2.5, 3.0e38], np.float32).astype(BF16), "BFloat16"))
    return ents


@pytest.mark.parametrize("crc", [True, False])
def test_ckpt_roundtrip(tmp_path, crc):
    path = str(tmp_path / "rt.ckpt")
    ents = _sample_entries()
    cf.write_ckpt(path, ents, append_dict={"epoch_num": 7, "lr": 0.1, "flag": False, "tag": "x"}, crc=crc)
    got = cf.read_ckpt(path)
    assert list(got) == [e[0] for e in ents] + ["epoch_num", "lr", "flag", "tag"]
    for name, arr, dt in ents:
        g, gdt = got[name]
        assert gdt == dt
        if dt == "str":
            assert str(g) == arr
            continue
        assert g.dtype == arr.dtype and g.shape == arr.shape
        np.testing.assert_array_equal(g, arr)
        assert g.flags.writeable
    assert got["epoch_num"][1] == "Int64" and int(got["epoch_num"][0]) == 7 and got["epoch_num"][0].shape == ()
    assert got["lr"][1] == "Float32" and got["lr"][0] == np.float32(0.1)
    assert got["flag"][1] == "Bool" and not bool(got["flag"][0])
    assert got["tag"] == (np.array("x"), "str")
    assert os.listdir(tmp_path) == ["rt.ckpt"]


def test_ckpt_dtype_inference_and_cast(tmp_path):
    path = str(tmp_path / "c.ckpt")
    cf.write_ckpt(path, [("a", np.arange(3, dtype=np.int64)), ("b", np.arange(3, dtype=np.float64), "Float16")])
    got = cf.read_ckpt(path)
    assert got["a"][1] == "Int64"
    assert got["b"][1] == "Float16" and got["b"][0].dtype == np.float16
    with pytest.raises(TypeError):
        cf.write_ckpt(path, [("c", np.zeros(2, np.complex64))])
    with pytest.raises(ValueError):
        cf.write_ckpt(path, [("a", np.zeros(1)), ("a", np.zeros(1))])


def test_ckpt_large_tensor_is_sliced(tmp_path, monkeypatch):
    monkeypatch.setattr(cf, "SLICE_BYTES", 40)
    arr = np.arange(101, dtype=np.float32).reshape(101, 1)  # 404 bytes -> 11 slices
    path = str(tmp_path / "big.ckpt")
    cf.write_ckpt(path, [("big", arr, "Float32"), ("small", np.ones(2, np.float32), "Float32")])
    msg = cf.Checkpoint()
    msg.ParseFromString(open(path, "rb").read()[:-17])
    assert [v.tag for v in msg.value].count("big") == 11
    assert all(list(v.tensor.dims) == [101, 1] for v in msg.value if v.tag == "big")
    got = cf.read_ckpt(path)
    np.testing.assert_array_equal(got["big"][0], arr)


@pytest.mark.parametrize("crc", [True, False])
def test_safetensors_roundtrip(tmp_path, crc):
    path = str(tmp_path / "rt.safetensors")
    ents = [e for e in _sample_entries() if e[2] != "str"]
    cf.write_safetensors(path, ents, append_dict={"epoch_num": 7}, crc=crc)
    got = cf.read_safetensors(path)
    assert list(got) == sorted([e[0] for e in ents] + ["epoch_num"])
    for name, arr, dt in ents:
        g, gdt = got[name]
        assert gdt == dt and g.dtype == arr.dtype and g.shape == arr.shape
        np.testing.assert_array_equal(g, arr)
    from safetensors import safe_open
    with safe_open(path, "np") as f:
        meta = f.metadata()
    assert meta["format"] == "ms"
    assert ("crc_num" in meta) == crc
    with pytest.raises(TypeError):
        cf.write_safetensors(path, [("s", "str value", "str")])


def test_safetensors_crc_mismatch_detected(tmp_path):
    path = tmp_path / "c.safetensors"
    cf.write_safetensors(str(path), [("w", np.arange(8, dtype=np.float32), "Float32")])
    raw = bytearray(path.read_bytes())
    raw[-3] ^= 0x01  # tensor data sits at the end of the file
    path.write_bytes(bytes(raw))
    with pytest.raises(ValueError, match="crc") as ei:
        cf.read_safetensors(str(path))
    assert str(path) in str(ei.value)


# ---------------------------------------------------------------- bad files
def _good_bytes(tmp_path, crc=True):
    p = tmp_path / "good.ckpt"
    cf.write_ckpt(str(p), [("w", np.arange(16, dtype=np.float32).reshape(4, 4), "Float32"),
                           ("b", np.ones(4, np.float32), "Float32")], crc=crc)
    return p.read_bytes()


def _assert_bad(path, match=None):
    with pytest.raises(ValueError) as ei:
        cf.read_ckpt(str(path))
    msg = str(ei.value)
    assert os.path.realpath(str(path)) in msg
    if match:
        assert match in msg
    return msg


@pytest.mark.parametrize("crc", [True, False])
@pytest.mark.parametrize("cut", [1, 5, 17, 30, 60])
def test_truncated_file(tmp_path, crc, cut):
    raw = _good_bytes(tmp_path, crc)
    p = tmp_path / "trunc.ckpt"
    p.write_bytes(raw[:-cut])
    if crc and cut == 17:
        # exactly the crc trailer removed: what is left is a complete crc-less
        # MindSpore file (its default format) with intact data -- nothing lost.
        assert len(cf.read_ckpt(str(p))["w"][0]) == 4
        return
    _assert_bad(p)


def test_flipped_byte_detected_by_crc(tmp_path):
    raw = _good_bytes(tmp_path)
    for pos in (3, 20, 40, len(raw) - 20, len(raw) - 1):
        bad = bytearray(raw)
        bad[pos] ^= 0x10
        p = tmp_path / f"flip{pos}.ckpt"
        p.write_bytes(bytes(bad))
        _assert_bad(p)


def test_flipped_byte_without_crc_structural(tmp_path):
    raw = _good_bytes(tmp_path, crc=False)
    bad = bytearray(raw)
    bad[0] ^= 0xFF  # first tag byte
    p = tmp_path / "flip.ckpt"
    p.write_bytes(bytes(bad))
    _assert_bad(p)


def test_empty_file(tmp_path):
    p = tmp_path / "empty.ckpt"
    p.write_bytes(b"")
    _assert_bad(p, "empty")
    p2 = tmp_path / "empty.safetensors"
    p2.write_bytes(b"")
    with pytest.raises(ValueError, match=str(p2)):
        cf.read_safetensors(str(p2))


@pytest.mark.parametrize("text", [b"hello world this is text\n", b"hi", b"name,value\n1,2\n", b"\x00" * 10])
def test_text_file(tmp_path, text):
    p = tmp_path / "text.ckpt"
    p.write_bytes(text)
    _assert_bad(p)
    p2 = tmp_path / "text.safetensors"
    p2.write_bytes(text)
    with pytest.raises(ValueError, match=str(p2)):
        cf.read_safetensors(str(p2))


def test_length_mismatch_and_unknown_dtype(tmp_path):
    def one(tag, dims, t, content):
        m = cf.Checkpoint()
        v = m.value.add()
        v.tag, v.tensor.tensor_type, v.tensor.tensor_content = tag, t, content
        v.tensor.dims.extend(dims)
        return m.SerializeToString()
    p = tmp_path / "len.ckpt"
    p.write_bytes(one("w", [2], "Float32", b"\x00" * 4))
    _assert_bad(p, "needs 8 bytes")
    p.write_bytes(one("w", [1], "Complex64", b"\x00" * 8))
    _assert_bad(p, "Complex64")
    # MindSpore stores/reads dims [0] with one element as a scalar
    p.write_bytes(one("s", [0], "Float32", np.float32(1.5).tobytes()))
    assert cf.read_ckpt(str(p))["s"][0].shape == ()


def test_empty_checkpoint_with_crc_is_valid(tmp_path):
    p = tmp_path / "none.ckpt"
    cf.write_ckpt(str(p), [])
    assert p.stat().st_size == 17
    assert cf.read_ckpt(str(p)) == {}


def test_missing_file(tmp_path):
    p = str(tmp_path / "nope.ckpt")
    for fn in (cf.read_ckpt, cf.read_safetensors):
        with pytest.raises(ValueError, match="does not exist") as ei:
            fn(p)
        assert p in str(ei.value)
        assert isinstance(ei.value, FileNotFoundError)
    with pytest.raises(ValueError):
        cf.read_ckpt(str(tmp_path))  # a directory


# ---------------------------------------------------------------- atomicity
def test_atomic_ckpt_write_crash(tmp_path, monkeypatch):
    path = tmp_path / "model.ckpt"
    cf.write_ckpt(str(path), [("w", np.ones(3, np.float32), "Float32")])
    before = path.read_bytes()

    real = cf._serialize_entry
    calls = []

    def boom(*a, **k):
        calls.append(1)
        if len(calls) == 2:
            raise OSError("simulated crash mid-write")
        return real(*a, **k)

    monkeypatch.setattr(cf, "_serialize_entry", boom)
    with pytest.raises(OSError, match="simulated"):
        cf.write_ckpt(str(path), [("a", np.zeros(1000, np.float32), "Float32"),
                                  ("b", np.zeros(1000, np.float32), "Float32")])
    assert len(calls) == 2  # the first entry was already written to the temp file
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["model.ckpt"]
    monkeypatch.undo()
    np.testing.assert_array_equal(cf.read_ckpt(str(path))["w"][0], np.ones(3, np.float32))


def test_atomic_ckpt_write_keyboard_interrupt(tmp_path, monkeypatch):
    path = tmp_path / "model.ckpt"
    monkeypatch.setattr(cf, "_serialize_entry", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        cf.write_ckpt(str(path), [("a", np.zeros(3, np.float32), "Float32")])
    assert os.listdir(tmp_path) == []


def test_atomic_safetensors_write_crash(tmp_path, monkeypatch):
    import safetensors.numpy as stn
    path = tmp_path / "model.safetensors"
    cf.write_safetensors(str(path), [("w", np.ones(3, np.float32), "Float32")])
    before = path.read_bytes()

    def boom(tensors, filename, metadata=None):
        with open(filename, "wb") as fh:
            fh.write(b"\x10\x00\x00\x00partial")
        raise OSError("simulated crash mid-write")

    monkeypatch.setattr(stn, "save_file", boom)
    with pytest.raises(OSError, match="simulated"):
        cf.write_safetensors(str(path), [("w", np.zeros(3, np.float32), "Float32")])
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["model.safetensors"]


def test_overwrite_readonly_previous_file(tmp_path):
    """MindSpore leaves checkpoints mode 0400; replacing one must still work."""
    path = tmp_path / "ro.ckpt"
    cf.write_ckpt(str(path), [("w", np.ones(1, np.float32), "Float32")])
    os.chmod(path, 0o400)
    cf.write_ckpt(str(path), [("w", np.zeros(1, np.float32), "Float32")])
    assert cf.read_ckpt(str(path))["w"][0][0] == 0.0


# ---------------------------------------------------------------- oracle: real MindSpore loads our files
_ORACLE = r"""
import json, sys
import numpy as np
import mindspore as ms
path, fmt = sys.argv[1], sys.argv[2]
kw = {"format": fmt} if fmt == "safetensors" else {"crc_check": sys.argv[3] == "1"}
out = {}
for k, v in ms.load_checkpoint(path, **kw).items():
    if isinstance(v, str):
        out[k] = ["str", None, v]
    else:
        a = (v.float() if v.dtype == ms.bfloat16 else v).asnumpy()
        out[k] = [str(v.dtype), list(v.shape), a.tolist()]
print("JSON" + json.dumps(out))
"""


def _oracle_load(path, fmt="ckpt", crc=True):
    env = dict(os.environ, GLOG_v="3")
    r = subprocess.run([MS_PY, "-c", _ORACLE, path, fmt, "1" if crc else "0"],
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("JSON")][-1]
    return json.loads(line[4:])


def _check_oracle(loaded, ents):
    for name, arr, dt in ents:
        ldt, shape, val = loaded[name]
        assert ldt.lower() == dt.lower(), (name, ldt, dt)
        if dt == "str":
            assert val == arr
            continue
        assert shape == list(arr.shape), name
        np.testing.assert_array_equal(np.array(val, dtype=np.float64 if dt == "BFloat16" else arr.dtype)
                                      .reshape(shape),
                                      arr.astype(np.float64) if dt == "BFloat16" else arr)


@needs_ms
@pytest.mark.parametrize("crc", [True, False])
def test_oracle_mindspore_loads_our_ckpt(tmp_path, crc):
    path = str(tmp_path / "ours.ckpt")
    ents = _sample_entries()
    cf.write_ckpt(path, ents, append_dict={"epoch_num": 7, "note": "hi"}, crc=crc)
    loaded = _oracle_load(path, "ckpt", crc)
    _check_oracle(loaded, ents)
    assert loaded["epoch_num"] == ["Int64", [], 7]
    assert loaded["note"] == ["str", None, "hi"]


@needs_ms
def test_oracle_mindspore_loads_our_safetensors(tmp_path):
    path = str(tmp_path / "ours.safetensors")
    ents = [e for e in _sample_entries() if e[2] not in ("str", "BFloat16")]
    cf.write_safetensors(path, ents)
    loaded = _oracle_load(path, "safetensors")
    _check_oracle(loaded, ents)


@needs_ms
def test_oracle_mindspore_rejects_corrupted_crc(tmp_path):
    path = tmp_path / "bad.ckpt"
    cf.write_ckpt(str(path), [("w", np.arange(16, dtype=np.float32), "Float32")])
    raw = bytearray(path.read_bytes())
    raw[-20] ^= 0x01  # inside tensor_content: protobuf still parses, only the crc catches it
    path.write_bytes(bytes(raw))
    with pytest.raises(ValueError, match="crc"):
        cf.read_ckpt(str(path))
    r = subprocess.run([MS_PY, "-c", _ORACLE, str(path), "ckpt", "1"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode != 0 and "ValueError" in r.stderr

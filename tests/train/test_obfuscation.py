"""Checkpoint obfuscation (``mindspore.safeguard``) against MindSpore 2.10.

tests/data/gen_obfuscation.py recorded, with real MindSpore, what ``obfuscate_ckpt`` writes and
returns under ``set_seed`` for the same network and weights (its ratios come from numpy's
global random state, which ``set_seed`` resets in both), and the errors of bad calls.  The
round trips with a live MindSpore run in a subprocess and are skipped where ~/msref is absent.
"""
import importlib.util
import json
import os
import re
import stat
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mindjax as ms
from mindjax.safeguard import load_obf_params_into_net, obfuscate_ckpt
from mindjax.safeguard import rewrite_obfuscation as R

_DATA = os.path.join(os.path.dirname(__file__), "..", "data")
_REF = json.load(open(os.path.join(_DATA, "ms_obfuscation.json")))
_spec = importlib.util.spec_from_file_location("gen_obfuscation", os.path.join(_DATA, "gen_obfuscation.py"))
GEN = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(GEN)  # its main() (which needs MindSpore) only runs as a script
NS = {}
exec(GEN.NET_SRC.format(ms="mindjax"), NS)
MSREF = os.path.expanduser("~/msref/bin/python")


@pytest.fixture
def dirs(tmp_path):
    """src/ holding net.ckpt, rank_0/net.part.ckpt and a non-checkpoint file, as the generator made."""
    src, out = tmp_path / "src", tmp_path / "out"
    (src / "rank_0").mkdir(parents=True)
    out.mkdir()
    net = NS["fixed_net"]()
    ms.save_checkpoint(net, str(src / "net.ckpt"))
    ms.save_checkpoint(net, str(src / "rank_0" / "net.part.ckpt"))
    (src / "notes.txt").write_text("not a checkpoint")
    return net, str(src), str(out), tmp_path


def _params(path):
    return {k: v.asnumpy() for k, v in ms.load_checkpoint(path).items()}


@pytest.mark.parametrize("name,seed,kwargs", GEN.CASES, ids=[c[0] for c in GEN.CASES])
def test_obfuscate_ckpt_equals_mindspore(dirs, name, seed, kwargs):
    net, src, out, _ = dirs
    ref = _REF["cases"][name]
    ms.set_seed(seed)
    meta = obfuscate_ckpt(net, src, saved_path=out, **kwargs)
    # the metadata returned (ratios, permutations, inverses): same draws, dtypes and values
    assert {k: [str(v.dtype), list(v.shape), np.ascontiguousarray(v).tobytes().hex()] for k, v in meta.items()} \
        == ref["metadata"]
    assert int(np.random.randint(0, 1 << 30)) == ref["next_numpy_draw"]
    written = {}
    for dirpath, dirnames, files in os.walk(out):
        for d in dirnames:
            written[os.path.relpath(os.path.join(dirpath, d), out)] = {
                "mode": oct(stat.S_IMODE(os.stat(os.path.join(dirpath, d)).st_mode))}
        for f in files:
            params = ms.load_checkpoint(os.path.join(dirpath, f))
            written[os.path.relpath(os.path.join(dirpath, f), out)] = {"params": {
                k: [str(v.dtype), list(v.shape), v.asnumpy().tobytes().hex()] for k, v in params.items()}}
    assert written == ref["files"]  # same files, sub-directory mode 0o700, bit-identical weights


def _normalize(msg):
    return re.sub(r"<class '[\w.]*Parameter'>", "<class 'Parameter'>", msg)


@pytest.mark.parametrize("index", range(len(GEN.ERRORS)), ids=[f"{a}-{i}" for i, (a, _) in enumerate(GEN.ERRORS)])
def test_errors_equal_mindspore(dirs, index):
    net, src, out, tmp = dirs
    (tmp / "file.txt").write_text("x")
    api, kwargs = GEN.ERRORS[index]
    paths = {"SRC": src, "OUT": out, "FILE": str(tmp / "file.txt")}
    ms.set_seed(0)
    got = GEN.call_error(R, api, kwargs, net, paths)
    want = _REF["errors"][index]["error"]
    assert got is not None and want is not None
    assert [got[0], _normalize(got[1])] == [want[0], _normalize(want[1])]


def test_invert_matches_mindspore_inv():
    got = R._invert(np.arange(1, 100).astype(np.float16))
    assert got.tobytes().hex() == _REF["inverse_float16"]
    assert R._invert(np.array([0, 1, 2, -1, -3], np.int32)).tolist() == [-2 ** 31, 1, 0, -1, 0]


def test_weights_differ_by_the_recorded_ratio(dirs):
    """Unseeded: targeted weights are the originals times one integer ratio in [1, scale);
    the returned metadata is its float16 inverse; everything else is untouched."""
    net, src, out, _ = dirs
    meta = obfuscate_ckpt(net, src, target_modules=["backbone", "fc1|fc2"], saved_path=out, obfuscate_scale=50)
    inv = meta["obf_metadata"]
    assert inv.dtype == np.float16 and inv.shape == (1,)
    orig, obf = _params(os.path.join(src, "net.ckpt")), _params(os.path.join(out, "net_obf.ckpt"))
    assert sorted(orig) == sorted(obf)
    ratio = None
    for name in orig:
        if name.startswith("backbone."):
            nz = orig[name] != 0
            r = np.unique(obf[name][nz] / orig[name][nz])
            assert r.size == 1 and float(r[0]).is_integer() and 1 <= r[0] < 50
            ratio = r[0] if ratio is None else ratio
            assert r[0] == ratio  # one ratio for every target
            np.testing.assert_array_equal(obf[name], orig[name] * ratio)
        else:
            np.testing.assert_array_equal(obf[name], orig[name])
    assert inv[0] == np.float16(1) / np.float16(ratio)
    assert _params(os.path.join(out, "rank_0", "net_obf.ckpt")).keys() == obf.keys()


def test_deobfuscated_network_gives_original_outputs(dirs):
    """Obfuscate the last layer; the loaded network's outputs divided by the ratio are the originals."""
    net, src, out, _ = dirs
    config = {"obf_metadata_config": [{"name": "obf_metadata", "shape": [1], "type": "random",
                                       "save_metadata": True, "metadata_op": "invert"}],
              "weight_obf_config": [{"target": f"blocks/1/attn/dense1/{leaf}", "weight_obf_ops": [
                  {"name": "mul", "input_x": "weight", "input_y": "obf_metadata"}]} for leaf in ("weight", "bias")],
              "network_obf_config": [{"module": "/blocks/1/attn", "target": "dense1"}]}
    meta = obfuscate_ckpt(net, src, obf_config=config, saved_path=out)
    x = ms.Tensor(NS["X"])
    want = net(x).asnumpy()
    new = NS["Net"]()
    ms.load_checkpoint(os.path.join(out, "net_obf.ckpt"), new)
    obf_net = load_obf_params_into_net(new, obf_config=config)
    assert obf_net is new  # MindSpore 2.10 returns the network itself
    got = obf_net(x).asnumpy()
    ratio = round(1 / float(meta["obf_metadata"][0]))
    assert not np.allclose(got, want) or ratio == 1
    np.testing.assert_allclose(got / ratio, want, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(got * meta["obf_metadata"].astype(np.float32), want, rtol=2e-3, atol=1e-5)


def test_target_modules_layers_form_matches_nothing_and_warns(dirs, caplog):
    """MindSpore 2.10's 'obfuscate_layers' form builds targets that match no weight; mindjax
    writes the same (unchanged) files and says so."""
    net, src, out, _ = dirs
    with caplog.at_level("WARNING"):
        obfuscate_ckpt(net, src, target_modules=["blocks/attn", "dense1", "obfuscate_layers:2"], saved_path=out)
    assert any("matched no parameter" in r.getMessage() for r in caplog.records)
    orig, obf = _params(os.path.join(src, "net.ckpt")), _params(os.path.join(out, "net_obf.ckpt"))
    assert all(np.array_equal(orig[k], obf[k]) for k in orig)


def _run_msref(script, python=None):
    cmd = [MSREF] if python is None else python
    proc = subprocess.run(cmd + ["-c", textwrap.dedent(script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


_MS_LOAD = GEN.NET_SRC.format(ms="mindspore") + '''
import json, sys, mindspore as ms
net = Net()
ms.load_checkpoint(sys.argv[1] if len(sys.argv) > 1 else PATH, net)
obf = ms.load_obf_params_into_net(net, ["backbone", "fc1|fc2"])
print(json.dumps({"same": obf is net, "out": obf(ms.Tensor(X)).asnumpy().tolist(),
                  "params": {n: p.asnumpy().tobytes().hex() for n, p in net.parameters_and_names()}}))
'''


@pytest.mark.skipif(not os.path.exists(MSREF), reason="real MindSpore (~/msref) is not installed")
def test_mindjax_obfuscated_ckpt_loads_in_mindspore(dirs):
    net, src, out, _ = dirs
    ms.set_seed(5)
    obfuscate_ckpt(net, src, target_modules=["backbone", "fc1|fc2"], saved_path=out)
    path = os.path.join(out, "net_obf.ckpt")
    new = NS["Net"]()
    ms.load_checkpoint(path, new)
    obf = load_obf_params_into_net(new, ["backbone", "fc1|fc2"])
    res = _run_msref(f"PATH = {path!r}\n" + _MS_LOAD)
    assert res["same"] is True
    assert res["params"] == {n: p.asnumpy().tobytes().hex() for n, p in new.parameters_and_names()}
    np.testing.assert_allclose(np.array(res["out"], np.float32), obf(ms.Tensor(NS["X"])).asnumpy(), rtol=1e-5)


@pytest.mark.skipif(not os.path.exists(MSREF), reason="real MindSpore (~/msref) is not installed")
def test_mindspore_obfuscated_ckpt_loads_in_mindjax(dirs, tmp_path):
    net, src, out, _ = dirs
    ms_out = tmp_path / "ms_out"
    ms_out.mkdir()
    res = _run_msref(GEN.NET_SRC.format(ms="mindspore") + f'''
import json, mindspore as ms
net = Net()
ms.set_seed(5)  # after building the network, whose initializers draw from numpy too
meta = ms.obfuscate_ckpt(net, {src!r}, target_modules=["backbone", "fc1|fc2"], saved_path={str(ms_out)!r})
print(json.dumps({{"meta": meta["obf_metadata"].tobytes().hex()}}))
''')
    # the mindjax side also runs in a fresh process: a draw from numpy's global state made by
    # another test's leftover thread between set_seed and obfuscate_ckpt would change the ratio
    mine = _run_msref(GEN.NET_SRC.format(ms="mindjax") + f'''
import json, mindjax as ms
net = Net()
ms.set_seed(5)
meta = ms.obfuscate_ckpt(net, {src!r}, target_modules=["backbone", "fc1|fc2"], saved_path={str(out)!r})
print(json.dumps({{"meta": meta["obf_metadata"].tobytes().hex()}}))
''', python=[sys.executable])
    assert mine["meta"] == res["meta"]
    from_ms, from_mj = NS["Net"](), NS["Net"]()
    ms.load_checkpoint(str(ms_out / "net_obf.ckpt"), from_ms)
    ms.load_checkpoint(os.path.join(out, "net_obf.ckpt"), from_mj)
    assert load_obf_params_into_net(from_ms, ["backbone", "fc1|fc2"]) is from_ms
    for (n1, p1), (n2, p2) in zip(from_ms.parameters_and_names(), from_mj.parameters_and_names()):
        assert n1 == n2 and p1.asnumpy().tobytes() == p2.asnumpy().tobytes()
    x = ms.Tensor(NS["X"])
    np.testing.assert_array_equal(from_ms(x).asnumpy(), from_mj(x).asnumpy())
    assert sorted(os.listdir(ms_out)) == sorted(os.listdir(out)) == ["net_obf.ckpt", "rank_0"]

"""tools/conformance: junit parsing, cause grouping, table arithmetic, the device_target
plugin (on mindjax's set_context) and one-file runs with stand-in test processes."""
from __future__ import annotations

import importlib.util
import sys
import textwrap
import types
from pathlib import Path

import pytest

_DIR = Path(__file__).resolve().parent.parent / "tools" / "conformance"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"conformance_{name}", _DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(_DIR))  # run.py imports report.py beside it
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(_DIR))
    return module


rp = _load("report")
plugin = _load("plugin")
run = _load("run")

FILE = "tests/st/pynative/test_x.py"

JUNIT = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="1" failures="2"
 skipped="2" tests="7">
<testcase classname="tests.st.pynative.test_x" name="test_ok[0]" time="0.1"/>
<testcase classname="tests.st.pynative.test_x" name="test_bad" time="0.1"><failure
 message="AttributeError: module 'mindspore.ops' has no attribute 'Foo'&#10;second line">trace</failure></testcase>
<testcase classname="tests.st.pynative.test_x.TestCls" name="test_m" time="0.1"><failure
 message="assert 1 == 2">trace</failure></testcase>
<testcase classname="tests.st.pynative.test_x" name="test_setup" time="0"><error
 message="failed on setup with &quot;ValueError: boom&quot;">trace</error></testcase>
<testcase classname="tests.st.pynative.test_x" name="test_skip" time="0"><skipped type="pytest.skip"
 message="only on Ascend">skip</skipped></testcase>
<testcase classname="tests.st.pynative.test_x" name="test_xfail" time="0"><skipped type="pytest.xfail"
 message="known"/></testcase>
<testcase classname="tests.st.pynative.test_x" name="test_teardown" time="0"><error
 message="failed on teardown with &quot;OSError: gone&quot;">trace</error></testcase>
</testsuite></testsuites>"""

COLLECTION_ERROR = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="1"
 tests="1"><testcase classname="" name="tests.st.pynative.test_x" time="0.0"><error message="collection failure">
tests/st/pynative/test_x.py:20: in &lt;module&gt;
    from mindspore.ops.auto_generate import gen_ops_def
E   ModuleNotFoundError: No module named 'mindjax.ops.auto_generate'
</error></testcase></testsuite></testsuites>"""


def test_parse_junit_outcomes_and_first_lines():
    got = rp.parse_junit(JUNIT, FILE)
    assert got == {
        "test_ok[0]": ("passed", ""),
        "test_bad": ("failed", "AttributeError: module 'mindspore.ops' has no attribute 'Foo'"),
        "TestCls::test_m": ("failed", "assert 1 == 2"),
        "test_setup": ("error", "ValueError: boom"),
        "test_skip": ("skipped", "only on Ascend"),
        "test_xfail": ("skipped", "known"),
        "test_teardown": ("error", "OSError: gone"),
    }


def test_parse_junit_collection_error_takes_the_exception_line():
    got = rp.parse_junit(COLLECTION_ERROR, FILE)
    assert got == {rp.FILE_LEVEL: ("error", "ModuleNotFoundError: No module named 'mindjax.ops.auto_generate'")}


def test_ids_from_nodeids_and_long_lines():
    assert rp.ids_from_nodeids([f"{FILE}::test_a[1-2]", f"{FILE}::C::test_b", ""]) == ["test_a[1-2]", "C::test_b"]
    assert len(rp.short("x" * 500)) == rp.MAX_LINE and rp.short("a\nb") == "a"
    # MindSpore's layout: the message starts after a ruler
    ms_error = ("RuntimeError: \n" + "-" * 20 + "\n- Kernel select failed:\n" + "-" * 20 +
                "\nSelect CPU operator[Foo] fail!\n\nmore")
    assert rp.short(ms_error) == "RuntimeError: Kernel select failed: Select CPU operator[Foo] fail!"
    assert rp.short("RuntimeError:\nNot found op X\nmore") == "RuntimeError: Not found op X"


def test_normalise_cause():
    n = rp.normalise_cause
    assert n("ModuleNotFoundError: No module named 'mindjax.ops.auto_generate'") == \
        "ModuleNotFoundError: No module named 'mindspore.ops.auto_generate'"
    assert n("ImportError: cannot import name 'Conv2d' from 'mindjax.nn' (/work/main/mindjax/nn/__init__.py)") == \
        "ImportError: cannot import name 'Conv2d' from 'mindspore.nn'"
    # numbers are blanked except inside names; addresses too
    assert n("ValueError: For 'conv2d', shape (2, 3) and 1.5e-3 differ") == \
        n("ValueError: For 'conv2d', shape (4, 50) and 7 differ") == \
        "ValueError: For 'conv2d', shape (N, N) and N differ"
    assert n("assert <Tensor object at 0x7f00aa> == 3") == "assert <Tensor object at 0x…> == N"
    assert n("") == "(no error message)"


def test_group_causes_biggest_first():
    failing = [("a.py", "AttributeError: module 'mindspore.ops' has no attribute 'Foo'", 3),
               ("b.py", "ModuleNotFoundError: No module named 'mindjax.xyz'", 1),
               ("c.py", "ModuleNotFoundError: No module named 'mindspore.xyz'", 5),
               ("d.py", "AttributeError: module 'mindspore.ops' has no attribute 'Bar'", 9)]
    groups = rp.group_causes(failing)
    assert [(c, [f for f, _, _ in m]) for c, m in groups] == [
        ("ModuleNotFoundError: No module named 'mindspore.xyz'", ["b.py", "c.py"]),
        ("AttributeError: module 'mindspore.ops' has no attribute 'Bar'", ["d.py"]),
        ("AttributeError: module 'mindspore.ops' has no attribute 'Foo'", ["a.py"])]


def test_compare_file_counts_and_first_error():
    ms = {"t1": ["passed", ""], "t2": ["passed", ""], "t3": ["failed", "x"], "t4": ["passed", ""],
          "t5": ["skipped", ""]}
    mj = {"t1": ["passed", ""], "t2": ["failed", "TypeError: bad"], "t3": ["passed", ""], "t5": ["passed", ""]}
    got = rp.compare_file(ms, mj, mj_file_error="")
    assert (got["tests"], got["ms_passed"], got["mj_passed"], got["both"]) == (5, 3, 3, 1)
    assert got["regressions"] == ["t2", "t4"] and got["first_error"] == "TypeError: bad"


def test_compare_file_when_mindjax_cannot_import_the_file():
    ms = {"a": ["passed", ""], "b": ["passed", ""], "c": ["failed", "x"]}
    mj = {rp.FILE_LEVEL: ["error", "ModuleNotFoundError: No module named 'mindspore.foo'"]}
    got = rp.compare_file(ms, mj)
    assert (got["tests"], got["ms_passed"], got["mj_passed"], got["both"]) == (3, 2, 0, 0)
    assert got["first_error"] == "ModuleNotFoundError: No module named 'mindspore.foo'"
    # not recorded under MindSpore: mindjax's own ids are the universe
    got = rp.compare_file(None, {"a": ["passed", ""], "b": ["failed", "e"]})
    assert (got["tests"], got["ms_passed"], got["mj_passed"], got["both"]) == (2, 0, 1, 0)


def test_compare_file_matches_numpy1_dtype_ids():
    # MindSpore's run (numpy 1) names a test parametrised by np.bool_ "bool_"; numpy 2 says "bool"
    ms = {"test_and[0-bool_-shape0]": ["passed", ""], "test_and_broadcast[bool_]": ["passed", ""],
          "test_and[0-int8-shape0]": ["passed", ""], "test_bool_x[int8]": ["passed", ""]}
    mj = {"test_and[0-bool-shape0]": ["passed", ""], "test_and_broadcast[bool]": ["failed", "E"],
          "test_and[0-int8-shape0]": ["passed", ""], "test_bool_x[int8]": ["passed", ""]}
    got = rp.compare_file(ms, mj)
    assert (got["ms_passed"], got["mj_passed"], got["both"]) == (4, 3, 3)
    assert got["regressions"] == ["test_and_broadcast[bool_]"] and got["first_error"] == "E"
    assert rp.numpy2_id("test_bool_[bool_-bool_]") == "test_bool_[bool-bool]"


def test_table_arithmetic():
    rows = [("tests/st/a", {"files": 2, "tests": 10, "ms_passed": 8, "mj_passed": 5, "both": 4}),
            ("tests/st/b", {"files": 1, "tests": 4, "ms_passed": 2, "mj_passed": 2, "both": 2})]
    total = rp.add_up([r for _, r in rows])
    assert total == {"files": 3, "tests": 14, "ms_passed": 10, "mj_passed": 7, "both": 6}
    assert rp.share(6, 10) == "6 of 10 (60.0%)" and rp.share(0, 0) == "0 of 0" and rp.pct(1, 3) == "33.3%"
    lines = rp.format_table(rows)
    assert lines[-1].split()[:6] == ["total", "3", "14", "10", "7", "6"] and lines[-1].endswith("6 of 10 (60.0%)")
    assert lines[2].endswith("4 of 8 (50.0%)")


def test_plugin_rewrites_device_target_on_mindjax():
    import mindjax
    from mindjax import context
    before = context.get_context("device_target")
    undo = plugin.install(mindjax)
    try:
        assert context.set_context is mindjax.set_context  # one wrapper everywhere
        mindjax.set_context(device_target="GPU")
        assert context.get_context("device_target") == "CPU"
        context.set_context(device_target="Ascend", mode=context.PYNATIVE_MODE)
        assert context.get_context("device_target") == "CPU"
        mindjax.set_device("Ascend")
        assert context.get_context("device_target") == "CPU"
        assert plugin.install(mindjax)() is None  # installing twice does not wrap the wrapper
    finally:
        undo()
        context.set_context(device_target=before)
    assert not hasattr(mindjax.set_context, plugin._MARK)
    # only the two card names move; a wrong value reaches set_context as it was, to be refused there
    assert [plugin.to_cpu(t) for t in ("GPU", "Ascend", "CPU", "gpu", 3)] == ["CPU", "CPU", "CPU", "gpu", 3]


def test_plugin_moves_heterogeneous_placement_to_cpu():
    class Primitive:
        def set_device(self, device_target):
            self.target = device_target
            return self

    class Optimizer:
        @property
        def target(self):
            return self._target

        @target.setter
        def target(self, value):
            if value != "CPU":
                raise ValueError(f"cannot use {value} on this machine")
            self._target = value

    class Adam(Optimizer):  # MindSpore's Adam redefines the property
        @Optimizer.target.setter
        def target(self, value):
            self._target = "adam:" + value

    package = types.SimpleNamespace(ops=types.SimpleNamespace(Primitive=Primitive),
                                    nn=types.SimpleNamespace(Optimizer=Optimizer))
    undo = plugin.install_placement(package)
    opt, adam = Optimizer(), Adam()
    opt.target, adam.target = "Ascend", "GPU"
    assert (Primitive().set_device("GPU").target, opt.target, adam.target) == ("CPU", "CPU", "adam:CPU")
    undo()
    with pytest.raises(ValueError):
        opt.target = "Ascend"
    assert Primitive().set_device("GPU").target == "GPU"


def test_plugin_defers_an_unimportable_harness_module():
    name = "conformance_missing_harness_xyz"
    plugin.defer_vm_impl(name)
    try:
        from conformance_missing_harness_xyz import vm  # what tests/ut/python/__init__.py does
        with pytest.raises(ImportError, match="conformance_missing_harness_xyz is unavailable: No module named"):
            vm.relu  # noqa: B018  (any use raises the original error)
    finally:
        del sys.modules[name]
    plugin.defer_vm_impl("json")  # importable: left alone
    assert sys.modules["json"].__name__ == "json" and hasattr(sys.modules["json"], "dumps")


def _fake_python(tmp_path: Path, body: str) -> list[str]:
    """A stand-in for ``python -m pytest``: gets FILE and pytest's arguments."""
    script = tmp_path / "fake.py"
    script.write_text(textwrap.dedent("""
        import os, sys, time
        args = sys.argv[1:]
        xml = [a.split("=", 1)[1] for a in args if a.startswith("--junitxml=")][0]
        collected = os.environ["CONFORMANCE_COLLECTED"]
        """) + textwrap.dedent(body))
    return [sys.executable, str(script)]


def test_run_file_reads_the_junit_report(tmp_path):
    src = tmp_path / "src"
    (src / "tests/st/pynative").mkdir(parents=True)
    (src / FILE).write_text("")
    python = _fake_python(tmp_path, f"open(xml, 'w').write({JUNIT!r})\nsys.exit(1)\n")
    res = run.run_file(python, src, FILE, tmp_path / "work", timeout=30)
    assert res["status"] == "ok" and res["tests"]["test_bad"][0] == "failed" and len(res["tests"]) == 7


def test_run_file_timeout_fails_every_collected_test(tmp_path):
    src = tmp_path / "src"
    (src / "tests/st/pynative").mkdir(parents=True)
    python = _fake_python(tmp_path, f"""
        open(collected, 'w').write('{FILE}::test_a\\n{FILE}::C::test_b')
        time.sleep(30)
        """)
    res = run.run_file(python, src, FILE, tmp_path / "work", timeout=0.5)
    cause = "Timeout: the file did not finish in 0.5 s"
    assert res["status"] == "timeout" and res["tests"] == {"test_a": ["failed", cause], "C::test_b": ["failed", cause]}


def test_run_file_crash_without_collection(tmp_path):
    src = tmp_path / "src"
    (src / "tests/st/pynative").mkdir(parents=True)
    python = _fake_python(tmp_path, "print('Fatal Python error: Aborted'); sys.exit(3)\n")
    res = run.run_file(python, src, FILE, tmp_path / "work", timeout=30)
    assert res["status"] == "crash"
    assert res["tests"] == {rp.FILE_LEVEL: ["failed", "Crash: exit code 3 without a junit report: "
                                                      "Fatal Python error: Aborted"]}


def test_list_files_finds_pytest_files(tmp_path):
    area = tmp_path / "tests/st/x"
    (area / "sub").mkdir(parents=True)
    for name in ("test_a.py", "sub/test_b.py", "helper.py", "b_test.py", "test_c.txt"):
        (area / name).write_text("")
    assert run.list_files(tmp_path, "tests/st/x") == ["tests/st/x/b_test.py", "tests/st/x/sub/test_b.py",
                                                       "tests/st/x/test_a.py"]


def test_plugin_restores_numpy1_names_only_where_missing():
    import types
    import numpy as np
    fake = types.SimpleNamespace(inf=np.inf, nan=np.nan, float64=np.float64, complex128=np.complex128,
                                 asarray=np.asarray, issubdtype=np.issubdtype, dtype=np.dtype, inexact=np.inexact,
                                 prod=np.prod, cumprod=np.cumprod, all=np.all, any=np.any, round=np.round,
                                 vstack=np.vstack, NaN="kept")
    added = plugin.numpy1_names(fake)
    assert "NaN" not in added and fake.NaN == "kept"
    assert fake.NINF == -np.inf and fake.float_ is np.float64
    got = fake.asfarray([1, 2])
    assert got.dtype == np.float64 and got.tolist() == [1.0, 2.0]
    assert fake.asfarray([1, 2], dtype=np.int32).dtype == np.float64  # numpy 1: non-float dtypes give float64
    assert fake.asfarray([1, 2], dtype=np.float32).dtype == np.float32


def test_cpu_marked_files(tmp_path):
    marked = tmp_path / "test_a.py"
    marked.write_text("@arg_mark(plat_marks=['cpu_linux', 'platform_gpu'], level_mark='level0')\ndef test_x(): pass\n")
    old_style = tmp_path / "test_b.py"
    old_style.write_text("@pytest.mark.platform_x86_cpu\ndef test_y(): pass\n")
    gpu_only = tmp_path / "test_c.py"
    gpu_only.write_text("@arg_mark(plat_marks=['platform_gpu'], level_mark='level0')\ndef test_z(): pass\n")
    assert [run.cpu_marked(p) for p in (marked, old_style, gpu_only)] == [True, True, False]


def test_resumed_recording_skips_recorded_files_and_keeps_them(tmp_path, monkeypatch):
    src = tmp_path / "src"
    (src / "tests" / "st" / "ops").mkdir(parents=True)
    for name in ("test_a.py", "test_b.py"):
        (src / "tests" / "st" / "ops" / name).write_text("def test_x(): pass\n")
    results = tmp_path / "results.json"
    old = {"tests": {"test_a.py::test_x": {"outcome": "passed"}}, "status": "ok", "seconds": 1.0}
    run.save_json(results, {"about": "", "commits": {"c0": {"areas": {"tests/st/ops": {
        "files": {"tests/st/ops/test_a.py": old}}}}}})
    seen = []
    monkeypatch.setattr(run, "resolve_commit", lambda git_dir, rev: "c0")
    monkeypatch.setattr(run, "extract", lambda git_dir, commit, cache: src)
    monkeypatch.setattr(run.subprocess, "run", lambda *a, **k: types.SimpleNamespace(stdout="2.10.0\n"))

    def fake_run_many(python, src_, files, work, jobs, timeout, extra, on_done):
        for area, rel in files:
            seen.append(rel)
            on_done(area, rel, {"tests": {rel + "::test_x": {"outcome": "passed"}}, "status": "ok", "seconds": 1.0})
    monkeypatch.setattr(run, "run_many", fake_run_many)
    assert run.main(["--git-dir", "g", "--record-mindspore", "--resume", "--results", str(results),
                     "--cache", str(tmp_path / "cache"), "tests/st/ops"]) == 0
    assert seen == ["tests/st/ops/test_b.py"]
    files = run.load_results(results)["commits"]["c0"]["areas"]["tests/st/ops"]["files"]
    assert sorted(files) == ["tests/st/ops/test_a.py", "tests/st/ops/test_b.py"]
    assert files["tests/st/ops/test_a.py"] == old

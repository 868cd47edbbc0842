"""`python -m mindjax` runs scripts, modules and pytest written for `import mindspore`."""
import subprocess
import sys


def test_script_and_module(tmp_path):
    script = tmp_path / "s.py"
    script.write_text("import sys\nimport mindspore as ms\nimport mindspore.nn as nn\nfrom mindspore import ops\n"
                      "import mindjax\nassert ms is mindjax and nn is mindjax.nn\n"
                      "print(ops.add(ms.Tensor(1), ms.Tensor(2)).item(), sys.argv[1:])\n")
    out = subprocess.run([sys.executable, "-m", "mindjax", str(script), "a", "b"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "3 ['a', 'b']"
    mod = tmp_path / "mymod.py"
    mod.write_text("from mindspore.common.initializer import One\nprint('ok', One().__class__.__name__)\n")
    out = subprocess.run([sys.executable, "-m", "mindjax", "-m", "mymod"], capture_output=True, text=True,
                         cwd=tmp_path)
    assert out.stdout.strip() == "ok One", out.stderr


def test_pytest_through_runner(tmp_path):
    t = tmp_path / "test_ms.py"
    t.write_text("import mindspore as ms\n\ndef test_add():\n    assert (ms.Tensor(2) * 3).item() == 6\n")
    out = subprocess.run([sys.executable, "-m", "mindjax", "-m", "pytest", "-q", "-p", "no:cacheprovider", str(t)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed" in out.stdout


def test_no_mindspore_installed():
    out = subprocess.run([sys.executable, "-c", "import mindspore"], capture_output=True, text=True)
    assert out.returncode != 0

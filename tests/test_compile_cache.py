"""set_context(enable_compile_cache=...) keeps compiled programs on disk, and PyNative's one-op
kernels are compiled with the options that make them quick to compile."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import ops
from mindjax.ops import _primitive

_SCRIPT = r"""
import json, sys
from jax import monitoring
events = {}
monitoring.register_event_listener(lambda name, **kw: events.__setitem__(name, events.get(name, 0) + 1))
import numpy as np
import mindjax as ms
from mindjax import ops
ms.set_context(enable_compile_cache=True, compile_cache_path=sys.argv[1])
x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
y = ops.exp(x) * 2 + ops.sin(x)
f = ms.jit(lambda a: ops.relu(a - 5).sum())
print(json.dumps({"y": y.asnumpy().tolist(), "f": float(f(x).asnumpy()),
                  "hits": events.get("/jax/compilation_cache/cache_hits", 0)}))
"""


def _run(tmp_path, env=None):
    out = subprocess.run([sys.executable, "-c", _SCRIPT, str(tmp_path)], capture_output=True, text=True,
                         env={**os.environ, **(env or {})}, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_second_run_loads_the_programs_the_first_saved(tmp_path):
    first = _run(tmp_path)
    folder = tmp_path / "rank_0"
    assert folder.is_dir() and len(os.listdir(folder)) >= 4  # exp, mul, add, sin... and the jit program
    second = _run(tmp_path)
    assert first["hits"] == 0 and second["hits"] >= 4
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_allclose(second["y"], np.exp(x) * 2 + np.sin(x), rtol=1e-6)
    assert second["f"] == first["f"] == float(np.maximum(x - 5, 0).sum())


def test_rank_folder_follows_rank_id(tmp_path):
    _run(tmp_path, {"RANK_ID": "3"})
    assert (tmp_path / "rank_3").is_dir() and not (tmp_path / "rank_0").exists()


def test_switches_are_checked_and_read_back(tmp_path):
    with pytest.raises(TypeError, match="enable_compile_cache"):
        ms.set_context(enable_compile_cache=1)
    with pytest.raises(TypeError, match="compile_cache_path"):
        ms.set_context(compile_cache_path=3)
    ms.set_context(compile_cache_path=str(tmp_path))  # path alone: nothing is switched on
    assert not (tmp_path / "rank_0").exists() and ms.get_context("compile_cache_path") == str(tmp_path)


def test_eager_kernels_use_quick_compile_options_and_nest_under_jit():
    import jax
    opts = _primitive.eager_compiler_options()
    assert opts == ({"xla_cpu_use_fusion_emitters": False} if jax.default_backend() == "cpu" else None)
    x = ms.Tensor(np.array([[1.0, -2.0], [3.0, 4.0]], np.float32))
    eager = ops.relu(x) + ops.square(x)
    traced = ms.jit(lambda a: ops.relu(a) + ops.square(a))(x)  # the same ops staged into one program
    np.testing.assert_array_equal(eager.asnumpy(), traced.asnumpy())
    np.testing.assert_array_equal(eager.asnumpy(), [[2.0, 4.0], [12.0, 20.0]])
    vm = ms.ops.vmap(lambda a: ops.relu(a) * 2)(x)  # under vmap the kernels are not top level either
    np.testing.assert_array_equal(vm.asnumpy(), [[2.0, 0.0], [6.0, 8.0]])


def test_fast_top_level_check_agrees_with_jax():
    # the op hot path reads JAX's trace state directly (_state.top_level); it must say what
    # jax's own is_top_level says eagerly, under jit, grad and vmap
    import jax
    import jax.numpy as jnp
    from jax._src.core import trace_ctx
    from mindjax._state import top_level
    seen = []

    def probe(x):
        seen.append((top_level(), trace_ctx.is_top_level()))
        return x * 2

    probe(jnp.ones(2))
    jax.jit(probe)(jnp.ones(2))
    jax.grad(lambda x: probe(x).sum())(jnp.ones(2))
    jax.vmap(probe)(jnp.ones((3, 2)))
    assert seen == [(True, True), (False, False), (False, False), (False, False)]

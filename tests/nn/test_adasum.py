"""nn.AdaSumByGradWrapCell / nn.AdaSumByDeltaWeightWrapCell.

* construction on one process: every parallel context gives MindSpore's error (class and message)
  or builds the same parameters and sub-cells (tests/data/ms_adasum.json, recorded by
  gen_adasum.py); the first call on one process raises MindSpore's class (RuntimeError);
* the combination against a numpy model of MindSpore's per-rank algorithm (halves sent and received,
  each rank scaling by its own half, dot products all-reduced over the ranks each step joins, the
  halves put back in reverse), for columns of 2, 4 and 8 ranks and shapes that stop dividing;
* with equal half maxima, two ranks give the paper's formula;
* end to end in a world of 16 host devices (2 nodes of 8): each rank's combined gradients, SGD
  applying them, and Momentum's weight changes combined (a subprocess, tests/nn/_adasum_worker.py).
"""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, context
from mindjax.nn.optim import adasum as A

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "data", "ms_adasum.json")) as f:
    RECORDED = json.load(f)


# ---------------------------------------------------------------- numpy model of MindSpore's ranks

def ref_adasum(per_rank, node=1):
    """Every rank's result: ``per_rank[r]`` is rank r's list of updates; ranks pair across nodes of
    ``node`` ranks, each rank holding shaped pieces, exchanging them with its partner."""
    n = len(per_rank)
    groups = n // node
    steps = int(np.log2(groups))
    cur = [[np.asarray(x, np.float64) for x in xs] for xs in per_rank]
    divs = []
    for s in range(steps):
        dist = node * 2 ** s
        lower = [(r // dist) % 2 == 0 for r in range(n)]
        partner = [r + dist if lower[r] else r - dist for r in range(n)]
        width = 2 ** (s + 1)
        group = [[((r // node) // width * width + i) * node + r % node for i in range(width)] for r in range(n)]
        kept, sent, div = {}, {}, {}
        for r in range(n):
            for p, x in enumerate(cur[r]):
                div[r, p] = any(v > 1 for v in x.shape)
                if div[r, p]:
                    y = np.squeeze(x)
                    left, right = y[:y.shape[0] // 2], y[y.shape[0] // 2:]
                    kept[r, p], sent[r, p] = (right, left) if lower[r] else (left, right)
        vals = {}
        for r in range(n):
            for p in range(len(cur[r])):
                if div[r, p]:
                    local, recv = kept[r, p], sent[partner[r], p]
                    scale = local.max() + 1e-12
                    ls, rs = local / scale, recv / scale
                    v0 = (ls * rs).sum() + 1e-12
                    own, peer = (ls * ls).sum() + 1e-12, (rs * rs).sum() + 1e-12
                    vals[r, p] = (v0, own, peer) if lower[r] else (v0, peer, own)
        new = [[None] * len(cur[r]) for r in range(n)]
        for r in range(n):
            for p in range(len(cur[r])):
                if div[r, p]:
                    v0, v1, v2 = (sum(vals[q, p][k] for q in group[r]) for k in range(3))
                    local, recv = kept[r, p], sent[partner[r], p]
                    g1, g2 = (local, recv) if lower[r] else (recv, local)
                    new[r][p] = (1 - v0 / (2 * v1)) * g1 + (1 - v0 / (2 * v2)) * g2
                else:
                    new[r][p] = sum(cur[q][p] for q in group[r]) / width
        cur = new
        divs.append((lower, partner, div))
    for lower, partner, div in reversed(divs):
        new = []
        for r in range(n):
            row = []
            for p, x in enumerate(cur[r]):
                if div[r, p]:
                    mine, recv = x.reshape(-1), cur[partner[r]][p].reshape(-1)
                    row.append(np.concatenate([recv, mine] if lower[r] else [mine, recv]))
                else:
                    row.append(x)
            new.append(row)
        cur = new
    return [[x.reshape(np.shape(per_rank[r][p])) for p, x in enumerate(cur[r])] for r in range(n)]


def _mj_column(per_rank):
    """mindjax's combination of a column (node of 1): one rank's result (every rank's is the same)."""
    import jax.numpy as jnp
    g = len(per_rank)
    out = []
    for p in range(len(per_rank[0])):
        shape = np.shape(per_rank[0][p])
        plan = A._plan(shape, g, "AdaSum", f"p{p}")
        xs = [jnp.asarray(np.asarray(per_rank[r][p], np.float64).reshape(-1)) for r in range(g)]
        out.append(np.asarray(A._tree(xs, plan)).reshape(shape))
    return out


SHAPES = [(4, 3), (5,), (1,), (), (2, 1, 3), (7, 2), (2,), (1, 8)]


@pytest.mark.parametrize("ranks", [2, 4, 8])
def test_tree_against_numpy(ranks):
    import jax
    rng = np.random.default_rng(ranks)
    shapes = [s for s in SHAPES if ranks < 8 or s not in ((5,), (2, 1, 3), (7, 2))]
    per_rank = [[rng.standard_normal(s) for s in shapes] for _ in range(ranks)]
    with jax.enable_x64(True):
        got = _mj_column(per_rank)
    want = ref_adasum(per_rank)
    for r in range(ranks):  # every rank of the column ends with the same update
        for g, w in zip(got, want[r]):
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)
    assert not np.allclose(got[0], np.mean([x[0] for x in per_rank], axis=0))  # not a plain mean


def test_two_ranks_is_the_formula():
    """Halves whose maxima are 1 on both sides: the scaling cancels and the paper's formula remains."""
    import jax
    rng = np.random.default_rng(0)
    g1, g2 = rng.uniform(-1, 0.9, 6), rng.uniform(-1, 0.9, 6)
    g1[4], g2[1] = 1.0, 1.0  # the lower rank keeps g1's second half, the upper g2's first
    with jax.enable_x64(True):
        got = _mj_column([[g1], [g2]])[0]
    dot = g1 @ g2
    want = (1 - dot / (2 * g1 @ g1)) * g1 + (1 - dot / (2 * g2 @ g2)) * g2
    np.testing.assert_allclose(got, want, rtol=1e-9)
    # orthogonal updates add, equal updates stay
    e1, e2 = np.array([1.0, 0, 0, 1.0]), np.array([0, 1.0, 1.0, 0])
    with jax.enable_x64(True):
        np.testing.assert_allclose(_mj_column([[e1], [e2]])[0], e1 + e2, atol=1e-9)
        np.testing.assert_allclose(_mj_column([[e1], [e1]])[0], e1, atol=1e-9)


def test_uneven_pieces_refused():
    """Shape (3,) over 4 nodes: at step 1 one rank of a group would hold one element and its neighbours
    two; MindSpore would run mismatched collectives; mindjax refuses at construction."""
    with pytest.raises(RuntimeError, match="cannot be cut evenly"):
        A._plan((3,), 4, "AdaSumByGradWrapCell", "b")
    assert A._plan((4,), 4, "AdaSumByGradWrapCell", "b") == ((2, 2, 2, 2), (1, 1, 1, 1))
    assert A._plan((2,), 4, "AdaSumByGradWrapCell", "b") == ((1, 1, 1, 1), None)  # then averaged


# ---------------------------------------------------------------- one process: MindSpore's answers

def _case_id(rec):
    return f"{rec['cls']}-{rec['mode']}-{rec['kw']}-{'opt' if rec['optimizer'] else 'net'}"


@pytest.mark.parametrize("rec", RECORDED, ids=_case_id)
def test_one_process_like_mindspore(rec):
    context.reset_auto_parallel_context()
    context.set_auto_parallel_context(parallel_mode=rec["mode"], **rec["kw"])
    try:
        net = nn.Dense(3, 2)
        cls = getattr(nn, rec["cls"])
        arg = nn.Momentum(net.trainable_params(), 0.1, 0.9) if rec["optimizer"] else net
        if "error" in rec:
            cls_name, msg = rec["error"]
            with pytest.raises({"RuntimeError": RuntimeError, "TypeError": TypeError}[cls_name]) as e:
                cls(arg)
            assert str(e.value) == msg
            return
        w = cls(arg)
        assert [n for n, _ in w.parameters_and_names()] == rec["params"]
        assert [n for n, _ in w.cells_and_names()] == rec["cells"]
        grads = tuple(ms.Tensor(np.ones(p.shape, np.float32)) for p in net.trainable_params())
        assert rec["call_error"] == "RuntimeError"
        with pytest.raises(RuntimeError, match="combines the updates of"):
            w(grads)
    finally:
        context.reset_auto_parallel_context()


# ---------------------------------------------------------------- 16 ranks, 2 nodes of 8

def _env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MS_", "RANK_"))}
    env.pop("XLA_FLAGS", None)
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def worker():
    sys.path.insert(0, HERE)
    import _adasum_worker as wk
    return wk


@pytest.fixture(scope="module")
def world16(tmp_path_factory):
    out = tmp_path_factory.mktemp("adasum")
    proc = subprocess.run([sys.executable, "-m", "mindjax", "_adasum_worker.py", str(out)], cwd=HERE,
                          env=_env(XLA_FLAGS="--xla_force_host_platform_device_count=16"), capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads((out / "local.json").read_text())
    steps = got.pop("train_steps")
    ranks = [{k: [np.asarray(v[p])[r] for p in range(len(v))] for k, v in got.items()} for r in range(16)]
    return ranks, steps


def _check_ranks(ranks, wk):
    grads = wk.rank_grads()
    want = ref_adasum([[g[r].astype(np.float64) for g in grads] for r in range(wk.N)], node=8)
    # Momentum's first step from zero moments changes each weight by lr * grad
    want_delta = ref_adasum([[0.1 * g[r].astype(np.float64) for g in grads] for r in range(wk.N)], node=8)
    for r, got in enumerate(ranks):
        for p in range(len(wk.SHAPES)):
            np.testing.assert_allclose(got["grad_combined"][p], want[r][p], rtol=2e-5, atol=2e-6)
            np.testing.assert_allclose(got["grad_weights"][p], 0.5 - want[r][p], rtol=2e-5, atol=2e-6)
            np.testing.assert_allclose(got["delta_weights"][p], 0.5 - want_delta[r][p], rtol=2e-5, atol=2e-6)
    # ranks r and r + 8 (one column) agree; ranks 0 and 1 (two columns) do not
    np.testing.assert_array_equal(ranks[3]["grad_combined"][0], ranks[11]["grad_combined"][0])
    assert not np.allclose(ranks[0]["grad_combined"][0], ranks[1]["grad_combined"][0])


def test_world16_in_a_data_parallel_step(world16, worker):
    _check_ranks(world16[0], worker)


def test_world16_train_one_step_cell(world16):
    """DATA_PARALLEL TrainOneStepCell all-reduces the gradients first: AdaSum of equal updates is the update
    itself, so both wraps train exactly as the plain optimizer (MindSpore's advice is boost in this mode)."""
    plain, by_grad, by_delta = (np.asarray(w) for w in world16[1])
    assert not np.allclose(plain, 1.0)
    np.testing.assert_array_equal(by_grad, plain)
    np.testing.assert_array_equal(by_delta, plain)


@pytest.mark.slow
def test_world16_processes(tmp_path, worker):
    """16 launched processes (about 40 s on 2 cores): each rank calls the cells eagerly."""
    port = 18000 + os.getpid() % 2000
    proc = subprocess.run([sys.executable, "-m", "mindjax", "--worker_num=16", f"--master_port={port}",
                           f"--log_dir={tmp_path / 'logs'}", "_adasum_worker.py", str(tmp_path)], cwd=HERE,
                          env=_env(), capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ranks = [json.loads((tmp_path / f"rank_{r}.json").read_text()) for r in range(16)]
    _check_ranks([{k: [np.asarray(x) for x in v] for k, v in d.items()} for d in ranks], worker)

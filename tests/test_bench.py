"""bench/ stays runnable: its argument parsing, and the three frameworks' versions of each model
agree on every weight's name and shape (no compilation: a few seconds)."""
import os
import sys

import numpy as np
import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")
sys.path.insert(0, BENCH)

import bench  # noqa: E402
import variants  # noqa: E402


def test_quick_and_only_arguments_parse(monkeypatch):
    seen = {}

    def fake_main_rows(*a, **k):   # stop after parsing: no row runs
        raise SystemExit(0)
    monkeypatch.setattr(sys, "argv", ["bench.py", "--quick", "--only", "ab", "--no-mindspore"])
    monkeypatch.setattr(bench, "load_torch", lambda threads: seen.setdefault("threads", threads) and None)
    monkeypatch.setattr(bench, "bench_op", fake_main_rows)
    with pytest.raises(SystemExit):
        bench.main()
    assert seen == {"threads": 1}


@pytest.mark.parametrize("model", ["gpt"])   # (the quick ResNet takes a minute to initialise on a loaded CPU)
def test_quick_models_share_weight_names_and_shapes(model):
    cfg = variants.config(model, quick=True)
    params = variants.initial_params(model, cfg)
    xs, ys = variants.data(model, cfg)
    if model == "resnet50":
        assert xs.shape == (2, 3, 64, 64) and ys.max() < cfg["classes"]
        assert sum("moving_mean" in k for k in params) == 1 + 3 * 4 + 4   # stem, 3 per block, 4 shortcuts
    else:
        assert xs.shape == (2, 32) and ys.shape == (64,)
        assert np.array_equal(xs[:, 1:].reshape(-1), ys.reshape(2, 32)[:, :-1].reshape(-1))   # next-token targets
    torch = pytest.importorskip("torch")
    import torch_models
    if model == "resnet50":
        net, _ = torch_models.resnet50(torch, params, cfg["widths"], cfg["layers"], cfg["classes"])
    else:
        net, _ = torch_models.gpt(torch, params, cfg["vocab"], cfg["layers"], cfg["d_model"], cfg["heads"],
                                  cfg["seq"])
    # load() copied every torch tensor from a mindjax weight of the same shape; and none is left over
    got = {k for k in net.state_dict() if not k.endswith("num_batches_tracked")}
    assert len(got) == len(params)
    first = next(iter(net.state_dict().items()))
    assert np.array_equal(first[1].numpy(), params[torch_models.ms_name(first[0], dict(net.named_modules())[
        first[0].rpartition(".")[0]])])

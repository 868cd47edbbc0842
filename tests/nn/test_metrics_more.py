"""The metrics MindSpore 2.10 has beyond accuracy/precision (ROC, auc, BleuScore,
ConfusionMatrix(Metric), CosineSimilarity, Dice, the surface distances, Perplexity,
OcclusionSensitivity): each case's inputs, and what MindSpore's ``eval`` returned or
raised, come from tests/data/ms_metrics_more.json (tests/data/gen_metrics_more.py)."""
import json
import math
from pathlib import Path

import numpy as np
import pytest

from mindjax import nn, Tensor
from mindjax import train
from mindjax.nn import metrics

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "ms_metrics_more.json").read_text())


class OccModel(nn.Cell):
    def __init__(self, w, b):
        super().__init__()
        self.dense = nn.Dense(w.shape[1], w.shape[0], weight_init=Tensor(w), bias_init=Tensor(b))

    def construct(self, x):
        return self.dense(x.reshape(x.shape[0], -1))


def dec_in(x):
    if "occ_model" in x:
        w, b = (np.array(v, np.float32) for v in x["occ_model"])
        return OccModel(w, b)
    if "tensor" in x:
        return Tensor(np.array(x["tensor"], dtype=x["dtype"]))
    if "array" in x:
        return np.array(x["array"], dtype=x["dtype"])
    return x["raw"]


def assert_same(got, want, where):
    if "array" in want:
        assert isinstance(got, np.ndarray), (where, type(got))
        assert list(got.shape) == want["shape"], where
        assert str(got.dtype) == want["dtype"], where
        np.testing.assert_allclose(got.astype(np.float64), np.array(want["array"], np.float64), rtol=1e-6,
                                   atol=1e-7, err_msg=where)
    elif "scalar" in want:
        assert isinstance(got, np.generic), (where, type(got))
        assert str(got.dtype) == want["dtype"], where
        np.testing.assert_allclose(float(got), want["scalar"], rtol=1e-6, err_msg=where)
    elif "seq" in want:
        assert type(got).__name__ == want["kind"], where
        assert len(got) == len(want["seq"]), where
        for i, (g, w) in enumerate(zip(got, want["seq"])):
            assert_same(g, w, f"{where}[{i}]")
    elif "number" in want:
        assert type(got).__name__ == want["type"], (where, type(got))
        if math.isinf(want["number"]):
            assert got == want["number"], where
        else:
            assert got == pytest.approx(want["number"], rel=1e-6), where
    else:
        assert got == want["raw"], where


def run_case(case):
    name = case["metric"]
    try:
        if name == "get_metric_fn":
            metric = metrics.get_metric_fn(*case["args"], **case["kwargs"])
        else:
            metric = getattr(train, name)(*case["args"], **case["kwargs"])
        if case.get("indexes") is not None:
            metric.set_indexes(case["indexes"])
    except Exception as e:  # noqa: BLE001
        return {"ctor_error": [type(e).__name__, str(e)]}
    try:
        metric.clear()
        for inputs in case["updates"]:
            metric.update(*[dec_in(x) for x in inputs])
    except Exception as e:  # noqa: BLE001
        return {"update_error": [type(e).__name__, str(e)]}
    try:
        return {"result": metric.eval(**case["eval_kwargs"])}
    except Exception as e:  # noqa: BLE001
        return {"eval_error": [type(e).__name__, str(e)]}


# messages that come from numpy, whose wording differs between numpy versions
_ERROR_CLASS_ONLY = set()


_CASES = [c for c in DATA["metric_cases"] if c["id"] != "cmm_calc_mean_batch_1ch"]


@pytest.mark.parametrize("case", _CASES, ids=[c["id"] for c in _CASES])
def test_metric_matches_mindspore(case):
    got = run_case(case)
    for key in ("ctor_error", "update_error", "eval_error"):
        if key in case:
            assert key in got, (case["id"], got)
            assert got[key][0] == case[key][0], (case["id"], got[key])
            if case["id"] not in _ERROR_CLASS_ONLY:
                assert got[key][1] == case[key][1], case["id"]
            return
    assert "result" in got, (case["id"], got)
    assert_same(got["result"], case["result"], case["id"])


@pytest.mark.parametrize("entry", DATA["auc"], ids=[str(i) for i in range(len(DATA["auc"]))])
def test_auc_matches_mindspore(entry):
    try:
        if entry["x"] == "list":
            got = train.auc([0.0, 1.0], np.array([0.0, 1.0]))
        else:
            got = train.auc(np.array(entry["x"]), np.array(entry["y"]), entry["reorder"])
    except Exception as e:  # noqa: BLE001
        assert "error" in entry, entry
        assert [type(e).__name__, str(e)] == entry["error"]
        return
    assert "result" in entry, (entry, got)
    assert_same(got, entry["result"], str(entry))


def test_names_and_all():
    assert metrics.names() == DATA["names"]
    assert sorted(metrics.__all__) == sorted(DATA["metrics_all"])
    for name in DATA["metrics_all"]:
        assert hasattr(train, name), name


def test_roc_then_auc():
    metric = train.ROC(pos_label=1)
    metric.update(np.array([0.1, 0.4, 0.35, 0.8]), np.array([0, 0, 1, 1]))
    fpr, tpr, _ = metric.eval()
    assert float(train.auc(fpr, tpr)) == 0.75


def test_metric_call_clears():
    dice = train.Dice()
    first = dice(np.array([[0.2, 0.5]]), np.array([[0, 1]]))
    assert dice(np.array([[0.2, 0.5]]), np.array([[0, 1]])) == first


def test_confusion_matrix_metric_mean_batch():
    """MindSpore 2.10 raises TypeError for decrease='mean_batch' (a bug: its table holds the
    function, not its result); mindjax averages over the batch, which for one channel is
    MindSpore's 'mean'."""
    cases = {c["id"]: c for c in DATA["metric_cases"]}
    assert cases["cmm_calc_mean_batch_1ch"]["update_error"][0] == "TypeError"
    want = cases["cmm_calc_mean_1ch"]
    m = train.ConfusionMatrixMetric(metric_name="tpr", calculation_method=True, decrease="mean_batch")
    m.update(*[dec_in(x) for x in want["updates"][0]])
    assert m.eval() == pytest.approx(want["result"]["number"], rel=1e-12)

"""Record MindSpore 2.10's metrics and callbacks for tests/nn/test_metrics_more.py and
tests/train/test_callbacks_more.py.

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_metrics_more.py

It writes tests/data/ms_metrics_more.json: for each metric case the inputs, the
constructor arguments and what ``eval`` returned (or the exception class and message of
the constructor, ``update`` or ``eval``); ``names()``; and tiny ``Model.train`` runs with
LearningRateScheduler, BackupAndRestore and OnRequestExit (initial weights, per-step
learning rates, final weights, files left).
"""
import json
import os
import signal
import tempfile
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
from mindspore import train

warnings.filterwarnings("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE)
HERE = Path(__file__).resolve().parent
rng = np.random.default_rng(20240610)


# ---------------------------------------------------------------- encoding (mirrored in the tests)
def enc_in(x):
    if isinstance(x, Tensor):
        a = x.asnumpy()
        return {"tensor": a.tolist(), "dtype": str(a.dtype)}
    if isinstance(x, np.ndarray):
        return {"array": x.tolist(), "dtype": str(x.dtype)}
    return {"raw": x}


def enc_out(x):
    if isinstance(x, np.ndarray):
        return {"array": x.astype(np.float64).tolist() if x.dtype.kind in "fiub" else x.tolist(),
                "dtype": str(x.dtype), "shape": list(x.shape)}
    if isinstance(x, np.generic):
        return {"scalar": float(x), "dtype": str(x.dtype)}
    if isinstance(x, (list, tuple)):
        return {"seq": [enc_out(v) for v in x], "kind": type(x).__name__}
    if isinstance(x, bool):
        return {"raw": x}
    if isinstance(x, (int, float)):
        return {"number": float(x), "type": type(x).__name__}
    raise TypeError(type(x))


class OccModel(nn.Cell):
    """The model of the OcclusionSensitivity cases (fixed weights, stored here)."""

    def __init__(self, w, b):
        super().__init__()
        self.dense = nn.Dense(w.shape[1], w.shape[0], weight_init=Tensor(w), bias_init=Tensor(b))

    def construct(self, x):
        return self.dense(x.reshape(x.shape[0], -1))


def run_case(case):
    cls = getattr(train, case["metric"]) if case["metric"] != "get_metric_fn" else None
    out = {}
    try:
        if cls is None:
            metric = train.get_metric_fn(*case.get("args", []), **case.get("kwargs", {}))
        else:
            metric = cls(*case.get("args", []), **case.get("kwargs", {}))
        if case.get("indexes") is not None:
            metric.set_indexes(case["indexes"])
    except Exception as e:  # noqa: BLE001
        return {"ctor_error": [type(e).__name__, str(e)]}
    try:
        metric.clear()
        for inputs in case["updates"]:
            args = []
            for x in inputs:
                if isinstance(x, dict) and "occ_model" in x:
                    w, b = (np.array(v, np.float32) for v in x["occ_model"])
                    args.append(OccModel(w, b))
                else:
                    args.append(dec_in(x))
            metric.update(*args)
    except Exception as e:  # noqa: BLE001
        return {"update_error": [type(e).__name__, str(e)]}
    try:
        out["result"] = enc_out(metric.eval(**case.get("eval_kwargs", {})))
    except Exception as e:  # noqa: BLE001
        out["eval_error"] = [type(e).__name__, str(e)]
    return out


def dec_in(x):
    if "tensor" in x:
        return Tensor(np.array(x["tensor"], dtype=x["dtype"]))
    if "array" in x:
        return np.array(x["array"], dtype=x["dtype"])
    return x["raw"]


def T(a, dtype=None):
    return enc_in(Tensor(np.asarray(a, dtype=dtype)) if dtype else Tensor(np.asarray(a)))


def A(a, dtype=None):
    return enc_in(np.asarray(a, dtype=dtype) if dtype else np.asarray(a))


def R(x):
    return {"raw": x}


CASES = []


def case(cid, metric, updates, *args, eval_kwargs=None, indexes=None, **kwargs):
    CASES.append({"id": cid, "metric": metric, "args": list(args), "kwargs": kwargs, "updates": updates,
                  "eval_kwargs": eval_kwargs or {}, "indexes": indexes})


# ---- auc / ROC
roc_bin_pred, roc_bin_y = rng.random(12).round(2), rng.integers(0, 2, 12)
case("roc_doc_binary", "ROC", [[T([0.28, 0.55, 0.15, 0.05]), T([0, 1, 2, 3])]], pos_label=2)
case("roc_doc_multi", "ROC", [[T([[0.28, 0.55, 0.15, 0.05], [0.10, 0.20, 0.05, 0.05], [0.20, 0.05, 0.15, 0.05],
                                  [0.05, 0.05, 0.05, 0.75]]), T([0, 1, 2, 3])]], class_num=4)
case("roc_random_binary", "ROC", [[A(roc_bin_pred), A(roc_bin_y)]])
case("roc_ties", "ROC", [[A([0.5, 0.5, 0.2, 0.2, 0.9]), A([1, 0, 1, 0, 1])]], pos_label=1)
case("roc_multi_6x3", "ROC", [[A(rng.random((6, 3)).round(2)), A([0, 1, 2, 0, 1, 2])]], class_num=3)
case("roc_no_negative", "ROC", [[A([0.1, 0.2]), A([1, 1])]])
case("roc_no_positive", "ROC", [[A([0.1, 0.2]), A([0, 0])]])
case("roc_bad_class_num", "ROC", [[A([[0.1, 0.9]]), A([1])]], class_num=3)
case("roc_pos_label_multi", "ROC", [[A([[0.1, 0.9]]), A([1])]], class_num=2, pos_label=1)
case("roc_same_shape_class_num", "ROC", [[A([0.1, 0.9]), A([0, 1])]], class_num=2)
case("roc_bad_type", "ROC", [], class_num="2")
case("roc_no_update", "ROC", [])
case("roc_3_inputs", "ROC", [[A([0.1]), A([1]), A([1])]])
# ---- BleuScore
cand = [["i", "have", "a", "pen", "on", "my", "desk"]]
refs = [[["i", "have", "a", "pen", "in", "my", "desk"], ["there", "is", "a", "pen", "on", "the", "desk"]]]
case("bleu_doc", "BleuScore", [[R(cand), R(refs)]])
case("bleu_ngram2_smooth", "BleuScore", [[R(cand), R(refs)]], n_gram=2, smooth=True)
case("bleu_short_candidate", "BleuScore", [[R([["a", "pen", "on"]]), R(refs)]], n_gram=3)
case("bleu_two_updates", "BleuScore", [[R(cand), R(refs)], [R([["the", "cat", "is", "on", "the", "mat"]]),
                                                            R([[["there", "is", "a", "cat", "on", "the", "mat"]]])]])
case("bleu_zero", "BleuScore", [[R([["x", "y"]]), R([[["a", "b"]]])]])
case("bleu_bad_ngram", "BleuScore", [], n_gram=5)
case("bleu_ngram_str", "BleuScore", [], n_gram="4")
case("bleu_smooth_int", "BleuScore", [], smooth=1)
case("bleu_len_mismatch", "BleuScore", [[R(cand), R(refs * 2)]])
case("bleu_no_update", "BleuScore", [])
# ---- ConfusionMatrix
case("cm_doc", "ConfusionMatrix", [[T([1, 0, 1, 0]), T([1, 0, 0, 1])]], num_classes=2, normalize="no_norm",
     threshold=0.5)
cm_pred, cm_y = rng.random((10, 3)).astype(np.float32), rng.integers(0, 3, 10)
for norm in ("no_norm", "target", "prediction", "all"):
    case(f"cm_scores_{norm}", "ConfusionMatrix", [[A(cm_pred), A(cm_y)], [A(cm_pred[:4]), A(cm_y[4:8])]],
         num_classes=3, normalize=norm)
case("cm_threshold", "ConfusionMatrix", [[A([0.2, 0.7, 0.4, 0.9], "float32"), A([0, 1, 1, 1])]], num_classes=2,
     normalize="target", threshold=0.3)
case("cm_empty_row", "ConfusionMatrix", [[A([0, 0, 1]), A([0, 0, 0])]], num_classes=3, normalize="target")
case("cm_bad_normalize", "ConfusionMatrix", [], num_classes=2, normalize="label")
case("cm_bad_threshold", "ConfusionMatrix", [], num_classes=2, threshold=1)
case("cm_bad_num_classes", "ConfusionMatrix", [], num_classes=2.0)
case("cm_bad_ndim", "ConfusionMatrix", [[A(np.zeros((2, 2, 2))), A([0, 1])]], num_classes=2)
case("cm_no_update", "ConfusionMatrix", [], num_classes=2)
# ---- ConfusionMatrixMetric
cmm_x = np.array([[[0], [1]], [[1], [0]]])
cmm_y = np.array([[[0], [1]], [[0], [1]]])
case("cmm_doc", "ConfusionMatrixMetric", [[T(cmm_x), T(cmm_y)]], skip_channel=True, metric_name="tpr",
     calculation_method=False, decrease="mean")
seg_pred = rng.integers(0, 2, (3, 2, 4, 4))
seg_y = rng.integers(0, 2, (3, 2, 4, 4))
for name in ("sensitivity", "specificity", "precision", "negative predictive value", "miss rate", "fall out",
             "false discovery rate", "false omission rate", "prevalence threshold", "threat score", "accuracy",
             "balanced accuracy", "f1 score", "matthews correlation coefficient", "fowlkes mallows index",
             "informedness", "markedness"):
    case(f"cmm_{name.replace(' ', '_')}", "ConfusionMatrixMetric", [[A(seg_pred), A(seg_y)], [A(seg_y), A(seg_pred)]],
         metric_name=name)
for dec in ("mean", "sum", "mean_channel", "sum_channel", "sum_batch", "none"):
    case(f"cmm_calc_{dec}", "ConfusionMatrixMetric", [[A(seg_pred), A(seg_y)]], metric_name="f1 score",
         calculation_method=True, decrease=dec)
case("cmm_calc_mean_two", "ConfusionMatrixMetric", [[A(seg_pred), A(seg_y)], [A(seg_y), A(seg_pred)]],
     metric_name="precision", calculation_method=True, decrease="mean", skip_channel=False)
case("cmm_calc_mean_1ch", "ConfusionMatrixMetric", [[A(seg_pred[:, :1]), A(seg_y[:, :1])]], metric_name="tpr",
     calculation_method=True, decrease="mean")
case("cmm_calc_mean_batch_1ch", "ConfusionMatrixMetric", [[A(seg_pred[:, :1]), A(seg_y[:, :1])]], metric_name="tpr",
     calculation_method=True, decrease="mean_batch")
case("cmm_skip_channel_false", "ConfusionMatrixMetric", [[A(seg_pred), A(seg_y)]], metric_name="tpr",
     skip_channel=False)
case("cmm_not_binary", "ConfusionMatrixMetric", [[A(seg_pred), A(seg_y * 2)]])
case("cmm_1d", "ConfusionMatrixMetric", [[A([1, 0]), A([1, 0])]])
case("cmm_shape_mismatch", "ConfusionMatrixMetric", [[A(seg_pred[:, :1]), A(seg_y)]])
case("cmm_bad_name", "ConfusionMatrixMetric", [[A(seg_pred), A(seg_y)]], metric_name="nope")
case("cmm_bad_decrease", "ConfusionMatrixMetric", [], decrease="median")
case("cmm_bad_skip", "ConfusionMatrixMetric", [], skip_channel=1)
case("cmm_calc_no_update", "ConfusionMatrixMetric", [], calculation_method=True)
# ---- CosineSimilarity
cos_x = rng.standard_normal((4, 3)).round(3)
for sim in ("cosine", "dot"):
    for red in ("none", "sum", "mean"):
        case(f"cos_{sim}_{red}", "CosineSimilarity", [[A(cos_x)]], similarity=sim, reduction=red)
case("cos_diag", "CosineSimilarity", [[T([[1.0, 0.0], [1.0, 1.0]])]], zero_diagonal=False)
case("cos_bad_similarity", "CosineSimilarity", [], similarity="l2")
case("cos_bad_reduction", "CosineSimilarity", [], reduction=1)
case("cos_no_update", "CosineSimilarity", [])
# ---- Dice
dice_p, dice_y = rng.random((3, 2)).round(2), rng.integers(0, 2, (3, 2))
case("dice_doc", "Dice", [[A([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), A([[0, 1], [1, 0], [0, 1]])]], smooth=1e-5)
case("dice_two", "Dice", [[A(dice_p), A(dice_y)], [T(dice_y.astype(np.float32)), T(dice_y.astype(np.float32))]])
case("dice_zeros", "Dice", [[A([[0.0, 0.0]]), A([[0, 0]])]], smooth=0.5)
case("dice_smooth_int", "Dice", [], smooth=1)
case("dice_smooth_neg", "Dice", [], smooth=-1.0)
case("dice_shape", "Dice", [[A([[0.1, 0.2]]), A([[0, 1, 1]])]])
case("dice_no_update", "Dice", [])
# ---- surface distances
hd_x = np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]])
hd_y = np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]])
seg_a = rng.integers(0, 3, (6, 7))
seg_b = rng.integers(0, 3, (6, 7))
for metric in ("HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance"):
    key = {"HausdorffDistance": "hd", "MeanSurfaceDistance": "msd", "RootMeanSquareDistance": "rms"}[metric]
    case(f"{key}_doc", metric, [[T(hd_x), T(hd_y), R(0)]])
    for dist in ("euclidean", "chessboard", "taxicab"):
        for label in (0, 1, 2):
            case(f"{key}_{dist}_{label}", metric, [[A(seg_a), A(seg_b), R(label)]], distance_metric=dist)
    case(f"{key}_3d", metric, [[A(rng.integers(0, 2, (4, 5, 6))), A(rng.integers(0, 2, (4, 5, 6))), R(1)]])
    case(f"{key}_absent_in_pred", metric, [[A([[0, 0, 0], [0, 0, 0]]), A([[0, 1, 1], [0, 1, 1]]), R(1)]])
    case(f"{key}_absent_in_y", metric, [[A([[0, 1, 1], [0, 1, 1]]), A([[0, 0, 0], [0, 0, 0]]), R(1)]])
    case(f"{key}_label_missing", metric, [[A(hd_x), A(hd_y), R(7)]])
    case(f"{key}_label_str", metric, [[A(hd_x), A(hd_y), R("0")]])
    case(f"{key}_shape", metric, [[A(hd_x), A(hd_y[:2]), R(0)]])
    case(f"{key}_two_inputs", metric, [[A(hd_x), A(hd_y)]])
    case(f"{key}_bad_metric", metric, [], distance_metric="cosine")
    case(f"{key}_no_update", metric, [])
    if metric == "HausdorffDistance":
        for pct in (50.0, 90.0, 0.0):
            case(f"hd_percentile_{pct}", metric, [[A(seg_a), A(seg_b), R(1)]], percentile=pct)
        case("hd_percentile_bad", metric, [[A(seg_a), A(seg_b), R(1)]], percentile=150.0)
        case("hd_percentile_int", metric, [], percentile=50)
        case("hd_directed", metric, [[A(seg_a), A(seg_b), R(2)]], directed=True)
        case("hd_no_crop", metric, [[A(seg_a), A(seg_b), R(2)]], crop=False)
        case("hd_crop_thin", metric, [[A([[0, 0, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0]]),
                                        A([[0, 0, 0, 0], [1, 1, 1, 0], [0, 0, 0, 0]]), R(1)]])
    else:
        case(f"{key}_symmetric", metric, [[A(seg_a), A(seg_b), R(1)]], symmetric=True)
        case(f"{key}_symmetric_absent", metric, [[A([[0, 1, 1], [0, 1, 1]]), A([[0, 0, 0], [0, 0, 0]]), R(1)]],
             symmetric=True)
        case(f"{key}_bool", metric, [[A(seg_a == 1), A(seg_b == 1), R(1)]], symmetric=True)
        case(f"{key}_bad_symmetric", metric, [], symmetric=1)
# ---- Perplexity
pp_pred = rng.random((6, 4)).round(3)
pp_y = rng.integers(0, 4, 6)
case("pp_doc", "Perplexity", [[A([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), A([1, 0, 1])]], ignore_label=None)
case("pp_two", "Perplexity", [[A(pp_pred), A(pp_y)], [T(pp_pred[:3].astype(np.float32)), T(pp_y[:3])]])
case("pp_ignore", "Perplexity", [[A(pp_pred), A(pp_y)]], ignore_label=int(pp_y[0]))
case("pp_zero_prob", "Perplexity", [[A([[0.0, 1.0]]), A([0])]])
case("pp_shape", "Perplexity", [[A(pp_pred), A(pp_y[:4])]])
case("pp_bad_ignore", "Perplexity", [], ignore_label=1.0)
case("pp_no_update", "Perplexity", [])
case("pp_all_ignored", "Perplexity", [[A([[0.5, 0.5]]), A([1])]], ignore_label=1)
# ---- OcclusionSensitivity
occ_w = np.array([[0.1, 0.8, 0.1, 0.1], [1, 1, 1, 1]], np.float32)
occ_b = np.array([0.3, 0.6], np.float32)
occ_model = {"occ_model": [occ_w.tolist(), occ_b.tolist()]}
case("occ_doc", "OcclusionSensitivity", [[occ_model, A([[0.1, 0.2, 0.3, 0.4]], "float32"), A(1, "int32")]])
img_w = rng.standard_normal((3, 2 * 5 * 5)).round(2).astype(np.float32)
img_b = np.array([0.1, -0.2, 0.3], np.float32)
img_model = {"occ_model": [img_w.tolist(), img_b.tolist()]}
img = rng.random((1, 2, 5, 5)).round(2).astype(np.float32)
case("occ_image", "OcclusionSensitivity", [[img_model, A(img), A([2], "int32")]], margin=1, n_batch=7)
case("occ_image_bbox", "OcclusionSensitivity", [[img_model, A(img), A([0], "int32")]], pad_val=0.5,
     b_box=[0, 1, 1, 3, -1, 4])
case("occ_bbox_too_big", "OcclusionSensitivity", [[img_model, A(img), A([0], "int32")]], b_box=[0, 1, 1, 5, 0, 4])
case("occ_bbox_len", "OcclusionSensitivity", [[img_model, A(img), A([0], "int32")]], b_box=[0, 1])
case("occ_batch2", "OcclusionSensitivity", [[img_model, A(np.concatenate([img, img])), A([0, 1], "int32")]])
case("occ_int_label", "OcclusionSensitivity", [[img_model, A(img), R(1)]])
case("occ_not_cell", "OcclusionSensitivity", [[R(3), A(img), A([1], "int32")]])
case("occ_bad_pad", "OcclusionSensitivity", [], pad_val=0)
case("occ_no_update", "OcclusionSensitivity", [])
# ---- factory
case("factory_dice", "get_metric_fn", [[A([[0.2, 0.5]]), A([[0, 1]])]], "dice")
case("factory_unknown", "get_metric_fn", [], "dicey")
case("factory_indexes", "Dice", [[A([[1, 0]]), A([[0.2, 0.5]]), A([[0, 1]])]], indexes=[1, 2])

# auc as a function
AUC = []
for xs, ys, reorder in (([0.0, 0.5, 1.0], [0.0, 0.7, 1.0], False), ([1.0, 0.5, 0.0], [1.0, 0.7, 0.0], False),
                        ([0.5, 0.0, 1.0], [0.7, 0.0, 1.0], True), ([0.5, 0.0, 1.0], [0.7, 0.0, 1.0], False),
                        ([1.0], [1.0], False), ([0.0, 1.0], [0.0, 1.0, 1.0], False),
                        ([[0.0], [1.0]], [[0.0], [0.5]], False), ([[0.0, 1.0]], [[0.0, 1.0]], False)):
    entry = {"x": xs, "y": ys, "reorder": reorder}
    try:
        entry["result"] = enc_out(train.auc(np.array(xs), np.array(ys), reorder))
    except Exception as e:  # noqa: BLE001
        entry["error"] = [type(e).__name__, str(e)]
    AUC.append(entry)
try:
    train.auc([0.0, 1.0], np.array([0.0, 1.0]))
except Exception as e:  # noqa: BLE001
    AUC.append({"x": "list", "error": [type(e).__name__, str(e)]})

for c in CASES:
    c.update(run_case(c))

OUT = {"metric_cases": CASES, "auc": AUC, "names": train.names(), "metrics_all": list(train.metrics.__all__)}


# ---------------------------------------------------------------- Model.train with callbacks
def tiny_data(n=8, batch=2, seed=3):
    r = np.random.default_rng(seed)
    x = r.standard_normal((n, 3)).astype(np.float32)
    y = r.standard_normal((n, 1)).astype(np.float32)
    return x, y, batch


W0 = np.array([[0.3, -0.2, 0.5]], np.float32)
B0 = np.array([0.1], np.float32)


def tiny_model(lr=0.1, momentum=None):
    net = nn.Dense(3, 1, weight_init=Tensor(W0), bias_init=Tensor(B0))
    opt = nn.Momentum(net.trainable_params(), lr, momentum) if momentum else nn.SGD(net.trainable_params(), lr)
    return net, opt, train.Model(net, nn.MSELoss(), opt)


def dataset(x, y, batch):
    return ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(batch)


x, y, batch = tiny_data()
OUT["train_data"] = {"x": x.tolist(), "y": y.tolist(), "batch": batch, "w0": W0.tolist(), "b0": B0.tolist()}


class LrRecorder(train.Callback):
    def __init__(self, opt):
        super().__init__()
        self.opt, self.lrs = opt, []

    def on_train_step_end(self, run_context):
        self.lrs.append(float(self.opt.learning_rate.asnumpy()))


def lr_fn(lr, step):
    return lr * 0.5 if step % 3 == 0 else lr


net, opt, model = tiny_model(0.1, momentum=0.9)
rec = LrRecorder(opt)
model.train(3, dataset(x, y, batch), callbacks=[train.LearningRateScheduler(lr_fn), rec])
OUT["lr_scheduler"] = {"lrs_after_step": rec.lrs, "final_lr": float(opt.learning_rate.asnumpy()),
                       "weight": net.weight.asnumpy().tolist(), "bias": net.bias.asnumpy().tolist()}

# BackupAndRestore: run A is killed in epoch 3 (after the epoch-2 backup); run B resumes with initial_epoch=2
tmp = tempfile.mkdtemp()
os.chdir(tmp)


class Crash(train.Callback):
    def on_train_step_end(self, run_context):
        if run_context.original_args().cur_step_num == 10:
            raise KeyboardInterrupt


net_full, _, model_full = tiny_model(0.05, momentum=0.9)
model_full.train(3, dataset(x, y, batch))
net_a, _, model_a = tiny_model(0.05, momentum=0.9)
try:
    model_a.train(3, dataset(x, y, batch), callbacks=[train.BackupAndRestore("bk"), Crash()])
except KeyboardInterrupt:
    pass
left_after_crash = sorted(os.listdir("bk"))
net_b, _, model_b = tiny_model(0.05, momentum=0.9)
model_b.train(3, dataset(x, y, batch), callbacks=[train.BackupAndRestore("bk")], initial_epoch=2)
OUT["backup"] = {"full": net_full.weight.asnumpy().tolist() + [net_full.bias.asnumpy().tolist()],
                 "resumed": net_b.weight.asnumpy().tolist() + [net_b.bias.asnumpy().tolist()],
                 "after_crash": left_after_crash, "after_resume": sorted(os.listdir("bk"))}
net_c, _, model_c = tiny_model(0.05)
model_c.train(2, dataset(x, y, batch), callbacks=[train.BackupAndRestore("bk2", save_freq=2,
                                                                          delete_checkpoint=False)])
OUT["backup"]["kept"] = sorted(os.listdir("bk2"))
errs = {}
for kw in ({"save_freq": 0}, {"save_freq": "step"}, {"delete_checkpoint": 1}, {"backup_dir": 3}):
    try:
        train.BackupAndRestore(**({"backup_dir": "bk3"} | kw))
    except Exception as e:  # noqa: BLE001
        errs[json.dumps(kw)] = [type(e).__name__, str(e)]
OUT["backup"]["errors"] = errs

# OnRequestExit (MindSpore 2.10 stops only with MS_ENABLE_GRACEFUL_EXIT=1: recorded in a child process)
OUT["on_request_exit"] = {}
errs = {}
for kw in ({"save_ckpt": 1}, {"save_mindir": "no"}, {"sig": "TERM"}, {"sig": signal.SIGKILL}):
    try:
        train.OnRequestExit(**kw)
    except Exception as e:  # noqa: BLE001
        errs[json.dumps(kw)] = [type(e).__name__, str(e)]
OUT["on_request_exit"]["errors"] = errs



def graceful_child(out_path):
    """Runs in a child process with MS_ENABLE_GRACEFUL_EXIT=1: SIGTERM at the end of step 3."""
    steps = []

    class Sig(train.Callback):
        def on_train_step_end(self, run_context):
            cb = run_context.original_args()
            steps.append([cb.cur_epoch_num, cb.cur_step_num])
            if cb.cur_step_num == 3:
                os.kill(os.getpid(), signal.SIGTERM)

    os.chdir(tempfile.mkdtemp())
    net, _, model = tiny_model(0.1)
    model.train(3, dataset(x, y, batch), callbacks=[Sig(), train.OnRequestExit(save_mindir=False,
                                                                                directory="./out")])
    params = ms.load_checkpoint("./out/rank_0/Net_train.ckpt")
    res = {"steps": steps, "files": sorted(os.listdir("./out/rank_0")),
           "weight": net.weight.asnumpy().tolist(), "bias": net.bias.asnumpy().tolist(),
           "ckpt": {k: v.asnumpy().tolist() for k, v in params.items() if k in ("weight", "bias", "global_step")}}
    Path(out_path).write_text(json.dumps(res))


if os.environ.get("GEN_GRACEFUL_CHILD"):
    graceful_child(os.environ["GEN_GRACEFUL_CHILD"])
    raise SystemExit(0)
import subprocess  # noqa: E402
import sys  # noqa: E402
child_out = os.path.join(tempfile.mkdtemp(), "graceful.json")
subprocess.run([sys.executable, str(Path(__file__).resolve())], check=True, capture_output=True,
               env=dict(os.environ, MS_ENABLE_GRACEFUL_EXIT="1", GEN_GRACEFUL_CHILD=child_out))
OUT["on_request_exit"]["graceful"] = json.loads(Path(child_out).read_text())

(HERE / "ms_metrics_more.json").write_text(json.dumps(OUT, indent=1, allow_nan=True))
print("wrote", len(CASES), "metric cases")

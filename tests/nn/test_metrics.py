"""Metrics: values and errors recorded once from real MindSpore 2.10 (mindspore.train metrics)."""
import numpy as np
import pytest

from mindjax import Tensor
from mindjax.train import (Accuracy, Loss, TopKCategoricalAccuracy, Top1CategoricalAccuracy, Top5CategoricalAccuracy,
                           Precision, Recall, MAE, MSE, F1, Fbeta, get_metric_fn, Metric)
import mindjax.nn as nn

yp = np.array([[0.2, 0.5, 0.3], [0.3, 0.2, 0.5], [0.9, 0.05, 0.05], [0.1, 0.1, 0.8], [0.3, 0.4, 0.3]], np.float32)
y = np.array([1, 0, 0, 2, 2], np.int32)
ML_P, ML_Y = np.array([[1, 0, 1], [0, 1, 1]]), np.array([[1, 0, 1], [0, 1, 0]])

EXPECTED = {'acc': 0.6,
 'acc2': 0.6,
 'acc_multilabel': 0.5,
 'acc_onehot': 0.6,
 'f1': [0.6666666666666666, 0.6666666666666666, 0.5],
 'fbeta2': 0.6296296296296297,
 'loss': 2.75,
 'mae': 0.35,
 'mse': 0.02,
 'prec': [1.0, 0.5, 0.5],
 'prec_avg': 0.6666666666666666,
 'prec_ml': [1.0, 0.5],
 'rec': [0.5, 1.0, 0.5],
 'rec_avg': 0.6666666666666666,
 'top1': 0.6,
 'top2': 0.8,
 'top5': 1.0}

ERRORS = {'acc_classnum': ['ValueError',
                  "For 'Accuracy.update', class number not match, last input predicted data contain 3 "
                  'classes, but current predicted data contain 2 classes, please check your predicted '
                  'value(inputs[0]).'],
 'acc_one_input': ['ValueError',
                   "For 'Accuracy.update', it needs 2 inputs (predicted value, true value), but got 1"],
 'acc_shape': ['ValueError',
               'In classification case, y_pred (predicted value) shape and y (true value) shape can not '
               'match, y shape should be equal to y_pred shape that the value at index 1 is deleted. Such as '
               'y_pred shape (1, 2, 3), then y shape should be (1, 3). But got y_pred shape (5, 3) and y '
               'shape (3,)'],
 'bad_type': ['TypeError',
              "For 'Metric' and its derived classes, the input data type must be tensor, list or "
              "numpy.ndarray, but got <class 'tuple'>."],
 'empty_Accuracy': ['RuntimeError',
                    "The 'Accuracy' can not be calculated, because the number of samples is 0, please check "
                    'whether your inputs(predicted value, true value) are empty, or has called update method '
                    'before calling eval method.'],
 'empty_Loss': ['RuntimeError',
                "The 'Loss' can not be calculated, because the number of samples is 0, please check whether "
                'has called update method before calling eval method.'],
 'empty_MAE': ['RuntimeError',
               "The 'MAE' can not be calculated, because the number of samples is 0, please check whether "
               'your inputs(predicted value, true value) are empty, or has called update method before '
               'calling eval method.'],
 'empty_MSE': ['RuntimeError',
               "The 'MSE' can not be calculated, because the number of samples is 0, please check whether "
               'your inputs(predicted value, true value) are empty, or has called update method before '
               'calling eval method.'],
 'empty_Precision': ['RuntimeError',
                     "The 'Precision' can not be calculated, because the number of samples is 0, please "
                     'check whether your inputs (predicted value, true value) are empty, or has called '
                     'update method before calling eval method.'],
 'empty_Recall': ['RuntimeError',
                  "The 'Recall' can not be calculated, because the number of samples is 0, please check "
                  'whether your inputs (predicted value, true value) are empty, or has called update method '
                  'before calling eval method.'],
 'empty_topk': ['RuntimeError',
                "The 'TopKCategoricalAccuracy' can not be calculated, because the number of samples is 0, "
                'please check whether your inputs (predicted value, true value) are empty, or has called '
                'update method before calling eval method.'],
 'get_metric_fn_bad': ['KeyError',
                       '"For \'get_metric_fn\', unsupported metric nope, please refer to official website '
                       'for more details about supported metrics."'],
 'loss_2d': ['ValueError', "For 'Loss.update', the dimension of your input (loss) must be 1, but got 2."],
 'prec_classes': ['ValueError',
                  "For 'Precision.update', predicted value (input[0]) should have the same classes number as "
                  'true value (input[1]), but got predicted value classes 3, true value classes 6.'],
 'set_indexes_bad': ['ValueError',
                     "For 'set_indexes', the argument 'indexes' must be a list and all its elements must be "
                     'int, please check whether it is correct.'],
 'topk_k0': ['ValueError',
             "For 'TopKCategoricalAccuracy', the argument 'k' must be at least 1, but got 'k' value: 0."],
 'topk_kfloat': ['TypeError',
                 "For 'TopKCategoricalAccuracy', the type of the argument 'k' should be int, but got 'k' "
                 "type: <class 'float'>."]}


def _run(m, *batches, **ev):
    for b in batches:
        m.update(*b)
    return m.eval(**ev)


def _values():
    yp6 = np.concatenate([yp, yp], 1)
    return {
        "acc": _run(Accuracy(), (Tensor(yp), Tensor(y))),
        "acc2": _run(Accuracy(), (yp[:2], y[:2]), (yp[2:], y[2:])),
        "acc_multilabel": _run(Accuracy("multilabel"), (ML_P, ML_Y)),
        "acc_onehot": _run(Accuracy(), (yp, np.eye(3)[y])),
        "loss": _run(Loss(), (np.array([1.0, 2.0]),), (Tensor(np.float32(4.0)),)),
        "top2": _run(TopKCategoricalAccuracy(2), (yp, y)),
        "top1": _run(Top1CategoricalAccuracy(), (yp, y)),
        "top5": _run(Top5CategoricalAccuracy(), (yp6, y)),
        "prec": _run(Precision(), (yp, y)),
        "prec_avg": _run(Precision(), (yp, y), average=True),
        "rec": _run(Recall(), (yp, y)),
        "rec_avg": _run(Recall(), (yp, y), average=True),
        "prec_ml": _run(Precision("multilabel"), (ML_P, ML_Y)),
        "f1": _run(F1(), (yp, y)),
        "fbeta2": _run(Fbeta(2), (yp, y), average=True),
        "mae": _run(MAE(), (np.array([[0.1, 0.2], [0.5, 0.5]]), np.array([[0.0, 0.3], [1.0, 0.5]]))),
        "mse": _run(MSE(), (np.array([0.1, 0.2, 0.6]), np.array([0.0, 0.4, 0.5]))),
    }


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_metric_values_match_mindspore(name):
    np.testing.assert_allclose(np.asarray(_values()[name], np.float64), EXPECTED[name], rtol=1e-12, atol=1e-12)


def _raise(name):
    if name.startswith("empty_"):
        cls = name[len("empty_"):]
        m = TopKCategoricalAccuracy(3) if cls == "topk" else get_metric_fn(cls.lower())
        return m.eval()
    a = Accuracy()
    return {
        "acc_one_input": lambda: a.update(yp),
        "acc_shape": lambda: a.update(yp, y[:3]),
        "acc_classnum": lambda: (a.update(yp, y), a.update(yp[:, :2], y)),
        "topk_k0": lambda: TopKCategoricalAccuracy(0),
        "topk_kfloat": lambda: TopKCategoricalAccuracy(1.5),
        "bad_type": lambda: a.update((1, 2), y),
        "get_metric_fn_bad": lambda: get_metric_fn("nope"),
        "loss_2d": lambda: Loss().update(np.ones((2, 2))),
        "prec_classes": lambda: Precision().update(yp, np.array([1, 0, 0, 2, 5])),
        "set_indexes_bad": lambda: a.set_indexes((0, 1)),
    }[name]()


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_metric_errors_match_mindspore(name):
    exc_name, msg = ERRORS[name]
    with pytest.raises(Exception) as info:
        _raise(name)
    assert type(info.value).__name__ == exc_name
    if exc_name == "KeyError":
        assert repr(info.value.args[0]) == msg or info.value.args[0] == msg[1:-1]
    else:
        assert str(info.value) == msg


def test_eval_type_error():
    with pytest.raises(TypeError, match="The argument 'eval_type' must be in"):
        Accuracy("foo")


def test_clear_and_call_and_indexes():
    m = Accuracy()
    m.update(yp, y)
    m.clear()
    with pytest.raises(RuntimeError):
        m.eval()
    assert m(yp, y) == pytest.approx(0.6)
    m2 = Accuracy().set_indexes([1, 2])
    m2.update(np.zeros(5), yp, y)
    assert m2.eval() == pytest.approx(0.6)
    assert isinstance(m2, Metric)


def test_nn_metrics_namespace():
    assert nn.Accuracy is Accuracy
    import mindjax.nn.metrics as metrics
    assert metrics.Accuracy is Accuracy and "accuracy" in metrics.names()
    assert isinstance(get_metric_fn("top_5_accuracy"), Top5CategoricalAccuracy)

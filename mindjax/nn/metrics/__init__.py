"""``mindspore.nn.metrics`` / ``mindspore.train.metrics``: host-side (numpy) evaluation metrics.

Every metric has ``clear()``, ``update(*inputs)`` (Tensors, lists or numpy arrays) and
``eval()``; ``metric(*inputs)`` does all three.  ``eval`` before any ``update`` raises
RuntimeError, as in MindSpore.
"""
from .metric import Metric, EvaluationBase, rearrange_inputs
from .accuracy import (Accuracy, Loss, TopKCategoricalAccuracy, Top1CategoricalAccuracy,
                       Top5CategoricalAccuracy, MAE, MSE)
from .precision import Precision, Recall, Fbeta, F1
from .auc import auc
from .roc import ROC
from .bleu_score import BleuScore
from .cosine_similarity import CosineSimilarity
from .dice import Dice
from .perplexity import Perplexity
from .confusion_matrix import ConfusionMatrix, ConfusionMatrixMetric
from .surface_distance import HausdorffDistance, MeanSurfaceDistance, RootMeanSquareDistance
from .occlusion_sensitivity import OcclusionSensitivity

__all__ = ["names", "get_metric_fn", "Accuracy", "MAE", "MSE", "Metric", "rearrange_inputs", "Precision",
           "HausdorffDistance", "Recall", "Fbeta", "BleuScore", "CosineSimilarity", "OcclusionSensitivity", "F1",
           "Dice", "ROC", "auc", "TopKCategoricalAccuracy", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy",
           "Loss", "MeanSurfaceDistance", "RootMeanSquareDistance", "Perplexity", "ConfusionMatrix",
           "ConfusionMatrixMetric"]

__factory__ = {
    "accuracy": Accuracy,
    "acc": Accuracy,
    "precision": Precision,
    "recall": Recall,
    "F1": F1,
    "dice": Dice,
    "roc": ROC,
    "auc": auc,
    "bleu_score": BleuScore,
    "cosine_similarity": CosineSimilarity,
    "occlusion_sensitivity": OcclusionSensitivity,
    "topk": TopKCategoricalAccuracy,
    "hausdorff_distance": HausdorffDistance,
    "top_1_accuracy": Top1CategoricalAccuracy,
    "top_5_accuracy": Top5CategoricalAccuracy,
    "mae": MAE,
    "mse": MSE,
    "loss": Loss,
    "mean_surface_distance": MeanSurfaceDistance,
    "root_mean_square_distance": RootMeanSquareDistance,
    "perplexity": Perplexity,
    "confusion_matrix": ConfusionMatrix,
    "confusion_matrix_metric": ConfusionMatrixMetric,
}


def names():
    """Sorted names accepted by :func:`get_metric_fn`."""
    return sorted(__factory__.keys())


def get_metric_fn(name, *args, **kwargs):
    """A metric instance from its name (``"accuracy"``, ``"mae"``, ...)."""
    if name not in __factory__:
        raise KeyError(f"For 'get_metric_fn', unsupported metric {name}, please refer to official website for "
                       f"more details about supported metrics.")
    return __factory__[name](*args, **kwargs)


def get_metrics(metrics):
    """``{name: Metric}`` from None, a dict of metrics or a set of names."""
    if metrics is None:
        return metrics
    if isinstance(metrics, dict):
        for name, metric in metrics.items():
            if not isinstance(name, str) or not isinstance(metric, Metric):
                raise TypeError(f"For 'get_metrics', if 'metrics' is dict, the key in 'metrics' must be string and "
                                f"value in 'metrics' must be Metric, but got key:{type(name)}, "
                                f"value:{type(metric)}.")
        return metrics
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in metrics}
    raise TypeError("For 'get_metrics', the argument 'metrics' must be None, dict or set, "
                    "but got {}".format(metrics))

"""``mindspore.nn``: Cell, layers, losses, optimizers, wrappers, metrics."""
from .cell import Cell  # noqa: F401
from .layer import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
from .optim import *  # noqa: F401,F403
from .wrap import *  # noqa: F401,F403
from .wrap.grad_reducer import *  # noqa: F401,F403
from .wrap.cell_wrapper_more import *  # noqa: F401,F403
from .learning_rate_schedule import *  # noqa: F401,F403
from . import dynamic_lr  # noqa: F401
from .dynamic_lr import *  # noqa: F401,F403
from ..common.parameter import Parameter, ParameterTuple  # noqa: F401
from .grad import Jvp, Vjp  # noqa: F401
from .layer.ext_layers import *  # noqa: F401,F403
from .layer.sparse_field import *  # noqa: F401,F403
from .layer.fractional import *  # noqa: F401,F403
from .graph_cell import GraphCell  # noqa: F401
from .wrap.micro_batch import *  # noqa: F401,F403
from .loss.sampled_softmax import SampledSoftmaxLoss  # noqa: F401
from .layer.unfold import Unfold  # noqa: F401
from . import utils  # noqa: F401,E402
from .utils import no_init_parameters  # noqa: F401,E402
from .metrics import get_metrics  # noqa: F401,E402  (MindSpore also exports it from nn)
from . import probability  # noqa: F401,E402  (``nn.probability`` after ``import mindspore.nn``, as MindSpore)
import sys as _sys  # noqa: E402

# ``from .loss import *`` above also copied the package's own ``loss`` attribute (its submodule
# nn.loss.loss) over the name: ``mindspore.nn.loss`` is the package, as in MindSpore
loss = _sys.modules[__name__ + ".loss"]
del _sys


# the metrics MindSpore 2.10 also exports from ``mindspore.nn``, loaded on first use
_METRICS = ("Accuracy", "Loss", "Metric", "TopKCategoricalAccuracy", "Precision", "Recall", "Top1CategoricalAccuracy",
            "Top5CategoricalAccuracy", "MAE", "MSE", "get_metric_fn", "F1", "Fbeta", "names", "rearrange_inputs",
            "BleuScore", "ConfusionMatrix", "ConfusionMatrixMetric", "CosineSimilarity", "Dice", "HausdorffDistance",
            "MeanSurfaceDistance", "OcclusionSensitivity", "Perplexity", "ROC", "RootMeanSquareDistance", "auc")


def __getattr__(name):
    import importlib
    if name == "metrics":
        return importlib.import_module(f"{__name__}.metrics")
    if name in ("FixedLossScaleUpdateCell", "DynamicLossScaleUpdateCell"):  # defined with the loss-scale managers
        return getattr(importlib.import_module("mindjax.train.loss_scale"), name)
    if name in _METRICS:
        return getattr(importlib.import_module(f"{__name__}.metrics"), name)
    raise AttributeError(f"module 'mindspore.nn' has no attribute '{name}'")


def __dir__():
    return sorted(set(globals()) | set(_METRICS) | {"metrics", "FixedLossScaleUpdateCell",
                                                     "DynamicLossScaleUpdateCell"})

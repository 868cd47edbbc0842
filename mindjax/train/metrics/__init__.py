"""``mindspore.train.metrics``: the evaluation metrics (defined in ``mindjax.nn.metrics``, which
MindSpore also keeps as ``mindspore.nn.metrics``)."""
from ...nn.metrics import *  # noqa: F401,F403
from ...nn.metrics import __all__  # noqa: F401
from ...nn.metrics import EvaluationBase, get_metrics  # noqa: F401

"""``mindspore.train``: Model, callbacks, checkpoints, loss scale managers and metrics."""
from .model import Model
from .callback import (Callback, LossMonitor, TimeMonitor, ModelCheckpoint, CheckpointConfig, RunContext,
                       History, LambdaCallback, ReduceLROnPlateau, EarlyStopping)
from . import callback
from .serialization import save_checkpoint, load_checkpoint, load_param_into_net
from .loss_scale import LossScaleManager, FixedLossScaleManager, DynamicLossScaleManager
from ..nn import metrics
from ..nn.metrics import *  # noqa: F401,F403
from ..nn.metrics import __all__ as _metrics_all

__all__ = ["Model", "save_checkpoint", "load_checkpoint", "load_param_into_net", "LossScaleManager",
           "FixedLossScaleManager", "DynamicLossScaleManager"] + list(callback.__all__) + list(_metrics_all)

"""Training callbacks (``mindspore.train.callback``)."""
from ._callback import Callback, CallbackManager, RunContext, InternalCallbackParam
from ._monitors import LossMonitor, TimeMonitor, History, LambdaCallback
from ._checkpoint import CheckpointConfig, ModelCheckpoint, CheckpointManager
from ._control import EarlyStopping, ReduceLROnPlateau

_CallbackManager = CallbackManager
_InternalCallbackParam = InternalCallbackParam

__all__ = ["Callback", "LossMonitor", "TimeMonitor", "ModelCheckpoint", "CheckpointConfig", "RunContext",
           "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping"]

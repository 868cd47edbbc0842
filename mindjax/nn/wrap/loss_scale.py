"""``mindspore.nn.wrap.loss_scale``."""
from .cell_wrapper import TrainOneStepWithLossScaleCell  # noqa: F401

__all__ = ["TrainOneStepWithLossScaleCell"]

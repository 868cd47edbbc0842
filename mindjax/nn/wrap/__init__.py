"""Wrapper Cells: WithLossCell, TrainOneStepCell, ..."""
from .cell_wrapper import *  # noqa: F401,F403

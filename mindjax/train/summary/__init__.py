"""``mindspore.train.summary``: SummaryRecord (TensorBoard event files in mindjax)."""
from .summary_record import SummaryRecord

__all__ = ["SummaryRecord"]

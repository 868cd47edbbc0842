"""``mindspore.dataset.engine.datasets_standard_format``: the data sets of standard file formats (MindSpore's module; see _layout.py)."""
from ._layout import reexport

__all__ = reexport(globals(), ["CSVDataset", "MindDataset", "TFRecordDataset", "OBSMindDataset"])

"""``mindspore.dataset.engine.datasets_user_defined``: the data sets of user code (MindSpore's module; see _layout.py)."""
from ._layout import reexport

__all__ = reexport(globals(), ["SamplerFn", "GeneratorDataset", "NumpySlicesDataset", "PaddedDataset"])

"""``mindspore.dataset.engine.datasets_audio``: the audio data sets (MindSpore's module; see _layout.py)."""
from ._layout import reexport

__all__ = reexport(globals(), ["CMUArcticDataset", "GTZANDataset", "LibriTTSDataset", "LJSpeechDataset", "SpeechCommandsDataset", "TedliumDataset", "YesNoDataset"])

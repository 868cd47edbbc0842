"""``mindspore.dataset.engine.datasets_text``: the text data sets (MindSpore's module; see _layout.py)."""
from ._layout import reexport

__all__ = reexport(globals(), ["AGNewsDataset", "AmazonReviewDataset", "CLUEDataset", "CoNLL2000Dataset", "DBpediaDataset", "EnWik9Dataset", "IMDBDataset", "IWSLT2016Dataset", "IWSLT2017Dataset", "Multi30kDataset", "PennTreebankDataset", "SogouNewsDataset", "SQuADDataset", "SST2Dataset", "TextFileDataset", "UDPOSDataset", "WikiTextDataset", "YahooAnswersDataset", "YelpReviewDataset"])

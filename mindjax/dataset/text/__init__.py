"""``mindspore.dataset.text``: tokenizers, vocabularies and string transforms on numpy string arrays.

Examples:
    >>> import mindjax.dataset.text as text
    >>> vocab = text.Vocab.from_list(["hello", "world"], ["<unk>"])
    >>> text.Lookup(vocab, "<unk>")(text.WhitespaceTokenizer()("hello big world")).tolist()
    [1, 0, 2]
"""
import platform  # noqa: F401 - MindSpore's text package exposes it

from . import transforms, utils  # noqa: F401
from .transforms import (AddToken, BasicTokenizer, BertTokenizer, CaseFold, FilterWikipediaXML, Lookup,  # noqa: F401
                         NormalizeUTF8, Ngram, PythonTokenizer, RegexReplace, RegexTokenizer, SentencePieceTokenizer,
                         SlidingWindow, ToNumber, ToVectors, Truncate, TruncateSequencePair, UnicodeCharTokenizer,
                         UnicodeScriptTokenizer, WhitespaceTokenizer, WordpieceTokenizer)
from .utils import (CharNGram, FastText, GloVe, JiebaMode, NormalizeForm, SentencePieceModel,  # noqa: F401
                    SentencePieceVocab, SPieceTokenizerLoadType, SPieceTokenizerOutType, Vectors, Vocab, to_bytes,
                    to_str)
from . import validators  # noqa: F401,E402

__all__ = ["AddToken", "BasicTokenizer", "BertTokenizer", "CaseFold", "FilterWikipediaXML", "Lookup", "NormalizeUTF8",
           "Ngram", "PythonTokenizer", "RegexReplace", "RegexTokenizer", "SentencePieceTokenizer", "SlidingWindow",
           "ToNumber", "ToVectors", "Truncate", "TruncateSequencePair", "UnicodeCharTokenizer",
           "UnicodeScriptTokenizer", "WhitespaceTokenizer", "WordpieceTokenizer", "CharNGram", "FastText", "GloVe",
           "JiebaMode", "NormalizeForm", "SentencePieceModel", "SentencePieceVocab", "SPieceTokenizerLoadType",
           "SPieceTokenizerOutType", "Vectors", "Vocab", "to_bytes", "to_str", "transforms", "utils", "validators",
           "platform"]

"""BERT's tokenizers as MindSpore's kernels run them: BasicTokenizer, WordpieceTokenizer, BertTokenizer."""
import numpy as np

from ..engine import _errors as E
from ..engine import validators as V
from . import _unicode as U
from ._base import _regex_tokens, _strings, _Tokenizer, TextTensorOperation
from .utils import NormalizeForm, Vocab


_COMMON = ("[!-/]|[:-@]|[\\[-`]|[{-~]|[\\p{P}]|[\\x{4E00}-\\x{9FFF}]|[\\x{3400}-\\x{4DBF}]|[\\x{20000}-\\x{2A6DF}]"
           "|[\\x{2A700}-\\x{2B73F}]|[\\x{2B740}-\\x{2B81F}]|[\\x{2B820}-\\x{2CEAF}]|[\\x{F900}-\\x{FAFF}]"
           "|[\\x{2F800}-\\x{2FA1F}]")
_UNUSED = "\\[CLS\\]|\\[SEP\\]|\\[UNK\\]|\\[PAD\\]|\\[MASK\\]|\\[unused\\d+\\]|"
_UNUSED_WORDS = {"[CLS]", "[SEP]", "[UNK]", "[PAD]", "[MASK]"}


def _fold_keeping_unused(text):
    """MindSpore's CaseFoldWithoutUnusedWords, as 2.10 computes it: each piece before a preserved word
    is folded from the start of the text (its start index is never advanced), so text before a second
    preserved word appears twice in the output."""
    spans, start, length = [], -1, 0
    for i, ch in enumerate(text):
        if ch == "[":
            start, length = i, 1
        elif ch == "]" and start >= 0:
            length += 1
            if text[start:start + length] in _UNUSED_WORDS:
                spans.append((start, start + length - 1))
            start, length = -1, 0
        elif start >= 0:
            length += 1
    out, i = [], 0
    while i < len(text):
        if not spans:
            out.append(U.nfkc_casefold(text[0:len(text)]))
            break
        s, e = spans.pop(0)
        out.append(U.nfkc_casefold(text[0:s]) + text[s:e + 1])
        i = e + 1
    return "".join(out)


def _check_form(normalization_form):
    V.type_check(normalization_form, (NormalizeForm,), "normalization_form")
    return normalization_form


class BasicTokenizer(_Tokenizer):
    """BERT's basic tokenization: optional lower-casing (NFKC case folding, accents removed), control
    characters to spaces, then split on white space, punctuation and CJK characters."""

    _name = "BasicTokenizer"

    def __init__(self, lower_case: bool = False, keep_whitespace: bool = False,
                 normalization_form=NormalizeForm.NONE, preserve_unused_token: bool = True,
                 with_offsets: bool = False):
        for n, v in (("lower_case", lower_case), ("keep_whitespace", keep_whitespace),
                     ("preserve_unused_token", preserve_unused_token)):
            V.type_check(v, (bool,), n)
        super().__init__(with_offsets)
        self.lower_case, self.keep_whitespace = lower_case, keep_whitespace
        self.normalization_form = _check_form(normalization_form)
        self.preserve_unused_token = preserve_unused_token
        delim = "\\s+|" + _COMMON
        keep = delim if keep_whitespace else _COMMON
        if preserve_unused_token:
            delim, keep = _UNUSED + delim, _UNUSED + keep
        self._delim, self._keep = delim, keep

    def _apply(self, x):
        if x.ndim != 0:
            raise E.pipeline_error(f"BasicTokenizer: the input should be a scalar, but got a tensor with rank: "
                                   f"{x.ndim}")
        if x.dtype.kind != "U":
            raise E.pipeline_error("BasicTokenizer: the input should be of type string.")
        return super()._apply(x)

    def _tokens(self, text):
        import unicodedata
        if self.lower_case:
            text = _fold_keeping_unused(text) if self.preserve_unused_token else U.nfkc_casefold(text)
            text = unicodedata.normalize("NFD", text)
            text = U.compile_pattern(r"\p{Mn}").sub("", text)
        else:
            text = U.normalize(text, self.normalization_form)
        text = U.compile_pattern(r"\p{Cc}|\p{Cf}").sub(" ", text)
        return _regex_tokens(text, self._delim, self._keep)


def _check_vocab(vocab):
    if not isinstance(vocab, Vocab):
        raise TypeError(f"Argument vocab with value {vocab} is not of type [<class "
                        f"'mindspore.dataset.text.utils.Vocab'>], but got {type(vocab)}.")
    vocab._check()
    return vocab


def _wordpiece(vocab, word, basic_start, suffix, max_bytes, unknown, starts, limits):
    """MindSpore's WordpieceTokenizer on one word (byte positions); returns its tokens and extends the
    offset lists (which, as in MindSpore, keep the offsets of pieces found before an unknown one)."""
    ids = vocab._ids
    raw = word.encode("utf-8")
    if len(raw) > max_bytes:
        starts.append(basic_start)
        if unknown:
            limits.append(basic_start + U.utf8_len(unknown))
            return [unknown]
        limits.append(basic_start + len(raw))
        return [word]
    ends, pos = [], 0
    for ch in word:
        pos += U.utf8_len(ch)
        ends.append(pos)
    out, start = [], 0
    while start < len(raw):
        found = None
        for end in reversed(ends):
            if end - start <= 0:
                continue
            piece = raw[start:end].decode("utf-8", errors="ignore")
            if start > 0:
                piece = suffix + piece
            if piece in ids:
                found = (end, piece)
                break
        if found is None:
            starts.append(basic_start)
            limits.append(basic_start + len(raw))
            return [unknown if unknown else word]
        out.append(found[1])
        starts.append(basic_start + start)
        limits.append(basic_start + found[0])
        start = found[0]
    return out


def _wordpiece_args(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets):
    _check_vocab(vocab)
    V.type_check(suffix_indicator, (str,), "suffix_indicator")
    V.type_check(max_bytes_per_token, (int,), "max_bytes_per_token")
    V.check_value(max_bytes_per_token, 0, 2147483647, "max_bytes_per_token")
    V.type_check(unknown_token, (str,), "unknown_token")
    V.type_check(with_offsets, (bool,), "with_offsets")


class WordpieceTokenizer(TextTensorOperation):
    """Split each word of a 1-D string array into the longest vocabulary pieces (continuations prefixed
    with ``suffix_indicator``); a word that cannot be split becomes ``unknown_token``."""

    def __init__(self, vocab, suffix_indicator: str = "##", max_bytes_per_token: int = 100,
                 unknown_token: str = "[UNK]", with_offsets: bool = False):
        _wordpiece_args(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets)
        self.vocab, self.suffix_indicator = vocab, suffix_indicator
        self.max_bytes_per_token, self.unknown_token, self.with_offsets = max_bytes_per_token, unknown_token, \
            with_offsets

    def __call__(self, *args):
        arrays = [_strings(a) for a in args]
        return self._run(arrays[0], arrays[1] if self.with_offsets and len(arrays) == 3 else None)

    def _run(self, words, basics):
        if words.ndim > 1 or words.dtype.kind != "U":
            raise E.pipeline_error("WordpieceTokenizer: The input shape should be 1D scalar the input datatype "
                                   "should be string.")
        tokens, starts, limits = [], [], []
        for i, w in enumerate(words.ravel().tolist()):
            b = int(basics.ravel()[i]) if basics is not None else 0
            tokens += _wordpiece(self.vocab, w, b, self.suffix_indicator, self.max_bytes_per_token,
                                 self.unknown_token, starts, limits)
        if not tokens:
            tokens, starts, limits = [""], [0], [0]
        out = np.array(tokens, dtype=str)
        if not self.with_offsets:
            return out
        return out, np.array(starts, np.uint32), np.array(limits, np.uint32)


class BertTokenizer(TextTensorOperation):
    """BasicTokenizer followed by WordpieceTokenizer.

    Examples:
        >>> from mindjax.dataset.text import Vocab
        >>> BertTokenizer(Vocab.from_list(["hello", "world", "##s"]), lower_case=True)("Hello worlds!").tolist()
        ['hello', 'world', '##s', '[UNK]']
    """

    def __init__(self, vocab, suffix_indicator: str = "##", max_bytes_per_token: int = 100,
                 unknown_token: str = "[UNK]", lower_case: bool = False, keep_whitespace: bool = False,
                 normalization_form=NormalizeForm.NONE, preserve_unused_token: bool = True,
                 with_offsets: bool = False):
        _wordpiece_args(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets)
        self._basic = BasicTokenizer(lower_case, keep_whitespace, normalization_form, preserve_unused_token, True)
        self._piece = WordpieceTokenizer(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets)
        self.vocab, self.with_offsets = vocab, with_offsets

    def _apply(self, x):
        if x.ndim != 0:
            raise E.pipeline_error(f"BertTokenizer: the input should be a scalar, but got a tensor with rank: "
                                   f"{x.ndim}")
        words, starts, _ = self._basic._apply(x)
        return self._piece._run(words, starts)

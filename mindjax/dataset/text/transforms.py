"""``mindspore.dataset.text`` transforms on numpy string arrays, following MindSpore's C++ kernels:
tokenizers (with byte offsets when ``with_offsets``), normalization, lookup, n-grams, truncation.

Strings come in as numpy ``str``/``bytes`` arrays (or Python str) and go out as ``str`` arrays;
offsets are uint32 byte positions in the UTF-8 text, as MindSpore reports them.
"""
import numbers

import numpy as np

from ..engine import _errors as E
from ..engine import validators as V
from . import _unicode as U
from ._base import _map_strings, _regex_tokens, _runs, _strings, _Tokenizer, TextTensorOperation, text_bytes_slice
from ._bert import _check_vocab, BasicTokenizer, BertTokenizer, WordpieceTokenizer
from .utils import NormalizeForm, SentencePieceVocab, SPieceTokenizerOutType, Vectors

__all__ = ["AddToken", "Lookup", "Ngram", "PythonTokenizer", "SentencePieceTokenizer", "SlidingWindow", "ToNumber",
           "ToVectors", "Truncate", "TruncateSequencePair", "UnicodeCharTokenizer", "WordpieceTokenizer",
           "BasicTokenizer", "BertTokenizer", "CaseFold", "FilterWikipediaXML", "NormalizeUTF8", "RegexReplace",
           "RegexTokenizer", "UnicodeScriptTokenizer", "WhitespaceTokenizer"]


class WhitespaceTokenizer(_Tokenizer):
    """Split on Unicode White_Space characters.

    Examples:
        >>> WhitespaceTokenizer()("Welcome to  Beijing").tolist()
        ['Welcome', 'to', 'Beijing']
    """

    _name = "WhitespaceTokenizerOp"

    def _tokens(self, text):
        return _runs(text, U.is_white)


class UnicodeCharTokenizer(_Tokenizer):
    """One token per Unicode character."""

    _name = "UnicodeCharTokenizerOp"

    def _tokens(self, text):
        out, pos = [], 0
        for ch in text:
            n = U.utf8_len(ch)
            out.append((ch, pos, pos + n))
            pos += n
        return out


class UnicodeScriptTokenizer(_Tokenizer):
    """Split where the Unicode script changes or between white space and the rest (white space kept as
    tokens with ``keep_whitespace``)."""

    _name = "UnicodeScriptTokenizerOp"

    def __init__(self, keep_whitespace: bool = False, with_offsets: bool = False):
        V.type_check(keep_whitespace, (bool,), "keep_whitespace")
        super().__init__(with_offsets)
        self.keep_whitespace = keep_whitespace

    def _tokens(self, text):
        out, start, length, pos = [], 0, 0, 0
        last, was_space = None, False
        for ch in text:
            n = U.utf8_len(ch)
            space, script = U.is_white(ch), U.script_of(ch)
            if length > 0 and (script != last or space != was_space):
                if self.keep_whitespace or not was_space:
                    out.append((text_bytes_slice(text, start, length), start, start + length))
                start, length = pos, n
            else:
                length += n
            last, was_space = script, space
            pos += n
        if length > 0 and (self.keep_whitespace or not was_space):
            out.append((text_bytes_slice(text, start, length), start, start + length))
        return out


class RegexTokenizer(_Tokenizer):
    """Split at the matches of ``delim_pattern`` (ICU syntax); delimiters matching ``keep_delim_pattern``
    become tokens."""

    _name = "RegexTokenizerOp"

    def __init__(self, delim_pattern: str, keep_delim_pattern: str = "", with_offsets: bool = False):
        V.type_check(delim_pattern, (str,), "delim_pattern")
        V.type_check(keep_delim_pattern, (str,), "keep_delim_pattern")
        super().__init__(with_offsets)
        self.delim_pattern, self.keep_delim_pattern = delim_pattern, keep_delim_pattern

    def _tokens(self, text):
        return _regex_tokens(text, self.delim_pattern, self.keep_delim_pattern)


class CaseFold(TextTensorOperation):
    """NFKC case folding (ICU's NFKC_Casefold) of every string."""

    def _apply(self, x):
        return _map_strings(x, U.nfkc_casefold)


class NormalizeUTF8(TextTensorOperation):
    """Unicode normalization of every string (``NormalizeForm``)."""

    def __init__(self, normalize_form=NormalizeForm.NFKC):
        V.type_check(normalize_form, (NormalizeForm,), "normalize_form")
        self.normalize_form = normalize_form

    def _apply(self, x):
        return _map_strings(x, lambda s: U.normalize(s, self.normalize_form))


class RegexReplace(TextTensorOperation):
    """Replace the matches of ``pattern`` (ICU syntax) by ``replace`` (``$1`` for a group): all of them,
    or the first with ``replace_all=False``."""

    def __init__(self, pattern: str, replace: str, replace_all: bool = True):
        V.type_check(pattern, (str,), "pattern")
        V.type_check(replace, (str,), "replace")
        V.type_check(replace_all, (bool,), "replace_all")
        self.pattern, self.replace, self.replace_all = pattern, replace, replace_all

    def _apply(self, x):
        rx, rep = U.compile_pattern(self.pattern), U.icu_replacement(self.replace)
        out = _map_strings(x, lambda s: rx.sub(rep, s, count=0 if self.replace_all else 1))
        if out.size > 1:
            # MindSpore 2.10's kernel never advances its output index: every result is appended to the
            # first string and the others stay empty; mindjax gives the values MindSpore gives
            flat = ["".join(out.ravel().tolist())] + [""] * (out.size - 1)
            out = np.array(flat, dtype=str).reshape(out.shape)
        return out


# fastText's wikifil.pl rewritten as MindSpore keeps it: a std::map of (pattern -> replacement), so the
# rules run in the sorted order of their patterns (which makes '&[^;]*;' come before '&amp;', and maps
# 'R' to '' as MindSpore's table does)
_WIKI_RULES = dict([(r"<.*>", ""), (r"&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), (r"<ef[^<]*<\/ef>", ""),
                    ("<[^>]*>", ""), (r"\[http:[^] ]*", "["), (r"\|thumb", ""), (r"\|left", ""), (r"\|right", ""),
                    (r"\|\d+px", ""), (r"\[\[image:[^\[\]]*\|", ""),
                    (r"\[\[category:([^|\]]*)[^]]*\]\]", "[[$1]]"), (r"\[\[[a-z\-]*:[^\]]*\]\]", ""),
                    (r"\[\[[^\|\]]*\|", "[["), (r"\{\{[^\}]*\}\}", ""), (r"\{[^\}]*\}", ""), (r"\[", ""),
                    (r"\]", ""), ("&[^;]*;", " ")]
                   + [(c, c.lower()) for c in "ABCDEFGHIJKLMNOPQSTUVWXYZ"] + [("R", "")]
                   + [(str(i), f" {w} ") for i, w in enumerate(
                       ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"])]
                   + [(r"[^a-z\n]+", " "), (r"\n ", ""), (r"\s+", " "), (r"\n\s*\n", r"\n")])


def _utf16_key(s):
    return s.encode("utf-16-be")


class FilterWikipediaXML(TextTensorOperation):
    """Clean Wikipedia XML text as fastText's wikifil.pl (tags, links and entities removed, lowercase
    letters, digits spelled out); a ``#redirect`` page becomes ''."""

    def _apply(self, x):
        rules = [(U.compile_pattern(p), U.icu_replacement(r)) for p, r in sorted(_WIKI_RULES.items(),
                                                                                 key=lambda kv: _utf16_key(kv[0]))]

        def clean(s):
            if "#redirect" in s or "#REDIRECT" in s:
                return ""
            for rx, rep in rules:
                s = rx.sub(rep, s).strip()
            return s
        return _map_strings(x, clean)


class Lookup(TextTensorOperation):
    """Tokens to their vocabulary ids (``unknown_token``'s id for absent ones), as ``data_type``.

    Examples:
        >>> import numpy as np
        >>> from mindjax.dataset.text import Vocab
        >>> Lookup(Vocab.from_list(["a", "b", "<unk>"]), "<unk>")(np.array(["b", "zz"])).tolist()
        [1, 2]
    """

    def __init__(self, vocab, unknown_token=None, data_type=None):
        from ..transforms.transforms import _np_dtype
        _check_vocab(vocab)
        if unknown_token is not None:
            V.type_check(unknown_token, (str,), "unknown_token")
        self.vocab, self.unknown_token = vocab, unknown_token
        self.data_type = np.dtype(np.int32) if data_type is None else _np_dtype(data_type)
        if not np.issubdtype(self.data_type, np.number):
            raise TypeError("Lookup : The parameter data_type must be numeric including bool.")

    def _apply(self, x):
        ids = self.vocab._ids
        unk = None
        if self.unknown_token is not None:
            if self.unknown_token not in ids:
                err = str(E.pipeline_error(f"Lookup: \"{self.unknown_token}\" doesn't exist in vocab."))
                raise RuntimeError("Syntax error. " + err[err.index("\n"):])
            unk = ids[self.unknown_token]
        out = []
        for t in x.ravel().tolist():
            i = ids.get(t, unk)
            if i is None:
                raise E.pipeline_error(f"Lookup: invalid data, token: \"{t}\" doesn't exist in vocab and no unknown "
                                       f"token is specified.")
            out.append(i)
        return np.array(out, self.data_type).reshape(x.shape)


class Ngram(TextTensorOperation):
    """The n-grams of a 1-D string array for each n in ``n``, joined by ``separator``, with up to n-1 of
    ``left_pad``/``right_pad`` ((token, count)) on each side.

    Examples:
        >>> import numpy as np
        >>> Ngram(2)(np.array(["a", "b", "c"])).tolist()
        ['a b', 'b c']
    """

    def __init__(self, n, left_pad=("", 0), right_pad=("", 0), separator: str = " "):
        if isinstance(n, numbers.Integral) and not isinstance(n, bool):
            n = [n]
        V.type_check(n, (list,), "n")
        for i in n:
            V.type_check(i, (int,), "n")
            if i <= 0:
                raise ValueError(f"Input gram_{i} must be greater than 0.")
        for name, pad in (("left_pad", left_pad), ("right_pad", right_pad)):
            V.type_check(pad, (tuple,), name)
            if len(pad) != 2:
                raise ValueError(f"{name} needs to be a tuple of (str, int) str is pad token and int is pad_width.")
            V.type_check(pad[0], (str,), f"{name}[0]")
            V.type_check(pad[1], (int,), f"{name}[1]")
        V.type_check(separator, (str,), "separator")
        self.ngrams, self.left_pad, self.right_pad, self.separator = list(n), left_pad, right_pad, separator

    def _apply(self, x):
        if x.dtype.kind != "U" or x.ndim != 1:
            raise E.pipeline_error("Ngram: input is not a 1D data with string datatype.")
        sep = self.separator
        l_len, r_len = self.left_pad[1], self.right_pad[1]
        buf, offsets = "", [0]
        for _ in range(l_len):
            buf += self.left_pad[0] + sep
            offsets.append(len(buf))
        for s in x.tolist():
            buf += s + sep
            offsets.append(len(buf))
        for _ in range(r_len):
            buf += self.right_pad[0] + sep
            offsets.append(len(buf))
        res = []
        for n in self.ngrams:
            start = l_len - min(l_len, n - 1)
            end = len(offsets) - r_len + min(r_len, n - 1)
            if end - start <= n:
                res.append("")
            else:
                for i in range(start, end - n):
                    res.append(buf[offsets[i]:offsets[i + n] - len(sep)])
        return np.array(res, dtype=str)


class SlidingWindow(TextTensorOperation):
    """Windows of ``width`` consecutive elements along ``axis`` (a new axis after it)."""

    def __init__(self, width: int, axis: int = 0):
        V.type_check(width, (int,), "width")
        V.check_value(width, 1, 2147483647, "width")
        V.type_check(axis, (int,), "axis")
        self.width, self.axis = width, axis

    def _apply(self, x):
        if x.ndim != 1:
            raise E.pipeline_error("SlidingWindow: SlidingWindow supports 1D input only for now.")
        n = x.shape[0] - self.width + 1
        if n <= 0:
            return np.empty((0,), x.dtype)
        return np.stack([x[i:i + self.width] for i in range(n)])


_INT_PREFIX = __import__("re").compile(r"\s*([+-]?\d+)")
_FLOAT_PREFIX = __import__("re").compile(r"\s*([+-]?(?:inf(?:inity)?|nan|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?))",
                                         __import__("re").IGNORECASE)


class ToNumber(TextTensorOperation):
    """Parse each string as a number of ``data_type`` (its leading numeric part, as ``std::stoll``/``stod``).

    Examples:
        >>> import numpy as np
        >>> ToNumber(np.int32)(np.array(["12", "-3"])).tolist()
        [12, -3]
    """

    def __init__(self, data_type):
        from ..transforms.transforms import _np_dtype
        self.data_type = _np_dtype(data_type)
        if not np.issubdtype(self.data_type, np.number) or self.data_type == np.bool_:
            raise TypeError(f"data_type: {data_type} is not numeric data type.")

    def _apply(self, x):
        if x.dtype.kind != "U":
            raise E.pipeline_error("ToNumber: input should be string datatype.")
        out = []
        is_int = np.issubdtype(self.data_type, np.integer)
        for s in x.ravel().tolist():
            # std::stoll / std::stod: leading space, then the longest numeric prefix (trailing text ignored)
            m = _INT_PREFIX.match(s) if is_int else _FLOAT_PREFIX.match(s)
            try:
                v = int(m.group(1)) if is_int else float(m.group(1))
            except (AttributeError, ValueError):
                raise E.pipeline_error(f"ToNumber: it is invalid to convert \"{s}\" to a number.") from None
            if is_int:
                info = np.iinfo(self.data_type)
                if v < info.min or v > info.max:
                    raise E.pipeline_error(f"ToNumber: string input {s} will be out of bounds if cast to "
                                           f"{self.data_type}. The valid range is: [{info.min}, {info.max}].")
            else:
                info = np.finfo(self.data_type)
                if abs(v) > float(info.max):  # inf too, as MindSpore checks the range
                    raise E.pipeline_error(f"ToNumber: string input {s} will be out of bounds if cast to "
                                           f"{self.data_type}. The valid range is: [{-float(info.max):.6f}, "
                                           f"{float(info.max):.6f}].")
            out.append(v)
        return np.array(out, self.data_type).reshape(x.shape)


class Truncate(TextTensorOperation):
    """Keep the first ``max_seq_len`` elements (of each row of a 2-D input)."""

    def __init__(self, max_seq_len: int):
        V.type_check(max_seq_len, (int,), "max_seq_len")
        V.check_value(max_seq_len, 1, 2147483647, "max_seq_len")
        self.max_seq_len = max_seq_len

    def _apply(self, x):
        if x.ndim not in (1, 2):
            raise E.pipeline_error(f"Truncate: the input tensor should be of dimension 1 or 2, but got {x.ndim}.")
        return x[..., :self.max_seq_len].copy()


class TruncateSequencePair(TextTensorOperation):
    """Drop elements from the end of the longer of two 1-D arrays until their total length fits
    ``max_length``."""

    def __init__(self, max_length: int):
        V.type_check(max_length, (int,), "max_length")
        V.check_value(max_length, 0, 2147483647, "max_length")
        self.max_length = max_length

    def __call__(self, a, b):
        a, b = _strings(a), _strings(b)
        la, lb = len(a), len(b)
        while la + lb > self.max_length:
            if la > lb:
                la -= 1
            else:
                lb -= 1
        return a[:la].copy(), b[:lb].copy()


class AddToken(TextTensorOperation):
    """Insert ``token`` before (``begin``) or after each 1-D string array."""

    def __init__(self, token: str, begin: bool = True):
        V.type_check(token, (str,), "token")
        V.type_check(begin, (bool,), "begin")
        self.token, self.begin = token, begin

    def _apply(self, x):
        if x.ndim != 1:
            raise E.pipeline_error(f"AddToken: input tensor rank should be 1, but got {x.ndim}.")
        items = x.tolist()
        return np.array([self.token] + items if self.begin else items + [self.token], dtype=str)


class PythonTokenizer:
    """Tokenize with a Python function ``tokenizer(str) -> list of str``."""

    def __init__(self, tokenizer):
        if not callable(tokenizer):
            raise TypeError(f"Argument tokenizer with value {tokenizer} is not of type [<class 'function'>].")
        self.tokenizer = tokenizer
        self.random = False

    def __call__(self, in_array):
        if not isinstance(in_array, np.ndarray):
            raise TypeError(f"input should be a NumPy array. Got {type(in_array)}.")
        arr = _strings(in_array)
        tokens = self.tokenizer(str(arr))
        return np.array(tokens, dtype=str)


class SentencePieceTokenizer(TextTensorOperation):
    """Encode with a SentencePiece model (a ``SentencePieceVocab`` or a model file path) into pieces or ids."""

    def __init__(self, mode, out_type):
        V.type_check(mode, (str, SentencePieceVocab), "mode")
        V.type_check(out_type, (SPieceTokenizerOutType,), "out_type")
        from .utils import _spm
        self.mode, self.out_type = mode, out_type
        proc = _spm().SentencePieceProcessor()
        if isinstance(mode, str):
            if not __import__("os").path.isfile(mode):
                raise E.pipeline_error(f"SentencePieceTokenizer: Get real path failed, path={mode}")
            proc.Load(mode)
        else:
            proc.LoadFromSerializedProto(mode._model)
        self._proc = proc

    def _apply(self, x):
        if x.ndim != 0 or x.dtype.kind != "U":
            raise E.pipeline_error("SentencePieceTokenizer: the input shape should be scalar and the input datatype "
                                   "should be string.")
        if self.out_type == SPieceTokenizerOutType.STRING:
            return np.array(self._proc.EncodeAsPieces(str(x)), dtype=str)
        return np.array(self._proc.EncodeAsIds(str(x)), np.int32)


class ToVectors(TextTensorOperation):
    """Each token's vector from ``vectors`` (``unk_init``, default zeros, for absent tokens; with
    ``lower_case_backup`` a token is also looked up lower-cased)."""

    def __init__(self, vectors, unk_init=None, lower_case_backup: bool = False):
        V.type_check(vectors, (Vectors,), "vectors")
        if unk_init is not None:
            V.type_check(unk_init, (list, tuple), "unk_init")
        V.type_check(lower_case_backup, (bool,), "lower_case_backup")
        self.vectors, self.unk_init, self.lower_case_backup = vectors, unk_init, lower_case_backup

    def _apply(self, x):
        dim = self.vectors.dim
        unk = np.zeros(dim, np.float32) if self.unk_init is None else np.asarray(self.unk_init, np.float32)
        if unk.size != dim:
            raise E.pipeline_error(f"ToVectors: invalid unk_init, the size of unk_init should be {dim}, but got "
                                   f"{unk.size}.")
        rows = [self.vectors._lookup(t, unk, self.lower_case_backup) for t in x.ravel().tolist()]
        return np.stack(rows).reshape(x.shape + (dim,)) if rows else np.zeros(x.shape + (dim,), np.float32)

"""The base of the text transforms and MindSpore's regex tokenization, shared by ``transforms`` and ``_bert``."""
import numpy as np

from ..engine import _errors as E
from ..engine import validators as V
from . import _unicode as U
from .utils import to_str


def _strings(x):
    if hasattr(x, "asnumpy"):
        x = x.asnumpy()
    arr = np.asarray(x)
    if arr.dtype.kind == "S":
        arr = to_str(arr)
    return arr


def _out(tokens):
    return np.array(tokens, dtype=str) if tokens else np.array([""], dtype=str)


class TextTensorOperation:
    """Base of the text transforms: eager call on strings, usable in ``Dataset.map``."""

    def __call__(self, *args):
        if len(args) == 1:
            return self._apply(_strings(args[0]))
        return tuple(self._apply(_strings(a)) for a in args)

    def _apply(self, x):
        raise NotImplementedError


class _Tokenizer(TextTensorOperation):
    """A tokenizer of one string: ``_tokens(text)`` gives (token, byte start, byte end) triples."""

    _name = "Tokenizer"

    def __init__(self, with_offsets=False):
        V.type_check(with_offsets, (bool,), "with_offsets")
        self.with_offsets = with_offsets

    def _apply(self, x):
        if x.ndim != 0 or x.dtype.kind != "U":
            raise E.pipeline_error(f"{self._name}: the input shape should be scalar and the input datatype should "
                                   f"be string.")
        toks = self._tokens(str(x)) or [("", 0, 0)]
        tokens = np.array([t[0] for t in toks], dtype=str)
        if not self.with_offsets:
            return tokens
        return (tokens, np.array([t[1] for t in toks], np.uint32), np.array([t[2] for t in toks], np.uint32))


def _runs(text, split_at):
    """Tokens of ``text`` between the characters for which ``split_at`` is true (dropped), with byte offsets."""
    out, start, cur, pos = [], 0, [], 0
    for ch in text:
        n = U.utf8_len(ch)
        if split_at(ch):
            if cur:
                out.append(("".join(cur), start, pos))
                cur = []
        else:
            if not cur:
                start = pos
            cur.append(ch)
        pos += n
    if cur:
        out.append(("".join(cur), start, pos))
    return out


def text_bytes_slice(text, start, length):
    return text.encode("utf-8")[start:start + length].decode("utf-8")


def _regex_tokens(text, delim, keep_delim):
    """MindSpore's RegexTokenizer: the text between matches of ``delim``; a delimiter is kept as a token
    when it wholly matches ``keep_delim``."""
    tok_rx = U.compile_pattern(delim)
    keep_rx = U.compile_pattern(keep_delim) if keep_delim else None
    out, byte_pos, tok_start = [], 0, 0
    for m in tok_rx.finditer(text):
        s, e = m.start(), m.end()
        if s - tok_start > 0:
            tok = text[tok_start:s]
            n = U.utf8_len(tok)
            out.append((tok, byte_pos, byte_pos + n))
            byte_pos += n
        if e - s > 0:
            d = text[s:e]
            n = U.utf8_len(d)
            if keep_rx is not None and keep_rx.fullmatch(d):
                out.append((d, byte_pos, byte_pos + n))
            byte_pos += n
        tok_start = e
    if tok_start < len(text):
        tok = text[tok_start:]
        out.append((tok, byte_pos, byte_pos + U.utf8_len(tok)))
    return out


def _map_strings(x, fn):
    if x.dtype.kind != "U":
        raise E.pipeline_error("the input should be of type string.")
    flat = [fn(s) for s in x.ravel().tolist()]
    return np.array(flat, dtype=str).reshape(x.shape)

"""dataset.text names run by real MindSpore (gen_dataset_text.py) and by tests/dataset/test_text_ref.py.

Each case is ``fn(text, ms, ds, tmp)`` with the ``dataset.text`` module, the top package (for dtypes)
and ``dataset``; outputs are recorded as (dtype, shape, values) lists.
"""
import os

import numpy as np

CASES = {}

SENTENCES = ["Welcome  to Beijing 北京!", "Hello, WORLD! 你好 [UNK] naïve", "  ", "", "tab\there\nnew line",
             "ẞtraße ABC ﬁ ① Ｆｕｌｌ", "Ça va? Ελληνικά русский 123,45 ok…", "emoji 😀 x [CLS] [unused12] [MASK]a",
             "Don't stop-me now; it's 9:30 a.m. (really)", "\u00adsoft\u200bzero", "x\u0301y\u0007z"]


def _out(x):
    if isinstance(x, (tuple, list)):
        return [_out(a) for a in x]
    a = np.asarray(x)
    if a.dtype.kind == "S":
        a = np.char.decode(a, "utf8")
    if a.dtype.kind == "f":
        return [str(a.dtype), list(a.shape), np.round(a.astype(np.float64), 6).tolist()]
    kind = "str" if a.dtype.kind == "U" else str(a.dtype)
    return [kind, list(a.shape), a.tolist()]


def case(name):
    def deco(fn):
        CASES[name] = fn
        return fn
    return deco


def _each(op):
    return [_out(op(s)) for s in SENTENCES]


case("whitespace")(lambda t, ms, ds, tmp: _each(t.WhitespaceTokenizer()))
case("whitespace_offsets")(lambda t, ms, ds, tmp: _each(t.WhitespaceTokenizer(True)))
case("unicode_char")(lambda t, ms, ds, tmp: _each(t.UnicodeCharTokenizer(True)))
case("unicode_script")(lambda t, ms, ds, tmp: _each(t.UnicodeScriptTokenizer(False, True)))
case("unicode_script_keep")(lambda t, ms, ds, tmp: _each(t.UnicodeScriptTokenizer(True, True)))
case("regex_tokenizer")(lambda t, ms, ds, tmp: _each(t.RegexTokenizer(r"\s+", "", True)))
case("regex_tokenizer_keep")(lambda t, ms, ds, tmp: _each(t.RegexTokenizer(r"\s+|[,!.]", r"[,!.]", True)))
case("regex_tokenizer_unicode")(lambda t, ms, ds, tmp: _each(t.RegexTokenizer(r"\p{P}+", r"\p{P}+")))
case("basic")(lambda t, ms, ds, tmp: _each(t.BasicTokenizer(with_offsets=True)))
case("basic_lower")(lambda t, ms, ds, tmp: _each(t.BasicTokenizer(lower_case=True, with_offsets=True)))
case("basic_lower_nopreserve")(lambda t, ms, ds, tmp: _each(t.BasicTokenizer(True, preserve_unused_token=False)))
case("basic_keep_ws")(lambda t, ms, ds, tmp: _each(t.BasicTokenizer(keep_whitespace=True, with_offsets=True)))
case("basic_nfkc")(lambda t, ms, ds, tmp: _each(t.BasicTokenizer(normalization_form=t.NormalizeForm.NFKC)))
case("casefold")(lambda t, ms, ds, tmp: _each(t.CaseFold()))
for _f in ("NONE", "NFC", "NFKC", "NFD", "NFKD"):
    case(f"normalize_{_f}")(lambda t, ms, ds, tmp, f=_f: _each(t.NormalizeUTF8(getattr(t.NormalizeForm, f))))
case("regex_replace")(lambda t, ms, ds, tmp: _each(t.RegexReplace(r"\s+", "_")))
case("regex_replace_first")(lambda t, ms, ds, tmp: _each(t.RegexReplace(r"(\w)(\w*)", "$2$1", False)))
case("regex_replace_array")(lambda t, ms, ds, tmp: _out(t.RegexReplace("a", "b")(np.array(["aa", "ba", "c", ""]))))
case("filter_wiki")(lambda t, ms, ds, tmp: _each(t.FilterWikipediaXML()))
case("filter_wiki_xml")(lambda t, ms, ds, tmp: _out([t.FilterWikipediaXML()(s) for s in [
    "<text>Anarchism [[political philosophy|philosophy]] {{Infobox}} &lt;b&gt; R2-D2 Rome</text>",
    "#REDIRECT [[Other]]", "[[Category:Science|x]] see [http://a.b/c link] [[de:Foo]] 1999",
    "[[Image:Cat.jpg|thumb|left|200px|A cat]] <ref>cite</ref> end\n\n\nnext"]]))

_WORDS = np.array(["I", "am", "making", "small", "mistakes", "during", "working", "hours", "unaffable", "北京",
                   "", "[UNK]"])
_VOCAB = ["book", "cholera", "era", "favor", "##ite", "my", "is", "love", "dur", "##ing", "the", "make", "##s",
          "small", "mis", "##take", "i", "am", "work", "##ing", "hour", "un", "##aff", "##able", "北", "##京", "[UNK]",
          "[CLS]", "hello", ",", "world", "!", "naive", "你", "好", "ca", "va", "?"]


def _vocab(t):
    return t.Vocab.from_list(list(dict.fromkeys(_VOCAB)))


case("wordpiece")(lambda t, ms, ds, tmp: _out(t.WordpieceTokenizer(_vocab(t), with_offsets=True)(_WORDS)))
case("wordpiece_no_unk")(lambda t, ms, ds, tmp: _out(t.WordpieceTokenizer(_vocab(t), unknown_token="",
                                                                          max_bytes_per_token=6)(_WORDS)))
case("wordpiece_suffix")(lambda t, ms, ds, tmp: _out(t.WordpieceTokenizer(t.Vocab.from_list(["a", "@@b", "b"]),
                                                                          "@@")(np.array(["ab", "ba", "abb"]))))
case("bert")(lambda t, ms, ds, tmp: _each(t.BertTokenizer(_vocab(t), lower_case=True, with_offsets=True)))
case("bert_cased")(lambda t, ms, ds, tmp: _each(t.BertTokenizer(_vocab(t), unknown_token="")))


@case("vocab")
def _(t, ms, ds, tmp):
    v = t.Vocab.from_list(["a", "b", "c"], ["<pad>", "<unk>"], True)
    w = t.Vocab.from_list(["a", "b", "c"], ["<pad>", "<unk>"], False)
    d = t.Vocab.from_dict({"x": 3, "y": 7})
    path = os.path.join(tmp, "v.txt")
    with open(path, "w") as f:
        f.write("hello,1\nworld,2\nfoo,3\nbar,4\n")
    fv = t.Vocab.from_file(path, ",", 3, ["<s>"], False)
    fv2 = t.Vocab.from_file(path)
    return [sorted(v.vocab().items()), sorted(w.vocab().items()), v.tokens_to_ids(["a", "zz"]), v.tokens_to_ids("c"),
            v.ids_to_tokens([0, 4, 9]), v.ids_to_tokens(2), sorted(d.vocab().items()), d.ids_to_tokens([7, 3, 5]),
            sorted(fv.vocab().items()), sorted(fv2.vocab().items()),
            np.asarray(v.tokens_to_ids(np.array(["b", "c"]))).tolist(),
            np.asarray(v.ids_to_tokens(np.array([1, 2]))).tolist()]


@case("vocab_from_dataset")
def _(t, ms, ds, tmp):
    data = ds.NumpySlicesDataset({"text": ["a b c a", "b a d", "e a b"]}, shuffle=False)
    data = data.map(t.WhitespaceTokenizer(), ["text"])
    v1 = t.Vocab.from_dataset(data, ["text"])
    v2 = t.Vocab.from_dataset(data, None, (2, 10), None, ["<unk>"], True)
    v3 = t.Vocab.from_dataset(data, "text", None, 2, ["<pad>"], False)
    return [sorted(v.vocab().items()) for v in (v1, v2, v3)]


case("vocab_dup")(lambda t, ms, ds, tmp: t.Vocab.from_list(["a", "a"]))
case("vocab_special_dup")(lambda t, ms, ds, tmp: t.Vocab.from_list(["a"], ["b", "b"]))
case("vocab_ids_negative")(lambda t, ms, ds, tmp: _vocab(t).ids_to_tokens(-1))


@case("lookup")
def _(t, ms, ds, tmp):
    v = t.Vocab.from_list(["a", "b", "c"], ["<unk>"])
    return [_out(t.Lookup(v, "<unk>")(np.array(["a", "zz", "c"]))),
            _out(t.Lookup(v, "<unk>", ms.int64)(np.array([["a", "b"], ["c", "q"]]))),
            _out(t.Lookup(v, data_type=ms.float32)(np.array(["b"]))),
            _out(t.Lookup(v)("c"))]


case("lookup_missing")(lambda t, ms, ds, tmp: t.Lookup(t.Vocab.from_list(["a"]))(np.array(["zz"])))
case("lookup_bad_unknown")(lambda t, ms, ds, tmp: t.Lookup(t.Vocab.from_list(["a"]), "<q>")(np.array(["a"])))

_ABC = np.array(["a", "b", "c", "d"])
case("ngram")(lambda t, ms, ds, tmp: _out([t.Ngram(2)(_ABC), t.Ngram([1, 3])(_ABC), t.Ngram(5)(_ABC),
                                           t.Ngram([2, 3], ("_", 1), ("_", 1), "-")(_ABC),
                                           t.Ngram(3, ("<s>", 3), ("</s>", 2), "")(_ABC),
                                           t.Ngram([4, 5], ("L", 1), ("R", 0))(_ABC[:2])]))
case("to_number")(lambda t, ms, ds, tmp: _out([t.ToNumber(ms.int32)(np.array(["1", "-2", "30"])),
                                               t.ToNumber(ms.float32)(np.array(["1.5", "-2e3", " 7"])),
                                               t.ToNumber(ms.uint8)(np.array([["7", "255"]])),
                                               t.ToNumber(ms.float64)(np.array("0.1"))]))
case("to_number_inf")(lambda t, ms, ds, tmp: t.ToNumber(ms.float32)(np.array(["inf"])))
case("to_number_bad")(lambda t, ms, ds, tmp: t.ToNumber(ms.int8)(np.array(["300"])))
case("to_number_text")(lambda t, ms, ds, tmp: _out([t.ToNumber(ms.int32)(np.array(["1x", " +4 ", "0x1F"])),
                                                    t.ToNumber(ms.float32)(np.array(["2.5e1z", ".5", "-0"]))]))
case("to_number_none")(lambda t, ms, ds, tmp: t.ToNumber(ms.int32)(np.array(["x1"])))
case("sliding_window")(lambda t, ms, ds, tmp: _out([t.SlidingWindow(2)(np.array([1, 2, 3, 4])),
                                                    t.SlidingWindow(3)(_ABC), t.SlidingWindow(5)(_ABC)]))
case("truncate")(lambda t, ms, ds, tmp: _out([t.Truncate(2)(_ABC), t.Truncate(9)(np.array([1, 2])),
                                              t.Truncate(1)(np.array([[1, 2], [3, 4]]))]))
case("truncate_pair")(lambda t, ms, ds, tmp: _out([t.TruncateSequencePair(4)(np.array([1, 2, 3]), np.array([4, 5, 6])),
                                                   t.TruncateSequencePair(5)(_ABC, np.array(["x"])),
                                                   t.TruncateSequencePair(3)(np.array([1]), np.array([2, 3, 4, 5])),
                                                   t.TruncateSequencePair(9)(np.array([1]), np.array([2]))]))
case("add_token")(lambda t, ms, ds, tmp: _out([t.AddToken("[CLS]")(_ABC), t.AddToken("[SEP]", False)(_ABC)]))
case("python_tokenizer_str")(lambda t, ms, ds, tmp: t.PythonTokenizer(str.split)("a b"))
case("python_tokenizer")(lambda t, ms, ds, tmp: _out(t.PythonTokenizer(lambda s: s.split("o"))(np.array("foo boo"))))
case("to_str_bytes")(lambda t, ms, ds, tmp: [_out(t.to_str(np.array([b"ab", "北".encode()]))),
                                             str(t.to_bytes(np.array(["ab", "北"])).tolist())])


@case("pipeline")
def _(t, ms, ds, tmp):
    data = ds.NumpySlicesDataset({"text": ["Hello World", "hello big world"]}, shuffle=False)
    vocab = t.Vocab.from_list(["hello", "world", "big"], ["<unk>"])
    data = data.map([t.CaseFold(), t.WhitespaceTokenizer(), t.Lookup(vocab, "<unk>")], ["text"])
    return [_out(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]


@case("pipeline_offsets")
def _(t, ms, ds, tmp):
    data = ds.NumpySlicesDataset({"text": ["a b", "c"]}, shuffle=False)
    data = data.map(t.WhitespaceTokenizer(True), ["text"], ["token", "start", "end"])
    return [[_out(c) for c in r] for r in data.create_tuple_iterator(output_numpy=True)]


@case("vectors")
def _(t, ms, ds, tmp):
    path = os.path.join(tmp, "vec.txt")
    with open(path, "w") as f:
        f.write("ok 0.1 0.2 0.3\nthe 1 2 3\nHello -1 0 1\n")
    vec = t.Vectors.from_file(path)
    vec2 = t.Vectors.from_file(path, max_vectors=1)
    return [_out(t.ToVectors(vec)(np.array(["the", "ok", "zz"]))),
            _out(t.ToVectors(vec, [9, 9, 9], True)(np.array(["hello", "HELLO", "x"]))),
            _out(t.ToVectors(vec2)(np.array(["ok", "the"])))]


case("err_whitespace_rank")(lambda t, ms, ds, tmp: t.WhitespaceTokenizer()(np.array(["a", "b"])))
case("err_ngram_type")(lambda t, ms, ds, tmp: t.Ngram(0))


def run_case(fn, t, ms, ds, tmp):
    try:
        return {"value": fn(t, ms, ds, tmp)}
    except Exception as e:  # noqa: BLE001 - recorded
        lines = str(e).split("\n")
        detail = [ln for ln in lines if ln.startswith("[ERROR]")]
        return {"error": type(e).__name__, "message": lines[0], "detail": detail[:1]}


_CORPUS = ["the quick brown fox jumps over the lazy dog", "a stitch in time saves nine",
           "all that glitters is not gold", "the early bird catches the worm", "brown bread and brown sugar",
           "time flies like an arrow", "fruit flies like a banana", "the dog barks at the fox"] * 3


@case("sentencepiece")
def _(t, ms, ds, tmp):
    """BPE, CHAR and WORD models (UNIGRAM training differs between sentencepiece releases: MindSpore
    builds 0.1.98; tests/dataset/test_text_props.py checks UNIGRAM by property)."""
    path = os.path.join(tmp, "corpus.txt")
    with open(path, "w") as f:
        f.write("\n".join(_CORPUS) + "\n")
    out = []
    for model, size in (("BPE", 40), ("CHAR", 25), ("WORD", 30)):
        vocab = t.SentencePieceVocab.from_file([path], size, 1.0, getattr(t.SentencePieceModel, model), {})
        for kind in ("STRING", "INT"):
            tok = t.SentencePieceTokenizer(vocab, getattr(t.SPieceTokenizerOutType, kind))
            out.append([_out(tok(s)) for s in ("the brown fox flies", "zebra time")])
    vocab = t.SentencePieceVocab.from_dataset(ds.NumpySlicesDataset({"text": _CORPUS}, shuffle=False), ["text"], 35,
                                              0.9995, t.SentencePieceModel.BPE, {})
    t.SentencePieceVocab.save_model(vocab, tmp, "m.model")
    tok = t.SentencePieceTokenizer(os.path.join(tmp, "m.model"), t.SPieceTokenizerOutType.STRING)
    out.append(_out(tok("the lazy bird")))
    return out

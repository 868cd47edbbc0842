"""dataset.text by property where a MindSpore value cannot be the reference: UNIGRAM SentencePiece
(its training differs between sentencepiece releases), the pretrained-vector file formats, and
tokenizers inside pipelines with their offset columns."""
import os

import numpy as np
import pytest

pytest.importorskip("regex")  # ICU-style patterns of the text kernels

import mindjax as ms  # noqa: E402
import mindjax.dataset as ds  # noqa: E402
import mindjax.dataset.text as text  # noqa: E402

CORPUS = ["the quick brown fox jumps over the lazy dog", "time flies like an arrow",
          "fruit flies like a banana", "the dog barks at the fox"] * 4


def test_sentencepiece_unigram(tmp_path):
    pytest.importorskip("sentencepiece")
    path = tmp_path / "c.txt"
    path.write_text("\n".join(CORPUS) + "\n")
    vocab = text.SentencePieceVocab.from_file([str(path)], 30, 1.0, text.SentencePieceModel.UNIGRAM, {})
    pieces = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.STRING)("the fox flies")
    ids = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.INT)("the fox flies")
    assert pieces.dtype.kind == "U" and ids.dtype == np.int32 and len(pieces) == len(ids)
    assert "".join(pieces.tolist()).replace("\u2581", " ").strip() == "the fox flies"
    assert ((ids >= 0) & (ids < 30)).all()
    text.SentencePieceVocab.save_model(vocab, str(tmp_path), "u.model")
    again = text.SentencePieceTokenizer(str(tmp_path / "u.model"), text.SPieceTokenizerOutType.STRING)
    assert again("the fox flies").tolist() == pieces.tolist()
    with pytest.raises(ValueError, match="does not exist"):
        text.SentencePieceVocab.save_model(vocab, str(tmp_path / "nope"), "u.model")


def test_vector_files(tmp_path):
    glove = tmp_path / "glove.6B.50d.txt"
    glove.write_text("a 1 2\nb 3 4\n")
    g = text.GloVe.from_file(str(glove))
    assert text.ToVectors(g)(np.array(["b", "z"])).tolist() == [[3.0, 4.0], [0.0, 0.0]]
    bad = tmp_path / "vectors.txt"
    bad.write_text("a 1 2\n")
    with pytest.raises(RuntimeError, match="GloVe file name"):
        text.GloVe.from_file(str(bad))
    with pytest.raises(RuntimeError, match="'.vec'"):
        text.FastText.from_file(str(bad))
    vec = tmp_path / "wiki.vec"
    vec.write_text("2 3\nx 1 1 1\ny 0 1 0\n")
    f = text.FastText.from_file(str(vec))
    assert f.dim == 3 and text.ToVectors(f)(np.array("y")).tolist() == [0.0, 1.0, 0.0]
    c = text.CharNGram.from_file(str(vec), max_vectors=1)
    assert text.ToVectors(c, [5, 5, 5])(np.array(["y"])).tolist() == [[5.0, 5.0, 5.0]]
    with pytest.raises(RuntimeError, match="unk_init"):
        text.ToVectors(f, [1])(np.array(["q"]))


def test_bert_pipeline_with_offsets():
    vocab = text.Vocab.from_list(["hello", "world", "##s", "big", "[UNK]"])
    data = ds.NumpySlicesDataset({"text": ["Hello worlds", "big Bang"]}, shuffle=False)
    data = data.map(text.BertTokenizer(vocab, lower_case=True, with_offsets=True), ["text"],
                    ["token", "start", "limit"])
    rows = [[c.tolist() for c in r] for r in data.create_tuple_iterator(output_numpy=True)]
    assert rows[0] == [["hello", "world", "##s"], [0, 6, 11], [5, 11, 12]]
    assert rows[1] == [["big", "[UNK]"], [0, 4], [3, 8]]


def test_python_tokenizer_and_enums():
    data = ds.NumpySlicesDataset({"text": ["a-b-c"]}, shuffle=False)
    data = data.map(text.PythonTokenizer(lambda s: s.split("-")), ["text"])
    assert [r[0].tolist() for r in data.create_tuple_iterator(output_numpy=True)] == [["a", "b", "c"]]
    assert [m.value for m in text.JiebaMode] == [0, 1, 2]
    assert text.SPieceTokenizerLoadType.MODEL.value == 1 and text.NormalizeForm.NFKD.value == 4
    assert text.to_str(text.to_bytes(np.array(["北京"]))).tolist() == ["北京"]
    ids = text.Lookup(text.Vocab.from_list(["a"]), data_type=ms.int16)(np.array(["a"]))
    assert ids.dtype == np.int16


def test_vocab_from_file_errors(tmp_path):
    with pytest.raises(RuntimeError, match="fail to open"):
        text.Vocab.from_file(os.path.join(str(tmp_path), "none.txt"))
    with pytest.raises(RuntimeError, match="Vocab is not initialized"):
        text.Vocab().vocab()

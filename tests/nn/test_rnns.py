"""Embedding and RNN/LSTM/GRU against MindSpore 2.10 (outputs recorded by data/gen_rnn_ref.py
with the same fixed weights)."""
import json
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, Tensor

REF = json.loads((Path(__file__).parent / "data" / "ms_rnn.json").read_text())


def fill(net):
    names = {}
    for i, (name, p) in enumerate(net.parameters_and_names()):
        v = np.sin(np.arange(p.size, dtype=np.float64) * 0.37 + i).reshape(p.shape).astype(np.float32) * 0.5
        p.set_data(Tensor(v))
        names[name] = list(p.shape)
    return names


@pytest.mark.parametrize("kind,cls", [("lstm", nn.LSTM), ("gru", nn.GRU), ("rnn", nn.RNN)])
def test_matches_mindspore(kind, cls):
    net = cls(3, 4, num_layers=2, batch_first=True, bidirectional=True)
    assert fill(net) == REF[kind]["names"]  # same parameter names, shapes and order
    x = Tensor(np.array(REF["x"], np.float32))
    out, h = net(x)
    np.testing.assert_allclose(out.asnumpy(), REF[kind]["output"], rtol=1e-5, atol=1e-6)
    hs = h if isinstance(h, tuple) else (h,)
    for got, want in zip(hs, REF[kind]["h"]):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-5, atol=1e-6)
    out2, _ = net(x, seq_length=Tensor(np.array([5, 3], np.int32)))
    np.testing.assert_allclose(out2.asnumpy(), REF[kind]["output_seq"], rtol=1e-5, atol=1e-6)


def test_lstm_gradients_flow_and_jit_matches():
    ms.set_seed(0)
    net = nn.LSTM(3, 4, batch_first=True)
    x = Tensor(np.random.randn(2, 5, 3).astype(np.float32))
    loss = lambda x: net(x)[0].sum()  # noqa: E731
    g = ms.grad(loss, 0, net.trainable_params())(x)
    assert g[0].shape == (2, 5, 3) and all(float(abs(w).sum()) > 0 for w in g[1])
    np.testing.assert_allclose(ms.jit(lambda x: net(x)[0])(x).asnumpy(), net(x)[0].asnumpy(), rtol=1e-6)


def test_embedding():
    emb = nn.Embedding(10, 3, padding_idx=0)
    assert [n for n, _ in emb.parameters_and_names()] == REF["embedding_names"]
    ids = Tensor(np.array([[0, 2], [5, 9]], np.int32))
    out = emb(ids)
    table = emb.embedding_table.asnumpy()
    np.testing.assert_array_equal(out.asnumpy(), table[ids.asnumpy()])
    assert not table[0].any()
    g = ms.grad(lambda t: (emb(t) * 2).sum(), None, emb.trainable_params())(ids)[0].asnumpy()
    assert g[2].tolist() == [2, 2, 2] and g[1].tolist() == [0, 0, 0]
    np.testing.assert_array_equal(nn.Embedding(10, 3, use_one_hot=True)(ids).shape, (2, 2, 3))
    with pytest.raises(TypeError):
        emb(Tensor([1.0]))

"""Embedding and the recurrent layers: RNN, LSTM, GRU (and their single-step cells).

Weights follow MindSpore's layout and names (``weight_ih_l0``, ``bias_hh_l1_reverse``,
gates stacked as i, f, g, o for LSTM and r, z, n for GRU) and its initialisation
(uniform in [-1/sqrt(hidden), 1/sqrt(hidden)] from numpy's global random state, which
``set_seed`` seeds), so MindSpore checkpoints load and seeded runs start alike.
"""
from __future__ import annotations

import math

import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from ...common.initializer import initializer
from ... import ops
from ...ops._checks import check_range, gather_error
from ...ops.indexing import gather_in_range
from ..cell import Cell
from ._check import positive_int

__all__ = ["Embedding", "RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell"]


class Embedding(Cell):
    """``nn.Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal', dtype=int32,
    padding_idx=None)``: rows of ``embedding_table`` picked by integer ids.

    Examples:
        >>> import mindjax as ms
        >>> emb = ms.nn.Embedding(10, 3)
        >>> emb(ms.Tensor([[1, 2]], ms.int32)).shape
        (1, 2, 3)
    """

    def __init__(self, vocab_size: int, embedding_size: int, use_one_hot: bool = False, embedding_table="normal",
                 dtype=mstype.int32, padding_idx=None):
        super().__init__()
        self.vocab_size = positive_int("Embedding", "vocab_size", vocab_size)
        self.embedding_size = positive_int("Embedding", "embedding_size", embedding_size)
        self.use_one_hot = use_one_hot
        self.dtype = dtype
        if padding_idx is not None and not -vocab_size <= padding_idx < vocab_size:
            raise ValueError(f"For 'Embedding', the 'padding_idx' must be in range [{-vocab_size}, {vocab_size}), "
                             f"but got {padding_idx}.")
        table = initializer(embedding_table, [vocab_size, embedding_size], mstype.float32)
        self.padding_idx = padding_idx
        if padding_idx is not None:
            arr = table.asnumpy().copy()
            arr[padding_idx] = 0
            table = Tensor(arr)
        self.embedding_table = Parameter(table, name="embedding_table")

    def construct(self, ids):
        if ids.dtype.kind not in "iu":
            raise TypeError(f"For 'Embedding', the input ids must be an int Tensor, but got {ids.dtype}.")
        if self.use_one_hot:
            flat = ops.reshape(ids, (-1,))
            oh = ops.one_hot(flat, self.vocab_size, 1.0, 0.0)
            out = ops.matmul(ops.cast(oh, self.embedding_table.dtype), self.embedding_table)
        else:
            # the ids as given are checked (the same array each step, computed already: no wait, and
            # no boundary of a captured segment), then gathered without a second check
            n = self.embedding_table.shape[0]
            check_range(ids._data, -n, n, gather_error("Gather", n))
            out = gather_in_range(self.embedding_table, ops.reshape(ids, (-1,)), 0)
        return ops.reshape(out, ids.shape + (self.embedding_size,))

    def extend_repr(self):
        return f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, use_one_hot={self.use_one_hot}, " \
               f"embedding_table={self.embedding_table}, dtype={self.dtype}, padding_idx={self.padding_idx}"


# ---- cell functions: one time step ------------------------------------------------------------
def _linear(x, w, b):
    y = ops.matmul_t(x, w, False, True)
    return y if b is None else ops.add(y, b)


def _rnn_tanh(x, h, w_ih, w_hh, b_ih, b_hh):
    return ops.tanh(ops.add(_linear(x, w_ih, b_ih), _linear(h, w_hh, b_hh)))


def _rnn_relu(x, h, w_ih, w_hh, b_ih, b_hh):
    return ops.relu(ops.add(_linear(x, w_ih, b_ih), _linear(h, w_hh, b_hh)))


def _lstm(x, hc, w_ih, w_hh, b_ih, b_hh):
    h, c = hc
    gates = ops.add(_linear(x, w_ih, b_ih), _linear(h, w_hh, b_hh))
    i, f, g, o = ops.split(gates, gates.shape[1] // 4, 1)
    c2 = ops.add(ops.mul(ops.sigmoid(f), c), ops.mul(ops.sigmoid(i), ops.tanh(g)))
    return ops.mul(ops.sigmoid(o), ops.tanh(c2)), c2


def _gru(x, h, w_ih, w_hh, b_ih, b_hh):
    gi, gh = _linear(x, w_ih, b_ih), _linear(h, w_hh, b_hh)
    n3 = gi.shape[1] // 3
    i_r, i_z, i_n = ops.split(gi, n3, 1)
    h_r, h_z, h_n = ops.split(gh, n3, 1)
    r = ops.sigmoid(ops.add(i_r, h_r))
    z = ops.sigmoid(ops.add(i_z, h_z))
    n = ops.tanh(ops.add(i_n, ops.mul(r, h_n)))
    return ops.add(n, ops.mul(z, ops.sub(h, n)))


_CELLS = {"RNN_TANH": (_rnn_tanh, 1), "RNN_RELU": (_rnn_relu, 1), "LSTM": (_lstm, 4), "GRU": (_gru, 3)}


def _uniform(shape, stdv, dtype):
    # numpy's global state, as MindSpore: set_seed makes it reproducible
    return Tensor(np.random.uniform(-stdv, stdv, shape).astype(np.float32), dtype)


class _RNNBase(Cell):
    mode = "RNN_TANH"

    def __init__(self, input_size: int, hidden_size: int, num_layers: int = 1, has_bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False,
                 dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        self.input_size = positive_int(cls, "input_size", input_size)
        self.hidden_size = positive_int(cls, "hidden_size", hidden_size)
        self.num_layers = positive_int(cls, "num_layers", num_layers)
        if not isinstance(dropout, (int, float)) or not 0 <= dropout < 1:
            raise ValueError(f"For '{cls}', the 'dropout' must be a float in range [0, 1), but got {dropout}.")
        self.has_bias, self.batch_first, self.dropout = has_bias, batch_first, float(dropout)
        self.bidirectional = bidirectional
        self.num_directions = 2 if bidirectional else 1
        self._cell, chunks = _CELLS[self.mode]
        gate = chunks * hidden_size
        stdv = 1 / math.sqrt(hidden_size)
        w_ih, w_hh, b_ih, b_hh = [], [], [], []
        for layer in range(num_layers):
            for d in range(self.num_directions):
                suffix = "_reverse" if d == 1 else ""
                in_size = input_size if layer == 0 else hidden_size * self.num_directions
                w_ih.append(Parameter(_uniform((gate, in_size), stdv, dtype), name=f"weight_ih_l{layer}{suffix}"))
                w_hh.append(Parameter(_uniform((gate, hidden_size), stdv, dtype), name=f"weight_hh_l{layer}{suffix}"))
                if has_bias:
                    b_ih.append(Parameter(_uniform((gate,), stdv, dtype), name=f"bias_ih_l{layer}{suffix}"))
                    b_hh.append(Parameter(_uniform((gate,), stdv, dtype), name=f"bias_hh_l{layer}{suffix}"))
        self.w_ih_list = ParameterTuple(w_ih)
        self.w_hh_list = ParameterTuple(w_hh)
        self.b_ih_list = ParameterTuple(b_ih) if has_bias else None
        self.b_hh_list = ParameterTuple(b_hh) if has_bias else None

    def _run_direction(self, xs, h, idx, lengths, reverse):
        w_ih, w_hh = self.w_ih_list[idx], self.w_hh_list[idx]
        b_ih = self.b_ih_list[idx] if self.has_bias else None
        b_hh = self.b_hh_list[idx] if self.has_bias else None
        steps = range(len(xs) - 1, -1, -1) if reverse else range(len(xs))
        outs = [None] * len(xs)
        for t in steps:
            new = self._cell(xs[t], h, w_ih, w_hh, b_ih, b_hh)
            if lengths is not None:
                # past a sequence's end: keep its state, output zeros
                alive = ops.reshape(ops.less(Tensor(t, lengths.dtype), lengths), (-1, 1))
                if isinstance(new, tuple):
                    new = tuple(ops.select(alive, n, o) for n, o in zip(new, h))
                else:
                    new = ops.select(alive, new, h)
                y = new[0] if isinstance(new, tuple) else new
                outs[t] = ops.select(alive, y, ops.zeros_like(y))
            else:
                outs[t] = new[0] if isinstance(new, tuple) else new
            h = new
        return outs, h

    def construct(self, x, hx=None, seq_length=None):
        cls = type(self).__name__
        if x.ndim != 3:
            raise ValueError(f"For '{cls}', the input must be a 3-D Tensor, but got shape {list(x.shape)}.")
        if self.batch_first:
            x = ops.transpose(x, (1, 0, 2))
        if x.shape[2] != (self.input_size):
            raise ValueError(f"For '{cls}', the input's last dimension must be 'input_size' {self.input_size}, but got "
                             f"shape {list(x.shape)}.")
        seq, batch = x.shape[0], x.shape[1]
        n_h = self.num_layers * self.num_directions
        is_lstm = self.mode == "LSTM"
        if hx is None:
            z = ops.zeros((n_h, batch, self.hidden_size), x.dtype)
            hx = (z, z) if is_lstm else z
        lengths = None if seq_length is None else ops.cast(seq_length, mstype.int32)
        xs = [x[t] for t in range(seq)]
        h_n, c_n = [], []
        for layer in range(self.num_layers):
            dir_outs = []
            for d in range(self.num_directions):
                idx = layer * self.num_directions + d
                h0 = (hx[0][idx], hx[1][idx]) if is_lstm else hx[idx]
                outs, h = self._run_direction(xs, h0, idx, lengths, reverse=d == 1)
                dir_outs.append(outs)
                if is_lstm:
                    h_n.append(h[0])
                    c_n.append(h[1])
                else:
                    h_n.append(h)
            xs = [ops.concat([o[t] for o in dir_outs], 1) if self.num_directions == 2 else dir_outs[0][t]
                  for t in range(seq)]
            if self.dropout and self.training and layer < self.num_layers - 1:
                xs = [ops.dropout(v, self.dropout) for v in xs]
        output = ops.stack(xs, 0)
        if self.batch_first:
            output = ops.transpose(output, (1, 0, 2))
        if is_lstm:
            return output, (ops.stack(h_n, 0), ops.stack(c_n, 0))
        return output, ops.stack(h_n, 0)


class RNN(_RNNBase):
    """``nn.RNN(input_size, hidden_size, num_layers=1, nonlinearity='tanh', has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False)``; returns (output, h_n)."""

    def __init__(self, *args, nonlinearity: str = "tanh", **kwargs):
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"For 'RNN', the 'nonlinearity' must be 'tanh' or 'relu', but got {nonlinearity!r}.")
        self.mode = "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU"
        super().__init__(*args, **kwargs)


class LSTM(_RNNBase):
    """``nn.LSTM``: returns (output, (h_n, c_n)); gates i, f, g, o.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> lstm = ms.nn.LSTM(4, 8, batch_first=True)
        >>> out, (h, c) = lstm(ms.Tensor(np.ones((2, 5, 4)), ms.float32))
        >>> out.shape, h.shape
        ((2, 5, 8), (1, 2, 8))
    """
    mode = "LSTM"


class GRU(_RNNBase):
    """``nn.GRU``: returns (output, h_n); gates r, z, n."""
    mode = "GRU"


class _CellBase(Cell):
    mode = "RNN_TANH"

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, nonlinearity: str = "tanh",
                 dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        self.input_size = positive_int(cls, "input_size", input_size)
        self.hidden_size = positive_int(cls, "hidden_size", hidden_size)
        if self.mode == "RNN_TANH" and nonlinearity == "relu":
            self.mode = "RNN_RELU"
        self._cell, chunks = _CELLS[self.mode]
        stdv = 1 / math.sqrt(hidden_size)
        self.has_bias = has_bias
        self.weight_ih = Parameter(_uniform((chunks * hidden_size, input_size), stdv, dtype), name="weight_ih")
        self.weight_hh = Parameter(_uniform((chunks * hidden_size, hidden_size), stdv, dtype), name="weight_hh")
        self.bias_ih = Parameter(_uniform((chunks * hidden_size,), stdv, dtype), name="bias_ih") if has_bias else None
        self.bias_hh = Parameter(_uniform((chunks * hidden_size,), stdv, dtype), name="bias_hh") if has_bias else None

    def construct(self, x, hx=None):
        if hx is None:
            z = ops.zeros((x.shape[0], self.hidden_size), x.dtype)
            hx = (z, z) if self.mode == "LSTM" else z
        return self._cell(x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)


class RNNCell(_CellBase):
    mode = "RNN_TANH"


class LSTMCell(_CellBase):
    mode = "LSTM"


class GRUCell(_CellBase):
    mode = "GRU"

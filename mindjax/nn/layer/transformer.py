"""MultiheadAttention and the Transformer family (``mindspore.nn.layer.transformer``).

The layout follows MindSpore's (and PyTorch's): sequence-first ``(L, N, E)`` unless
``batch_first``, a packed ``in_proj_weight`` of shape (3E, E) when the key and value widths equal
``embed_dim``, separate ``q/k/v_proj_weight`` otherwise, and ``out_proj`` a Dense.
"""
from __future__ import annotations

import copy
import math
from typing import Optional, Union

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...common.initializer import initializer, XavierNormal, XavierUniform, HeUniform, Uniform
from ... import ops
from ..cell import Cell
from .basic import Dense, Dropout
from .activation import ReLU, GELU
from .normalization import LayerNorm
from .container import CellList

__all__ = ["MultiheadAttention", "TransformerEncoderLayer", "TransformerDecoderLayer", "TransformerEncoder",
           "TransformerDecoder", "Transformer"]


def _is_float(t) -> bool:
    return ops.is_floating_point(t)


def _pad_last(x, n=1):
    """Append ``n`` zero (False) columns on the last axis; bool masks are padded through int32."""
    if x.dtype == mstype.bool_:
        return ops.cast(ops.pad(ops.cast(x, mstype.int32), (0, n)), mstype.bool_)
    return ops.pad(x, (0, n))


def _in_projection_packed(q, k, v, w, b, k_is_v, q_is_k):
    e = q.shape[-1]
    if k_is_v and q_is_k:  # self-attention: one product
        return ops.tensor_split(ops.dense(q, w, b), 3, axis=-1)
    if k_is_v:  # encoder-decoder attention: key and value share one product
        w_q, w_kv = ops.split(w, [e, 2 * e])
        b_q, b_kv = (None, None) if b is None else ops.split(b, [e, 2 * e])
        return (ops.dense(q, w_q, b_q),) + tuple(ops.tensor_split(ops.dense(k, w_kv, b_kv), 2, axis=-1))
    w_q, w_k, w_v = ops.tensor_split(w, 3)
    b_q, b_k, b_v = (None,) * 3 if b is None else ops.tensor_split(b, 3)
    return ops.dense(q, w_q, b_q), ops.dense(k, w_k, b_k), ops.dense(v, w_v, b_v)


def _attention(cell, query, key, value, key_padding_mask, attn_mask, average_attn_weights, k_is_v, q_is_k):
    """Multi-head attention on sequence-first inputs, with MindSpore's checks and mask handling."""
    nh = cell.num_heads
    if query.ndim == 3:
        if key.ndim != 3 or value.ndim != 3:
            raise ValueError(f"For batched (3-D) `query`, expected `key` and `value` to be 3-D, but found "
                             f"{key.ndim}-D and {value.ndim}-D tensors respectively.")
        if key_padding_mask is not None and key_padding_mask.ndim != 2:
            raise ValueError(f"For batched `query`, the `key_padding_mask` must be `None` or 2D, but got "
                             f"`key_padding_mask` with {key_padding_mask.ndim}D.")
    elif query.ndim == 2:
        if key.ndim != 2 or value.ndim != 2:
            raise ValueError(f"For unbatched (2-D) `query`, expected `key` and `value` to be 2-D, but found "
                             f"{key.ndim}-D and {value.ndim}-D tensors respectively.")
        if key_padding_mask is not None and key_padding_mask.ndim != 1:
            raise ValueError(f"For unbatched `query`, the `key_padding_mask` must be `None` or 1D, but got "
                             f"`key_padding_mask` with {key_padding_mask.ndim}D.")
    else:
        raise ValueError(f"The `query` should be unbatched 2D or batched 3D tensor but received {query.ndim}-D "
                         f"query tensor.")
    batched = query.ndim == 3
    if not batched:
        query, key, value = (ops.expand_dims(t, 1) for t in (query, key, value))
        if key_padding_mask is not None:
            key_padding_mask = ops.expand_dims(key_padding_mask, 0)
    tgt_len, bsz, embed_dim = query.shape
    if embed_dim != cell.embed_dim:
        raise ValueError(f"The `embed_dim` should be {cell.embed_dim}, but got {embed_dim}.")
    head_dim = embed_dim // nh
    if cell._qkv_same_embed_dim:
        if key.shape != value.shape:
            raise ValueError(f"The shape of `key` {key.shape} does not match `value` {value.shape}.")
        q, k, v = _in_projection_packed(query, key, value, cell.in_proj_weight, cell.in_proj_bias, k_is_v, q_is_k)
    else:
        if key.shape[:2] != value.shape[:2]:
            raise ValueError(f"The sequence length and batch dims of `key`: {key.shape[:2]} do not match "
                             f"`value`: {value.shape[:2]}.")
        b = (None,) * 3 if cell.in_proj_bias is None else ops.tensor_split(cell.in_proj_bias, 3)
        q = ops.dense(query, cell.q_proj_weight, b[0])
        k = ops.dense(key, cell.k_proj_weight, b[1])
        v = ops.dense(value, cell.v_proj_weight, b[2])
    if attn_mask is not None:
        if attn_mask.dtype == mstype.uint8:
            attn_mask = ops.cast(attn_mask, mstype.bool_)
        elif not _is_float(attn_mask) and attn_mask.dtype != mstype.bool_:
            raise ValueError(f"`attn_mask` only support float, byte, and bool types, but got not {attn_mask.dtype}.")
        if attn_mask.ndim == 2:
            if attn_mask.shape != (tgt_len, key.shape[0]):
                raise ValueError(f"The shape of the `attn_mask` should be {(tgt_len, key.shape[0])}, but got "
                                 f"{attn_mask.shape}.")
            attn_mask = ops.expand_dims(attn_mask, 0)
        elif attn_mask.ndim == 3:
            want = (bsz * nh, tgt_len, key.shape[0])
            if attn_mask.shape != want:
                raise ValueError(f"The shape of the `attn_mask` should be {want}, but got {attn_mask.shape}.")
        else:
            raise ValueError(f"The ndim of `attn_mask` only support 2 or 3, but got {attn_mask.ndim}.")
    if cell.bias_k is not None:
        k = ops.cat([k, ops.tile(cell.bias_k, (1, bsz, 1))])
        v = ops.cat([v, ops.tile(cell.bias_v, (1, bsz, 1))])
        attn_mask = None if attn_mask is None else _pad_last(attn_mask)
        key_padding_mask = None if key_padding_mask is None else _pad_last(key_padding_mask)
    q = ops.swapaxes(ops.reshape(q, (tgt_len, bsz * nh, head_dim)), 0, 1)
    k = ops.swapaxes(ops.reshape(k, (k.shape[0], bsz * nh, head_dim)), 0, 1)
    v = ops.swapaxes(ops.reshape(v, (v.shape[0], bsz * nh, head_dim)), 0, 1)
    if cell.add_zero_attn:
        k = ops.cat([k, ops.zeros((bsz * nh, 1, head_dim), k.dtype)], axis=1)
        v = ops.cat([v, ops.zeros((bsz * nh, 1, head_dim), v.dtype)], axis=1)
        attn_mask = None if attn_mask is None else _pad_last(attn_mask)
        key_padding_mask = None if key_padding_mask is None else _pad_last(key_padding_mask)
    src_len = k.shape[1]
    if key_padding_mask is not None:
        if key_padding_mask.shape != (bsz, src_len):
            raise ValueError(f"The shape of `key_padding_mask` should be {(bsz, src_len)}, but got "
                             f"{key_padding_mask.shape}.")
        kpm = ops.reshape(ops.tile(ops.reshape(key_padding_mask, (bsz, 1, 1, src_len)), (1, nh, 1, 1)),
                          (bsz * nh, 1, src_len))
        if attn_mask is None:
            attn_mask = kpm
        elif attn_mask.dtype == mstype.bool_:
            attn_mask = ops.logical_or(attn_mask, kpm)
        else:
            attn_mask = attn_mask + kpm
    if attn_mask is not None and attn_mask.dtype == mstype.bool_:
        attn_mask = ops.masked_fill(ops.zeros(attn_mask.shape, q.dtype), attn_mask, float("-inf"))
    if attn_mask is not None:
        attn_mask = (ops.expand_dims(attn_mask, 0) if attn_mask.shape[0] == 1
                     else ops.reshape(attn_mask, (bsz, nh, -1, src_len)))
    q = ops.reshape(q, (bsz, nh, tgt_len, head_dim))
    k = ops.reshape(k, (bsz, nh, src_len, head_dim))
    v = ops.reshape(v, (bsz, nh, src_len, head_dim))
    # MindSpore scales query and key each by head_dim ** 0.25 (not the product by sqrt(head_dim))
    scale = ops.sqrt(ops.sqrt(ops.cast(Tensor(head_dim), q.dtype)))
    attn = ops.matmul(q / scale, ops.swapaxes(k, -2, -1) / scale)
    if attn_mask is not None:
        attn = attn + attn_mask
    attn = ops.softmax(attn, -1)
    if 0.0 < cell.dropout <= 1.0 and cell.training:
        attn = ops.dropout(attn, cell.dropout, True)
    out = ops.matmul(attn, v)
    out = ops.reshape(ops.transpose(out, (2, 0, 1, 3)), (bsz * tgt_len, embed_dim))
    out = ops.dense(out, cell.out_proj.weight, cell.out_proj.bias)
    out = ops.reshape(out, (tgt_len, bsz, out.shape[1]))
    attn = ops.reshape(attn, (bsz, nh, tgt_len, src_len))
    if average_attn_weights:
        attn = attn.sum(axis=1) / nh
    if not batched:
        out, attn = ops.squeeze(out, 1), ops.squeeze(attn, 0)
    return out, attn


class MultiheadAttention(Cell):
    """``nn.MultiheadAttention(embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False,
    add_zero_attn=False, kdim=None, vdim=None, batch_first=False, dtype=mstype.float32)``.

    Returns ``(attn_output, attn_weights)`` (``(attn_output,)`` when ``need_weights=False``).
    Parameters: ``in_proj_weight`` (3E, E) XavierUniform (or ``q/k/v_proj_weight``), ``in_proj_bias``
    zeros, ``out_proj.weight``/``out_proj.bias`` (Dense), ``bias_k``/``bias_v`` (1, 1, E) XavierNormal.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> mha = ms.nn.MultiheadAttention(8, 2)
        >>> q = ms.Tensor(np.ones((3, 2, 8)), ms.float32)
        >>> out, w = mha(q, q, q)
        >>> out.shape, w.shape
        ((3, 2, 8), (2, 3, 3))
    """

    def __init__(self, embed_dim: int, num_heads: int, dropout: float = 0.0, has_bias: bool = True,
                 add_bias_kv: bool = False, add_zero_attn: bool = False, kdim: Optional[int] = None,
                 vdim: Optional[int] = None, batch_first: bool = False, dtype=mstype.float32):
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads, self.dropout, self.batch_first = num_heads, dropout, batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise ValueError("The init argument 'embed_dim' must be divisible by 'num_heads'.")
        dtype = mstype.float32 if dtype is None else dtype
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, embed_dim), dtype), "q_proj_weight")
            self.k_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.kdim), dtype), "k_proj_weight")
            self.v_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.vdim), dtype), "v_proj_weight")
            self.in_proj_weight = None
        else:
            self.in_proj_weight = Parameter(initializer(XavierUniform(), (3 * embed_dim, embed_dim), dtype),
                                            "in_proj_weight")
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
        self.in_proj_bias = (Parameter(initializer("zeros", (3 * embed_dim,), dtype), "in_proj_bias")
                             if has_bias else None)
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias, weight_init=HeUniform(math.sqrt(5)),
                              bias_init=Uniform(1 / math.sqrt(embed_dim)), dtype=dtype)
        if add_bias_kv:
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_k")
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_v")
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self.k_is_v = self.q_is_k = False
        self.dtype = dtype

    def __call__(self, *args, **kwargs):
        # the packed projection shares one product when key is value (and query is key), as MindSpore does
        names = ("query", "key", "value")
        qkv = [kwargs[n] if n in kwargs else (args[i] if i < len(args) else None) for i, n in enumerate(names)]
        self.k_is_v = qkv[1] is qkv[2]
        self.q_is_k = qkv[0] is qkv[1]
        return super().__call__(*args, **kwargs)

    def construct(self, query: Tensor, key: Tensor, value: Tensor, key_padding_mask: Optional[Tensor] = None,
                  need_weights: bool = True, attn_mask: Optional[Tensor] = None, average_attn_weights: bool = True):
        if key_padding_mask is not None and key_padding_mask.dtype != mstype.bool_ \
                and not _is_float(key_padding_mask):
            raise ValueError("only bool and floating types of key_padding_mask are supported")
        batched = query.ndim == 3
        if self.batch_first and batched:
            query, key, value = (ops.swapaxes(t, 1, 0) for t in (query, key, value))
        out, weights = _attention(self, query, key, value, key_padding_mask, attn_mask, average_attn_weights,
                                  self.k_is_v, self.q_is_k)
        if self.batch_first and batched:
            out = ops.swapaxes(out, 1, 0)
        return (out, weights) if need_weights else (out,)


def _activation(activation):
    """MindSpore accepts 'relu'/'gelu', nn.ReLU/nn.GELU instances and ops.relu/ops.gelu only."""
    if not isinstance(activation, (str, Cell)) and not callable(activation):
        raise ValueError(f"The argument 'activation' must be str, callable or Cell instance, but get {activation}.")
    if isinstance(activation, Cell) and not isinstance(activation, (ReLU, GELU)):
        raise ValueError(f"The argument 'activation' must be nn.ReLU or nn.GELU instance, but get {activation}.")
    if callable(activation) and activation is not ops.relu and activation is not ops.gelu:
        raise ValueError(f"The argument 'activation' must be ops.relu or ops.gelu instance, but get {activation}.")
    if isinstance(activation, str):
        if activation == "relu":
            return ops.relu
        if activation == "gelu":
            return ops.gelu
        raise ValueError(f"The activation must be relu/gelu, but get {activation}")
    return activation


def _check_kpm(mask):
    if mask is not None and mask.dtype != mstype.bool_ and not _is_float(mask):
        raise AssertionError("only bool and floating types of key_padding_mask are supported")


class _Layer(Cell):
    """What the encoder and decoder layers share: the feed-forward block and three LayerNorms."""

    def _ff_init(self, d_model, dim_feedforward, dropout, activation, layer_norm_eps, batch_first, norm_first,
                 nhead, dtype, n_norms):
        self.dense1 = Dense(d_model, dim_feedforward, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(d_model)), dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(dim_feedforward)), dtype=dtype)
        self.norm_first = norm_first
        for i in range(1, n_norms + 1):
            setattr(self, f"norm{i}", LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        for i in range(1, n_norms + 1):
            setattr(self, f"dropout{i}", Dropout(p=dropout))
        self.activation1 = activation
        self.activation = _activation(activation)
        self.d_model, self.nhead, self.dim_feedforward = d_model, nhead, dim_feedforward
        self.dropout_num, self.layernorm_eps = dropout, layer_norm_eps
        self.batch_first, self.dtype = batch_first, dtype

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _ff_block(self, x, drop):
        return drop(self.dense2(self.dropout(self.activation(self.dense1(x)))))


class TransformerEncoderLayer(_Layer):
    """``nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1, activation='relu',
    layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=mstype.float32)``: self-attention
    then a feed-forward block (dense1 -> activation -> dense2), each with a residual and a LayerNorm.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> layer = ms.nn.TransformerEncoderLayer(8, 2, dim_feedforward=16)
        >>> layer(ms.Tensor(np.ones((5, 2, 8)), ms.float32)).shape
        (5, 2, 8)
    """

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation: Union[str, Cell, callable] = "relu", layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self._ff_init(d_model, dim_feedforward, dropout, activation, layer_norm_eps, batch_first, norm_first,
                      nhead, dtype, 2)

    def construct(self, src: Tensor, src_mask: Optional[Tensor] = None,
                  src_key_padding_mask: Optional[Tensor] = None):
        _check_kpm(src_key_padding_mask)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            return x + self._ff_block(self.norm2(x), self.dropout2)
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
        return self.norm2(x + self._ff_block(x, self.dropout2))


class TransformerDecoderLayer(_Layer):
    """``nn.TransformerDecoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1, activation='relu',
    layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=mstype.float32)``: self-attention,
    attention over ``memory`` (``multihead_attn``), then the feed-forward block.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> layer = ms.nn.TransformerDecoderLayer(8, 2, dim_feedforward=16)
        >>> t, m = ms.Tensor(np.ones((4, 2, 8)), ms.float32), ms.Tensor(np.ones((5, 2, 8)), ms.float32)
        >>> layer(t, m).shape
        (4, 2, 8)
    """

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation: Union[str, Cell, callable] = "relu", layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                                 dtype=dtype)
        self._ff_init(d_model, dim_feedforward, dropout, activation, layer_norm_eps, batch_first, norm_first,
                      nhead, dtype, 3)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                need_weights=False)[0]
        return self.dropout2(x)

    def construct(self, tgt: Tensor, memory: Tensor, tgt_mask: Optional[Tensor] = None,
                  memory_mask: Optional[Tensor] = None, tgt_key_padding_mask: Optional[Tensor] = None,
                  memory_key_padding_mask: Optional[Tensor] = None):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            return x + self._ff_block(self.norm3(x), self.dropout3)
        x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
        x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
        return self.norm3(x + self._ff_block(x, self.dropout3))


def _clone(layer, cls, num_layers):
    # MindSpore builds one fresh layer from the template's arguments and deep-copies it, so all the
    # stacked layers start from the same values (not the template's)
    fresh = cls(layer.d_model, layer.nhead, layer.dim_feedforward, layer.dropout_num, layer.activation1,
                layer.layernorm_eps, layer.batch_first, layer.norm_first, dtype=layer.dtype)
    return CellList([copy.deepcopy(fresh) for _ in range(num_layers)])


class TransformerEncoder(Cell):
    """``nn.TransformerEncoder(encoder_layer, num_layers, norm=None)``: ``num_layers`` copies of a layer
    built like ``encoder_layer``, then ``norm``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> enc = ms.nn.TransformerEncoder(ms.nn.TransformerEncoderLayer(8, 2, 16), 2)
        >>> enc(ms.Tensor(np.ones((5, 2, 8)), ms.float32)).shape
        (5, 2, 8)
    """

    def __init__(self, encoder_layer: TransformerEncoderLayer, num_layers: int, norm: Optional[Cell] = None):
        super().__init__()
        self.layers = _clone(encoder_layer, TransformerEncoderLayer, num_layers)
        self.num_layers, self.norm = num_layers, norm

    def construct(self, src: Tensor, src_mask: Optional[Tensor] = None, src_key_padding_mask: Optional[Tensor] = None):
        _check_kpm(src_key_padding_mask)
        out = src
        for mod in self.layers:
            out = mod(out, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.norm(out) if self.norm is not None else out


class TransformerDecoder(Cell):
    """``nn.TransformerDecoder(decoder_layer, num_layers, norm=None)``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> dec = ms.nn.TransformerDecoder(ms.nn.TransformerDecoderLayer(8, 2, 16), 2)
        >>> t, m = ms.Tensor(np.ones((4, 2, 8)), ms.float32), ms.Tensor(np.ones((5, 2, 8)), ms.float32)
        >>> dec(t, m).shape
        (4, 2, 8)
    """

    def __init__(self, decoder_layer: TransformerDecoderLayer, num_layers: int, norm: Optional[Cell] = None):
        super().__init__()
        self.layers = _clone(decoder_layer, TransformerDecoderLayer, num_layers)
        self.num_layers, self.norm = num_layers, norm

    def construct(self, tgt: Tensor, memory: Tensor, tgt_mask: Optional[Tensor] = None,
                  memory_mask: Optional[Tensor] = None, tgt_key_padding_mask: Optional[Tensor] = None,
                  memory_key_padding_mask: Optional[Tensor] = None):
        out = tgt
        for mod in self.layers:
            out = mod(out, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                      tgt_key_padding_mask=tgt_key_padding_mask, memory_key_padding_mask=memory_key_padding_mask)
        return self.norm(out) if self.norm is not None else out


class Transformer(Cell):
    """``nn.Transformer(d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
    dim_feedforward=2048, dropout=0.1, activation='relu', custom_encoder=None, custom_decoder=None,
    layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=mstype.float32)``.
    Every parameter of rank > 1 is re-initialised with XavierUniform, as MindSpore does.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> net = ms.nn.Transformer(8, 2, 1, 1, 16)
        >>> s, t = ms.Tensor(np.ones((5, 2, 8)), ms.float32), ms.Tensor(np.ones((4, 2, 8)), ms.float32)
        >>> net(s, t).shape
        (4, 2, 8)
    """

    def __init__(self, d_model: int = 512, nhead: int = 8, num_encoder_layers: int = 6,
                 num_decoder_layers: int = 6, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation: Union[str, Cell, callable] = "relu", custom_encoder: Optional[Cell] = None,
                 custom_decoder: Optional[Cell] = None, layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, dtype=mstype.float32):
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, dtype=dtype)
            self.encoder = TransformerEncoder(layer, num_encoder_layers,
                                              LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, dtype=dtype)
            self.decoder = TransformerDecoder(layer, num_decoder_layers,
                                              LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        for _, p in self.parameters_and_names():
            if p.ndim > 1:
                p.set_data(initializer("xavier_uniform", p.shape, p.dtype))
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first

    def construct(self, src: Tensor, tgt: Tensor, src_mask: Optional[Tensor] = None, tgt_mask: Optional[Tensor] = None,
                  memory_mask: Optional[Tensor] = None, src_key_padding_mask: Optional[Tensor] = None,
                  tgt_key_padding_mask: Optional[Tensor] = None, memory_key_padding_mask: Optional[Tensor] = None):
        # MindSpore compares src's batch size with itself here, so a tgt batch mismatch is not caught
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise ValueError("The number of features for 'src' and 'tgt' must be equal to `d_model`.")
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)

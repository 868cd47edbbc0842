"""``nn.EmbeddingLookup`` (``mindspore.nn.layer.embedding``)."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ...common.initializer import initializer
from ... import ops
from ..cell import Cell
from .math_more import ClipByNorm

__all__ = ["EmbeddingLookup"]


def _positive_int(arg, v, cls=None):
    if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
        where = f"For '{cls}', the" if cls else "The"
        raise (ValueError if isinstance(v, int) and not isinstance(v, bool) else TypeError)(
            f"{where} '{arg}' must be int and must > 0, but got '{v}' with type '{type(v).__name__}'.")
    return v


class EmbeddingLookup(Cell):
    """``nn.EmbeddingLookup(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True, vocab_cache_size=0,
    dtype=mstype.float32)``: rows of ``embedding_table`` (vocab_size, embedding_size) picked by the
    indices. With ``target='CPU'`` an index outside [0, vocab_size) gives a row of zeros (MindSpore's
    EmbeddingLookup kernel); with ``'DEVICE'`` it gathers. ``max_norm`` clips each output vector's
    L2 norm through ``nn.ClipByNorm`` (which follows the clipping formula where MindSpore's kernel
    differs for an ``axis``). The slice modes and the parameter-server cache only matter in parallel training.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> emb = ms.nn.EmbeddingLookup(4, 2, param_init='ones')
        >>> emb(ms.Tensor(np.array([[0, 3], [9, 1]]), ms.int32)).asnumpy().tolist()
        [[[1.0, 1.0], [1.0, 1.0]], [[0.0, 0.0], [1.0, 1.0]]]
    """

    BATCH_SLICE = "batch_slice"
    FIELD_SLICE = "field_slice"
    TABLE_ROW_SLICE = "table_row_slice"
    TABLE_COLUMN_SLICE = "table_column_slice"

    def __init__(self, vocab_size: int, embedding_size: int, param_init="normal", target: str = "CPU",
                 slice_mode: str = "batch_slice", manual_shapes=None, max_norm=None, sparse: bool = True,
                 vocab_cache_size: int = 0, dtype=mstype.float32):
        super().__init__()
        if not isinstance(sparse, bool):
            raise TypeError(f"For 'EmbeddingLookup', the type of 'sparse' should be 'bool', but got type "
                            f"'{type(sparse).__name__}'.")
        self.vocab_size = _positive_int("vocab_size", vocab_size)
        if isinstance(vocab_cache_size, bool) or not isinstance(vocab_cache_size, int) or vocab_cache_size < 0:
            raise ValueError(f"The 'vocab_cache_size' must be int and must >= 0, but got '{vocab_cache_size}' with "
                             f"type '{type(vocab_cache_size).__name__}'.")
        self.vocab_cache_size = vocab_cache_size
        if target not in ("CPU", "DEVICE"):
            raise ValueError(f"For 'EmbeddingLookup', the 'target' must be str and must be in '['CPU', 'DEVICE']', "
                             f"but got '{target}'.")
        if not sparse and target == "CPU":
            raise ValueError(f"For 'EmbeddingLookup', 'sparse' must be True when 'target' is \"CPU\", but got "
                             f"'sparse': {sparse} and 'target': {target}")
        self.target, self.sparse, self.slice_mode = target, sparse, slice_mode
        self.embedding_size = _positive_int("embedding_size", embedding_size, "EmbeddingLookup")
        self.embedding_table = Parameter(initializer(param_init, [vocab_size, embedding_size], dtype),
                                         name="embedding_table")
        self.max_norm = None
        if max_norm is not None:
            if isinstance(max_norm, bool) or not isinstance(max_norm, (int, float)) or max_norm <= 0:
                raise ValueError(f"For 'EmbeddingLookup', the 'max_norm' must be a positive float, but got "
                                 f"{max_norm}.")
            self.max_norm = Tensor(float(max_norm), mstype.float32)

    def construct(self, indices):
        if self.target == "CPU":
            out = ops.EmbeddingLookup()(self.embedding_table, indices, 0)
        else:
            out = ops.gather(self.embedding_table, indices, 0)
        if self.max_norm is not None:
            axis = tuple(range(indices.ndim, out.ndim))
            out = ClipByNorm(axis)(out, self.max_norm)
        return out

"""``mindspore.train.amp``: mixed-precision rewriting of networks and ``build_train_network``.

The casts are placed as MindSpore 2.10 places them:

* ``O1`` (and ``custom_mixed_precision(white_list=...)``): the ops of white-listed Cells
  (``nn.Dense``, ``nn.Conv2d``, ...) and white-listed Primitives held by a Cell
  (``self.matmul = ops.MatMul()``) take their floating inputs and Parameters in float16
  and give float32 results.  MindSpore rewrites the Cells' source for this; here a
  white-listed Cell runs in float16 (``to_float``) and casts its output back to float32,
  and a white-listed Primitive attribute is replaced by a casting wrapper, which puts the
  same casts around the same computations.
* ``O2`` (and ``custom_mixed_precision(black_list=...)``): the network runs in float16
  except the black-listed Cells (BatchNorm, LayerNorm), which run in float32 and hand
  float16 on; the network's outputs are cast to float32 (``_OutputTo32``).
* ``O3``: everything in float16, outputs cast to float32.
* ``auto``: per-operator lists applied when each op runs (see ``mindjax.amp``).
"""
from __future__ import annotations

import copy
import inspect
import logging

from .. import _dtype as mstype
from .. import ops
from .._tensor import Tensor
from ..nn.cell import Cell
from ..ops._primitive import Primitive
from .loss_scale import LossScaleManager, DynamicLossScaleManager

__all__ = ["auto_mixed_precision", "build_train_network", "custom_mixed_precision", "get_white_list",
           "get_black_list"]

logger = logging.getLogger("mindjax.amp")

# MindSpore's lists, by (module, name); a class mindjax does not have yet is left out.
_WHITE_NAMES = [("nn", "Conv1d"), ("nn", "Conv2d"), ("nn", "Conv3d"), ("nn", "Conv1dTranspose"),
                ("nn", "Conv2dTranspose"), ("nn", "Conv3dTranspose"), ("nn", "Dense"), ("nn", "LSTMCell"),
                ("nn", "RNNCell"), ("nn", "GRUCell"), ("ops", "Conv2D"), ("ops", "Conv3D"),
                ("ops", "Conv2DTranspose"), ("ops", "Conv3DTranspose"), ("ops", "Conv2DBackpropInput"),
                ("ops", "MatMul"), ("ops", "BatchMatMul"), ("ops", "PReLU"), ("ops", "ReLU"), ("ops", "Ger")]
_BLACK_NAMES = [("nn", "BatchNorm1d"), ("nn", "BatchNorm2d"), ("nn", "BatchNorm3d"), ("nn", "LayerNorm")]

# Cells that MindSpore writes as one call of a Primitive (``self.relu = ops.ReLU()``):
# when that Primitive is white-listed, the whole Cell is cast, as MindSpore's rewrite casts it.
_CELL_PRIMITIVE = [(("nn", "ReLU"), ("ops", "ReLU")), (("nn", "PReLU"), ("ops", "PReLU"))]


def _resolve(names):
    from .. import nn as _nn
    mods = {"nn": _nn, "ops": ops}
    return [getattr(mods[m], n) for m, n in names if getattr(mods[m], n, None) is not None]


def get_white_list() -> list:
    """A copy of the white list of ``amp_level`` 'O1': the Cells and Primitives whose ops run in
    float16 (Conv*, Dense, RNN cells, MatMul, BatchMatMul, PReLU, ReLU, Ger, as MindSpore 2.10).

    Examples:
        >>> from mindjax import amp, nn
        >>> nn.Dense in amp.get_white_list()
        True
    """
    return _resolve(_WHITE_NAMES)


def get_black_list() -> list:
    """A copy of the black list of ``amp_level`` 'O2': the Cells kept in float32
    (BatchNorm1d/2d/3d, LayerNorm).

    Examples:
        >>> from mindjax import amp, nn
        >>> amp.get_black_list() == [nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d, nn.LayerNorm]
        True
    """
    return _resolve(_BLACK_NAMES)


# ---------------------------------------------------------------------------------------- casts
def _mp_cast(dtype, value):
    """MindSpore's ``F.mixed_precision_cast``: floating Tensors in ``value`` (nested
    tuples, lists, dicts) cast to ``dtype``; everything else unchanged."""
    if isinstance(value, Tensor):
        return ops.cast(value, dtype) if value.dtype.is_floating and value.dtype != dtype else value
    if isinstance(value, (tuple, list)):
        return type(value)(_mp_cast(dtype, v) for v in value)
    if isinstance(value, dict):
        return {k: _mp_cast(dtype, v) for k, v in value.items()}
    return value


class _OutputTo16(Cell):
    """Runs ``backbone`` and casts its output to float16 (or ``dtype``): the float32 island
    of a black-listed Cell inside a float16 network."""

    def __init__(self, backbone: Cell, dtype=mstype.float16):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self.dtype = dtype
        _copy_amp_attr(self, backbone)

    def construct(self, *args, **kwargs):
        return ops.cast(self._backbone(*args, **kwargs), self.dtype)


class _OutputTo32(Cell):
    """Runs ``backbone`` and casts the floating Tensors of its output to float32."""

    def __init__(self, backbone: Cell):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        _copy_amp_attr(self, backbone)

    def construct(self, *args, **kwargs):
        return _mp_cast(mstype.float32, self._backbone(*args, **kwargs))


def _copy_amp_attr(cell, backbone):
    # MindSpore's Cell._get_attr_from_cell: the wrapper reports the backbone's amp level
    if "_amp_level" in backbone.__dict__:
        cell.__dict__["_amp_level"] = backbone.__dict__["_amp_level"]


class _AmpPrimitive(Primitive):
    """A white-listed Primitive held by a Cell, as O1 runs it: floating Tensor inputs cast
    to the low dtype, floating outputs cast to float32.  Attributes read through to the
    wrapped Primitive."""

    def __init__(self, prim: Primitive, dtype):
        self.__dict__["_prim"] = prim
        self.__dict__["_amp_dtype"] = dtype

    def __getattr__(self, name):
        return getattr(self.__dict__["_prim"], name)

    def __setattr__(self, name, value):
        setattr(self.__dict__["_prim"], name, value)

    def __call__(self, *args, **kwargs):
        dt = self.__dict__["_amp_dtype"]
        args = tuple(_mp_cast(dt, a) if isinstance(a, Tensor) else a for a in args)
        return _mp_cast(mstype.float32, self.__dict__["_prim"](*args, **kwargs))

    def __repr__(self):
        return repr(self.__dict__["_prim"])


class _CastOutputConstruct:
    """The ``construct`` of a Cell cast by O1: the original one, its floating outputs cast
    to float32 (MindSpore casts each white-listed op's result back)."""

    def __init__(self, construct):
        self.construct = construct

    def __call__(self, *args, **kwargs):
        return _mp_cast(mstype.float32, self.construct(*args, **kwargs))


def _precision_set_by_user(cell: Cell) -> bool:
    d = cell.__dict__
    return "_float_dtype" in d and not d.get("_amp_forced")


def _cast_whole_cell(cell: Cell, dtype) -> None:
    """Every op of ``cell`` and its children in ``dtype``, each Cell's output in float32;
    children whose precision the user set with ``to_float`` are left alone."""
    d = cell.__dict__
    d["_float_dtype"] = dtype
    d["_amp_forced"] = True
    if not isinstance(d.get("construct"), _CastOutputConstruct):
        d["construct"] = _CastOutputConstruct(cell.construct)
    cell._hooks_changed()
    for sub in cell._cells.values():
        if sub is not None and not _precision_set_by_user(sub):
            _cast_whole_cell(sub, dtype)


def _cast_by_white_list(cell: Cell, dtype, white_list) -> None:
    """Walk the Cells as MindSpore's rewrite walks their source: white-listed Cells (by exact
    type) are cast whole, white-listed Primitive attributes are wrapped."""
    white = tuple(white_list)
    by_prim = {}
    for cell_names, prim_names in _CELL_PRIMITIVE:
        cls, prim = _resolve([cell_names]), _resolve([prim_names])
        if cls and prim and prim[0] in white:
            by_prim[cls[0]] = True
    for name, value in list(cell.__dict__.items()):
        if isinstance(value, Primitive) and not isinstance(value, _AmpPrimitive) and type(value) in white \
                and type(value).__name__ != "Cast":
            cell.__dict__[name] = _AmpPrimitive(value, dtype)
    for sub in cell._cells.values():
        if sub is None or _precision_set_by_user(sub):
            continue
        if type(sub) in white or type(sub) in by_prim:
            _cast_whole_cell(sub, dtype)
        else:
            _cast_by_white_list(sub, dtype, white_list)


def _o1(network: Cell, dtype, white_list) -> Cell:
    # As MindSpore: the sub-Cells are changed in place and a new top Cell is returned.
    top = copy.copy(network)
    top.__dict__["_jit_cache"] = None
    top.__dict__.pop("_graph_holder", None)
    if type(top) in tuple(white_list):
        _cast_whole_cell(top, dtype)
    else:
        _cast_by_white_list(top, dtype, white_list)
    return top


def _auto_black_list(network: Cell, black_list, dtype) -> Cell:
    """O2: the network in ``dtype``, each black-listed Cell in float32 handing ``dtype`` on."""
    network.to_float(dtype)
    changed = False
    for name, sub in list(network._cells.items()):
        if sub is None or sub is network:
            continue
        if isinstance(sub, tuple(black_list)):
            wrapped = _OutputTo16(sub.to_float(mstype.float32), dtype)
            wrapped.__dict__["_cell_name"] = name
            network._cells[name] = wrapped
            changed = True
        else:
            _auto_black_list(sub, black_list, dtype)
    if changed:
        network._hooks_changed()
    return network


def _check_dtype(dtype):
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}.")


def auto_mixed_precision(network, amp_level: str = "O0", dtype=mstype.float16):
    """The network with mixed precision at ``amp_level``: 'O0' unchanged; 'O1' the white-list
    Cells and Primitives (see :func:`get_white_list`) compute in ``dtype``; 'O2' everything but
    the black-list Cells (:func:`get_black_list`) in ``dtype``; 'O3' everything in ``dtype``;
    'auto' per-operator lists.  Outputs of O2/O3 are cast back to float32.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax import amp, nn
        >>> net = amp.auto_mixed_precision(nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4)]), "O2")
        >>> print(net(ms.Tensor(np.ones((2, 3)), ms.float32)).dtype)
        Float32
    """
    if not isinstance(network, Cell):
        if amp_level == "auto":
            if not inspect.isfunction(network) and not inspect.ismethod(network):
                raise TypeError("For amp_level 'auto', the network type should be Cell or function.")
        else:
            raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell.")
    _check_dtype(dtype)
    if amp_level == "O0":
        return network
    previous = getattr(network, "__dict__", {}).get("_amp_level")
    if previous in ("O1", "O2", "O3", "auto"):
        logger.warning("The network's auto mixed-precision level is adjusted from %s to %s, and repeated calls to "
                       "mixed-precision interfaces can cause performance degradation.", previous, amp_level)
    if amp_level == "O1":
        network = _o1(network, dtype, get_white_list())
    elif amp_level == "O2":
        network = _OutputTo32(_auto_black_list(network, get_black_list(), dtype))
    elif amp_level == "O3":
        network.to_float(dtype)
        network = _OutputTo32(network)
    elif amp_level == "auto":
        from ..amp import _apply_auto
        network = _apply_auto(network, dtype)
    else:
        raise ValueError(f"The amp level {amp_level} is not supported")
    if isinstance(network, Cell):
        network.__dict__["_amp_level"] = amp_level
    else:
        network._amp_level = amp_level
    return network


def _list_check(custom_list, list_name: str) -> None:
    if not isinstance(custom_list, list):
        raise TypeError(f"The type of {list_name} should be list, but got {type(custom_list)}")
    for elem in custom_list:
        if not isinstance(elem, type):
            raise TypeError(f"The element in {list_name} should be a class, but got {elem}")
        if list_name == "white_list" and not issubclass(elem, (Cell, Primitive)):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell' and 'Primitive', "
                            f"but got {elem}")
        if list_name == "black_list" and not issubclass(elem, Cell):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell', but got {elem}")
    if list_name == "black_list":
        for elem in get_black_list():
            if elem not in custom_list:
                logger.warning("%s is removed from internal black list.", elem)


def custom_mixed_precision(network, *, white_list: list | None = None, black_list: list | None = None,
                           dtype=mstype.float16):
    """Mixed precision by your own list: with ``white_list``, the listed Cells and Primitives
    compute in ``dtype`` (as O1); with ``black_list``, every Cell but the listed ones (as O2).

    Examples:
        >>> from mindjax import amp, nn
        >>> net = amp.custom_mixed_precision(nn.Dense(3, 4), black_list=amp.get_black_list())
        >>> type(net).__name__
        '_OutputTo32'
    """
    if not isinstance(network, Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError("For custom_mixed_precision, one of white_list and black_list must be provided.")
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be provided "
                         "at the same time, please provide one or the other.")
    _check_dtype(dtype)
    if white_list is not None:
        _list_check(white_list, "white_list")
        return _o1(network, dtype, white_list)
    _list_check(black_list, "black_list")
    return _OutputTo32(_auto_black_list(network, black_list, dtype))


# ----------------------------------------------------------------------------- build_train_network
def _config_level(level):
    fp16, fp32 = mstype.float16, mstype.float32
    return {"O0": {"keep_batchnorm_fp32": False, "cast_model_type": fp32, "loss_scale_manager": None},
            "O1": {"keep_batchnorm_fp32": False, "cast_model_type": fp32, "loss_scale_manager": None},
            "O2": {"keep_batchnorm_fp32": True, "cast_model_type": fp16,
                   "loss_scale_manager": DynamicLossScaleManager()},
            "O3": {"keep_batchnorm_fp32": False, "cast_model_type": fp16, "loss_scale_manager": None},
            "auto": {"keep_batchnorm_fp32": False, "cast_model_type": fp32, "loss_scale_manager": None}}[level]


def _check_kwargs(kwargs) -> None:
    for arg in kwargs:
        if arg not in ("cast_model_type", "keep_batchnorm_fp32", "loss_scale_manager"):
            raise ValueError(f"Unsupported arg '{arg}'")
    cast = kwargs.get("cast_model_type", mstype.float32)
    if cast not in (mstype.float16, mstype.float32):
        shown = f"mindspore.{str(cast).lower()}" if isinstance(cast, mstype.Type) else repr(cast)
        raise TypeError(f"The 'cast_model_type' should be one of [mindspore.float16, mindspore.float32], but got "
                        f"'{shown}'.")
    if "keep_batchnorm_fp32" in kwargs and not isinstance(kwargs["keep_batchnorm_fp32"], bool):
        raise TypeError(f"The type of 'keep_batchnorm_fp32' should be 'bool', but got type "
                        f"'{type(kwargs['keep_batchnorm_fp32']).__name__}'.")
    lsm = kwargs.get("loss_scale_manager")
    if lsm and not isinstance(lsm, LossScaleManager):
        raise TypeError(f"The type of 'loss_scale_manager' should be one of '['LossScaleManager', "
                        f"'GroupLossScaleManager']', but got type '{type(lsm).__name__}'.")


def _check_level(level, boost_level):
    if not isinstance(level, str):
        raise TypeError(f"The argument `level` must be a string in ['O0', 'O1', 'O2', 'O3', 'auto'],"
                        f"but got type {type(level)}.")
    if level not in ("O0", "O1", "O2", "O3", "auto"):
        raise ValueError(f"The 'level' should be in : ['O0', 'O1', 'O2', 'O3', 'auto'], but got {level}.")
    if boost_level not in ("O0", "O1", "O2"):
        raise ValueError(f"The 'boost_level' should be in : ['O0', 'O1', 'O2'], but got {boost_level}.")


class _AmpWithLossCell(Cell):
    """The loss Cell of a float16 network: output and label cast to float32 before the loss."""

    def __init__(self, backbone: Cell, loss_fn: Cell):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn
        _copy_amp_attr(self, backbone)

    def construct(self, data, label):
        out = self._backbone(data)
        return self._loss_fn(_mp_cast(mstype.float32, out), _mp_cast(mstype.float32, label))

    @property
    def backbone_network(self):
        return self._backbone


_AmpWithLossCell.__name__ = _AmpWithLossCell.__qualname__ = "WithLossCell"  # MindSpore's name for it


def _do_keep_batchnorm_fp32(network: Cell) -> None:
    black = tuple(get_black_list())
    for name, sub in list(network._cells.items()):
        if sub is None or sub is network:
            continue
        if isinstance(sub, black):
            wrapped = _OutputTo16(sub.to_float(mstype.float32))
            wrapped.__dict__["_cell_name"] = name
            network._cells[name] = wrapped
            network._hooks_changed()
        else:
            _do_keep_batchnorm_fp32(sub)


def _auto_mixed_precision_process(network, config, level):
    if config["cast_model_type"] == mstype.float16:
        network.to_float(mstype.float16)
        if config["keep_batchnorm_fp32"]:
            _do_keep_batchnorm_fp32(network)
    elif not config["keep_batchnorm_fp32"] and level == "O2":
        network.to_float(mstype.float16)
    elif config["cast_model_type"] == mstype.float32 and level in ("O2", "O3"):
        pass
    else:
        network = auto_mixed_precision(network, level)
    return network


def build_train_network(network, optimizer, loss_fn=None, level: str = "O0", boost_level: str = "O0", **kwargs):
    """The training Cell MindSpore builds for ``level``: the network cast as
    :func:`auto_mixed_precision` (O2 keeps BatchNorm in float32), wrapped with ``loss_fn``
    (output and label in float32) and ``TrainOneStepCell``, or
    ``TrainOneStepWithLossScaleCell`` when a loss scale manager with an update Cell is used
    (O2 uses ``DynamicLossScaleManager()`` by default).  kwargs: ``cast_model_type``,
    ``keep_batchnorm_fp32``, ``loss_scale_manager``.

    Unlike MindSpore on CPU, a dynamic loss scale manager works on every device.
    ``boost_level`` 'O1'/'O2' is accepted and builds the same Cell as 'O0' (there is no boost
    mode in mindjax).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax import amp, nn
        >>> net = nn.Dense(3, 2)
        >>> opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
        >>> train = amp.build_train_network(net, opt, nn.MSELoss(), level="O2")
        >>> type(train).__name__
        'TrainOneStepWithLossScaleCell'
    """
    from ..nn.optim.optimizer import Optimizer
    from ..nn.optim.adasum import AdaSumByDeltaWeightWrapCell, AdaSumByGradWrapCell
    from ..nn.wrap.cell_wrapper import WithLossCell, TrainOneStepCell, TrainOneStepWithLossScaleCell
    if not isinstance(optimizer, (Optimizer, AdaSumByGradWrapCell, AdaSumByDeltaWeightWrapCell)):
        raise TypeError(f"The type of 'optimizer' should be one of '['Optimizer', 'FreezeOpt', 'AdaSumByGradWrapCell', "
                        f"'AdaSumByDeltaWeightWrapCell']', but got type '{type(optimizer).__name__}'.")
    _check_level(level, boost_level)
    if boost_level != "O0":
        logger.warning("mindjax has no boost mode: boost_level=%r builds the same training Cell as 'O0'.",
                       boost_level)
    _check_kwargs(kwargs)
    config = dict(_config_level(level), **kwargs)
    network = _auto_mixed_precision_process(network, config, level)
    if loss_fn:
        if not isinstance(loss_fn, Cell):
            raise TypeError(f"The type of 'loss_fn' should be 'Cell', but got type '{type(loss_fn).__name__}'.")
        if config["cast_model_type"] in (mstype.float16, mstype.bfloat16) or \
                network.__dict__.get("_amp_level") in ("O2", "O3", "auto"):
            network = _AmpWithLossCell(network, loss_fn)
        else:
            network = WithLossCell(network, loss_fn)
    loss_scale = None
    manager = config["loss_scale_manager"]
    if manager is not None:
        loss_scale = manager.get_loss_scale()
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            return TrainOneStepWithLossScaleCell(network, optimizer, scale_sense=update_cell).set_train()
    return TrainOneStepCell(network, optimizer, loss_scale).set_train()

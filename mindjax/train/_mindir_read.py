"""Reading MindIR (``mindspore.load("net.mindir")``) into a graph that ``nn.GraphCell`` runs on mindjax ops.

A MindIR graph is a list of nodes in execution order; each names a primitive (``REF::<name>``, found in
the model's ``primitives``) and its inputs by name: graph inputs, parameters, ``Constant`` nodes or
earlier nodes. MindSpore 2.10 writes most primitives as *primitive functions* whose arguments
(``transpose_b``, ``axis``...) are constant inputs, and some (Conv2D, MaxPool) as classic primitives
whose arguments are attributes of the primitive. Its side-effect bookkeeping (``Load`` of a
parameter with a monad, ``UpdateState``, ``Depend``, ``MakeTuple``/``TupleGetItem``) is followed for
the values it carries. A primitive without a mapping raises ``RuntimeError`` naming it.
"""
from __future__ import annotations

import numpy as np

from .. import _dtype as mstype
from .._tensor import Tensor
from . import _mindir_proto as P

__all__ = ["MindIRGraph", "parse_mindir"]

class _Monad:
    """The value of UMonad/IOMonad constants and of UpdateState nodes: ordering tokens, no data."""

    def __repr__(self) -> str:
        return "UMonad"


_MONAD = _Monad()


class _Unread:
    """An output mindjax does not compute (MaxPoolWithArgmaxV2's argmax): reading it raises."""

    def __init__(self, what: str):
        self.what = what


def tensor_value(t) -> np.ndarray:
    """The numpy array a TensorProto holds (raw little-endian bytes, or the typed repeated fields)."""
    name = P.DTYPE_CODES.get(t.data_type)
    if name is None:
        raise RuntimeError(f"Load MindIR failed: the tensor '{t.name}' has an unsupported data type {t.data_type}.")
    if name == "bfloat16":
        import ml_dtypes
        dt = np.dtype(ml_dtypes.bfloat16)
    else:
        dt = np.dtype(name).newbyteorder("<")
    shape = tuple(t.dims)
    if t.HasField("external_data"):
        raise RuntimeError(f"Load MindIR failed: the tensor '{t.name}' keeps its data in the external file "
                           f"'{t.external_data.location}', which mindjax does not read.")
    if t.raw_data or not (t.float_data or t.int32_data or t.int64_data or t.double_data):
        arr = np.frombuffer(t.raw_data, dtype=dt) if t.raw_data else np.zeros(int(np.prod(shape)), dt)
    elif t.float_data:
        arr = np.asarray(t.float_data, dt)
    elif t.double_data:
        arr = np.asarray(t.double_data, dt)
    elif t.int64_data:
        arr = np.asarray(t.int64_data, dt)
    else:
        arr = np.asarray(t.int32_data, dt)
    return arr.astype(dt.newbyteorder("=")).reshape(shape)


def attr_value(a):
    """The Python value of an AttributeProto: scalars, strings, tensors (as Tensor), tuples/lists."""
    T = P.AttrType
    k = a.type
    # inside a tuple MindSpore stores a scalar in the repeated field (ints/floats/strings), else in i/f/s
    if k in (T.BOOL,):
        return bool(a.ints[0] if a.ints else a.i)
    if k in (T.INT8, T.INT16, T.INT32, T.INT64, T.UINT8, T.UINT16, T.UINT32, T.UINT64):
        return int(a.ints[0] if a.ints else a.i)
    if k == T.FLOAT:
        return float(np.float32(a.floats[0] if a.floats else a.f))
    if k == T.DOUBLE:
        return float(a.doubles[0] if a.doubles else a.d)
    if k == T.STRING:
        return (a.strings[0] if a.strings else a.s).decode()
    if k == T.TENSORS:
        return Tensor(tensor_value(a.tensors[0]))
    if k == T.TENSOR:
        return Tensor(tensor_value(a.t))
    if k in (T.TUPLE, T.LIST):
        vals = [attr_value(v) for v in a.values]
        return tuple(vals) if k == T.TUPLE else list(vals)
    if k in (T.UMONAD, T.IOMONAD):
        return _MONAD
    if k == T.NONE:
        return None
    raise RuntimeError(f"Load MindIR failed: the constant '{a.name}' has an attribute type {k} that mindjax does "
                       f"not read.")


# MindSpore's TypeId numbers -> mstype names (Cast's dst_type argument)
_TYPE_NAMES = {30: "bool_", 32: "int8", 33: "int16", 34: "int32", 35: "int64", 37: "uint8", 38: "uint16",
               39: "uint32", 40: "uint64", 42: "float16", 43: "float32", 44: "float64", 45: "bfloat16"}


def _short(name: str) -> str:
    """A parameter's own name: MindSpore prefixes it with the graph's name and a colon."""
    return name.rsplit(":", 1)[-1]


class MindIRGraph:
    """What ``mindspore.load`` returns for a ``.mindir`` file: the graph's nodes, its Parameters' names
    and values, and its input signature. ``nn.GraphCell(graph)`` runs it on mindjax ops.

    Example:
        >>> import os, tempfile
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> path = os.path.join(tempfile.mkdtemp(), "net")
        >>> ms.export(nn.Dense(3, 2), ms.ops.ones((1, 3)), file_name=path, file_format="MINDIR")
        >>> ms.load(path + ".mindir").input_shapes
        [(1, 3)]
    """

    def __init__(self, model):
        g = model.graph
        self.name = g.name
        self.producer = model.producer_name
        self._prims = {p.name: p for p in model.primitives}
        self._prim_attrs = {p.name: {a.name: attr_value(a) for a in p.attribute} for p in model.primitives}
        self.param_names, self.param_values, self._param_refs = [], {}, {}
        for t in g.parameter:
            name = t.ref_key or _short(t.name)
            self.param_names.append(name)
            self.param_values[name] = tensor_value(t)
            self._param_refs[t.name] = name
        self.input_names = [i.name for i in g.input]
        self.input_shapes, self.input_dtypes = [], []
        for i in g.input:
            if not i.tensor:
                raise RuntimeError(f"Load MindIR failed: the graph input '{i.name}' is not a Tensor.")
            self.input_shapes.append(tuple(i.tensor[0].dims))
            self.input_dtypes.append(mstype.from_numpy(np.dtype(P.DTYPE_CODES[i.tensor[0].data_type])))
        self.output_names = [o.name for o in g.output]
        self._consts, self._nodes = {}, []
        for n in g.node:
            if n.op_type == "Constant":
                self._consts[n.output[0]] = attr_value(n.attribute[0]) if n.attribute else None
                continue
            if not n.op_type.startswith("REF::"):
                raise RuntimeError(f"Load MindIR failed: the node '{n.name}' calls '{n.op_type}', which is not a "
                                   f"primitive (sub-graphs and control flow are not supported by mindjax).")
            pname = n.op_type[5:]
            prim = self._prims.get(pname)
            if prim is None:
                raise RuntimeError(f"Load MindIR failed: the node '{n.name}' calls the undefined primitive '{pname}'.")
            if prim.op_type not in _OPS:
                raise RuntimeError(f"Load MindIR failed: the primitive '{prim.op_type}' (node '{n.name}') is not "
                                   f"supported by mindjax's MindIR reader; supported: {sorted(_OPS)}.")
            self._nodes.append((prim.op_type, pname, list(n.input), n.output[0]))

    @property
    def op_types(self) -> list:
        """The primitive of every node, in execution order."""
        return [op for op, *_ in self._nodes]

    def run(self, params: dict, inputs) -> object:
        """Evaluates the graph: ``params`` maps Parameter names to Tensors, ``inputs`` are the graph inputs."""
        env = dict(self._consts)
        env.update(zip(self.input_names, inputs))
        for full, name in self._param_refs.items():
            env[full] = params[name]
        for op_type, pname, ins, out in self._nodes:
            args = [env[i] for i in ins]
            env[out] = _OPS[op_type](args, self._prim_attrs[pname])
        outs = [env[o] for o in self.output_names]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def __repr__(self) -> str:
        return f"MindIRGraph(name={self.name}, inputs={self.input_shapes}, parameters={len(self.param_names)})"


def parse_mindir(data: bytes, file_name: str) -> MindIRGraph:
    model = P.ModelProto()
    try:
        model.ParseFromString(data)
    except Exception as e:  # noqa: BLE001 - protobuf's DecodeError and friends
        raise RuntimeError(f"Load MindIR failed: '{file_name}' is not a MindIR file ({e}).") from None
    if not model.HasField("graph") or not model.graph.node:
        raise RuntimeError(f"Load MindIR failed: '{file_name}' holds no graph.")
    return MindIRGraph(model)


# ---- primitives: args are the node's inputs (constants included), attrs the primitive's attributes ----------
def _ops():
    from .. import ops

    def unary(fn):
        return lambda a, at: fn(a[0])

    def binary(fn):
        return lambda a, at: fn(a[0], a[1])

    def bias_add(a, at):
        x, b = a[0], a[1]
        fmt = a[2] if len(a) > 2 else at.get("format", "NCHW")
        if x.ndim <= 2 or fmt in (1, "NHWC"):
            return x + b
        return x + ops.reshape(b, (1, -1) + (1,) * (x.ndim - 2))

    def matmul(a, at):
        ta = a[2] if len(a) > 2 else at.get("transpose_a", False)
        tb = a[3] if len(a) > 3 else at.get("transpose_b", False)
        return ops.matmul_t(a[0], a[1], bool(ta), bool(tb))

    def conv2d(a, at):
        if at.get("format", "NCHW") != "NCHW" or at.get("mode", 1) != 1:
            raise RuntimeError("Load MindIR failed: mindjax reads Conv2D in NCHW format, mode 1 only.")
        t, b, l, r = at.get("pad_list", at.get("pad", (0, 0, 0, 0)))
        return ops.conv2d(a[0], a[1], None, tuple(at["stride"][-2:]), "pad", (t, b, l, r),
                          tuple(at["dilation"][-2:]), at.get("group", 1))

    pad_modes = {0: "pad", 1: "same", 2: "valid"}

    def pool(fn, name):
        def run(a, at):
            if len(a) > 1:  # primitive function: (x, kernel_size, strides, pad_mode, data_format)
                k, s, mode = a[1], a[2], a[3]
                fmt = a[4] if len(a) > 4 else 0
            else:
                k, s, mode, fmt = at["kernel_size"], at["strides"], at.get("pad_mode", "VALID"), at.get("format", 0)
            if fmt not in (0, "NCHW"):
                raise RuntimeError(f"Load MindIR failed: mindjax reads {name} in NCHW format only.")
            mode = pad_modes[mode] if isinstance(mode, int) else mode.lower()
            return fn(a[0], tuple(k[-2:]), tuple(s[-2:]), 0, mode)
        return run

    def batch_norm(a, at):
        x, scale, bias, mean, var = a[:5]
        if len(a) > 7:  # primitive function: (..., is_training, epsilon, momentum, data_format[, monad])
            training, eps, momentum = a[5], a[6], a[7]
        else:
            training, eps, momentum = at.get("is_training", False), at.get("epsilon", 1e-5), at.get("momentum", 0.1)
        # a graph exported in training mode normalises with the batch's statistics and updates the
        # moving ones (the GraphCell's Parameters), as MindSpore's GraphCell does
        y = ops.batch_norm(x, mean, var, scale, bias, bool(training), momentum, eps)
        return (y, mean, var, mean, var)

    def axis_arg(a, at, i, key, default):
        return a[i] if len(a) > i else at.get(key, default)

    def reduce(fn):
        def run(a, at):
            axis = axis_arg(a, at, 1, "axis", ())
            keep = axis_arg(a, at, 2, "keep_dims", False)
            axis = tuple(axis) if isinstance(axis, (tuple, list)) else axis
            if isinstance(axis, tuple) and not axis:
                axis = tuple(range(a[0].ndim))
            return fn(a[0], axis, bool(keep))
        return run

    def reduce_ext(fn):
        def run(a, at):  # (input, dim or None, keepdim, dtype or None)
            dim = a[1] if len(a) > 1 else None
            dim = tuple(range(a[0].ndim)) if dim is None or dim == () else \
                (tuple(dim) if isinstance(dim, (tuple, list)) else dim)
            x = cast([a[0], a[3]], at) if len(a) > 3 and a[3] is not None else a[0]
            return fn(x, dim, bool(a[2]) if len(a) > 2 else False)
        return run

    def softmax(a, at):
        axis = axis_arg(a, at, 1, "axis", -1)
        axis = axis[0] if isinstance(axis, (tuple, list)) else axis
        return ops.softmax(a[0], axis)

    def strided_slice(a, at):
        x, begin, end, strides = a[0], a[1], a[2], a[3]
        bm, em, elm, nam, sam = (list(a[4:9]) + [0] * 5)[:5]
        idx, dim, n = [], 0, len(begin)
        for i in range(n):
            if elm >> i & 1:  # '...': the dims the other (non-new-axis) entries leave
                rest = sum(1 for j in range(i + 1, n) if not nam >> j & 1)
                cnt = x.ndim - dim - rest
                idx.extend([slice(None)] * cnt)
                dim += cnt
            elif nam >> i & 1:
                idx.append(None)
            elif sam >> i & 1:
                idx.append(int(begin[i]))
                dim += 1
            else:
                idx.append(slice(None if bm >> i & 1 else int(begin[i]), None if em >> i & 1 else int(end[i]),
                                 int(strides[i])))
                dim += 1
        return x[tuple(idx)]

    def layer_norm(a, at):
        x, gamma, beta = a[:3]
        bna, eps = (a[3], a[5]) if len(a) > 5 else (at.get("begin_norm_axis", -1), at.get("epsilon", 1e-7))
        axes = tuple(range(bna % x.ndim, x.ndim))
        mean = ops.mean(x, axes, True)
        var = ops.mean(ops.square(x - mean), axes, True)
        rstd = ops.rsqrt(var + eps)
        return ((x - mean) * rstd * gamma + beta, mean, rstd)

    def adaptive_avg(a, at):
        size = at.get("output_size", a[1] if len(a) > 1 else None)
        return ops.adaptive_avg_pool2d(a[0], tuple(size) if isinstance(size, (tuple, list)) else size)

    def squeeze(a, at):
        axis = a[1] if len(a) > 1 else at.get("axis", ())
        axis = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
        axis = axis or tuple(i for i, d in enumerate(a[0].shape) if d == 1)
        return ops.reshape(a[0], tuple(d for i, d in enumerate(a[0].shape) if i not in {j % a[0].ndim for j in axis}))

    def cast(a, at):
        dt = a[1]
        if isinstance(dt, int):
            name = _TYPE_NAMES.get(dt)
            if name is None:
                raise RuntimeError(f"Load MindIR failed: Cast to the type id {dt} is not supported by mindjax.")
            dt = getattr(mstype, name)
        return ops.cast(a[0], dt)

    def batch_matmul(a, at):
        ta = a[2] if len(a) > 2 else at.get("transpose_a", False)
        tb = a[3] if len(a) > 3 else at.get("transpose_b", False)
        x = ops.swapaxes(a[0], -1, -2) if ta else a[0]
        y = ops.swapaxes(a[1], -1, -2) if tb else a[1]
        return ops.matmul(x, y)

    def tuple_get_item(a, at):
        v = a[0][a[1]]
        if isinstance(v, _Unread):
            raise RuntimeError(f"Load MindIR failed: the graph reads {v.what}, which mindjax does not compute.")
        return v

    def max_pool_argmax(a, at):
        if at.get("ceil_mode") or tuple(at.get("dilation", (1, 1)))[-2:] != (1, 1):
            raise RuntimeError("Load MindIR failed: mindjax reads MaxPoolWithArgmaxV2 without ceil_mode and dilation.")
        pads = tuple(at.get("pads", (0, 0)))[-2:]
        y = ops.max_pool2d(a[0], tuple(at["kernel_size"])[-2:], tuple(at["strides"])[-2:], pads,
                           "pad" if any(pads) else "valid")
        return (y, _Unread("the argmax output of MaxPoolWithArgmaxV2"))

    def avg_pool3d(a, at):
        x, k, st = a[0], tuple(at["kernel_size"])[-3:], tuple(at["strides"])[-3:]
        pads = tuple(at.get("pad_list", at.get("pad", (0,) * 6)))
        if k[0] != 1 or st[0] != 1 or any(pads) or at.get("ceil_mode") or at.get("divisor_override"):
            raise RuntimeError("Load MindIR failed: mindjax reads AvgPool3D with a depth window of 1 and no padding "
                               "only (what MindSpore writes for avg_pool2d).")
        n, c, d = x.shape[:3]
        y = ops.avg_pool2d(ops.reshape(x, (n, c * d) + tuple(x.shape[3:])), k[1:], st[1:], 0, "valid")
        return ops.reshape(y, (n, c, d) + tuple(y.shape[2:]))

    def pad_v3(a, at):
        if at.get("mode", "constant") != "constant" or not at.get("paddings_contiguous", True):
            raise RuntimeError("Load MindIR failed: mindjax reads PadV3 in constant mode only.")
        value = a[2] if len(a) > 2 else 0
        value = float(value.asnumpy()) if isinstance(value, Tensor) else float(value or 0)
        return ops.pad(a[0], tuple(int(p) for p in a[1]), "constant", value)

    def split(a, at):
        axis = axis_arg(a, at, 1, "axis", 0)
        n = axis_arg(a, at, 2, "output_num", 1)
        return tuple(ops.split(a[0], a[0].shape[axis] // n, axis))

    table = {
        "ClampScalar": lambda a, at: ops.clamp(a[0], a[1], a[2]),
        "Stack": lambda a, at: ops.stack(tuple(a[0]), axis_arg(a, at, 1, "axis", 0)),
        "Tile": lambda a, at: ops.tile(a[0], tuple(a[1])), "Split": split, "PadV3": pad_v3,
        "MaxPoolWithArgmaxV2": max_pool_argmax, "AvgPool3D": avg_pool3d,
        "Load": lambda a, at: a[0], "UpdateState": lambda a, at: _MONAD, "Depend": lambda a, at: a[0],
        "Return": lambda a, at: a[0], "MakeTuple": lambda a, at: tuple(a),
        "TupleGetItem": tuple_get_item,
        "ReLU": unary(ops.relu), "Sigmoid": unary(ops.sigmoid), "Tanh": unary(ops.tanh), "Exp": unary(ops.exp),
        "Neg": unary(ops.neg), "Abs": unary(ops.abs), "Sqrt": unary(ops.sqrt), "Log": unary(ops.log),
        "Square": unary(ops.square), "Rsqrt": unary(ops.rsqrt),
        "Add": binary(ops.add), "Sub": binary(ops.sub), "Mul": binary(ops.mul), "Div": binary(ops.div),
        "RealDiv": binary(ops.div), "Maximum": binary(ops.maximum), "Minimum": binary(ops.minimum),
        "Pow": binary(ops.pow), "Muls": binary(ops.mul), "Adds": binary(ops.add),
        "MatMul": matmul, "BiasAdd": bias_add,
        "Flatten": lambda a, at: ops.reshape(a[0], (a[0].shape[0] if a[0].ndim else 1, -1)),
        "Reshape": lambda a, at: ops.reshape(a[0], tuple(a[1])),
        "Transpose": lambda a, at: ops.transpose(a[0], tuple(a[1])),
        "Softmax": softmax, "LogSoftmax": lambda a, at: ops.log_softmax(a[0], axis_arg(a, at, 1, "axis", -1)),
        "ReduceMean": reduce(ops.reduce_mean),
        "ReduceSum": reduce(ops.reduce_sum),
        "ReduceMax": reduce(ops.reduce_max),
        "SumExt": reduce_ext(ops.reduce_sum), "MeanExt": reduce_ext(ops.reduce_mean),
        "Concat": lambda a, at: ops.concat(tuple(a[0]), axis_arg(a, at, 1, "axis", 0)),
        "Conv2D": conv2d, "MaxPool": pool(ops.max_pool2d, "MaxPool"), "AvgPool": pool(ops.avg_pool2d, "AvgPool"),
        "BatchNorm": batch_norm,
        "Sin": unary(ops.sin), "Cos": unary(ops.cos), "Erf": unary(ops.erf), "Floor": unary(ops.floor),
        "Ceil": unary(ops.ceil), "Reciprocal": unary(ops.reciprocal), "Softplus": unary(ops.softplus),
        "SiLU": unary(ops.silu), "Log1p": unary(ops.log1p), "Expm1": unary(ops.expm1), "Sign": unary(ops.sign),
        "ReLU6": unary(ops.relu6), "LogicalNot": unary(ops.logical_not), "HSwish": unary(ops.hardswish),
        "GeLU": lambda a, at: ops.gelu(a[0], approximate="tanh"),
        "Elu": lambda a, at: ops.elu(a[0], axis_arg(a, at, 1, "alpha", 1.0)),
        "Equal": binary(ops.equal), "NotEqual": binary(ops.not_equal), "Less": binary(ops.less),
        "LessEqual": binary(ops.less_equal), "Greater": binary(ops.greater),
        "GreaterEqual": binary(ops.greater_equal), "LogicalAnd": binary(ops.logical_and),
        "LogicalOr": binary(ops.logical_or), "LessScalar": binary(ops.less), "GreaterScalar": binary(ops.greater),
        "Select": lambda a, at: ops.select(a[0], a[1], a[2]),
        "Gather": lambda a, at: ops.gather(a[0], a[1], axis_arg(a, at, 2, "axis", 0)),
        "GatherD": lambda a, at: ops.gather_elements(a[0], int(a[1]), a[2]),
        "Cast": cast, "StridedSlice": strided_slice, "LayerNorm": layer_norm,
        "AdaptiveAvgPool2D": adaptive_avg, "Squeeze": squeeze,
        "ExpandDims": lambda a, at: ops.expand_dims(a[0], axis_arg(a, at, 1, "axis", 0)),
        "MatMulExt": lambda a, at: ops.matmul(a[0], a[1]), "BatchMatMul": batch_matmul,
    }
    return table


class _LazyOps(dict):
    """The primitive table, built on first use (mindjax.ops imports mindjax.train)."""

    def _fill(self):
        if not dict.__len__(self):
            self.update(_ops())

    def __contains__(self, k):
        self._fill()
        return dict.__contains__(self, k)

    def __getitem__(self, k):
        self._fill()
        return dict.__getitem__(self, k)

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)


_OPS = _LazyOps()

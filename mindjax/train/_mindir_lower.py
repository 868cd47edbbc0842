"""How mindjax's recorded ops and standard layers become MindSpore 2.10's MindIR nodes.

Each recorded op (name, attributes, input arrays, output) maps to MindSpore's primitive nodes with the
arguments MindSpore writes: constant inputs for primitive functions (MatMul's transpose flags, Softmax's
axis tuple, Cast's TypeId...), attributes for classic primitives (Conv2D, MaxPool). Layers whose
MindSpore lowering differs from mindjax's op sequence (Dense, Conv2d, BatchNorm2d, LayerNorm, pooling,
Flatten) are written as MindSpore writes them. Node arguments are arrays (inputs, Parameters, earlier
outputs, constants), ``Const`` values or earlier ``Node``s.
"""
from __future__ import annotations

import numpy as np

CLASSIC = {"Conv2D", "MaxPool", "Load", "UpdateState", "Depend", "MakeTuple", "TupleGetItem", "MaxPoolGrad",
           "Conv2DBackpropInput", "Conv2DBackpropFilter"}


class Const:
    """A constant argument of a node (Python scalar, tuple, or numpy array)."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Node:
    __slots__ = ("op", "args", "attrs", "out")

    def __init__(self, op, args, out, attrs=None):
        self.op, self.args, self.out, self.attrs = op, list(args), out, attrs


# ---- lowering of recorded mindjax ops: (attrs, input arrays, output) -> MindSpore nodes ---------------------
def _unary(ms):
    return lambda at, xs, out: [Node(ms, xs[:1], out)]


def _binary(ms):
    return lambda at, xs, out: [Node(ms, xs[:2], out)]


def _concat(at, xs, out):
    tup = Node("MakeTuple", xs, tuple(xs))
    return [tup, Node("Concat", [tup, Const(int(at["axis"]))], out)]


def _reduce(ms):
    def low(at, xs, out):
        axes = at.get("axes", at.get("axis", ()))
        axes = tuple(int(a) for a in (axes if isinstance(axes, (tuple, list)) else (axes,)))
        extra = [Const(False)] if ms == "ReduceSum" else []  # ReduceSum's skip_mode
        return [Node(ms, [xs[0], Const(axes), Const(bool(at.get("keep", at.get("keep_dims", False))))] + extra,
                      out)]
    return low


def _conv_op(at, xs, out):
    if at.get("dims", 2) != 2:
        raise RuntimeError("For 'export', MindIR export supports 2-D convolutions only.")
    (t, b), (l, r) = at["padding"]
    return [_conv_node(xs[0], xs[1], out, at["stride"], "pad" if (t, b, l, r) != (0, 0, 0, 0) else "valid",
                       (t, b, l, r), (t, b, l, r), at["dilation"], at["groups"])]


def _conv_node(x, w, out, stride, pad_mode, pad, pad_list, dilation, group):
    k = tuple(int(v) for v in w.shape[2:])
    s, d = tuple(int(v) for v in stride), tuple(int(v) for v in dilation)
    attrs = {"kernel_size": k, "mode": 1, "out_channel": int(w.shape[0]), "input_names": ["x", "w"],
             "pad": tuple(int(v) for v in pad), "pad_mode": pad_mode, "format": "NCHW",
             "pad_list": tuple(int(v) for v in pad_list), "groups": int(group), "stride": (1, 1) + s,
             "group": int(group), "dilation": (1, 1) + d, "output_names": ["output"]}
    return Node("Conv2D", [x, w], out, attrs)


def _pool_mode(x, window, strides, padding):
    """'VALID' or 'SAME' for a recorded window's padding (None: explicit pads MindSpore's ops do not take)."""
    if padding == "VALID" or all(tuple(p) == (0, 0) for p in padding):
        return "VALID"
    same = [(0, 0), (0, 0)] + [_same_pads(int(x.shape[i]), window[i], strides[i], 1) for i in (2, 3)]
    return "SAME" if [tuple(p) for p in padding] == same else None


def _pool_op(at, xs, out):
    mode = _pool_mode(xs[0], at["window"], at["strides"], at["padding"]) if len(at.get("window", ())) == 4 else None
    if mode is None:
        raise RuntimeError(f"For 'export', MindIR export has no mapping for the {at.get('kind')} pooling with "
                           f"padding {at.get('padding')}.")
    if at["kind"] == "max":
        return [_max_pool_node(xs[0], out, mode, tuple(at["window"][2:]), tuple(at["strides"][2:]))]
    return [Node("AvgPool", [xs[0], Const(tuple(at["window"][2:])), Const(tuple(at["strides"][2:])),
                             Const(2 if mode == "VALID" else 1), Const(0)], out)]


def _max_pool_node(x, out, mode, k, s):
    return Node("MaxPool", [x], out, {"pad_mode": mode, "output_names": ["output"], "kernel_size": (1, 1) + k,
                                      "format": "NCHW", "strides": (1, 1) + s, "input_names": ["x"]})


# MindSpore's TypeId numbers (Cast's dst_type argument)
_TYPE_IDS = {"bool": 30, "int8": 32, "int16": 33, "int32": 34, "int64": 35, "uint8": 37, "uint16": 38,
             "uint32": 39, "uint64": 40, "float16": 42, "float32": 43, "float64": 44, "bfloat16": 45}


def _matmul(at, xs, out):
    ta, tb = Const(bool(at.get("ta", False))), Const(bool(at.get("tb", False)))
    a, b = xs[0], xs[1]
    if a.ndim == 2 and b.ndim == 2:
        return [Node("MatMul", [a, b, ta, tb], out)]
    if not (ta.value or tb.value):  # what MindSpore writes for ops.matmul on batches
        return [Node("MatMulExt", [a, b], out)]
    if a.ndim == b.ndim and a.ndim > 2:
        return [Node("BatchMatMul", [a, b, ta, tb], out)]
    raise RuntimeError("For 'export', a broadcast MatMul with transposed inputs has no MindIR mapping in mindjax.")


def _gelu(at, xs, out):
    if at.get("approximate", True):
        return [Node("GeLU", xs[:1], out)]
    # the exact (erf) form, as MindSpore writes it: x * (1 + erf(x / sqrt(2))) * 0.5
    x = xs[0]
    d = Node("Div", [x, np.asarray(np.sqrt(2.0), x.dtype)], fresh(x))
    e = Node("Erf", [d], fresh(x))
    a = Node("Add", [e, np.asarray(1, x.dtype)], fresh(x))
    m = Node("Mul", [x, a], fresh(x))
    return [d, e, a, m, Node("Mul", [m, np.asarray(0.5, x.dtype)], out)]


def _leaky(at, xs, out):
    alpha, x = float(at["alpha"]), xs[0]
    m = Node("Mul", [np.asarray(alpha, x.dtype), x], fresh(x))
    return [m, Node("Maximum" if alpha <= 1 else "Minimum", [m, x], out)]


def _getitem(at, xs, out):
    """Basic indexing (ints, slices with positive steps, ``...``, ``None``) as one StridedSlice (and a
    Reshape for the new axes ``None`` adds)."""
    x = xs[0]
    key = [k for k in at["key"] if not (k[0] == "C" and k[1] is None)]
    n_real = sum(1 for k in key if not (k[0] == "C" and k[1] is Ellipsis))
    begin, end, strides, shrink, dim = [], [], [], 0, 0
    for kind, *v in key:
        if kind == "C" and v[0] is Ellipsis:
            for _ in range(x.ndim - n_real):
                begin.append(0), end.append(int(x.shape[dim])), strides.append(1)
                dim += 1
            continue
        size = int(x.shape[dim])
        if kind == "C" and isinstance(v[0], (int, np.integer)) and not isinstance(v[0], bool):
            i = int(v[0]) % size
            shrink |= 1 << len(begin)
            begin.append(i), end.append(i + 1), strides.append(1)
        elif kind == "S" and (v[2] is None or v[2] > 0):
            b, e, st = slice(v[0], v[1], v[2]).indices(size)
            begin.append(b), end.append(max(e, b)), strides.append(st)
        else:
            raise RuntimeError(f"For 'export', the index {at['key']} has no MindIR mapping in mindjax (ints, "
                               f"slices with positive steps, '...' and None are supported).")
        dim += 1
    added = len(key) != len(at["key"])
    sliced = Shaped([d for i, d in enumerate(_slice_shape(x.shape, begin, end, strides)) if not shrink >> i & 1],
                     out.dtype) if added else out
    ss = Node("StridedSlice", [x, Const(tuple(begin)), Const(tuple(end)), Const(tuple(strides)),
                                Const(0), Const(0), Const(0), Const(0), Const(shrink)], sliced)
    if not added:
        return [ss]
    return [ss, Node("Reshape", [ss, Const(tuple(int(d) for d in out.shape))], out)]


def _slice_shape(shape, begin, end, strides):
    dims = [max(0, -(-(e - b) // s)) for b, e, s in zip(begin, end, strides)]
    return dims + [int(d) for d in shape[len(dims):]]


def _cast(at, xs, out):
    name = np.dtype(at["dtype"]).name
    if name not in _TYPE_IDS:
        raise RuntimeError(f"For 'export', a Cast to {name} has no MindIR mapping in mindjax.")
    return [Node("Cast", [xs[0], Const(_TYPE_IDS[name])], out)]


# ---- gradient ops (a training network's backward pass, as MindSpore writes its bprops) ----------------------
def _relu_grad(at, xs, out):
    """mindjax's ReluGrad(y, dout) is MindSpore's ReluGrad(dout, y)."""
    return [Node("ReluGrad", [xs[1], xs[0]], out)]


def _sum_to(at, xs, out):
    """The gradient of a broadcast (mindjax's SumTo): ReduceSum over the broadcast axes (and a Reshape
    where leading axes go)."""
    x, shape = xs[0], tuple(int(v) for v in at["shape"])
    lead = x.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(i + lead for i, n in enumerate(shape) if n == 1 and x.shape[i + lead] != 1)
    if not axes:
        return [Node("Reshape", [x, Const(shape)], out)]
    kept = Shaped(tuple(1 if i in axes else int(d) for i, d in enumerate(x.shape)), out.dtype)
    red = Node("ReduceSum", [x, Const(axes), Const(True), Const(False)], out if kept.shape == shape else kept)
    return [red] if kept.shape == shape else [red, Node("Reshape", [red, Const(shape)], out)]


def _gather_d_grad(at, xs, out):
    """GatherD's gradient: MindSpore's GatherDGradV2(x, dim, index, grad); x only gives the shape."""
    d, idx = xs[0], xs[1]
    return [Node("GatherDGradV2", [np.zeros(tuple(at["shape"]), d.dtype), Const(int(at["dim"])), idx, d], out)]


def _forward_node(nodes, op, x):
    for nd in reversed(nodes):
        if nd.op == op and nd.args and nd.args[0] is x:
            return nd
    raise RuntimeError(f"For 'export', the gradient of '{op}' has no recorded forward node to read.")


def _max_pool_grad(at, xs, out, nodes):
    """MindSpore's MaxPoolGrad(x, out, dout), the forward output read from the recorded MaxPool."""
    x, d = xs[0], xs[1]
    fwd = _forward_node(nodes, "MaxPool", x)
    k = (1, 1) + tuple(int(v) for v in at["k"])
    return [Node("MaxPoolGrad", [x, fwd.out, d], out,
                 {"kernel_size": k, "strides": k, "input_names": ("x_origin", "out_origin", "grad"),
                  "data_format": "NCHW", "pad_mode": "VALID", "output_names": ("output",), "format": "NCHW"})]


def _explicit_pads(padding, x, w, stride, dilation):
    """A recorded convolution's padding ('VALID', 'SAME' or pairs) as (top, bottom, left, right)."""
    if padding == "VALID":
        return (0, 0, 0, 0)
    if padding == "SAME":
        (t, b), (l, r) = [_same_pads(int(x.shape[2 + i]), int(w.shape[2 + i]), int(stride[i]), int(dilation[i]))
                          for i in range(2)]
        return (t, b, l, r)
    (t, b), (l, r) = padding
    return tuple(int(v) for v in (t, b, l, r))


def _conv_grad(at, xs, out, nodes):
    """Conv2D's gradient (mindjax differentiates the forward): Conv2DBackpropInput for the input and
    Conv2DBackpropFilter for the weight, as MindSpore's Conv2D bprop."""
    conv = dict(at["attrs"])
    if conv.get("dims", 2) != 2:
        raise RuntimeError("For 'export', MindIR export supports the gradients of 2-D convolutions only.")
    x, w, d = xs[0], xs[1], xs[2]
    pads = _explicit_pads(conv["padding"], x, w, conv["stride"], conv["dilation"])
    base = _conv_node(x, w, None, conv["stride"], "PAD" if any(pads) else "VALID", pads, pads, conv["dilation"],
                      conv["groups"]).attrs
    outs = iter(out if isinstance(out, tuple) else (out,))
    nodes_out = []
    for i, need in enumerate(at["needs"]):
        if not need:
            continue
        if i == 0:
            names = ("out_backprop", "filter", "input_sizes")
            nodes_out.append(Node("Conv2DBackpropInput", [d, w, Const(tuple(int(v) for v in x.shape))], next(outs),
                                  {**base, "input_names": names, "data_format": "NCHW", "output_names": ("output",)}))
        else:
            names = ("out_backprop", "input", "filter_sizes")
            nodes_out.append(Node("Conv2DBackpropFilter", [d, x, Const(tuple(int(v) for v in w.shape))], next(outs),
                                  {**base, "input_names": names, "data_format": "NCHW", "output_names": ("output",)}))
    return nodes_out


# lowerings that read the recorded nodes (the forward node a gradient needs): (attrs, inputs, out, nodes)
LOWER_WITH_NODES = {"MaxPoolGrad": _max_pool_grad, "Conv2DGrad": _conv_grad}


LOWER = {
    **{n: _unary(n) for n in ("ReLU", "Sigmoid", "Tanh", "Exp", "Neg", "Abs", "Sqrt", "Log", "Square", "Rsqrt",
                              "Sin", "Cos", "Erf", "Floor", "Ceil", "Reciprocal", "Softplus", "SiLU", "Log1p",
                              "Expm1", "Sign", "ReLU6", "LogicalNot", "HSwish")},
    # MindSpore writes '/' on floats as Div
    "RealDiv": lambda at, xs, out: [Node("Div" if np.dtype(out.dtype).kind == "f" else "RealDiv", xs[:2], out)],
    **{n: _binary(n) for n in ("Add", "Sub", "Mul", "Maximum", "Minimum", "Pow", "Equal", "NotEqual",
                               "Less", "LessEqual", "Greater", "GreaterEqual", "LogicalAnd", "LogicalOr")},
    "Select": lambda at, xs, out: [Node("Select", xs[:3], out)],
    "Elu": lambda at, xs, out: [Node("Elu", [xs[0], Const(float(at.get("alpha", 1.0)))], out)],
    "GeLU": _gelu, "LeakyReLU": _leaky, "Getitem": _getitem, "Cast": _cast,
    "Gather": lambda at, xs, out: [Node("Gather", [xs[0], xs[1], Const(int(at.get("axis", 0))), Const(0)], out)],
    "GatherD": lambda at, xs, out: [Node("GatherD", [xs[0], Const(int(at["dim"])), xs[1]], out)],
    "MatMul": _matmul,
    "BiasAdd": lambda at, xs, out: [Node("BiasAdd", [xs[0], xs[1], Const(0)], out)],
    "Reshape": lambda at, xs, out: [Node("Reshape", [xs[0], Const(tuple(int(v) for v in at["shape"]))], out)],
    "Transpose": lambda at, xs, out: [Node("Transpose", [xs[0], Const(tuple(int(v) for v in at["perm"]))], out)],
    "Softmax": lambda at, xs, out: [Node("Softmax", [xs[0], Const((int(at["axis"]),))], out)],
    "LogSoftmax": lambda at, xs, out: [Node("LogSoftmax", [xs[0], Const(int(at["axis"]))], out)],
    "Concat": _concat, "ReduceSum": _reduce("ReduceSum"), "ReduceMax": _reduce("ReduceMax"),
    "Conv2D": _conv_op, "Pool": _pool_op,
    "MaxPool": lambda at, xs, out: [_max_pool_node(xs[0], out, "VALID", tuple(at["k"]), tuple(at["k"]))],
    "ReluGrad": _relu_grad, "SumTo": _sum_to, "GatherDGrad": _gather_d_grad,
    "BroadcastTo": lambda at, xs, out: [Node("BroadcastTo", [xs[0], Const(tuple(int(v) for v in at["shape"]))],
                                             out)],
}


# ---- layers recorded as MindSpore writes them ------------------------------------------------------------------
def _same_pads(size, k, s, d):
    total = max((-(-size // s) - 1) * s + (k - 1) * d + 1 - size, 0)
    return total // 2, total - total // 2


def layer_kinds():
    from ..nn.layer.basic import Dense, Flatten
    from ..nn.layer.conv import Conv2d
    from ..nn.layer.normalization import BatchNorm2d, LayerNorm
    from ..nn.layer.pooling import MaxPool2d, AvgPool2d
    return Dense, Flatten, Conv2d, BatchNorm2d, MaxPool2d, AvgPool2d, LayerNorm


def lowerable(cell, x) -> bool:
    """Whether ``cell`` on ``x`` is written as MindSpore's nodes for the layer (else its ops are recorded)."""
    Dense, Flatten, Conv2d, BatchNorm2d, MaxPool2d, AvgPool2d, LayerNorm = layer_kinds()
    kind = type(cell)
    if kind is Dense:
        return x.ndim >= 2
    if kind is LayerNorm:
        return x.ndim >= len(cell.normalized_shape)
    if kind is Flatten:
        return (cell.start_dim, cell.end_dim) == (1, -1)
    if kind is Conv2d:
        return cell.format == "NCHW" and x.ndim == 4
    if kind is BatchNorm2d:
        return not cell.training and cell.use_batch_statistics in (None, False)
    if kind in (MaxPool2d, AvgPool2d):
        return cell.pad_mode in ("same", "valid") and x.ndim == 4
    return False


def lower_dense(cell, x, out, reshape_back=True):
    """MindSpore's Dense: (Reshape to 2-D) MatMul (BiasAdd) (Reshape back). Without ``reshape_back``,
    ``out`` is the 2-D result before the activation."""
    w, nodes, flat_out = cell.weight._data, [], out
    if x.ndim != 2:
        flat = Node("Reshape", [x, Const((-1, int(x.shape[-1])))],
                    Shaped((int(np.prod(x.shape[:-1])), int(x.shape[-1])), x.dtype))
        nodes.append(flat)
        x = flat
        if reshape_back:
            flat_out = Shaped((flat.out.shape[0], int(out.shape[-1])), out.dtype)
    mm = Node("MatMul", [x, w, Const(False), Const(True)], flat_out if not cell.has_bias else fresh(flat_out))
    nodes.append(mm)
    if cell.has_bias:
        nodes.append(Node("BiasAdd", [mm, cell.bias._data, Const(0)], flat_out))
    if flat_out is not out:
        nodes.append(Node("Reshape", [nodes[-1], Const(tuple(int(d) for d in out.shape))], out))
    return nodes


def lower_cell(cell, x, out):
    """The nodes MindSpore writes for ``cell`` (``lowerable``) applied to the array ``x``."""
    Dense, Flatten, Conv2d, BatchNorm2d, MaxPool2d, AvgPool2d, LayerNorm = layer_kinds()
    kind = type(cell)
    if kind is Dense:
        return lower_dense(cell, x, out)
    if kind is LayerNorm:
        stat = Shaped(tuple(out.shape[:x.ndim - len(cell.normalized_shape)]) + (1,) * len(cell.normalized_shape),
                       out.dtype)
        ln = Node("LayerNorm", [x, cell.gamma._data, cell.beta._data, Const(int(cell.begin_norm_axis)),
                                 Const(-len(cell.normalized_shape)), Const(float(cell.epsilon))],
                   (out, stat, stat))
        return [ln, Node("TupleGetItem", [ln, Const(0)], out)]
    if kind is Flatten:
        return [Node("Flatten", [x], out)]
    if kind is Conv2d:
        k, s, d = cell.kernel_size, cell.stride, cell.dilation
        if cell.pad_mode == "same":
            (t, b), (l, r) = [_same_pads(x.shape[2 + i], k[i], s[i], d[i]) for i in range(2)]
            pad, pad_list = (0, 0, 0, 0), (t, b, l, r)
        elif cell.pad_mode == "pad":
            p = cell.padding
            pad = (p,) * 4 if isinstance(p, int) else tuple(p)
            pad_list = pad
        else:
            pad = pad_list = (0, 0, 0, 0)
        w = cell.weight._data
        if not cell.has_bias:
            return [_conv_node(x, w, out, s, cell.pad_mode, pad, pad_list, d, cell.group)]
        conv = _conv_node(x, w, fresh(out), s, cell.pad_mode, pad, pad_list, d, cell.group)
        return [conv, Node("BiasAdd", [conv, cell.bias._data, Const(0)], out)]
    if kind is BatchNorm2d:
        stat = cell.gamma._data
        bn = Node("BatchNorm", [x, cell.gamma._data, cell.beta._data, cell.moving_mean._data,
                                 cell.moving_variance._data, Const(False), Const(float(cell.eps)),
                                 Const(float(1 - cell.momentum)), Const(0)], (out,) + (fresh(stat),) * 4)
        return [bn, Node("TupleGetItem", [bn, Const(0)], out)]
    k, s = tuple(cell.kernel_size), tuple(cell.stride)
    if kind is MaxPool2d:
        return [_max_pool_node(x, out, cell.pad_mode.upper(), k, s)]
    return [Node("AvgPool", [x, Const(k), Const(s), Const(2 if cell.pad_mode == "valid" else 1),
                              Const(0)], out)]


class Shaped:
    """An intermediate value that exists only in the written graph: its shape and dtype."""
    __slots__ = ("shape", "dtype", "ndim")

    def __init__(self, shape, dtype):
        self.shape, self.dtype, self.ndim = tuple(shape), dtype, len(shape)


def fresh(like) -> Shaped:  # noqa: N802 - reads as a type: a new value shaped like ``like``
    return Shaped(like.shape, like.dtype)


def fuse_means(nodes, keep_ids):
    """``ReduceSum`` then ``RealDiv`` by the reduced element count (how mindjax computes a mean) is
    written as MindSpore's one ``ReduceMean`` node, when nothing else reads the sum."""
    used = {}
    for nd in nodes:
        for a in nd.args:
            used[id(a)] = used.get(id(a), 0) + 1
    out, skip = [], False
    for i, nd in enumerate(nodes):
        if skip:
            skip = False
            continue
        nxt = nodes[i + 1] if i + 1 < len(nodes) else None
        if nd.op == "ReduceSum" and nxt is not None and nxt.op in ("RealDiv", "Div") and nxt.args[0] is nd.out and \
                used.get(id(nd.out)) == 1 and id(nd.out) not in keep_ids and not isinstance(nxt.args[1], Node):
            x, axes = nd.args[0], nd.args[1].value
            count = int(np.prod([x.shape[a] for a in axes])) if axes else int(np.prod(x.shape))
            div = np.asarray(nxt.args[1])
            if div.shape == () and float(div) == count and axes:
                out.append(Node("ReduceMean", nd.args[:3], nxt.out))
                skip = True
                continue
        out.append(nd)
    return out

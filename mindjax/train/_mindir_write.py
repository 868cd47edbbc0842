"""Writing MindIR (``mindspore.export(net, *inputs, file_format="MINDIR")``) from a traced mindjax Cell.

The Cell runs once, eagerly and in inference mode, on the example inputs while every primitive call is
recorded (op, attributes, input and output arrays). Standard layers whose MindSpore lowering differs
from mindjax's op sequence (Dense, Conv2d, BatchNorm2d, LayerNorm, pooling, Flatten) are recorded as
the nodes MindSpore writes for them; every other op becomes MindSpore's primitive nodes
(``_mindir_lower``). Parameters are graph parameters holding their values, read through ``Load``
nodes as MindSpore writes them; arrays that come from neither an input, a Parameter nor an op (Python
scalars, constant tensors), and results of ops on constants only, become ``Constant`` nodes. An op
without a mapping raises ``RuntimeError`` naming it.

A training network (``TrainOneStepCell``) is written whole, as MindSpore writes it: the forward pass,
the gradient ops of its backward pass and the optimizer's update, each updated Parameter written by an
``Assign`` in the graph's side-effect chain (MindSpore 2.10 loads such a file and each call of its
``GraphCell`` trains one step). Tracing runs the step once; the Parameters get their values back.
"""
from __future__ import annotations

import inspect

import numpy as np

from .._state import state
from .._tensor import Tensor
from ..ops import _primitive
from . import _mindir_proto as P
from ._mindir_lower import CLASSIC, LOWER, LOWER_WITH_NODES, Const, Node, Shaped, fuse_means, layer_kinds, \
    lower_cell, lower_dense, lowerable

__all__ = ["write_mindir"]


# ---- tracing ------------------------------------------------------------------------------------------------
class _Recorder:
    def __init__(self, live):
        self.nodes, self.keep, self.mute, self.pending = [], [], 0, None
        self.live = set(live)  # ids of arrays that depend on the graph's inputs or Parameters

    def hook(self, prev):
        def amp(op, tensors, attrs):
            if prev is not None:
                tensors, attrs = prev(op, tensors, attrs)
            self.pending = (op, attrs)
            return tensors, attrs
        return amp

    def after_op(self, op, out, tensors=()):
        pending, self.pending = self.pending, None
        if self.mute:
            return
        attrs = pending[1] if pending is not None and pending[0] is op else {}
        xs = [t._data for t in tensors]
        self.keep.append((xs, out))  # keep every array alive: the graph refers to arrays by identity
        if not any(id(a) in self.live for a in xs):
            return  # computed from constants only: the result is written as a constant where it is used
        low = LOWER.get(op.name)
        if low is None and op.name not in LOWER_WITH_NODES:
            raise RuntimeError(f"For 'export', the op '{op.name}' has no MindIR mapping in mindjax; the network "
                               f"cannot be exported to MINDIR (supported ops: "
                               f"{sorted(set(LOWER) | set(LOWER_WITH_NODES))}).")
        if op.n_out != 1:
            out = tuple(out)
        self.live.update(id(o) for o in (out if isinstance(out, tuple) else (out,)))
        self.nodes.extend(low(attrs, xs, out) if low is not None else
                          LOWER_WITH_NODES[op.name](attrs, xs, out, self.nodes))

    def vjp_hook(self, prev):
        """The attributes of a gradient op that mindjax derives from its forward (``Conv2DGrad``)."""
        def apply_vjp(g, tensors, attrs):
            self.pending = (g, attrs)
            return prev(g, tensors, attrs)
        return apply_vjp

    def wrap(self, cell, construct):
        def run(*args, **kwargs):
            if self.mute or len(args) != 1 or kwargs or not isinstance(args[0], Tensor) or \
                    not lowerable(cell, args[0]):
                return construct(*args, **kwargs)
            if getattr(cell, "activation_flag", False):
                return self.dense_with_activation(cell, args[0])
            self.mute += 1
            try:
                out = construct(*args)
            finally:
                self.mute -= 1
            self._emit(lower_cell(cell, args[0]._data, out._data), args[0], out)
            return out
        return run

    def dense_with_activation(self, cell, x):
        """Dense's steps (as its construct), recording MindSpore's nodes for the affine part and the
        activation's own ops or layer."""
        from .. import ops
        lead = x.shape[:-1]
        self.mute += 1
        try:
            x2 = ops.reshape(x, (-1, cell.in_channels)) if x.ndim != 2 else x
            y = ops.matmul_t(x2, cell.weight, False, True)
            if cell.has_bias:
                y = ops.add(y, cell.bias)
        finally:
            self.mute -= 1
        self._emit(lower_dense(cell, x._data, y._data, reshape_back=False), x, y)
        y2 = cell.activation(y)
        if len(lead) == 1:
            return y2
        self.mute += 1
        try:
            out = ops.reshape(y2, lead + (cell.out_channels,))
        finally:
            self.mute -= 1
        self._emit([Node("Reshape", [y2._data, Const(tuple(out.shape))], out._data)], y2, out)
        return out

    def _emit(self, nodes, x, out):
        self.keep.append((x._data, out._data))
        self.live.add(id(out._data))
        self.nodes.extend(nodes)


def trace(net, examples, live):
    """Runs ``net`` on ``examples`` in inference mode; returns the recorder (its nodes) and the outputs.
    ``live``: ids of the input and Parameter arrays."""
    from .. import context as _context
    rec = _Recorder(live)
    kinds = layer_kinds()
    cells = [c for _, c in net.cells_and_names() if type(c) in kinds]
    saved = (state.amp, state.sync, _primitive._after_op, _primitive._apply_vjp)
    was_training = net.training
    net.set_train(False)
    for c in cells:
        object.__setattr__(c, "construct", rec.wrap(c, type(c).construct.__get__(c)))
    from .._jit.api import JitFunction
    mode, jit_call = _context._ctx["mode"], JitFunction.__call__
    # eager (PyNative) whatever the context, and through @jit functions too: the graph is read off
    # concrete arrays, Parameters included, one recorded op at a time
    _context._ctx["mode"] = _context.PYNATIVE_MODE
    JitFunction.__call__ = lambda self, *args, **kwargs: self.fn(*args, **kwargs)
    state.amp, state.sync, _primitive._after_op = rec.hook(saved[0]), True, rec.after_op
    _primitive._apply_vjp = rec.vjp_hook(saved[3])
    try:
        out = net(*examples)
    finally:
        state.amp, state.sync, _primitive._after_op, _primitive._apply_vjp = saved
        _context._ctx["mode"], JitFunction.__call__ = mode, jit_call
        for c in cells:
            c.__dict__.pop("construct", None)
        net.set_train(was_training)
    return rec, out


# ---- protobuf building ----------------------------------------------------------------------------------------
def _fill_attr(a, v):
    T = P.AttrType
    if isinstance(v, (bool, np.bool_)):
        a.type, a.i = T.BOOL, int(v)
    elif isinstance(v, (int, np.integer)):
        a.type, a.i = T.INT64, int(v)
    elif isinstance(v, (float, np.floating)):
        a.type, a.f = T.FLOAT, float(v)
    elif isinstance(v, str):
        a.type, a.s = T.STRING, v.encode()
    elif isinstance(v, (tuple, list)):
        a.type = T.TUPLE if isinstance(v, tuple) else T.LIST
        for item in v:
            sub = a.values.add()
            if isinstance(item, str):
                sub.type = T.STRING
                sub.strings.append(item.encode())
            elif isinstance(item, (int, np.integer)) and not isinstance(item, bool):
                sub.type = T.INT64
                sub.ints.append(int(item))
            else:
                _fill_attr(sub, item)
    elif isinstance(v, np.ndarray):
        a.type = T.TENSORS
        _fill_tensor(a.tensors.add(), v, with_data=True, name="value0")
    else:
        raise RuntimeError(f"For 'export', a constant of type {type(v).__name__} cannot be written to MindIR.")


def _dtype_code(dtype) -> int:
    name = np.dtype(dtype).name
    code = P.CODE_OF_DTYPE.get(name)
    if code is None:
        raise RuntimeError(f"For 'export', the dtype {name} cannot be written to MindIR.")
    return code


def _fill_tensor(t, arr, with_data=False, name=None):
    t.dims.extend(int(d) for d in arr.shape)
    t.data_type = _dtype_code(arr.dtype)
    if name is not None:
        t.name = name
    if with_data:
        t.raw_data = np.ascontiguousarray(np.asarray(arr)).astype(np.asarray(arr).dtype.newbyteorder("<")).tobytes()


def _fill_shape(a, v):
    """The abstract value of a node's output (``shape`` attribute): a tensor type, a tuple of them, a monad."""
    T = P.AttrType
    a.name = "shape"
    if v is None:
        a.type = T.UMONAD
    elif isinstance(v, tuple):
        a.type = T.TUPLE
        for item in v:
            _fill_shape(a.values.add(), item)
            a.values[-1].ClearField("name")
        a.seq_info.is_dyn_len = False
    else:
        a.type = T.TENSORS
        _fill_tensor(a.tensors.add(), v)


class _Writer:
    def __init__(self, graph_name):
        # the producer is mindjax; the versions are those of the MindSpore 2.10 files this one follows
        self.model = P.ModelProto(ir_version="1.1", producer_name="mindjax", model_version="2.10.0",
                                  little_endian=True, mind_ir_version=3)
        self.g = self.model.graph
        self.g.name = graph_name
        self.names = {}     # id(array or node) -> value name in the graph
        self.prims = {}     # (op, attrs repr) -> primitive name
        self.count = 0
        self.params = {}    # id(array) -> (parameter value name, array)
        self.loads = []
        self.umonad = None

    def _id(self):
        self.count += 1
        return self.count

    def prim(self, op, attrs):
        key = (op, repr(sorted(attrs.items())) if attrs else "")
        name = self.prims.get(key)
        if name is None:
            name = f"{op}:{self._id()}"
            p = self.model.primitives.add(name=name, op_type=op, instance_name="",
                                          prim_type=P.PRIMITIVE if op in CLASSIC else P.PRIMITIVE_FUNCTION)
            for k, v in (attrs or {}).items():
                a = p.attribute.add(name=k)
                _fill_attr(a, v)
            self.prims[key] = name
        return name

    def const(self, value):
        name = f"ValueNode_{self._id()}"
        n = self.g.node.add(output=[name], name=name, op_type="Constant")
        a = n.attribute.add(name="value")
        if value is None:
            a.type = P.AttrType.UMONAD
        else:
            _fill_attr(a, value)
        return name

    def monad(self):
        if self.umonad is None:
            self.umonad = self.const(None)
        return self.umonad

    def node(self, op, inputs, out_abstract, attrs=None):
        name = f"{self.g.name}:CNode_{self._id()}"
        n = self.g.node.add(input=inputs, output=[name], name=name, op_type="REF::" + self.prim(op, attrs))
        _fill_shape(n.attribute.add(), out_abstract)
        return name

    def ref(self, v):
        """The graph value name of an argument: a node, a Parameter (through Load), an input or a constant."""
        if isinstance(v, Const):
            return self.const(v.value)
        name = self.names.get(id(v))
        if name is not None:
            return name
        if id(v) in self.params:
            pname, arr = self.params[id(v)]
            name = self.node("Load", [pname, self.monad()], arr)
            self.loads.append((name, arr))
            self.names[id(v)] = name
            return name
        if isinstance(v, tuple):
            return self.node("MakeTuple", [self.ref(x) for x in v], v)
        name = self.const(np.asarray(v))  # neither input, Parameter nor op output: a constant tensor
        self.names[id(v)] = name
        return name

    def add(self, nd):
        ins = [self.ref(a) if not isinstance(a, Node) else self.names[id(a)] for a in nd.args]
        outs = nd.out if isinstance(nd.out, tuple) else (nd.out,)
        abstract = tuple(_abstract(o) for o in outs) if isinstance(nd.out, tuple) else _abstract(nd.out)
        name = self.node(nd.op, ins, abstract, nd.attrs)
        self.names[id(nd)] = name
        if not isinstance(nd.out, tuple) and not isinstance(nd.out, Shaped):
            self.names[id(nd.out)] = name


def _abstract(v):
    """Anything with ``shape`` and ``dtype`` describes a tensor output (no data is copied)."""
    return v if hasattr(v, "shape") else np.asarray(v)


def write_mindir(net, examples, path: str) -> None:
    """Traces ``net`` on the example Tensors and writes the MindIR file ``path``."""
    named = list(net.parameters_and_names())
    gname = f"mindjax_{type(net).__name__}_construct"
    w = _Writer(gname)
    for _, p in named:
        arr, pname = p._value, p.name
        full = f"{gname}:{pname}"
        t = w.g.parameter.add(ref_key=pname, compression_type=0)
        _fill_tensor(t, np.asarray(arr), with_data=True, name=full)
        w.params[id(arr)] = (full, arr)
    try:
        arg_names = [n for n in inspect.signature(net.construct).parameters][:len(examples)]
    except (TypeError, ValueError):
        arg_names = []
    if len(arg_names) != len(examples):
        arg_names = [f"input_{i}" for i in range(len(examples))]
    for an, t in zip(arg_names, examples):
        full = f"{gname}:{an}"
        _fill_tensor(w.g.input.add(name=full).tensor.add(), np.asarray(t._data))
        w.names.setdefault(id(t._data), full)
    before = [(p, p._value) for _, p in named]
    try:
        rec, out = trace(net, examples, set(w.names) | set(w.params))
    finally:
        # a training network updated its Parameters while traced: the graph writes them (Assign), the
        # network keeps its values, as MindSpore's export (which compiles, never runs) leaves them
        writes = [(f"{gname}:{p.name}", p._value) for p, v in before if p._value is not v]
        for p, v in before:
            p._value = v
    outs = out if isinstance(out, (tuple, list)) else (out,)
    for nd in fuse_means(rec.nodes, {id(o._data) for o in outs if isinstance(o, Tensor)}):
        w.add(nd)
    if not all(isinstance(o, Tensor) for o in outs):
        raise TypeError("For 'export', the network's outputs must be Tensors or tuples of Tensors.")
    result = w.ref(outs[0]._data) if len(outs) == 1 and isinstance(out, Tensor) else \
        w.node("MakeTuple", [w.ref(o._data) for o in outs], tuple(_abstract(o._data) for o in outs))
    out_abs = _abstract(outs[0]._data) if isinstance(out, Tensor) else tuple(_abstract(o._data) for o in outs)
    if w.loads or writes:  # MindSpore's side-effect chain: the loads, then the writes, before the result
        us = w.monad()
        if w.loads:
            mt = w.node("MakeTuple", [n for n, _ in w.loads], tuple(a for _, a in w.loads))
            us = w.node("UpdateState", [us, mt], None)
        for pname, v in writes:
            if id(v) not in w.names:
                raise RuntimeError(f"For 'export', the new value of the Parameter '{pname.split(':')[-1]}' was "
                                   f"not computed by recorded ops; the network cannot be exported to MINDIR.")
            a = w.node("Assign", [pname, w.names[id(v)], us], v, {"side_effect_mem": True})
            us = w.node("UpdateState", [us, a], None)
        result = w.node("Depend", [result, us], out_abs, {"side_effect_propagate": 1})
    vi = w.g.output.add(name=result)
    if isinstance(out, Tensor):
        _fill_tensor(vi.tensor.add(), outs[0]._data)
    else:
        vi.denotation = "Tuple"
        _fill_shape(vi.attr_info, out_abs)
        vi.attr_info.ClearField("name")
    with open(path, "wb") as f:
        f.write(w.model.SerializeToString())

"""nn.Cell: the building block of networks, with Parameter registration, hooks and
custom bprop.

A Cell with no hooks and no bprop calls ``construct`` directly: hooks cost nothing
until one is registered.
"""
from __future__ import annotations

from collections import OrderedDict

from .._state import state
from .._tensor import Tensor
from .._autograd import hooks as H
from .._autograd.tape import Node
from ..common.parameter import Parameter, ParameterTuple, _is_parameter_generated
from .. import context as _context
from .._jit.hooks import call_hook
from ._cell_state import _CellStateMixin, _new_state_tables


def _cell_repr(cell):
    """MindSpore's layout: ``Name(extra)`` for a leaf, otherwise one line per child."""
    ext = cell.extend_repr()
    if not cell._cells:
        return f"{type(cell).__name__}({ext})"
    lines = [f"{type(cell).__name__}("]
    if ext:
        lines.append("  " + ext.replace("\n", "\n  "))
    for name, c in cell._cells.items():
        sub = repr(c).replace("\n", "\n  ")
        lines.append(f"  ({name}): {sub}")
    lines.append(")")
    return "\n".join(lines)


class Cell(_CellStateMixin):
    """MindSpore's ``nn.Cell``: subclass it, create layers and Parameters in
    ``__init__`` and write the computation in ``construct``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax import nn, ops
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.w = ms.Parameter(ms.Tensor(np.ones(2), ms.float32), name="w")
        ...     def construct(self, x):
        ...         return ops.mul(x, self.w)
        >>> print(Net()(ms.Tensor([1.0, 2.0])))
        [1. 2.]
    """

    def __init__(self, auto_prefix: bool = True, flags=None):
        d = self.__dict__
        d["_params"] = OrderedDict()
        d["_cells"] = OrderedDict()
        d["_forward_pre_hooks"] = OrderedDict()
        d["_forward_pre_hooks_kw"] = set()
        d["_forward_hooks"] = OrderedDict()
        d["_forward_hooks_kw"] = set()
        d["_backward_pre_hooks"] = OrderedDict()
        d["_backward_hooks"] = OrderedDict()
        d["_auto_prefix"] = auto_prefix
        d["training"] = False
        d["requires_grad"] = False
        d["_plain"] = type(self).bprop is Cell.bprop
        d["_jit_cache"] = None
        d["_hook_version"] = 0
        d["cell_type"] = None
        d["_scope"] = None
        d["bprop_debug"] = False
        d["_phase"] = "train"
        d["_fast"] = d["_plain"]
        d["internal_params"] = []
        d["_cell_name"] = ""
        _new_state_tables(d)

    # ---- attribute registration -----------------------------------------------------------
    def __getattr__(self, name):
        d = self.__dict__
        if "_params" in d:
            if name in d["_params"]:
                p = d["_params"][name]
                # Parameters an op writes (BatchNorm statistics: requires_grad=False) stay
                # themselves, as MindSpore never casts an op's RW_WRITE inputs
                if d.get("_float_dtype") is not None and d.get("_running") and p.requires_grad:
                    return self._cast_float(p)
                return p
            if name in d["_cells"]:
                return d["_cells"][name]
            if name in d.get("_buffers", ()):
                return d["_buffers"][name]
        raise AttributeError(f"The '{type(self).__name__}' object has no attribute '{name}'.")

    def __setattr__(self, name, value):
        d = self.__dict__
        if "_params" not in d:
            if isinstance(value, (Parameter, Cell)):
                raise AttributeError(f"For '{type(self).__name__}', call 'super().__init__()' in __init__ before "
                                     f"assigning the Parameter or Cell '{name}'.")
            object.__setattr__(self, name, value)
            return
        params, cells = d["_params"], d["_cells"]
        if isinstance(value, Parameter):
            cells.pop(name, None)
            d.pop(name, None)
            if _is_parameter_generated(value.name) and not value.__dict__.get("_user_named"):
                value.name = name
            params[name] = value
        elif isinstance(value, Cell):
            params.pop(name, None)
            d.pop(name, None)
            if d["_auto_prefix"]:
                value.update_parameters_name(name + ".")
            value.__dict__["_cell_name"] = name
            cells[name] = value
        elif isinstance(value, Tensor) and value.__dict__.get("_is_buffer") and "_buffers" in d:
            d.pop(name, None)  # a _Buffer assigned as an attribute registers itself
            self.register_buffer(name, value)
        elif name in d.get("_buffers", ()):
            if value is not None:
                raise TypeError(f"Buffer '{name}' already exists in network, can not assign this type: "
                                f"'{type(value)}' as a buffer.")
            d["_buffers"][name] = None
        elif isinstance(value, ParameterTuple):
            # as MindSpore: the tuple's Parameters belong to this Cell too, under their own names
            # (a Parameter created without a name keeps its generated ``Parameter#N``)
            for p in value:
                params[p.name] = p
            object.__setattr__(self, name, value)
        elif value is None and (name in params or name in cells):
            if name in params:
                params[name] = None
            else:
                cells[name] = None
        else:
            if name in params and isinstance(value, Tensor):
                params[name].set_data(value)
                return
            if name in params:  # as MindSpore: an int over a Parameter would shadow it silently
                raise TypeError(f"Parameter '{name}' already exists in network, can not assign this type: "
                                f"'{type(value)}' as a parameter.")
            if name in cells:
                raise TypeError(f"Sub cell '{name}' already exists in network, can not assign this type: "
                                f"'{type(value)}' as a cell.")
            object.__setattr__(self, name, value)

    def __delattr__(self, name):
        d = self.__dict__
        if name in d.get("_params", {}):
            del d["_params"][name]
        elif name in d.get("_cells", {}):
            del d["_cells"][name]
        elif name in d.get("_buffers", {}):
            del d["_buffers"][name]
        else:
            object.__delattr__(self, name)

    def __dir__(self):
        return list(super().__dir__()) + list(self._params) + list(self._cells) + list(self._buffers)

    def __getstate__(self):
        return self.__dict__.copy()

    def __setstate__(self, st):
        self.__dict__.update(st)

    # ---- calling ----------------------------------------------------------------------------------
    def construct(self, *inputs, **kwargs):
        raise NotImplementedError(f"For '{type(self).__name__}', the method 'construct' must be defined.")

    def _cast_float(self, x):
        dt = self.__dict__.get("_float_dtype")
        if dt is not None and isinstance(x, Tensor) and x.dtype.is_floating and x.dtype != dt:
            from ..ops import functional as F
            return F.cast(x, dt)
        return x

    def bprop(self, *args):  # placeholder: a subclass that defines bprop replaces the gradient
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        if self._fast and not state.check_nan and _context._ctx["mode"] == 1 and not state.jit_depth:
            return self.construct(*args, **kwargs)
        return self._call_full(args, kwargs)

    def _call_full(self, args, kwargs):
        if _context._ctx["mode"] == _context.GRAPH_MODE and not state.jit_depth:
            from .._jit.api import graph_mode_call
            return graph_mode_call(self, args, kwargs)
        if state.check_nan:
            state.cell_stack.append(self._cell_name or type(self).__name__)
        try:
            for hid, h in list(self._forward_pre_hooks.items()):
                if hid in self._forward_pre_hooks_kw:
                    r = call_hook(h, self, args, kwargs)
                    if r is not None:
                        args, kwargs = r
                        args = args if isinstance(args, tuple) else (args,)
                else:
                    r = call_hook(h, self, args)
                    if r is not None:
                        args = r if isinstance(r, tuple) else (r,)
            gstate = None
            if state.grad_depth and (self._backward_hooks or self._backward_pre_hooks):
                gstate = H.CellGradState()
                if self._backward_hooks:
                    args = H.wrap_cell_inputs(self, args, gstate)
            d = self.__dict__
            amp_outer = state.amp
            if d.get("_float_dtype") is not None:
                args = tuple(self._cast_float(a) for a in args)
                d["_running"] = d.get("_running", 0) + 1
                # as MindSpore: a Cell's to_float dtype wins over amp_level 'auto' inside it
                if type(amp_outer).__name__ == "_AutoStrategy":
                    state.amp = None
            try:
                if not self._plain and state.grad_depth:
                    out = self._call_with_bprop(args, kwargs)
                elif not self._plain and state.jit_depth:  # a gradient of the whole program sees the bprop
                    from .._autograd.custom_bprop import traced_call
                    out = traced_call(self, args, kwargs)
                elif d.get("_recompute") and state.grad_depth:
                    from .._autograd.recompute import recompute_call
                    out = recompute_call(self.construct, args, kwargs, self.trainable_params(), type(self).__name__)
                elif state.jit_depth:  # compiled: the source pass makes tensor control flow compile
                    out = _graph_construct(self)(*args, **kwargs)
                else:
                    out = self.construct(*args, **kwargs)
            finally:
                if d.get("_float_dtype") is not None:
                    d["_running"] -= 1
                    state.amp = amp_outer
            if gstate is not None:
                out = H.wrap_cell_outputs(self, out, gstate)
            # MindSpore 2.10 never runs forward hooks on a Cell that defines bprop.
            for hid, h in (list(self._forward_hooks.items()) if self._plain else ()):
                r = call_hook(h, self, args, kwargs, out) if hid in self._forward_hooks_kw else \
                    call_hook(h, self, args, out)
                if r is not None:
                    out = r
            return out
        finally:
            if state.check_nan:
                state.cell_stack.pop()

    def _call_with_bprop(self, args, kwargs, run=None):
        """Run construct (or ``run(args, kwargs)``: the compiled program) without recording, and
        record one node whose backward is the user's ``bprop(*inputs, out, dout)``."""
        depth = state.grad_depth
        state.grad_depth = 0
        try:
            out = self.construct(*args, **kwargs) if run is None else run(args, kwargs)
        finally:
            state.grad_depth = depth
        tensors = [a for a in args if isinstance(a, Tensor)]
        internal = [p for p in (self.internal_params or []) if isinstance(p, Parameter)]
        node_inputs = tuple(tensors) + tuple(internal)
        if not any(t._node is not None for t in node_inputs):
            return out
        outs = out if isinstance(out, tuple) else (out,)
        out_tensors = [o for o in outs if isinstance(o, Tensor)]
        cell = self
        name = type(self).__name__
        from .._autograd.custom_bprop import bprop_grads

        def backward(node, douts, needs):
            fwd_out = out if isinstance(out, tuple) else out
            dout = tuple(douts) if isinstance(out, tuple) else douts[0]
            res = cell.bprop(*args, fwd_out, dout)
            return bprop_grads(name, args, res, internal)

        node = Node(backward, node_inputs, tuple(o._data for o in out_tensors), None, f"{name}.bprop")
        it = iter(range(len(out_tensors)))
        wrapped = tuple(Tensor._make(o._data, node, next(it)) if isinstance(o, Tensor) else o for o in outs)
        return wrapped if isinstance(out, tuple) else wrapped[0]

    # ---- hooks ------------------------------------------------------------------------------------------
    def _hooks_changed(self):
        d = self.__dict__
        d["_hook_version"] += 1
        d["_fast"] = d["_plain"] and d.get("_float_dtype") is None and not d.get("_recompute") and not (
            d["_forward_pre_hooks"] or d["_forward_hooks"] or d["_backward_pre_hooks"] or d["_backward_hooks"])

    def _register(self, table, hook, kind, kw_table=None, with_kwargs=False):
        if not callable(hook):
            raise TypeError(f"For '{type(self).__name__}.{kind}', the 'hook_fn' must be a function, but got "
                            f"{type(hook).__name__}.")
        handle = H.RemovableHandle(table, self._hooks_changed)
        table[handle.id] = hook
        if with_kwargs and kw_table is not None:
            kw_table.add(handle.id)
        self._hooks_changed()
        return handle

    def register_forward_pre_hook(self, hook_fn, with_kwargs: bool = False):
        """``hook_fn(cell, inputs)`` runs before ``construct``; a non-None return replaces the inputs."""
        return self._register(self._forward_pre_hooks, hook_fn, "register_forward_pre_hook",
                              self._forward_pre_hooks_kw, with_kwargs)

    def register_forward_hook(self, hook_fn, with_kwargs: bool = False):
        """``hook_fn(cell, inputs, output)`` runs after ``construct``; a non-None return replaces the output."""
        return self._register(self._forward_hooks, hook_fn, "register_forward_hook",
                              self._forward_hooks_kw, with_kwargs)

    def register_backward_pre_hook(self, hook_fn):
        """``hook_fn(cell, grad_output)`` sees the gradient w.r.t. the outputs; may return a replacement tuple."""
        return self._register(self._backward_pre_hooks, hook_fn, "register_backward_pre_hook")

    def register_backward_hook(self, hook_fn):
        """``hook_fn(cell, grad_input, grad_output)``; may return a replacement for grad_input (a tuple)."""
        return self._register(self._backward_hooks, hook_fn, "register_backward_hook")

    # ---- parameters and sub-cells --------------------------------------------------------------------
    def insert_param_to_cell(self, param_name: str, param: Parameter, check_name_contain_dot: bool = True):
        """Add ``param`` as ``param_name`` (its name is kept unless it is the default)."""
        if not isinstance(param_name, str):
            raise TypeError(f"For 'insert_param_to_cell', the type of parameter 'param_name' must be str, but got "
                            f"{type(param_name)}.")
        if not param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not be None.")
        if check_name_contain_dot and "." in param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not contain'.' ")
        if param_name in self.__dict__ and param_name not in self._params:
            raise KeyError(f"For 'insert_param_to_cell', the {param_name} parameter already exists in the network. "
                           f"Cannot insert another parameter with the same name.")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"For 'insert_param_to_cell', the argument 'param' must be 'Parameter' if not None, but "
                            f"got {type(param)}.")
        if param is not None and _is_parameter_generated(param.name):
            param.name = param_name
        self._params[param_name] = param

    def insert_child_to_cell(self, child_name: str, child_cell):
        """Add ``child_cell`` as ``child_name``; unlike attribute assignment, its Parameters keep their names."""
        if not isinstance(child_name, str):
            raise TypeError(f"For 'insert_child_to_cell', the type of parameter 'child_name' must be str, but got "
                            f"{type(child_name)}.")
        if not child_name or "." in child_name:
            raise KeyError("For 'insert_child_to_cell', the parameter 'child_name' can not be None and can not "
                           "contain '.' ")
        if child_name in self.__dict__ and child_name not in self._cells:
            raise KeyError(f"For 'insert_child_to_cell', the {child_name} child cell already exists in the network. "
                           f"Cannot insert another Cell with the same name.")
        if child_cell is not None and not isinstance(child_cell, Cell):
            raise TypeError(f"For 'insert_child_to_cell', the argument 'child_cell' must be 'Cell' if not None, but "
                            f"got type {type(child_cell)}.")
        self._params.pop(child_name, None)
        if child_cell is not None:
            child_cell.__dict__["_cell_name"] = child_name
        self._cells[child_name] = child_cell

    def update_parameters_name(self, prefix: str = "", recurse: bool = True):
        """Rename every Parameter to ``prefix`` + its attribute path (``block.dense.weight``)."""
        if not isinstance(prefix, str):
            raise TypeError(f"For 'update_parameters_name', the 'prefix' must be a str, but got {type(prefix).__name__}.")
        for path, p in list(self.parameters_and_names(expand=recurse)):
            p.name = prefix + path

    def cells_and_names(self, cells=None, name_prefix: str = ""):
        t = cells if cells is not None else set()
        if id(self) in t:
            return
        t.add(id(self))
        yield name_prefix, self
        for name, c in self._cells.items():
            if c is not None:
                yield from c.cells_and_names(t, f"{name_prefix}.{name}" if name_prefix else name)

    def parameters_and_names(self, name_prefix: str = "", expand: bool = True):
        """(name, Parameter) pairs; names follow the attribute path (``block.dense.weight``)."""
        seen = set()
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        for cname, cell in cells:
            for pname, p in cell._params.items():
                if p is None or id(p) in seen:
                    continue
                seen.add(id(p))
                yield (f"{cname}.{pname}" if cname else pname), p

    def get_parameters(self, expand: bool = True):
        """A generator over the Parameters (as MindSpore: ``type(...)`` is generator)."""
        for _, p in self.parameters_and_names(expand=expand):
            yield p

    def trainable_params(self, recurse: bool = True) -> list:
        return [p for p in self.get_parameters(recurse) if p.requires_grad]

    def untrainable_params(self, recurse: bool = True) -> list:
        return [p for p in self.get_parameters(recurse) if not p.requires_grad]

    def parameters_dict(self, recurse: bool = True) -> OrderedDict:
        return OrderedDict((p.name, p) for p in self.get_parameters(recurse))

    def name_cells(self) -> OrderedDict:
        return OrderedDict((k, v) for k, v in self._cells.items() if v is not None)

    def cells(self):
        return self.name_cells().values()

    def get_flags(self):
        return {}

    def set_train(self, mode: bool = True) -> "Cell":
        """Training (``phase`` 'train') or inference ('predict') for this Cell and its children.

        As in MindSpore, a new Cell has ``training`` False but ``phase`` 'train'.
        """
        for _, c in self.cells_and_names():
            c.__dict__["training"] = bool(mode)
            c.__dict__["_phase"] = "train" if mode else "predict"
        return self

    @property
    def phase(self) -> str:
        return self.__dict__.get("_phase", "train")

    @phase.setter
    def phase(self, value):
        self.__dict__["_phase"] = value

    def set_grad(self, requires_grad: bool = True) -> "Cell":
        self.__dict__["requires_grad"] = requires_grad
        return self

    def init_parameters_data(self, auto_parallel_mode: bool = False):
        return {p: p for p in self.get_parameters()}

    def apply(self, fn) -> "Cell":
        for c in self.cells():
            c.apply(fn)
        fn(self)
        return self

    def to_float(self, dst_type) -> "Cell":
        """Run this Cell and its children in ``dst_type`` (float16/bfloat16/float32): floating
        inputs, and floating Parameters read inside ``construct``, are cast to it."""
        from .. import _dtype as mstype
        dt = mstype.to_dtype(dst_type)
        if dt not in (mstype.float16, mstype.float32, mstype.bfloat16):
            raise ValueError(f"For 'to_float', the 'dst_type' must be float16, float32 or bfloat16, but got {dt}.")
        for _, c in self.cells_and_names():
            c.__dict__["_float_dtype"] = dt  # float32 too: it casts float16 inputs back, as MindSpore
            c._hooks_changed()
        return self

    def set_boost(self, boost_type):
        return self

    def set_comm_fusion(self, *args, **kwargs):
        return self

    def recompute(self, **kwargs) -> "Cell":
        """Recompute this Cell's activations in the backward pass instead of keeping them
        (less memory, same gradients); see ``mindspore.recompute``."""
        for key in kwargs:
            if key not in ("mp_comm_recompute", "parallel_optimizer_comm_recompute", "recompute_slice_activation"):
                raise TypeError(f"For 'Cell.recompute', got an unexpected keyword argument '{key}'.")
        self.__dict__["_recompute"] = True
        self._hooks_changed()
        return self

    def extend_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        return _cell_repr(self)

    @property
    def cls_name(self) -> str:
        return type(self).__name__

    @property
    def param_prefix(self) -> str:
        return self.__dict__.get("_param_prefix", "")

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None, device: str = "Ascend", level: int = 0):
        """Lay out this Cell's inputs, outputs and Parameters over the devices in
        ``semi_auto_parallel``/``auto_parallel`` mode (``mindjax.parallel.shard``); in any
        other mode the Cell is unchanged, as in MindSpore."""
        from ..parallel._shard import cell_shard
        cell_shard(self, in_strategy, out_strategy, parameter_plan)
        return self

    def set_inputs(self, *inputs, **kwargs) -> None:
        """Declare the inputs the network takes, with ``None`` for dimensions that vary:
        ``net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))``. In GRAPH_MODE each
        call is checked against them (rank, fixed dimensions, dtype), as MindSpore checks. A
        ``None`` dimension is traced once for all sizes (JAX's symbolic shapes) where the code
        allows it, else once per size; XLA compiles one program per concrete shape.
        """
        from .._tensor import Tensor as _T
        from .. import _dtype as mstype
        for i, t in enumerate(inputs):
            # a dtype (mint.full's ``dtype`` argument), a str or a dict are constants of the call
            if t is not None and not isinstance(t, (_T, tuple, list, int, float, bool, str, dict, mstype.Type)):
                raise TypeError(f"For 'set_inputs', the {i}th input must be a Tensor, a scalar or a tuple/list of "
                                f"them, but got {type(t).__name__}.")
        self.__dict__["_declared_inputs"] = tuple(inputs)
        self.__dict__["_declared_kwargs"] = dict(kwargs)

    def set_jit_config(self, jit_config) -> None:
        """Set the ``JitConfig`` this Cell compiles with (once; a second call is ignored with a
        warning, as in MindSpore)."""
        if self.__dict__.get("_jit_config_dict"):
            import logging
            logging.getLogger("mindspore").warning("For Cell, jit config can only be set once, ignore this setting.")
        else:
            self.__dict__["_jit_config_dict"] = jit_config.jit_config_dict

    def get_inputs(self):
        """The inputs given to ``set_inputs`` (None if it was not called)."""
        return self.__dict__.get("_declared_inputs")

    def compile_and_run(self, *args, **kwargs):
        return self(*args, **kwargs)

    def exec_checkpoint_graph(self):
        pass

    def __bool__(self):
        return True


def _graph_construct(cell):
    """``cell.construct`` as graph mode compiles it (tensor ``if``/``while``/``for`` rewritten)."""
    from .._jit.ast_pass import convert
    return convert(cell.construct)

"""Optimizer base: parameters (or parameter groups), learning rate (a number, a list per
step, a Tensor or a LearningRateSchedule), weight decay and loss scale."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from ... import ops
from ...ops.indexing import gather_in_range
from ...ops._checks import check_range, gather_error
from ..._state import state
from ..cell import Cell


_GROUP_KEYS = ["params", "lr", "weight_decay", "order_params", "grad_centralization"]


def opt_init_args_register(fn):
    """Decorator for an optimizer's ``__init__`` (MindSpore's): records the call's arguments as
    ``init_params`` ({"params": ...}), ``init_learning_rate`` and ``init_args`` (the rest), which
    tools that rebuild an optimizer read.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> from mindjax.nn.optim.optimizer import opt_init_args_register
        >>> class MySGD(nn.Optimizer):
        ...     @opt_init_args_register
        ...     def __init__(self, params, learning_rate=0.1, momentum=0.0):
        ...         super().__init__(learning_rate, params)
        >>> opt = MySGD(nn.Dense(2, 1).trainable_params(), momentum=0.5)
        >>> print(opt.init_learning_rate, opt.init_args)
        0.1 {'momentum': 0.5}
    """
    import functools
    import inspect

    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        bound = inspect.signature(fn).bind(self, *args, **kwargs)
        bound.apply_defaults()
        arguments = dict(bound.arguments)
        arguments.pop("self")
        if "params" in arguments:
            object.__setattr__(self, "init_params", {"params": arguments.pop("params")})
        if "optimizer" in arguments:
            object.__setattr__(self, "init_params", {"params": arguments.pop("optimizer").init_params["params"]})
        if "learning_rate" in arguments:
            lr = arguments.pop("learning_rate")
            if isinstance(lr, Tensor):
                lr = lr.asnumpy().tolist()
            object.__setattr__(self, "init_learning_rate", None if isinstance(lr, Cell) else lr)
        object.__setattr__(self, "init_args", arguments)
        fn(self, *args, **kwargs)
    return deco


class Optimizer(Cell):
    """``nn.Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0)``: the base class of the
    optimizers; a subclass implements ``construct(gradients)`` and returns True (or the updated values).

    ``parameters`` is a list of Parameters, or of groups: dicts with ``params`` and optionally ``lr``,
    ``weight_decay``, ``grad_centralization``, plus at most one ``{"order_params": [...]}`` that fixes
    the order of all the Parameters. Without groups, Parameters whose name holds "beta" or "gamma"
    (normalisation shifts and scales) are not decayed, as in MindSpore.

    What subclasses use, as in MindSpore: ``parameters``/``_parameters``, ``learning_rate``,
    ``get_lr()`` (the rate now: one Tensor, or a tuple per Parameter with group rates),
    ``get_lr_parameter(p)``, ``weight_decay`` (a Tensor, or a tuple with groups), ``get_weight_decay()``,
    ``decay_flags``, ``optim_filter``, ``is_group``, ``is_group_lr``, ``is_group_params_ordered``,
    ``dynamic_lr``, ``dynamic_weight_decay``, ``global_step``, ``global_step_increase_tensor``,
    ``reciprocal_scale``, ``need_scale``, ``decay_weight(g)``, ``scale_grad(g)``,
    ``gradients_centralization(g)``, ``flatten_gradients(g)``, ``hyper_map``/``map_``/``map_reverse``,
    ``use_parallel``, ``broadcast_params(result)``, ``target``, ``cls_name``.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(3, 2)
        >>> groups = [{"params": [net.weight], "lr": 0.01, "weight_decay": 0.1}, {"params": [net.bias]},
        ...           {"order_params": net.trainable_params()}]
        >>> opt = nn.Momentum(groups, learning_rate=0.1, momentum=0.9)
        >>> print(opt.is_group, opt.is_group_lr, opt.decay_flags, [float(lr) for lr in opt.get_lr()])
        True True (True, False) [0.01, 0.1]
    """

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        name = type(self).__name__
        if parameters is None:
            raise ValueError("For 'Optimizer', the argument parameters can not be None.")
        if not hasattr(parameters, "__iter__"):
            raise TypeError(f"For 'Optimizer', the argument parameters must be Iterable type, but got "
                            f"{type(parameters)}.")
        parameters = list(parameters)
        if not parameters:
            raise ValueError("For 'Optimizer', the argument parameters must not be empty.")
        if isinstance(loss_scale, bool) or not isinstance(loss_scale, (int, float)):
            raise TypeError(f"For 'Optimizer', the type of 'loss_scale' should be 'float', but got type "
                            f"'{type(loss_scale).__name__}'.")
        if loss_scale <= 0:
            raise ValueError(f"For '{name}', the 'loss_scale' must be positive, but got {loss_scale}.")
        self.loss_scale = float(loss_scale)
        self.is_group = isinstance(parameters[0], dict)
        if not self.is_group and not all(isinstance(p, (Parameter, dict)) for p in parameters):
            raise TypeError("For 'Optimizer', all elements of the argument 'parameters' must be 'Parameter' or 'dict', "
                            "please check the 'parameters'.")
        self.is_group_lr = self.is_group_params_ordered = False
        groups = parameters if self.is_group else [{"params": parameters}]
        params, lrs, wds, gcs, ordered = [], [], [], [], None
        # one learning-rate object per group with an 'lr' (named after the group's index), shared by
        # the group's Parameters; the others share the default one, as in MindSpore
        default_lr = self._lr_param(learning_rate, "learning_rate")
        for gi, g in enumerate(groups):
            if not isinstance(g, dict):
                raise TypeError(f"For 'Optimizer', the parameter groups must all be dicts, but got {type(g).__name__}.")
            bad = [k for k in g if k not in _GROUP_KEYS]
            if bad:
                raise KeyError(f"For 'Optimizer', the key in group params must be one of in {_GROUP_KEYS}, but got "
                               f"{bad}.")
            if "order_params" in g:
                if len(g) > 1:
                    raise ValueError(f"For 'Optimizer', the order params dict in group parameters should only include "
                                     f"the 'order_params' key, but got {g.keys()}.")
                ordered = list(g["order_params"])
                self.is_group_params_ordered = True
                continue
            ps = list(g["params"])
            for p in ps:
                if not isinstance(p, Parameter):
                    raise TypeError(f"For '{name}', each element of 'parameters' must be a Parameter, "
                                    f"but got {type(p).__name__}.")
                if any(q.name == p.name for q in params):
                    raise RuntimeError(f"For 'Optimizer', the {p.name} parameter already exists, it does not support "
                                       f"repeated setting. Please check whether the optimizer parameter has been set "
                                       f"multiple times.")
            params += ps
            if "lr" in g:
                self.is_group_lr = True
            lrs += [self._lr_param(g["lr"], f"learning_rate_group_{gi}") if "lr" in g else default_lr] * len(ps)
            wd = g.get("weight_decay", weight_decay)
            # a Cell is a weight-decay schedule: called with the global step at each update
            if not isinstance(wd, Cell):
                if isinstance(wd, bool) or not isinstance(wd, (int, float)):
                    raise TypeError(f"For 'Optimizer', the type of 'weight_decay' should be 'float', but got type "
                                    f"'{type(wd).__name__}'.")
                if wd < 0:
                    from ... import _checkparam as validator
                    validator.check_non_negative_float(float(wd), "weight_decay", name)
                wd = float(wd)
            if self.is_group:
                wds += [wd] * len(ps)
            else:  # as MindSpore: without groups, normalisation scales and shifts (gamma, beta) are not decayed
                wds += [0.0 if "beta" in p.name or "gamma" in p.name else wd for p in ps]
            gc = g.get("grad_centralization", False)
            if not isinstance(gc, bool):
                raise TypeError(f"For 'Optimizer', the 'gradients_centralization' must be bool type, but got "
                                f"{type(gc)}.")
            gcs += [gc] * len(ps)
        if ordered is not None:
            if len(ordered) != len(params):
                raise ValueError(f"For 'Optimizer',the length of order parameters must be the same as the length of "
                                 f"group parameters, but got order parameters' length {len(ordered)}, group "
                                 f"parameters' length {len(params)}.")
            where = {p.name: i for i, p in enumerate(params)}
            try:
                perm = [where[p.name] for p in ordered]
            except KeyError as e:
                raise ValueError(f"For 'Optimizer', the order parameter {e.args[0]} is in no parameter group.") from None
            params, lrs, wds, gcs = ([seq[i] for i in perm] for seq in (params, lrs, wds, gcs))
        # MindSpore's order of the optimizer's Parameters (parameters_and_names, checkpoints): global_step,
        # the learning rate(s), the trained Parameters, then each optimizer's own state
        self.global_step = Parameter(Tensor([0], mstype.int32), name="global_step")
        self._lrs = lrs
        self.dynamic_lr = any(not isinstance(lr, Parameter) or lr.ndim == 1 for lr in lrs)
        self.learning_rate = self._public_lr(default_lr, lrs)
        self.parameters = ParameterTuple(params)
        self._wds = wds
        # with groups a Parameter is decayed when its group's weight decay is > 0; without, by name
        self.decay_flags = tuple(isinstance(w, Cell) or w > 0 for w in wds) if self.is_group else tuple(
            "beta" not in p.name and "gamma" not in p.name for p in params)
        self.grad_centralization_flags = tuple(gcs)
        self.optim_filter = (True,) * len(params)
        self.param_length = len(params)
        self.global_step_increase_tensor = Tensor([1], mstype.int32)
        self.reciprocal_scale = Tensor(1.0 / self.loss_scale, mstype.float32)
        self.need_scale = self.loss_scale != 1.0
        # as in MindSpore, a fixed or per-step learning rate is a Parameter (saved in checkpoints);
        # ``_lrs`` holds one per trained Parameter (a Parameter or a schedule) for the update
        self.dynamic_weight_decay = any(isinstance(w, Cell) for w in wds) or isinstance(weight_decay, Cell)
        if self.is_group:
            self.weight_decay = tuple(w if isinstance(w, Cell) else Tensor(w, mstype.float32) for w in wds)
        else:
            self.weight_decay = weight_decay if isinstance(weight_decay, Cell) else \
                Tensor(float(weight_decay), mstype.float32)
        from ...ops.composite import HyperMap, Map
        self.hyper_map, self.map_ = HyperMap(), Map()
        self.map_reverse = Map(None, True)
        self.assignadd = ops.AssignAdd()
        self.use_parallel = False
        self._target = "CPU"

    @property
    def _parameters(self):
        return self.parameters

    @property
    def cls_name(self) -> str:
        return type(self).__name__

    @property
    def target(self) -> str:
        """The device of the update ('CPU', 'GPU' or 'Ascend'); mindjax runs it where the Parameters live."""
        return self._target

    @target.setter
    def target(self, value):
        if not isinstance(value, str):
            raise TypeError(f"For '{self.cls_name}', the property 'target' must be string type, but got "
                            f"{type(value)}")
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError(f"For '{self.cls_name}', the property 'target' must be 'CPU', 'Ascend' or 'GPU', but "
                             f"got {value}.")
        self._target = value

    def get_weight_decay(self):
        """The weight decay now: a Tensor, or a tuple of them (one per Parameter) with groups; a schedule
        (a Cell) gives its value at the current ``global_step``."""
        if not self.dynamic_weight_decay:
            return self.weight_decay
        if self.is_group:
            return tuple(self._wd_now(w) for w in self.weight_decay)
        return self._wd_now(self.weight_decay)

    def _wd_now(self, wd):
        """A weight decay's value for this step: a schedule Cell is called with the global step (shape
        [1], as MindSpore passes it)."""
        if isinstance(wd, Cell):
            return wd(self.global_step)
        return wd

    def decay_weight(self, gradients):
        """``g + weight_decay * w`` for the Parameters whose ``decay_flags`` is set."""
        return tuple(ops.add(g, ops.mul(p, ops.cast(self._wd_now(wd), p.dtype))) if _decays(wd) else g
                     for p, g, wd in zip(self.parameters, gradients, self._wds))

    def scale_grad(self, gradients):
        """The gradients divided by the loss scale (``* reciprocal_scale``), when there is one."""
        if not self.need_scale:
            return tuple(gradients)
        return tuple(ops.mul(g, ops.cast(self.reciprocal_scale, g.dtype)) for g in gradients)

    def gradients_centralization(self, gradients):
        """Each flagged gradient of rank >= 2 minus its mean over all axes but the first (MindSpore leaves
        those whose second axis is not a multiple of 16 as they are)."""
        out = []
        for g, flag in zip(gradients, self.grad_centralization_flags):
            if flag and g.ndim >= 2 and g.shape[1] % 16 == 0:
                g = ops.sub(g, ops.mean(g, tuple(range(1, g.ndim)), True))
            out.append(g)
        return tuple(out)

    def flatten_gradients(self, gradients):
        """The gradients as given (mindjax keeps Parameters unflattened)."""
        return tuple(gradients)

    def broadcast_params(self, optim_result):
        """Single process: nothing to broadcast; returns ``optim_result``."""
        return optim_result

    @staticmethod
    def _lr_param(lr, name):
        """A learning rate as a Parameter (float32), a schedule left as it is; MindSpore's checks."""
        from ..learning_rate_schedule import LearningRateSchedule
        if isinstance(lr, LearningRateSchedule) or isinstance(lr, Parameter):
            return lr
        if isinstance(lr, bool) or not isinstance(lr, (int, float, list, tuple, Tensor)):
            raise TypeError(f"For 'Optimizer', the 'learning_rate' must be a float, list, Tensor or "
                            f"LearningRateSchedule, but got {type(lr).__name__}.")
        if isinstance(lr, (list, tuple)) and not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                     for v in lr):
            raise TypeError(f"For 'Optimizer', a 'learning_rate' list must hold only numbers, but got {lr}.")
        if isinstance(lr, (int, float)) and lr < 0:
            raise ValueError(f"For 'Optimizer', the 'learning_rate' must be >= 0, but got {lr}.")
        if isinstance(lr, Tensor) and lr.ndim > 1:
            raise ValueError(f"For 'Optimizer', if 'learning_rate' is Tensor type, then the dimension of it should "
                             f"be 0 or 1, but got {lr.ndim}.")
        t = lr if isinstance(lr, Tensor) else Tensor(lr, mstype.float32)
        return Parameter(ops.cast(t, mstype.float32), name=name)

    def _public_lr(self, default_lr, lrs):
        """``self.learning_rate`` as MindSpore shows it: without group rates the Parameter, a schedule, or
        a Cell over a per-step list; with group rates a ParameterTuple (all fixed) or a CellList (one
        Cell per Parameter, shared within a group) when any is dynamic."""
        def as_cell(lr):
            if isinstance(lr, Parameter):
                return _IteratorLearningRate(lr) if lr.ndim == 1 else _ConvertToCell(lr)
            return lr
        if not self.is_group_lr:
            return _IteratorLearningRate(default_lr) if isinstance(default_lr, Parameter) and \
                default_lr.ndim == 1 else default_lr
        if not self.dynamic_lr:
            return ParameterTuple(lrs)
        from ..layer.container import CellList
        cells = {}
        return CellList([cells.setdefault(id(lr), as_cell(lr)) for lr in lrs], auto_prefix=False)

    def _lr_at(self, i):
        """The learning rate for parameter i at the current step (a Tensor or a float)."""
        from ..learning_rate_schedule import LearningRateSchedule
        lr = self._lrs[i]
        step = ops.reshape(self.global_step, ())
        if isinstance(lr, LearningRateSchedule):
            return lr(step)
        if lr.ndim == 1:  # one learning rate per step
            # a step past the list's end is MindSpore's Gather error (in PyNative, and inside the
            # compiled update when indices are checked: pynative_synchronize, MINDJAX_CHECK_INDICES);
            # otherwise the update is not made to wait for the step's value and the last rate holds
            check_range(step._data, 0, lr.shape[0], gather_error("Gather", lr.shape[0]))
            return gather_in_range(lr, ops.minimum(step, lr.shape[0] - 1), 0)
        if self.is_group_lr and self.dynamic_lr:
            # MindSpore reads a fixed group rate through a schedule Cell computing lr + 1 - 1 in float32
            # (0.1 becomes 0.100000024): the same arithmetic gives the same updates
            return ops.sub(ops.add(lr, 1.0), 1.0)
        return lr

    def state_parameters(self) -> list:
        """Every Parameter an update writes: the trained ones and the optimizer's own state."""
        seen, out = set(), []
        candidates = list(self.parameters) + list(self.get_parameters())
        for v in list(self.__dict__.values()):
            if isinstance(v, ParameterTuple):
                candidates += list(v)
        for p in candidates:
            if id(p) not in seen:
                seen.add(id(p))
                out.append(p)
        return out

    def get_lr(self):
        """The learning rate at the current step: a Tensor, or a tuple (one per Parameter) with group rates."""
        if self.is_group_lr:
            return tuple(self._lr_at(i) for i in range(len(self._lrs)))
        return self._lr_at(0)

    def get_lr_parameter(self, param):
        """The learning rate of ``param`` (a Parameter, or a list of them: a list of rates)."""
        if isinstance(param, (list, tuple)):
            return [self.get_lr_parameter(p) for p in param]
        names = [p.name for p in self.parameters]
        if not isinstance(param, Parameter) or param.name not in names:
            raise ValueError(f"For 'get_lr_parameter', the parameter {getattr(param, 'name', param)} is not in "
                             f"the optimizer.")
        return self._lr_at(names.index(param.name))

    def _prep_grads(self, grads):
        """The gradients as MindSpore's optimizers prepare them: checked, then ``decay_weight``,
        ``gradients_centralization`` and ``scale_grad`` (in that order: the decay is scaled too)."""
        # MindSpore's optimizers map over (parameters, gradients): tuples of different lengths fail there
        # with RuntimeError
        grads = tuple(grads)
        if len(grads) != len(self.parameters):
            raise RuntimeError(f"For '{type(self).__name__}', the number of gradients {len(grads)} must equal the "
                               f"number of parameters {len(self.parameters)}.")
        for p, g in zip(self.parameters, grads):
            if g.shape != p.shape:
                raise ValueError(f"For '{type(self).__name__}', the gradient of '{p.name}' has shape "
                                 f"{list(g.shape)}, but the Parameter has shape {list(p.shape)}.")
        grads = self.decay_weight(grads)
        if any(self.grad_centralization_flags):
            grads = self.gradients_centralization(grads)
        return list(self.scale_grad(grads))

    def _is_dynamic_lr_or_weight_decay(self) -> bool:
        """Whether the learning rate or the weight decay changes with the step (subclasses then
        advance ``global_step`` in ``get_lr``, as MindSpore's do)."""
        return bool(self.dynamic_lr or self.dynamic_weight_decay)

    def _set_base_target(self, value: str) -> None:
        """Where the update runs ('CPU', 'GPU', 'Ascend'): checked and recorded; mindjax updates the
        Parameters where they live, so the value changes no computation."""
        self.target = value

    def _grad_sparse_indices_deduplicate(self, gradients):
        """The gradients as given: mindjax's gradients are dense, there are no sparse indices to merge."""
        return gradients

    def _step_done(self):
        ops.assign_add(self.global_step, 1)

    def __call__(self, gradients):
        # In PyNative the whole update (every Parameter, moment and the step counter) runs
        # as one compiled program instead of a few small kernels per Parameter.
        if isinstance(gradients, Tensor):  # MindSpore maps over a tuple: one Tensor fails there (RuntimeError)
            raise RuntimeError(f"For '{type(self).__name__}', the gradients must be a tuple of Tensors, one for "
                               f"each of the {len(self.parameters)} parameters, but got a Tensor.")
        if state.jit_depth or state.grad_depth or self._forward_pre_hooks or self._forward_hooks:
            return super().__call__(gradients)
        jitted = self.__dict__.get("_jitted_update")
        if jitted is None:
            from ..._jit.api import JitFunction
            jitted = self.__dict__["_jitted_update"] = JitFunction(self.construct, owner=self)
        out = jitted(tuple(gradients))
        if state.capture:  # the end of a training step: the captured step runs (as one program)
            from ... import _capture
            _capture.flush_all()
        return out

    def construct(self, *hyper_params):
        raise NotImplementedError


def _decays(wd) -> bool:
    """Whether a Parameter's weight decay (a float or a schedule Cell) applies."""
    return isinstance(wd, Cell) or wd > 0


from ..learning_rate_schedule import LearningRateSchedule  # noqa: E402  (imports nn.optim's package first)


class _IteratorLearningRate(LearningRateSchedule):
    """A per-step learning-rate list as a schedule: ``cell(step)`` is ``lr[step]`` (a gather, so a
    step past the list's end is an error, as in MindSpore). Its Parameter keeps the name given."""

    def __init__(self, learning_rate: Parameter) -> None:
        super().__init__()
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return ops.gather(self.learning_rate, global_step, 0)


class _ConvertToCell(LearningRateSchedule):
    """A fixed group learning rate as a schedule (when another group's rate is dynamic): ``lr + 1 - 1``."""

    def __init__(self, learning_rate: Parameter) -> None:
        super().__init__()
        if not isinstance(learning_rate, Parameter):
            raise TypeError("For 'Optimizer', the argument 'learning_rate' must be Parameter, but got "
                            f"{type(learning_rate)}.")
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return ops.sub(ops.add(self.learning_rate, 1.0), 1.0)

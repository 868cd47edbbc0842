"""The base class of ``mindspore.experimental.optim`` (and ``mint.optim``): PyTorch-style
parameter groups whose learning rates are Parameters, so that a scheduler changes them between
steps without recompiling a jitted training step."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ... import _checkparam as validator
from ... import _dtype as mstype
from ... import ops
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from ...log import logger as _logger
from ...nn.cell import Cell

__all__ = ["Optimizer"]


class Optimizer(Cell):
    """``Optimizer(params, defaults)``: the base of the PyTorch-style optimizers.

    ``params`` is an iterable of Parameters or of dicts (``{"params": [...], "lr": ..., ...}``);
    ``defaults`` gives each group's options where the group does not. What subclasses read, as in
    MindSpore: ``param_groups`` (each group's ``lr`` is a float32 Parameter named
    ``learning_rate_group_<i>``), ``lrs``, ``parameters`` (a ParameterTuple of every optimized
    Parameter), ``group_start_id`` (where each group starts in ``parameters`` and in the gradients),
    ``defaults``, ``state``, ``map_``/``hyper_map`` and ``_decay_weight``. A subclass implements
    ``construct(gradients)``.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn, ops
        >>> from mindjax.experimental import optim
        >>> class MySGD(optim.Optimizer):
        ...     def __init__(self, params, lr):
        ...         super().__init__(params, dict(lr=lr))
        ...     def construct(self, gradients):
        ...         for group_id, group in enumerate(self.param_groups):
        ...             start = self.group_start_id[group_id]
        ...             for i, param in enumerate(group["params"]):
        ...                 ops.assign(param, param - gradients[start + i] * group["lr"])
        ...         return True
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = MySGD([w], 0.5)((ms.Tensor([1.0]),))
        >>> print(w.asnumpy())
        [0.5]
    """

    def __init__(self, params, defaults: dict):
        super().__init__(auto_prefix=False)
        groups = self._parameters_base_check(params, "params")
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups = []
        self.parameters = []
        self.lrs = []
        self.map_ = ops.Map()
        self.group_start_id = [0]
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)
        self.parameters = ParameterTuple(self.parameters)
        self.hyper_map = ops.HyperMap()
        self.enable_tuple_broaden = True

    def __repr__(self) -> str:
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    value = Tensor(group[key].asnumpy()) if key == "lr" and isinstance(group[key], Parameter) else group[key]
                    text += f"    {key}: {value}\n"
        return text + ")"

    def add_param_group(self, param_group: dict) -> None:
        """Adds a group (a dict with ``params`` and its own options) to ``param_groups``."""
        group_id = len(self.param_groups)
        param_group = self._preprocess_param_group(param_group)
        self.parameters = list(self.parameters) + list(param_group["params"])
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        lr = self._build_single_lr(param_group.get("lr"), f"learning_rate_group_{group_id}")
        weight_decay = self._preprocess_weight_decay(param_group.get("weight_decay", 0.0))
        self.lrs.append(lr)
        param_group["lr"] = lr
        param_group["weight_decay"] = weight_decay
        if param_group.get("amsgrad") and getattr(self, "max_v_group", False):
            param_group["max_exp_avg_sq"] = ParameterTuple(param_group["params"]).clone(prefix="max_exp_avg_sq",
                                                                                         init="zeros")
        self.param_groups.append(param_group)
        self.group_start_id.append(self.group_start_id[-1] + len(param_group["params"]))
        if group_id and isinstance(self.parameters, list) and hasattr(self, "hyper_map"):
            self.parameters = ParameterTuple(self.parameters)  # a group added after __init__

    @staticmethod
    def _parameters_base_check(parameters, param_info: str) -> list:
        if parameters is None:
            raise ValueError(f"For 'Optimizer', the argument {param_info} can not be None.")
        if not isinstance(parameters, Iterable):
            raise TypeError(f"For 'Optimizer', the argument {param_info} must be Iterable type, "
                            f"but got {type(parameters)}.")
        parameters = list(parameters)
        if not parameters:
            raise ValueError(f"For 'Optimizer', the argument {param_info} must not be empty.")
        return parameters

    def _decay_weight(self, weight_decay: float, params, gradients) -> tuple:
        """gradient + weight_decay * parameter (L2 decay added to the gradient)."""
        if weight_decay != 0.0:
            return tuple(ops.add(ops.mul(p, ops.cast(Tensor(weight_decay, mstype.float32), p.dtype)), g)
                         for p, g in zip(params, gradients))
        return tuple(gradients)

    def _preprocess_param_group(self, param_group: dict) -> dict:
        if not isinstance(param_group, dict):
            raise TypeError("Param group must be a dict.")
        params = param_group["params"]
        if isinstance(params, Parameter):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("Optimizer parameters need to be organized in ordered collections, but the ordering of "
                            "tensors in sets will change between runs. Please use a list instead.")
        else:
            param_group["params"] = list(params)
        for param in param_group["params"]:
            if not isinstance(param, Parameter):
                raise TypeError(f"Optimizer can only optimize Parameters, but one of the params is {type(param)}")
        ids = [id(p) for p in param_group["params"]]
        if len(ids) != len(set(ids)):
            _logger.warning("Optimizer contains a parameter group with duplicate parameters.")
        seen = {id(p) for group in self.param_groups for p in group["params"]}
        if seen & set(ids):
            raise ValueError("some parameters appear in more than one parameter group.")
        return param_group

    def _build_single_lr(self, learning_rate, name: str) -> Parameter:
        if isinstance(learning_rate, (float, int)) and not isinstance(learning_rate, bool):
            learning_rate = float(learning_rate)
            validator.check_non_negative_float(learning_rate, "learning rate", self.cls_name)
            return Parameter(Tensor(learning_rate, mstype.float32), name)
        if isinstance(learning_rate, Tensor):
            if learning_rate.ndim == 0:
                return Parameter(learning_rate.astype(mstype.float32), name)
            raise ValueError("For 'Optimizer', if 'learning_rate' is a Tensor, then it should be scalar Tensor")
        raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be int, float or Tensor, "
                        f"but got {type(learning_rate)}.")

    def _preprocess_weight_decay(self, weight_decay) -> float:
        if isinstance(weight_decay, (float, int)):
            weight_decay = float(weight_decay)
            validator.check_non_negative_float(weight_decay, "weight_decay", self.cls_name)
            return weight_decay
        raise TypeError(f"For 'Optimizer', the argument 'Weight_decay' must be int or float.but got "
                        f"{type(weight_decay)}")

    def _group_lr(self, group_id: int):
        """The group's rate: its Parameter, or a float a user wrote into the group."""
        lr = self.param_groups[group_id].get("lr")
        if isinstance(lr, float):
            return Tensor(lr, mstype.float32)
        return self.lrs[group_id]

    def _group_slice(self, group_id: int) -> slice:
        return slice(self.group_start_id[group_id], self.group_start_id[group_id + 1])

    def construct(self, *hyper_params):
        raise NotImplementedError


def check_not_less_than(arg_value, arg_name: str, prim: str, value: float = 0.0) -> None:
    """Raises ValueError when ``arg_value < value`` (MindSpore's message)."""
    if arg_value < value:
        raise ValueError(f"For {prim}, the {arg_name} must be greater than or equal to {value}, but got {arg_value}.")


def check_not_less_than_without_equal(arg_value, arg_name: str, prim: str, value: float = 0.0) -> None:
    """Raises ValueError when ``arg_value <= value`` (MindSpore's message)."""
    if arg_value <= value:
        raise ValueError(f"For {prim}, the {arg_name} must be greater than {value}, but got {arg_value}.")

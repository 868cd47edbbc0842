"""WithLossCell, WithEvalCell, TrainOneStepCell, TrainOneStepWithLossScaleCell."""
from __future__ import annotations

import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter
from ..._autograd.grad import value_and_grad
from ... import ops
from ..cell import Cell

__all__ = ["WithLossCell", "WithEvalCell", "TrainOneStepCell", "TrainOneStepWithLossScaleCell", "WithGradCell"]


class WithLossCell(Cell):
    """``nn.WithLossCell(backbone, loss_fn)``: ``loss_fn(backbone(data), label)``."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        return self._loss_fn(self._backbone(data), label)

    @property
    def backbone_network(self):
        return self._backbone


class WithEvalCell(Cell):
    def __init__(self, network, loss_fn, add_cast_fp32=False):
        super().__init__(auto_prefix=False)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = add_cast_fp32

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:
            # only floating labels become float32: class indices stay integers (as MindSpore)
            label = ops.functional.mixed_precision_cast(mstype.float32, label)
            outputs = ops.cast(outputs, mstype.float32)
        return self._loss_fn(outputs, label), outputs, label


class WithGradCell(Cell):
    def __init__(self, network, loss_fn=None, sens=None):
        super().__init__(auto_prefix=False)
        self.network = network if loss_fn is None else WithLossCell(network, loss_fn)
        self.weights = self.network.trainable_params()

    def construct(self, *inputs):
        return ops.GradOperation(get_by_list=True)(self.network, self.weights)(*inputs)


class TrainOneStepCell(Cell):
    """``nn.TrainOneStepCell(network, optimizer, sens=None)``: one step of forward,
    backward and update; returns the loss."""

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.sens = 1.0 if sens is None else sens
        self.return_grad = return_grad
        self.reducer_flag, self.grad_reducer = _grad_reducer(self.weights)
        self._spmd = None
        # MindSpore's attributes, used by steps written as subclasses (mindcv's TrainStep)
        self.grad = ops.GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = ops.GradOperation(get_by_list=True)

    def __call__(self, *inputs):
        # data parallel over a world of several ranks: the step runs as one SPMD program
        step = _spmd_step(self)
        if step is not None:
            return step(*inputs)
        return super().__call__(*inputs)

    def construct(self, *inputs):
        loss, grads = value_and_grad(self.network, None, self.weights)(*inputs)
        if self.sens != 1.0:
            grads = tuple(ops.mul(g, self.sens) for g in grads)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        if self.return_grad:  # as MindSpore: the gradients keyed by their Parameters' names
            return loss, {p.name: g for p, g in zip(self.weights, grads)}
        return loss


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """Training with a loss scale: the loss is multiplied by the scale before backward
    and the gradients divided after; a step whose gradients overflow is skipped.
    Returns (loss, overflow, scale)."""

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer)
        from ...train.loss_scale import _as_scale_manager_cell
        self.scale_cell = _as_scale_manager_cell(scale_sense)
        # MindSpore's attributes, used by steps written as subclasses (mindcv's TrainStep): the
        # scale is the update Cell's own Parameter (one Parameter, so both see every change)
        self.hyper_map = ops.HyperMap()
        self.loss_scaling_manager = scale_sense if isinstance(scale_sense, Cell) else None
        self.scale_sense = self.scale_cell.get_scale()

    def construct(self, *inputs):
        scale = self.scale_cell.get_scale()

        def scaled(*xs):
            return ops.mul(self.network(*xs), ops.cast(scale, mstype.float32))
        loss, grads = value_and_grad(scaled, None, self.weights)(*inputs)
        loss = ops.div(loss, scale)
        grads = tuple(ops.div(g, ops.cast(scale, g.dtype)) for g in grads)
        grads = self.grad_reducer(grads)
        overflow = self.get_overflow_status(None, grads)
        self.scale_cell.update(overflow)
        # Skip the update on overflow without Python control flow on a Tensor (so the step
        # compiles): run the optimizer, then keep the old value of every state it wrote.
        state = self.optimizer.state_parameters()
        before = [ops.stop_gradient(ops.identity(p)) for p in state]
        self.optimizer(grads)
        for p, old in zip(state, before):
            ops.assign(p, ops.select(overflow, old, p))
        return loss, overflow, scale

    def set_sense_scale(self, sens: Tensor) -> None:
        """Set the loss scale (a Tensor) the next steps use."""
        if self.scale_sense is not None and isinstance(sens, Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError(f"For 'TrainOneStepWithLossScaleCell', the type of 'sens' must be Tensor, but got "
                            f"{type(sens)}")

    def start_overflow_check(self, pre_cond, compute_input):
        """``(status, compute_input)``: Ascend's float-status buffer (zeros) and the input unchanged;
        overflow is found from the gradients themselves by ``get_overflow_status``."""
        return Tensor(np.zeros(8, np.int32)), compute_input

    def get_overflow_status(self, status, compute_output) -> Tensor:
        """True (a bool Tensor) when a gradient in ``compute_output`` is inf or NaN, on any rank
        in data parallel (MindSpore's GPU rule; its CPU build has no kernel for this)."""
        finite = ops.all(ops.stack([ops.all(ops.isfinite(g)) for g in compute_output]))
        overflow = ops.logical_not(finite)
        if self.reducer_flag:  # a step overflows when it overflows on any rank
            from ...ops.operations.comm_ops import collective
            overflow = ops.cast(collective("AllReduce", "all_reduce", ops.cast(overflow, mstype.float32),
                                           "hccl_world_group", op="max"), mstype.bool_)
        return overflow

    def process_loss_scale(self, overflow):
        """Let the update Cell (when ``scale_sense`` was one) adjust the scale; returns ``overflow``."""
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow


def _grad_reducer(weights):
    """MindSpore's choice: in DATA_PARALLEL or HYBRID_PARALLEL mode the gradients are all-reduced
    (mean from ``gradients_mean``, degree from ``device_num`` or the world size); else identity."""
    from ... import context
    mode = context.get_auto_parallel_context("parallel_mode")
    if mode not in ("data_parallel", "hybrid_parallel"):
        return False, _Identity()
    from .grad_reducer import DistributedGradReducer
    from ...communication import get_group_size
    degree = context.get_auto_parallel_context("device_num")
    if degree == 1 and "device_num" not in context._auto_parallel_set:
        degree = get_group_size()
    return True, DistributedGradReducer(weights, context.get_auto_parallel_context("gradients_mean"), degree)


class _Identity(Cell):
    def construct(self, grads):
        return grads


def _spmd_step(cell):
    """The SPMD program of a data-parallel training Cell, when the world has several ranks and the
    call is not already inside a program."""
    if not cell.reducer_flag:
        return None
    from ..._state import state
    from ...communication import _world as W
    if W.world.mode == "single" or state.jit_depth or W.bound_axis() is not None:
        return None
    if cell._spmd is None:
        from ... import context
        from ...communication._spmd import SpmdFunction, broadcast_parameters
        if context.get_auto_parallel_context("parameter_broadcast"):
            broadcast_parameters(cell.trainable_params())
        cell._spmd = SpmdFunction(lambda *xs: Cell.__call__(cell, *xs), owner=cell, name=type(cell).__name__)
    return cell._spmd

"""``mindspore.nn.optim.adafactor``: AdaFactor (factored second moments, relative step sizes)."""
from __future__ import annotations

from ... import _dtype as mstype
from ... import ops
from ... import _checkparam as validator
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from .optimizer import Optimizer

__all__ = ["AdaFactor"]


def _rms(x):
    return ops.sqrt(ops.mean(ops.square(x)))


class AdaFactor(Optimizer):
    """``nn.AdaFactor(params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0, decay_rate=0.8,
    beta1=0.9, weight_decay=0.0, scale_parameter=True, relative_step=True, warmup_init=False,
    compression=False, loss_scale=1.0)``.

    At step t (from 1)::

        lr = min(1e-2 (or 1e-6 t with warmup_init), 1 / sqrt(t))    with relative_step, else learning_rate
        lr' = lr * max(eps2, rms(w))                                 with scale_parameter, else lr
        b2 = 1 - t^(-decay_rate);  u = g^2 + eps1
        matrices: R = b2 R + (1 - b2) mean(u, -1);  C = b2 C + (1 - b2) mean(u, -2)
                  u = g / sqrt(R / mean(R)) [..., None] / sqrt(C) [..., None, :]
        others:   V = b2 V + (1 - b2) u;  u = g / sqrt(V)
        u = lr' * u / max(rms(u) / clip_threshold, 1)
        m = beta1 m + (1 - beta1) u; u = m                           when beta1 > 0
        w = w - weight_decay * lr' * w - u

    The gradients are used as given (no loss-scale division, as MindSpore's AdaFactor).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.AdaFactor(net.trainable_params())
        >>> print(opt.step.shape)
        (1,)
    """

    def __init__(self, params, learning_rate=None, eps: tuple = (1e-30, 1e-3), clip_threshold: float = 1.0,
                 decay_rate: float = 0.8, beta1: float = 0.9, weight_decay: float = 0.0,
                 scale_parameter: bool = True, relative_step: bool = True, warmup_init: bool = False,
                 compression: bool = False, loss_scale: float = 1.0):
        if learning_rate is not None and relative_step:
            raise ValueError("Cannot combine manual lr and relative_step options", learning_rate)
        if warmup_init and not relative_step:
            raise ValueError("warmup_init requires relative_step=True")
        if learning_rate is None and not relative_step:
            raise ValueError("Cannot learning_rate is None and relative_step=False")
        learning_rate = 0.0 if learning_rate is None else learning_rate
        beta1 = 0.0 if beta1 is None else beta1
        self_scale_lr = isinstance(learning_rate, (float, int))
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        name = "AdaFactor"
        validator.check_value_type("eps", eps, [list, tuple], name)
        if len(eps) != 2:
            raise ValueError("eps must have 2 value: (eps1, eps2).")
        for i, e in enumerate(eps):
            validator.check_value_type(f"eps{i}", e, [float], name)
            validator.check_non_negative_float(e, f"eps{i}", name)
        validator.check_value_type("clip_threshold", clip_threshold, [float], name)
        validator.check_non_negative_float(clip_threshold, "clip_threshold", name)
        validator.check_value_type("decay_rate", decay_rate, [float], name)
        validator.check_float_range(decay_rate, 0, 1, validator.INC_NEITHER, "decay_rate", name)
        validator.check_float_range(weight_decay, 0, 1, validator.INC_LEFT, "weight_decay", name)
        validator.check_value_type("scale_parameter", scale_parameter, [bool], name)
        validator.check_value_type("relative_step", relative_step, [bool], name)
        validator.check_value_type("compression", compression, [bool], name)
        validator.check_value_type("beta1", beta1, [int, float], name)
        validator.check_non_negative_float(float(beta1), "beta1", name)
        self.eps, self.clip_threshold, self.decay_rate = tuple(eps), clip_threshold, decay_rate
        self.beta1, self.af_weight_decay = float(beta1), float(weight_decay)
        self.scale_lr = self_scale_lr
        self.scale_parameter = scale_parameter and self_scale_lr
        self.relative_step, self.warmup_init, self.compression = relative_step, warmup_init, compression
        self._wds = [0.0] * len(self._wds)  # the decay is applied to the weights below, not to the gradients
        self.use_first_moment = self.beta1 > 0
        if self.use_first_moment:
            self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        else:  # MindSpore keeps one unnamed placeholder Parameter (it appears among the optimizer's Parameters)
            self.exp_avg = ParameterTuple([Parameter(Tensor(0.0))])
        rows, cols, sqs = [], [], []
        for p in self.parameters:
            dt, shape = p.dtype, tuple(p.shape)
            factored = len(shape) > 1
            rows.append(Parameter(ops.zeros(shape[:-1] if factored else (1,), dt), name=f"exp_avg_sq_row_{p.name}"))
            cols.append(Parameter(ops.zeros(shape[:-2] + shape[-1:] if factored else (1,), dt),
                                  name=f"exp_avg_sq_col_{p.name}"))
            sq_dt = mstype.float16 if compression and not factored else dt
            sqs.append(Parameter(ops.zeros((1,) if factored else shape, sq_dt), name=f"exp_avg_sq_{p.name}"))
        self.exp_avg_sq_row, self.exp_avg_sq_col = ParameterTuple(rows), ParameterTuple(cols)
        self.exp_avg_sq = ParameterTuple(sqs)
        self.step = Parameter(Tensor([0.0], mstype.float32), name="afactor_step", requires_grad=False)

    def construct(self, gradients):
        grads = tuple(gradients)
        if len(grads) != len(self.parameters):
            raise ValueError(f"For 'AdaFactor', the number of gradients {len(grads)} must equal the number of "
                             f"parameters {len(self.parameters)}.")
        f32 = mstype.float32
        step = ops.add(self.step, 1.0)
        ops.assign(self.step, step)
        t = ops.reshape(step, ())
        if self.scale_lr and self.relative_step:
            min_step = ops.mul(t, 1e-6) if self.warmup_init else 1e-2
            lr = ops.minimum(min_step, ops.div(1.0, ops.sqrt(t)))
        else:
            lr = None
        b2 = ops.sub(1.0, ops.pow(t, -self.decay_rate))
        for i, (p, g) in enumerate(zip(self.parameters, grads)):
            lr_i = lr if lr is not None else ops.reshape(ops.cast(self._lr_at(i), f32), ())
            w, g32 = ops.cast(p, f32), ops.cast(g, f32)
            lr_upd = ops.mul(lr_i, ops.maximum(self.eps[1], _rms(w))) if self.scale_parameter else lr_i
            u = ops.add(ops.square(g32), self.eps[0])
            if p.ndim >= 2:
                row, col = self.exp_avg_sq_row[i], self.exp_avg_sq_col[i]
                nr = ops.add(ops.mul(ops.cast(row, f32), b2), ops.mul(ops.mean(u, -1), ops.sub(1.0, b2)))
                nc = ops.add(ops.mul(ops.cast(col, f32), b2), ops.mul(ops.mean(u, -2), ops.sub(1.0, b2)))
                ops.assign(row, ops.cast(nr, row.dtype))
                ops.assign(col, ops.cast(nc, col.dtype))
                r = ops.expand_dims(ops.div(1.0, ops.sqrt(ops.div(nr, ops.mean(nr, -1, True)))), -1)
                c = ops.div(1.0, ops.sqrt(ops.expand_dims(nc, -2)))
                u = ops.mul(ops.mul(r, c), g32)
            else:
                sq = self.exp_avg_sq[i]
                nv = ops.add(ops.mul(ops.cast(sq, f32), b2), ops.mul(u, ops.sub(1.0, b2)))
                ops.assign(sq, ops.cast(nv, sq.dtype))
                u = ops.mul(ops.div(1.0, ops.sqrt(nv)), g32)
            coeff = ops.maximum(ops.div(_rms(u), self.clip_threshold), 1.0)
            u = ops.mul(ops.div(u, coeff), lr_upd)
            if self.use_first_moment:
                m = self.exp_avg[i]
                nm = ops.add(ops.mul(ops.cast(m, f32), self.beta1), ops.mul(u, 1 - self.beta1))
                ops.assign(m, ops.cast(nm, m.dtype))
                u = nm
            if self.af_weight_decay:
                w = ops.add(w, ops.mul(w, ops.mul(lr_upd, -self.af_weight_decay)))
            ops.assign(p, ops.cast(ops.sub(w, u), p.dtype))
        self._step_done()
        return True

"""Adam, AdamWeightDecay (AdamW)."""
from __future__ import annotations

from ... import _dtype as mstype
from ..._tensor import Tensor
from ...common.parameter import Parameter, ParameterTuple
from ... import ops
from ... import _checkparam as validator
from .optimizer import Optimizer, _decays


def _check_param_value(beta1, beta2, eps, name):
    """MindSpore's checks of Adam's hyper-parameters, in its order (types, then ranges)."""
    validator.check_value_type("beta1", beta1, [float], name)
    validator.check_value_type("beta2", beta2, [float], name)
    validator.check_value_type("eps", eps, [float], name)
    validator.check_float_range(beta1, 0.0, 1.0, validator.INC_NEITHER, "beta1", name)
    validator.check_float_range(beta2, 0.0, 1.0, validator.INC_NEITHER, "beta2", name)
    validator.check_positive_float(eps, "eps", name)


class Adam(Optimizer):
    """``nn.Adam``: m = b1 m + (1-b1) g; v = b2 v + (1-b2) g^2;
    p -= lr * sqrt(1-b2^t)/(1-b1^t) * m / (sqrt(v) + eps)."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if set(kwargs) - {"use_lazy", "use_offload"}:
            raise KeyError(f"For 'Adam', invalid keys are passed as kwargs, supported keys are 'use_lazy' and"
                           f"'use_offload', but got {kwargs.keys()}.")
        use_lazy, use_offload = kwargs.get("use_lazy", False), kwargs.get("use_offload", False)
        name = type(self).__name__
        _check_param_value(beta1, beta2, eps, name)
        for key, value in (("use_locking", use_locking), ("use_nesterov", use_nesterov), ("use_amsgrad", use_amsgrad),
                           ("use_lazy", use_lazy), ("use_offload", use_offload)):
            validator.check_value_type(key, value, [bool], name)
        if use_lazy and use_offload:
            raise ValueError(f"For 'Adam', 'use_lazy' and 'use_offload' can not both be True."
                             f"But got use_lazy={use_lazy}, use_offload={use_offload}.")
        if use_amsgrad and (use_lazy or use_offload):
            raise ValueError(f"For lazy Adam and Adam with offload, there is no parameter named 'use_amsgrad'."
                             f"but got 'use_amsgrad'={use_amsgrad}.")
        # use_lazy and use_offload change where MindSpore runs the update (sparse rows, the host), not its
        # values on dense gradients
        self.use_lazy, self.use_offload, self.use_amsgrad = use_lazy, use_offload, use_amsgrad
        self.beta1, self.beta2, self.eps, self.use_nesterov = beta1, beta2, eps, use_nesterov
        self.beta1_power = Parameter(Tensor(1.0, mstype.float32), name="beta1_power")
        self.beta2_power = Parameter(Tensor(1.0, mstype.float32), name="beta2_power")
        self.moment1 = self.parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self.parameters.clone(prefix="moment2", init="zeros")
        if use_amsgrad:  # ApplyAdamWithAmsgrad: the running maximum of the second moment
            self.vhat = self.parameters.clone(prefix="vhat", init="zeros")

    def construct(self, gradients):
        grads = self._prep_grads(gradients)
        b1p = ops.mul(self.beta1_power, self.beta1)
        b2p = ops.mul(self.beta2_power, self.beta2)
        ops.assign(self.beta1_power, b1p)
        ops.assign(self.beta2_power, b2p)
        for i, (p, m, v, g) in enumerate(zip(self.parameters, self.moment1, self.moment2, grads)):
            lr = self._lr_at(i)
            nm = ops.add(ops.mul(m, self.beta1), ops.mul(g, 1 - self.beta1))
            nv = ops.add(ops.mul(v, self.beta2), ops.mul(ops.square(g), 1 - self.beta2))
            ops.assign(m, nm)
            ops.assign(v, nv)
            alpha = ops.reshape(ops.mul(ops.div(ops.sqrt(ops.sub(1, b2p)), ops.sub(1, b1p)), lr), ())
            if self.use_amsgrad:
                nv = ops.maximum(self.vhat[i], nv)
                ops.assign(self.vhat[i], nv)
                mm = nm
            else:
                mm = ops.add(ops.mul(nm, self.beta1), ops.mul(g, 1 - self.beta1)) if self.use_nesterov else nm
            upd = ops.div(ops.mul(mm, ops.cast(alpha, p.dtype)), ops.add(ops.sqrt(nv), self.eps))
            ops.assign(p, ops.sub(p, upd))
        self._step_done()
        return True


class AdamWeightDecay(Optimizer):
    """``nn.AdamWeightDecay``: Adam without bias correction, with decoupled weight decay:
    p -= lr * (m / (sqrt(v) + eps) + weight_decay * p)."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_param_value(beta1, beta2, eps, type(self).__name__)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        # decoupled: the decay joins the update, not the gradient (per Parameter, gamma/beta excluded
        # without groups, as the base class decides)
        self._dwd, self._wds = self._wds, [0.0] * len(self._wds)
        self.moments1 = self.parameters.clone(prefix="adam_m", init="zeros")
        self.moments2 = self.parameters.clone(prefix="adam_v", init="zeros")

    def construct(self, gradients):
        grads = self._prep_grads(gradients)
        for i, (p, m, v, g) in enumerate(zip(self.parameters, self.moments1, self.moments2, grads)):
            lr = self._lr_at(i)
            nm = ops.add(ops.mul(m, self.beta1), ops.mul(g, 1 - self.beta1))
            nv = ops.add(ops.mul(v, self.beta2), ops.mul(ops.square(g), 1 - self.beta2))
            ops.assign(m, nm)
            ops.assign(v, nv)
            upd = ops.div(nm, ops.add(ops.sqrt(nv), self.eps))
            if _decays(self._dwd[i]):
                upd = ops.add(upd, ops.mul(p, ops.cast(self._wd_now(self._dwd[i]), p.dtype)))
            ops.assign(p, ops.sub(p, ops.mul(upd, lr)))
        self._step_done()
        return True


AdamW = AdamWeightDecay


class AdamOffload(Adam):
    """``nn.AdamOffload``: Adam whose update MindSpore runs on the host to save device memory. Its math,
    arguments and state names are Adam's (the beta powers have shape [1], as MindSpore's); on JAX
    the update is one compiled program on the Parameters' device.

    Examples:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.Dense(4, 3)
        >>> opt = nn.AdamOffload(net.trainable_params(), learning_rate=0.01)
        >>> print(opt.beta1_power.shape)
        (1,)
    """

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        from ... import _checkparam as validator
        name = type(self).__name__
        validator.check_value_type("beta1", beta1, [float], name)
        validator.check_value_type("beta2", beta2, [float], name)
        validator.check_float_range(beta1, 0.0, 1.0, validator.INC_NEITHER, "beta1", name)
        validator.check_float_range(beta2, 0.0, 1.0, validator.INC_NEITHER, "beta2", name)
        validator.check_value_type("eps", eps, [float], name)
        validator.check_positive_float(eps, "eps", name)
        validator.check_value_type("use_locking", use_locking, [bool], name)
        validator.check_value_type("use_nesterov", use_nesterov, [bool], name)
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov, weight_decay,
                         loss_scale)
        self.beta1_power = Parameter(Tensor([1.0], mstype.float32), name="beta1_power")
        self.beta2_power = Parameter(Tensor([1.0], mstype.float32), name="beta2_power")

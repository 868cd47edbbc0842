"""A user-written optimizer in MindSpore's style (subclassing nn.Optimizer and using its internals:
opt_init_args_register, hyper_map with a MultitypeFuncGraph, get_lr, decay_flags, weight_decay,
is_group_lr, order_params groups, global_step), built against either framework. The update is a sign
momentum: m = b m + (1 - b) g; w = w - lr * (sign(m) + wd * w). gen_custom_optimizer.py records its
first steps under MindSpore 2.10; tests/train/test_custom_optimizer.py replays them under mindjax."""
import numpy as np

W = (np.arange(12, dtype=np.float32).reshape(3, 4) - 5.5) / 10
B = np.array([0.1, -0.2, 0.3], np.float32)
X = (np.arange(20, dtype=np.float32).reshape(5, 4) % 7 - 3) / 4
Y = (np.arange(15, dtype=np.float32).reshape(5, 3) % 5 - 2) / 3


def build(ms):
    """The optimizer class and a runner, written with the framework module ``ms`` only."""
    nn, ops, Tensor, Parameter = ms.nn, ms.ops, ms.Tensor, ms.Parameter
    from importlib import import_module
    register = import_module(ms.__name__ + ".nn.optim.optimizer").opt_init_args_register

    _update = ops.MultitypeFuncGraph("sign_momentum")

    @_update.register("Tensor", "Tensor", "Tensor", "Tensor", "Tensor", "Tensor", "Bool", "Bool")
    def _apply(beta, lr, weight_decay, param, m, grad, decay_flag, optim_filter):
        if optim_filter:
            new_m = beta * m + (1.0 - beta) * grad
            step = ops.sign(new_m)
            if decay_flag:
                step = step + weight_decay * param
            ops.assign(m, new_m)
            ops.assign(param, param - lr * step)
        return True

    class SignMomentum(nn.Optimizer):
        @register
        def __init__(self, params, learning_rate=0.01, beta=0.9, weight_decay=0.0, loss_scale=1.0):
            super().__init__(learning_rate, params, weight_decay, loss_scale)
            self.beta = Tensor(beta, ms.float32)
            self.moments = self.parameters.clone(prefix="sign_m", init="zeros")
            self.beta_power = Parameter(Tensor([1.0], ms.float32), name="beta_power")

        def construct(self, gradients):
            gradients = self.flatten_gradients(gradients)
            gradients = self.gradients_centralization(gradients)
            gradients = self.scale_grad(gradients)
            lr = self.get_lr()
            self.assignadd(self.global_step, self.global_step_increase_tensor)
            self.beta_power = self.beta_power * self.beta
            if self.is_group:
                if self.is_group_lr:
                    ok = self.hyper_map(ops.partial(_update, self.beta), lr, self.weight_decay, self.parameters,
                                        self.moments, gradients, self.decay_flags, self.optim_filter)
                else:
                    ok = self.hyper_map(ops.partial(_update, self.beta, lr), self.weight_decay, self.parameters,
                                        self.moments, gradients, self.decay_flags, self.optim_filter)
            else:
                ok = self.hyper_map(ops.partial(_update, self.beta, lr, self.weight_decay), self.parameters,
                                    self.moments, gradients, self.decay_flags, self.optim_filter)
            return self.broadcast_params(ok) if self.use_parallel else ok

    def run(case):
        net = nn.Dense(4, 3, weight_init=Tensor(W), bias_init=Tensor(B))
        if case == "plain":
            opt = SignMomentum(net.trainable_params(), learning_rate=0.05, weight_decay=0.1)
        elif case == "groups":
            opt = SignMomentum([{"params": [net.bias], "lr": 0.02},
                                {"params": [net.weight], "weight_decay": 0.2},
                                {"order_params": net.trainable_params()}], learning_rate=0.05, beta=0.8)
        else:  # a dynamic learning rate list and a loss scale
            opt = SignMomentum(net.trainable_params(), learning_rate=[0.05, 0.02, 0.01], loss_scale=4.0)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
        out = {"losses": [], "init_args": {k: v for k, v in opt.init_args.items()},
               "init_learning_rate": opt.init_learning_rate,
               "flags": [list(opt.decay_flags), opt.is_group, opt.is_group_lr, opt.dynamic_lr],
               "order": [p.name for p in opt.parameters]}
        for _ in range(3):
            out["losses"].append(float(step(Tensor(X), Tensor(Y)).asnumpy()))
        out["weight"] = net.weight.asnumpy().tolist()
        out["bias"] = net.bias.asnumpy().tolist()
        out["beta_power"] = opt.beta_power.asnumpy().tolist()
        out["global_step"] = opt.global_step.asnumpy().tolist()
        return out

    return SignMomentum, run


CASES = ["plain", "groups", "dynamic_lr"]

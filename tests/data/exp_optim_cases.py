"""The cases that tests/data/gen_exp_optim.py records under MindSpore 2.10 and
tests/train/test_experimental_optim.py replays under mindjax (one table for both).

The problem: Dense(4, 3) with fixed weights (optimizer_cases.W/B), MSELoss, 3 steps of
``value_and_grad`` + ``optimizer(grads)``. A case with ``groups`` puts the weight and the bias in
two groups with their own options.
"""
# name -> (class, kwargs, groups: None or (weight's options, bias's options))
CASES = {
    "sgd": ("SGD", {"lr": 0.1}, None),
    "sgd_mom_wd": ("SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.1, "weight_decay": 0.01}, None),
    "sgd_nesterov_max": ("SGD", {"lr": 0.05, "momentum": 0.5, "nesterov": True, "maximize": True}, None),
    "sgd_groups": ("SGD", {"lr": 0.1, "momentum": 0.9}, ({"lr": 0.01}, {"momentum": 0.0})),
    "adam": ("Adam", {"lr": 0.01}, None),
    "adam_wd_ams": ("Adam", {"lr": 0.01, "betas": (0.8, 0.99), "weight_decay": 0.1, "amsgrad": True}, None),
    "adam_groups": ("Adam", {"lr": 0.01}, ({"lr": 0.05, "weight_decay": 0.1}, {"maximize": True})),
    "adamw": ("AdamW", {"lr": 0.01}, None),
    "adamw_ams": ("AdamW", {"lr": 0.02, "betas": (0.8, 0.99), "weight_decay": 0.1, "amsgrad": True}, None),
    "adamax": ("Adamax", {"lr": 0.01}, None),
    "adamax_wd": ("Adamax", {"lr": 0.02, "betas": (0.8, 0.99), "eps": 1e-6, "weight_decay": 0.1}, None),
    "adadelta": ("Adadelta", {}, None),
    "adadelta_wd": ("Adadelta", {"lr": 0.5, "rho": 0.8, "eps": 1e-4, "weight_decay": 0.02, "maximize": True}, None),
    "adagrad": ("Adagrad", {"lr": 0.1}, None),
    "adagrad_decay": ("Adagrad", {"lr": 0.1, "lr_decay": 0.5, "weight_decay": 0.05,
                                  "initial_accumulator_value": 0.2}, None),
    "asgd": ("ASGD", {"lr": 0.1}, None),
    "asgd_t0": ("ASGD", {"lr": 0.05, "lambd": 0.01, "alpha": 0.5, "t0": 1.0, "weight_decay": 0.1}, None),
    "nadam": ("NAdam", {"lr": 0.01}, None),
    "nadam_wd": ("NAdam", {"lr": 0.02, "betas": (0.8, 0.99), "weight_decay": 0.1, "momentum_decay": 0.01}, None),
    "radam": ("RAdam", {"lr": 0.01}, None),
    "radam_beta2": ("RAdam", {"lr": 0.05, "betas": (0.9, 0.5), "weight_decay": 0.01}, None),
    "rmsprop": ("RMSprop", {"lr": 0.01}, None),
    "rmsprop_centered": ("RMSprop", {"lr": 0.01, "alpha": 0.9, "momentum": 0.5, "centered": True,
                                     "weight_decay": 0.01}, None),
    "rprop": ("Rprop", {"lr": 0.01}, None),
    "rprop_etas": ("Rprop", {"lr": 0.05, "etas": (0.4, 1.5), "step_sizes": (1e-3, 0.06), "maximize": True}, None),
}

# name -> (class, kwargs) that MindSpore rejects (built on Dense(4, 3).trainable_params())
BAD = {
    "sgd_lr_neg": ("SGD", {"lr": -0.1}),
    "sgd_nesterov": ("SGD", {"lr": 0.1, "nesterov": True}),
    "sgd_momentum_neg": ("SGD", {"lr": 0.1, "momentum": -1.0}),
    "adam_beta": ("Adam", {"betas": (1.0, 0.9)}),
    "adam_eps": ("Adam", {"eps": -1.0}),
    "adamw_wd": ("AdamW", {"weight_decay": -0.1}),
    "adamax_lr0": ("Adamax", {"lr": 0.0}),
    "adamax_beta": ("Adamax", {"betas": (0.9, 1.0)}),
    "adadelta_rho": ("Adadelta", {"rho": 1.5}),
    "adagrad_decay": ("Adagrad", {"lr_decay": -0.5}),
    "asgd_lambd": ("ASGD", {"lambd": 1}),
    "asgd_t0": ("ASGD", {"t0": 10}),
    "nadam_md": ("NAdam", {"momentum_decay": -1.0}),
    "radam_eps": ("RAdam", {"eps": 0.0}),
    "rmsprop_alpha": ("RMSprop", {"alpha": -0.1}),
    "rprop_etas": ("Rprop", {"etas": (1.5, 1.2)}),
    "rprop_etas1": ("Rprop", {"etas": (0.5, 0.9)}),
}

# name -> (scheduler class, kwargs, optimizer lr); 7 steps of Adam(lr) recorded per case
SCHEDULERS = {
    "step": ("StepLR", {"step_size": 2, "gamma": 0.5}),
    "linear": ("LinearLR", {"start_factor": 0.5, "end_factor": 1.0, "total_iters": 4}),
    "exponential": ("ExponentialLR", {"gamma": 0.9}),
    "polynomial": ("PolynomialLR", {"total_iters": 4, "power": 2.0}),
    "multiplicative": ("MultiplicativeLR", {"lr_lambda": "0.95"}),
    "lambda": ("LambdaLR", {"lr_lambda": "0.9 ** e"}),
    "multistep": ("MultiStepLR", {"milestones": [2, 4, 4], "gamma": 0.5}),
    "constant": ("ConstantLR", {"factor": 0.5, "total_iters": 3}),
    "cosine": ("CosineAnnealingLR", {"T_max": 3, "eta_min": 0.01}),
    "cosine_restarts": ("CosineAnnealingWarmRestarts", {"T_0": 3, "T_mult": 2, "eta_min": 0.001}),
    "cosine_restarts1": ("CosineAnnealingWarmRestarts", {"T_0": 3, "eta_min": 0.001}),
    "cyclic": ("CyclicLR", {"base_lr": 0.01, "max_lr": 0.1, "step_size_up": 2}),
    "cyclic2": ("CyclicLR", {"base_lr": 0.01, "max_lr": 0.1, "step_size_up": 1, "step_size_down": 2,
                             "mode": "triangular2"}),
    "cyclic_exp": ("CyclicLR", {"base_lr": 0.01, "max_lr": 0.1, "step_size_up": 2, "mode": "exp_range",
                                "gamma": 0.9}),
}

"""The optimizer cases that tests/data/gen_optimizers_more.py records under MindSpore 2.10 and
tests/train/test_optimizers_more.py replays under mindjax (one table for both).

The problem: Dense(4, 3) with the fixed weights below, MSELoss, TrainOneStepCell, 3 steps.
"""
import numpy as np

W = (np.arange(12, dtype=np.float32).reshape(3, 4) - 5.5) / 10
B = np.array([0.1, -0.2, 0.3], np.float32)
X = (np.arange(20, dtype=np.float32).reshape(5, 4) % 7 - 3) / 4
Y = (np.arange(15, dtype=np.float32).reshape(5, 3) % 5 - 2) / 3

# name -> (class name, kwargs); every case is built as cls(params, **kwargs)
CASES = {
    "rmsprop": ("RMSProp", {"learning_rate": 0.01}),
    "rmsprop_mom_wd": ("RMSProp", {"learning_rate": 0.01, "decay": 0.8, "momentum": 0.5, "epsilon": 1e-6,
                                   "weight_decay": 0.01}),
    "rmsprop_centered": ("RMSProp", {"learning_rate": 0.01, "momentum": 0.3, "centered": True}),
    "rmsprop_lr_list": ("RMSProp", {"learning_rate": [0.01, 0.02, 0.005]}),
    "adagrad": ("Adagrad", {"learning_rate": 0.1}),
    "adagrad_accum_wd": ("Adagrad", {"learning_rate": 0.1, "accum": 0.5, "weight_decay": 0.05}),
    "adagrad_no_slots": ("Adagrad", {"learning_rate": 0.1, "update_slots": False}),
    "adamax": ("AdaMax", {"learning_rate": 0.01}),
    "adamax_wd": ("AdaMax", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.99, "eps": 1e-6,
                             "weight_decay": 0.1}),
    "adadelta": ("Adadelta", {}),
    "adadelta_wd": ("Adadelta", {"learning_rate": 0.5, "rho": 0.8, "epsilon": 1e-4, "weight_decay": 0.02}),
}

# name -> (class name, kwargs) that MindSpore rejects
BAD = {
    "rmsprop_decay_neg": ("RMSProp", {"decay": -0.1}),
    "rmsprop_decay_int": ("RMSProp", {"decay": 1}),
    "rmsprop_momentum_neg": ("RMSProp", {"momentum": -0.5}),
    "rmsprop_eps_zero": ("RMSProp", {"epsilon": 0.0}),
    "rmsprop_centered_int": ("RMSProp", {"centered": 1}),
    "rmsprop_use_locking": ("RMSProp", {"use_locking": "no"}),
    "adagrad_accum_neg": ("Adagrad", {"accum": -0.1}),
    "adagrad_accum_int": ("Adagrad", {"accum": 1}),
    "adagrad_update_slots": ("Adagrad", {"update_slots": 1}),
    "adamax_beta1_one": ("AdaMax", {"beta1": 1.0}),
    "adamax_beta2_zero": ("AdaMax", {"beta2": 0.0}),
    "adamax_eps_neg": ("AdaMax", {"eps": -1e-8}),
    "adamax_beta1_int": ("AdaMax", {"beta1": 0}),
    "adadelta_rho": ("Adadelta", {"rho": 1.5}),
    "adadelta_rho_int": ("Adadelta", {"rho": 1}),
    "adadelta_eps_neg": ("Adadelta", {"epsilon": -1e-6}),
}
CASES.update({
    "rprop": ("Rprop", {"learning_rate": 0.01}),
    "rprop_etas_wd": ("Rprop", {"learning_rate": 0.05, "etas": (0.4, 1.5), "step_sizes": (1e-3, 0.06),
                                "weight_decay": 0.01}),
    "asgd": ("ASGD", {"learning_rate": 0.1}),
    "asgd_t0": ("ASGD", {"learning_rate": 0.05, "lambd": 0.01, "alpha": 0.5, "t0": 1.0}),
    "proximal_adagrad": ("ProximalAdagrad", {"learning_rate": 0.1}),
    "proximal_adagrad_l1l2": ("ProximalAdagrad", {"learning_rate": 0.1, "accum": 0.3, "l1": 0.05, "l2": 0.1}),
    "ftrl": ("FTRL", {"learning_rate": 0.1}),
    "ftrl_l2_wd": ("FTRL", {"learning_rate": 0.1, "initial_accum": 0.2, "lr_power": -0.7, "l2": 0.05,
                            "weight_decay": 0.01}),
    "ftrl_l1l2": ("FTRL", {"learning_rate": 0.1, "initial_accum": 0.2, "lr_power": -0.7, "l1": 0.01,
                           "l2": 0.05, "weight_decay": 0.01}),
    "lazyadam": ("LazyAdam", {"learning_rate": 0.01}),
    "lazyadam_nesterov_wd": ("LazyAdam", {"learning_rate": 0.02, "beta1": 0.8, "use_nesterov": True,
                                          "weight_decay": 0.01}),
    "adafactor": ("AdaFactor", {}),
    "adafactor_warmup_wd": ("AdaFactor", {"warmup_init": True, "weight_decay": 0.1, "decay_rate": 0.6}),
    "adafactor_manual_lr": ("AdaFactor", {"learning_rate": 0.05, "relative_step": False, "beta1": 0.0,
                                          "clip_threshold": 0.5}),
    "adafactor_no_scale": ("AdaFactor", {"learning_rate": 0.05, "relative_step": False, "scale_parameter": False,
                                         "eps": (1e-20, 1e-2)}),
    "adam_offload": ("AdamOffload", {"learning_rate": 0.01, "eps": 1e-6}),
})
BAD.update({
    "lazyadam_beta1": ("LazyAdam", {"beta1": 1.0}),
    "lazyadam_nesterov_int": ("LazyAdam", {"use_nesterov": 1}),
    "adafactor_lr_and_relative": ("AdaFactor", {"learning_rate": 0.01}),
    "adafactor_no_lr": ("AdaFactor", {"relative_step": False}),
    "adafactor_eps_len": ("AdaFactor", {"eps": (1e-30,)}),
    "adafactor_decay_rate": ("AdaFactor", {"decay_rate": 1.0}),
    "adam_offload_eps": ("AdamOffload", {"eps": 0.0}),
    "rprop_etas_list": ("Rprop", {"etas": [0.5, 1.2]}),
    "rprop_etas_len": ("Rprop", {"etas": (0.5, 1.2, 2.0)}),
    "rprop_steps_order": ("Rprop", {"step_sizes": (1.0, 0.1)}),
    "rprop_etaminus": ("Rprop", {"etas": (1.5, 1.2)}),
    "rprop_etaplus": ("Rprop", {"etas": (0.5, 0.9)}),
    "asgd_lambd_int": ("ASGD", {"lambd": 1}),
    "asgd_t0_int": ("ASGD", {"t0": 10}),
    "proximal_adagrad_l1_neg": ("ProximalAdagrad", {"l1": -0.1}),
    "proximal_adagrad_accum_int": ("ProximalAdagrad", {"accum": 1}),
    "ftrl_lr_power_pos": ("FTRL", {"lr_power": 0.5}),
    "ftrl_lr_list": ("FTRL", {"learning_rate": [0.1, 0.2]}),
    "ftrl_l2_neg": ("FTRL", {"l2": -1.0}),
})

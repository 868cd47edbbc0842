"""LearningRateScheduler: sets the optimizer's learning rate from a function of the step."""
from __future__ import annotations

import logging
import math

import numpy as np

from ._callback import Callback

logger = logging.getLogger("mindjax.train")


class LearningRateScheduler(Callback):
    """After every step, ``learning_rate_function(lr, cur_step_num)`` gives the learning
    rate for the next steps; it is written into the optimizer's (fixed, scalar)
    learning-rate Parameter when it changed. As in MindSpore this runs in ``step_end``,
    so it also runs after each evaluation step of ``Model.fit``.

    Example:
        >>> import numpy as np
        >>> from mindspore import nn
        >>> from mindspore import dataset as ds
        >>> from mindspore.train import Model, LearningRateScheduler
        >>> def learning_rate_function(lr, cur_step_num):
        ...     return lr * 0.1 if cur_step_num % 2 == 0 else lr
        >>> net = nn.Dense(10, 5)
        >>> optim = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
        >>> model = Model(net, loss_fn=nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean'),
        ...               optimizer=optim)
        >>> data = {"x": np.float32(np.random.rand(64, 10)), "y": np.random.randint(0, 5, (64,)).astype(np.int32)}
        >>> dataset = ds.NumpySlicesDataset(data=data).batch(32)
        >>> model.train(1, dataset, callbacks=[LearningRateScheduler(learning_rate_function)])
        >>> print(optim.learning_rate.asnumpy())
        0.01
    """

    def __init__(self, learning_rate_function):
        super().__init__()
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context):
        """Apply the function to the current learning rate."""
        from ... import ops
        from ... import _dtype as mstype
        from ..._tensor import Tensor
        cb_params = run_context.original_args()
        # MindSpore reads the rate through its printed form (a float32 printed shortest)
        lr = float(np.array2string(cb_params.optimizer.learning_rate.asnumpy()))
        new_lr = self.learning_rate_function(lr, cb_params.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            ops.assign(cb_params.optimizer.learning_rate, Tensor(new_lr, mstype.float32))
            logger.info("At step %s, learning_rate change to %s", cb_params.cur_step_num, new_lr)

"""Rank 1 dies after init(); rank 0 waits in a collective (the launcher must stop it)."""
import os
import signal
import time

import numpy as np

import mindspore as ms
from mindspore.communication import comm_func, get_rank, init

init()
print("pid", os.getpid(), flush=True)
if get_rank() == 1:
    print("dies at", time.time(), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
time.sleep(1)
comm_func.all_reduce(ms.Tensor(np.ones(2, np.float32)))
time.sleep(600)

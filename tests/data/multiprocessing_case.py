"""mindspore.multiprocessing with 'fork': children that run ops, started before the parent ran any op
and after it did, through Process + Queue and through Pool. Run as a script (under real MindSpore or
``python -m mindjax``); prints one JSON line of the values the children computed."""
import json
import sys

import numpy as np
import mindspore as ms
import mindspore.multiprocessing as mp
from mindspore import ops


def child_log(q_in, q_out):
    x = q_in.get()
    q_out.put(ops.log(x).asnumpy().tolist())


def child_square(x):
    return ops.square(x)


def child_grad(q_out):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    grads = ms.grad(net, grad_position=0)(ms.Tensor(np.array([[1.0, 2.0]], np.float32)))
    q_out.put(grads.asnumpy().tolist())


def via_process(target, *args):
    q_out = mp.Queue()
    p = mp.Process(target=target, args=args + (q_out,))
    p.start()
    return p, q_out


if __name__ == "__main__":
    mp.set_start_method("fork", force=True)
    out = {"all_has": sorted(n for n in ("Process", "Pool", "Queue", "Lock", "Event", "Manager", "Value",
                                         "set_start_method", "get_start_method", "cpu_count") if n in mp.__all__)}
    # before the parent runs any op
    q_in = mp.Queue()
    p, q_out = via_process(child_log, q_in)
    q_in.put(ms.Tensor(np.array([1.0, 2.0, 4.0], np.float32)))
    out["before"] = q_out.get(timeout=120)
    p.join(120)
    out["before_exit"] = p.exitcode
    # after it has
    out["parent"] = ops.log(ms.Tensor(np.array([2.0], np.float32))).asnumpy().tolist()
    q_in = mp.Queue()
    p, q_out = via_process(child_log, q_in)
    q_in.put(ms.Tensor(np.array([3.0, 5.0], np.float32)))
    out["after"] = q_out.get(timeout=120)
    p.join(120)
    out["after_exit"] = p.exitcode
    p, q_out = via_process(child_grad)
    out["grad"] = q_out.get(timeout=120)
    p.join(120)
    with mp.Pool(processes=2) as pool:
        res = pool.map(child_square, [ms.Tensor(np.array([1.5], np.float32)), ms.Tensor(np.array([-2.0],
                                                                                                  np.float16))])
    out["pool"] = [[r.asnumpy().tolist(), str(r.dtype)] for r in res]
    out["start_method"] = mp.get_start_method()
    print(json.dumps(out), flush=True)
    sys.exit(0)

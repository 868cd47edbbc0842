"""Records MindSpore 2.10 (CPU) outputs of the nn, image and optimizer-apply ops that
tests/ops/test_ops3.py replays (run with
~/msref/bin/python; writes ms_ops3.json).

Each case is an expression over ``x[i]`` (the inputs, built here from a seeded generator
and stored with the case), evaluated with ``ops`` = mindspore.ops. Recorded: the outputs
(flattened), the values of the Parameter inputs afterwards (in-place ops), the exception
class for error cases, and for ``grad`` cases the gradient of sum(first output) w.r.t. x[0].
"""
import json
import os
import sys

import numpy as np
import mindspore as ms
from mindspore import ops

ms.set_context(pynative_synchronize=True)

sys.path.insert(0, os.path.dirname(__file__))
from ops3_cases import CASES  # noqa: E402


def make_input(spec, rng):
    is_param = spec[0] == "p"
    if is_param:
        spec = spec[1]
    kind = spec[0]
    if kind == "n":
        arr = rng.standard_normal(spec[1]).astype(spec[2] if len(spec) > 2 else "float32")
    elif kind == "u":
        lo, hi = (spec[3], spec[4]) if len(spec) > 3 else (0.0, 1.0)
        arr = rng.uniform(lo, hi, spec[1]).astype(spec[2] if len(spec) > 2 else "float32")
    elif kind == "i":
        arr = rng.integers(spec[3], spec[4], spec[1]).astype(spec[2])
    elif kind == "v":
        arr = np.asarray(spec[1], spec[2])
    else:
        raise ValueError(spec)
    return arr, is_param


def tensors(arrs):
    return [ms.Parameter(ms.Tensor(a), name=f"p{i}") if p else ms.Tensor(a) for i, (a, p) in enumerate(arrs)]


def flat(out):
    if isinstance(out, (tuple, list)):
        return [o for item in out for o in flat(item)]
    return [out]


def record(values):
    vals, dts, shapes = [], [], []
    for v in values:
        a = v.asnumpy() if isinstance(v, ms.Tensor) else np.asarray(v)
        vals.append(a.tolist())
        dts.append(str(a.dtype))
        shapes.append(list(a.shape))
    return {"values": vals, "dtypes": dts, "shapes": shapes}


def main():
    out = []
    for n, case in enumerate(CASES):
        group, expr, specs = case[:3]
        opts = case[3] if len(case) > 3 else {}
        rng = np.random.default_rng(n)
        arrs = [make_input(s, rng) for s in specs]
        rec = {"group": group, "expr": expr, "inputs": [[a.tolist(), str(a.dtype), p] for a, p in arrs]}
        rec.update({k: v for k, v in opts.items() if k in ("tol", "eager")})
        ns = {"ops": ops, "ms": ms, "np": np}
        xs = tensors(arrs)
        ns["x"] = xs
        try:
            res = flat(eval(expr, ns))
            recorded = record(res)  # kernels run asynchronously: their errors surface here
        except Exception as e:  # noqa: BLE001
            if not opts.get("error"):
                print("FAILED", n, expr, type(e).__name__, str(e)[:300])
                continue
            rec["error"] = type(e).__name__
            rec["message"] = str(e).split("\n")[0][:300]
            out.append(rec)
            continue
        if opts.get("error"):
            print("NO ERROR", n, expr)
            continue
        if not opts.get("params_only"):  # MindSpore's CPU kernel returns zeros/garbage for these outputs
            rec["out"] = recorded
        params = [x for x in xs if isinstance(x, ms.Parameter)]
        if params:
            rec["params"] = record(params)
        if opts.get("grad"):
            xs = tensors(arrs)

            def f(x0):
                ns["x"] = [x0] + xs[1:]
                return flat(eval(expr, ns))[0].sum()
            try:
                rec["grad"] = ms.grad(f)(xs[0]).asnumpy().tolist()
            except Exception as e:  # noqa: BLE001
                print("NO GRAD", n, expr, type(e).__name__, str(e)[:200])
        out.append(rec)
    path = os.path.join(os.path.dirname(__file__), "ms_ops3.json")
    with open(path, "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, separators=(",", ":"))
    print(len(out), "cases ->", path, os.path.getsize(path), "bytes")


if __name__ == "__main__":
    main()

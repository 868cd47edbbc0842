"""Record MindSpore 2.10's result dtypes for binary ops over every pair of dtypes.

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_promotion.py

It writes tests/data/ms_promotion.json and rewrites the generated block (between the
``# BEGIN GENERATED`` / ``# END GENERATED`` markers) of mindjax/_promotion.py.
"""
import json
import operator
import pprint
import sys
import warnings
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import ops

warnings.filterwarnings("ignore")
# Without this, PyNative's async pipeline re-raises a failed op's error on later, valid ops.
ms.runtime.launch_blocking()
HERE = Path(__file__).resolve().parent
MODULE = HERE.parent.parent / "mindjax" / "_promotion.py"

DTYPES = ["Bool", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64",
          "Float16", "Float32", "Float64", "BFloat16", "Complex64", "Complex128"]
MS = {"Bool": ms.bool_, "Int8": ms.int8, "Int16": ms.int16, "Int32": ms.int32, "Int64": ms.int64,
      "UInt8": ms.uint8, "UInt16": ms.uint16, "UInt32": ms.uint32, "UInt64": ms.uint64,
      "Float16": ms.float16, "Float32": ms.float32, "Float64": ms.float64, "BFloat16": ms.bfloat16,
      "Complex64": ms.complex64, "Complex128": ms.complex128}

# tensor (op) tensor
BINARY = {
    "ops.add": ops.add, "ops.sub": ops.sub, "ops.mul": ops.mul, "ops.div": ops.div,
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "<": operator.lt, "==": operator.eq,
}
# tensor (op) python scalar, and python scalar (op) tensor ("r" prefix)
SCALAR_OPS = {
    "ops.add": ops.add, "ops.mul": ops.mul, "ops.div": ops.div,
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "r+": lambda t, s: s + t, "r-": lambda t, s: s - t, "r*": lambda t, s: s * t,
    "r/": lambda t, s: s / t,
}
SCALARS = {"bool": True, "int": 2, "float": 1.5}


def tensor(name):
    return ms.Tensor(np.ones((2,), np.float32), MS[name]) if name != "Bool" else ms.Tensor([True, True])


_F32 = None
MESSAGES = {}


def flush():
    """After a failed op, MindSpore 2.10 PyNative re-raises the stale error on the *next* op
    call; run a known-good op (swallowing that stale error) so every measurement is clean."""
    global _F32
    if _F32 is None:
        _F32 = ms.Tensor(np.ones((2,), np.float32))
    for _ in range(5):
        try:
            ops.add(_F32, _F32).asnumpy()
            return
        except Exception:  # noqa: BLE001
            pass
    raise RuntimeError("could not get MindSpore back to a clean state")


def run(fn, *args):
    first = _run(fn, *args)
    again = _run(fn, *args)
    assert first == again, (fn, args, first, again)
    return first


def _run(fn, *args):
    flush()
    try:
        out = fn(*args)
        out.asnumpy()  # force execution so kernel errors surface here
        return str(out.dtype), None
    except Exception as e:  # noqa: BLE001 - we record the kind of error
        msg = str(e).strip().splitlines()[0] if str(e).strip() else ""
        MESSAGES.setdefault(type(e).__name__ + ": " + msg, 0)
        MESSAGES[type(e).__name__ + ": " + msg] += 1
        return None, (type(e).__name__, _category(msg))


def _category(msg):
    """Why MindSpore refused: the dtype promotion itself, a missing CPU kernel, or an op that
    does not accept the (promoted) input dtype at all."""
    if "implicit conversion" in msg or "promote output type is invalid" in msg:
        return "promotion"
    if "Select CPU operator" in msg:
        return "cpu_kernel"
    if "must be a type of" in msg:
        return "input_dtype"
    return "other"


def main():
    binary, binary_err = {}, {}
    for op, fn in BINARY.items():
        for a in DTYPES:
            for b in DTYPES:
                res, err = run(fn, tensor(a), tensor(b))
                binary[f"{op}|{a}|{b}"] = res
                if err:
                    binary_err[f"{op}|{a}|{b}"] = err
        print(op, file=sys.stderr)
    scalar, scalar_err = {}, {}
    for op, fn in SCALAR_OPS.items():
        for a in DTYPES:
            for kind, s in SCALARS.items():
                res, err = run(fn, tensor(a), s)
                scalar[f"{op}|{a}|{kind}"] = res
                if err:
                    scalar_err[f"{op}|{a}|{kind}"] = err
    ctor = {}
    cases = {"bool": True, "int": 1, "float": 1.0, "complex": 1 + 2j,
             "[int]": [1, 2], "[float]": [1.0, 2.0], "[bool]": [True, False],
             "[int,float]": [1, 2.0], "[bool,int]": [True, 1], "[bool,float]": [True, 1.0],
             "[[int],[float]]": [[1], [2.5]], "[int,complex]": [1, 1j], "(int,float)": (1, 2.0),
             "[]": [], "big_int": 2 ** 40, "np.float64": np.float64(1.0), "np.int32": np.int32(1),
             "np.array(float64)": np.array([1.0]), "np.array(int64)": np.array([1]),
             "np.array(int32)": np.array([1], np.int32)}
    for k, v in cases.items():
        res, err = run(ms.Tensor, v)
        ctor[k] = res if res else "error:" + err
    data = {"binary": binary, "binary_errors": binary_err, "scalar": scalar,
            "scalar_errors": scalar_err, "ctor": ctor, "version": ms.__version__,
            "error_messages": MESSAGES}
    data["binary_errors"] = {k: list(v) for k, v in binary_err.items()}
    data["scalar_errors"] = {k: list(v) for k, v in scalar_err.items()}
    (HERE / "ms_promotion.json").write_text(json.dumps(data, indent=1, sort_keys=True))

    def tup(d):
        return {tuple(k.split("|")): v for k, v in sorted(d.items())}
    block = ("# BEGIN GENERATED (tests/data/gen_promotion.py, MindSpore %s)\n" % ms.__version__
             + "_BINARY = " + pprint.pformat(tup(binary), width=110) + "\n\n"
             + "_BINARY_ERRORS = " + pprint.pformat(tup(binary_err), width=110) + "\n\n"
             + "_SCALAR = " + pprint.pformat(tup(scalar), width=110) + "\n\n"
             + "_SCALAR_ERRORS = " + pprint.pformat(tup(scalar_err), width=110) + "\n\n"
             + "_CTOR = " + pprint.pformat(ctor, width=110) + "\n"
             + "# END GENERATED\n")
    if MODULE.exists():
        src = MODULE.read_text()
        start, end = src.find("# BEGIN GENERATED"), src.find("# END GENERATED\n")
        if start >= 0 and end >= 0:
            src = src[:start] + block + src[end + len("# END GENERATED\n"):]
        else:
            src = src + "\n" + block
    else:
        src = block
    MODULE.write_text(src)


if __name__ == "__main__":
    main()

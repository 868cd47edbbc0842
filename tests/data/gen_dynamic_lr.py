"""Record MindSpore 2.10's dynamic learning-rate lists (``mindspore.nn.dynamic_lr``).

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_dynamic_lr.py

It writes tests/data/ms_dynamic_lr.json: for each call (function name, positional arguments)
either the list of floats MindSpore returns (exact, as JSON floats round-trip) or the class and
message of the exception it raises. The calls are shared with tests/nn/test_dynamic_lr.py
through the JSON, so the test replays exactly what was recorded.
"""
import json
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")
from mindspore.nn import dynamic_lr as dr  # noqa: E402

HERE = Path(__file__).resolve().parent


def calls():
    """(function, args) pairs: valid schedules of several shapes, then bad arguments."""
    out = []
    # valid
    out.append(("piecewise_constant_lr", [[10, 20, 30], [0.1, 0.05, 0.01]]))
    out.append(("piecewise_constant_lr", [(1, 1, 4), (0.3, 0.2, 0.1)]))
    out.append(("piecewise_constant_lr", [[], []]))
    for fn in ("exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr"):
        for args in ([0.1, 0.9, 30, 3, 2], [0.1, 0.9, 30, 3, 2, True], [0.01, 0.1, 7, 2, 3],
                     [0.37, 0.33, 50, 1, 7, True], [1.0, 2.5, 11, 4, 1], [0.1, 0.9, 5, 10, 1]):
            out.append((fn, args))
    for args in ([0.01, 0.1, 30, 3, 2], [0.0, 0.1, 20, 1, 7], [0.001, 0.3, 13, 2, 100], [0.02, 0.025, 9, 1, 1]):
        out.append(("cosine_decay_lr", args))
    for args in ([0.1, 0.01, 30, 3, 2, 0.5], [0.1, 0.01, 30, 3, 2, 0.5, True], [0.1, 0.0, 17, 2, 3, 2.0],
                 [0.3, 0.01, 25, 1, 4, 1.7, True], [0.1, 0.01, 5, 1, 100, 3.0]):
        out.append(("polynomial_decay_lr", args))
    for args in ([0.1, 30, 3, 2], [0.1, 13, 1, 5], [0.0, 4, 1, 1], [0.37, 20, 3, 100]):
        out.append(("warmup_lr", args))
    # bad arguments (those of MindSpore's own unit test, and more)
    out += [
        ("piecewise_constant_lr", [1, [0.1, 0.05, 0.01]]),
        ("piecewise_constant_lr", [[20, 10, 1], [0.1, 0.05, 0.01]]),
        ("piecewise_constant_lr", [[1.0, 2.0, True], [0.1, 0.05, 0.01]]),
        ("piecewise_constant_lr", [[10, 20, 30], True]),
        ("piecewise_constant_lr", [[10, 20, 30], [1, 2, 1]]),
        ("piecewise_constant_lr", [[10, 20], [0.1, 0.05, 0.01]]),
        ("piecewise_constant_lr", [[0, 20], [0.1, 0.05]]),
        ("exponential_decay_lr", [True, 0.9, 30, 3, 2]),
        ("exponential_decay_lr", [-1.0, 0.9, 30, 3, 2]),
        ("exponential_decay_lr", [0.1, "a", 30, 3, 2]),
        ("exponential_decay_lr", [0.1, -1.0, 30, 3, 2]),
        ("exponential_decay_lr", [0.1, 0.9, 2.0, 3, 2]),
        ("exponential_decay_lr", [0.1, 0.9, -1, 3, 2]),
        ("exponential_decay_lr", [0.1, 0.9, 30, True, 2]),
        ("exponential_decay_lr", [0.1, 0.9, 30, -1, 2]),
        ("exponential_decay_lr", [0.1, 0.9, 30, 3, "m"]),
        ("exponential_decay_lr", [0.1, 0.9, 30, 3, -1]),
        ("exponential_decay_lr", [0.1, 0.9, 30, 3, 2, 1]),
        ("exponential_decay_lr", [1, 0.9, 30, 3, 2]),
        ("natural_exp_decay_lr", [0.1, 0, 30, 3, 2]),
        ("inverse_decay_lr", [0.1, 0.9, 0, 3, 2]),
        ("cosine_decay_lr", [0.01, 0.1, 2.0, 3, 2]),
        ("cosine_decay_lr", [0.01, 0.1, -1, 3, 2]),
        ("cosine_decay_lr", [0.01, 0.1, 30, True, 2]),
        ("cosine_decay_lr", [0.01, 0.1, 30, -1, 2]),
        ("cosine_decay_lr", [0.01, 0.1, 30, 3, "m"]),
        ("cosine_decay_lr", [0.01, 0.1, 30, 3, -1]),
        ("cosine_decay_lr", [True, 0.1, 30, 3, 2]),
        ("cosine_decay_lr", [-1.0, 0.1, 30, 3, 2]),
        ("cosine_decay_lr", [0.01, "a", 30, 3, 2]),
        ("cosine_decay_lr", [0.01, -1.0, 30, 3, 2]),
        ("cosine_decay_lr", [0.2, 0.1, 30, 3, 2]),
        ("cosine_decay_lr", [0, 0.1, 30, 3, 2]),
        ("polynomial_decay_lr", [True, 0.01, 30, 3, 2, 0.5]),
        ("polynomial_decay_lr", [-1.0, 0.01, 30, 3, 2, 0.5]),
        ("polynomial_decay_lr", [0.1, True, 30, 3, 2, 0.5]),
        ("polynomial_decay_lr", [0.1, -1.0, 30, 3, 2, 0.5]),
        ("polynomial_decay_lr", [0.1, 0.01, 2.0, 3, 2, 0.5]),
        ("polynomial_decay_lr", [0.1, 0.01, -1, 3, 2, 0.5]),
        ("polynomial_decay_lr", [0.1, 0.01, 30, True, 2, 0.5]),
        ("polynomial_decay_lr", [0.1, 0.01, 30, -1, 2, 0.5]),
        ("polynomial_decay_lr", [0.1, 0.01, 30, 3, "m", 0.5]),
        ("polynomial_decay_lr", [0.1, 0.01, 30, 3, -1, 0.5]),
        ("polynomial_decay_lr", [0.1, 0.01, 30, 3, 2, True]),
        ("polynomial_decay_lr", [0.1, 0.01, 30, 3, 2, -0.5]),
        ("polynomial_decay_lr", [0.1, 0.01, 30, 3, 2, 0.5, 1]),
        ("warmup_lr", [1, 30, 3, 2]),
        ("warmup_lr", [-0.1, 30, 3, 2]),
        ("warmup_lr", [0.1, 30, 3, 0]),
        ("warmup_lr", [0.1, 0, 3, 2]),
        ("warmup_lr", [0.1, 30, 2.5, 2]),
    ]
    return out


def main():
    records = []
    for fn, args in calls():
        rec = {"fn": fn, "args": args}
        try:
            rec["value"] = getattr(dr, fn)(*args)
        except Exception as e:  # noqa: BLE001 - the class and message are what we record
            rec["error"] = [type(e).__name__, str(e)]
        records.append(rec)
    (HERE / "ms_dynamic_lr.json").write_text(json.dumps(records, indent=1) + "\n")
    print(f"{len(records)} calls recorded")


if __name__ == "__main__":
    main()

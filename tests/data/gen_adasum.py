"""Record MindSpore 2.10's nn.AdaSumByGradWrapCell / nn.AdaSumByDeltaWeightWrapCell on one CPU process:
the error (class and message) each parallel context gives at construction, the names of the wrap
cell's parameters and sub-cells where it builds, the TypeError for a non-optimizer, and the class of
the error the first call raises (MindSpore's CPU build has no Send/Receive kernels, so the combination
itself cannot be recorded: tests check it against numpy).

run: ~/msref/bin/python tests/data/gen_adasum.py  (writes tests/data/ms_adasum.json)
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn, context

CONTEXTS = [
    ("stand_alone", {}),
    ("data_parallel", {}),
    ("semi_auto_parallel", {}),
    ("auto_parallel", {}),
    ("semi_auto_parallel", {"device_num": 16}),
    ("auto_parallel", {"device_num": 32}),
    ("data_parallel", {"device_num": 16}),
    ("semi_auto_parallel", {"device_num": 12}),
    ("semi_auto_parallel", {"device_num": 8}),
    ("semi_auto_parallel", {"device_num": 16, "enable_parallel_optimizer": True}),
    ("semi_auto_parallel", {"device_num": 16, "pipeline_stages": 2}),
    ("semi_auto_parallel", {"device_num": 32, "pipeline_stages": 2}),
]


def case(cls_name, mode, kw, optimizer=True):
    context.reset_auto_parallel_context()
    context.set_auto_parallel_context(parallel_mode=mode, **kw)
    net = nn.Dense(3, 2)
    cls = getattr(nn, cls_name)
    rec = {"cls": cls_name, "mode": mode, "kw": kw, "optimizer": optimizer}
    try:
        w = cls(nn.Momentum(net.trainable_params(), 0.1, 0.9) if optimizer else net)
    except Exception as e:  # noqa: BLE001 - recorded
        rec["error"] = [type(e).__name__, str(e)]
        return rec
    rec["params"] = [n for n, _ in w.parameters_and_names()]
    rec["cells"] = [n for n, _ in w.cells_and_names()]
    grads = tuple(ms.Tensor(np.ones(p.shape, np.float32)) for p in net.trainable_params())
    try:
        w(grads)
        rec["call"] = "ok"
    except Exception as e:  # noqa: BLE001 - recorded
        rec["call_error"] = type(e).__name__
    return rec


def main():
    out = []
    for cls_name in ("AdaSumByGradWrapCell", "AdaSumByDeltaWeightWrapCell"):
        for mode, kw in CONTEXTS:
            out.append(case(cls_name, mode, kw))
        out.append(case(cls_name, "semi_auto_parallel", {"device_num": 16}, optimizer=False))
        out.append(case(cls_name, "stand_alone", {}, optimizer=False))
    context.reset_auto_parallel_context()
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_adasum.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()

"""Generate tests/data/ms_written*.ckpt / .safetensors / ms_written.json with REAL MindSpore.

Run once with the oracle interpreter (not the project venv):
    ~/msref/bin/python tests/data/gen_ms_ckpt.py
The outputs are checked in; tests/train/test_ckpt_format.py reads them with
mindjax.train._ckpt_format and compares against the JSON.
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn

HERE = os.path.dirname(os.path.abspath(__file__))


class Tiny(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)
        self.bn = nn.BatchNorm1d(2)
        rng = np.random.default_rng(0)
        self.p_f32 = Parameter(Tensor(rng.standard_normal((2, 2)).astype(np.float32)), name="p_f32")
        self.p_f16 = Parameter(Tensor(np.array([1.5, -0.25, 65504.0], np.float16)), name="p_f16")
        self.p_f64 = Parameter(Tensor(np.array([[np.pi], [-1e300]], np.float64)), name="p_f64")
        self.p_i32 = Parameter(Tensor(np.array([-2147483648, 0, 7], np.int32)), name="p_i32")
        self.p_i64 = Parameter(Tensor(np.array([2**40, -3], np.int64)), name="p_i64")
        self.p_u8 = Parameter(Tensor(np.array([0, 255, 3], np.uint8)), name="p_u8")
        self.p_bool = Parameter(Tensor(np.array([True, False, True])), name="p_bool")
        self.p_bf16 = Parameter(Tensor(np.array([1.0, -2.5, 0.15625], np.float32), ms.bfloat16), name="p_bf16")
        self.p_scalar = Parameter(Tensor(np.float32(0.5)), name="p_scalar")

    def construct(self, x):
        return self.bn(self.dense(x))


def main():
    ms.set_seed(1)
    net = Tiny()
    append = {"epoch_num": 3, "lr": 0.125, "flag": True, "note": "hello ckpt"}
    ckpt = os.path.join(HERE, "ms_written.ckpt")
    ckpt_crc = os.path.join(HERE, "ms_written_crc.ckpt")
    st = os.path.join(HERE, "ms_written.safetensors")
    for f in (ckpt, ckpt_crc, st):
        if os.path.exists(f):
            os.chmod(f, 0o644)
    ms.save_checkpoint(net, ckpt, append_dict=dict(append))
    ms.save_checkpoint(net, ckpt_crc, append_dict=dict(append), crc_check=True)
    ms.save_checkpoint(net, st, append_dict={"epoch_num": 3}, format="safetensors")
    for f in (ckpt, ckpt_crc, st):
        os.chmod(f, 0o644)  # MindSpore leaves them 0400

    entries = []
    for name, v in ms.load_checkpoint(ckpt).items():
        if isinstance(v, str):
            entries.append({"name": name, "dtype": "str", "shape": None, "value": v})
            continue
        dt = str(v.dtype)
        arr = (v.float() if v.dtype == ms.bfloat16 else v).asnumpy()
        entries.append({"name": name, "dtype": dt, "shape": list(v.shape), "value": arr.tolist()})
    with open(os.path.join(HERE, "ms_written.json"), "w") as fh:
        json.dump({"mindspore_version": ms.__version__, "entries": entries}, fh, indent=1)


if __name__ == "__main__":
    main()

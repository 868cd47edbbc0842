"""Record MindSpore 2.10's checkpoint obfuscation for tests/train/test_obfuscation.py.

Run with real MindSpore: ``~/msref/bin/python tests/data/gen_obfuscation.py``; writes
tests/data/ms_obfuscation.json.  ``NET_SRC``, ``CASES`` and ``ERRORS`` are shared with the
test (which imports this file without running ``main``), so both sides build the same
network, weights and calls; ``{ms}`` in ``NET_SRC`` is ``mindspore`` or ``mindjax``.
"""
import json
import os
import shutil
import stat
import tempfile

NET_SRC = '''
import numpy as np
from {ms} import nn, Tensor

class Sub(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 4)
        self.fc2 = nn.Dense(4, 3)
    def construct(self, x):
        return self.fc2(self.fc1(x))

class Attn(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense1 = nn.Dense(3, 3)
    def construct(self, x):
        return self.dense1(x)

class Blk(nn.Cell):
    def __init__(self):
        super().__init__()
        self.attn = Attn()
    def construct(self, x):
        return self.attn(x)

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.backbone = Sub()
        self.blocks = nn.CellList([Blk(), Blk()])
    def construct(self, x):
        x = self.backbone(x)
        for blk in self.blocks:
            x = blk(x)
        return x

def fixed_net():
    """The network with weights that do not depend on any seed (multiples of 1/4: exact products)."""
    net = Net()
    for i, (_, p) in enumerate(net.parameters_and_names()):
        v = ((np.arange(int(np.prod(p.shape))) % 7 - 3 + i) / 4.0).reshape(p.shape).astype(np.float32)
        p.set_data(Tensor(v))
    return net

X = np.array([[0.5, -1.0, 2.0, 0.25], [1.5, 0.75, -0.5, 3.0]], np.float32)
'''

_MUL = [{"name": "mul", "input_x": "weight", "input_y": "obf_metadata_${layer}"}]
# (case name, seed, keyword arguments of obfuscate_ckpt other than network/ckpt_files/saved_path)
CASES = [
    ["target_modules_backbone", 5, {"target_modules": ["backbone", "fc1|fc2"]}],
    ["target_modules_scale_float", 11, {"target_modules": ["backbone", "fc2"], "obfuscate_scale": 3.5}],
    ["target_modules_empty_path", 6, {"target_modules": ["", "blocks"]}],
    ["config_layers", 7, {"obf_config": {
        "obf_metadata_config": [{"name": "obf_metadata_${layer}", "shape": [1], "type": "random",
                                 "save_metadata": True, "layers": [0, 1]}],
        "weight_obf_config": [{"target": "blocks/${layer}/attn/dense1/weight", "layers": [0, 1], "weight_obf_ops": _MUL},
                              {"target": "blocks/${layer}/attn/dense1/bias", "layers": [0, 1], "weight_obf_ops": _MUL}]}}],
    ["config_rearrange", 8, {"obf_config": {
        "obf_metadata_config": [
            {"name": "obf_perm", "shape": [3], "type": "rearrange", "save_metadata": True},
            {"name": "obf_metadata_mat", "shape": [4, 4], "type": "rearrange", "save_metadata": True},
            {"name": "obf_metadata", "shape": [2, 1], "type": "random", "save_metadata": True,
             "metadata_op": "invert"},
            {"name": "obf_hidden", "shape": [1], "type": "random"}],
        "weight_obf_config": [
            {"target": "blocks/0/attn/dense1/weight",
             "weight_obf_ops": [{"name": "permuate", "input_x": "obf_perm", "input_y": "unused"}]},
            {"target": "backbone/fc2/weight",
             "weight_obf_ops": [{"name": "matmul", "input_x": "weight", "input_y": "obf_metadata_mat"},
                                {"name": "matmul", "input_x": "weight", "input_y": "obf_metadata_mat", "transpose_a": False,
                                 "transpose_b": True}]},
            {"target": "backbone/fc1/bias",
             "weight_obf_ops": [{"name": "mul", "input_x": "weight", "input_y": "obf_hidden"}]}]}}],
    # last: MindSpore's three-element form rewrites its module-level templates for later calls
    ["target_modules_layers", 9, {"target_modules": ["blocks/attn", "dense1", "obfuscate_layers:2"]}],
]

_GOOD = {"obf_metadata_config": [{"name": "obf_metadata", "shape": [1], "type": "random"}],
         "weight_obf_config": [{"target": "blocks/0/attn/dense1/weight", "weight_obf_ops": [
             {"name": "mul", "input_x": "weight", "input_y": "obf_metadata"}]}],
         "network_obf_config": [{"module": "/blocks/attn", "target": "dense1"}]}
# (api, keyword arguments) whose call raises; "NET" is the network, "SRC"/"OUT"/"FILE" paths
ERRORS = [
    ["obfuscate_ckpt", {"network": 3, "ckpt_files": "SRC", "target_modules": ["backbone", "fc1"]}],
    ["obfuscate_ckpt", {"ckpt_files": 5, "target_modules": ["backbone", "fc1"]}],
    ["obfuscate_ckpt", {"ckpt_files": "SRC/missing", "target_modules": ["backbone", "fc1"]}],
    ["obfuscate_ckpt", {"ckpt_files": "FILE", "target_modules": ["backbone", "fc1"]}],
    ["obfuscate_ckpt", {"saved_path": "OUT/missing", "target_modules": ["backbone", "fc1"]}],
    ["obfuscate_ckpt", {}],
    ["obfuscate_ckpt", {"target_modules": ("backbone", "fc1")}],
    ["obfuscate_ckpt", {"target_modules": ["backbone"]}],
    ["obfuscate_ckpt", {"target_modules": ["backbone", 3]}],
    ["obfuscate_ckpt", {"target_modules": ["backbone", ""]}],
    ["obfuscate_ckpt", {"target_modules": ["back-bone", "fc1"]}],
    ["obfuscate_ckpt", {"target_modules": ["backbone", "fc1,fc2"]}],
    ["obfuscate_ckpt", {"target_modules": ["nothere", "fc1"]}],
    ["obfuscate_ckpt", {"target_modules": ["backbone/fc1/weight", "fc1"]}],
    ["obfuscate_ckpt", {"target_modules": ["backbone", "fc7|fc8"]}],
    ["obfuscate_ckpt", {"target_modules": ["blocks", "attn"]}],
    ["obfuscate_ckpt", {"target_modules": ["backbone", "fc1", "layers:all"]}],
    ["obfuscate_ckpt", {"target_modules": ["backbone", "fc1", "obfuscate_layers:x"]}],
    ["obfuscate_ckpt", {"obf_config": []}],
    ["obfuscate_ckpt", {"obf_config": {}}],
    ["obfuscate_ckpt", {"obf_config": {"bad_config": []}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": []}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [3], "weight_obf_config": []}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [{"name": "m"}], "weight_obf_config": []}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [{"name": "m", "shape": [1.5]}],
                                       "weight_obf_config": []}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [{"name": "m", "shape": [1], "type": "normal"}],
                                       "weight_obf_config": []}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [{"name": "m", "shape": [1], "save_metadata": 1}],
                                       "weight_obf_config": []}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [{"name": "m", "shape": [1], "layers": "0"}],
                                       "weight_obf_config": []}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [], "weight_obf_config": [{"target": ""}]}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [], "weight_obf_config": [
        {"target": "a", "weight_obf_ops": [{"name": "mul", "input_x": "weight"}]}]}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [], "weight_obf_config": [
        {"target": "a", "weight_obf_ops": [{"name": "mul", "input_x": "w", "input_y": "m", "transpose_a": 1}]}]}}],
    ["obfuscate_ckpt", {"obf_config": {"obf_metadata_config": [{"name": "m", "shape": [1], "type": "random",
                                                                "save_metadata": True, "metadata_op": "neg"}],
                                       "weight_obf_config": []}}],
    ["obfuscate_ckpt", {"target_modules": ["backbone", "fc1"], "obfuscate_scale": 1}],
    ["obfuscate_ckpt", {"target_modules": ["backbone", "fc1"], "obfuscate_scale": "9"}],
    ["obfuscate_ckpt", {"obf_config": _GOOD, "obfuscate_scale": 1.0}],
    ["load_obf_params_into_net", {"network": None, "target_modules": ["backbone", "fc1"]}],
    ["load_obf_params_into_net", {}],
    ["load_obf_params_into_net", {"target_modules": ["backbone", "fc9"]}],
    ["load_obf_params_into_net", {"obf_config": "x"}],
    ["load_obf_params_into_net", {"obf_config": {}}],
    ["load_obf_params_into_net", {"obf_config": {"weight_obf_config": []}}],
    ["load_obf_params_into_net", {"obf_config": {"network_obf_config": [{"target": "dense1"}]}}],
    ["load_obf_params_into_net", {"obf_config": {"network_obf_config": [
        {"module": "/blocks/attn", "target": "dense1", "insert_new_input": {}}]}}],
    ["load_obf_params_into_net", {"obf_config": {"network_obf_config": [
        {"module": "/blocks/attn", "target": "dense1", "insert_new_input": [{"name": 1}]}]}}],
    ["load_obf_params_into_net", {"obf_config": {"network_obf_config": [
        {"module": "/blocks/attn", "target": "dense1", "insert_ops": {}}]}}],
    ["load_obf_params_into_net", {"obf_config": _GOOD, "data_parallel_num": 0}],
    ["load_obf_params_into_net", {"obf_config": _GOOD, "data_parallel_num": 2.0}],
]


def resolve(value, paths, net):
    """Replace the placeholders of an ERRORS entry by real paths and the network."""
    if isinstance(value, str):
        for key, path in paths.items():
            value = value.replace(key, path) if value.startswith(key) else value
        return value
    if isinstance(value, dict):
        return {k: resolve(v, paths, net) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, paths, net) for v in value]
    return value


def call_error(ms_module, api, kwargs, net, paths):
    """[class name, message with the temporary paths put back as placeholders] or None."""
    args = {"network": net}
    if api == "obfuscate_ckpt":
        args.update({"ckpt_files": paths["SRC"], "saved_path": paths["OUT"]})
    args.update(resolve(kwargs, paths, net))
    try:
        getattr(ms_module, api)(**args)
    except Exception as e:  # the class and message are what the test compares
        msg = str(e)
        for key in ("FILE", "OUT", "SRC"):
            msg = msg.replace(paths[key], key)
        return [type(e).__name__, msg]
    return None


def tree(root):
    """{relative path: (mode bits, {param name: (dtype, shape, hex)})} of the .ckpt files under root."""
    out = {}
    for dirpath, dirnames, files in os.walk(root):
        for d in dirnames:
            out[os.path.relpath(os.path.join(dirpath, d), root)] = oct(stat.S_IMODE(os.stat(os.path.join(dirpath, d)).st_mode))
        for f in files:
            out[os.path.relpath(os.path.join(dirpath, f), root)] = None
    return out


def main():
    import numpy as np
    import mindspore as ms
    ns = {}
    exec(NET_SRC.format(ms="mindspore"), ns)
    work = tempfile.mkdtemp()
    src, out = os.path.join(work, "src"), os.path.join(work, "out")
    os.makedirs(os.path.join(src, "rank_0"))
    os.makedirs(out)
    net = ns["fixed_net"]()
    ms.save_checkpoint(net, os.path.join(src, "net.ckpt"))
    ms.save_checkpoint(net, os.path.join(src, "rank_0", "net.part.ckpt"))
    open(os.path.join(src, "notes.txt"), "w").write("not a checkpoint")
    result = {"cases": {}, "errors": [], "outputs": ns["Net"]()(ms.Tensor(ns["X"])).shape}
    result["inverse_float16"] = ms.ops.Inv()(ms.Tensor(np.arange(1, 100).astype(np.float16))).asnumpy().tobytes().hex()
    for name, seed, kwargs in CASES:
        dest = os.path.join(out, name)
        os.makedirs(dest)
        ms.set_seed(seed)
        meta = ms.obfuscate_ckpt(net, src, saved_path=dest, **kwargs)
        files = {}
        for rel in sorted(tree(dest)):
            full = os.path.join(dest, rel)
            if os.path.isdir(full):
                files[rel] = {"mode": oct(stat.S_IMODE(os.stat(full).st_mode))}
            else:
                params = ms.load_checkpoint(full)
                files[rel] = {"params": {k: [str(v.dtype), list(v.shape), v.asnumpy().tobytes().hex()]
                                         for k, v in params.items()}}
        result["cases"][name] = {
            "metadata": {k: [str(v.dtype), list(v.shape), np.ascontiguousarray(v).tobytes().hex()]
                         for k, v in meta.items()},
            "files": files, "next_numpy_draw": int(np.random.randint(0, 1 << 30))}
    open(os.path.join(work, "file.txt"), "w").write("x")
    paths = {"SRC": src, "OUT": out, "FILE": os.path.join(work, "file.txt")}
    for api, kwargs in ERRORS:
        ms.set_seed(0)
        result["errors"].append({"api": api, "kwargs": repr(kwargs),
                                 "error": call_error(ms, api, kwargs, net, paths)})
    shutil.rmtree(work)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_obfuscation.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    print("wrote", path)


if __name__ == "__main__":
    main()

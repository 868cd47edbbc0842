"""MindSpore's module paths exist in mindjax, directly (``mindjax.X``) and through the runner's
alias (``mindspore.X``), and a name from each works."""
import importlib
import subprocess
import sys

import numpy as np
import pytest

# (module path under mindspore/mindjax, name, a check run with `obj` bound to that name and `ms` to the package)
PATHS = [
    ("common.api", "jit", "float(obj(lambda x: x * 2)(ms.Tensor(2.0)).asnumpy()) == 4.0"),
    ("common.api", "_pynative_executor", "obj.grad_flag() is False and obj.sync() is None"),
    ("common.api", "_cell_graph_executor",
     "obj.compile(ms.nn.Dense(2, 1), ms.Tensor(np.ones((1, 2), np.float32)))[1] is True"),
    ("common.dtype", "float32", "str(obj) == 'Float32' and obj == ms.float32"),
    ("common.tensor", "Tensor", "obj([1, 2]).shape == (2,)"),
    ("common.parameter", "Parameter", "obj(ms.Tensor(1.0), name='w').name == 'w'"),
    ("common.parameter", "ParameterTuple", "len(obj([ms.Parameter(ms.Tensor(1.0), name='a')])) == 1"),
    ("common.initializer", "Normal", "ms.common.initializer.initializer(obj(), [2, 3]).shape == (2, 3)"),
    ("common.seed", "set_seed", "obj(1) is None and ms.get_seed() == 1"),
    ("common.jit_config", "JitConfig", "obj(jit_level='O1').jit_config_dict['jit_level'] == 'O1'"),
    ("common.mutable", "mutable", "obj(2) + 1 == 3"),
    ("common.generator", "Generator", "obj().manual_seed(3).initial_seed() == 3"),
    ("common.np_dtype", "bfloat16", "np.dtype(obj).name == 'bfloat16'"),
    ("common.sparse_tensor", "COOTensor",
     "obj(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([2.0]), (2, 2)).to_dense().asnumpy().tolist() == "
     "[[0.0, 2.0], [0.0, 0.0]]"),
    ("_checkparam", "check_positive_int", "obj(3, 'a', 'Dense') == 3"),
    ("_checkparam", "Validator", "obj.check_bool(True, 'x', 'P') is True"),
    ("ops.operations", "Add", "float(obj()(ms.Tensor(1.0), ms.Tensor(2.0)).asnumpy()) == 3.0"),
    ("ops.operations.math_ops", "MatMul", "obj()(ms.Tensor(np.ones((2, 3), np.float32)), "
     "ms.Tensor(np.ones((3, 4), np.float32))).shape == (2, 4)"),
    ("ops.operations.array_ops", "Concat", "obj(0)((ms.Tensor([1]), ms.Tensor([2]))).asnumpy().tolist() == [1, 2]"),
    ("ops.operations.nn_ops", "ReLU", "obj()(ms.Tensor([-1.0, 2.0])).asnumpy().tolist() == [0.0, 2.0]"),
    ("ops.operations._grad_ops", "ReluGrad",
     "obj()(ms.Tensor([1.0, 1.0]), ms.Tensor([-1.0, 2.0])).asnumpy().tolist() == [0.0, 1.0]"),
    ("ops.operations.comm_ops", "ReduceOp", "obj.SUM == 'sum'"),
    ("ops.operations.other_ops", "Assign", "obj is not None and callable(obj())"),
    ("ops.operations.random_ops", "StandardNormal", "obj()((2, 3)).shape == (2, 3)"),
    ("ops.operations._inner_ops", "SiLU", "abs(float(obj()(ms.Tensor(1.0)).asnumpy()) - 0.7310586) < 1e-6"),
    ("ops.operations._sequence_ops", "TupleToTensor", "obj()((1, 2), ms.int32).asnumpy().tolist() == [1, 2]"),
    ("ops.operations.debug_ops", "HookBackward", "callable(obj(lambda g: None))"),
    ("ops.composite", "GradOperation", "float(obj()(lambda x: x * x)(ms.Tensor(3.0)).asnumpy()) == 6.0"),
    ("ops.composite", "HyperMap",
     "[float(t.asnumpy()) for t in obj()(ms.ops.add, (ms.Tensor(1.0),), (ms.Tensor(2.0),))] == [3.0]"),
    ("ops.composite", "MultitypeFuncGraph", "obj('add').name == 'add'"),
    ("ops.composite.base", "GradOperation", "obj is ms.ops.GradOperation"),
    ("ops.functional", "tuple_to_array", "obj((1, 2)).asnumpy().tolist() == [1, 2]"),
    ("ops.functional", "partial", "float(obj(ms.ops.add, ms.Tensor(1.0))(ms.Tensor(2.0)).asnumpy()) == 3.0"),
    ("ops.primitive", "constexpr", "obj(lambda: 3)() == 3"),
    ("ops.auto_generate", "copy", "obj(ms.Tensor([1.0])).asnumpy().tolist() == [1.0]"),
    ("ops.auto_generate.gen_ops_def", "transpose", "obj(ms.Tensor(np.ones((2, 3))), (1, 0)).shape == (3, 2)"),
    ("nn.cell", "Cell", "isinstance(ms.nn.Dense(2, 2), obj)"),
    ("nn.layer.basic", "Dense", "obj(2, 3).weight.shape == (3, 2)"),
    ("nn.layer.conv", "Conv2d", "obj(1, 2, 3).weight.shape == (2, 1, 3, 3)"),
    ("nn.layer.normalization", "BatchNorm2d", "obj(4).moving_mean.shape == (4,)"),
    ("nn.layer.pooling", "MaxPool2d", "obj(2, 2)(ms.Tensor(np.ones((1, 1, 4, 4), np.float32))).shape == (1, 1, 2, 2)"),
    ("nn.layer.activation", "ReLU", "obj()(ms.Tensor([-1.0])).asnumpy().tolist() == [0.0]"),
    ("nn.layer.container", "SequentialCell", "len(obj([ms.nn.ReLU()])) == 1"),
    ("nn.layer.embedding", "Embedding", "obj(5, 2)(ms.Tensor([1, 2], ms.int32)).shape == (2, 2)"),
    ("nn.loss.loss", "MSELoss",
     "float(obj()(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 4.0])).asnumpy()) == 2.0"),
    ("nn.optim.momentum", "Momentum", "obj(ms.nn.Dense(2, 1).trainable_params(), 0.1, 0.9).momentum == 0.9"),
    ("nn.optim.adam", "Adam", "obj(ms.nn.Dense(2, 1).trainable_params()).beta1 == 0.9"),
    ("nn.optim.sgd", "SGD", "obj(ms.nn.Dense(2, 1).trainable_params()) is not None"),
    ("nn.optim.optimizer", "Optimizer", "issubclass(ms.nn.Adam, obj)"),
    ("nn.wrap.cell_wrapper", "WithLossCell",
     "float(obj(ms.nn.Dense(2, 1), ms.nn.MSELoss())(ms.Tensor(np.zeros((1, 2), np.float32)), "
     "ms.Tensor(np.zeros((1, 1), np.float32))).asnumpy()) >= 0.0"),
    ("nn.wrap.loss_scale", "TrainOneStepWithLossScaleCell", "issubclass(obj, ms.nn.TrainOneStepCell)"),
    ("nn.learning_rate_schedule", "WarmUpLR", "float(obj(0.1, 10)(ms.Tensor(5)).asnumpy()) == pytest.approx(0.05)"),
    ("nn.grad", "Jvp", "issubclass(obj, ms.nn.Cell)"),
    ("train.serialization", "load_checkpoint", "callable(obj)"),
    ("train.callback", "LossMonitor", "obj(1) is not None"),
    ("train.model", "Model", "obj(ms.nn.Dense(2, 1)).predict_network is not None"),
    ("train.metrics", "Accuracy",
     "(lambda m: (m.update(ms.Tensor([[0.2, 0.8]]), ms.Tensor([1])), m.eval())[1])(obj()) == 1.0"),
    ("train.amp", "build_train_network", "callable(obj)"),
    ("hal", "memory_allocated", "obj() >= 0"),
    ("runtime", "synchronize", "obj() is None"),
    ("device_context.cpu", "is_available", "obj() is True"),
    ("communication.management", "get_rank", "obj() == 0"),
    ("amp", "auto_mixed_precision", "callable(obj)"),
    ("profiler", "Profiler", "callable(obj)"),
    ("parallel", "Layout", "obj((2, 2), ('dp', 'mp'))('dp', 'mp').to_dict()['tensor_map'] == (1, 0)"),
    ("rewrite", "SymbolTree", "callable(obj.create)"),
]


@pytest.mark.parametrize("path,name,check", PATHS, ids=[f"{p}.{n}" for p, n, _ in PATHS])
def test_path_as_mindjax(path, name, check):
    import mindjax as ms
    mod = importlib.import_module(f"mindjax.{path}")
    obj = getattr(mod, name)
    assert eval(check, {"ms": ms, "np": np, "obj": obj, "pytest": pytest})  # noqa: S307


def test_paths_through_the_alias(tmp_path):
    """The same imports as a MindSpore program writes them, run by ``python -m mindjax``."""
    lines = ["import numpy as np", "import pytest", "import mindspore as ms", "failed = []"]
    for path, name, check in PATHS:
        lines.append(f"from mindspore.{path} import {name} as obj")
        lines.append(f"if not ({check}): failed.append('{path}.{name}')")
    lines += ["import mindspore.common.dtype as mstype", "from mindspore.ops import composite as C",
              "from mindspore.ops import operations as P", "import mindspore.ops.functional as F",
              "assert C.GradOperation is ms.ops.GradOperation and P.Add is ms.ops.Add and mstype.int32 == ms.int32",
              "assert F.tuple_to_array is ms.ops.functional.tuple_to_array",
              "print('failed:', failed)"]
    script = tmp_path / "paths.py"
    script.write_text("\n".join(lines) + "\n")
    res = subprocess.run([sys.executable, "-m", "mindjax", str(script)], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    assert res.stdout.strip().splitlines()[-1] == "failed: []"


def test_top_level_names_outside_all():
    """MindSpore's top level has names that are not in its __all__: `from mindspore import vmap`."""
    import numpy as np
    import mindjax as ms
    from mindjax import ops, vmap
    assert vmap is ops.vmap and ms.jvp is ops.jvp and ms.vjp is ops.vjp and ms.get_grad is ops.get_grad
    assert ms.jacfwd is ops.jacfwd and ms.jacrev is ops.jacrev and ms.constexpr is ops.constexpr
    out = vmap(lambda x: x * 2 + 1, in_axes=0)(ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)))
    np.testing.assert_array_equal(out.asnumpy(), [[1, 3], [5, 7], [9, 11]])
    assert ms.bool is ms.bool_ and ms.int is ms.int32 and ms.float is ms.float32
    assert not {"bool", "int", "float"} & set(ms.__all__)
    from mindjax.mindrecord import FileWriter
    assert ms.FileWriter is FileWriter and ms.boost.GradientAccumulation is not None


def test_submodules_are_their_parents_attributes():
    """After ``import mindspore.nn``, ``mindspore.nn.cell`` is the module and ``mindspore.nn.loss``
    the package, as in MindSpore (mindcv annotates ``act_layer: nn.cell = nn.GELU``). A failed import
    half-way through ``import mindjax`` leaves a submodule loaded but unset on its re-imported parent;
    a star import can copy a sub-package's own submodule over the name. A parent may hold a function
    of the submodule's name instead (``mindspore.common.seed`` is the function, in MindSpore too)."""
    code = ("import sys, types, mindjax, mindjax.nn, mindjax.train, mindjax.dataset\n"
            "bad = []\n"
            "for name, mod in sorted(sys.modules.items()):\n"
            "    parent, _, leaf = name.rpartition('.')\n"
            "    if not name.startswith('mindjax.') or mod is None or parent not in sys.modules:\n"
            "        continue\n"
            "    attr = getattr(sys.modules[parent], leaf, None)\n"
            "    if attr is None or (isinstance(attr, types.ModuleType) and attr is not mod):\n"
            "        bad.append(name)\n"
            "print(bad)\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    assert res.stdout.strip().splitlines()[-1] == "[]"

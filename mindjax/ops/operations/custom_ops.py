"""``ops.Custom``: user-defined operators.

``func_type="pyfunc"`` runs a Python function on the inputs' numpy values; ``"hybrid"`` (and
``"akg"`` given a ``@kernel`` function) runs a Hybrid DSL function the same way, which is what
MindSpore's AKG-compiled kernel computes on CPU. In PyNative the function is called directly
(its exceptions reach the caller unchanged); under ``jit`` it becomes a host callback
(``jax.pure_callback``) inside the compiled program. Gradients come from the ``bprop`` given
(``bprop(*inputs, out, dout)``), or for a hybrid function without one, from JAX's vjp of the same
DSL code re-run on JAX values (loops unrolled: for small kernels).

``"tbe"``/``"aicpu"`` kernels are Ascend-only and ``"aot"`` needs MindSpore's compiled-kernel ABI
(its ``AotExtra`` C++ object for attributes and C++ shape inference); building such a Custom
checks its arguments as MindSpore does, and calling it raises RuntimeError.
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import json
import os
from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np

from ... import _dtype as mstype
from ..._tensor import Tensor
from .._primitive import Op, PrimitiveWithInfer, apply
from ..op_info_register import _reg_op, registered_op_info
from .._ms_kernel import check_dsl, jax_intrinsics, numpy_intrinsics, run_with, _JaxBuffer
from . import _custom_aot
from .. import _checks

__all__ = ["Custom"]

_TARGET_OF_PROCESSOR = {"AiCore": "Ascend", "CUDA": "GPU", "CPU": "CPU"}
_TARGET_OF_IMPLY = {"TBE": "Ascend", "GPU": "GPU", "CPU": "CPU"}


def _expanded(data) -> list:
    """Nested lists/tuples of registration items, flattened."""
    if isinstance(data, (list, tuple)):
        return [item for d in data for item in _expanded(d)]
    return [data]


def _elem(t):
    """The element dtype of a dtype or ``Tensor[...]`` type."""
    return t.element_type() if isinstance(t, mstype.TensorType) and t.element_type() is not None else t


class Custom(PrimitiveWithInfer):
    """A user-defined operator.

    Args:
        func: a Python function (``"pyfunc"``), a ``@kernel`` Hybrid DSL function (``"hybrid"``,
            ``"akg"``), or ``"file:function"`` (``"aot"``).
        out_shape: output shape, a tuple of them for several outputs, or a function of the input shapes.
        out_dtype: output dtype, a tuple of them, or a function of the input dtypes (``Tensor[...]`` types).
        func_type: one of ``"hybrid"``, ``"akg"``, ``"tbe"``, ``"aicpu"``, ``"aot"``, ``"pyfunc"``.
        bprop: ``bprop(*inputs, out, dout)`` returning the input gradients.
        reg_info: registration information (``CustomRegOp(...).get_op_info()``); its CPU
            ``dtype_format`` rows restrict the accepted input dtypes.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax import ops
        >>> op = ops.Custom(lambda a, b: a * b + 1, out_shape=lambda a, b: a, out_dtype=lambda a, b: a,
        ...                 func_type="pyfunc")
        >>> print(op(ms.Tensor(np.array([1., 2.], np.float32)), ms.Tensor(np.array([3., 4.], np.float32))))
        [4. 9.]
    """

    registered_func: dict = {}
    attr_dict: dict = {}

    def __init__(self, func: Callable | str, out_shape: Any = None, out_dtype: Any = None, func_type: str = "pyfunc",
                 bprop: Callable | None = None, reg_info: Any = None) -> None:
        super().__init__("Custom")
        self.supported_targets = ["Ascend", "GPU", "CPU"]
        self.supported_func_type = ["hybrid", "akg", "tbe", "aicpu", "aot", "pyfunc"]
        self.log_prefix = f"For '{self.name}', 'func_type': {func_type}, 'func': {func}"
        self.func, self.func_type = func, func_type
        self.func_name = self.uniq_name = self.imply_path = self.func_source_str = ""
        self._func_compile_attrs = {}
        self._is_ms_kernel = False
        self.out_shape, self.out_dtype, self.reg_info = out_shape, out_dtype, reg_info
        self._check_func()
        self._update_func_info(reg_info)
        self.add_prim_attr("func_name", self.func_name)
        self.add_prim_attr("uniq_name", self.uniq_name)
        if func_type == "hybrid":
            self.add_prim_attr("func_compile_attrs", self._func_compile_attrs)
        self.add_prim_attr("imply_path", self.imply_path)
        if func_type == "pyfunc":
            self.add_prim_attr("fn_id", id(func))
        outputs = reg_info.get("outputs", []) if isinstance(reg_info, dict) else []
        self.add_prim_attr("multi_output", len(outputs) > 1 or (len(outputs) == 1 and
                                                                  outputs[0].get("paramType") == "dynamic"))
        self.bprop = bprop
        self.fake_output = self.single_scalar_output = False
        if func_type == "pyfunc":
            self.fake_output = not out_dtype
            self.single_scalar_output = bool(out_dtype) and not out_shape
            self.add_prim_attr("fake_output", self.fake_output)
            self.add_prim_attr("single_scalar_output", self.single_scalar_output)
        self._register_info(reg_info)
        if func_type == "akg":
            self._set_akg_kernel_type()
        self.add_prim_attr("func_type", self.func_type)
        self._update_attr()
        self._ops = {}
        # what runs: a DSL function with its intrinsics (an 'akg' func may come undecorated), else func
        self._run = (functools.partial(self._run_dsl, inspect.unwrap(self.func)) if self.func_type == "hybrid"
                     else self.func)

    @staticmethod
    def _run_dsl(raw, *args):
        return run_with(raw, numpy_intrinsics(), *args)

    # ---- construction checks (MindSpore's order and messages) ----------------------------------
    def _check_func(self) -> None:
        if self.func_type not in self.supported_func_type:
            raise ValueError(f"{self.log_prefix}, 'func_type' must be one of {self.supported_func_type}, but got "
                             f"{self.func_type}")
        flagged = hasattr(self.func, "ms_kernel_flag")
        if self.func_type == "aot":
            if not isinstance(self.func, str):
                raise TypeError(f"{self.log_prefix}, 'func' must be of type str, but got {type(self.func)}")
            parts = self.func.split(":")
            if len(parts) != 2:
                if callable(self.out_shape):
                    return
                raise TypeError(f"{self.log_prefix}, 'func' should be like 'file_name:func_name', but got "
                                f"{self.func}")
            path = os.path.realpath(parts[0])
            legal = os.environ.get("MS_CUSTOM_AOT_WHITE_LIST")
            if legal is not None and os.path.commonpath([path, os.path.realpath(legal)]) != os.path.realpath(legal):
                raise TypeError(f"{self.log_prefix}, the legal path for the file is {os.path.realpath(legal)}, but "
                                f"the file is {path}")
            if path.endswith(("cpp", "cc")):
                self.func = _custom_aot.compile_source(path) + ":" + parts[1]
        elif self.func_type == "hybrid":
            if not flagged:
                raise TypeError(f"{self.log_prefix}, 'func' must be a function decorated by kernel")
            self._is_ms_kernel = True
            self._func_compile_attrs = getattr(self.func, "compile_attrs", {})
        elif self.func_type in ("akg", "pyfunc") and flagged:
            from ...log import logger
            hint = ("To have a better user experience, the mode hybrid is suggested for the input function with "
                    "decorator @kernel. To enable this mode, set the 'func_type' to be \"hybrid\"" if
                    self.func_type == "akg" else
                    "Now you are using the function with decorator @kernel in the mode pyfunc. The kernel will be "
                    "executed as a native python function, which might lead to low efficiency. To accelerate the "
                    "kernel, set the 'func_type' to be \"hybrid\"")
            logger.warning(f"{self.log_prefix}. {hint}")
        elif self.func_type == "tbe" and not callable(self.func):
            raise TypeError(f"{self.log_prefix}, 'func' must be of type function, but got {type(self.func)}")

    def _update_func_info(self, reg_info) -> None:
        if callable(self.func):
            if "__wrapped__" in getattr(self.func, "__dict__", {}) and self.func_type not in ("hybrid", "pyfunc"):
                self.func = self.func.__dict__["__wrapped__"]
            self.func_name = getattr(self.func, "__name__", type(self.func).__name__)
            try:
                source = inspect.getsource(self.func)
                self.imply_path = os.path.realpath(inspect.getfile(self.func))
            except (OSError, TypeError):  # a builtin or code typed at a prompt: no source to hash
                source = ""
            start = source.find("def ")
            self.func_source_str = source[start:] if start != -1 else source
            if self._is_ms_kernel:
                inplace = check_dsl(self.func_source_str, self.func_name)
                if inplace:
                    self.add_prim_attr("inplace_assign_output", " ".join(str(j) for pair in inplace for j in pair))
                self.add_prim_attr("func_source_str", self.func_source_str)
            digest = hashlib.sha256()
            digest.update(self.imply_path.encode("utf-8"))
            digest.update(self.func_source_str.encode("utf-8"))
            self.uniq_name = f"{self.name}_{self.func_name}_{digest.hexdigest()}"
        elif isinstance(self.func, str):
            self.func_name = self.func
            prefix = self.name
            for item in _expanded(reg_info if reg_info is not None else {}):
                if isinstance(item, (str, dict)):
                    item = json.loads(item) if isinstance(item, str) else item
                    prefix = f"{prefix}_{item.get('op_name', '')}"
            self.uniq_name = f"{prefix}_{self.func_name}"
        else:
            raise TypeError(f"For '{self.name}', 'func' must be of type function or str, but got {type(self.func)}")

    # ---- registration information ---------------------------------------------------------------
    def _register_info(self, info) -> None:
        if info is None and hasattr(self.func, "reg_info"):
            info = self.func.reg_info
        if self.func_type == "aicpu" and info is None:
            raise ValueError(f"{self.log_prefix}, the registration information must be set, but current is None. Use "
                             f"'CustomRegOp' to generate the registration information, then pass it to 'reg_info'")
        for item in _expanded(info):
            if not isinstance(item, (str, dict)):
                continue
            item = json.loads(item) if isinstance(item, str) else item
            if self.fake_output:  # the placeholder output, as MindSpore adds it (in place)
                item["outputs"].append({"index": 0, "name": "y", "param_type": "required"})
                item["dtype_format"] = [row + (("int32", "DefaultFormat"),) for row in item["dtype_format"]]
            self._update_reg_attrs(item)
            target = self._get_target(item)
            if target in self._registered_targets():
                continue
            item = self._reformat_reg_info(item, target)
            if not _reg_op(json.dumps(item), self.imply_path):
                raise ValueError(f"{self.log_prefix}, the registration information is registered failed. Use "
                                 f"'CustomRegOp' to generate the registration information, then pass it to "
                                 f"'reg_info' or use 'custom_info_register' to bind it to 'func' if 'func' is a "
                                 f"function.")
            self._save_attr(item)
            self._save_register_status(target)

    def _update_reg_attrs(self, info: dict) -> None:
        names = [o["name"] for o in info.get("outputs", []) if isinstance(o, dict) and o.get("name")]
        if names:
            self.add_prim_attr("output_names", names)
        if isinstance(info.get("op_name"), str):
            self.add_prim_attr("reg_op_name", info["op_name"])
        if self.func_type == "aicpu":
            self.uniq_name = info["op_name"]
            self.add_prim_attr("uniq_name", self.uniq_name)
        if self.func_type in ("aot", "aicpu") and isinstance(info.get("attr"), list):
            for a in info["attr"]:
                if isinstance(a, dict) and a.get("value") is not None:
                    self.add_prim_attr(a["name"], a["value"])

    def _get_target(self, info: dict) -> str:
        target = info.get("target")
        if target not in self.supported_targets:
            target = _TARGET_OF_PROCESSOR.get(info.get("processor"))
        if target not in self.supported_targets:
            target = _TARGET_OF_IMPLY.get(info.get("imply_type"))
        if target not in self.supported_targets:
            target = {"tbe": "Ascend", "pyfunc": "CPU"}.get(self.func_type)
        if target not in self.supported_targets:
            raise ValueError(f"{self.log_prefix}, target set in registration information must be one of "
                             f"{self.supported_targets}, but got {target}")
        return target

    def _registered_targets(self) -> list:
        if callable(self.func):
            targets = getattr(self.func, "registered_targets", [])
        else:
            targets = Custom.registered_func.get(self.uniq_name, [])
        return targets if isinstance(targets, list) else [targets]

    def _save_register_status(self, target: str) -> None:
        if callable(self.func):
            self.func.registered_targets = self._registered_targets() + [target]
        else:
            Custom.registered_func.setdefault(self.uniq_name, []).append(target)

    def _reformat_reg_info(self, info: dict, target: str) -> dict:
        # MindSpore rewrites the caller's dict in place (its op_name becomes this op's unique name)
        info["op_name"] = self.uniq_name
        imply = info.get("imply_type")
        if not (isinstance(imply, str) and imply.strip()):
            imply = {"hybrid": "AKG", "akg": "AKG", "tbe": "TBE", "aicpu": "AiCPU", "pyfunc": target,
                     "aot": "BiSheng" if target == "Ascend" else target}.get(self.func_type, "AKG")
        info["imply_type"] = imply
        if not isinstance(info.get("fusion_type"), str) or not info["fusion_type"].strip():
            info["fusion_type"] = "OPAQUE"
        if imply == "TBE":
            for a in info.get("attr") or []:
                if isinstance(a, dict) and a.get("value") is None:
                    a["value"] = "all"
            info.update(async_flag=info.get("async_flag", False), binfile=f"{self.func_name}.so",
                        compute_cost=info.get("compute_cost", 10), kernel=self.func_name,
                        partial_flag=info.get("partial_flag", True),
                        needCheckSupport=info.get("need_check_supported", False))
        if imply == "AKG":
            info["processor"] = info.get("processor", {"Ascend": "AiCore", "GPU": "CUDA", "CPU": "CPU"}.get(target))
        return info

    def _save_attr(self, info: dict) -> None:
        from ...context import get_context

        def as_list(key):
            v = info.get(key, [])
            return v if isinstance(v, (list, tuple)) else [v]
        input_names = [i["name"] for i in as_list("inputs") if isinstance(i, dict) and i.get("name") is not None]
        pure = list(input_names)
        attr_names = []
        # attributes become inputs only in graph mode or when the inputs are named
        to_input = bool(input_names) or get_context("mode") == 0
        for a in as_list("attr"):
            if isinstance(a, dict) and a.get("name") is not None:
                if to_input and (self.func_type == "tbe" or a.get("value") is None):
                    input_names.append(a["name"])
                attr_names.append(a["name"])
        cur = {"input_names": input_names, "attr_names": attr_names, "pure_input_names": pure}
        if callable(self.func):
            prev = getattr(self.func, "func_attr", None)
            if not isinstance(prev, dict):
                self.func.func_attr = cur
        else:
            prev = Custom.attr_dict.get(self.func)
            if not isinstance(prev, dict):
                Custom.attr_dict[self.func] = cur
        prev_names = prev.get("attr_names") if isinstance(prev, dict) else attr_names
        if attr_names != prev_names:
            raise ValueError(f"{self.log_prefix}, attr names set in registration information must be the same as "
                             f"previous saved one, but got {attr_names} vs {prev_names}")

    def _set_akg_kernel_type(self) -> None:
        self.add_prim_attr("func_source_str", self.func_source_str)
        if "ir_builder" in self.func_source_str:
            self.func_type = "ir_builder"
        elif "compute" in self.func_source_str:
            self.func_type = "tvm_compute"
        else:
            self.func_type = "hybrid"

    def _update_attr(self) -> None:
        func_attr = None
        if callable(self.func):
            try:
                self.add_prim_attr("inputs_num", len(inspect.signature(self.func).parameters))
            except (TypeError, ValueError):
                pass
            func_attr = getattr(self.func, "func_attr", None)
        elif isinstance(self.func, str):
            func_attr = Custom.attr_dict.get(self.func)
        if isinstance(func_attr, dict):
            for key in ("input_names", "attr_names", "pure_input_names"):
                if func_attr.get(key):
                    self.add_prim_attr(key, func_attr[key])
        if self.func_type == "pyfunc":
            self.add_prim_attr("primitive_target", "CPU")
        elif self.func_type == "aot" and self._registered_targets() in (["GPU"], ["CPU"]):
            self.add_prim_attr("primitive_target", self._registered_targets()[0])
        if not (callable(self.func) and callable(self.out_shape)):
            self.add_prim_attr("autodiff", False)
        elif getattr(self.out_shape, "type", None) == "autodiff":
            self.add_prim_attr("autodiff", True)

    def get_bprop(self):
        """The bprop given at construction."""
        return self.bprop

    def __repr__(self) -> str:
        # MindSpore's Primitive printing leaves out the I/O names among the attributes
        shown = ", ".join(f"{k}={v}" for k, v in self.attrs.items() if k not in ("input_names", "output_names"))
        return f"Prim[{self.name}]" + (f"<{shown}>" if shown else "")

    # ---- running ---------------------------------------------------------------------------------
    def _infer(self, tensors) -> tuple:
        """(list of (shape, dtype) outputs, whether the result is a tuple)."""
        shape, dtype = self.out_shape, self.out_dtype
        if callable(shape):
            shape = shape(*(list(t.shape) for t in tensors))
        if callable(dtype):
            dtype = dtype(*(mstype.TensorType(t.dtype) for t in tensors))
        if self._is_ms_kernel and (shape is None or dtype is None):
            sample = self._run(*(np.zeros(t.shape, t.dtype.np) for t in tensors))
            shape = tuple(sample.shape) if shape is None else shape
            dtype = mstype.from_numpy(sample.dtype) if dtype is None else dtype
        if self.func_type == "pyfunc":
            shape = (1,) if isinstance(shape, (tuple, list)) and len(shape) == 0 else shape
            dtype = mstype.int32 if isinstance(dtype, (tuple, list)) and len(dtype) == 0 else dtype
        if not isinstance(shape, (tuple, list)):
            raise TypeError(f"{self.log_prefix}, 'out_shape' must be one of [tuple, list, function], but got "
                            f"{type(shape)}")
        if not isinstance(dtype, (mstype.Type, tuple, list)):
            raise TypeError(f"{self.log_prefix}, 'out_dtype' must be one of [mindspore.dtype, tuple, list, "
                            f"function], but got {type(dtype)}")
        if isinstance(dtype, (tuple, list)):
            shapes = list(shape) if all(isinstance(s, (tuple, list)) for s in shape) else None
            if shapes is None or len(shapes) != len(dtype):
                raise ValueError(f"{self.log_prefix}, 'out_shape' must give one shape per 'out_dtype', but got "
                                 f"{shape} and {dtype}")
            return [(tuple(int(d) for d in s), _elem(t)) for s, t in zip(shapes, dtype)], True
        if any(isinstance(s, (tuple, list)) for s in shape):
            raise ValueError(f"{self.log_prefix}, a single 'out_dtype' needs a single 'out_shape', but got {shape}")
        return [(tuple(int(d) for d in shape), _elem(dtype))], False

    def _check_reg_dtypes(self, tensors, outs) -> list:
        """Kernel selection against the CPU registration rows: the tensors, cast where MindSpore casts."""
        entry = registered_op_info.get((self.uniq_name, "CPU"))
        rows = entry[0].get("dtype_format") if entry else None
        n = len(tensors) + len(outs)
        rows = [r for r in rows or [] if len(r) == n]
        if not rows:
            return tensors
        have = [t.dtype.np.name for t in tensors] + [d.np.name for _, d in outs]

        def fits(row, loose):
            for i, (want, got) in enumerate(zip((r[0] for r in row), have)):
                if want and want != got and not (loose and i < len(tensors) and np.dtype(got).kind == "f" and
                                                 np.dtype(want).kind == "f"):
                    return False
            return True
        for loose in (False, True):
            for row in rows:
                if fits(row, loose):
                    return [t if not row[i][0] or row[i][0] == t.dtype.np.name else t.astype(mstype.to_dtype(
                        row[i][0])) for i, t in enumerate(tensors)]
        names = lambda ds: " ".join(str(mstype.to_dtype(d)) for d in ds)  # noqa: E731
        supported = "".join(f"input[{names(r[0] for r in row[:len(tensors)])}], output["
                            f"{names(r[0] for r in row[len(tensors):])}]; " for row in rows)
        got_in = "".join(f"{t.dtype} " for t in tensors)
        got_out = "".join(f"{d} " for _, d in outs)
        raise TypeError(f"\n- Kernel select failed:\nSelect CPU operator[{self.uniq_name}] fail! Unsupported data "
                        f"type!\nThe supported data types are {supported}, but get input[{got_in}] and output"
                        f"[{got_out}]")

    def _host(self, outs, multi, *arrays):
        """Run ``func`` on numpy values; the outputs as declared (MindSpore copies raw bytes: a result
        that does not fit is its 'memcpy failed.', here also for any other mismatch)."""
        if self.func_type == "aot":
            fn = _custom_aot.kernel_function(self.func, self.log_prefix)
            return _custom_aot.call(fn, self.func, [np.asarray(a) for a in arrays], [(sh, d.np) for sh, d in outs])
        result = self._run(*(np.array(a) for a in arrays))  # writable copies: DSL code may write its inputs
        if self.fake_output:
            return (np.zeros((1,), np.int32),)
        # a lone array for a one-element tuple of outputs is taken as that output (as MindSpore does)
        results = result if multi and (len(outs) != 1 or isinstance(result, (tuple, list))) else (result,)
        if len(results) != len(outs) or not isinstance(results, (tuple, list)):
            raise RuntimeError(f"{self.log_prefix}, 'func' must return {len(outs)} outputs, but got {result!r}")
        return tuple(self._fit(r, shape, dtype.np, i) for i, (r, (shape, dtype)) in enumerate(zip(results, outs)))

    def _fit(self, r, shape, np_dtype, i):
        size = int(np.prod(shape, dtype=np.int64))
        # a scalar result (Python or numpy, as arithmetic on 0-d inputs gives) converts like a Python
        # scalar does in MindSpore
        if size == 1 and (isinstance(r, (bool, int, float, complex, np.generic)) or
                          (isinstance(r, np.ndarray) and r.ndim == 0)):
            return np.asarray(r).astype(np_dtype).reshape(shape)
        if isinstance(r, (np.ndarray, np.generic)):
            r = np.asarray(r)
            if r.dtype == np_dtype and r.size == size:
                return r.reshape(shape)
            head = "memcpy failed. " if r.nbytes > size * np.dtype(np_dtype).itemsize else ""
            desc = f"{r.dtype} array of shape {r.shape}"
        else:
            head, desc = "memcpy failed. ", type(r).__name__
        raise RuntimeError(f"{head}{self.log_prefix}, output {i} of 'func' is a {desc}, but 'out_shape' and "
                           f"'out_dtype' declare {tuple(shape)} and {np.dtype(np_dtype)}.")

    def _unsupported(self) -> str | None:
        if self.func_type in ("tbe", "aicpu"):
            return f"{self.log_prefix}, 'func_type' {self.func_type} kernels run only on Ascend."
        if self.func_type == "aot" and (self.out_shape is None or self.out_dtype is None):
            return (f"{self.log_prefix}, 'out_shape' and 'out_dtype' must be given: the kernel's C++ shape and "
                    f"type inference needs MindSpore's AotExtra interface, which mindjax does not provide.")
        if self.func_type in ("ir_builder", "tvm_compute"):
            return (f"{self.log_prefix}, the 'akg' function is a TVM {self.func_type} description, which mindjax "
                    f"cannot run; write it in the Hybrid DSL with @kernel.")
        return None

    def __call__(self, *args):
        why = self._unsupported()
        if why:
            raise RuntimeError(why)
        tensors = [a if isinstance(a, Tensor) else Tensor(a) for a in args]
        outs, multi = self._infer(tensors)
        tensors = self._check_reg_dtypes(tensors, outs)
        arrays = [t._data for t in tensors]
        host = functools.partial(self._host, outs, multi)
        if any(isinstance(a, jax.core.Tracer) for a in arrays):
            results = self._traced(host, outs, arrays)
        else:
            results = tuple(jnp.asarray(r) for r in host(*arrays))
        op = self._ops.get(len(outs))
        if op is None:
            op = self._ops[len(outs)] = Op("Custom", _given, self._backward, n_out=len(outs), jit=False)
        out = apply(op, tensors, {"results": list(results)})
        if multi:
            return out if isinstance(out, tuple) else (out,)
        return out

    def _traced(self, host, outs, arrays) -> tuple:
        """The host call inside a traced program, differentiable by JAX too (a PyNative gradient
        through a jit call differentiates the whole program with ``jax.vjp``): its VJP is the bprop."""
        specs = tuple(jax.ShapeDtypeStruct(s, d.np) for s, d in outs)
        plain_host = host

        def host(*xs):
            try:
                return plain_host(*xs)
            except Exception as e:  # the jit caller raises this one in place of XLA's runtime error
                e._mj_user_raise = True  # the function's own exception, as it raised it (not graph mode's)
                _checks._pending.error = e
                raise

        def call(*xs):
            if self.fake_output:  # nothing may depend on the result: keep the call in the program
                from jax.experimental import io_callback
                return tuple(io_callback(host, specs, *xs))
            return tuple(jax.pure_callback(host, specs, *xs, vmap_method="sequential"))

        @jax.custom_vjp
        def run(*xs):
            return call(*xs)

        def fwd(*xs):
            res = call(*xs)
            return res, (xs, res)

        def bwd(saved, cts):
            xs, res = saved
            cts = tuple(jnp.zeros(r.shape, r.dtype) if c.dtype == jax.dtypes.float0 else c for c, r in zip(cts, res))
            ctx = _Ctx(tuple(Tensor._make(x) for x in xs), res)
            douts = tuple(Tensor._make(c) for c in cts)
            grads = self._backward(ctx, douts if len(douts) > 1 else douts[0])
            return tuple(np.zeros(x.shape, jax.dtypes.float0) if not jnp.issubdtype(x.dtype, jnp.inexact) else
                         jnp.zeros(x.shape, x.dtype) if g is None else
                         jnp.broadcast_to(jnp.asarray(g._data if isinstance(g, Tensor) else g, x.dtype), x.shape)
                         for g, x in zip(grads, xs))
        run.defvjp(fwd, bwd)
        return run(*arrays)

    def _backward(self, ctx, dout):
        inputs = tuple(ctx.inputs)
        n_out = len(ctx.outs)
        outs = tuple(Tensor._make(o) for o in ctx.outs)
        douts = dout if isinstance(dout, tuple) else (dout,)
        douts = tuple(Tensor._make(jnp.zeros_like(o._data)) if d is None else d for d, o in zip(douts, outs))
        if self.bprop is None:
            if not self._is_ms_kernel and self.func_type != "hybrid":
                raise RuntimeError("Illegal primitive Custom's bprop not defined")
            return self._dsl_vjp(inputs, douts)
        multi = isinstance(self.out_dtype, (tuple, list)) and n_out >= 1 and not self.fake_output
        grads = self.bprop(*inputs, outs if multi else outs[0], douts if multi else douts[0])
        return tuple(grads) if isinstance(grads, (tuple, list)) else (grads,)

    def _dsl_vjp(self, inputs, douts):
        """Input gradients of a Hybrid DSL function: JAX's vjp of its code run on JAX values, compiled
        once per input signature (the unrolled loops would be slow op by op)."""
        if getattr(self, "_vjp_fn", None) is None:
            raw, table = inspect.unwrap(self.func), jax_intrinsics()

            def f(*xs):
                out = run_with(raw, table, *(_JaxBuffer(x) for x in xs))
                outs = out if isinstance(out, (tuple, list)) else (out,)
                return tuple(o.value if isinstance(o, _JaxBuffer) else jnp.asarray(o) for o in outs)

            def vjp(arrays, cotangents):
                primal, pullback = jax.vjp(f, *arrays)
                grads = pullback(tuple(c.astype(p.dtype) for c, p in zip(cotangents, primal)))
                return tuple(g if jnp.issubdtype(a.dtype, jnp.inexact) else jnp.zeros_like(a)
                             for g, a in zip(grads, arrays))
            self._vjp_fn = jax.jit(vjp)
        grads = self._vjp_fn(tuple(t._data for t in inputs), tuple(d._data for d in douts))
        return tuple(Tensor._make(g) for g in grads)


class _Ctx:
    """The bprop context of a JAX-level differentiation: the inputs (Tensors) and the output arrays."""

    def __init__(self, inputs, outs):
        self.inputs, self.outs = inputs, outs


def _given(*arrays, results):
    """The forward of a Custom's tape node: the outputs computed by its function."""
    return tuple(results) if len(results) > 1 else results[0]

"""Parameter and ParameterTuple."""
from __future__ import annotations

import numbers

import numpy as np

from .. import _dtype as mstype
from .._state import state
from .._tensor import Tensor
from .._capture import Lazy
from .._autograd.tape import Node


def _no_backward(node, douts, needs):  # a Parameter is a leaf: the walk stops there
    return (None,)


class Parameter(Tensor):
    """A Tensor whose value is updated in training (MindSpore's ``Parameter``).

    Args:
        default_input: a Tensor, numpy array, number or initializer Tensor.
        name: the Parameter's name (a Cell prefixes it with the attribute path).
        requires_grad: whether optimizers and ``trainable_params`` include it.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> p = ms.Parameter(ms.Tensor(np.ones(3), ms.float32), name="w")
        >>> p
        Parameter (name=w, shape=(3,), dtype=Float32, requires_grad=True)
    """

    # the value lives in Tensor's ``_raw`` slot (a placeholder while a captured segment is open,
    # see ``_capture.py``): ``_value`` reads it computed
    @property
    def _value(self):
        try:
            v = self._raw
        except AttributeError:
            return None
        if type(v) is Lazy:
            v = self._raw = v.get()
        return v

    @_value.setter
    def _value(self, v):
        self._raw = v

    def __init__(self, default_input, name: str | None = None, requires_grad: bool = True,
                 layerwise_parallel: bool = False, parallel_optimizer: bool = True, storage_format: str = ""):
        if isinstance(default_input, bool):
            raise ValueError("Parameter data can not be `bool`")
        if isinstance(default_input, Tensor):
            data = default_input._data
        elif type(default_input) is int:  # MindSpore: a Python int makes an Int32 Parameter
            data = Tensor(default_input, mstype.int32)._data
        elif isinstance(default_input, (np.ndarray, np.generic, numbers.Number, bool, list, tuple)):
            data = Tensor(default_input)._data
        else:
            from .initializer import Initializer
            if isinstance(default_input, Initializer):
                raise TypeError("For 'Parameter', use initializer(init, shape, dtype) to make the default_input "
                                "from an Initializer.")
            raise TypeError(f"For 'Parameter', the 'default_input' must be a Tensor, numpy array, number or "
                            f"initializer Tensor, but got {type(default_input).__name__}.")
        if name is not None and not isinstance(name, str):
            raise ValueError(f"For 'Parameter', the 'name' must be a str, but got {type(name).__name__}.")
        self._value = data
        self._node = Node(_no_backward, (None,), (None,), None, "Parameter")
        self._idx = 0
        self.__dict__["_name"] = _generated_name() if name is None else str(name)
        self.__dict__["_user_named"] = name is not None
        self.requires_grad = requires_grad
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer
        self.is_init = True
        self.init_mode = None
        self.param_info = self
        if state.jit_depth:  # made while a program is traced (a Cell built inside grad inside jit):
            # a constant of that program, not state, as the Cells that compiled code constructs are
            self.__dict__["_mj_trace_local"] = True

    # the value: jit swaps it for a tracer while it traces, and learns which are read
    @property
    def _data(self):
        d = state.discover
        if d is not None and id(self) not in d:
            d[id(self)] = (self, self._value)
        return self._value

    @_data.setter
    def _data(self, value):
        d = state.discover
        if d is not None and id(self) not in d:
            d[id(self)] = (self, self._value)  # the value to restore after the discovery trace
        if state.jit_depth:
            from .._jit.state import param_written
            value = param_written(self, value)
        self._value = value

    def _leaf_node(self):
        return self._node

    @property
    def name(self) -> str:
        return self.__dict__["_name"]

    @name.setter
    def name(self, value: str):
        if not isinstance(value, str):
            raise TypeError(f"For 'Parameter', the 'name' must be a str, but got {type(value).__name__}.")
        self.__dict__["_name"] = value
        self.__dict__["_user_named"] = True

    @property
    def requires_grad(self) -> bool:
        return self.__dict__["_requires_grad"]

    @requires_grad.setter
    def requires_grad(self, value: bool):
        if not isinstance(value, bool):
            raise TypeError(f"For 'Parameter', the 'requires_grad' must be a bool, but got {type(value).__name__}.")
        self.__dict__["_requires_grad"] = value

    @property
    def data(self) -> "Parameter":
        return self

    def set_data(self, data, slice_shape: bool = False) -> "Parameter":
        """Replace the value (cast to this Parameter's dtype; the shape must match)."""
        if isinstance(data, Tensor):
            arr = data._data
        elif isinstance(data, (np.ndarray, np.generic, numbers.Number, bool, list, tuple)):
            arr = Tensor(data)._data
        else:
            raise TypeError(f"For 'Parameter.set_data', the argument 'data' must be a Tensor or a number, but got "
                            f"{type(data).__name__}.")
        if tuple(arr.shape) != self.shape and not slice_shape and self.shape != ():
            raise ValueError(f"For 'Parameter.set_data', the shape of the new data {list(arr.shape)} must be the "
                             f"same as the shape of Parameter '{self.name}' {list(self.shape)}.")
        if arr.dtype != self._value.dtype:
            arr = arr.astype(self._value.dtype)
        if tuple(arr.shape) != self.shape and self.shape == () and not slice_shape:
            arr = arr.reshape(())
        self._data = arr
        return self

    def assign_value(self, value):
        return self.set_data(value)

    def value(self) -> Tensor:
        """The Parameter's value now, as a plain Tensor: a later ``set_data`` or update of the Parameter
        does not change it, and gradients through it reach the Parameter.

        Examples:
            >>> import numpy as np
            >>> import mindjax as ms
            >>> p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
            >>> v = p.value()
            >>> _ = p.set_data(ms.Tensor(np.zeros(2, np.float32)))
            >>> print(type(v).__name__, v)
            Tensor [1. 1.]
        """
        from ..ops import identity
        return identity(self)

    def clone(self, init: str = "same") -> "Parameter":
        """A new Parameter with the same name, value (or ``init``) and flags."""
        if init == "same":
            data = Tensor._make(self._value)
        else:
            from .initializer import initializer
            data = initializer(init, self.shape, self.dtype)
        p = Parameter(data, self.name, self.requires_grad, self.layerwise_parallel, self.parallel_optimizer)
        p.__dict__["_user_named"] = self.__dict__.get("_user_named", True)
        return p

    def init_data(self, *args, **kwargs) -> "Parameter":
        return self

    def _load(self) -> None:
        """MindSpore's call that brings an offloaded Parameter back to the device (``Tensor._offload``'s
        pair). mindjax never moves values off the device XLA keeps them on, so they are already there."""
        return None

    def __repr__(self) -> str:
        from .._printing import parameter_repr
        return parameter_repr(self.name, self.shape, self.dtype.name, self.requires_grad)

    def __str__(self) -> str:
        return self.__repr__()

    def __deepcopy__(self, memo):
        p = Parameter(Tensor._make(self._value), self.name, self.requires_grad)
        memo[id(self)] = p
        return p

    def __reduce__(self):
        return (_rebuild_param, (self.asnumpy(), self.dtype.name, self.name, self.requires_grad))

    @property
    def cache_enable(self) -> bool:
        """Whether the Parameter is held in the parameter server's embedding cache (False unless
        set). The flag is MindSpore's; like MindSpore outside parameter-server mode, mindjax keeps
        no such cache, so it changes nothing.

        Examples:
            >>> import mindjax as ms
            >>> ms.Parameter(ms.Tensor(1.0), name="w").cache_enable
            False
        """
        return self.__dict__.get("_cache_enable", False)

    @cache_enable.setter
    def cache_enable(self, value: bool) -> None:
        if not isinstance(value, bool):
            raise TypeError("The argument `cache_enable` must be bool type.")
        self.__dict__["_cache_enable"] = value

    @property
    def unique(self) -> bool:
        return True


_GENERATED_PARAMETER_NAME_PREFIX = "Parameter#"
_generated_count = [0]


def _generated_name() -> str:
    """``Parameter#N``: MindSpore's name for a Parameter created without one (a Cell renames it
    after the attribute that holds it)."""
    _generated_count[0] += 1
    return f"{_GENERATED_PARAMETER_NAME_PREFIX}{_generated_count[0]}"


def _is_parameter_generated(param_name) -> bool:
    """Whether ``param_name`` is a generated name (the Parameter was created without one)."""
    return isinstance(param_name, str) and param_name.startswith(_GENERATED_PARAMETER_NAME_PREFIX)


def _rebuild_param(arr, dtype_name, name, requires_grad):
    return Parameter(Tensor(arr, mstype.from_name(dtype_name)), name, requires_grad)


class _BufferMeta(type):
    # isinstance(t, _Buffer) holds for any Tensor marked as a buffer (a Cell's register_buffer marks it)
    def __instancecheck__(cls, instance):
        if cls is _Buffer:
            return isinstance(instance, Tensor) and bool(instance.__dict__.get("_is_buffer", False))
        return super().__instancecheck__(instance)


class _Buffer(Tensor, metaclass=_BufferMeta):
    """``_Buffer(data, *, persistent=True)``: ``data`` (a Tensor, gradient stopped) marked as a buffer, so
    that assigning it to a Cell attribute registers it (``Cell.buffers()``, ``state_dict`` when persistent).

    Examples:
        >>> import mindjax as ms
        >>> from mindjax.common.parameter import _Buffer
        >>> b = _Buffer(ms.Tensor([1.0, 2.0]))
        >>> isinstance(b, _Buffer), b.persistent
        (True, True)
    """

    def __new__(cls, data, *, persistent: bool = True):
        if data is None:
            raise ValueError("For create Buffer, input data should not be None")
        if not isinstance(data, Tensor):
            raise TypeError("For create Buffer, type of input data should be Tensor")
        from ..ops import stop_gradient
        t = stop_gradient(data)
        t.__dict__["_is_buffer"] = True
        t.persistent = persistent
        return t


class ParameterTuple(tuple):
    """A tuple of Parameters with ``clone(prefix, init)``.

    Examples:
        >>> import mindjax as ms
        >>> ps = ms.ParameterTuple((ms.Parameter(ms.Tensor(1.0), name="a"),))
        >>> ps.clone("copy")
        (Parameter (name=copy.a, shape=(), dtype=Float32, requires_grad=True),)
    """

    def __new__(cls, iterable):
        items = tuple(iterable)
        # the same Parameter may appear several times (an optimizer's per-Parameter group rates);
        # two different Parameters may not share a name
        ids, names = set(), set()
        for p in items:
            if not isinstance(p, Parameter):
                raise TypeError(f"For 'ParameterTuple', each element must be a Parameter, but got "
                                f"{type(p).__name__}.")
            if id(p) not in ids:
                if p.name in names:
                    raise ValueError(f"The value {p} , its name '{p.name}' already exists. Please set a unique "
                                     f"name for the parameter.")
                names.add(p.name)
                ids.add(id(p))
        return tuple.__new__(cls, items)

    def clone(self, prefix: str, init: str = "same") -> "ParameterTuple":
        if not isinstance(prefix, str) or not prefix:
            raise ValueError(f"For 'ParameterTuple.clone', the 'prefix' must be a non-empty str, but got {prefix!r}.")
        out = []
        for p in self:
            c = p.clone(init)
            c.name = f"{prefix}.{p.name}"
            out.append(c)
        return ParameterTuple(out)

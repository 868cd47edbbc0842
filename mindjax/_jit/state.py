"""What the jit machinery tells the rest of the package while it traces."""

_rng_source = None  # while tracing: a callable returning the next PRNG key from the threaded state


def rng_key_in_trace():
    return _rng_source


def set_rng_source(fn):
    global _rng_source
    prev = _rng_source
    _rng_source = fn
    return prev

_params = ()  # while tracing a jit program: the Parameters it carries (branches and loops carry them too)


def current_params():
    return _params


def set_params(params):
    global _params
    prev = _params
    _params = params
    return prev


_globals = None  # while tracing a jit program: {(id(globals), name): (globals, name, value before)}


def global_writes():
    return _globals


def set_global_writes(reg):
    global _globals
    prev = _globals
    _globals = reg
    return prev

_syntax = 2  # while tracing: MindSpore's jit_syntax_level of the program (STRICT 0, COMPATIBLE 1, LAX 2)


def syntax_level() -> int:
    return _syntax


def set_syntax_level(level: int) -> int:
    global _syntax
    prev = _syntax
    _syntax = level
    return prev

_param_inputs = None  # while a program is traced for a PyNative gradient (jax.vjp): {id(Parameter): its input}


def set_param_inputs(reg):
    global _param_inputs
    prev = _param_inputs
    _param_inputs = reg
    return prev


def param_written(param, value):
    """The value a Parameter holds after a write inside a program being differentiated as a
    whole (a PyNative gradient through a jit call): MindSpore's graph mode reads a Parameter as
    the Parameter itself, so the value is the written one while its gradient goes to the
    Parameter's input, not to what computed the value (``assign(p, x); return p * x`` has the
    gradient ``p`` with respect to ``x``, not ``2 * x``)."""
    reg = _param_inputs
    if reg is None:
        return value
    p_in = reg.get(id(param))
    if p_in is None or getattr(p_in, "shape", None) != getattr(value, "shape", None) or \
            getattr(p_in, "dtype", None) != getattr(value, "dtype", None):
        return value
    return _as_param()(value, p_in)


_AS_PARAM = []


def _as_param():
    """``f(value, p) = value`` whose derivative is that of ``p`` (a custom JVP, so that no
    arithmetic touches the values: an infinite Parameter stays infinite)."""
    if not _AS_PARAM:
        import jax

        @jax.custom_jvp
        def as_param(value, p):
            return value

        @as_param.defjvp
        def _jvp(primals, tangents):
            return primals[0], tangents[1]
        _AS_PARAM.append(as_param)
    return _AS_PARAM[0]

_functional = None  # while tracing: ids of the arrays that ``x[key] = v`` gave (MindSpore: not an in-place write)


def set_functional_writes(reg):
    global _functional
    prev = _functional
    _functional = reg
    return prev


def note_setitem(array) -> None:
    """``x[key] = v`` inside a program rebinds ``x`` to a new value, which does not reach the
    caller's Tensor (MindSpore's graph mode), unlike ``x.add_(1)``: remember the array."""
    if _functional is not None:
        _functional.add(id(array))


def is_setitem_result(array) -> bool:
    return _functional is not None and id(array) in _functional

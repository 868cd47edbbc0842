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

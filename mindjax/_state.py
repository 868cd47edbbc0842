"""Process-wide switches read on the hot path of every op (kept as plain attributes)."""


class _State:
    __slots__ = ("grad_depth", "sync", "check_nan", "cell_stack", "discover", "jit_depth", "amp", "capture")

    def __init__(self):
        self.grad_depth = 0      # >0 while a grad call records its forward pass
        self.sync = False        # pynative_synchronize: block after every op
        self.check_nan = False   # report the first op that makes NaN/Inf
        self.cell_stack = []     # names of the Cells being run (for error messages)
        self.discover = None     # set of Parameters read while a jit trace discovers state
        self.jit_depth = 0       # >0 while tracing a jit function
        self.amp = None          # amp_level 'auto': callable(op, tensors, attrs) -> (tensors, attrs)
        self.capture = False     # captured-sequence mode of PyNative (_capture.py)


state = _State()


def _fast_top_level():
    """``jax._src.core.trace_ctx.is_top_level()`` without its two property calls (0.06 us
    against 0.27 us, on the path of every PyNative op): the same two identity tests on JAX's
    thread-local trace and axis-environment states. Falls back to the method where those
    names moved (another JAX version)."""
    from jax._src import core
    try:
        trace_ref, axis_env = core.trace_state_strong_ref, core.axis_env_state
        eval_trace, top_env = core.eval_trace, core.top_axis_env
        if (trace_ref.value is eval_trace and axis_env.value is top_env) != core.trace_ctx.is_top_level():
            raise AttributeError  # the names exist but mean something else now
    except AttributeError:
        return core.trace_ctx.is_top_level

    def top_level() -> bool:
        return trace_ref.value is eval_trace and axis_env.value is top_env
    return top_level


# True when ops run eagerly: not inside jit, vmap, grad or another JAX transform
top_level = _fast_top_level()

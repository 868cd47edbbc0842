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

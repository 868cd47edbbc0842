"""What the jit machinery tells the rest of the package while it traces."""

_rng_source = None  # while tracing: a callable returning the next PRNG key from the threaded state


def rng_key_in_trace():
    return _rng_source


def set_rng_source(fn):
    global _rng_source
    prev = _rng_source
    _rng_source = fn
    return prev

"""``mindspore.JitConfig``: the options a ``jit`` compilation takes."""
from __future__ import annotations

# (accepted values, the list MindSpore's message shows): its message for jit_syntax_level
# leaves COMPATIBLE out, though it accepts it
_CHOICES = {
    "jit_level": (("", "O0", "O1", "O2"), "['O0', 'O1', 'O2']"),
    "exc_mode": (("auto", "sink", "no_sink"), "'['auto', 'sink', 'no_sink']'"),
    "jit_syntax_level": (("", "STRICT", "COMPATIBLE", "LAX"), "'['STRICT', 'LAX']'"),
    "debug_level": (("RELEASE", "DEBUG"), "'['RELEASE', 'DEBUG']'"),
    "infer_boost": (("", "on", "off"), "'['on', 'off']'"),
}


class JitConfig:
    """Compile options for ``Cell.set_jit_config(JitConfig(...))`` and ``Model``.

    XLA compiles every program at its own optimisation level, so ``jit_level`` and
    ``infer_boost`` select nothing here; ``jit_syntax_level`` (STRICT, COMPATIBLE, LAX) is
    what the graph compiler accepts: STRICT and COMPATIBLE refuse a Tensor's ``asnumpy`` /
    ``tolist`` inside compiled code and STRICT returns dicts as tuples of their values, as
    MindSpore does. The values are checked as MindSpore checks them and
    ``jit_config_dict`` returns them.

    Examples:
        >>> import mindjax as ms
        >>> ms.JitConfig(jit_level="O1").jit_config_dict["jit_level"]
        'O1'
    """

    def __init__(self, jit_level: str = "", exc_mode: str = "auto", jit_syntax_level: str = "",
                 debug_level: str = "RELEASE", infer_boost: str = "off", **kwargs) -> None:
        given = {"jit_level": jit_level, "exc_mode": exc_mode, "jit_syntax_level": jit_syntax_level,
                 "debug_level": debug_level, "infer_boost": infer_boost}
        for key, value in given.items():
            allowed, shown = _CHOICES[key]
            if value not in allowed:
                raise ValueError(f"For '{key}' must be one of {shown}.")
        self.jit_config_dict = dict(kwargs)
        self.jit_config_dict.update(given)
        if jit_level and "backend" not in kwargs:
            # MindSpore derives its backend from the level: O2 compiles with GE, O0/O1 with its own
            self.jit_config_dict["backend"] = "GE" if jit_level == "O2" else "ms_backend"

    def __repr__(self) -> str:
        return f"JitConfig({self.jit_config_dict})"

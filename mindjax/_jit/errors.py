"""Errors raised when jit code asks for something only PyNative can give."""


class JitControlFlowError(TypeError):
    pass


def tensor_bool_error():
    return JitControlFlowError(
        "A Tensor's value decides Python control flow ('if'/'while' on a Tensor, or bool(Tensor)) inside a jit "
        "function, but its value is not known while the function is compiled. Use ops.select / ops.where for a "
        "data-dependent choice, compute the condition outside the jit function and pass it as a Python value, or "
        "run this code in PyNative mode.")


class PythonValueNeeded(JitControlFlowError):
    """Python code (``str(x)``, ``"{}".format(x)``) needs a Tensor's value while the function is
    compiled. At the LAX syntax level MindSpore runs such code at run time (JIT Fallback):
    mindjax runs that call op by op instead (a graph break)."""


def python_value_needed(what: str) -> PythonValueNeeded:
    return PythonValueNeeded(f"For '{what}', the value of a Tensor is needed while the jit function is compiled. "
                             f"Compute it outside the jit function, or use the LAX syntax level (the default), "
                             f"where such a call runs op by op.")


class BranchStructureError(TypeError):
    """The two branches of a tensor ``if`` give values of different structures (a dict with other
    keys, a tuple of another length...): no compiled ``cond`` can return both. At the LAX syntax
    level the call runs op by op instead, as MindSpore decides such a branch at run time."""


def join_failed(detail: str, fns) -> TypeError:
    """The branches of an ``if`` whose condition is known only at run time give a Tensor and a
    Python scalar, or scalars of other types (MindSpore's "Type Join Failed"): no program can
    give either, so MindSpore's compiler refuses it with a TypeError naming the ``if`` line and
    each branch's lines (of ``fns``: the branch functions of the source pass, whose first line is
    the ``if``)."""
    import linecache
    parts = ["Cannot join the return values of different branches, perhaps you need to make them equal.",
             f"Type Join Failed: {detail}"]
    for i, fn in enumerate(fns):
        code = getattr(fn, "__code__", None)
        if code is None:
            continue
        first = code.co_firstlineno
        if i == 0:
            parts.append(f"In file {code.co_filename}:{first}\n    {linecache.getline(code.co_filename, first).strip()}")
        lines = sorted({ln for _, _, ln in code.co_lines() if ln and ln != first}) or _block_returns(code)
        parts.append(("true" if i == 0 else "false") + " branch:")
        parts += [f"In file {code.co_filename}:{ln}\n    {linecache.getline(code.co_filename, ln).strip()}"
                  for ln in lines]
    e = TypeError("\n".join(parts))
    e._mj_final = True  # not retried with the inputs as constants: the source itself is refused
    return e


def _block_returns(code) -> list:
    """The ``return`` lines of the block that starts at the code's first line (a loop's ``return``,
    which the source pass turns into a flag and an ``if`` after the loop)."""
    import linecache
    first = code.co_firstlineno
    head = linecache.getline(code.co_filename, first)
    indent = len(head) - len(head.lstrip())
    out, n = [], first + 1
    while True:
        s = linecache.getline(code.co_filename, n)
        if not s:
            break
        if s.strip() and len(s) - len(s.lstrip()) <= indent:
            break
        if s.strip().startswith("return"):
            out.append(n)
        n += 1
    return out


class DynamicShapeError(JitControlFlowError):
    """An op whose output shape depends on the values met a value known only at run time. Inside
    a jit call mindjax then runs that call op by op (``dynamic_break.py``); it reaches the user
    only where no such fallback exists."""

    def __init__(self, msg: str, what: str = "") -> None:
        super().__init__(msg)
        self.what = what


def dynamic_shape_error(what):
    return DynamicShapeError(
        f"{what} gives a shape that depends on the values, which jit cannot compile. Use ops.select / "
        f"ops.masked_fill to keep the shape fixed, or run this code in PyNative mode.", what)


_JAX_DIRS = None


def _internal_dirs():
    global _JAX_DIRS
    if _JAX_DIRS is None:
        import os

        import jax
        import jaxlib
        here = os.path.dirname(os.path.abspath(__file__))
        _JAX_DIRS = (os.path.dirname(os.path.abspath(jax.__file__)), os.path.dirname(os.path.abspath(jaxlib.__file__)),
                     here)
    return _JAX_DIRS


_ZERO_DIVISION = {"modulo": "Cannot perform modulo operation on zero."}


def _scalar_zero_division(e):
    """Python's ZeroDivisionError of ``5 / 0`` or ``5 % 0`` on scalars in compiled code: graph mode's
    compiler folds the constant expression and refuses it with a ValueError (a user's ``raise`` stays)."""
    if type(e) is not ZeroDivisionError or getattr(e, "_mj_user_raise", False):
        return e
    text = str(e)
    msg = _ZERO_DIVISION["modulo"] if "modulo" in text and "division" not in text else \
        "The divisor could not be zero. But the divisor is zero now."
    new = ValueError(msg)
    return new.with_traceback(e.__traceback__)


def _container_attribute(e):
    """Reading a missing attribute of a tuple, list or dict in compiled code: graph mode names the
    type as its compiler does (``'List' object has no attribute 'x'``)."""
    if type(e) is not AttributeError or getattr(e, "_mj_user_raise", False) or not getattr(e, "name", None):
        return e
    kind = {list: "List", tuple: "Tuple", dict: "Dictionary"}.get(type(getattr(e, "obj", None)))
    tb = e.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    import os
    if kind is None or tb is None or os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(_internal_dirs()):
        return e  # only where the user's code reads the attribute
    return AttributeError(f"'{kind}' object has no attribute '{e.name}'").with_traceback(e.__traceback__)


def _user_frame_raised(e) -> bool:
    import os
    tb = e.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and not os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(_internal_dirs())


def _no_len(e):
    """``len(3)`` in compiled code: graph mode looks for the scalar's ``__len__`` (AttributeError)."""
    import re
    m = re.fullmatch(r"object of type '(\w+)' has no len\(\)", str(e)) if type(e) is TypeError else None
    kind = {"int": "Int", "_Int": "Int", "float": "Float", "_Float": "Float"}.get(m.group(1)) if m else None
    if kind is None or getattr(e, "_mj_user_raise", False) or not _user_frame_raised(e):
        return e
    return AttributeError(f"'{kind}' object has no attribute '__len__'").with_traceback(e.__traceback__)


def clean_exception(e: BaseException) -> BaseException:
    """``e`` as the user sees it after a jit call: JAX's frames and mindjax's jit machinery
    are taken out of its traceback, and JAX's note about filtered frames is dropped."""
    import os
    import types
    from ..ops._checks import take_pending
    pending = take_pending()  # an index check compiled into the program failed: raise its error instead
    if pending is not None:
        e = pending
    e = _scalar_zero_division(e)
    e = _container_attribute(e)
    e = _no_len(e)
    if os.environ.get("MINDJAX_TRACEBACK_FILTERING", "on") == "off":  # debugging mindjax itself
        return e
    notes = getattr(e, "__notes__", None)
    if notes:
        keep = [n for n in notes if "JAX_TRACEBACK_FILTERING" not in n and "removed its internal frames" not in n]
        if keep:
            e.__notes__ = keep
        else:
            del e.__notes__
    dirs = _internal_dirs()
    frames = []
    tb = e.__traceback__
    while tb is not None:
        fname = os.path.abspath(tb.tb_frame.f_code.co_filename)
        if not fname.startswith(dirs):
            frames.append(tb)
        tb = tb.tb_next
    new = None
    for tb in reversed(frames):
        new = types.TracebackType(new, tb.tb_frame, tb.tb_lasti, tb.tb_lineno)
    e.__cause__ = None
    e.__suppress_context__ = True
    return e.with_traceback(new)

"""MindSpore's wrapping of exceptions raised by user code running inside the pipeline.

MindSpore runs a user's generator, ``__getitem__``, map function, ``per_batch_map`` or filter
predicate inside its C++ pipeline and reports a failure as ``RuntimeError: Exception thrown from
user defined Python function in dataset.`` followed by the Python traceback of the original
exception; mindjax raises the same class with the same sections, chained to the original.
"""
import traceback

_SEP = "-" * 66 + "\n"
_HEAD = "Exception thrown from user defined Python function in dataset. \n\n"
_TAIL = (_SEP + "- Dataset Pipeline Error Message: \n" + _SEP
         + "[ERROR] Execute user Python code failed, check 'Python Call Stack' above.\n")


def _mark(err):
    err._mindjax_wrapped = True  # so that an outer node does not wrap it again
    return err


def is_wrapped(exc):
    return getattr(exc, "_mindjax_wrapped", False)


def _format(exc):
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def wrap_source(exc):
    """The error for an exception raised by a generator / random-access source or row conversion."""
    if is_wrapped(exc):
        return exc
    msg = _HEAD + _SEP + "- Python Call Stack: \n" + _SEP + _format(exc) + "\n" + _TAIL
    return _mark(RuntimeError(msg))


def wrap_text(text):
    """The user-code error of MindSpore whose Python call stack section is just ``text``."""
    return _mark(RuntimeError(_HEAD + _SEP + "- Python Call Stack: \n" + _SEP + text + "\n\n" + _TAIL))


def op_name(op):
    """The name MindSpore shows for a map operation: ``PyFunc`` for a plain Python callable."""
    mod = getattr(type(op), "__module__", "") or ""
    if mod.startswith("mindjax.dataset"):
        return type(op).__name__
    return "PyFunc"


def wrap_map(exc, op):
    """The error for an exception raised by a map operation."""
    if is_wrapped(exc):
        return exc
    if op_name(op) != "PyFunc":  # a built-in transform fails as MindSpore's C++ ops do
        return _mark(pipeline_error(f"map operation: [{op_name(op)}] failed. {exc}"))
    body = f"map operation: [{op_name(op)}] failed. Error description:\n{type(exc).__name__}: {_format(exc)}"
    msg = _HEAD + _SEP + "- Python Call Stack: \n" + _SEP + body + "\n" + _TAIL
    return _mark(RuntimeError(msg))


def none_from_map(op):
    """MindSpore's error when a map operation returns None."""
    body = (f"map operation: [{op_name(op)}] failed. Got None from Python object. The subprocess of dataset may "
            "exit unexpected or be killed, main process will exit. If this is not an artificial operation, you "
            "can use mindspore.dataset.config.set_enable_watchdog(False) to block this error.")
    return _mark(RuntimeError(_HEAD + _SEP + "- Python Call Stack: \n" + _SEP + body + "\n\n" + _TAIL))


def pipeline_error(text):
    """MindSpore's RuntimeError for a failure inside its pipeline (bad file, bad data): ``text`` is
    what it shows under 'Dataset Pipeline Error Message'."""
    return RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. \n\n"
                        + _SEP + "- Dataset Pipeline Error Message: \n" + _SEP + "[ERROR] " + text + "\n")

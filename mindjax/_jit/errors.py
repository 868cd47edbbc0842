"""Errors raised when jit code asks for something only PyNative can give."""


class JitControlFlowError(TypeError):
    pass


def tensor_bool_error():
    return JitControlFlowError(
        "A Tensor's value decides Python control flow ('if'/'while' on a Tensor, or bool(Tensor)) inside a jit "
        "function, but its value is not known while the function is compiled. Use ops.select / ops.where for a "
        "data-dependent choice, compute the condition outside the jit function and pass it as a Python value, or "
        "run this code in PyNative mode.")


def dynamic_shape_error(what):
    return JitControlFlowError(
        f"{what} gives a shape that depends on the values, which jit cannot compile. Use ops.select / "
        f"ops.masked_fill to keep the shape fixed, or run this code in PyNative mode.")

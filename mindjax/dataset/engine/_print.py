"""How MindSpore prints a Tensor that came out of a dataset iterator.

Such a Tensor wraps the numpy array the pipeline made (``Tensor.from_numpy``), and MindSpore's
repr of a numpy-backed Tensor renders the values with numpy (``[1., 1.]``), not with the C++
formatter used for computed Tensors (``[ 1.00000000e+00,  1.00000000e+00]``).
"""
import numpy as np


def numpy_backed_repr(arr: np.ndarray, dtype_name: str) -> str:
    """``repr`` of a numpy-backed Tensor in MindSpore 2.10.

    Examples:
        >>> import numpy as np
        >>> numpy_backed_repr(np.array([1.0, 2.5], np.float32), "Float32")
        'Tensor(shape=[2], dtype=Float32, value= [1. , 2.5])'
    """
    a = np.asarray(arr)
    shape = "[" + ", ".join(str(d) for d in a.shape) + "]"
    sep = "\n" if a.ndim > 1 else " "
    return f"Tensor(shape={shape}, dtype={dtype_name}, value={sep}{np.array2string(a, separator=', ')})"

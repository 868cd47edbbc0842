"""dtypes print and convert as MindSpore's."""
import numpy as np
import pytest

import mindjax as ms
from mindjax import dtype as mstype


@pytest.mark.parametrize("t,name,np_t", [
    (ms.bool_, "Bool", np.bool_), (ms.int8, "Int8", np.int8), (ms.int16, "Int16", np.int16),
    (ms.int32, "Int32", np.int32), (ms.int64, "Int64", np.int64), (ms.uint8, "UInt8", np.uint8),
    (ms.uint16, "UInt16", np.uint16), (ms.uint32, "UInt32", np.uint32), (ms.uint64, "UInt64", np.uint64),
    (ms.float16, "Float16", np.float16), (ms.float32, "Float32", np.float32), (ms.float64, "Float64", np.float64),
    (ms.complex64, "Complex64", np.complex64), (ms.complex128, "Complex128", np.complex128)])
def test_names_and_numpy(t, name, np_t):
    # MindSpore 2.10: str is the type name, repr the attribute path (repr(ms.bool_) == 'mindspore.bool')
    assert str(t) == name and repr(t) == "mindspore." + ("bool" if name == "Bool" else name.lower())
    assert mstype.dtype_to_nptype(t) is np_t
    assert ms.Tensor(np.zeros(2, np_t)).dtype == t


def test_aliases_and_conversion():
    assert mstype.float_ == ms.float32 and mstype.int_ == ms.int64
    assert str(ms.bfloat16) == "BFloat16"
    assert mstype.pytype_to_dtype(int) == ms.int64
    assert mstype.dtype_to_pytype(ms.float16) is float
    with pytest.raises(TypeError):
        mstype.to_dtype("nope")

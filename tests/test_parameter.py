"""Parameter, ParameterTuple and initializers."""
import numpy as np
import pytest

import mindjax as ms
from mindjax import Parameter, ParameterTuple, Tensor
from mindjax.common.initializer import (initializer, Normal, TruncatedNormal, Uniform, XavierUniform, HeUniform,
                                        HeNormal, One, Zero, Constant, XavierNormal)


def test_parameter_basics():
    p = Parameter(Tensor(np.ones((2, 3)), ms.float32), name="w")
    assert repr(p) == "Parameter (name=w, shape=(2, 3), dtype=Float32, requires_grad=True)"
    assert p.requires_grad and p.name == "w"
    p.set_data(Tensor(np.zeros((2, 3), np.int32)))
    assert p.dtype == ms.float32 and p.asnumpy().sum() == 0
    with pytest.raises(ValueError):
        p.set_data(Tensor(np.zeros((3, 3))))
    q = p.clone()
    assert q.name == "w" and q is not p
    assert Parameter(2.0, name="z").dtype == ms.float32
    assert Parameter(Tensor([1, 2]), name="i").dtype == ms.int64
    r = Parameter(Tensor(1.0), name="r", requires_grad=False)
    assert not r.requires_grad


def test_parameter_tuple_clone():
    x = Parameter(Tensor(np.arange(6).reshape(2, 3)), name="x")
    y = Parameter(initializer("ones", [1, 2, 3], ms.float32), name="y")
    params = ParameterTuple((x, y))
    c = params.clone("copy")
    assert [p.name for p in c] == ["copy.x", "copy.y"]
    assert c[1].asnumpy().tolist() == [[[1, 1, 1], [1, 1, 1]]]
    with pytest.raises(TypeError):
        ParameterTuple((x, 1))


@pytest.mark.parametrize("init", [Normal(0.02), TruncatedNormal(0.02), Uniform(0.1), XavierUniform(), XavierNormal(),
                                  HeUniform(), HeNormal(), "normal", "xavier_uniform", "he_uniform", "truncatedNormal"])
def test_random_initializers_reproducible(init):
    ms.set_seed(3)
    a = initializer(init, [64, 32], ms.float32).asnumpy()
    ms.set_seed(3)
    b = initializer(init, [64, 32], ms.float32).asnumpy()
    assert a.dtype == np.float32 and a.shape == (64, 32)
    np.testing.assert_array_equal(a, b)
    assert a.std() > 0


def test_initializer_statistics():
    ms.set_seed(0)
    w = initializer(TruncatedNormal(0.02), [200, 200]).asnumpy()
    # MindSpore's a, b are value bounds (default [-2, 2]), not multiples of sigma
    assert abs(w.std() - 0.02) < 0.001 and np.abs(w).max() <= 2.0
    u = initializer(XavierUniform(), [100, 300]).asnumpy()
    assert np.abs(u).max() <= np.sqrt(6 / 400) + 1e-6
    assert initializer(One(), [2]).tolist() == [1, 1]
    assert initializer(Zero(), [2]).tolist() == [0, 0]
    assert initializer(Constant(3), [2], ms.int32).tolist() == [3, 3]
    with pytest.raises(ValueError):
        initializer("no_such_init", [2])


def test_cache_enable_flag():
    """Parameter.cache_enable as MindSpore 2.10's: False by default, a bool flag (model zoos read it
    to decide whether to flush a parameter-server cache), TypeError for anything else."""
    import pytest
    p = ms.Parameter(ms.Tensor(1.0), name="w")
    assert p.cache_enable is False
    p.cache_enable = True
    assert p.cache_enable is True
    with pytest.raises(TypeError, match="must be bool type"):
        p.cache_enable = 1

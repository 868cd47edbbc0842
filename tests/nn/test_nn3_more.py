"""nn.Unfold / ops.ExtractImagePatches (MindSpore 2.10 has no CPU kernel: checked against a loop written
from its GPU kernel's index formula, TensorFlow's layout) and nn.no_init_parameters."""
import numpy as np
import pytest

import mindjax as ms
from mindjax import nn, ops, Tensor


def patches_ref(x, k, s, r, same):
    """MindSpore's GPU ExtractImagePatches, element by element (NHWC with depth fastest, then NCHW)."""
    n, c, h, w = x.shape
    eff = [k[i] + (k[i] - 1) * (r[i] - 1) for i in range(2)]
    if same:
        out = [-(-h // s[0]), -(-w // s[1])]
    else:
        out = [int(np.ceil((h - eff[0] + 1) / s[0])), int(np.ceil((w - eff[1] + 1) / s[1]))]
    pad = [max(0, ((out[0] - 1) * s[0] + eff[0] - h) // 2), max(0, ((out[1] - 1) * s[1] + eff[1] - w) // 2)]
    y = np.zeros((n, k[0] * k[1] * c, out[0], out[1]), x.dtype)
    for b in range(n):
        for orow in range(out[0]):
            for ocol in range(out[1]):
                for i in range(k[0]):
                    for j in range(k[1]):
                        ir, ic = orow * s[0] + i * r[0] - pad[0], ocol * s[1] + j * r[1] - pad[1]
                        if 0 <= ir < h and 0 <= ic < w:
                            for ch in range(c):
                                y[b, (i * k[1] + j) * c + ch, orow, ocol] = x[b, ch, ir, ic]
    return y


@pytest.mark.parametrize("k,s,r,pad", [((2, 2), (2, 2), (2, 2), "valid"), ((3, 2), (1, 2), (1, 1), "valid"),
                                       ((3, 3), (2, 2), (1, 1), "same"), ((2, 3), (3, 1), (2, 1), "SAME")])
def test_unfold_matches_kernel_formula_and_gradient(k, s, r, pad):
    x = np.random.default_rng(0).normal(size=(2, 3, 7, 6)).astype(np.float32)
    net = nn.Unfold([1, k[0], k[1], 1], [1, s[0], s[1], 1], [1, r[0], r[1], 1], pad)
    want = patches_ref(x, k, s, r, pad.lower() == "same")
    out = net(Tensor(x))
    np.testing.assert_array_equal(out.asnumpy(), want)
    np.testing.assert_array_equal(ms.jit(lambda t: net(t))(Tensor(x)).asnumpy(), want)
    # each input pixel's gradient counts the patches that hold it (weights 1)
    g = ms.grad(lambda t: net(t).sum())(Tensor(x)).asnumpy()
    ids = patches_ref(np.arange(1, x.size + 1, dtype=np.float64).reshape(x.shape), k, s, r, pad.lower() == "same")
    counts = np.bincount(ids[ids > 0].astype(np.int64) - 1, minlength=x.size).reshape(x.shape)
    np.testing.assert_array_equal(g, counts)


def test_extract_image_patches_primitive_and_errors():
    x = ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
    out = ops.ExtractImagePatches([1, 1, 2, 2], [1, 1, 2, 2], [1, 1, 1, 1])(x)
    np.testing.assert_array_equal(out.asnumpy()[0, :, 0, 0], [0, 1, 4, 5])
    with pytest.raises(ValueError, match=r"the format of 'ksizes' must be \[1, ksize_row, ksize_col, 1\]"):
        nn.Unfold([2, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])
    with pytest.raises(ValueError, match="must be an positive integer number"):
        nn.Unfold([1, 0, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])
    with pytest.raises(ValueError, match="'padding' must be 'VALID' or 'SAME'"):
        nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], "full")


def test_no_init_parameters_flag_and_checkpoint_values(tmp_path):
    src = nn.Dense(3, 2)
    path = str(tmp_path / "d.ckpt")
    ms.save_checkpoint(src, path)
    with nn.no_init_parameters():
        net = nn.Dense(3, 2)
        assert net.weight.init_param is False
    assert net.weight.init_param is True
    ms.load_checkpoint(path, net)
    np.testing.assert_array_equal(net.weight.asnumpy(), src.weight.asnumpy())
    from mindjax.nn.utils import no_init_parameters
    assert no_init_parameters is nn.no_init_parameters

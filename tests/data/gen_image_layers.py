"""Record MindSpore 2.10's image layers (nn.PSNR, SSIM, MSSSIM, CentralCrop, ImageGradients,
PixelShuffle, PixelUnshuffle, ChannelShuffle) and nn.Norm, L1Regularizer, ClipByNorm:
outputs, gradients (ms.grad) and error classes. Run with ~/msref/bin/python; writes
ms_image_layers.json next to this file.

GRAPH_MODE: in MindSpore 2.10 PyNative, PSNR/SSIM/MSSSIM raise ValueError from
ScalarCast (float32 not in its list) for every input; Graph mode computes them.
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn

ms.set_context(mode=ms.GRAPH_MODE)
rng = np.random.default_rng(7)
OUT = {"cases": [], "errors": []}


def arr(shape, dtype="float32", lo=0.0, hi=1.0):
    if dtype in ("uint8", "int32"):
        return rng.integers(0, 256 if dtype == "uint8" else 20, size=shape).astype(dtype)
    return rng.uniform(lo, hi, size=shape).astype(dtype)


def enc(a):
    a = np.asarray(a)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "data": a.astype(np.float64).ravel().tolist()}


def case(name, ctor, kwargs, inputs, grad=True, extra=None):
    """Run ``nn.<ctor>(**kwargs)`` on ``inputs``; with ``grad`` also the gradient of sum(outputs)
    w.r.t. every float input."""
    cell = getattr(nn, ctor)(**kwargs)
    tin = [ms.Tensor(a) for a in inputs] + [ms.Tensor(e) for e in (extra or [])]
    out = cell(*tin)
    outs = out if isinstance(out, tuple) else (out,)
    rec = {"name": name, "ctor": ctor, "kwargs": kwargs, "inputs": [enc(a) for a in inputs],
           "extra": [enc(e) for e in (extra or [])], "outputs": [enc(o.asnumpy()) for o in outs],
           "tuple": isinstance(out, tuple)}
    if grad:
        pos = tuple(i for i, a in enumerate(inputs) if a.dtype.kind == "f")

        def f(*a):
            o = cell(*a)
            o = o if isinstance(o, tuple) else (o,)
            s = o[0].sum()
            for t in o[1:]:
                s = s + t.sum()
            return s
        g = ms.grad(f, grad_position=pos)(*tin)
        g = g if isinstance(g, tuple) else (g,)
        rec["grads"] = {str(p): enc(x.asnumpy()) for p, x in zip(pos, g)}
    OUT["cases"].append(rec)


def err(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class is what is recorded
        OUT["errors"].append({"name": name, "error": type(e).__name__, "msg": str(e)[:300]})
        return
    OUT["errors"].append({"name": name, "error": None, "msg": ""})


a, b = arr((2, 3, 8, 8)), arr((2, 3, 8, 8))
case("psnr_f32", "PSNR", {}, [a, b])
case("psnr_max2", "PSNR", {"max_val": 2}, [a * 2, b * 2])
case("psnr_u8", "PSNR", {"max_val": 255}, [arr((2, 1, 5, 5), "uint8"), arr((2, 1, 5, 5), "uint8")], grad=False)
a, b = arr((2, 3, 16, 16)), arr((2, 3, 16, 16))
case("ssim_default", "SSIM", {}, [a, b])
case("ssim_small", "SSIM", {"max_val": 2.0, "filter_size": 5, "filter_sigma": 1.0, "k1": 0.02, "k2": 0.05},
     [a[:, :2] * 2, (a[:, :2] * 0.7 + b[:, :2] * 0.3) * 2])
a, b = arr((2, 2, 48, 48)), arr((2, 2, 48, 48))
case("msssim_3", "MSSSIM", {"power_factors": (0.2, 0.3, 0.5), "filter_size": 7}, [a, a * 0.6 + b * 0.4])
case("msssim_2", "MSSSIM", {"power_factors": [0.5, 0.5], "filter_size": 5, "filter_sigma": 1.0,
                           "max_val": 1}, [a[:1, :, :20, :24], b[:1, :, :20, :24]])
case("crop_4d", "CentralCrop", {"central_fraction": 0.5}, [arr((2, 3, 7, 9))])
case("crop_3d", "CentralCrop", {"central_fraction": 0.3}, [arr((3, 10, 8))])
case("crop_full", "CentralCrop", {"central_fraction": 1.0}, [arr((1, 2, 3, 3))])
case("grad_f32", "ImageGradients", {}, [arr((2, 2, 4, 5))])
case("grad_i32", "ImageGradients", {}, [arr((1, 2, 3, 3), "int32")], grad=False)
case("grad_h1", "ImageGradients", {}, [arr((1, 1, 1, 4))])
case("grad_w1", "ImageGradients", {}, [arr((1, 1, 3, 1))])
case("pixshuf_4d", "PixelShuffle", {"upscale_factor": 2}, [arr((2, 8, 3, 3))])
case("pixshuf_5d", "PixelShuffle", {"upscale_factor": 3}, [arr((2, 1, 9, 2, 2))])
case("pixshuf_3d_int", "PixelShuffle", {"upscale_factor": 2}, [arr((4, 2, 3), "int32")], grad=False)
case("pixunshuf_4d", "PixelUnshuffle", {"downscale_factor": 2}, [arr((2, 2, 4, 6))])
case("pixunshuf_3d", "PixelUnshuffle", {"downscale_factor": 3}, [arr((1, 6, 3))])
case("chshuf", "ChannelShuffle", {"groups": 3}, [arr((2, 6, 2, 3))])
case("chshuf_int", "ChannelShuffle", {"groups": 2}, [arr((1, 4, 2, 2), "int32")], grad=False)
case("norm_all", "Norm", {}, [arr((2, 3), lo=-1)])
case("norm_axis", "Norm", {"axis": 1}, [arr((2, 3, 4), lo=-1)])
case("norm_axes_keep", "Norm", {"axis": (0, 2), "keep_dims": True}, [arr((2, 3, 4), lo=-1)])
case("norm_squeeze", "Norm", {"axis": 0}, [arr((2, 1, 3), lo=-1)])
case("l1reg", "L1Regularizer", {"scale": 0.5}, [arr((3, 4), lo=-1)])
case("l1reg_int", "L1Regularizer", {"scale": 2}, [arr((2, 2), "int32")], grad=False)
case("clip_all", "ClipByNorm", {}, [arr((4, 5), lo=-1)], extra=[np.array(1.0, np.float32)])
case("clip_noclip", "ClipByNorm", {"axis": (0,)}, [arr((3, 2), lo=-0.1, hi=0.1)], extra=[np.array(5.0, np.float32)])
case("clip_both_axes", "ClipByNorm", {"axis": (0, 1)}, [arr((3, 4), lo=-1)], extra=[np.array(0.5, np.float32)])
# MindSpore 2.10's CPU ClipByNorm is wrong when 'axis' leaves some axes out (and the norm is above
# clip_norm): its rows are not x * clip / max(L2 over axis, clip). Record its output and the
# formula's, so the test shows mindjax follows the formula where MindSpore differs.
x = arr((3, 4), lo=-1)
case("clip_axis_msbug", "ClipByNorm", {"axis": 1}, [x], grad=False, extra=[np.array([0.5], np.float32)])
OUT["cases"][-1]["formula"] = enc(x * np.float32(0.5) / np.maximum(
    np.sqrt(np.sum(x.astype(np.float64) ** 2, axis=1, keepdims=True)), 0.5).astype(np.float32))

T = ms.Tensor
f4 = T(arr((1, 1, 16, 16)))
err("psnr_maxval_str", lambda: nn.PSNR("1"))
err("psnr_maxval_zero", lambda: nn.PSNR(0))
err("psnr_3d", lambda: nn.PSNR()(T(arr((1, 4, 4))), T(arr((1, 4, 4)))))
err("psnr_shape_mismatch", lambda: nn.PSNR()(f4, T(arr((1, 1, 16, 15)))))
err("ssim_fs_float", lambda: nn.SSIM(filter_size=3.0))
err("ssim_fs_zero", lambda: nn.SSIM(filter_size=0))
err("ssim_sigma_int", lambda: nn.SSIM(filter_sigma=1))
err("ssim_sigma_neg", lambda: nn.SSIM(filter_sigma=-1.0))
err("ssim_k1_int", lambda: nn.SSIM(k1=1))
err("ssim_small_img", lambda: nn.SSIM()(T(arr((1, 1, 8, 8))), T(arr((1, 1, 8, 8)))))
err("ssim_int_img", lambda: nn.SSIM(filter_size=3)(T(arr((1, 1, 8, 8), "int32")), T(arr((1, 1, 8, 8), "int32"))))
err("msssim_pf_int", lambda: nn.MSSSIM(power_factors=1))
err("msssim_3d", lambda: nn.MSSSIM()(T(arr((1, 4, 4))), T(arr((1, 4, 4)))))
err("crop_int", lambda: nn.CentralCrop(1))
err("crop_zero", lambda: nn.CentralCrop(0.0))
err("crop_big", lambda: nn.CentralCrop(1.5))
err("crop_2d", lambda: nn.CentralCrop(0.5)(T(arr((4, 4)))))
err("imggrad_3d", lambda: nn.ImageGradients()(T(arr((1, 4, 4)))))
err("pixshuf_zero", lambda: nn.PixelShuffle(0)(T(arr((1, 4, 2, 2)))))
err("pixshuf_float", lambda: nn.PixelShuffle(2.0)(T(arr((1, 4, 2, 2)))))
err("pixshuf_2d", lambda: nn.PixelShuffle(2)(T(arr((4, 2)))))
err("pixshuf_indivisible", lambda: nn.PixelShuffle(2)(T(arr((1, 6, 2, 2)))))
err("pixshuf_numpy", lambda: nn.PixelShuffle(2)(arr((1, 4, 2, 2))))
err("pixunshuf_indivisible", lambda: nn.PixelUnshuffle(2)(T(arr((1, 1, 3, 4)))))
err("pixunshuf_zero", lambda: nn.PixelUnshuffle(0)(T(arr((1, 1, 2, 2)))))
err("chshuf_float", lambda: nn.ChannelShuffle(2.0))
err("chshuf_zero", lambda: nn.ChannelShuffle(0))
err("norm_keep_int", lambda: nn.Norm(keep_dims=1))
err("l1_str", lambda: nn.L1Regularizer("1"))
err("l1_zero", lambda: nn.L1Regularizer(0))
err("l1_inf", lambda: nn.L1Regularizer(float("inf")))
err("clip_axis_str", lambda: nn.ClipByNorm(axis="a"))

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_image_layers.json"), "w") as fh:
    json.dump(OUT, fh)
print(len(OUT["cases"]), "cases")
for e in OUT["errors"]:
    print(e["name"], e["error"], e["msg"][:160].replace("\n", " "))

"""Vision/transforms numerics against outputs recorded once from MindSpore 2.10 (data/vision_ref.json)."""
import json
import os

import numpy as np
import pytest

import mindjax.dataset.transforms as T
import mindjax.dataset.vision as V
from mindjax.dataset.transforms.transforms import _np_dtype

_REF = json.load(open(os.path.join(os.path.dirname(__file__), "data", "vision_ref.json")))
IMGS = {k: np.array(v, dtype=np.uint8) for k, v in _REF["images"].items()}


class _Int32:  # stands in for ms.int32: a dtype object with a numpy dtype under `.np`
    np = np.dtype(np.int32)


OPS = {
    "Resize((8,10))": lambda x: V.Resize((8, 10))(x),
    "Resize((3,4))": lambda x: V.Resize((3, 4))(x),
    "Resize(4)": lambda x: V.Resize(4)(x),
    "Resize(6)": lambda x: V.Resize(6)(x),
    "Resize((8,10)) float32": lambda x: V.Resize((8, 10))(x.astype(np.float32)),
    "Resize((8,10), NEAREST)": lambda x: V.Resize((8, 10), V.Inter.NEAREST)(x),
    "Resize((4,9)) HW": lambda x: V.Resize((4, 9))(x[:, :, 0].copy()),
    "Resize((9,13))": lambda x: V.Resize((9, 13))(x),
    "Resize((20,30))": lambda x: V.Resize((20, 30))(x),
    "Resize((6,8))": lambda x: V.Resize((6, 8))(x),
    "Resize((7,5)) float32": lambda x: V.Resize((7, 5))(x.astype(np.float32) / 3),
    "Resize((32,32))": lambda x: V.Resize((32, 32))(x),
    "Resize((14,14))": lambda x: V.Resize((14, 14))(x),
    "Rescale(1/255,-0.5)": lambda x: V.Rescale(1 / 255., -0.5)(x),
    "Normalize": lambda x: V.Normalize([121.0, 115.0, 100.0], [70.0, 68.0, 71.0])(x),
    "Normalize CHW": lambda x: V.Normalize([121.0, 115.0, 100.0], [70.0, 68.0, 71.0], is_hwc=False)(
        x.transpose(2, 0, 1).copy()),
    "Normalize gray": lambda x: V.Normalize([33.0], [77.0])(x),
    "HWC2CHW": lambda x: V.HWC2CHW()(x),
    "CenterCrop((3,4))": lambda x: V.CenterCrop((3, 4))(x),
    "CenterCrop(4)": lambda x: V.CenterCrop(4)(x),
    "CenterCrop((7,9))": lambda x: V.CenterCrop((7, 9))(x),
    "CenterCrop((8,10))": lambda x: V.CenterCrop((8, 10))(x),
    "ToTensor": lambda x: V.ToTensor()(x),
    "TypeCast(ms.int32)": lambda x: T.TypeCast(_Int32())(x),
    "TypeCast(np.float16)": lambda x: T.TypeCast(np.float16)(x),
    "OneHot(5)": lambda x: T.OneHot(5)(np.array([1, 3, 0])),
    "OneHot(4) scalar": lambda x: T.OneHot(4)(np.array(2)),
    "Compose": lambda x: T.Compose([V.Rescale(1 / 255., 0), V.HWC2CHW()])(x),
    "RandomCrop((9,11), padding=2)": lambda x: V.RandomCrop((9, 11), padding=2)(x),
    "RandomHorizontalFlip(1.0)": lambda x: V.RandomHorizontalFlip(1.0)(x),
    "RandomVerticalFlip(1.0)": lambda x: V.RandomVerticalFlip(1.0)(x),
    "Pad((1,2,3,4))": lambda x: V.Pad((1, 2, 3, 4))(x),
}


@pytest.mark.parametrize("case", _REF["cases"], ids=[c["name"] for c in _REF["cases"]])
def test_matches_mindspore(case):
    got = OPS[case["name"]](IMGS[case["image"]])
    assert isinstance(got, np.ndarray)
    assert list(got.shape) == case["shape"]
    assert str(got.dtype) == case["dtype"]
    want = np.array(case["data"]).reshape(case["shape"])
    if got.dtype.kind == "f":
        np.testing.assert_allclose(got.astype(np.float64), want, rtol=1e-6, atol=1e-6)
    else:
        np.testing.assert_array_equal(got.astype(np.float64), want)  # bit exact, Resize included


def test_every_recorded_case_has_an_op():
    assert {c["name"] for c in _REF["cases"]} == set(OPS)


def test_dtype_helper_accepts_mindjax_and_numpy_dtypes():
    assert _np_dtype(np.float32) == np.float32
    assert _np_dtype(np.dtype("int16")) == np.int16
    assert _np_dtype(_Int32()) == np.int32
    try:
        from mindjax import _dtype
    except ImportError:
        return
    assert _np_dtype(_dtype.int32) == np.int32
    assert _np_dtype(_dtype.float16) == np.float16

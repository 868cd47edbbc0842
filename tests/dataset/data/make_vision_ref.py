"""Records vision/transforms outputs of real MindSpore into vision_ref.json (run once with the oracle:
~/msref/bin/python tests/dataset/data/make_vision_ref.py). The tests only read the JSON."""
import json
import os

import numpy as np
import mindspore as ms
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V

r = np.random.RandomState(0)
imgs = {
    "a": r.randint(0, 256, (5, 7, 3)).astype(np.uint8),
    "b": r.randint(0, 256, (12, 16, 3)).astype(np.uint8),
    "g": r.randint(0, 256, (28, 28, 1)).astype(np.uint8),
}
cases = [
    ("a", "Resize((8,10))", lambda x: V.Resize((8, 10))(x)),
    ("a", "Resize((3,4))", lambda x: V.Resize((3, 4))(x)),
    ("a", "Resize(4)", lambda x: V.Resize(4)(x)),
    ("a", "Resize(6)", lambda x: V.Resize(6)(x)),
    ("a", "Resize((8,10)) float32", lambda x: V.Resize((8, 10))(x.astype(np.float32))),
    ("a", "Resize((8,10), NEAREST)", lambda x: V.Resize((8, 10), V.Inter.NEAREST)(x)),
    ("a", "Resize((4,9)) HW", lambda x: V.Resize((4, 9))(x[:, :, 0].copy())),
    ("b", "Resize((9,13))", lambda x: V.Resize((9, 13))(x)),
    ("b", "Resize((20,30))", lambda x: V.Resize((20, 30))(x)),
    ("b", "Resize((6,8))", lambda x: V.Resize((6, 8))(x)),
    ("b", "Resize((7,5)) float32", lambda x: V.Resize((7, 5))(x.astype(np.float32) / 3)),
    ("g", "Resize((32,32))", lambda x: V.Resize((32, 32))(x)),
    ("g", "Resize((14,14))", lambda x: V.Resize((14, 14))(x)),
    ("a", "Rescale(1/255,-0.5)", lambda x: V.Rescale(1 / 255., -0.5)(x)),
    ("a", "Normalize", lambda x: V.Normalize([121.0, 115.0, 100.0], [70.0, 68.0, 71.0])(x)),
    ("a", "Normalize CHW", lambda x: V.Normalize([121.0, 115.0, 100.0], [70.0, 68.0, 71.0], is_hwc=False)(
        x.transpose(2, 0, 1).copy())),
    ("g", "Normalize gray", lambda x: V.Normalize([33.0], [77.0])(x)),
    ("a", "HWC2CHW", lambda x: V.HWC2CHW()(x)),
    ("a", "CenterCrop((3,4))", lambda x: V.CenterCrop((3, 4))(x)),
    ("a", "CenterCrop(4)", lambda x: V.CenterCrop(4)(x)),
    ("a", "CenterCrop((7,9))", lambda x: V.CenterCrop((7, 9))(x)),
    ("a", "CenterCrop((8,10))", lambda x: V.CenterCrop((8, 10))(x)),
    ("a", "ToTensor", lambda x: V.ToTensor()(x)),
    ("a", "TypeCast(ms.int32)", lambda x: T.TypeCast(ms.int32)(x)),
    ("a", "TypeCast(np.float16)", lambda x: T.TypeCast(np.float16)(x)),
    ("a", "OneHot(5)", lambda x: T.OneHot(5)(np.array([1, 3, 0]))),
    ("a", "OneHot(4) scalar", lambda x: T.OneHot(4)(np.array(2))),
    ("a", "Compose", lambda x: T.Compose([V.Rescale(1 / 255., 0), V.HWC2CHW()])(x)),
    ("a", "RandomCrop((9,11), padding=2)", lambda x: V.RandomCrop((9, 11), padding=2)(x)),
    ("a", "RandomHorizontalFlip(1.0)", lambda x: V.RandomHorizontalFlip(1.0)(x)),
    ("a", "RandomVerticalFlip(1.0)", lambda x: V.RandomVerticalFlip(1.0)(x)),
    ("a", "Pad((1,2,3,4))", lambda x: V.Pad((1, 2, 3, 4))(x)),
]
out = {"images": {k: v.tolist() for k, v in imgs.items()}, "cases": []}
for img, name, fn in cases:
    y = np.asarray(fn(imgs[img]))
    out["cases"].append({"image": img, "name": name, "shape": list(y.shape), "dtype": str(y.dtype),
                         "data": y.astype(np.float64).ravel().tolist()})
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "vision_ref.json"), "w") as f:
    json.dump(out, f)
print(len(out["cases"]), "cases")

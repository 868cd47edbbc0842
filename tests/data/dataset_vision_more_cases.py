"""vision / transforms names run by real MindSpore (gen_dataset_vision_more.py) and by
tests/dataset/test_vision_more_ref.py."""
import os

import numpy as np


def _img(shape=(5, 6, 3), dtype=np.uint8, seed=0):
    r = np.random.RandomState(seed)
    return r.randint(0, 256, shape).astype(dtype)


def _out(x):
    if isinstance(x, (tuple, list)):
        return [_out(a) for a in x]
    if hasattr(x, "getbands"):
        return ["PIL", x.mode, list(x.size), np.asarray(x).tolist()]
    a = np.asarray(x)
    return [str(a.dtype), list(a.shape), a.tolist()]


CASES = {}


def case(name):
    def deco(fn):
        CASES[name] = fn
        return fn
    return deco


case("invert")(lambda V, T, tmp: _out(V.Invert()(_img())))
case("invert_float")(lambda V, T, tmp: _out(V.Invert()(_img(dtype=np.float32))))
case("invert_gray")(lambda V, T, tmp: _out(V.Invert()(_img((4, 4)))))
for _b in (1, 3, 8):
    case(f"posterize_{_b}")(lambda V, T, tmp, b=_b: _out(V.Posterize(b)(_img())))
case("posterize_bad")(lambda V, T, tmp: V.Posterize(9))
case("posterize_float")(lambda V, T, tmp: _out(V.Posterize(2)(_img(dtype=np.float32))))
for _t in (0, 100, 254.5, (30, 200), (100, 100)):
    case(f"solarize_{_t}")(lambda V, T, tmp, t=_t: _out(V.Solarize(t)(_img())))
case("solarize_gray")(lambda V, T, tmp: _out(V.Solarize(128)(_img((3, 4)))))
case("solarize_bad")(lambda V, T, tmp: V.Solarize((200, 100)))
case("pad_to_size")(lambda V, T, tmp: _out(V.PadToSize([7, 9], offset=[1, 2], fill_value=7)(_img())))
case("pad_to_size_int")(lambda V, T, tmp: _out(V.PadToSize(8)(_img())))
case("pad_to_size_edge")(lambda V, T, tmp: _out(V.PadToSize([6, 8], [1, 1], padding_mode=V.Border.EDGE)(_img())))
case("pad_to_size_reflect")(lambda V, T, tmp: _out(V.PadToSize([7, 8], [1, 1],
                                                                padding_mode=V.Border.REFLECT)(_img((4, 5)))))
case("pad_to_size_small")(lambda V, T, tmp: _out(V.PadToSize([4, 9])(_img())))
for _m in ("PAD", "DROP"):
    case(f"slice_patches_{_m}")(lambda V, T, tmp, m=_m: _out(V.SlicePatches(2, 4, getattr(V.SliceMode, m), 3)(
        _img((5, 7, 2)))))
case("slice_patches_gray")(lambda V, T, tmp: _out(V.SlicePatches(3, 1)(_img((5, 4)))))
case("sizes")(lambda V, T, tmp: [V.get_image_num_channels(_img()), V.get_image_size(_img()),
                                  V.get_image_num_channels(_img((4, 5))), V.get_image_size(_img((4, 5, 1)))])
case("to_pil_numpy")(lambda V, T, tmp: [_out(V.ToPIL()(_img())), _out(V.ToNumpy()(V.ToPIL()(_img((3, 2)))))])


@case("files")
def _(V, T, tmp):
    from PIL import Image
    path = os.path.join(tmp, "x.png")
    Image.fromarray(_img((4, 3, 3))).save(path)
    raw = V.read_file(path)
    V.write_file(os.path.join(tmp, "y.png"), raw)
    gray = os.path.join(tmp, "g.png")
    Image.fromarray(_img((3, 2))).save(gray)
    return [[str(raw.dtype), list(raw.shape)], _out(V.read_image(os.path.join(tmp, "y.png"))),
            _out(V.read_image(path, V.ImageReadMode.GRAYSCALE)), _out(V.read_image(gray)),
            _out(V.read_image(gray, V.ImageReadMode.COLOR))]


@case("not_random")
def _(V, T, tmp):
    def f(x):
        return x
    g = T.not_random(f)
    return [g is f, g.random]


def run_case(fn, V, T, tmp):
    try:
        return {"value": fn(V, T, tmp)}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__, "message": str(e).split("\n")[0]}


def _digest(a):
    import hashlib
    a = np.ascontiguousarray(np.asarray(a))
    return [str(a.dtype), list(a.shape), hashlib.sha256(a.tobytes()).hexdigest()]


@case("read_image_gray_png_jpeg")
def _(V, T, tmp):
    from PIL import Image
    im = _img((64, 64, 3), seed=5)
    Image.fromarray(im).save(os.path.join(tmp, "g.png"))
    Image.fromarray(_img((40, 48, 3), seed=6)).save(os.path.join(tmp, "g.jpg"), quality=90)
    return [_digest(V.read_image(os.path.join(tmp, "g.png"), V.ImageReadMode.GRAYSCALE)),
            _digest(V.read_image(os.path.join(tmp, "g.jpg"), V.ImageReadMode.GRAYSCALE)),
            _digest(V.read_image(os.path.join(tmp, "g.jpg")))]

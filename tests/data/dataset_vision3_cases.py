"""More vision transforms run by real MindSpore (gen_dataset_vision3.py) and by
tests/dataset/test_vision3_ref.py: colour, geometry, bounding boxes, policies with a fixed draw.

Random transforms appear here with degenerate ranges or probabilities 0/1, so that their output is
determined and comparable with MindSpore's; their random behaviour is tested by property in
tests/dataset/test_vision3_props.py.
"""
import numpy as np

CASES = {}
# max abs difference allowed: float Gaussian blur (OpenCV sums in float32 in its own order), JPEG
# coding (MindSpore's libjpeg and Pillow's may round a coefficient differently), and bicubic
# warpPerspective (one channel of one pixel differs by 1 in the recorded case); all else is exact
TOLERANCE = {}


def _img(shape=(6, 7, 3), dtype=np.uint8, seed=0):
    r = np.random.RandomState(seed)
    return r.randint(0, 256, shape).astype(dtype)


def _smooth(shape=(9, 11, 3), seed=1):
    """A smooth-ish image (gradients plus noise), so that interpolation differences stay small."""
    r = np.random.RandomState(seed)
    h, w = shape[:2]
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([x * 20 + y * 3, y * 25, (x + y) * 10], -1)[..., :shape[2]] if len(shape) == 3 else x * 20 + y * 7
    return np.clip(base + r.randint(0, 20, base.shape), 0, 255).astype(np.uint8)


def _out(x):
    if isinstance(x, (tuple, list)):
        return [_out(a) for a in x]
    if hasattr(x, "getbands"):
        return ["PIL", x.mode, list(x.size), np.asarray(x).tolist()]
    a = np.asarray(x)
    if a.dtype.kind == "f":
        return [str(a.dtype), list(a.shape), np.round(a.astype(np.float64), 5).tolist()]
    return [str(a.dtype), list(a.shape), a.tolist()]


def case(name, tol=None):
    def deco(fn):
        CASES[name] = fn
        if tol is not None:
            TOLERANCE[name] = tol
        return fn
    return deco


# ---- colour -------------------------------------------------------------------------------------
for _f in (0.0, 0.5, 1.7):
    case(f"brightness_{_f}")(lambda V, T, tmp, f=_f: _out(V.AdjustBrightness(f)(_img())))
case("brightness_float")(lambda V, T, tmp: _out(V.AdjustBrightness(0.5)(_img(dtype=np.float32) / 255)))
for _f in (0.0, 0.3, 1.5):
    case(f"contrast_{_f}")(lambda V, T, tmp, f=_f: _out(V.AdjustContrast(f)(_img())))
for _f in (0.0, 0.5, 2.0):
    case(f"saturation_{_f}")(lambda V, T, tmp, f=_f: _out(V.AdjustSaturation(f)(_img())))
for _f in (-0.3, 0.1, 0.5, 0.0):
    case(f"hue_{_f}")(lambda V, T, tmp, f=_f: _out(V.AdjustHue(f)(_img())))
for _g, _gain in ((0.5, 1), (2.2, 0.8), (1.0, 1.3)):
    case(f"gamma_{_g}_{_gain}")(lambda V, T, tmp, g=_g, gain=_gain: _out(V.AdjustGamma(g, gain)(_img())))
case("gamma_float")(lambda V, T, tmp: _out(V.AdjustGamma(0.5, 1.5)(_img(dtype=np.float32) / 255)))
case("gamma_gray")(lambda V, T, tmp: _out(V.AdjustGamma(2.0)(_img((4, 5)))))
for _f in (0.0, 0.5, 2.0):
    case(f"sharpness_{_f}")(lambda V, T, tmp, f=_f: _out(V.AdjustSharpness(f)(_img())))
case("sharpness_gray")(lambda V, T, tmp: _out(V.AdjustSharpness(0.3)(_img((5, 6)))))
case("autocontrast")(lambda V, T, tmp: _out(V.AutoContrast()(_smooth())))
case("autocontrast_cut")(lambda V, T, tmp: _out(V.AutoContrast(10.5, [0, 255])(_img((8, 9, 3)))))
case("autocontrast_gray")(lambda V, T, tmp: _out(V.AutoContrast(5, 100)(_smooth((6, 7)))))
case("equalize")(lambda V, T, tmp: _out(V.Equalize()(_smooth())))
case("equalize_gray")(lambda V, T, tmp: _out(V.Equalize()(_img((6, 6)))))
case("equalize_flat")(lambda V, T, tmp: _out(V.Equalize()(np.full((3, 3, 3), 7, np.uint8))))
for _m in ("COLOR_RGB2BGR", "COLOR_RGB2GRAY", "COLOR_BGR2GRAY", "COLOR_RGB2RGBA", "COLOR_RGB2BGRA"):
    case(f"convert_{_m}")(lambda V, T, tmp, m=_m: _out(V.ConvertColor(getattr(V.ConvertMode, m))(_img())))
case("convert_rgba")(lambda V, T, tmp: _out([V.ConvertColor(V.ConvertMode.COLOR_RGBA2RGB)(_img((3, 4, 4))),
                                             V.ConvertColor(V.ConvertMode.COLOR_RGBA2BGR)(_img((3, 4, 4))),
                                             V.ConvertColor(V.ConvertMode.COLOR_RGBA2GRAY)(_img((3, 4, 4))),
                                             V.ConvertColor(V.ConvertMode.COLOR_BGRA2RGBA)(_img((3, 4, 4)))]))
case("convert_gray")(lambda V, T, tmp: _out([V.ConvertColor(V.ConvertMode.COLOR_GRAY2RGB)(_img((3, 4))),
                                             V.ConvertColor(V.ConvertMode.COLOR_GRAY2RGBA)(_img((3, 4, 1)))]))
case("rgb_hsv")(lambda V, T, tmp: _out([V.RgbToHsv()(_img((3, 2, 4), np.float32) / 255),
                                        V.HsvToRgb(is_hwc=True)(_img((2, 4, 3), np.float32) / 255)]))
case("linear_transformation")(lambda V, T, tmp: _out(V.LinearTransformation(
    np.arange(36, dtype=np.float64).reshape(6, 6) / 10, np.arange(6, dtype=np.float64))(
    _img((3, 1, 2), np.float32))))
case("normalize_pad")(lambda V, T, tmp: _out(V.NormalizePad([100, 110, 120], [50, 60, 70])(_img())))
case("normalize_pad_chw16")(lambda V, T, tmp: _out(V.NormalizePad([100.0], [50.0], "float16", False)(
    _img((3, 2, 2)))))

# ---- geometry -----------------------------------------------------------------------------------
case("affine_nearest")(lambda V, T, tmp: _out(V.Affine(30, [0.1, -0.1], 1.2, [10.0, 5.0])(_smooth())))
case("affine_bilinear")(lambda V, T, tmp: _out(V.Affine(-20, [0.0, 0.2], 0.9, [0.0, 0.0],
                                                           V.Inter.BILINEAR, (10, 20, 30))(_smooth())))
case("affine_shear_number")(lambda V, T, tmp: _out(V.Affine(0, [0.0, 0.0], 1.0, 15.0)(_smooth())))
case("rotate")(lambda V, T, tmp: _out(V.Rotate(30)(_smooth())))
case("rotate_bilinear_expand")(lambda V, T, tmp: _out(V.Rotate(45, V.Inter.BILINEAR, True,
                                                                  fill_value=(1, 2, 3))(_smooth())))
case("rotate_cubic")(lambda V, T, tmp: _out(V.Rotate(33, V.Inter.BICUBIC, fill_value=(5, 6, 7))(_smooth())))
case("affine_cubic")(lambda V, T, tmp: _out(V.Affine(-12, [0.1, 0.0], 1.1, [3.0, 4.0], V.Inter.BICUBIC)(_smooth())))
case("perspective_cubic", 1)(lambda V, T, tmp: _out(V.Perspective(_SRC, _DST, V.Inter.BICUBIC)(_smooth())))
case("affine_area")(lambda V, T, tmp: _out(V.Affine(20, [0.0, 0.0], 1.0, [0.0, 0.0], V.Inter.AREA)(_smooth())))
case("rotate_center")(lambda V, T, tmp: _out(V.Rotate(-90, center=(1, 2), fill_value=9)(_smooth())))
case("rotate_gray_expand")(lambda V, T, tmp: _out(V.Rotate(100, expand=True)(_smooth((5, 8)))))
_SRC = [[0, 0], [10, 0], [10, 8], [0, 8]]
_DST = [[1, 2], [9, 0], [10, 7], [0, 6]]
case("perspective")(lambda V, T, tmp: _out(V.Perspective(_SRC, _DST)(_smooth())))
case("perspective_nearest")(lambda V, T, tmp: _out(V.Perspective(_SRC, _DST, V.Inter.NEAREST)(_smooth())))
case("perspective_pil")(lambda V, T, tmp: _out(V.Perspective(_SRC, _DST)(V.ToPIL()(_smooth()))))
case("gaussian_blur")(lambda V, T, tmp: _out(V.GaussianBlur(3)(_img())))
case("gaussian_blur_xy")(lambda V, T, tmp: _out(V.GaussianBlur((3, 5), (1.0, 0.5))(_img((7, 8, 3)))))
case("gaussian_blur_float", 1e-4)(lambda V, T, tmp: _out(V.GaussianBlur(5, 1.5)(_img(dtype=np.float32))))
case("erase")(lambda V, T, tmp: _out(V.Erase(1, 2, 3, 4, (10, 20, 30))(_img())))
case("erase_scalar")(lambda V, T, tmp: _out(V.Erase(4, 5, 3, 4, 7.6)(_img())))
case("resized_crop")(lambda V, T, tmp: _out(V.ResizedCrop(1, 1, 4, 5, (3, 3))(_img())))
case("resized_crop_nearest")(lambda V, T, tmp: _out(V.ResizedCrop(0, 2, 6, 4, 8, V.Inter.NEAREST)(_img())))
case("five_crop")(lambda V, T, tmp: _out(V.FiveCrop(3)(V.ToPIL()(_img()))))
case("ten_crop")(lambda V, T, tmp: _out([V.TenCrop((2, 3))(V.ToPIL()(_img())),
                                         V.TenCrop(3, True)(V.ToPIL()(_img((5, 5, 3))))]))

for _m in ("CUBIC", "AREA", "PILCUBIC", "LINEAR"):
    for _sz in ((4, 5), (9, 11), (3, 7), (12, 14), (5, 16)):
        case(f"resize_{_m}_{_sz[0]}x{_sz[1]}")(lambda V, T, tmp, m=_m, sz=_sz: _out(
            V.Resize(sz, getattr(V.Inter, m))(_img())))
case("resize_cubic_gray")(lambda V, T, tmp: _out(V.Resize((8, 3), V.Inter.CUBIC)(_img((5, 6)))))
case("resize_cubic_float", 1e-4)(lambda V, T, tmp: _out(V.Resize((8, 9), V.Inter.CUBIC)(_img(dtype=np.float32))))
case("resize_area_float", 1e-4)(lambda V, T, tmp: _out(V.Resize((4, 3), V.Inter.AREA)(_img(dtype=np.float32))))
case("resize_area_half")(lambda V, T, tmp: _out(V.Resize((3, 4), V.Inter.AREA)(_img((6, 8, 3)))))
case("resize_area_third")(lambda V, T, tmp: _out(V.Resize((2, 3), V.Inter.AREA)(_img((6, 9, 3)))))


# ---- PIL input (MindSpore's Python path: Pillow in, Pillow out) -----------------------------------
def _pil(shape=(6, 7, 3), seed=0):
    from PIL import Image
    return Image.fromarray(_img(shape, seed=seed))


case("pil_resize")(lambda V, T, tmp: _out([V.Resize((4, 5))(_pil()), V.Resize(3)(_pil()), V.Resize(9)(_pil()),
                                           V.Resize((8, 3), V.Inter.NEAREST)(_pil()),
                                           V.Resize((5, 5), V.Inter.BICUBIC)(_pil()),
                                           V.Resize((3, 3), V.Inter.ANTIALIAS)(_pil())]))
case("pil_resize_area")(lambda V, T, tmp: V.Resize((3, 3), V.Inter.AREA)(_pil()))
case("pil_crop_pad")(lambda V, T, tmp: _out([V.CenterCrop(3)(_pil()), V.CenterCrop((4, 2))(_pil()),
                                             V.CenterCrop(9)(_pil()), V.Pad(1)(_pil()),
                                             V.Pad((1, 2, 3, 0), (9, 8, 7))(_pil()),
                                             V.Pad(2, padding_mode=V.Border.REFLECT)(_pil()),
                                             V.Pad((1, 2), 5)(_pil((4, 4)))]))
case("pil_flip_invert_gray")(lambda V, T, tmp: _out([V.RandomHorizontalFlip(1.0)(_pil()),
                                                     V.RandomVerticalFlip(1.0)(_pil()), V.Invert()(_pil()),
                                                     V.Grayscale()(_pil()), V.Grayscale(3)(_pil())]))
case("pil_rotation")(lambda V, T, tmp: _out([V.RandomRotation((30, 30))(_pil()),
                                             V.RandomRotation((45, 45), V.Inter.BILINEAR, True, None, (1, 2, 3))(
                                                 _pil()),
                                             V.RandomRotation((-20, -20), center=(1, 1), fill_value=7)(_pil())]))
case("pil_random_crop_type")(lambda V, T, tmp: [type(V.RandomCrop(6)(_pil())).__name__,
                                                type(V.RandomResizedCrop(3)(_pil())).__name__,
                                                type(V.RandomAffine(0)(_pil())).__name__])


# ---- random transforms with a determined draw ---------------------------------------------------
case("rca_brightness")(lambda V, T, tmp: _out(V.RandomColorAdjust((1.3, 1.3))(_img())))
case("rca_contrast")(lambda V, T, tmp: _out(V.RandomColorAdjust(contrast=(0.8, 0.8))(_img())))
case("rca_saturation")(lambda V, T, tmp: _out(V.RandomColorAdjust(saturation=(1.2, 1.2))(_img())))
case("rca_hue")(lambda V, T, tmp: _out(V.RandomColorAdjust(hue=(0.1, 0.1))(_img())))
case("rca_identity")(lambda V, T, tmp: _out(V.RandomColorAdjust()(_img())))
case("random_rotation_fixed")(lambda V, T, tmp: _out(V.RandomRotation((30, 30))(_smooth())))
case("random_affine_fixed")(lambda V, T, tmp: _out(V.RandomAffine((10, 10), scale=(1.1, 1.1),
                                                                     shear=(5.0, 5.0, 3.0, 3.0))(_smooth())))
case("random_posterize_fixed")(lambda V, T, tmp: _out(V.RandomPosterize((3, 3))(_img())))
case("random_solarize_fixed")(lambda V, T, tmp: _out(V.RandomSolarize((100, 100))(_img())))
case("random_invert_1")(lambda V, T, tmp: _out(V.RandomInvert(1.0)(_img())))
case("random_invert_0")(lambda V, T, tmp: _out(V.RandomInvert(0.0)(_img())))
case("random_equalize_1")(lambda V, T, tmp: _out(V.RandomEqualize(1.0)(_smooth())))
case("random_autocontrast_1")(lambda V, T, tmp: _out(V.RandomAutoContrast(prob=1.0)(_smooth())))
case("random_adjust_sharpness_1")(lambda V, T, tmp: _out(V.RandomAdjustSharpness(2.0, 1.0)(_img())))
case("random_sharpness_fixed")(lambda V, T, tmp: _out(V.RandomSharpness((0.5, 0.5))(_img())))
case("random_color_fixed")(lambda V, T, tmp: _out(V.RandomColor((0.3, 0.3))(_img())))
case("random_lighting_0")(lambda V, T, tmp: _out(V.RandomLighting(0.0)(_img())))
case("random_grayscale_1")(lambda V, T, tmp: _out(V.RandomGrayscale(1.0)(V.ToPIL()(_img()))))
case("random_erasing_0")(lambda V, T, tmp: _out(V.RandomErasing(0.0)(_img((3, 4, 5), np.float32))))
case("random_perspective_0")(lambda V, T, tmp: _out(V.RandomPerspective(prob=0.0)(V.ToPIL()(_img()))))
case("random_resize_same")(lambda V, T, tmp: _out(V.RandomResize((6, 7))(_img())))
case("select_subpolicy")(lambda V, T, tmp: _out(V.RandomSelectSubpolicy(
    [[(V.Invert(), 1.0), (V.Posterize(2), 1.0)]])(_img())))
case("auto_augment_shape")(lambda V, T, tmp: [list(np.asarray(V.AutoAugment(p)(_img((8, 9, 3)))).shape)
                                              for p in (V.AutoAugmentPolicy.IMAGENET, V.AutoAugmentPolicy.CIFAR10,
                                                        V.AutoAugmentPolicy.SVHN)])
case("rand_augment_zero_ops")(lambda V, T, tmp: _out(V.RandAugment(num_ops=0)(_img())))

def _boxes(n=3):
    """Fresh boxes each time: MindSpore's eager bbox ops write into their input array."""
    return np.array([[1, 1, 3, 2], [0, 2, 7, 4], [4, 0, 2, 2]], np.float32)[:n]


case("hflip_bbox")(lambda V, T, tmp: _out(V.RandomHorizontalFlipWithBBox(1.0)(_img(), _boxes())))
case("vflip_bbox")(lambda V, T, tmp: _out(V.RandomVerticalFlipWithBBox(1.0)(_img(), _boxes())))
case("resize_bbox")(lambda V, T, tmp: _out(V.ResizeWithBBox((12, 14), V.Inter.NEAREST)(_img(), _boxes())))
case("random_resize_bbox_same")(lambda V, T, tmp: _out(V.RandomResizeWithBBox((6, 7))(_img(), _boxes())))
case("random_crop_bbox_full")(lambda V, T, tmp: _out(V.RandomCropWithBBox((6, 7))(_img(), _boxes())))
case("random_crop_bbox_pad")(lambda V, T, tmp: _out(V.RandomCropWithBBox((8, 9), padding=1)(_img(), _boxes())))
case("bbox_augment_all")(lambda V, T, tmp: _out(V.BoundingBoxAugment(V.Invert(), 1.0)(_img(), _boxes())))
case("bbox_augment_resize")(lambda V, T, tmp: _out(V.BoundingBoxAugment(V.Resize((2, 2)), 1.0)(
    _img(), _boxes(1))))
case("bbox_out_of_bounds")(lambda V, T, tmp: V.RandomHorizontalFlipWithBBox(1.0)(
    _img(), np.array([[5, 1, 4, 2]], np.float32)))
case("cutmix_prob0")(lambda V, T, tmp: _out(V.CutMixBatch(V.ImageBatchFormat.NHWC, 1.0, 0.0)(
    _img((2, 4, 4, 3)), np.eye(2, dtype=np.int32))))


# ---- files --------------------------------------------------------------------------------------
@case("encode_png")
def _(V, T, tmp):
    import io
    from PIL import Image
    png = V.encode_png(_img())
    gray = V.encode_png(_img((4, 5)), 9)
    return [[str(png.dtype)], _out(np.asarray(Image.open(io.BytesIO(png.tobytes())))),
            _out(np.asarray(Image.open(io.BytesIO(gray.tobytes()))))]


@case("encode_jpeg", 2)
def _(V, T, tmp):
    import io
    from PIL import Image
    jpg = V.encode_jpeg(_smooth((16, 16, 3)), 90)
    return [[str(jpg.dtype)], _out(np.asarray(Image.open(io.BytesIO(jpg.tobytes()))))]


@case("write_png_jpeg", 2)
def _(V, T, tmp):
    import os
    p1, p2 = os.path.join(tmp, "a.png"), os.path.join(tmp, "b.jpg")
    V.write_png(p1, _img())
    V.write_jpeg(p2, _smooth((16, 16, 3)), 95)
    return [_out(V.read_image(p1)), _out(V.read_image(p2))]


# ---- errors -------------------------------------------------------------------------------------
case("err_brightness")(lambda V, T, tmp: V.AdjustBrightness(-1.0))
case("err_hue")(lambda V, T, tmp: V.AdjustHue(0.7))
case("err_gaussian_even")(lambda V, T, tmp: V.GaussianBlur(4))
case("err_encode_jpeg_type")(lambda V, T, tmp: V.encode_jpeg(_img(dtype=np.float32)))
case("err_encode_jpeg_quality")(lambda V, T, tmp: V.encode_jpeg(_img(), 0))
case("err_encode_png_channels")(lambda V, T, tmp: V.encode_png(_img((3, 3, 2))))


def run_case(fn, V, T, tmp):
    try:
        return {"value": fn(V, T, tmp)}
    except Exception as e:  # noqa: BLE001 - recorded
        lines = str(e).split("\n")
        detail = [ln for ln in lines if ln.startswith("[ERROR]")]  # the pipeline's own message, when any
        return {"error": type(e).__name__, "message": lines[0], "detail": detail[:1]}


for _n, _f in [("err_contrast_gray", lambda V: V.AdjustContrast(0.5)(_img((4, 4)))),
               ("err_saturation_gray", lambda V: V.AdjustSaturation(0.5)(_img((4, 4)))),
               ("err_autocontrast_4ch", lambda V: V.AutoContrast()(_img((3, 3, 4)))),
               ("err_erase_big", lambda V: V.Erase(0, 0, 9, 2)(_img())),
               ("err_autoaugment_gray", lambda V: V.AutoAugment()(_img((5, 5)))),
               ("err_randaugment_float", lambda V: V.RandAugment()(_img(dtype=np.float32))),
               ("err_cutmix_rank", lambda V: V.CutMixBatch(V.ImageBatchFormat.NHWC)(_img(), np.eye(2))),
               ("err_mixup_labels", lambda V: V.MixUpBatch()(_img((2, 4, 4, 3)), np.array([0, 1]))),
               ("err_affine_degrees", lambda V: V.Affine(200, [0, 0], 1.0, [0, 0])),
               ("err_affine_scale", lambda V: V.Affine(0, [0, 0], 0.0, [0, 0])),
               ("err_rotation_neg", lambda V: V.RandomRotation(-5)),
               ("err_posterize_bits", lambda V: V.RandomPosterize((0, 4))),
               ("err_gamma_neg", lambda V: V.AdjustGamma(-1.0)),
               ("err_lighting_rank", lambda V: V.RandomLighting()(_img((4, 4)))),
               ("err_sharpness_rank", lambda V: V.AdjustSharpness(1.0)(np.zeros(5, np.uint8))),
               ("err_rca_range", lambda V: V.RandomColorAdjust(hue=0.7)),
               ("err_gaussian_sigma", lambda V: V.GaussianBlur(3, -1.0)),
               ("err_perspective_points", lambda V: V.Perspective([[0, 0]], _DST)),
               ("err_uniform_num_ops", lambda V: V.UniformAugment([V.Invert()], 2))]:
    case(_n)(lambda V, T, tmp, f=_f: f(V))


# ---- seeded eager calls: MindSpore seeds each op's std::mt19937 with the configured seed when the op is
# built, i.e. at every eager call; mindjax draws the same values (vision/_draw.py)
_SEEDED = {
    "hflip": lambda V: V.RandomHorizontalFlip(0.5), "vflip": lambda V: V.RandomVerticalFlip(0.5),
    "invert": lambda V: V.RandomInvert(0.5), "equalize": lambda V: V.RandomEqualize(0.5),
    "autocontrast": lambda V: V.RandomAutoContrast(prob=0.5),
    "adjust_sharpness": lambda V: V.RandomAdjustSharpness(2.0, 0.5),
    "posterize": lambda V: V.RandomPosterize((1, 8)), "solarize": lambda V: V.RandomSolarize((0, 255)),
    "rotation": lambda V: V.RandomRotation(90), "sharpness": lambda V: V.RandomSharpness(),
    "color": lambda V: V.RandomColor(), "color_adjust": lambda V: V.RandomColorAdjust(0.4, 0.4, 0.4, 0.1),
    "crop": lambda V: V.RandomCrop(4), "crop_pad": lambda V: V.RandomCrop((5, 6), padding=2),
    "resized_crop": lambda V: V.RandomResizedCrop(5),
    "resized_crop_ratio": lambda V: V.RandomResizedCrop((4, 6), scale=(0.5, 1.0), ratio=(0.5, 2.0)),
    "resized_crop_fallback": lambda V: V.RandomResizedCrop(5, scale=(0.9, 1.0), ratio=(3.0, 4.0), max_attempts=1),
    "affine": lambda V: V.RandomAffine(30, (-0.1, 0.2, 0.0, 0.1), (0.8, 1.2), (-10.0, 10.0, -5.0, 5.0)),
    "resize": lambda V: V.RandomResize((6, 13)), "cutout": lambda V: V.CutOut(3, 2),
    "autoaugment_imagenet": lambda V: V.AutoAugment(), "autoaugment_cifar": lambda V: V.AutoAugment(
        V.AutoAugmentPolicy.CIFAR10), "autoaugment_svhn": lambda V: V.AutoAugment(V.AutoAugmentPolicy.SVHN),
    "randaugment": lambda V: V.RandAugment(3, 5, 10), "trivialaugment": lambda V: V.TrivialAugmentWide(15),
    "subpolicy": lambda V: V.RandomSelectSubpolicy([[(V.Invert(), 0.5), (V.Equalize(), 0.7)],
                                                    [(V.Posterize(3), 0.4)], [(V.AutoContrast(), 0.9)]]),
}


def _seeded(V, make, seeds=(1, 2, 3, 5, 8, 1234)):
    import importlib
    ds = importlib.import_module(V.__name__.rsplit(".", 1)[0])
    out = []
    for s in seeds:
        ds.config.set_seed(s)
        op = make(V)
        out.append(_out([op(_smooth()), op(_smooth())]))
    return out


for _n, _mk in _SEEDED.items():
    case(f"seeded_eager_{_n}")(lambda V, T, tmp, mk=_mk: _seeded(V, mk))


def _seeded_bbox(V, name, arg=0.5):
    import importlib
    ds = importlib.import_module(V.__name__.rsplit(".", 1)[0])
    out = []
    for s in (1, 2, 3, 5, 8, 1234):
        ds.config.set_seed(s)
        op = getattr(V, name)(arg)
        out.append(_out(op(_smooth(), np.array([[1, 2, 3, 4]], np.float32))))
    return out


case("seeded_eager_hflip_bbox")(lambda V, T, tmp: _seeded_bbox(V, "RandomHorizontalFlipWithBBox"))
case("seeded_eager_vflip_bbox")(lambda V, T, tmp: _seeded_bbox(V, "RandomVerticalFlipWithBBox"))
case("seeded_eager_crop_bbox")(lambda V, T, tmp: _seeded_bbox(V, "RandomCropWithBBox", (6, 7)))
case("seeded_eager_resized_crop_bbox")(lambda V, T, tmp: _seeded_bbox(V, "RandomResizedCropWithBBox", (5, 5)))


@case("seeded_pipeline_streams")
def _(V, T, tmp):
    """A one-worker map of random ops under set_seed: MindSpore's pipeline values. mindjax's side runs the
    ops row by row with the per-op streams (vision/_draw.OpStreams) that the engine is to install, which
    checks the transforms' half of that contract."""
    import importlib
    ds = importlib.import_module(V.__name__.rsplit(".", 1)[0])
    ops = lambda: [V.RandomResizedCrop(6), V.RandomHorizontalFlip(0.5), V.RandomColorAdjust(0.3, 0.3, 0.3, 0.05),
                   V.RandomRotation(20)]  # noqa: E731
    images = np.stack([_smooth(seed=i) for i in range(6)])
    if V.__name__.startswith("mindspore"):
        ds.config.set_seed(11)
        data = ds.NumpySlicesDataset({"image": images}, shuffle=False).map(ops(), ["image"], num_parallel_workers=1)
        return [_out(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
    from mindjax.dataset import _random
    from mindjax.dataset.vision._draw import OpStreams
    _random._local.streams = OpStreams(11)
    try:
        out = []
        chain = ops()
        for img in images:
            for op in chain:
                img = op(img)
            out.append(_out(img))
        return out
    finally:
        _random._local.streams = None

"""Small files in MindSpore's source layouts, and the cases read from them; run by real MindSpore
(gen_dataset_sources.py) and by tests/dataset/test_sources_ref.py on mindjax."""
import json
import os
import struct

import numpy as np


def write_idx(d, prefix, n, seed, sep="-"):
    """IDX image/label files as in the MNIST distribution (``prefix``-images-idx3-ubyte ...)."""
    os.makedirs(d, exist_ok=True)
    r = np.random.RandomState(seed)
    imgs = r.randint(0, 256, (n, 28, 28)).astype(np.uint8)
    labs = r.randint(0, 10, n).astype(np.uint8)
    with open(os.path.join(d, f"{prefix}-images{sep}idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, 28, 28) + imgs.tobytes())
    with open(os.path.join(d, f"{prefix}-labels{sep}idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, n) + labs.tobytes())


def make_tree(root):
    """Every folder the cases read, under ``root``."""
    write_idx(os.path.join(root, "mnist_train"), "train", 5, 1)
    write_idx(os.path.join(root, "mnist_test"), "t10k", 3, 2)
    write_idx(os.path.join(root, "mnist_both"), "train", 4, 3)
    write_idx(os.path.join(root, "mnist_both"), "t10k", 2, 4)
    write_idx(os.path.join(root, "mnist_dots"), "train", 2, 5, sep=".")
    os.makedirs(os.path.join(root, "empty"), exist_ok=True)
    os.makedirs(os.path.join(root, "mnist_bad"), exist_ok=True)
    with open(os.path.join(root, "mnist_bad", "train-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, 3, 28, 28) + b"\0" * 10)
    with open(os.path.join(root, "mnist_bad", "train-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, 3) + b"\0" * 3)


def _cell(a):
    if a.dtype.kind in "US":
        return [a.dtype.kind, list(a.shape), a.astype(str).tolist()]
    if a.dtype.kind == "f":
        return [str(a.dtype), list(a.shape), float(a.astype(np.float64).sum())]
    return [str(a.dtype), list(a.shape), int(a.astype(np.int64).sum())]


def _summary(d, epochs=1):
    rows = []
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    for _ in range(epochs):
        for r in it:
            rows.append([_cell(a) for a in r])
    return {"cols": d.get_col_names(), "size": d.get_dataset_size(), "rows": rows}


def _mnist(cls, folder, **kw):
    def case(ds, root):
        return _summary(getattr(ds, cls)(os.path.join(root, folder), shuffle=False, **kw))
    return case


CASES = {}
for _cls in ("MnistDataset", "FashionMnistDataset", "KMnistDataset"):
    for _folder in ("mnist_train", "mnist_test", "mnist_both", "mnist_dots", "empty", "mnist_bad"):
        for _usage in (None, "all", "train", "test"):
            if _cls != "MnistDataset" and _folder in ("mnist_dots", "mnist_bad"):
                continue
            kw = {} if _usage is None else {"usage": _usage}
            CASES[f"{_cls}_{_folder}_{_usage}"] = _mnist(_cls, _folder, **kw)
CASES["MnistDataset_usage_bad"] = _mnist("MnistDataset", "mnist_both", usage="valid")
CASES["MnistDataset_num_samples"] = _mnist("MnistDataset", "mnist_both", num_samples=3)
CASES["MnistDataset_shard"] = _mnist("MnistDataset", "mnist_both", num_shards=4, shard_id=3)


def make_more(root):
    """Cifar100 (a full-size test.bin: MindSpore reads 10000 records per test file), EMNIST, an image
    folder, text and CSV files."""
    r = np.random.RandomState(7)
    d = os.path.join(root, "cifar100")
    os.makedirs(d, exist_ok=True)
    rec = r.randint(0, 256, (10000, 2 + 3072)).astype(np.uint8)
    rec[:, 0] %= 20
    rec[:, 1] %= 100
    rec.tofile(os.path.join(d, "test.bin"))
    d = os.path.join(root, "emnist")
    write_idx(d, "emnist-letters-train", 3, 8)
    write_idx(d, "emnist-letters-test", 2, 9)
    write_idx(d, "emnist-digits-train", 4, 10)
    from PIL import Image
    for cls, n in (("cat", 2), ("dog", 3), ("ant", 1), ("empty", 0)):
        os.makedirs(os.path.join(root, "images", cls), exist_ok=True)
        for k in range(n):
            img = r.randint(0, 256, (4 + k, 5, 3)).astype(np.uint8)
            Image.fromarray(img).save(os.path.join(root, "images", cls, f"{k}.png"))
    Image.fromarray(r.randint(0, 256, (8, 8, 3)).astype(np.uint8)).save(
        os.path.join(root, "images", "dog", "z.jpg"), quality=90)
    with open(os.path.join(root, "images", "cat", "notes.txt"), "w") as f:
        f.write("x")
    os.makedirs(os.path.join(root, "text"), exist_ok=True)
    for name, n in (("b.txt", 5), ("a.txt", 3), ("c.txt", 40)):
        with open(os.path.join(root, "text", name), "w") as f:
            f.write("".join(f"{name[0]} line {i}\n" for i in range(n)))
    with open(os.path.join(root, "text", "data.csv"), "w") as f:
        f.write("id,score,name\n1,0.5,ann\n2,,bob\n3,2.25,\"c,d\"\n4,1,\n")
    with open(os.path.join(root, "text", "noheader.csv"), "w") as f:
        f.write("7;x\n8;y\n")


def _in(root, *p):
    return os.path.join(root, *p)


CASES["Cifar100_test"] = lambda ds, root: _summary(ds.Cifar100Dataset(_in(root, "cifar100"), usage="test",
                                                                      shuffle=False, num_samples=5))
CASES["Cifar100_all_size"] = lambda ds, root: ds.Cifar100Dataset(_in(root, "cifar100")).get_dataset_size()
CASES["Cifar100_train_missing"] = lambda ds, root: _summary(ds.Cifar100Dataset(_in(root, "cifar100"), usage="train"))
for _u in (None, "train", "test", "all"):
    for _n in ("letters", "digits"):
        CASES[f"EMnist_{_n}_{_u}"] = (lambda ds, root, n=_n, u=_u: _summary(ds.EMnistDataset(
            _in(root, "emnist"), n, **({} if u is None else {"usage": u}), shuffle=False)))
CASES["EMnist_bad_name"] = lambda ds, root: ds.EMnistDataset(_in(root, "emnist"), "nope")
CASES["ImageFolder_raw"] = lambda ds, root: _summary(ds.ImageFolderDataset(_in(root, "images"), shuffle=False,
                                                                          extensions=[".png", ".jpg"]))
CASES["ImageFolder_decode"] = lambda ds, root: _summary(ds.ImageFolderDataset(
    _in(root, "images"), shuffle=False, decode=True, extensions=[".png", ".jpg"]))
CASES["ImageFolder_index"] = lambda ds, root: _summary(ds.ImageFolderDataset(
    _in(root, "images"), shuffle=False, decode=True, class_indexing={"dog": 5, "ant": 1}))
CASES["ImageFolder_class_indexing"] = lambda ds, root: [
    ds.ImageFolderDataset(_in(root, "images")).get_class_indexing(),
    ds.ImageFolderDataset(_in(root, "images"), class_indexing={"dog": 5, "ant": 1}).get_class_indexing(),
    ds.ImageFolderDataset(_in(root, "images")).num_classes()]
CASES["ImageFolder_class_indexing_chained"] = lambda ds, root: [
    ds.ImageFolderDataset(_in(root, "images")).map(lambda x: x, ["image"]).batch(1).get_class_indexing(),
    ds.ImageFolderDataset(_in(root, "images")).map(lambda x: x, ["image"]).batch(1).num_classes(),
    ds.MnistDataset(_in(root, "mnist_train")).batch(2).num_classes()]
CASES["ImageFolder_shuffle"] = lambda ds, root: (ds.config.set_seed(3), _summary(ds.ImageFolderDataset(
    _in(root, "images"), decode=True, extensions=[".png"]), 2))[1]
CASES["ImageFolder_pk"] = lambda ds, root: (ds.config.set_seed(3), _summary(ds.ImageFolderDataset(
    _in(root, "images"), extensions=[".png"], sampler=ds.PKSampler(2)), 2))[1]
CASES["Decode_map"] = lambda ds, root: _summary(ds.ImageFolderDataset(_in(root, "images"), shuffle=False).map(
    ds.vision.Decode(), input_columns=["image"]))
CASES["TextFile_plain"] = lambda ds, root: _summary(ds.TextFileDataset(
    [_in(root, "text", "b.txt"), _in(root, "text", "a.txt")], shuffle=False))
for _s in (2, 99):
    CASES[f"TextFile_global_s{_s}"] = lambda ds, root, s=_s: (ds.config.set_seed(s), _summary(ds.TextFileDataset(
        _in(root, "text", "c.txt")), 2))[1]
    CASES[f"TextFile_files_s{_s}"] = lambda ds, root, s=_s: (ds.config.set_seed(s), _summary(ds.TextFileDataset(
        [_in(root, "text", "a.txt"), _in(root, "text", "b.txt"), _in(root, "text", "c.txt")],
        shuffle=ds.Shuffle.FILES, num_parallel_workers=1), 2))[1]
CASES["TextFile_num_samples"] = lambda ds, root: _summary(ds.TextFileDataset(
    _in(root, "text", "c.txt"), shuffle=False, num_samples=4))
CASES["CSV_header"] = lambda ds, root: _summary(ds.CSVDataset(_in(root, "text", "data.csv"), shuffle=False))
CASES["CSV_typed"] = lambda ds, root: _summary(ds.CSVDataset(
    _in(root, "text", "data.csv"), column_defaults=[0, 9.5, "none"], shuffle=False))
CASES["CSV_names"] = lambda ds, root: _summary(ds.CSVDataset(
    _in(root, "text", "noheader.csv"), field_delim=";", column_names=["n", "s"], column_defaults=[1, ""],
    shuffle=False))
CASES["Padded"] = lambda ds, root: _summary(ds.PaddedDataset([{"image": np.zeros(3, np.uint8), "label": np.int32(1)},
                                                             {"image": np.ones(3, np.uint8), "label": np.int32(2)}]))
CASES["Padded_concat"] = lambda ds, root: _summary(ds.PaddedDataset([{"x": np.int64(9)}]) + ds.NumpySlicesDataset(
    {"x": np.arange(3)}, shuffle=False))


_VOC_OBJ = "<object><name>{}</name><difficult>{}</difficult><truncated>{}</truncated><bndbox><xmin>{}</xmin>" \
    "<ymin>{}</ymin><xmax>{}</xmax><ymax>{}</ymax></bndbox></object>"


def make_voc(root):
    """A tiny VOC tree: 3 images, annotations with several classes, one image without objects kept."""
    from PIL import Image
    r = np.random.RandomState(11)
    v = os.path.join(root, "voc")
    for sub in ("JPEGImages", "Annotations", "SegmentationClass", "ImageSets/Main", "ImageSets/Segmentation"):
        os.makedirs(os.path.join(v, sub), exist_ok=True)
    objs = {"a1": [("dog", 0, 1, 10, 12, 30, 40), ("cat", 1, 0, 5, 6, 20.5, 22)],
            "a2": [("person", 0, 0, 3, 4, 9, 9)],
            "a3": [("cat", 0, 0, 2, 2, 7, 8), ("bird", 0, 1, 1, 1, 4, 4), ("dog", 1, 1, 8, 9, 18, 19)]}
    for i, obj in objs.items():
        Image.fromarray(r.randint(0, 256, (16, 20, 3)).astype(np.uint8)).save(
            os.path.join(v, "JPEGImages", i + ".jpg"), quality=95)
        Image.fromarray(r.randint(0, 21, (16, 20)).astype(np.uint8)).save(
            os.path.join(v, "SegmentationClass", i + ".png"))
        with open(os.path.join(v, "Annotations", i + ".xml"), "w") as f:
            f.write("<annotation><filename>" + i + "</filename>" + "".join(_VOC_OBJ.format(*o) for o in obj)
                    + "</annotation>")
    for sub in ("Main", "Segmentation"):
        with open(os.path.join(v, "ImageSets", sub, "train.txt"), "w") as f:
            f.write("a3\na1\na2\n")
        with open(os.path.join(v, "ImageSets", sub, "val.txt"), "w") as f:
            f.write("a2\r\n")


def _voc(**kw):
    def case(ds, root):
        d = ds.VOCDataset(os.path.join(root, "voc"), shuffle=False, **kw)
        it = d.create_tuple_iterator(output_numpy=True)
        rows = [[[str(a.dtype), list(a.shape), a.tolist() if a.dtype != np.uint8 else int(a.sum())] for a in r]
                for r in it]
        return {"cols": d.get_col_names(), "size": d.get_dataset_size(), "rows": rows}
    return case


CASES["VOC_detection"] = _voc(task="Detection", decode=True)
CASES["VOC_detection_raw_val"] = _voc(task="Detection", usage="val")
CASES["VOC_detection_index"] = _voc(task="Detection", class_indexing={"cat": 7, "dog": 3}, decode=True)
CASES["VOC_segmentation"] = _voc(task="Segmentation", decode=True)
CASES["VOC_class_indexing"] = lambda ds, root: ds.VOCDataset(os.path.join(root, "voc"), task="Detection") \
    .get_class_indexing()
CASES["VOC_bad_usage"] = lambda ds, root: ds.VOCDataset(os.path.join(root, "voc"), task="Detection", usage="nope")
CASES["VOC_bad_task"] = lambda ds, root: ds.VOCDataset(os.path.join(root, "voc"), task="Pose")


def make_coco(root):
    """A tiny COCO folder and annotation files for every task."""
    from PIL import Image
    r = np.random.RandomState(12)
    d = os.path.join(root, "coco")
    os.makedirs(os.path.join(d, "img"), exist_ok=True)
    for k in range(4):
        Image.fromarray(r.randint(0, 256, (6 + k, 7, 3)).astype(np.uint8)).save(os.path.join(d, "img", f"{k}.png"))
    images = [{"id": 10 + k, "file_name": f"{k}.png"} for k in (2, 0, 3, 1)]
    cats = [{"id": 1, "name": "dog", "isthing": 1}, {"id": 5, "name": "cat", "isthing": 0}]
    det = {"images": images, "categories": cats, "annotations": [
        {"id": 1, "image_id": 10, "category_id": 5, "bbox": [1, 2, 3, 4], "iscrowd": 0},
        {"id": 2, "image_id": 12, "category_id": 1, "bbox": [0.5, 1.5, 2, 2]},
        {"id": 3, "image_id": 10, "category_id": 1, "bbox": [2, 2, 1, 1], "iscrowd": 1}]}
    stuff = {"images": images, "annotations": [
        {"id": 1, "image_id": 11, "iscrowd": 0, "segmentation": [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10]]},
        {"id": 2, "image_id": 13, "iscrowd": 1, "segmentation": {"counts": [3, 4, 5], "size": [6, 7]}}]}
    kp = {"images": images, "annotations": [
        {"id": 1, "image_id": 12, "num_keypoints": 2, "keypoints": [1, 2, 2, 3, 4, 1]}]}
    pan = {"images": images, "categories": cats, "annotations": [
        {"image_id": 13, "file_name": "x.png", "segments_info": [
            {"id": 1, "category_id": 1, "iscrowd": 0, "bbox": [1, 1, 2, 2], "area": 4},
            {"id": 2, "category_id": 5, "iscrowd": 1, "bbox": [0, 0, 3, 1], "area": 3}]}]}
    cap = {"images": images, "annotations": [
        {"id": 1, "image_id": 11, "caption": "a dog"}, {"id": 2, "image_id": 11, "caption": "two"},
        {"id": 3, "image_id": 10, "caption": "cat"}]}
    for name, js in (("det", det), ("stuff", stuff), ("kp", kp), ("pan", pan), ("cap", cap)):
        with open(os.path.join(d, name + ".json"), "w") as f:
            json.dump(js, f)


def _coco(ann, task, **kw):
    def case(ds, root):
        d = ds.CocoDataset(os.path.join(root, "coco", "img"), os.path.join(root, "coco", ann + ".json"), task=task,
                           shuffle=False, **kw)
        rows = []
        for r in d.create_tuple_iterator(output_numpy=True):
            rows.append([[a.dtype.kind if a.dtype.kind in "US" else str(a.dtype), list(a.shape),
                          int(a.sum()) if a.dtype == np.uint8 else a.astype(str).tolist() if a.dtype.kind in "US"
                          else a.tolist()] for a in r])
        return {"cols": d.get_col_names(), "size": d.get_dataset_size(), "rows": rows}
    return case


for _ann, _task in (("det", "Detection"), ("stuff", "Stuff"), ("kp", "Keypoint"), ("pan", "Panoptic"),
                    ("cap", "Captioning")):
    CASES[f"Coco_{_task}"] = _coco(_ann, _task, decode=True)
CASES["Coco_Detection_raw"] = _coco("det", "Detection")
CASES["Coco_class_indexing"] = lambda ds, root: [ds.CocoDataset(
    os.path.join(root, "coco", "img"), os.path.join(root, "coco", a + ".json"), task=t).get_class_indexing()
    for a, t in (("det", "Detection"), ("pan", "Panoptic"))]
CASES["Coco_bad_task"] = lambda ds, root: ds.CocoDataset(os.path.join(root, "coco", "img"),
                                                         os.path.join(root, "coco", "det.json"), task="Pose")


def make_celeba(root):
    from PIL import Image
    r = np.random.RandomState(13)
    d = os.path.join(root, "celeba")
    os.makedirs(d, exist_ok=True)
    names = [f"{k:06d}.jpg" for k in range(1, 6)]
    for n in names:
        Image.fromarray(r.randint(0, 256, (6, 5, 3)).astype(np.uint8)).save(os.path.join(d, n), quality=95)
    with open(os.path.join(d, "list_attr_celeba.txt"), "w") as f:
        f.write("5\nSmiling Young Male\n")
        for n in names:
            f.write(n + "  " + " ".join(str(v) for v in r.choice([-1, 1], 3)) + "\n")
    with open(os.path.join(d, "list_eval_partition.txt"), "w") as f:
        f.write("".join(f"{n} {p}\n" for n, p in zip(names, (0, 1, 0, 2, 0))))


def _celeba(**kw):
    def case(ds, root):
        return _summary(ds.CelebADataset(os.path.join(root, "celeba"), shuffle=False, **kw))
    return case


for _u in ("all", "train", "valid", "test"):
    CASES[f"CelebA_{_u}"] = _celeba(usage=_u, decode=True)
CASES["CelebA_raw"] = _celeba()
CASES["CelebA_ext"] = _celeba(extensions=[".png"])
CASES["CelebA_bad_usage"] = _celeba(usage="nope")


def run_case(fn, ds, root):
    try:
        return {"value": fn(ds, root)}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__, "message": str(e).replace(root, "ROOT")}

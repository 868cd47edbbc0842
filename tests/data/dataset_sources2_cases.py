"""Tiny folders in the layouts of MindSpore's text sources, and the cases read from them; run by real
MindSpore (gen_dataset_sources2.py -> ms_dataset_sources2.json) and by tests/dataset/test_sources2_ref.py."""
import os

import numpy as np


def _w(root, rel, text, mode="w"):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode, **({} if "b" in mode else {"encoding": "utf-8", "newline": ""})) as f:
        f.write(text)


def _csv_rows(ncols, n, tag):
    out = []
    for i in range(n):
        cells = [str(i % 4 + 1)] + [f"{tag} {i} c{k}" for k in range(1, ncols)]
        if i == 1:
            cells[1] = 'has, comma and ""quotes""'
        if i == 2 and ncols > 2:
            cells[2] = "multi\\nline \u00e9"
        out.append(",".join('"%s"' % c for c in cells))
    return "\n".join(out) + "\n"


CSV_SETS = {"agnews": 3, "amazon": 3, "dbpedia": 3, "sogou": 3, "yahoo": 4, "yelp": 2}


def make_text(root):
    for name, ncols in CSV_SETS.items():
        _w(root, f"{name}/train.csv", _csv_rows(ncols, 5, name + "-train"))
        _w(root, f"{name}/test.csv", _csv_rows(ncols, 3, name + "-test"))
    for split, n in (("train", 4), ("test", 2), ("valid", 3)):
        _w(root, f"ptb/ptb.{split}.txt", "".join(f" {split} sentence {i} <unk> \n" for i in range(n)) + "\n")
        _w(root, f"wikitext/wiki.{split}.tokens",
           f" \n = {split} title = \n \n" + "".join(f" {split} line {i} @-@ x \n" for i in range(n)) + " \n")
    _w(root, "enwik9/enwik9", "<mediawiki>\n  <page>\n\n    <title>A</title>\n  </page>\n</mediawiki>\n")
    _w(root, "sst2/train.tsv", "sentence\tlabel\nit 's great \t1\nbad movie \t0\nfine \t1\n")
    _w(root, "sst2/dev.tsv", "sentence\tlabel\ndev one \t0\ndev two \t1\n")
    _w(root, "sst2/test.tsv", "index\tsentence\n0\ttest a \n1\ttest b \n")
    for split, n in (("train", 3), ("test", 2)):
        sents = []
        for s in range(n):
            sents.append("".join(f"{split}{s}w{k} NN{k} B-NP\n" for k in range(s + 2)))
        _w(root, f"conll2000/{split}.txt", "\n".join(sents) + "\n")
    for split, fname, n in (("train", "train", 3), ("test", "test", 1), ("valid", "dev", 2)):
        sents = []
        for s in range(n):
            sents.append("".join(f"{split}{s}w{k}\tNOUN\tNN\n" for k in range(s + 1)))
        _w(root, f"udpos/en-ud-tag.v2.{fname}.txt", "\n".join(sents) + "\n")
    for folder, base, n in (("training", "train", 3), ("validation", "val", 2), ("mmt16_task1_test", "test", 2)):
        _w(root, f"multi30k/{folder}/{base}.en", "".join(f"{base} english {i}\n" for i in range(n)))
        _w(root, f"multi30k/{folder}/{base}.de", "".join(f"{base} deutsch {i}\n" for i in range(n)))
    for split in ("train", "test"):
        for lab, n in (("pos", 3), ("neg", 2)):
            for i in range(n):
                _w(root, f"imdb/{split}/{lab}/{i * 7 + (lab == 'neg')}_{i + 3}.txt", f"{split} {lab} review {i} <br />")
    os.makedirs(os.path.join(root, "empty"), exist_ok=True)


def _cell(a):
    """A value as [kind, shape, content]: strings in full, numbers in full up to 64 of them, beyond
    that the md5 of their bytes (keeps the recorded json small)."""
    a = np.asarray(a)
    if a.dtype.kind in "US":
        return [a.dtype.kind, list(a.shape), a.astype(str).reshape(-1).tolist()]
    if a.size > 64:
        import hashlib
        return [str(a.dtype), list(a.shape), "md5:" + hashlib.md5(np.ascontiguousarray(a).tobytes()).hexdigest()]
    return [str(a.dtype), list(a.shape), a.reshape(-1).tolist()]


def summary(d, epochs=1):
    rows = []
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    for _ in range(epochs):
        for r in it:
            rows.append([_cell(a) for a in r])
    return {"cols": d.get_col_names(), "size": d.get_dataset_size(), "rows": rows}


CASES = {}
_CLASSES = {"agnews": "AGNewsDataset", "amazon": "AmazonReviewDataset", "dbpedia": "DBpediaDataset",
            "sogou": "SogouNewsDataset", "yahoo": "YahooAnswersDataset", "yelp": "YelpReviewDataset",
            "ptb": "PennTreebankDataset", "wikitext": "WikiTextDataset", "sst2": "SST2Dataset",
            "conll2000": "CoNLL2000Dataset", "udpos": "UDPOSDataset", "multi30k": "Multi30kDataset",
            "imdb": "IMDBDataset", "enwik9": "EnWik9Dataset"}
_USAGES = {"ptb": ("train", "test", "valid", "all"), "wikitext": ("train", "test", "valid", "all"),
           "sst2": ("train", "dev", "test"), "udpos": ("train", "test", "valid", "all"),
           "multi30k": ("train", "valid", "test", "all"), "enwik9": (None,)}


def _case(folder, cls, **kw):
    def fn(ds, root):
        if "seed" in kw:
            ds.config.set_seed(kw["seed"])
        args = {k: v for k, v in kw.items() if k != "seed"}
        if isinstance(args.get("shuffle"), str):
            args["shuffle"] = getattr(ds.Shuffle, args["shuffle"])
        return summary(getattr(ds, cls)(os.path.join(root, folder), **args), epochs=2 if "seed" in kw else 1)
    return fn


for _folder, _cls in _CLASSES.items():
    for _u in _USAGES.get(_folder, ("train", "test", "all")):
        kw = {} if _u is None else {"usage": _u}
        CASES[f"{_cls}_{_u}"] = _case(_folder, _cls, shuffle=False, **kw)
    CASES[f"{_cls}_default_usage"] = _case(_folder, _cls, shuffle=False)
    for _sid in range(2):
        CASES[f"{_cls}_shard{_sid}"] = _case(_folder, _cls, shuffle=False, num_shards=2, shard_id=_sid)
    CASES[f"{_cls}_num_samples"] = _case(_folder, _cls, shuffle=False, num_samples=3)
    CASES[f"{_cls}_missing"] = _case("nope", _cls)
    CASES[f"{_cls}_empty"] = _case("empty", _cls, shuffle=False)
    if _folder != "enwik9":  # EnWik9Dataset has no usage
        CASES[f"{_cls}_bad_usage"] = _case(_folder, _cls, usage="nope")
for _cls in ("AGNewsDataset", "PennTreebankDataset", "CoNLL2000Dataset"):
    for _seed in (2, 9):
        CASES[f"{_cls}_global_seed{_seed}"] = _case({"AGNewsDataset": "agnews", "PennTreebankDataset": "ptb",
                                                     "CoNLL2000Dataset": "conll2000"}[_cls], _cls, seed=_seed)
        CASES[f"{_cls}_files_seed{_seed}"] = _case({"AGNewsDataset": "agnews", "PennTreebankDataset": "ptb",
                                                    "CoNLL2000Dataset": "conll2000"}[_cls], _cls, seed=_seed,
                                                   shuffle="FILES")
for _seed in (2, 9):
    CASES[f"IMDBDataset_shuffle_seed{_seed}"] = _case("imdb", "IMDBDataset", seed=_seed, shuffle=True)
CASES["Multi30kDataset_de_en"] = _case("multi30k", "Multi30kDataset", shuffle=False, usage="train",
                                       language_pair=["de", "en"])


def run_case(fn, ds, root):
    try:
        return {"value": fn(ds, root)}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__, "message": str(e).replace(root, "ROOT").replace(TF, "TF")}


# ---- image sources -------------------------------------------------------------------------------

def _png(root, rel, seed, shape=(3, 4, 3)):
    from PIL import Image
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    img = np.random.RandomState(seed).randint(0, 256, shape).astype(np.uint8)
    Image.fromarray(img).save(path, format="PNG")


def make_vision(root):
    import struct
    from scipy.io import savemat
    r = np.random.RandomState(11)
    for split, n in (("train", 3), ("test", 2), ("extra", 2)):
        y = np.array([[10], [3], [7]][:n], np.uint8)
        os.makedirs(os.path.join(root, "svhn"), exist_ok=True)
        savemat(os.path.join(root, "svhn", "%s_32x32.mat" % split),
                {"X": r.randint(0, 256, (32, 32, 3, n)).astype(np.uint8), "y": y})
    for k, cls in enumerate(["Faces", "ant", "BACKGROUND_Google", "accordion"]):
        for i in range(2 if cls != "ant" else 3):
            _png(root, f"caltech101/101_ObjectCategories/{cls}/image_{i + 1:04d}.jpg", 100 + k * 10 + i)
    for k, cls in enumerate(["001.ak47", "002.american-flag", "257.clutter"]):
        for i in range(2):
            _png(root, f"caltech256/{cls}/{k + 1:03d}_{i + 1:04d}.jpg", 200 + k * 10 + i)
    for part, alphas in (("images_background", ["Greek", "Latin"]), ("images_evaluation", ["Futurama"])):
        for a in alphas:
            for c in range(2):
                for i in range(2):
                    _png(root, f"omniglot/{part}/{a}/character{c + 1:02d}/{c + 1:04d}_{i + 1:02d}.png",
                         300 + len(a) * 7 + c * 3 + i, (5, 5, 3))
    rows = []
    for i in range(4):
        bits = r.randint(0, 2, 256)
        lab = np.zeros(10, int)
        lab[i * 3 % 10] = 1
        rows.append(" ".join("%d.0000" % b for b in bits) + " " + " ".join(str(v) for v in lab) + " ")
    _w(root, "semeion/semeion.data", "\n".join(rows) + "\n")
    for split, n in (("train", 3), ("test", 2)):
        _w(root, f"stl10/{split}_X.bin", r.randint(0, 256, n * 3 * 96 * 96).astype(np.uint8).tobytes(), "wb")
        _w(root, f"stl10/{split}_y.bin", (np.arange(n) % 10 + 1).astype(np.uint8).tobytes(), "wb")
    _w(root, "stl10/unlabeled_X.bin", r.randint(0, 256, 2 * 3 * 96 * 96).astype(np.uint8).tobytes(), "wb")
    for name, n in (("usps", 3), ("usps.t", 2)):
        lines = []
        for i in range(n):
            vals = np.round(r.uniform(-1, 1, 256), 6)
            lines.append(str(i % 10 + 1) + " " + " ".join("%d:%s" % (k + 1, repr(float(v))) for k, v in enumerate(vals))
                         + " ")
        _w(root, f"usps/{name}", "\n".join(lines) + "\n")
    for prefix, n in (("qmnist-train", 3), ("qmnist-test", 2), ("xnist", 2)):
        _w(root, f"qmnist/{prefix}-images-idx3-ubyte", struct.pack(">IIII", 2051, n, 28, 28)
           + r.randint(0, 256, n * 784).astype(np.uint8).tobytes(), "wb")
        labels = np.arange(n * 8, dtype=">i4").reshape(n, 8) + 3
        _w(root, f"qmnist/{prefix}-labels-idx2-int", struct.pack(">III", 3074, n, 8) + labels.tobytes(), "wb")
    names = ["m_1_abc.jpg", "m_2_def.jpg", "m_3_ghi.jpg"]
    _w(root, "sbu/SBU_captioned_photo_dataset_urls.txt",
       "".join("http://static.flickr.com/%s\n" % n[2:].replace("_", "/", 1) for n in names))
    _w(root, "sbu/SBU_captioned_photo_dataset_captions.txt", "".join("caption %d here\n" % i for i in range(3)))
    for i, n in enumerate(names[:2]):
        _png(root, f"sbu/sbu_images/{n}", 400 + i)
    for cls in ("apple_pie", "baby_back_ribs"):
        for i in range(2):
            _png(root, f"food101/images/{cls}/{100 + i}.jpg", 500 + len(cls) + i)
    _w(root, "food101/meta/train.txt", "apple_pie/100\nbaby_back_ribs/101\n")
    _w(root, "food101/meta/test.txt", "apple_pie/101\nbaby_back_ribs/100\n")
    _w(root, "food101/meta/classes.txt", "apple_pie\nbaby_back_ribs\n")
    _w(root, "sun397/ClassName.txt", "/a/abbey\n/b/balcony/exterior\n/a/airport\n")
    for rel, n in (("a/abbey", 2), ("b/balcony/exterior", 1), ("a/airport", 2)):
        for i in range(n):
            _png(root, f"sun397/{rel}/sun_{rel[-3:]}{i}.jpg", 600 + len(rel) + i)


def _vcase(folder, cls, **kw):
    def fn(ds, root):
        return summary(getattr(ds, cls)(os.path.join(root, folder), **kw))
    return fn


_VISION = {"svhn": ("SVHNDataset", ("train", "test", "extra", "all")),
           "caltech101": ("Caltech101Dataset", ()), "caltech256": ("Caltech256Dataset", ()),
           "omniglot": ("OmniglotDataset", ()), "semeion": ("SemeionDataset", ()),
           "stl10": ("STL10Dataset", ("train", "test", "unlabeled", "train+unlabeled", "all")),
           "usps": ("USPSDataset", ("train", "test", "all")),
           "qmnist": ("QMnistDataset", ("train", "test", "test10k", "test50k", "nist", "all")),
           "sbu": ("SBUDataset", ()), "food101": ("Food101Dataset", ("train", "test", "all")),
           "sun397": ("SUN397Dataset", ())}
for _folder, (_cls, _usages) in _VISION.items():
    CASES[f"{_cls}_plain"] = _vcase(_folder, _cls, shuffle=False)
    for _u in _usages:
        CASES[f"{_cls}_{_u}"] = _vcase(_folder, _cls, shuffle=False, usage=_u)
    for _sid in range(2):
        CASES[f"{_cls}_shard{_sid}"] = _vcase(_folder, _cls, shuffle=False, num_shards=2, shard_id=_sid)
    CASES[f"{_cls}_num_samples"] = _vcase(_folder, _cls, shuffle=False, num_samples=2)
    CASES[f"{_cls}_missing"] = _vcase("nope", _cls)
    CASES[f"{_cls}_empty"] = _vcase("empty", _cls, shuffle=False)
    if _usages:
        CASES[f"{_cls}_bad_usage"] = _vcase(_folder, _cls, usage="nope")
for _cls, _folder in (("Caltech101Dataset", "caltech101"), ("Caltech256Dataset", "caltech256"),
                      ("OmniglotDataset", "omniglot"), ("SBUDataset", "sbu"), ("Food101Dataset", "food101"),
                      ("SUN397Dataset", "sun397")):
    CASES[f"{_cls}_decode"] = _vcase(_folder, _cls, shuffle=False, decode=True)
CASES["OmniglotDataset_evaluation"] = _vcase("omniglot", "OmniglotDataset", shuffle=False, background=False)
CASES["QMnistDataset_nocompat"] = _vcase("qmnist", "QMnistDataset", shuffle=False, compat=False)
CASES["Caltech101Dataset_all_targets"] = _vcase("caltech101", "Caltech101Dataset", shuffle=False,
                                                target_type="category")


# ---- TFRecord (the files of tests/data/tfrecord, written by gen_tfrecord_files.py) -----------------

TF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tfrecord")


def _tf(files, schema=None, seed=None, epochs=1, **kw):
    def fn(ds, root):
        if seed is not None:
            ds.config.set_seed(seed)
        sch = None
        if schema == "file":
            sch = os.path.join(TF, "schema.json")
        elif schema is not None:
            sch = ds.Schema()
            for name, t, shape in schema:
                sch.add_column(name, de_type=t, shape=shape)
        paths = [os.path.join(TF, f) for f in files] if isinstance(files, list) else os.path.join(TF, files)
        if isinstance(kw.get("shuffle"), str):
            kw["shuffle"] = getattr(ds.Shuffle, kw["shuffle"])
        d = ds.TFRecordDataset(paths, schema=sch, **kw)
        out = summary(d, epochs)
        out["types"] = [str(t) for t in d.output_types()]
        return out
    return fn


_AB = ["a.tfrecord", "b.tfrecord"]
CASES["TFRecord_plain"] = _tf(_AB, shuffle=False)
CASES["TFRecord_glob_columns"] = _tf("*.tfrecord", columns_list=["vec", "label", "tags"], shuffle=False)
CASES["TFRecord_schema"] = _tf(_AB, [("label", "int32", [1]), ("vec", "float64", [3]), ("name", "string", None),
                                     ("tags", "string", None)], shuffle=False)
CASES["TFRecord_schema_uint8"] = _tf(["a.tfrecord"], [("img", "uint8", None), ("tags", "uint8", None),
                                                      ("pair", "int64", [2])], shuffle=False)
CASES["TFRecord_schema_file"] = _tf(_AB + ["c.tfrecord"], "file", shuffle=False)
for _sid in range(2):
    CASES[f"TFRecord_shard{_sid}"] = _tf(_AB + ["c.tfrecord"], columns_list=["label"], shuffle=False, num_shards=2,
                                         shard_id=_sid)
    CASES[f"TFRecord_shard{_sid}_equal"] = _tf(_AB + ["c.tfrecord"], columns_list=["label"], shuffle=False,
                                               num_shards=2, shard_id=_sid, shard_equal_rows=True)
CASES["TFRecord_gzip"] = _tf(["z.tfrecord.gz"], columns_list=["label", "name"], shuffle=False,
                             compression_type="GZIP")
CASES["TFRecord_num_samples"] = _tf(_AB, columns_list=["label"], shuffle=False, num_samples=4)
for _seed in (3, 8):
    CASES[f"TFRecord_global_seed{_seed}"] = _tf(_AB + ["c.tfrecord"], columns_list=["label"], seed=_seed, epochs=2)
    CASES[f"TFRecord_files_seed{_seed}"] = _tf(_AB + ["c.tfrecord"], columns_list=["label"], seed=_seed, epochs=2,
                                               shuffle="FILES")
CASES["TFRecord_missing"] = _tf(["nope.tfrecord"])
CASES["TFRecord_empty_file"] = _tf(["empty.tfrecord"], shuffle=False)
CASES["TFRecord_bad_column"] = _tf(_AB, columns_list=["nope"], shuffle=False)
CASES["TFRecord_bad_compression"] = _tf(_AB, compression_type="LZ4")


# ---- audio sources -------------------------------------------------------------------------------

def _wav(root, rel, seed, n=6, rate=8000, width=2, channels=1):
    import wave
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    r = np.random.RandomState(seed)
    if width == 2:
        data = r.randint(-32768, 32768, n * channels).astype("<i2").tobytes()
    else:
        data = r.randint(0, 256, n * channels).astype(np.uint8).tobytes()
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(data)


def make_audio(root):
    for k, name in enumerate(["1_0_0_1_1_0_1_0", "0_0_0_0_1_1_1_1", "1_1_1_0_0_0_1_0"]):
        _wav(root, f"yesno/{name}.wav", 700 + k, n=5 + k)
    _w(root, "yesno/README", "not a wav")
    for k, (word, spk, num) in enumerate([("cat", "b433eff", 0), ("cat", "5a33edf", 1), ("dog", "aaa111", 0),
                                          ("four", "ccc222", 2)]):
        _wav(root, f"speech/{word}/{spk}_nohash_{num}.wav", 800 + k, n=4 + k, rate=16000)
    _wav(root, "speech/_background_noise_/noise.wav", 850, n=3)
    _w(root, "speech/validation_list.txt", "cat/5a33edf_nohash_1.wav\n")
    _w(root, "speech/testing_list.txt", "four/ccc222_nohash_2.wav\n")
    _w(root, "ljspeech/metadata.csv", "LJ001-0001|First text, raw.|First text, normalized.\n"
                                      "LJ001-0002|Second 2 text|Second two text\n")
    for k in range(2):
        _wav(root, f"ljspeech/wavs/LJ001-000{k + 1}.wav", 900 + k, n=7, rate=22050)
    for genre in ("blues", "disco"):
        for i in range(2):
            _wav(root, f"gtzan/{genre}/{genre}.0000{i}.wav", 950 + i + len(genre), n=5, rate=22050)
    _w(root, "cmu/cmu_us_aew_arctic/etc/txt.done.data",
       '( arctic_a0001 "Author of the danger trail." )\n( arctic_a0002 "Not at this particular case, Tom." )\n')
    for k in range(2):
        _wav(root, f"cmu/cmu_us_aew_arctic/wav/arctic_a000{k + 1}.wav", 990 + k, n=6, rate=16000)


_AUDIO = {"yesno": ("YesNoDataset", ()), "speech": ("SpeechCommandsDataset", ("train", "valid", "test", "all")),
          "ljspeech": ("LJSpeechDataset", ()), "cmu": ("CMUArcticDataset", ())}
for _folder, (_cls, _usages) in _AUDIO.items():
    CASES[f"{_cls}_plain"] = _vcase(_folder, _cls, shuffle=False)
    for _u in _usages:
        CASES[f"{_cls}_{_u}"] = _vcase(_folder, _cls, shuffle=False, usage=_u)
    for _sid in range(2):
        CASES[f"{_cls}_shard{_sid}"] = _vcase(_folder, _cls, shuffle=False, num_shards=2, shard_id=_sid)
    CASES[f"{_cls}_num_samples"] = _vcase(_folder, _cls, shuffle=False, num_samples=1)
    CASES[f"{_cls}_missing"] = _vcase("nope", _cls)
    CASES[f"{_cls}_empty"] = _vcase("empty", _cls, shuffle=False)
    if _usages:
        CASES[f"{_cls}_bad_usage"] = _vcase(_folder, _cls, usage="nope")
CASES["CMUArcticDataset_name_ahw"] = _vcase("cmu", "CMUArcticDataset", shuffle=False, name="ahw")


CASES["FakeImageDataset_small"] = lambda ds, root: summary(ds.FakeImageDataset(
    num_images=5, image_size=(3, 5, 2), num_classes=4, base_seed=7, shuffle=False))
CASES["FakeImageDataset_shard"] = lambda ds, root: summary(ds.FakeImageDataset(
    num_images=5, image_size=(2, 2, 3), num_classes=100, num_shards=2, shard_id=1, shuffle=False))
CASES["FakeImageDataset_bad_size"] = lambda ds, root: ds.FakeImageDataset(image_size=(2, 2))


# ---- more image layouts --------------------------------------------------------------------------

def make_vision2(root):
    import json
    from scipy.io import savemat
    # Flowers102: jpg/image_NNNNN.jpg, imagelabels.mat, setid.mat
    for i in range(1, 7):
        _png(root, f"flowers102/jpg/image_{i:05d}.jpg", 1000 + i)
        _png(root, f"flowers102/segmim/segmim_{i:05d}.jpg", 1100 + i)
    savemat(os.path.join(root, "flowers102", "imagelabels.mat"), {"labels": np.array([[3, 1, 2, 102, 5, 1]])})
    savemat(os.path.join(root, "flowers102", "setid.mat"), {"trnid": np.array([[2, 4]]), "tstid": np.array([[1, 6, 3]]),
                                                           "valid": np.array([[5]])})
    # Places365
    _w(root, "places365/categories_places365.txt", "/a/airfield 0\n/a/alley 1\n/b/bar 2\n")
    _w(root, "places365/places365_train_standard.txt", "/a/airfield/00000001.jpg 0\n/b/bar/00000002.jpg 2\n"
                                                      "/a/alley/00000003.jpg 1\n")
    _w(root, "places365/places365_train_challenge.txt", "/b/bar/00000009.jpg 2\n")
    _w(root, "places365/places365_val.txt", "Places365_val_00000001.jpg 1\nPlaces365_val_00000002.jpg 0\n")
    for rel, k in (("a/airfield/00000001.jpg", 0), ("b/bar/00000002.jpg", 1), ("a/alley/00000003.jpg", 2)):
        _png(root, f"places365/data_256_standard/{rel}", 1200 + k)
        _png(root, f"places365/data_large_standard/{rel}", 1210 + k, (6, 5, 3))
    _png(root, "places365/data_256_challenge/b/bar/00000009.jpg", 1220)
    for i in range(2):
        _png(root, f"places365/val_256/Places365_val_{i + 1:08d}.jpg", 1230 + i)
    # DIV2K
    for usage, ids in (("train", (1, 2)), ("valid", (801,))):
        for i in ids:
            _png(root, f"div2k/DIV2K_{usage}_HR/{i:04d}.png", 1300 + i, (8, 8, 3))
            _png(root, f"div2k/DIV2K_{usage}_LR_bicubic/X2/{i:04d}x2.png", 1400 + i, (4, 4, 3))
            _png(root, f"div2k/DIV2K_{usage}_LR_mild/{i:04d}x4m.png", 1500 + i, (2, 2, 3))
    # RenderedSST2
    for split in ("train", "valid", "test"):
        for lab, n in (("negative", 1), ("positive", 2)):
            for i in range(n):
                _png(root, f"rsst2/{split}/{lab}/{i:04d}.png", 1600 + len(split) + i + len(lab))
    # Flickr
    for name in ("1000_a.jpg", "2000_b.jpg"):
        _png(root, f"flickr/images/{name}", 1700 + len(name))
    _w(root, "flickr/token.txt", "1000_a.jpg#0\tA dog runs .\n2000_b.jpg#0\tTwo cats .\n1000_a.jpg#1\tA brown dog .\n")
    _w(root, "flickr/bad.txt", "1000_a.jpg#0\tA dog runs .\n3000_c.jpg#0\tMissing image .\n")
    # Manifest
    lines = []
    for i, (usage, labels) in enumerate((("train", ["dog"]), ("train", ["cat", "dog"]), ("eval", ["cat"]))):
        _png(root, f"manifest/img{i}.jpg", 1800 + i)
        lines.append(json.dumps({"source": os.path.join(root, f"manifest/img{i}.jpg"), "usage": usage,
                                 "annotation": [{"type": "modelarts/image_classification", "name": n}
                                                for n in labels]}))
    _w(root, "manifest/data.manifest", "\n".join(lines) + "\n")


for _folder, _cls, _usages in (("flowers102", "Flowers102Dataset", ("train", "test", "valid", "all")),
                               ("places365", "Places365Dataset", ("train-standard", "train-challenge", "val")),
                               ("div2k", "DIV2KDataset", ("train", "valid", "all")),
                               ("rsst2", "RenderedSST2Dataset", ("train", "val", "test", "all"))):
    CASES[f"{_cls}_plain"] = _vcase(_folder, _cls, shuffle=False)
    CASES[f"{_cls}_decode"] = _vcase(_folder, _cls, shuffle=False, decode=True)
    for _u in _usages:
        CASES[f"{_cls}_{_u}"] = _vcase(_folder, _cls, shuffle=False, usage=_u)
    for _sid in range(2):
        CASES[f"{_cls}_shard{_sid}"] = _vcase(_folder, _cls, shuffle=False, num_shards=2, shard_id=_sid)
    CASES[f"{_cls}_missing"] = _vcase("nope", _cls)
    CASES[f"{_cls}_empty"] = _vcase("empty", _cls, shuffle=False)
    CASES[f"{_cls}_bad_usage"] = _vcase(_folder, _cls, usage="nope")
CASES["Flowers102Dataset_segmentation"] = _vcase("flowers102", "Flowers102Dataset", shuffle=False,
                                                 task="Segmentation")
CASES["Places365Dataset_large"] = _vcase("places365", "Places365Dataset", shuffle=False, small=False)
CASES["DIV2KDataset_mild"] = _vcase("div2k", "DIV2KDataset", shuffle=False, downgrade="mild", scale=4)
CASES["DIV2KDataset_bad_scale"] = _vcase("div2k", "DIV2KDataset", downgrade="mild", scale=2)


def _flickr(ann="token.txt", folder="flickr/images", **kw):
    def fn(ds, root):
        return summary(ds.FlickrDataset(os.path.join(root, folder), os.path.join(root, "flickr", ann), **kw))
    return fn


CASES["FlickrDataset_plain"] = _flickr(shuffle=False)
CASES["FlickrDataset_decode"] = _flickr(shuffle=False, decode=True)
CASES["FlickrDataset_shard1"] = _flickr(shuffle=False, num_shards=2, shard_id=1)
CASES["FlickrDataset_missing_ann"] = _flickr(ann="nope.txt")
CASES["FlickrDataset_missing"] = _flickr(folder="nope")
CASES["FlickrDataset_missing_image"] = _flickr(ann="bad.txt", shuffle=False)


def _manifest(**kw):
    def fn(ds, root):
        d = ds.ManifestDataset(os.path.join(root, "manifest", "data.manifest"), **kw)
        out = summary(d)
        out["class_indexing"] = d.get_class_indexing()
        return out
    return fn


CASES["ManifestDataset_train"] = _manifest(shuffle=False)
CASES["ManifestDataset_eval"] = _manifest(shuffle=False, usage="eval")
CASES["ManifestDataset_decode"] = _manifest(shuffle=False, decode=True)
CASES["ManifestDataset_index"] = _manifest(shuffle=False, class_indexing={"dog": 5, "cat": 2})
CASES["ManifestDataset_shard1"] = _manifest(shuffle=False, num_shards=2, shard_id=1)
CASES["ManifestDataset_bad_usage"] = _manifest(usage="nope")
CASES["ManifestDataset_missing"] = lambda ds, root: summary(ds.ManifestDataset(os.path.join(root, "nope.manifest")))


# ---- CLUE and SQuAD (JSON) -----------------------------------------------------------------------

def make_json_text(root):
    import json
    afqmc = [{"sentence1": "s1 %d" % i, "sentence2": "s2 %d" % i, "label": str(i % 2)} for i in range(3)]
    _w(root, "clue/afqmc_train.json", "\n".join(json.dumps(r, ensure_ascii=False) for r in afqmc) + "\n")
    _w(root, "clue/afqmc_dev.json", "\n".join(json.dumps(r) for r in afqmc[:2]) + "\n")
    _w(root, "clue/afqmc_test.json", "\n".join(json.dumps({"id": i, "sentence1": "t1 %d" % i, "sentence2": "t2"})
                                                for i in range(2)) + "\n")
    tnews = [{"label": "10%d" % i, "label_desc": "news_%d" % i, "sentence": "句子 %d" % i, "keywords": "k%d" % i}
             for i in range(3)]
    _w(root, "clue/tnews_train.json", "\n".join(json.dumps(r, ensure_ascii=False) for r in tnews) + "\n")
    wsc = [{"target": {"span2_index": 3 + i, "span1_index": i, "span1_text": "A%d" % i, "span2_text": "B"},
            "idx": i, "label": "true", "text": "text %d" % i} for i in range(2)]
    _w(root, "clue/wsc_train.json", "\n".join(json.dumps(r) for r in wsc) + "\n")
    csl = [{"id": i, "abst": "abstract %d" % i, "keyword": ["kw%d" % i, "x"], "label": "1"} for i in range(2)]
    _w(root, "clue/csl_train.json", "\n".join(json.dumps(r) for r in csl) + "\n")
    for name, n in (("train-v1.1.json", 2), ("dev-v1.1.json", 1)):
        data = {"version": "1.1", "data": [{"title": "T", "paragraphs": [
            {"context": "context %s %d" % (name[:3], p),
             "qas": [{"id": "q%d%d" % (p, q), "question": "question %d %d?" % (p, q),
                      "answers": [{"text": "ans %d" % q, "answer_start": 3 + q}] * (q + 1)} for q in range(2)]}
            for p in range(n)]}]}
        _w(root, "squad/" + name, json.dumps(data))


def _clue(files, task, usage="train", **kw):
    def fn(ds, root):
        if isinstance(kw.get("shuffle"), str):
            kw["shuffle"] = getattr(ds.Shuffle, kw["shuffle"])
        return summary(ds.CLUEDataset([os.path.join(root, "clue", f) for f in files], task=task, usage=usage, **kw))
    return fn


CASES["CLUE_afqmc_train"] = _clue(["afqmc_train.json"], "AFQMC", shuffle=False)
CASES["CLUE_afqmc_two_files"] = _clue(["afqmc_train.json", "afqmc_dev.json"], "AFQMC", usage="eval", shuffle=False)
CASES["CLUE_afqmc_test"] = _clue(["afqmc_test.json"], "AFQMC", usage="test", shuffle=False)
CASES["CLUE_tnews"] = _clue(["tnews_train.json"], "TNEWS", shuffle=False)
CASES["CLUE_wsc"] = _clue(["wsc_train.json"], "WSC", shuffle=False)
CASES["CLUE_csl"] = _clue(["csl_train.json"], "CSL", shuffle=False)
for _sid in range(2):
    CASES[f"CLUE_shard{_sid}"] = _clue(["afqmc_train.json", "afqmc_dev.json"], "AFQMC", shuffle=False, num_shards=2,
                                       shard_id=_sid)
CASES["CLUE_global_seed4"] = lambda ds, root: (ds.config.set_seed(4), _clue(
    ["afqmc_train.json", "afqmc_dev.json", "tnews_train.json"], "AFQMC", shuffle="GLOBAL")(ds, root))[1]
CASES["CLUE_missing_key"] = _clue(["tnews_train.json"], "AFQMC", shuffle=False)
CASES["CLUE_bad_task"] = _clue(["tnews_train.json"], "NOPE")
CASES["CLUE_bad_usage"] = _clue(["tnews_train.json"], "TNEWS", usage="nope")
CASES["CLUE_missing_file"] = _clue(["nope.json"], "TNEWS")
for _u in ("train", "dev", "all"):
    CASES[f"SQuADDataset_{_u}"] = _vcase("squad", "SQuADDataset", usage=_u, shuffle=False)
CASES["SQuADDataset_shard1"] = _vcase("squad", "SQuADDataset", shuffle=False, num_shards=2, shard_id=1)
CASES["SQuADDataset_missing"] = _vcase("nope", "SQuADDataset")
CASES["SQuADDataset_empty"] = _vcase("empty", "SQuADDataset", shuffle=False)
CASES["SQuADDataset_bad_usage"] = _vcase("squad", "SQuADDataset", usage="nope")


def make_more_layouts(root):
    # LibriTTS: <usage>/<speaker>/<chapter>/<spk>_<ch>.trans.tsv and <utt>.wav
    for usage, spk, ch, n in (("dev-clean", "116", "288045", 2), ("dev-clean", "1255", "74899", 1),
                              ("test-clean", "7", "100", 1)):
        base = f"libritts/{usage}/{spk}/{ch}"
        lines = []
        for i in range(n):
            utt = f"{spk}_{ch}_{i:06d}_000000"
            _wav(root, f"{base}/{utt}.wav", 2000 + int(spk) + i, n=4 + i, rate=24000)
            _w(root, f"{base}/{utt}.original.txt", f"Original {utt}.")
            _w(root, f"{base}/{utt}.normalized.txt", f"normalized {utt}")
            lines.append(f"{utt}\tOriginal {utt}.\tnormalized {utt}")
        _w(root, f"{base}/{spk}_{ch}.trans.tsv", "\n".join(lines) + "\n")


for _u in ("dev-clean", "test-clean", "all"):
    CASES[f"LibriTTSDataset_{_u}"] = _vcase("libritts", "LibriTTSDataset", usage=_u, shuffle=False)
CASES["LibriTTSDataset_shard1"] = _vcase("libritts", "LibriTTSDataset", usage="all", shuffle=False, num_shards=2,
                                         shard_id=1)
CASES["LibriTTSDataset_missing"] = _vcase("nope", "LibriTTSDataset")
CASES["LibriTTSDataset_empty"] = _vcase("empty", "LibriTTSDataset", shuffle=False)
CASES["LibriTTSDataset_bad_usage"] = _vcase("libritts", "LibriTTSDataset", usage="nope")


def make_sbd(root):
    """Semantic Boundaries Dataset: img/*.jpg, cls/*.mat (GTcls: Boundaries, 20 sparse maps; Segmentation)."""
    import scipy.sparse
    from scipy.io import savemat
    names = ["2008_000002", "2008_000003", "2008_000007"]
    for k, name in enumerate(names):
        _png(root, f"sbd/img/{name}.jpg", 2300 + k, (3, 4, 3))
        r = np.random.RandomState(2400 + k)
        bounds = np.empty((20, 1), dtype=object)
        for c in range(20):
            bounds[c, 0] = scipy.sparse.csc_matrix((r.rand(3, 4) > 0.8).astype(np.uint8))
        gt = np.zeros((1,), dtype=[("Boundaries", object), ("Segmentation", object), ("CategoriesPresent", object)])
        gt[0]["Boundaries"] = bounds
        gt[0]["Segmentation"] = r.randint(0, 21, (3, 4)).astype(np.uint8)
        gt[0]["CategoriesPresent"] = np.array([[1]], np.uint8)
        os.makedirs(os.path.join(root, "sbd", "cls"), exist_ok=True)
        savemat(os.path.join(root, "sbd", "cls", name + ".mat"), {"GTcls": gt})
    _w(root, "sbd/train.txt", "2008_000002\n2008_000007\n")
    _w(root, "sbd/val.txt", "2008_000003\n")


for _u in ("train", "val", "all"):
    CASES[f"SBDataset_{_u}"] = _vcase("sbd", "SBDataset", usage=_u, shuffle=False)
CASES["SBDataset_segmentation"] = _vcase("sbd", "SBDataset", task="Segmentation", shuffle=False)
CASES["SBDataset_decode"] = _vcase("sbd", "SBDataset", task="Segmentation", decode=True, shuffle=False)
CASES["SBDataset_shard1"] = _vcase("sbd", "SBDataset", shuffle=False, num_shards=2, shard_id=1)
CASES["SBDataset_missing"] = _vcase("nope", "SBDataset")
CASES["SBDataset_empty"] = _vcase("empty", "SBDataset", shuffle=False)
CASES["SBDataset_bad_task"] = _vcase("sbd", "SBDataset", task="Nope")

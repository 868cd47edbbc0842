"""MindRecord cases run by real MindSpore (gen_mindrecord.py) and by tests/dataset/test_mindrecord_ref.py
on mindjax: each case writes its files with the framework's own FileWriter, then reads them with
FileReader / MindDataset. ``mr`` is ``mindrecord``, ``ds`` is ``dataset``."""
import os

import numpy as np

SCHEMA = {"id": {"type": "int32"}, "lab": {"type": "int64"}, "f": {"type": "float32"}, "d": {"type": "float64"},
          "name": {"type": "string"}, "img": {"type": "bytes"}, "arr": {"type": "float32", "shape": [2, 3]},
          "ia": {"type": "int64", "shape": [-1]}, "ib": {"type": "int32", "shape": [2, -1]}}


def rows(n, start=0):
    out = []
    for i in range(start, start + n):
        out.append({"id": i, "lab": i * 1000003 - 7, "f": i * 0.5 - 1.25, "d": i / 3.0, "name": "n%d\u00e9" % i,
                    "img": bytes((i * 7 + k) % 256 for k in range(i % 5 + 1)),
                    "arr": (np.arange(6, dtype=np.float32).reshape(2, 3) * (i + 1)) / 7,
                    "ia": np.array([(-1) ** k * 40 ** k for k in range(i % 6 + 1)], np.int64) * (i + 1),
                    "ib": np.arange(2 * (i % 3 + 1), dtype=np.int32).reshape(2, -1) * 70000 - 3})
    return out


def write(mr, path, n, shard_num=1, start=0, schema=None, index=None, small=True, desc="cases"):
    w = mr.FileWriter(path, shard_num=shard_num, overwrite=True)
    if small:  # small pages keep files small and make several row groups per shard
        w.set_header_size(1 << 14)
        w.set_page_size(1 << 15)
    w.add_schema(schema or SCHEMA, desc)
    if index:
        w.add_index(index)
    data = rows(n, start) if schema is None else [{k: r[k] for k in schema} for r in rows(n, start)]
    w.write_raw_data(data)
    w.commit()


def cell(v):
    """A JSON-able description of one value (kind, dtype, shape, content)."""
    if isinstance(v, bytes):
        return ["bytes", v.hex()]
    if isinstance(v, np.ndarray):
        if v.dtype.kind == "S":
            return ["S", list(v.shape), [x.hex() for x in v.reshape(-1).tolist()]]
        if v.dtype.kind == "U":
            return ["U", list(v.shape), v.reshape(-1).tolist()]
        return [str(v.dtype), list(v.shape), v.reshape(-1).astype(np.float64).tolist()]
    return [type(v).__name__, v]


def reader_rows(mr, path, **kw):
    r = mr.FileReader(path, **kw)
    out = {"len": r.len(), "schema": r.schema(), "rows": [{k: cell(v) for k, v in row.items()}
                                                           for row in r.get_next()]}
    r.close()
    return out


def ds_rows(d, epochs=1, key=None):
    out = {"cols": d.get_col_names(), "size": d.get_dataset_size(), "rows": []}
    it = d.create_dict_iterator(output_numpy=True, num_epochs=epochs)
    for _ in range(epochs):
        for row in it:
            out["rows"].append(int(row[key]) if key else {k: cell(v) for k, v in row.items()})
    return out


def _single(root, mr):
    p = os.path.join(root, "single.mindrecord")
    if not os.path.exists(p):
        write(mr, p, 7, index=["id", "name"])
    return p


def _sharded(root, mr):
    p = os.path.join(root, "sharded.mindrecord")
    if not os.path.exists(p + "0"):
        write(mr, p, 12, shard_num=3)
    return p + "0"


def _uneven(root, mr):
    """Three separately written files of 4, 6 and 3 rows (ids 0..12), read as a list."""
    paths = []
    for k, (n, s) in enumerate([(4, 0), (6, 4), (3, 10)]):
        p = os.path.join(root, "uneven%d.mindrecord" % k)
        if not os.path.exists(p):
            write(mr, p, n, start=s, schema={"id": SCHEMA["id"], "name": SCHEMA["name"]})
        paths.append(p)
    return paths


CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


@case
def reader_all(mr, ds, root):
    return reader_rows(mr, _single(root, mr))


@case
def reader_columns(mr, ds, root):
    return reader_rows(mr, _single(root, mr), columns=["ia", "d", "name"])


@case
def reader_sharded(mr, ds, root):
    return reader_rows(mr, _sharded(root, mr))


@case
def reader_no_blob(mr, ds, root):
    p = os.path.join(root, "noblob.mindrecord")
    write(mr, p, 3, schema={"id": SCHEMA["id"], "d": SCHEMA["d"]})
    return reader_rows(mr, p)


@case
def reader_only_blob(mr, ds, root):
    p = os.path.join(root, "onlyblob.mindrecord")
    write(mr, p, 3, schema={"ia": SCHEMA["ia"]})
    return reader_rows(mr, p)


@case
def reader_many_pages(mr, ds, root):
    """Rows of ~10 KB in 32 KB pages: several blob and raw pages, row groups across them."""
    p = os.path.join(root, "pages.mindrecord")
    w = mr.FileWriter(p, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema({"k": {"type": "int32"}, "x": {"type": "float64", "shape": [-1]}, "s": {"type": "string"}})
    for start in (0, 5):
        w.write_raw_data([{"k": i, "x": np.arange(1200 + i, dtype=np.float64) / (i + 1), "s": "x" * (i * 900)}
                          for i in range(start, start + 5)])
    w.commit()
    out = reader_rows(mr, p)
    return {"len": out["len"], "rows": [[r["k"], len(r["s"][1]), sum(r["x"][2])] for r in out["rows"]]}


@case
def minddataset_all(mr, ds, root):
    return ds_rows(ds.MindDataset(_single(root, mr), shuffle=False))


@case
def minddataset_columns(mr, ds, root):
    return ds_rows(ds.MindDataset(_single(root, mr), columns_list=["name", "ib", "img"], shuffle=False))


@case
def minddataset_types(mr, ds, root):
    d = ds.MindDataset(_single(root, mr), shuffle=False)
    return {"types": [str(t) for t in d.output_types()], "shapes": [list(s) for s in d.output_shapes()]}


@case
def minddataset_sharded_file_set(mr, ds, root):
    return ds_rows(ds.MindDataset(_sharded(root, mr), columns_list=["id"], shuffle=False), key="id")


@case
def minddataset_num_samples(mr, ds, root):
    return ds_rows(ds.MindDataset(_sharded(root, mr), columns_list=["id"], shuffle=False, num_samples=5),
                   key="id")


def _order_case(name, files, epochs=1, **kw):
    def fn(mr, ds, root):
        src = _uneven(root, mr) if files == "uneven" else _sharded(root, mr)
        if "seed" in kw:
            ds.config.set_seed(kw["seed"])
        args = {k: v for k, v in kw.items() if k != "seed"}
        if isinstance(args.get("shuffle"), str):
            args["shuffle"] = getattr(ds.Shuffle, args["shuffle"])
        return ds_rows(ds.MindDataset(src, columns_list=["id"], **args), epochs=epochs, key="id")
    fn.__name__ = name
    CASES[name] = fn


for _seed in (1, 5, 1234):
    _order_case(f"order_global_seed{_seed}", "sharded", epochs=2, seed=_seed, shuffle=True)
    _order_case(f"order_default_seed{_seed}", "sharded", epochs=2, seed=_seed)
    _order_case(f"order_global_numsamples_seed{_seed}", "sharded", seed=_seed, shuffle=True, num_samples=7)
    _order_case(f"order_files_seed{_seed}", "uneven", epochs=2, seed=_seed, shuffle="FILES")
    _order_case(f"order_infile_seed{_seed}", "uneven", epochs=2, seed=_seed, shuffle="INFILE")
    _order_case(f"order_uneven_global_seed{_seed}", "uneven", seed=_seed, shuffle="GLOBAL")
    for _sid in range(3):
        _order_case(f"order_shard{_sid}_shuffle_seed{_seed}", "uneven", epochs=2, seed=_seed, shuffle=True,
                    num_shards=3, shard_id=_sid)
for _sid in range(4):
    _order_case(f"order_shard{_sid}_of4_noshuffle", "uneven", shuffle=False, num_shards=4, shard_id=_sid)
    _order_case(f"order_shard{_sid}_of4_numsamples", "uneven", shuffle=False, num_shards=4, shard_id=_sid,
                num_samples=2)


# ---- bad input ----

@case
def err_reader_missing(mr, ds, root):
    return reader_rows(mr, os.path.join(root, "nope.mindrecord"))


@case
def err_reader_not_mindrecord(mr, ds, root):
    p = os.path.join(root, "junk.mindrecord")
    with open(p, "wb") as f:
        f.write(b"\x05\x00\x00\x00\x00\x00\x00\x00hello world")
    return reader_rows(mr, p)


@case
def err_dataset_missing(mr, ds, root):
    return ds_rows(ds.MindDataset(os.path.join(root, "nope.mindrecord")))


@case
def err_dataset_bad_column(mr, ds, root):
    return ds_rows(ds.MindDataset(_single(root, mr), columns_list=["nope"]))


@case
def err_writer_exists(mr, ds, root):
    p = _single(root, mr)
    w = mr.FileWriter(p)
    w.add_schema({"id": {"type": "int32"}})
    w.write_raw_data([{"id": 1}])
    return "written"


@case
def err_writer_shard_num(mr, ds, root):
    mr.FileWriter(os.path.join(root, "x.mindrecord"), shard_num=0)


@case
def err_writer_schema_type(mr, ds, root):
    mr.FileWriter(os.path.join(root, "x.mindrecord")).add_schema({"a": {"type": "uint8"}})


@case
def err_writer_schema_shape(mr, ds, root):
    mr.FileWriter(os.path.join(root, "x.mindrecord")).add_schema({"a": {"type": "string", "shape": [2]}})


@case
def err_writer_index_blob(mr, ds, root):
    w = mr.FileWriter(os.path.join(root, "x.mindrecord"))
    w.add_schema(SCHEMA)
    w.add_index(["img"])


@case
def err_writer_all_rows_bad(mr, ds, root):
    w = mr.FileWriter(os.path.join(root, "bad.mindrecord"), overwrite=True)
    w.add_schema({"a": {"type": "int32"}, "b": {"type": "float32"}})
    w.write_raw_data([{"a": 1, "b": 2}, {"a": "x", "b": 1.0}])


@case
def writer_drops_bad_rows(mr, ds, root):
    p = os.path.join(root, "dropped.mindrecord")
    w = mr.FileWriter(p, overwrite=True)
    w.add_schema({"a": {"type": "int32"}, "v": {"type": "float32", "shape": [2]}})
    w.write_raw_data([{"a": 1, "v": np.zeros(2, np.float32)}, {"a": 2, "v": np.zeros(3, np.float32)},
                      {"a": 3, "v": np.zeros(2, np.float64)}, {"a": 4}, {"a": 5, "v": np.ones(2, np.float32)}])
    w.commit()
    return reader_rows(mr, p)


@case
def err_writer_page_size(mr, ds, root):
    mr.FileWriter(os.path.join(root, "x.mindrecord")).set_page_size(1000)


@case
def err_writer_bad_name(mr, ds, root):
    mr.FileWriter(os.path.join(root, "a:b.mindrecord"))


def run_case(fn, mr, ds, root):
    try:
        return {"value": fn(mr, ds, root)}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__, "message": str(e).replace(root, "ROOT")}


@case
def imagenet_to_mr(mr, ds, root):
    """ImageNetToMR on a tiny folder; rows sorted by file name (the converter walks directory order)."""
    base = os.path.join(root, "imagenet")
    for folder, n in (("n01", 2), ("n02", 1)):
        os.makedirs(os.path.join(base, "img", folder), exist_ok=True)
        for i in range(n):
            with open(os.path.join(base, "img", folder, "x%d.JPEG" % i), "wb") as f:
                f.write(bytes([i, 7, 9]) * (i + 1))
    with open(os.path.join(base, "img", "n01", "skip.png"), "wb") as f:
        f.write(b"png")
    with open(os.path.join(base, "map.txt"), "w") as f:
        f.write("n01 3\nn02 5\nn03 9\n")
    out = os.path.join(base, "imagenet.mindrecord")
    for p in (out, out + ".db"):
        if os.path.exists(p):
            os.remove(p)
    mr.ImageNetToMR(os.path.join(base, "map.txt"), os.path.join(base, "img"), out).transform()
    got = reader_rows(mr, out)
    got["rows"] = sorted(got["rows"], key=lambda r: r["file_name"][1])
    for r in got["rows"]:
        r["file_name"][1] = os.path.relpath(r["file_name"][1], base)
    return got


@case
def err_imagenet_no_dirs(mr, ds, root):
    base = os.path.join(root, "imagenet_bad")
    os.makedirs(base, exist_ok=True)
    with open(os.path.join(base, "map.txt"), "w") as f:
        f.write("nope 1\n")
    mr.ImageNetToMR(os.path.join(base, "map.txt"), base, os.path.join(base, "o.mindrecord")).transform()

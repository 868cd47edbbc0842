"""Dataset methods, run by real MindSpore (gen_dataset_ops.py) and by tests/dataset/test_ops_ref.py."""
import numpy as np


def _rows(d, epochs=1):
    it = d.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    out = []
    for _ in range(epochs):
        out.append([[np.asarray(a).tolist() for a in r] for r in it])
    return out if epochs > 1 else out[0]


def _src(ds, n, **kw):
    return ds.NumpySlicesDataset(np.arange(n), column_names=["x"], **kw)


def _gen(n):
    def g():
        for i in range(n):
            yield (np.array(i),)
    return g


def _var(lengths):
    def g():
        for k, n in enumerate(lengths):
            yield np.arange(n, dtype=np.int32) + k, np.array([k, k], np.float32)
    return g


CASES = {}


def case(name, seed=None):
    def deco(fn):
        def run(ds):
            if seed is not None:
                ds.config.set_seed(seed)
            return fn(ds)
        CASES[name] = run
        return fn
    return deco


@case("split_int_plain")
def _(ds):
    return [_rows(p) for p in _src(ds, 10, shuffle=False).split([3, 7], randomize=False)]


@case("split_float_plain")
def _(ds):
    return [_rows(p) for p in _src(ds, 11, shuffle=False).split([0.33, 0.33, 0.34], randomize=False)]


for _s in (3, 1234):
    case(f"split_random_s{_s}", _s)(
        lambda ds: [_rows(p, 2) for p in _src(ds, 12, shuffle=False).split([0.5, 0.25, 0.25])])
    case(f"split_generator_s{_s}", _s)(
        lambda ds: [_rows(p, 2) for p in ds.GeneratorDataset(_gen(9), ["x"]).split([5, 4])])
    case(f"split_then_shuffle_s{_s}", _s)(
        lambda ds: [_rows(p.shuffle(3), 2) for p in _src(ds, 8, shuffle=False).split([4, 4])])


@case("split_generator_plain")
def _(ds):
    return [_rows(p) for p in ds.GeneratorDataset(_gen(9), ["x"]).split([5, 4], randomize=False)]


@case("split_sizes_bad")
def _(ds):
    return _src(ds, 10).split([3, 4])


@case("split_float_bad")
def _(ds):
    return _src(ds, 10).split([0.5, 0.6])


@case("split_mixed_bad")
def _(ds):
    return _src(ds, 10).split([5, 0.5])


@case("split_sharded_bad")
def _(ds):
    return _src(ds, 10, num_shards=2, shard_id=0).split([3, 2])


@case("split_sizes")
def _(ds):
    return [p.get_dataset_size() for p in _src(ds, 10, shuffle=False).split([0.34, 0.33, 0.33], randomize=False)]


@case("bucket_default")
def _(ds):
    d = ds.GeneratorDataset(_var([1, 5, 3, 2, 7, 4, 1, 6]), ["a", "b"])
    return _rows(d.bucket_batch_by_length(["a"], [3, 5], [2, 2, 3], pad_info={"a": (None, -1)}))


@case("bucket_boundary_pad")
def _(ds):
    d = ds.GeneratorDataset(_var([1, 5, 3, 2, 4, 1, 2]), ["a", "b"])
    return _rows(d.bucket_batch_by_length(["a"], [3, 6], [2, 2, 2], pad_info={"a": (None, 9)},
                                          pad_to_bucket_boundary=True))


@case("bucket_fn_drop")
def _(ds):
    d = ds.GeneratorDataset(_var([1, 5, 3, 2, 7, 4, 1, 6, 2]), ["a", "b"])
    return _rows(d.bucket_batch_by_length(["a", "b"], [4], [2, 3], element_length_function=lambda a, b: len(a) * 2,
                                          pad_info={"a": ([8], 0)}, drop_remainder=True))


@case("bucket_second_column")
def _(ds):
    d = ds.GeneratorDataset(_var([3, 1, 2]), ["a", "b"])
    return _rows(d.bucket_batch_by_length(["b"], [2], [1, 2], pad_info={"a": (None, 0)}))


@case("bucket_size")
def _(ds):
    d = ds.GeneratorDataset(_var([1, 5, 3, 2, 7, 4, 1, 6]), ["a", "b"])
    return d.bucket_batch_by_length(["a"], [3, 5], [2, 2, 3], pad_info={"a": (None, -1)}).get_dataset_size()


@case("bucket_bad_boundaries")
def _(ds):
    return ds.GeneratorDataset(_var([1]), ["a", "b"]).bucket_batch_by_length(["a"], [3, 2], [1, 1, 1])


@case("bucket_bad_sizes")
def _(ds):
    return ds.GeneratorDataset(_var([1]), ["a", "b"]).bucket_batch_by_length(["a"], [3], [1])


@case("padded_batch")
def _(ds):
    d = ds.GeneratorDataset(_var([1, 3, 2, 4, 2]), ["a", "b"])
    return _rows(d.padded_batch(2, pad_info={"a": ([5], 7)}))


@case("padded_batch_none")
def _(ds):
    d = ds.GeneratorDataset(_var([1, 3, 2, 4, 2]), ["a", "b"])
    return _rows(d.padded_batch(3, drop_remainder=True, pad_info={"a": None}))


@case("zip_concat")
def _(ds):
    def b():
        return ds.NumpySlicesDataset({"y": np.arange(3) * 10}, shuffle=False)
    z = _src(ds, 5, shuffle=False).zip(b())
    c = _src(ds, 3, shuffle=False).concat(_src(ds, 2, shuffle=False))
    return [_rows(z), z.get_col_names(), z.get_dataset_size(), _rows(c), c.get_dataset_size(),
            _rows(ds.zip((_src(ds, 2, shuffle=False), b())))]


@case("concat_shuffled", 11)
def _(ds):
    c = _src(ds, 4, shuffle=False) + _src(ds, 3, shuffle=False)
    return _rows(c.shuffle(4), 2)


@case("shapes_types")
def _(ds):
    def d():
        return ds.GeneratorDataset(_var([3, 3]), ["a", "b"]).batch(2)
    return [d().output_shapes(), [str(t) for t in d().output_types()], d().get_batch_size(), d().get_repeat_count(),
            d().repeat(3).get_repeat_count(), d().repeat(3).get_dataset_size()]


@case("batch_callable")
def _(ds):
    d = _src(ds, 10, shuffle=False).batch(lambda info: info.get_batch_num() + 1)
    return [_rows(d), d.get_dataset_size()]


@case("per_batch_map")
def _(ds):
    def f(x, info):
        return ([a * 2 for a in x],)
    return _rows(_src(ds, 5, shuffle=False).batch(2, per_batch_map=f, input_columns=["x"]))


@case("skip_take_repeat")
def _(ds):
    d = _src(ds, 7, shuffle=False).skip(2).take(4).repeat(2)
    return [_rows(d), d.get_dataset_size()]


@case("filter_rename_project")
def _(ds):
    d = ds.NumpySlicesDataset({"x": np.arange(6), "y": np.arange(6) * 3}, shuffle=False)
    d = d.filter(lambda x: x % 2 == 0, input_columns=["x"]).rename(["y"], ["z"]).project(["z", "x"])
    return [_rows(d), d.get_col_names()]


@case("num_classes_none")
def _(ds):
    return [_src(ds, 3).num_classes(), _src(ds, 3).get_class_indexing()]


@case("map_column_order")
def _(ds):
    d = ds.NumpySlicesDataset({"x": np.arange(3), "y": np.arange(3) * 3}, shuffle=False)
    d = d.map(lambda x: (x, x * 10), input_columns=["x"], output_columns=["p", "q"])
    return [_rows(d), d.get_col_names()]


def run_case(fn, ds):
    try:
        return {"value": fn(ds)}
    except Exception as e:  # noqa: BLE001 - recorded
        msg = str(e)
        if "- Python Call Stack: \n" in msg:  # the user-code error: keep its Python call stack line
            msg = msg.split("- Python Call Stack: \n")[1].split("\n")[1]
        return {"error": type(e).__name__, "message": msg.split("\n")[0]}


@case("sync_wait_update")
def _(ds):
    log = []
    d = _src(ds, 6, shuffle=False).sync_wait("c", 1, callback=log.append).batch(2)
    out = []
    for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
        out.append(r[0].tolist())
        d.sync_update("c", data=len(out))
    return [out, log]


@case("sync_wait_two_batches")
def _(ds):
    d = _src(ds, 8, shuffle=False).sync_wait("c", 2).batch(2)
    out = []
    for k, r in enumerate(d.create_tuple_iterator(num_epochs=1, output_numpy=True)):
        out.append(r[0].tolist())
        if k % 2 == 1:
            d.sync_update("c")
    return out


@case("sync_update_unknown")
def _(ds):
    _src(ds, 4).sync_wait("c").sync_update("nope")


@case("sync_update_bad_num")
def _(ds):
    _src(ds, 4).sync_wait("c").sync_update("c", num_batch=0)


@case("sync_wait_duplicate")
def _(ds):
    _src(ds, 4).sync_wait("c").sync_wait("c")


@case("sync_wait_bad_num")
def _(ds):
    _src(ds, 4).sync_wait("c", 0)


def _cb_log(ds, step_size, epochs=2, n=5):
    class CB(ds.DSCallback):
        def __init__(self, s):
            super().__init__(s)
            self.log = []

        def _add(self, kind, c):
            self.log.append([kind, c.cur_epoch_num, c.cur_step_num_in_epoch, c.cur_step_num])

        def ds_begin(self, c):
            self._add("begin", c)

        def ds_epoch_begin(self, c):
            self._add("eb", c)

        def ds_epoch_end(self, c):
            self._add("ee", c)

        def ds_step_begin(self, c):
            self._add("sb", c)

        def ds_step_end(self, c):
            self._add("se", c)

    cb = CB(step_size)
    d = _src(ds, n, shuffle=False).map(lambda x: x, callbacks=cb)
    it = d.create_tuple_iterator(num_epochs=epochs)
    for _ in range(epochs):
        for _r in it:
            pass
    return cb.log


case("dscallback_1")(lambda ds: _cb_log(ds, 1))
case("dscallback_2")(lambda ds: _cb_log(ds, 2))
case("dscallback_bad")(lambda ds: ds.DSCallback(0))


def _ms_types(ds):
    import importlib
    return importlib.import_module(ds.__name__.split(".")[0])


@case("schema_json")
def _(ds):
    ms = _ms_types(ds)
    s = ds.Schema()
    s.add_column("a", ms.int32, [2])
    s.add_column("b", "float32")
    s.add_column("c", de_type=ms.uint8, shape=[2, -1])
    s.add_column("d", ms.bool_, [])
    s2 = ds.Schema()
    s2.parse_columns({"x": {"type": "int64", "shape": [3]}, "y": {"type": "string"}})
    s3 = ds.Schema()
    s3.from_json({"columns": {"q": {"type": "int8", "rank": 1}}, "datasetType": "x"})
    return [s.to_json(), str(s2), s3.to_json(), ds.Schema().to_json()]


@case("schema_bad_type")
def _(ds):
    ds.Schema().add_column("z", "nope")


@case("schema_bad_name")
def _(ds):
    ds.Schema().add_column(3, "int32")


@case("schema_generator")
def _(ds):
    ms = _ms_types(ds)
    s = ds.Schema()
    s.add_column("x", ms.int64, [2])
    s.add_column("y", ms.float32)
    d = ds.GeneratorDataset(lambda: ((np.array([1, 2]), np.float32(i)) for i in range(2)), schema=s)
    return [d.get_col_names(), [[str(a.dtype) for a in r] for r in d.create_tuple_iterator(output_numpy=True)]]


@case("schema_generator_mismatch")
def _(ds):
    ms = _ms_types(ds)
    s = ds.Schema()
    s.add_column("x", ms.float32, [2])
    return _rows(ds.GeneratorDataset(lambda: ((np.array([1, 2]),) for _ in range(2)), schema=s))


@case("column_types_mismatch")
def _(ds):
    ms = _ms_types(ds)
    return _rows(ds.GeneratorDataset(lambda: ((np.array([1, 2], np.int64),) for _ in range(2)), ["a"],
                                     column_types=[ms.int32]))


@case("column_types_ok")
def _(ds):
    ms = _ms_types(ds)
    d = ds.GeneratorDataset(lambda: ((np.array([1, 2], np.int32), np.float32(1)) for _ in range(2)), ["a", "b"],
                            column_types=[ms.int32, ms.float32])
    return [[str(a.dtype) for a in r] for r in d.create_tuple_iterator(output_numpy=True)]


def _random_rows(d, epochs=1):
    it = d.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    out = []
    for _ in range(epochs):
        out.append([[str(a.dtype), list(a.shape), np.asarray(a).reshape(-1)[:1].tolist()] for r in it for a in r])
    return [d.get_col_names(), d.get_dataset_size(), out]


for _s in (4, 77):
    @case(f"random_dataset_schema_s{_s}", _s)
    def _(ds):
        ms = _ms_types(ds)
        s = ds.Schema()
        s.add_column("img", ms.uint8, [2, 3])
        s.add_column("f", ms.float32, [-1])
        s.add_column("i", ms.int16, [1, -1])
        return _random_rows(ds.RandomDataset(total_rows=5, schema=s), 2)

    case(f"random_dataset_free_s{_s}", _s)(lambda ds: _random_rows(ds.RandomDataset(total_rows=3)))
    case(f"random_dataset_rows_s{_s}", _s)(lambda ds: _random_rows(ds.RandomDataset()))


@case("random_dataset_columns_list", 9)
def _(ds):
    ms = _ms_types(ds)
    s = ds.Schema()
    s.add_column("a", ms.int32, [2])
    s.add_column("b", ms.float64, [])
    return _random_rows(ds.RandomDataset(total_rows=4, schema=s, columns_list=["b"]))

"""Cases run both by real MindSpore (gen_dataset_basic.py) and by the tests on mindjax.

Each case is a function of the ``mindspore.dataset`` module (``ds``) and the top-level module
(``ms``); it returns a JSON-able value or raises. ``run_case`` turns either into a record:
``{"value": ...}`` or ``{"error": class name, "message": str}``.
"""
import numpy as np


def _rows(d, numpy=True):
    return [[_plain(a) for a in r] for r in d.create_tuple_iterator(output_numpy=numpy)]


def _plain(a):
    if isinstance(a, dict):
        return {k: _plain(v) for k, v in a.items()}
    if isinstance(a, list):
        return [_plain(v) for v in a]
    if hasattr(a, "asnumpy"):
        a = a.asnumpy()
    a = np.asarray(a)
    v = a.astype(str) if a.dtype.kind == "S" else a
    return {"dtype": str(a.dtype), "shape": list(a.shape), "v": v.tolist()}
    return {"dtype": str(a.dtype), "shape": list(a.shape), "v": a.tolist()}


def _gen_raises():
    yield (np.array(1),)
    raise ValueError("boom in gen")


class _RandomAccessRaises:
    def __len__(self):
        return 3

    def __getitem__(self, i):
        if i == 1:
            raise KeyError("bad key")
        return (np.array(i),)


def _map_raises(x):
    raise ZeroDivisionError("div in map")


def _gen_of(values):
    def gen():
        yield from values
    return gen


def err_generator_raises(ds, ms):
    return _rows(ds.GeneratorDataset(_gen_raises, ["a"], shuffle=False))


def err_random_access_raises(ds, ms):
    return _rows(ds.GeneratorDataset(_RandomAccessRaises(), ["a"], shuffle=False))


def err_map_raises(ds, ms):
    return _rows(ds.NumpySlicesDataset([1, 2], shuffle=False).map(_map_raises))


def err_map_returns_none(ds, ms):
    return _rows(ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: None))


def err_generator_yields_none(ds, ms):
    return _rows(ds.GeneratorDataset(_gen_of([None]), ["a"], shuffle=False))


def err_generator_yields_none_in_tuple(ds, ms):
    return _rows(ds.GeneratorDataset(_gen_of([(None,)]), ["a"], shuffle=False))


def err_generator_yields_none_second(ds, ms):
    return _rows(ds.GeneratorDataset(_gen_of([(np.array(1), None)]), ["a", "b"], shuffle=False))


def _npw(kind, w):
    def case(ds, ms):
        if kind == "generator":
            ds.GeneratorDataset(_gen_of([1]), ["a"], num_parallel_workers=w)
        elif kind == "slices":
            ds.NumpySlicesDataset([1, 2], num_parallel_workers=w)
        elif kind == "map":
            ds.NumpySlicesDataset([1, 2]).map(_map_raises, num_parallel_workers=w)
        elif kind == "batch":
            ds.NumpySlicesDataset([1, 2]).batch(2, num_parallel_workers=w)
        elif kind == "filter":
            ds.NumpySlicesDataset([1, 2]).filter(lambda x: True, num_parallel_workers=w)
        return "accepted"
    return case


def err_config_workers_zero(ds, ms):
    ds.config.set_num_parallel_workers(0)


def err_config_workers_negative(ds, ms):
    ds.config.set_num_parallel_workers(-1)


def dict_column(ds, ms):
    def gen():
        for i in range(3):
            yield ({"a": i, "b": [1, 2]},)
    return _rows(ds.GeneratorDataset(gen, ["d"], shuffle=False))


def dict_bare(ds, ms):
    def gen():
        for i in range(2):
            yield {"a": np.float32(i)}
    return _rows(ds.GeneratorDataset(gen, ["d"], shuffle=False), numpy=False)


def dict_batched(ds, ms):
    def gen():
        for i in range(4):
            yield ({"a": i, "m": np.ones(2, np.float32) * i}, np.int32(i))
    return _rows(ds.GeneratorDataset(gen, ["d", "y"], shuffle=False).batch(2))


def dict_through_map(ds, ms):
    def gen():
        for i in range(2):
            yield ({"a": i},)
    d = ds.GeneratorDataset(gen, ["d"], shuffle=False).map(lambda d: d["a"] * 10)
    return _rows(d)


def scalars_and_lists(ds, ms):
    def gen():
        for i in range(2):
            yield i, [i, i + 1], 1.5 * i, "s%d" % i, b"x", True
    return _rows(ds.GeneratorDataset(gen, list("abcdef"), shuffle=False))


def _reprs(d):
    return [[repr(a) for a in r] for r in d.create_tuple_iterator()] + \
        [[str(a) for a in r] for r in d.create_tuple_iterator()] + \
        [repr(list(r)) for r in d.create_tuple_iterator()] + \
        [repr(r) for r in d.create_dict_iterator()]


def print_slices(ds, ms):
    data = {"x": np.array([[1.0, 1.0], [2.0, 2.5]], np.float32), "y": np.array([1, 2]),
            "z": np.array([1e-5, 3.0]), "b": np.array([True, False]), "h": np.array([1.5, 2], np.float16),
            "u": np.array([[1, 200], [3, 4]], np.uint8)}
    d = ds.NumpySlicesDataset(data, shuffle=False)
    return _reprs(d) + _reprs(d.batch(2))


def print_large(ds, ms):
    d = ds.NumpySlicesDataset({"x": np.arange(4000, dtype=np.float32).reshape(2, 2000) / 7,
                               "i": np.arange(3000, dtype=np.int32).reshape(2, 1500)}, shuffle=False)
    return _reprs(d)


def print_image(ds, ms):
    img = (np.arange(2 * 4 * 3 * 3) % 251).astype(np.uint8).reshape(2, 4, 3, 3)
    return _reprs(ds.NumpySlicesDataset({"image": img}, shuffle=False))


CASES = {name: fn for name, fn in dict(globals()).items()
         if callable(fn) and name.startswith(("err_", "dict_", "scalars_", "print_"))}
for _kind in ("generator", "slices", "map", "batch", "filter"):
    for _w in (0, -1, 1.5, True):
        CASES[f"err_workers_{_kind}_{_w}"] = _npw(_kind, _w)


def run_case(fn, ds, ms):
    try:
        return {"value": fn(ds, ms)}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__, "message": str(e)}


def dict_shapes_types(ds, ms):
    def gen():
        for i in range(2):
            yield ({"a": i}, np.array([1.5, 2.5], np.float32))
    d = ds.GeneratorDataset(gen, ["d", "x"], shuffle=False)
    return [d.output_shapes(), [str(t) for t in d.output_types()]]


CASES["dict_shapes_types"] = dict_shapes_types

import gc
import threading
import time
import traceback

import numpy as np
import pytest

import mindjax.dataset as ds
from mindjax.dataset.engine import iterators


def rows(d, **kw):
    return list(d.create_tuple_iterator(output_numpy=True, **kw))


def nums(d, **kw):
    return [r[0].tolist() for r in rows(d, **kw)]


def ten():
    return ds.NumpySlicesDataset(np.arange(10), column_names=["v"], shuffle=False)


# ---- batch ------------------------------------------------------------------------------------------

def test_batch_keeps_remainder():
    b = ten().batch(3)
    assert b.get_dataset_size() == 4 and b.get_batch_size() == 3
    assert nums(b) == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]
    assert b.output_shapes() == [[3]]


def test_batch_drop_remainder():
    b = ten().batch(3, drop_remainder=True)
    assert b.get_dataset_size() == 3
    assert nums(b) == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]


def test_batch_stacks_every_column_and_keeps_dtype():
    d = ds.NumpySlicesDataset({"img": np.ones((5, 2, 3), np.uint8), "y": np.arange(5, dtype=np.int32)},
                              shuffle=False).batch(2)
    img, y = rows(d)[0]
    assert img.shape == (2, 2, 3) and img.dtype == np.uint8
    assert y.tolist() == [0, 1] and y.dtype == np.int32


def test_batch_callable_size_and_per_batch_map():
    d = ten().batch(lambda info: info.get_batch_num() + 1)
    assert nums(d) == [[0], [1, 2], [3, 4, 5], [6, 7, 8, 9]]
    d = ten().batch(4, per_batch_map=lambda v, info: ([x * 10 for x in v],), input_columns=["v"])
    assert nums(d) == [[0, 10, 20, 30], [40, 50, 60, 70], [80, 90]]


def test_batch_pad_info():
    d = ds.GeneratorDataset(lambda: ((np.arange(n),) for n in (1, 3, 2)), ["x"])
    got = nums(d.batch(3, pad_info={"x": ([4], -1)}))
    assert got == [[[0, -1, -1, -1], [0, 1, 2, -1], [0, 1, -1, -1]]]


def test_batch_inconsistent_shapes_names_the_sample():
    def gen():
        for i in range(6):
            yield (np.zeros(3 if i == 4 else 2),)

    with pytest.raises(ValueError) as e:
        rows(ds.GeneratorDataset(gen, ["a"]).batch(3))
    msg = str(e.value)
    assert "sample 4" in msg and "(3,)" in msg and "(2,)" in msg and "'a'" in msg


# ---- map --------------------------------------------------------------------------------------------

def test_map_numerics_and_new_columns():
    m = ten().map(lambda x: (x, x * 2), input_columns=["v"], output_columns=["v", "w"])
    assert m.get_col_names() == ["v", "w"]
    assert [(a.item(), b.item()) for a, b in rows(m)][:3] == [(0, 0), (1, 2), (2, 4)]
    m = ten().map(lambda x: x * 3)  # first column by default
    assert nums(m)[:4] == [0, 3, 6, 9]
    m = ten().map([lambda x: x + 1, lambda x: x * x], input_columns="v")  # chained operations
    assert nums(m)[:4] == [1, 4, 9, 16]


def test_map_column_order_as_mindspore():
    def src():
        return ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4], "c": [5, 6]}, shuffle=False)

    # orders recorded from MindSpore 2.10
    assert src().map(lambda b: b, input_columns=["b"]).get_col_names() == ["a", "b", "c"]
    assert src().map(lambda c: (c, c), input_columns=["c"], output_columns=["c", "z"]).get_col_names() == \
        ["c", "z", "a", "b"]
    assert src().map(lambda c: c, input_columns=["c"], output_columns=["z"]).get_col_names() == ["a", "b", "z"]
    m = src().map(lambda a, c: a + c, input_columns=["a", "c"], output_columns=["s"])
    assert m.get_col_names() == ["s", "b"]
    assert [[int(x) for x in r] for r in rows(m)] == [[6, 3], [8, 4]]


def test_map_with_transforms_matches_numpy():
    import mindjax.dataset.vision as vision
    imgs = np.random.RandomState(0).randint(0, 256, (4, 6, 8, 3)).astype(np.uint8)
    d = ds.NumpySlicesDataset({"image": imgs, "label": np.arange(4)}, shuffle=False)
    mean, std = [10.0, 20.0, 30.0], [2.0, 3.0, 4.0]
    d = d.map([vision.Normalize(mean, std), vision.HWC2CHW()], input_columns="image").batch(4)
    img, label = rows(d)[0]
    want = ((imgs.astype(np.float32) - np.float32(mean)) / np.float32(std)).transpose(0, 3, 1, 2)
    assert img.dtype == np.float32 and img.shape == (4, 3, 6, 8)
    np.testing.assert_allclose(img, want, rtol=1e-6)
    assert label.tolist() == [0, 1, 2, 3]


# ---- shuffle / seed ---------------------------------------------------------------------------------

def test_shuffle_buffer_is_reproducible_under_seed():
    ds.config.set_seed(123)
    a = nums(ten().shuffle(4))
    ds.config.set_seed(123)
    b = nums(ten().shuffle(4))
    ds.config.set_seed(124)
    c = nums(ten().shuffle(4))
    assert a == b and sorted(a) == list(range(10)) and a != list(range(10))
    assert c != a
    assert ds.config.get_seed() == 124


def test_source_shuffle_reproducible_and_differs_per_epoch():
    ds.config.set_seed(7)
    it = ds.NumpySlicesDataset(np.arange(20)).create_tuple_iterator(num_epochs=2, output_numpy=True)
    e1, e2 = [int(r[0]) for r in it], [int(r[0]) for r in it]
    ds.config.set_seed(7)
    it = ds.NumpySlicesDataset(np.arange(20)).create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [int(r[0]) for r in it] == e1 and [int(r[0]) for r in it] == e2
    assert sorted(e1) == sorted(e2) == list(range(20)) and e1 != e2


def test_random_transforms_reproducible_under_seed():
    import mindjax.dataset.vision as vision
    imgs = np.arange(8 * 4 * 4 * 1).reshape(8, 4, 4, 1).astype(np.uint8)

    def run():
        d = ds.NumpySlicesDataset(imgs, column_names=["im"], shuffle=False)
        d = d.map([vision.RandomCrop(2), vision.RandomHorizontalFlip()])
        return np.stack([r[0] for r in rows(d)])

    ds.config.set_seed(5)
    a = run()
    ds.config.set_seed(5)
    np.testing.assert_array_equal(a, run())
    assert a.shape == (8, 2, 2, 1)


def test_default_seed_and_config_checks():
    assert ds.config.get_prefetch_size() == 16
    with pytest.raises(ValueError, match=r"seed given is not within the required range \[0, UINT32_MAX"):
        ds.config.set_seed(-1)
    with pytest.raises(TypeError):
        ds.config.set_seed(1.5)
    with pytest.raises(ValueError, match=r"size is not within the required range \(0, INT32_MAX"):
        ds.config.set_prefetch_size(0)
    ds.config._state["seed"] = None
    assert ds.config.get_seed() == 5489  # MindSpore's answer before any set_seed


# ---- repeat / take / skip / project / rename / zip / concat ---------------------------------------

def test_repeat_take_skip():
    assert ten().repeat(2).get_dataset_size() == 20
    assert ten().repeat(2).take(13).get_dataset_size() == 13
    assert ten().skip(3).get_dataset_size() == 7
    assert nums(ten().take(3).repeat(2)) == [0, 1, 2, 0, 1, 2]
    assert nums(ten().skip(8)) == [8, 9]
    assert nums(ten().repeat(2).skip(8).take(4)) == [8, 9, 0, 1]
    assert ten().batch(4).repeat(2).get_dataset_size() == 6
    assert ten().repeat(2).batch(4).get_dataset_size() == 5
    assert nums(ten().repeat(2).batch(4))[2] == [8, 9, 0, 1]  # repeat before batch mixes the passes
    assert ten().repeat(-1).get_dataset_size() == 10  # MindSpore answers the child's size for -1
    assert len(nums(ten().repeat().take(25))) == 25


def test_project_rename_zip_concat():
    def src():
        return ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4]}, shuffle=False)

    p = src().project(["b", "a"])
    assert p.get_col_names() == ["b", "a"] and [[int(x) for x in r] for r in rows(p)] == [[3, 1], [4, 2]]
    r = src().rename(["a"], ["q"])
    assert r.get_col_names() == ["q", "b"]
    z = ds.zip((src(), src().rename(["a", "b"], ["c", "d"])))
    assert z.get_col_names() == ["a", "b", "c", "d"] and z.get_dataset_size() == 2
    assert [int(x) for x in rows(z)[1]] == [2, 4, 2, 4]
    c = src() + src()
    assert c.get_dataset_size() == 4 and [int(r[0]) for r in rows(c)] == [1, 2, 1, 2]
    f = ten().filter(lambda v: v % 3 == 0)
    assert nums(f) == [0, 3, 6, 9] and f.get_dataset_size() == 4


# ---- iterators --------------------------------------------------------------------------------------

def test_iterator_kinds_numpy():
    d = ds.NumpySlicesDataset({"a": [1, 2], "b": [3., 4.]}, shuffle=False)
    t = next(iter(d.create_tuple_iterator(output_numpy=True)))
    assert isinstance(t, list) and all(isinstance(x, np.ndarray) for x in t)
    dct = next(iter(d.create_dict_iterator(output_numpy=True)))
    assert list(dct) == ["a", "b"] and dct["b"].item() == 3.0
    assert [int(r[0]) for r in d.create_tuple_iterator(columns=["a"], output_numpy=True)] == [1, 2]


def test_iterator_yields_tensors():
    tensor_mod = pytest.importorskip("mindjax._tensor")
    d = ds.NumpySlicesDataset({"a": np.arange(4, dtype=np.float32)}, shuffle=False).batch(2)
    first = next(iter(d))
    assert isinstance(first, list) and isinstance(first[0], tensor_mod.Tensor)
    np.testing.assert_array_equal(first[0].asnumpy(), [0.0, 1.0])
    row = next(iter(d.create_dict_iterator()))
    assert isinstance(row["a"], tensor_mod.Tensor)


def test_epochs_and_exhaustion():
    it = ten().create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert len(list(it)) == 10 and len(list(it)) == 10
    with pytest.raises(RuntimeError, match="epochs are exhausted"):
        next(it)
    it = ten().create_tuple_iterator(output_numpy=True)  # num_epochs=-1: as many as asked
    assert [len(list(it)) for _ in range(3)] == [10, 10, 10]


def _wait_threads_gone(timeout=5.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        live = [t for t in iterators._live_threads if t.is_alive()]
        if not live:
            return True
        gc.collect()
        time.sleep(0.02)
    return False


def test_prefetch_runs_ahead_with_bounded_queue():
    ds.config.set_prefetch_size(3)
    produced = []

    def gen():
        for i in range(100):
            produced.append(i)
            yield (np.array(i),)

    it = ds.GeneratorDataset(gen, ["x"]).create_tuple_iterator(num_epochs=1, output_numpy=True)
    time.sleep(0.3)
    assert 3 <= len(produced) <= 5  # prepared ahead before any next(), but bounded by the queue
    assert int(next(it)[0]) == 0
    it.stop()
    assert not it._thread.is_alive()


def test_thread_stops_when_iteration_ends_or_iterator_dropped():
    assert _wait_threads_gone()
    it = ten().create_tuple_iterator(num_epochs=1, output_numpy=True)
    assert len(list(it)) == 10
    assert not it._thread.is_alive()  # finished with the last epoch

    def endless():
        i = 0
        while True:
            yield (np.array(i),)
            i += 1

    it = ds.GeneratorDataset(endless, ["x"]).create_tuple_iterator(output_numpy=True)
    for k, _ in enumerate(it):
        if k == 5:
            break
    thread = it._thread
    assert thread.is_alive()
    del it
    gc.collect()
    thread.join(timeout=5)
    assert not thread.is_alive()
    for _ in ds.GeneratorDataset(endless, ["x"]):  # a `for` loop left early over the dataset itself
        break
    assert _wait_threads_gone()
    assert threading.active_count() < 10


def test_user_generator_error_reraised_with_traceback():
    def gen():
        yield (np.array(1),)
        raise KeyError("boom")

    with pytest.raises(RuntimeError, match="Exception thrown from user defined Python function in dataset") as e:
        rows(ds.GeneratorDataset(gen, ["a"]))
    assert "KeyError: 'boom'" in str(e.value)
    frames = [f.name for f in traceback.extract_tb(e.value.__cause__.__traceback__)]
    assert "gen" in frames  # the user's frame is in the chained original's traceback
    assert _wait_threads_gone()


def test_map_error_reraised_with_traceback_and_note():
    def bad(x):
        if int(x) == 3:
            raise ZeroDivisionError("zz")
        return x

    with pytest.raises(RuntimeError, match="Exception thrown from user defined Python function in dataset") as e:
        rows(ten().map(bad).batch(2))
    assert "bad" in [f.name for f in traceback.extract_tb(e.value.__cause__.__traceback__)]
    assert "map operation: [PyFunc] failed. Error description:\nZeroDivisionError: " in str(e.value)


# ---- argument errors (messages as MindSpore's) -----------------------------------------------------

@pytest.mark.parametrize("call,exc,msg", [
    (lambda d: d.batch(0), ValueError, r"Input batch_size is not within the required interval of \[1, 2147483647\]."),
    (lambda d: d.batch(1.5), TypeError, "batch_size should either be an int or a callable."),
    (lambda d: d.batch(2, drop_remainder=1), TypeError, "Argument drop_remainder with value 1 is not of type"),
    (lambda d: d.repeat(0), ValueError, r"count should be either -1 or positive integer, range\[1, INT32_MAX\]."),
    (lambda d: d.shuffle(1), ValueError, r"Input buffer_size is not within the required interval of \[2, 2147483647\]"),
    (lambda d: d.take(0), ValueError, r"count should be either -1 or within the required interval of \(0, 2147483647\], got 0"),
    (lambda d: d.skip(-1), ValueError, r"Input count is not within the required interval of \[0, 2147483647\]."),
    (lambda d: d.map(3), ValueError, "Parameter operations's element of method map should be a python function"),
    (lambda d: d.map(lambda x: x, input_columns=["zz"]), ValueError, "input column name: zz doesn't exist"),
    (lambda d: d.project(["zz"]), ValueError, "Invalid column, column name: zz does not exist."),
    (lambda d: d.rename(["zz"], ["q"]), ValueError, "column to be renamed does not exist"),
])
def test_argument_errors(call, exc, msg):
    with pytest.raises(exc, match=msg):
        call(ten())


def test_source_argument_errors():
    with pytest.raises(TypeError, match="Argument shuffle with value 3 is not of type"):
        ds.NumpySlicesDataset([1, 2], shuffle=3)
    with pytest.raises(ValueError, match="column_names should not be empty."):
        ds.GeneratorDataset([(1,)], [])
    with pytest.raises(TypeError, match="Input `source` function of GeneratorDataset should be callable"):
        ds.GeneratorDataset(5, ["a"])
    with pytest.raises(ValueError, match="Data length in each column is not equal."):
        ds.NumpySlicesDataset({"a": [1, 2], "b": [1, 2, 3]})
    with pytest.raises(ValueError, match="num_samples exceeds the boundary"):
        ds.NumpySlicesDataset([1, 2], num_samples=-1)
    with pytest.raises(RuntimeError, match="Mismatched columns"):
        rows(ds.GeneratorDataset([(1, 2)], ["a"]))


def test_parallel_map_keeps_order_and_is_reproducible():
    import mindjax.dataset.vision as vision

    def slow_double(x):
        time.sleep(0.001 * (int(x) % 3))
        return x * 2

    d = ten().repeat(3).map(slow_double, num_parallel_workers=2)
    assert nums(d) == [2 * v for v in list(range(10)) * 3]
    imgs = np.arange(16 * 4 * 4).reshape(16, 4, 4, 1).astype(np.uint8)

    def run():
        d = ds.NumpySlicesDataset(imgs, column_names=["im"], shuffle=False)
        return np.stack([r[0] for r in rows(d.map(vision.RandomCrop(2), num_parallel_workers=2))])

    ds.config.set_seed(9)
    a = run()
    ds.config.set_seed(9)
    np.testing.assert_array_equal(a, run())


def test_padded_batch_and_map_error_in_parallel_worker():
    d = ds.GeneratorDataset(lambda: ((np.arange(n),) for n in (2, 1)), ["x"])
    assert nums(d.padded_batch(2, pad_info={"x": (None, 7)})) == [[[0, 1], [0, 7]]]

    def bad(x):
        raise IndexError("in worker")

    with pytest.raises(RuntimeError, match="Exception thrown from user defined") as e:
        rows(ten().map(bad, num_parallel_workers=2))
    assert "IndexError: in worker" in str(e.value)

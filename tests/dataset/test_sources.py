import numpy as np
import pytest

import mindjax.dataset as ds


def rows(d, **kw):
    return list(d.create_tuple_iterator(output_numpy=True, **kw))


# ---- GeneratorDataset -------------------------------------------------------------------------------

def test_generator_function_source_types_and_shapes():
    def gen():
        for i in range(5):
            yield np.array([i, i + 1]), i, float(i)

    d = ds.GeneratorDataset(gen, ["a", "b", "c"], shuffle=False)
    assert d.get_dataset_size() == 5
    assert d.get_col_names() == ["a", "b", "c"]
    assert d.output_types() == [np.int64, np.int64, np.float64]  # Python int -> int64, float -> float64
    assert d.output_shapes() == [[2], [], []]
    got = rows(d)
    assert [r[1].item() for r in got] == [0, 1, 2, 3, 4]
    np.testing.assert_array_equal(got[3][0], [3, 4])
    assert got[2][2].dtype == np.float64 and got[2][2].shape == ()


def test_generator_single_value_is_one_column():
    d = ds.GeneratorDataset(lambda: (np.array(i) for i in range(3)), ["x"], shuffle=False)
    assert [r[0].item() for r in rows(d)] == [0, 1, 2]


def test_random_access_source_default_shuffles_and_num_samples():
    class Src:
        def __getitem__(self, i):
            return np.array([i], np.float32), np.int32(i)

        def __len__(self):
            return 7

    d = ds.GeneratorDataset(Src(), ["x", "y"], shuffle=False)
    assert [r[1].item() for r in rows(d)] == list(range(7))
    assert rows(d)[0][0].dtype == np.float32 and rows(d)[0][1].dtype == np.int32
    ds.config.set_seed(3)
    shuffled = [r[1].item() for r in rows(ds.GeneratorDataset(Src(), ["x", "y"]))]
    assert sorted(shuffled) == list(range(7)) and shuffled != list(range(7))
    d = ds.GeneratorDataset(Src(), ["x", "y"], num_samples=3, shuffle=False)
    assert d.get_dataset_size() == 3
    assert [r[1].item() for r in rows(d)] == [0, 1, 2]


def test_iterable_and_list_sources():
    d = ds.GeneratorDataset([(np.array(1),), (np.array(2),)], ["x"], shuffle=False)
    assert d.get_dataset_size() == 2 and [r[0].item() for r in rows(d)] == [1, 2]

    class It:
        def __iter__(self):
            return iter([(np.array(5),), (np.array(6),), (np.array(7),)])

    d = ds.GeneratorDataset(It(), ["x"])
    assert d.get_dataset_size() == 3  # counted by running it, as MindSpore
    assert [r[0].item() for r in rows(d)] == [5, 6, 7]  # shuffle is ignored for plain iterables


def test_generator_num_samples_and_size_counting():
    def gen():
        for i in range(4):
            yield (np.array(i),)

    assert ds.GeneratorDataset(gen, ["a"]).get_dataset_size() == 4
    d = ds.GeneratorDataset(gen, ["a"], num_samples=2)
    assert d.get_dataset_size() == 2 and len(rows(d)) == 2


def test_sharding_matches_mindspore_distribution():
    class R:
        def __getitem__(self, i):
            return (np.array(i),)

        def __len__(self):
            return 10

    got = [[r[0].item() for r in rows(ds.GeneratorDataset(R(), ["a"], shuffle=False, num_shards=3, shard_id=s))]
           for s in range(3)]
    assert got == [[0, 3, 6, 9], [1, 4, 7, 0], [2, 5, 8, 1]]  # values recorded from MindSpore 2.10


def test_numpy_slices_inputs():
    d = ds.NumpySlicesDataset([1, 2, 3], shuffle=False)
    assert d.get_col_names() == ["column_0"]
    assert [(r[0].item(), r[0].dtype) for r in rows(d)] == [(1, np.int64), (2, np.int64), (3, np.int64)]
    d = ds.NumpySlicesDataset({"a": np.arange(6).reshape(3, 2), "b": [1., 2., 3.]}, shuffle=False)
    assert d.get_col_names() == ["a", "b"]
    assert d.output_types() == [np.int64, np.float64] and d.output_shapes() == [[2], []]
    np.testing.assert_array_equal(rows(d)[2][0], [4, 5])
    d = ds.NumpySlicesDataset((np.arange(3), np.arange(3) * 2), shuffle=False)
    assert d.get_col_names() == ["column_0", "column_1"]
    assert [r[1].item() for r in rows(d)] == [0, 2, 4]
    d = ds.NumpySlicesDataset([[1, 2], [3, 4]], column_names=["v"], shuffle=False)
    assert d.get_col_names() == ["v"]
    np.testing.assert_array_equal(rows(d)[1][0], [3, 4])


# ---- MNIST / CIFAR-10 -------------------------------------------------------------------------------

def test_mnist(tmp_path, write_mnist):
    tr_img, tr_lab = write_mnist(tmp_path, "train", 5, seed=0)
    te_img, te_lab = write_mnist(tmp_path, "t10k", 3, seed=1)
    d = ds.MnistDataset(str(tmp_path), usage="train", shuffle=False)
    assert d.get_dataset_size() == 5
    assert d.get_col_names() == ["image", "label"]
    assert d.output_shapes() == [[28, 28, 1], []]
    assert d.output_types() == [np.uint8, np.uint32]
    got = rows(d)
    for k in range(5):
        np.testing.assert_array_equal(got[k][0][:, :, 0], tr_img[k])
        assert got[k][1].dtype == np.uint32 and got[k][1].item() == tr_lab[k]
    assert ds.MnistDataset(str(tmp_path), usage="test").get_dataset_size() == 3
    d = ds.MnistDataset(tmp_path, usage="all", shuffle=False)
    assert d.get_dataset_size() == 8
    assert [r[1].item() for r in rows(d)] == list(te_lab) + list(tr_lab)  # sorted file names: t10k first
    assert ds.MnistDataset(str(tmp_path)).get_dataset_size() == 8  # usage=None means all
    assert ds.MnistDataset(str(tmp_path), usage="train", num_samples=2).get_dataset_size() == 2


def test_mnist_batched_pipeline(tmp_path, write_mnist):
    write_mnist(tmp_path, "train", 5)
    import mindjax.dataset.vision as vision
    import mindjax.dataset.transforms as transforms
    d = ds.MnistDataset(str(tmp_path), usage="train", shuffle=False)
    d = d.map([vision.Resize((32, 32)), vision.Rescale(1 / 255., 0), vision.HWC2CHW()], input_columns="image")
    d = d.map(transforms.TypeCast(np.int32), input_columns="label").batch(2, drop_remainder=True)
    assert d.get_dataset_size() == 2
    img, lab = rows(d)[0]
    assert img.shape == (2, 1, 32, 32) and img.dtype == np.float32 and lab.dtype == np.int32
    assert 0.0 <= img.min() and img.max() <= 1.0


def test_cifar10(tmp_path, write_cifar):
    data = write_cifar(tmp_path, 3)
    d = ds.Cifar10Dataset(str(tmp_path), usage="train", shuffle=False)
    assert d.get_dataset_size() == 15
    assert d.output_shapes() == [[32, 32, 3], []]
    assert d.output_types() == [np.uint8, np.uint32]
    got = rows(d)
    imgs, labs = data["data_batch_2.bin"]
    np.testing.assert_array_equal(got[4][0], imgs[1].transpose(1, 2, 0))  # file 2, record 1, as HWC
    assert got[4][1].item() == labs[1]
    t = rows(ds.Cifar10Dataset(str(tmp_path), usage="test", shuffle=False))
    assert len(t) == 3 and t[0][1].item() == data["test_batch.bin"][1][0]
    assert ds.Cifar10Dataset(str(tmp_path), usage="all").get_dataset_size() == 18


def test_missing_dir_and_bad_usage(tmp_path):
    missing = str(tmp_path / "nope")
    with pytest.raises(ValueError, match="The folder .*nope does not exist or is not a directory"):
        ds.MnistDataset(missing)
    with pytest.raises(ValueError, match="nope does not exist"):
        ds.Cifar10Dataset(missing)
    with pytest.raises(ValueError, match=r"Input usage is not within the valid set of \['train', 'test', 'all'\]"):
        ds.MnistDataset(str(tmp_path), usage="foo")


def test_corrupt_files(tmp_path, write_mnist):
    write_mnist(tmp_path, "train", 2)
    (tmp_path / "train-labels-idx1-ubyte").write_bytes(b"\x00\x00\x08\x02\x00\x00\x00\x02ab")
    with pytest.raises(RuntimeError, match="the number of labels in .* should be 2049, but got 2050"):
        ds.MnistDataset(str(tmp_path), usage="train").get_dataset_size()
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "data_batch_1.bin").write_bytes(b"\x01" * 100)
    with pytest.raises(RuntimeError, match="Invalid cifar10 file"):
        ds.Cifar10Dataset(str(tmp_path / "c"), usage="train").get_dataset_size()

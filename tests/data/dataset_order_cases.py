"""Shuffle and sampler orders, run by real MindSpore (gen_dataset_orders.py) and by
tests/dataset/test_orders_ref.py on mindjax: each case returns the row ids of each epoch."""
import hashlib
import os

import numpy as np

EPOCHS = 2


def _ids(d, epochs=EPOCHS):
    it = d.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    out = []
    for _ in range(epochs):
        out.append([int(r[0]) for r in it])
    return out


def _compact(epochs):
    """Long orders are kept as a digest and their head."""
    return [e if len(e) <= 200 else {"n": len(e), "head": e[:50],
                                       "sha": hashlib.sha256(np.asarray(e, np.int64).tobytes()).hexdigest()}
            for e in epochs]


def _src(ds, n, **kw):
    return ds.NumpySlicesDataset(np.arange(n), column_names=["x"], **kw)


CASES = {}


def case(name, seed):
    def deco(fn):
        def run(ds, ms, root):
            if seed is not None:
                ds.config.set_seed(seed)
            return _compact(fn(ds, ms, root))
        CASES[name] = run
        return fn
    return deco


for _seed in (1, 58, 1234):
    for _n in (10, 37):
        for _buf in (2, 4, 10, 64):
            case(f"shuffle_op_s{_seed}_n{_n}_b{_buf}", _seed)(
                lambda ds, ms, root, n=_n, b=_buf: _ids(_src(ds, n, shuffle=False).shuffle(b)))
    for _n in (1, 2, 10, 37, 300):
        case(f"random_s{_seed}_n{_n}", _seed)(lambda ds, ms, root, n=_n: _ids(_src(ds, n, shuffle=True)))
    case(f"random_sampler_s{_seed}", _seed)(lambda ds, ms, root: _ids(_src(ds, 23, sampler=ds.RandomSampler())))
    case(f"random_sampler_k_s{_seed}", _seed)(
        lambda ds, ms, root: _ids(_src(ds, 23, sampler=ds.RandomSampler(num_samples=7))))
    case(f"random_sampler_repl_s{_seed}", _seed)(
        lambda ds, ms, root: _ids(_src(ds, 23, sampler=ds.RandomSampler(replacement=True))))
    case(f"random_sampler_repl_k_s{_seed}", _seed)(
        lambda ds, ms, root: _ids(_src(ds, 23, sampler=ds.RandomSampler(replacement=True, num_samples=9))))
    case(f"shuffle_num_samples_s{_seed}", _seed)(lambda ds, ms, root: _ids(_src(ds, 23, shuffle=True, num_samples=6)))
    case(f"subset_random_s{_seed}", _seed)(
        lambda ds, ms, root: _ids(_src(ds, 30, sampler=ds.SubsetRandomSampler([3, 9, 1, 27, 14, 5, 22, 8]))))
    case(f"subset_random_k_s{_seed}", _seed)(
        lambda ds, ms, root: _ids(_src(ds, 30, sampler=ds.SubsetRandomSampler([3, 9, 1, 27, 14, 5, 22], 4))))
    for _shards, _n in ((2, 10), (3, 10), (4, 37)):
        for _sid in range(_shards):
            case(f"distributed_s{_seed}_n{_n}_{_shards}_{_sid}", _seed)(
                lambda ds, ms, root, n=_n, k=_shards, i=_sid:
                _ids(_src(ds, n, sampler=ds.DistributedSampler(k, i, shuffle=True))))
            case(f"sharded_source_s{_seed}_n{_n}_{_shards}_{_sid}", _seed)(
                lambda ds, ms, root, n=_n, k=_shards, i=_sid:
                _ids(_src(ds, n, shuffle=True, num_shards=k, shard_id=i)))
    case(f"distributed_num_samples_s{_seed}", _seed)(
        lambda ds, ms, root: _ids(_src(ds, 20, sampler=ds.DistributedSampler(3, 1, num_samples=4))))
    case(f"distributed_no_shuffle_s{_seed}", _seed)(
        lambda ds, ms, root: _ids(_src(ds, 11, sampler=ds.DistributedSampler(3, 2, shuffle=False))))
    for _repl in (True, False):
        case(f"weighted_s{_seed}_{_repl}", _seed)(
            lambda ds, ms, root, r=_repl: _ids(_src(ds, 12, sampler=ds.WeightedRandomSampler(
                [0.5, 1, 2, 0.1, 3, 1, 1, 0.2, 5, 1, 0.7, 2], num_samples=8, replacement=r))))
        case(f"weighted_short_s{_seed}_{_repl}", _seed)(
            lambda ds, ms, root, r=_repl: _ids(_src(ds, 12, sampler=ds.WeightedRandomSampler(
                [1, 0, 3, 2, 1, 4], replacement=r))))
    for _shuf in (True, False):
        case(f"pk_s{_seed}_{_shuf}", _seed)(
            lambda ds, ms, root, s=_shuf: _labels(ds.MnistDataset(os.path.join(root, "pk"),
                                                                   sampler=ds.PKSampler(2, shuffle=s))))
        case(f"pk_class_s{_seed}_{_shuf}", _seed)(
            lambda ds, ms, root, s=_shuf: _labels(ds.MnistDataset(os.path.join(root, "pk"),
                                                                   sampler=ds.PKSampler(3, num_class=4, shuffle=s))))
    case(f"generator_s{_seed}", _seed)(
        lambda ds, ms, root: _ids(ds.GeneratorDataset(_RA(15), ["x"], shuffle=True)))
    case(f"two_shuffles_s{_seed}", _seed)(lambda ds, ms, root: _ids(_src(ds, 17, shuffle=True).shuffle(5)))
    case(f"shuffle_repeat_s{_seed}", _seed)(lambda ds, ms, root: _ids(_src(ds, 9, shuffle=False).shuffle(4).repeat(2), 1))
    case(f"random_repeat_s{_seed}", _seed)(lambda ds, ms, root: _ids(_src(ds, 9, shuffle=True).repeat(2), 1))
    case(f"mnist_shuffle_s{_seed}", _seed)(lambda ds, ms, root: _labels(ds.MnistDataset(os.path.join(root, "pk"))))
    case(f"mnist_shard_s{_seed}", _seed)(
        lambda ds, ms, root: _labels(ds.MnistDataset(os.path.join(root, "pk"), num_shards=3, shard_id=1)))

case("large_random_s7", 7)(lambda ds, ms, root: _ids(_src(ds, 70000, shuffle=True), 1))
case("large_shuffle_op_s7", 7)(lambda ds, ms, root: _ids(_src(ds, 3000, shuffle=False).shuffle(1000), 1))
case("ms_set_seed_random", None)(lambda ds, ms, root: (ms.set_seed(1234), _ids(_src(ds, 10, shuffle=True)))[1])
case("issue_example", 1234)(lambda ds, ms, root: _ids(_src(ds, 10, shuffle=True), 1))


def _size_then(ds, ms, root):
    d = _src(ds, 10, sampler=ds.DistributedSampler(2, 0))
    d.get_dataset_size()
    return _ids(d, 1) + _ids(d, 1)


case("distributed_after_size_s5", 5)(_size_then)
case("distributed_default_seed", 5489)(
    lambda ds, ms, root: _ids(_src(ds, 10, sampler=ds.DistributedSampler(2, 1))))


class _RA:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return (np.array(i),)


def _labels(d):
    """Rows of an MNIST folder are identified by their image's first pixel (the row number)."""
    it = d.create_tuple_iterator(num_epochs=EPOCHS, output_numpy=True)
    return [[int(r[0][0, 0, 0]) for r in it] for _ in range(EPOCHS)]


def make_tree(root):
    """An MNIST folder whose image i starts with pixel i; labels 0..3 with uneven counts."""
    import struct
    d = os.path.join(root, "pk")
    os.makedirs(d, exist_ok=True)
    labels = np.array([0, 1, 2, 3, 0, 1, 2, 0, 1, 0, 3, 0, 2, 1, 0, 2, 1, 0], np.uint8)
    n = len(labels)
    imgs = np.zeros((n, 28, 28), np.uint8)
    imgs[:, 0, 0] = np.arange(n)
    with open(os.path.join(d, "train-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, 28, 28) + imgs.tobytes())
    with open(os.path.join(d, "train-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, n) + labels.tobytes())


def run_case(fn, ds, ms, root):
    try:
        return {"value": fn(ds, ms, root)}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__, "message": str(e).split("\n")[0]}

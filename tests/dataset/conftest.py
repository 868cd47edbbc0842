import os
import struct

import numpy as np
import pytest

import mindjax.dataset as ds


@pytest.fixture(autouse=True)
def _restore_config():
    seed, prefetch = ds.config._state["seed"], ds.config.get_prefetch_size()
    yield
    ds.config._state["seed"] = seed
    ds.config.set_prefetch_size(prefetch)


def _write_mnist(d, prefix, n, seed=0):
    """Tiny IDX files as in the MNIST distribution."""
    os.makedirs(d, exist_ok=True)
    r = np.random.RandomState(seed)
    imgs = r.randint(0, 256, (n, 28, 28)).astype(np.uint8)
    labs = r.randint(0, 10, n).astype(np.uint8)
    with open(os.path.join(d, prefix + "-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, 28, 28))
        f.write(imgs.tobytes())
    with open(os.path.join(d, prefix + "-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, n))
        f.write(labs.tobytes())
    return imgs, labs


def _write_cifar(d, n_per, seed=0):
    """Tiny CIFAR-10 binary batches: per record 1 label byte then 3x32x32 CHW bytes."""
    os.makedirs(d, exist_ok=True)
    r = np.random.RandomState(seed)
    out = {}
    for name in [f"data_batch_{i}.bin" for i in range(1, 6)] + ["test_batch.bin"]:
        labs = r.randint(0, 10, n_per).astype(np.uint8)
        imgs = r.randint(0, 256, (n_per, 3, 32, 32)).astype(np.uint8)
        with open(os.path.join(d, name), "wb") as f:
            f.write(b"".join(bytes([labs[i]]) + imgs[i].tobytes() for i in range(n_per)))
        out[name] = (imgs, labs)
    return out


@pytest.fixture
def write_mnist():
    return _write_mnist


@pytest.fixture
def write_cifar():
    return _write_cifar

"""LeNet-5, batch 32, one training step (Momentum, sparse mean softmax cross-entropy):
mindjax Graph mode (ms.jit over TrainOneStepCell), mindjax GRAPH_MODE context, mindjax
PyNative, and the same network hand-written in plain JAX (jax.jit, SGD-momentum).

    .venv/bin/python bench/bench_lenet.py [--steps 200] [--profile]
"""
import argparse
import time

import jax
import jax.numpy as jnp
import numpy as np

import mindjax as ms
from mindjax import nn

LR, MOM, BATCH = 0.01, 0.9, 32


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def mindjax_step(seed=1):
    ms.set_seed(seed)
    net = LeNet5()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=LR, momentum=MOM)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    return net, step


# ---- plain JAX ---------------------------------------------------------------------------------------------
def _conv(x, w, b):
    y = jax.lax.conv_general_dilated(x, w, (1, 1), "VALID", dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return y if b is None else y + b[None, :, None, None]


def _pool(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")


def jax_forward(p, x):
    x = _pool(jax.nn.relu(_conv(x, p["conv1.weight"], p.get("conv1.bias"))))
    x = _pool(jax.nn.relu(_conv(x, p["conv2.weight"], p.get("conv2.bias"))))
    x = x.reshape(x.shape[0], -1)
    x = jax.nn.relu(x @ p["fc1.weight"].T + p["fc1.bias"])
    x = jax.nn.relu(x @ p["fc2.weight"].T + p["fc2.bias"])
    return x @ p["fc3.weight"].T + p["fc3.bias"]


def jax_loss(p, x, y):
    logits = jax_forward(p, x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None].astype(jnp.int32), axis=1))


@jax.jit
def jax_step(p, v, x, y):
    loss, g = jax.value_and_grad(jax_loss)(p, x, y)
    v = jax.tree_util.tree_map(lambda vi, gi: MOM * vi + gi, v, g)
    p = jax.tree_util.tree_map(lambda pi, vi: pi - LR * vi, p, v)
    return loss, p, v


# ---- timing ------------------------------------------------------------------------------------------------
def timeit(fn, steps, warmup=5):
    for _ in range(warmup):
        jax.block_until_ready(fn())
    times = []
    for _ in range(steps):
        t0 = time.perf_counter()
        jax.block_until_ready(fn())
        times.append(time.perf_counter() - t0)
    return float(np.median(times)) * 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--pynative-steps", type=int, default=30)
    ap.add_argument("--profile", action="store_true", help="cProfile the mindjax jit call path")
    args = ap.parse_args()

    rng = np.random.default_rng(0)
    xs = rng.standard_normal((BATCH, 1, 32, 32)).astype(np.float32)
    ys = rng.integers(0, 10, BATCH).astype(np.int32)
    x, y = ms.Tensor(xs), ms.Tensor(ys)
    xj, yj = jnp.asarray(xs), jnp.asarray(ys)

    net, step = mindjax_step()
    params0 = {p.name: jnp.asarray(p.asnumpy()) for p in net.trainable_params()}
    jstep = ms.jit(step)

    # correctness first: the same losses for a few steps
    st = {"p": params0, "v": jax.tree_util.tree_map(jnp.zeros_like, params0)}
    for i in range(3):
        lm = float(jstep(x, y).asnumpy())
        lj, st["p"], st["v"] = jax_step(st["p"], st["v"], xj, yj)
        assert abs(lm - float(lj)) < 1e-4 * max(1.0, abs(lm)), (i, lm, float(lj))

    def run_jax():
        loss, st["p"], st["v"] = jax_step(st["p"], st["v"], xj, yj)
        return loss

    def run_ms():
        return jstep(x, y)._data

    _, step_g = mindjax_step()

    def run_graph():
        ms.set_context(mode=ms.GRAPH_MODE)
        try:
            return step_g(x, y)._data
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    # alternate step by step so that machine noise hits all three alike
    fns = {"plain JAX (jax.jit)": run_jax, "mindjax ms.jit(TrainOneStepCell)": run_ms,
           "mindjax GRAPH_MODE": run_graph}
    times = {k: [] for k in fns}
    for k, f in fns.items():
        timeit(f, 0)
    for _ in range(args.steps):
        for k, f in fns.items():
            t0 = time.perf_counter()
            jax.block_until_ready(f())
            times[k].append(time.perf_counter() - t0)
    results = {k: float(np.median(v)) * 1e3 for k, v in times.items()}

    _, step_p = mindjax_step()
    results["mindjax PyNative"] = timeit(lambda: step_p(x, y)._data, args.pynative_steps, warmup=3)

    base = results["plain JAX (jax.jit)"]
    print(f"LeNet-5 batch {BATCH} training step on {jax.devices()[0].platform}, median ms/step")
    for k, v in results.items():
        print(f"  {k:36s} {v:8.3f} ms   {v / base:5.2f}x plain JAX")

    if args.profile:
        import cProfile
        import pstats
        pr = cProfile.Profile()
        pr.enable()
        for _ in range(200):
            jstep(x, y)
        jax.block_until_ready(jstep(x, y)._data)
        pr.disable()
        pstats.Stats(pr).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()

"""One training step of each benchmarked model, for each framework, behind one interface.

``build(model, kind, cfg, params)`` returns a ``step()`` callable: it runs one training
step and returns ``(loss, *state)``, everything the step updates, so that a timer that
blocks on the result waits for the optimizer update too. ``kind`` is one of

    mindjax-pynative   the TrainOneStepCell called eagerly (mindjax)
    mindjax-graph      ms.jit(TrainOneStepCell) (mindjax)
    jax                the same network in plain JAX under jax.jit (jax_models.py)
    jax-donate         the same, the weights and optimizer state donated to the step (ResNet-50, decoder)
    torch1, torch2     PyTorch eager at 1 or 2 threads (torch_models.py)
    mindspore-pynative, mindspore-graph   real MindSpore (only under its own Python: _variant.py)
    mindjax-sink       ms.data_sink(TrainOneStepCell, jit_config=JitConfig()): SINK_STEPS steps per call,
                       run as one compiled scan (ResNet-50)
    jax-scan           plain JAX: SINK_STEPS steps per call as one jax.jit(lax.scan) (ResNet-50)

A step() of a sink kind runs ``step.steps_per_call`` steps (timers divide by it) and returns
the last step's loss.

mindjax, plain JAX and PyTorch start from the same weights (``params``, taken from the
mindjax network built with seed 1), so their first losses agree. Imports are lazy so
that a subprocess measuring one variant's memory (``_variant.py``) loads only what it needs.
"""
import numpy as np

import models

KINDS = ("mindjax-pynative", "mindjax-graph", "jax", "jax-donate", "torch1", "torch2",
         "mindspore-pynative", "mindspore-graph", "mindjax-sink", "jax-scan")


def sink_steps(quick: bool) -> int:
    """Steps per sink in the sink rows."""
    return 2 if quick else 4


def config(model: str, quick: bool) -> dict:
    """The sizes of ``model``; ``quick`` shrinks the big ones to a smoke test."""
    if model == "lenet":
        return {"batch": models.BATCH}
    if model == "resnet50":
        if quick:
            return {"batch": 2, "size": 64, "classes": 10, "widths": (8, 16, 32, 64), "layers": (1, 1, 1, 1)}
        return {"batch": models.R50_BATCH, "size": models.R50_SIZE, "classes": models.R50_CLASSES,
                "widths": (64, 128, 256, 512), "layers": (3, 4, 6, 3)}
    if model == "gpt":
        if quick:
            return {"vocab": 256, "layers": 2, "d_model": 64, "heads": 4, "seq": 32, "batch": 2}
        return dict(models.GPT)
    raise ValueError(model)


def data(model: str, cfg: dict):
    rng = np.random.default_rng(0)
    if model == "lenet":
        return (rng.standard_normal((cfg["batch"], 1, 32, 32)).astype(np.float32),
                rng.integers(0, 10, cfg["batch"]).astype(np.int32))
    if model == "resnet50":
        return (rng.standard_normal((cfg["batch"], 3, cfg["size"], cfg["size"])).astype(np.float32),
                rng.integers(0, cfg["classes"], cfg["batch"]).astype(np.int32))
    idx = rng.integers(0, cfg["vocab"], (cfg["batch"], cfg["seq"] + 1)).astype(np.int32)
    return idx[:, :-1], idx[:, 1:].reshape(-1).copy()   # next-token targets


def ms_net(ms, model: str, cfg: dict):
    """The network of models.py on ``ms`` (mindjax, or real MindSpore)."""
    from importlib import import_module
    nn, ops = import_module(ms.__name__ + ".nn"), import_module(ms.__name__ + ".ops")
    if model == "lenet":
        from importlib import import_module as im
        return models.lenet5(nn, im(ms.__name__ + ".common.initializer").Normal)
    if model == "resnet50":
        return models.resnet50(nn, ops, cfg["classes"], cfg["widths"], cfg["layers"])
    return models.gpt(nn, ops, ms, cfg["vocab"], cfg["layers"], cfg["d_model"], cfg["heads"], cfg["seq"])


def ms_step(ms, model: str, net):
    from importlib import import_module
    nn = import_module(ms.__name__ + ".nn")
    return models.gpt_train_step(nn, net) if model == "gpt" else models.train_step(nn, net)


def initial_params(model: str, cfg: dict) -> dict:
    """Name -> numpy array of every Parameter (BatchNorm statistics included) of the mindjax network, seed 1."""
    import mindjax as ms
    ms.set_seed(1)
    net = ms_net(ms, model, cfg)
    return {p.name: p.asnumpy() for p in net.get_parameters()}


def _trainable(model, params):
    return {k: v for k, v in params.items() if "moving_" not in k}


def build(model: str, kind: str, cfg: dict, params: dict | None = None):
    """``step()`` for ``model`` under ``kind`` (see the module docstring)."""
    xs, ys = data(model, cfg)
    if kind in ("mindjax-sink", "jax-scan"):
        return _build_sink(model, kind, cfg, params, xs, ys)
    if kind.startswith(("mindjax", "mindspore")):
        ms = __import__(kind.split("-")[0])
        ms.set_seed(1)
        net = ms_net(ms, model, cfg)
        step = ms_step(ms, model, net)
        x, y = ms.Tensor(xs), ms.Tensor(ys)
        ps = list(step.get_parameters())   # the weights, BatchNorm statistics and optimizer state
        if kind == "mindjax-graph":
            step = ms.jit(step)
        elif kind == "mindspore-graph":
            ms.set_context(mode=ms.GRAPH_MODE)
        if kind.startswith("mindspore"):
            return lambda: (step(x, y).asnumpy(),)
        return lambda: (step(x, y)._data, [p._data for p in ps])
    if kind in ("jax", "jax-donate"):
        return _build_jax(model, cfg, params, xs, ys, kind == "jax-donate")
    if kind.startswith("torch"):
        return _build_torch(model, cfg, params, xs, ys, int(kind[5:]))
    raise ValueError(kind)


def _build_jax(model, cfg, params, xs, ys, donate=False):
    import jax
    import jax.numpy as jnp
    import jax_models as jm
    p = {k: jnp.asarray(v) for k, v in _trainable(model, params).items()}
    s = {k: jnp.asarray(v) for k, v in params.items() if "moving_" in k}
    st = {"p": p, "v": jax.tree_util.tree_map(jnp.zeros_like, p), "m": jax.tree_util.tree_map(jnp.zeros_like, p),
          "s": s}
    x, y = jnp.asarray(xs), jnp.asarray(ys)
    if model == "lenet":
        def run():
            loss, st["p"], st["v"] = jm.jax_lenet_step(st["p"], st["v"], x, y)
            return loss, st["p"], st["v"]
    elif model == "resnet50":
        fn = jm.make_jax_resnet50_step(cfg["layers"], donate)

        def run():
            loss, st["p"], st["v"], st["s"] = fn(st["p"], st["v"], st["s"], x, y)
            return loss, st["p"], st["v"], st["s"]
    else:
        fn = jm.make_jax_gpt_step(cfg["layers"], cfg["heads"], models.GPT_LR, models.GPT_WD, donate)

        def run():
            loss, st["p"], st["m"], st["v"] = fn(st["p"], st["m"], st["v"], x, y)
            return loss, st["p"], st["m"], st["v"]
    return run


def _build_sink(model, kind, cfg, params, xs, ys):
    """The sink kinds: ``n`` steps on the same batch per call, fed from the host each call."""
    n = cfg.get("sink_steps", 4)
    if kind == "mindjax-sink":
        import mindjax as ms
        from mindjax import dataset as ds
        ms.set_seed(1)
        net = ms_net(ms, model, cfg)
        step = ms_step(ms, model, net)
        ps = list(step.get_parameters())

        def rows():
            while True:
                yield xs, ys
        data_ = ds.GeneratorDataset(rows, ["x", "y"], shuffle=False)
        sink = ms.data_sink(step, data_, sink_size=n, jit_config=ms.JitConfig())

        def run():
            return sink()._data, [p._data for p in ps]
    else:
        import jax
        import jax.numpy as jnp
        import jax_models as jm
        p = {k: jnp.asarray(v) for k, v in _trainable(model, params).items()}
        st = {"p": p, "v": jax.tree_util.tree_map(jnp.zeros_like, p),
              "s": {k: jnp.asarray(v) for k, v in params.items() if "moving_" in k}}
        fn = jm.make_jax_resnet50_scan(cfg["layers"])

        def run():  # the batches stacked on the host each call, as a sink is fed
            bx, by = jnp.asarray(np.stack([xs] * n)), jnp.asarray(np.stack([ys] * n))
            loss, st["p"], st["v"], st["s"] = fn(st["p"], st["v"], st["s"], bx, by)
            return loss, st["p"], st["v"], st["s"]
    run.steps_per_call = n
    return run


def _build_torch(model, cfg, params, xs, ys, threads):
    import torch
    import torch_models as tm
    if model == "lenet":
        net, opt = tm.lenet(torch, params)
    elif model == "resnet50":
        net, opt = tm.resnet50(torch, params, cfg["widths"], cfg["layers"], cfg["classes"])
    else:
        net, opt = tm.gpt(torch, params, cfg["vocab"], cfg["layers"], cfg["d_model"], cfg["heads"], cfg["seq"])
    F = torch.nn.functional
    x, y = torch.from_numpy(xs.astype(np.int64) if model == "gpt" else xs), torch.from_numpy(ys.astype(np.int64))

    def run():
        torch.set_num_threads(threads)
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        return (loss.detach().numpy(),)
    return run


def loss_of(out) -> float:
    return float(np.asarray(out[0]))

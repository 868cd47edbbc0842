"""The networks of models.py in plain JAX (jax.jit), on dicts of arrays named as mindjax names the Parameters."""
import jax
import jax.numpy as jnp

from models import LR, MOM


# ---- plain JAX ---------------------------------------------------------------------------------
def _conv(x, w, stride=1, pad="VALID"):
    return jax.lax.conv_general_dilated(x, w, (stride, stride), pad, dimension_numbers=("NCHW", "OIHW", "NCHW"))


def _pool(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")


def _xent(logits, y):
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None].astype(jnp.int32), axis=1))


def jax_lenet(p, x):
    def conv(x, n):  # MindSpore's Conv2d has no bias by default
        y = _conv(x, p[n + ".weight"])
        return y + p[n + ".bias"][None, :, None, None] if n + ".bias" in p else y
    x = _pool(jax.nn.relu(conv(x, "conv1")))
    x = _pool(jax.nn.relu(conv(x, "conv2")))
    x = x.reshape(x.shape[0], -1)
    x = jax.nn.relu(x @ p["fc1.weight"].T + p["fc1.bias"])
    x = jax.nn.relu(x @ p["fc2.weight"].T + p["fc2.bias"])
    return x @ p["fc3.weight"].T + p["fc3.bias"]


def _momentum(p, v, g):
    v = jax.tree_util.tree_map(lambda vi, gi: MOM * vi + gi, v, g)
    p = jax.tree_util.tree_map(lambda pi, vi: pi - LR * vi, p, v)
    return p, v


@jax.jit
def jax_lenet_step(p, v, x, y):
    loss, g = jax.value_and_grad(lambda p: _xent(jax_lenet(p, x), y))(p)
    p, v = _momentum(p, v, g)
    return loss, p, v


def _bn(x, p, s, name, eps=1e-5, momentum=0.9):
    """Training-mode BatchNorm; returns (y, new running stats of ``name``)."""
    mean = jnp.mean(x, (0, 2, 3))
    var = jnp.mean(jnp.square(x - mean[None, :, None, None]), (0, 2, 3))
    y = (x - mean[None, :, None, None]) * jax.lax.rsqrt(var[None, :, None, None] + eps)
    y = y * p[name + ".gamma"][None, :, None, None] + p[name + ".beta"][None, :, None, None]
    n = x.size // x.shape[1]
    mean, var = jax.lax.stop_gradient(mean), jax.lax.stop_gradient(var)
    new = {name + ".moving_mean": momentum * s[name + ".moving_mean"] + (1 - momentum) * mean,
           name + ".moving_variance": momentum * s[name + ".moving_variance"] + (1 - momentum) * var * n / (n - 1)}
    return y, new


# ---- (c) ResNet-50 -------------------------------------------------------------------------------
def jax_resnet50(p, s, x, layers=(3, 4, 6, 3)):
    """Forward of models.resnet50 (mindcv's shape); returns (logits, new BatchNorm statistics)."""
    new_s = {}

    def bn(x, name):
        y, ns = _bn(x, p, s, name)
        new_s.update(ns)
        return y

    def conv(x, name, stride=1):
        w = p[name]
        k = w.shape[-1]
        return _conv(x, w, stride, "VALID" if k == 1 else ((k // 2, k // 2), (k // 2, k // 2)))

    x = jax.nn.relu(bn(conv(x, "conv1.weight", 2), "bn1"))
    x = jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 3, 3), (1, 1, 2, 2), "SAME")
    b = 0
    for i, n in enumerate(layers):
        for j in range(n):
            pre = f"layers.{b}."
            stride = 2 if (i > 0 and j == 0) else 1
            out = jax.nn.relu(bn(conv(x, pre + "conv1.weight"), pre + "bn1"))
            out = jax.nn.relu(bn(conv(out, pre + "conv2.weight", stride), pre + "bn2"))
            out = bn(conv(out, pre + "conv3.weight"), pre + "bn3")
            idn = bn(conv(x, pre + "down.0.weight", stride), pre + "down.1") if pre + "down.0.weight" in p else x
            x = jax.nn.relu(out + idn)
            b += 1
    x = jnp.mean(x, (2, 3))
    return x @ p["classifier.weight"].T + p["classifier.bias"], new_s


def make_jax_resnet50_step(layers=(3, 4, 6, 3), donate=False):
    """The jitted step; ``donate``: the weights, velocities and statistics are donated (updated in place)."""
    def step(p, v, s, x, y):
        def loss_fn(p):
            logits, new_s = jax_resnet50(p, s, x, layers)
            return _xent(logits, y), new_s
        (loss, new_s), g = jax.value_and_grad(loss_fn, has_aux=True)(p)
        p, v = _momentum(p, v, g)
        return loss, p, v, new_s
    return jax.jit(step, donate_argnums=(0, 1, 2) if donate else ())


def make_jax_resnet50_scan(layers=(3, 4, 6, 3)):
    """``steps`` training steps as one program (lax.scan over the stacked batches): the plain-JAX
    counterpart of sink mode. Returns the last step's loss and the state."""
    def step(carry, xy):
        p, v, s = carry
        x, y = xy

        def loss_fn(p):
            logits, new_s = jax_resnet50(p, s, x, layers)
            return _xent(logits, y), new_s
        (loss, new_s), g = jax.value_and_grad(loss_fn, has_aux=True)(p)
        p, v = _momentum(p, v, g)
        return (p, v, new_s), loss

    def run(p, v, s, xs, ys):
        (p, v, s), losses = jax.lax.scan(step, (p, v, s), (xs, ys))
        return losses[-1], p, v, s
    return jax.jit(run)


# ---- (d) the GPT-2-style decoder -----------------------------------------------------------------
def _ln(x, p, name, eps=1e-7):
    mean = jnp.mean(x, -1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), -1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps) * p[name + ".gamma"] + p[name + ".beta"]


def _dense(x, p, name):
    y = x @ p[name + ".weight"].T
    return y + p[name + ".bias"] if name + ".bias" in p else y


def jax_gpt(p, idx, n_layers, heads):
    """Forward of models.gpt: logits of shape (batch * seq, vocab)."""
    b, t = idx.shape
    x = p["wte.embedding_table"][idx] + p["wpe.embedding_table"][jnp.arange(t)][None]
    d = x.shape[-1]
    dh = d // heads
    mask = jnp.triu(jnp.full((t, t), -1e9, jnp.float32), 1)
    for i in range(n_layers):
        pre = f"blocks.{i}."
        qkv = _dense(_ln(x, p, pre + "ln1"), p, pre + "qkv").reshape(b, t, 3, heads, dh).transpose(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        att = jax.nn.softmax(q @ k.swapaxes(-1, -2) * (1.0 / float(dh) ** 0.5) + mask, axis=-1)
        y = (att @ v).transpose(0, 2, 1, 3).reshape(b, t, d)
        x = x + _dense(y, p, pre + "proj")
        x = x + _dense(jax.nn.gelu(_dense(_ln(x, p, pre + "ln2"), p, pre + "fc"), approximate=True), p, pre + "out")
    return _dense(_ln(x, p, "ln_f"), p, "head").reshape(b * t, -1)


def _adamw(p, m, v, g, lr, wd, b1=0.9, b2=0.999, eps=1e-6):
    """MindSpore's AdamWeightDecay: no bias correction; decay on every Parameter but gamma/beta."""
    m = jax.tree_util.tree_map(lambda mi, gi: b1 * mi + (1 - b1) * gi, m, g)
    v = jax.tree_util.tree_map(lambda vi, gi: b2 * vi + (1 - b2) * jnp.square(gi), v, g)
    new = {}
    for k in p:
        upd = m[k] / (jnp.sqrt(v[k]) + eps)
        if "gamma" not in k and "beta" not in k:
            upd = upd + wd * p[k]
        new[k] = p[k] - lr * upd
    return new, m, v


def make_jax_gpt_step(n_layers, heads, lr, wd, donate=False):
    """The jitted step; ``donate``: the weights and both moments are donated (updated in place)."""
    def step(p, m, v, idx, y):
        loss, g = jax.value_and_grad(lambda p: _xent(jax_gpt(p, idx, n_layers, heads), y))(p)
        p, m, v = _adamw(p, m, v, g, lr, wd)
        return loss, p, m, v
    return jax.jit(step, donate_argnums=(0, 1, 2) if donate else ())

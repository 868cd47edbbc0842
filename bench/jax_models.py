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


def jax_resnet(p, s, x, n_stages=4):
    """Forward of ``resnet18`` on params ``p`` and BN statistics ``s`` (names as mindjax's)."""
    new_s = {}

    def bn(x, name):
        y, ns = _bn(x, p, s, name)
        new_s.update(ns)
        return y

    x = jax.nn.relu(bn(_conv(x, p["conv1.weight"], 1, ((1, 1), (1, 1))), "bn1"))
    k = 0
    for i in range(n_stages):
        for j in range(2):
            pre = f"layers.{k}."
            stride = 2 if (i > 0 and j == 0) else 1
            y = jax.nn.relu(bn(_conv(x, p[pre + "conv1.weight"], stride, ((1, 1), (1, 1))), pre + "bn1"))
            y = bn(_conv(y, p[pre + "conv2.weight"], 1, ((1, 1), (1, 1))), pre + "bn2")
            if pre + "sc_conv.weight" in p:
                sc = bn(_conv(x, p[pre + "sc_conv.weight"], stride), pre + "sc_bn")
            else:
                sc = x
            x = jax.nn.relu(y + sc)
            k += 1
    x = jnp.mean(x, (2, 3))
    return x @ p["fc.weight"].T + p["fc.bias"], new_s


@jax.jit
def jax_resnet_step(p, v, s, x, y):
    def loss_fn(p):
        logits, new_s = jax_resnet(p, s, x)
        return _xent(logits, y), new_s
    (loss, new_s), g = jax.value_and_grad(loss_fn, has_aux=True)(p)
    p, v = _momentum(p, v, g)
    return loss, p, v, new_s

"""XLA's cost analysis of one whole training step: mindjax's ms.jit(TrainOneStepCell) program against
plain JAX's (row c/d's networks), to check that Graph mode compiles the same program.

    .venv/bin/python bench/program_cost.py MODEL QUICK      # MODEL: resnet50 or gpt; QUICK: 1 or 0
"""
import os, sys; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np, jax, jax.numpy as jnp
import mindjax as ms
import variants, models, jax_models as jm
model, quick = sys.argv[1], sys.argv[2] == "1"
cfg = variants.config(model, quick)
params = variants.initial_params(model, cfg)
xs, ys = variants.data(model, cfg)
net = variants.ms_net(ms, model, cfg); step = variants.ms_step(ms, model, net)
j = ms.jit(step)
x, y = ms.Tensor(xs), ms.Tensor(ys)
j(x, y)
prog = list(j.__dict__["construct"]._cache.values())[0]
from mindjax.common.seed import _get_key
lo = prog.jitted.lower(_get_key(), [p._value for p in prog.params], [x._data, y._data])
c = lo.compile()
ca = c.cost_analysis(); ca = ca[0] if isinstance(ca, list) else ca
print("mindjax graph: flops %.3e bytes %.3e  nparams_in %d written %d" % (ca.get('flops',0), ca.get('bytes accessed',0), len(prog.params), len(prog.written)))
txt = c.as_text()
# plain jax
tr = {k: jnp.asarray(v) for k, v in params.items() if "moving_" not in k}
s = {k: jnp.asarray(v) for k, v in params.items() if "moving_" in k}
zeros = jax.tree_util.tree_map(jnp.zeros_like, tr)
if model == 'resnet50':
    fn = jm.make_jax_resnet50_step(cfg['layers']); args = (tr, zeros, s, jnp.asarray(xs), jnp.asarray(ys))
else:
    fn = jm.make_jax_gpt_step(cfg['layers'], cfg['heads'], models.GPT_LR, models.GPT_WD); args = (tr, zeros, zeros, jnp.asarray(xs), jnp.asarray(ys))
c2 = fn.lower(*args).compile()
ca2 = c2.cost_analysis(); ca2 = ca2[0] if isinstance(ca2, list) else ca2
print("plain jax:     flops %.3e bytes %.3e" % (ca2.get('flops',0), ca2.get('bytes accessed',0)))
import re
for name, t in (("mj", txt), ("jax", c2.as_text())):
    ops = re.findall(r"= \S+ (\w+)\(", t)
    from collections import Counter
    cnt = Counter(ops)
    print(name, "fusions", cnt.get('fusion',0), "convolution", cnt.get('convolution',0), "dot", cnt.get('dot',0), "custom-call", cnt.get('custom-call',0), "copy", cnt.get('copy',0), "transpose", cnt.get('transpose', 0), 'total', sum(cnt.values()))

"""Record MindSpore 2.10's LSTM/GRU/RNN outputs for fixed weights (run with ~/msref/bin/python)."""
import json, sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

def fill(net):
    out = {}
    for i, (name, p) in enumerate(net.parameters_and_names()):
        v = np.sin(np.arange(p.size, dtype=np.float64) * 0.37 + i).reshape(p.shape).astype(np.float32) * 0.5
        p.set_data(Tensor(v))
        out[name] = list(p.shape)
    return out

x = (np.cos(np.arange(2 * 5 * 3) * 0.3).reshape(2, 5, 3)).astype(np.float32)
ref = {"x": x.tolist()}
for kind, cls in (("lstm", nn.LSTM), ("gru", nn.GRU), ("rnn", nn.RNN)):
    net = cls(3, 4, num_layers=2, batch_first=True, bidirectional=True)
    names = fill(net)
    out, h = net(Tensor(x))
    hs = [t.asnumpy().tolist() for t in (h if isinstance(h, tuple) else (h,))]
    ref[kind] = {"names": names, "output": out.asnumpy().tolist(), "h": hs}
    out2, _ = net(Tensor(x), seq_length=Tensor(np.array([5, 3], np.int32)))
    ref[kind]["output_seq"] = out2.asnumpy().tolist()
emb = nn.Embedding(10, 3)
ref["embedding_names"] = [n for n, _ in emb.parameters_and_names()]
json.dump(ref, open(sys.argv[1], "w"))

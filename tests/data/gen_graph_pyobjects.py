"""Record MindSpore 2.10's GRAPH_MODE answers for Python objects crossing the jit boundary:
the identity of lists and dicts (arguments, globals, attributes), which list/dict operations
change the caller's object, attributes set inside the function, and JIT Fallback's Python on
run-time values (f-strings and ``str.format`` of Tensors, tuple comparisons, a list indexed by
a Tensor, branches that give different structures).
Run with ``~/msref/bin/python tests/data/gen_graph_pyobjects.py``; writes ``ms_graph_pyobjects.json``.

Each case is a function of a namespace ``m`` (``m.ms``, ``m.nn``, ``m.ops``, ``m.Tensor``,
``m.mutable``, ``m.jit_class``); the test runs the same function with mindjax. ``enc`` keeps
the Python types (tuple, list, dict) and encodes Tensors by dtype, shape and values.
"""
import json
import os
import types

import numpy as np


def enc(m, x):
    if isinstance(x, m.Tensor):
        a = x.asnumpy()
        return {"T": [str(x.dtype), list(a.shape), a.astype(np.float64).tolist()]}
    if isinstance(x, tuple):
        return {"tuple": [enc(m, v) for v in x]}
    if isinstance(x, list):
        return {"list": [enc(m, v) for v in x]}
    if isinstance(x, dict):
        return {"dict": [[k, enc(m, v)] for k, v in x.items()]}
    if isinstance(x, np.ndarray):
        return {"np": x.tolist()}
    return x


LIST_OPS = {
    "extend": lambda x: x.extend([5]),
    "insert": lambda x: x.insert(0, 5),
    "pop": lambda x: x.pop(),
    "reverse": lambda x: x.reverse(),
    "append": lambda x: x.append(5),
    "clear": lambda x: x.clear(),
}


def _list_op_fns(m):
    @m.ms.jit
    def f_extend(x):
        x.extend([5])
        return x

    @m.ms.jit
    def f_insert(x):
        x.insert(0, 5)
        return x

    @m.ms.jit
    def f_pop(x):
        x.pop()
        return x

    @m.ms.jit
    def f_reverse(x):
        x.reverse()
        return x

    @m.ms.jit
    def f_append(x):
        x.append(5)
        return x

    @m.ms.jit
    def f_clear(x):
        x.clear()
        return x

    @m.ms.jit
    def f_setitem(x):
        x[0] = 5
        return x

    @m.ms.jit
    def f_iadd(x):
        x += [5]
        return x
    return {"extend": f_extend, "insert": f_insert, "pop": f_pop, "reverse": f_reverse, "append": f_append,
            "clear": f_clear, "setitem": f_setitem, "iadd": f_iadd}


def case_list_argument_ops(m):
    """Per operation on a list argument: the result, whether it is the caller's list, the caller's list."""
    out = {}
    for name, f in _list_op_fns(m).items():
        x = [3, 1, 2]
        r = f(x)
        out[name] = [enc(m, r), r is x, enc(m, x)]
    return out


def case_list_argument_with_tensor(m):
    """A list holding a Tensor: the in-place ops keep the caller's Tensor object in it."""
    t = m.Tensor(np.array([3], np.int32))
    x = [1, t, 2]
    r = _list_op_fns(m)["reverse"](x)
    return [enc(m, r), r is x, x[1] is t]


G_REV = [1, 2, 3]


def case_global_list_reverse_each_call(m):
    """A global list reversed inside: every call reverses it, the result is the global itself."""
    G_REV[:] = [1, 2, 3]

    @m.ms.jit
    def f():
        G_REV.reverse()
        return G_REV
    out = []
    for _ in range(3):
        r = f()
        out.append([enc(m, list(G_REV)), r is G_REV])
    return out


G_NEST = [1, [2, 3], (4, [5])]


def case_global_nested_identity(m):
    @m.ms.jit
    def f():
        return G_NEST, G_NEST[1], G_NEST[2][1]
    a, b, c = f()
    return [a is G_NEST, b is G_NEST[1], c is G_NEST[2][1]]


def case_global_list_append_is_functional(m):
    g = [1, 2]

    @m.ms.jit
    def f(t):
        g.append(t)
        return g
    r = f(m.Tensor(np.array([7], np.int32)))
    return [enc(m, r), r is g, enc(m, g)]


def case_cell_attribute_list(m):
    class Net(m.nn.Cell):
        def __init__(self, x):
            super().__init__()
            self.x = x

        def construct(self):
            self.x.reverse()
            return self.x
    x = [1, 2, 3, 4]
    r = Net(x)()
    return [enc(m, r), r is x]


def case_pop_local_nested(m):
    @m.ms.jit
    def f():
        x = [[1, 2, 3], 4, 5]
        y = x[0]
        z = y.pop()
        return x, y, z
    return enc(m, f())


def case_dict_argument_ops(m):
    @m.ms.jit
    def f_setitem(d):
        d["a"] = 3
        return d

    @m.ms.jit
    def f_update(d):
        d.update({"c": 5})
        return d

    @m.ms.jit
    def f_clear(d):
        d.clear()
        return d
    out = {}
    for name, f in (("setitem", f_setitem), ("update", f_update), ("clear", f_clear)):
        d = {"a": 1, "b": 2}
        r = f(d)
        out[name] = [enc(m, r), r is d, enc(m, d)]
    return out


def case_dict_setitem_tensor_attribute(m):
    class Net(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.d = {"Name": "b", "Age": 15}

        def construct(self, y):
            self.d["Age"] = y * 2
            return self.d
    net = Net()
    r = net(m.Tensor(np.array([4], np.int32)))
    return [enc(m, r), r is net.d, enc(m, net.d)]


def case_dict_value_identity(m):
    d = {"1": [1, 2], "2": ([3], 4)}

    @m.ms.jit
    def f(x):
        return x, x["1"], x["2"][0]
    a, b, c = f(d)
    return [a is d, b is d["1"], c is d["2"][0]]


def case_setattr_jit_class_each_call(m):
    @m.jit_class
    class Inner:
        def __init__(self):
            self.x = 1

    obj = Inner()

    @m.ms.jit
    def f():
        y = obj.x
        obj.x = obj.x + 1
        return y
    return [[f(), obj.x] for _ in range(3)]


def case_setattr_cell_tensor_each_call(m):
    class Net(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = m.Tensor(np.array([1, 2, 3], np.int32))

        def construct(self):
            self.a = self.a + 1
            return self.a
    net = Net()
    return [enc(m, net()) for _ in range(3)] + [enc(m, net.a)]


def case_raise_fstring_list_of_tensors(m):
    @m.ms.jit
    def f(a):
        x = [a, a + 1]
        raise TypeError(f"The input is {x}")
    try:
        f(m.Tensor(np.array([1], np.int64)))
    except TypeError as e:
        return str(e)
    return None


def case_raise_in_tensor_if_both_sides(m):
    @m.ms.jit
    def f(x, y, z):
        if z >= 1:
            raise TypeError(f"The input is {x}")
        raise TypeError(f"The input is {y}")
    try:
        f(m.mutable([1, 2, 3]), m.mutable([4, 5]), m.Tensor(np.array([1], np.int64)))
    except TypeError as e:
        return str(e)
    return None


def case_str_format_of_tensor(m):
    @m.ms.jit
    def f(x):
        return "{} is {}".format("string", x + x), str(x)
    return list(f(m.Tensor(np.array([1, 2], np.int64))))


def case_tuple_compare_and_index(m):
    @m.ms.jit
    def f(x, y):
        a = ((x, x + 1), x + 2)
        b = ((y, y - 1), y + 2)
        c = [x, y, "a"]
        return a < b, a >= b, c.index(y)
    return enc(m, f(m.Tensor(np.array([1], np.int64)), m.Tensor(np.array([3], np.int64))))


def case_list_indexed_by_tensor(m):
    @m.ms.jit
    def f(i):
        x = [[2], [3], [4], [5]]
        return x[i]
    return enc(m, f(m.Tensor(2)))


def case_branches_with_different_dicts(m):
    @m.ms.jit
    def f(x):
        if x > 5:
            return None, x, {"1": x}
        return None, x * 2, {"2": x * 2}
    return [enc(m, f(m.Tensor(10))), enc(m, f(m.Tensor(1)))]


def case_is_on_runtime_int(m):
    three, two = 3, 2

    @m.ms.jit
    def f(x):
        return int(x) is three, int(x) is not three, int(x) is two  # graph mode compares the value

    return list(f(m.Tensor(np.array([3], np.int64))))


def case_numpy_kept_through_tensor_if(m):
    @m.ms.jit
    def f():
        x = np.array([1, 2, 3, 4, 5])
        z = m.Tensor(x % 2)
        if (x >= x % 2).all():
            if sum(z) > m.Tensor(2):
                z = m.Tensor(x) + 1
        return z
    return enc(m, f())


CASES = {name[5:]: fn for name, fn in sorted(globals().items()) if name.startswith("case_")}


def namespace():
    import mindspore as ms
    from mindspore import nn, ops, Tensor, mutable, jit_class
    ms.set_context(mode=ms.GRAPH_MODE)
    return types.SimpleNamespace(ms=ms, nn=nn, ops=ops, Tensor=Tensor, mutable=mutable, jit_class=jit_class)


def main():
    m = namespace()
    out = {}
    for name, fn in CASES.items():
        try:
            out[name] = fn(m)
        except Exception as e:  # noqa: BLE001 - recorded as MindSpore's answer
            out[name] = {"error": type(e).__name__, "message": str(e).split("\n")[0][:300]}
        print(name, json.dumps(out[name])[:300])
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_graph_pyobjects.json")
    with open(path, "w") as f:
        json.dump({"mindspore": m.ms.__version__, "cases": out}, f, indent=1, sort_keys=True)
    print(f"wrote {len(out)} cases to {path}")


if __name__ == "__main__":
    main()

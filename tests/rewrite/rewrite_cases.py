"""Rewrite scenarios run on MindSpore (gen_rewrite.py records them) and on mindjax (the tests)."""
import ast

import numpy as np

import rewrite_nets as nets


def listing(stree):
    out = []
    for n in stree.nodes(all_nodes=True):
        out.append([n.get_name(), str(n.get_node_type()), getattr(n.get_instance_type(), "__name__", "?"),
                    [str(t) for t in n.get_targets()], [str(a) for a in n.get_args()],
                    {k: str(v) for k, v in n.get_kwargs().items()},
                    [u.get_name() for u in n.get_users()], [i.get_name() for i in n.get_inputs()]])
    return out


def constructs(code):
    """The construct of every generated class, in order (the rest of the text is framework-specific)."""
    res = []
    for c in ast.parse(code).body:
        if isinstance(c, ast.ClassDef):
            for f in c.body:
                if isinstance(f, ast.FunctionDef) and f.name == "construct":
                    res.append(ast.unparse(f))
    return res


def set_weights(ms, net):
    for i, (name, p) in enumerate(sorted(net.parameters_and_names(), key=lambda t: t[0])):
        rng = np.random.RandomState(i + 1)
        p.set_data(ms.Tensor(rng.uniform(-0.5, 0.5, p.shape).astype(np.float32)))


def to_list(out):
    if isinstance(out, (tuple, list)):
        return [to_list(o) for o in out]
    return np.asarray(out.asnumpy(), dtype=np.float64).tolist()


def _x(shape, seed=0):
    return np.random.RandomState(seed).uniform(-1, 1, shape).astype(np.float32)


def case_lenet(ms, rw):
    net = nets.LeNet()
    set_weights(ms, net)
    x = ms.Tensor(_x((2, 1, 10, 10)))
    before = to_list(net(x))
    st = rw.SymbolTree.create(net)
    rec = {"nodes": listing(st), "before": before}
    rec["unique"] = [st.unique_name("x"), st.unique_name("x"), st.unique_name(), st.unique_name("relu_var")]
    conv1 = st.get_node("conv1")
    act = rw.Node.create_call_cell(ms.nn.Tanh(), targets=["conv1_var"],
                                   args=[rw.ScopedValue.create_naming_value("conv1_var")], name="act")
    st.insert(st.after(conv1), act)
    rec["act"] = [act.get_name(), [u.get_name() for u in act.get_users()], [i.get_name() for i in act.get_inputs()]]
    # drop the ReLU after fc1: fc2 reads fc1's output directly
    fc2 = st.get_node("fc2")
    fc2.set_arg_by_node(0, st.get_node("fc1"))
    st.erase(st.get_node("relu_2"))
    # the ReLU after fc2 becomes a Sigmoid
    old = st.get_node("relu_3")
    sig = rw.Node.create_call_cell(ms.nn.Sigmoid(), targets=old.get_targets(), args=old.get_args(), name="sig")
    st.replace(old, [sig])
    rec["after_nodes"] = listing(st)
    rec["constructs"] = constructs(st.get_code())
    rec["after"] = to_list(st.get_network()(x))
    return rec


def case_if(ms, rw, flag):
    net = nets.IfNet(flag)
    set_weights(ms, net)
    x = ms.Tensor(_x((3, 4), 1))
    rec = {"before": to_list(net(x))}
    st = rw.SymbolTree.create(net)
    rec["nodes"] = listing(st)
    relu = st.get_node("relu")            # inside the if branch
    sig = rw.Node.create_call_cell(ms.nn.Sigmoid(), targets=["relu_var"],
                                   args=[rw.ScopedValue.create_naming_value("relu_var")])
    st.insert(st.after(relu), sig)
    rec["sig"] = sig.get_name()
    st.get_node("relu_1").set_arg(0, "x")  # else branch: relu(x) -> relu(x) unchanged name, then tanh skips it
    st.get_node("tanh").set_arg(0, "x")
    rec["after_nodes"] = listing(st)
    rec["constructs"] = constructs(st.get_code())
    rec["after"] = to_list(st.get_network()(x))
    return rec


def case_subnet(ms, rw):
    net = nets.SubNet()
    set_weights(ms, net)
    x = ms.Tensor(_x((2, 4), 2))
    rec = {"before": to_list(net(x))}
    st = rw.SymbolTree.create(net)
    rec["nodes"] = listing(st)
    absn = st.get_node("abs")
    r1 = rw.Node.create_call_cell(ms.nn.ReLU(), targets=["x"], args=[rw.ScopedValue.create_naming_value("x")],
                                  name="new_relu")
    st.insert(st.before(absn), r1)
    r2 = rw.Node.create_call_cell(ms.nn.ReLU(), targets=["x"], args=[rw.ScopedValue.create_naming_value("x")],
                                  name="new_relu")
    st.insert(st.after(absn), r2)
    f = rw.Node.create_call_function(nets.scale_add, targets=["q"],
                                     args=[rw.ScopedValue.create_naming_value("z"),
                                           rw.ScopedValue.create_variable_value(2.0)])
    st.insert(st.after(st.get_node("binop_sub")), f)
    rec["inserted"] = [r1.get_name(), r2.get_name(), f.get_name(), str(f.get_node_type()),
                       [u.get_name() for u in r1.get_users()], [i.get_name() for i in r1.get_inputs()]]
    st.get_node("tuple").set_arg(0, "q")
    st.get_node("binop_add").set_arg_by_node(1, absn)
    sub = st.get_node("sub").get_sub_tree()
    sub.get_node("binop_add").set_arg(0, "dense_var")
    sub.erase(sub.get_node("relu"))
    rec["sub_nodes"] = listing(sub)
    rec["after_nodes"] = listing(st)
    rec["constructs"] = constructs(st.get_code())
    rec["after"] = to_list(st.get_network()(x))
    return rec


def case_values(ms, rw):
    sv = rw.ScopedValue
    rec = {"str": [str(sv.create_variable_value(2)), str(sv.create_naming_value("conv", "self")),
                   str(sv.create_name_values(["z", "z_1"], ["self", "self"])),
                   str(sv.create_variable_value((1, "a"))), str(sv.create_variable_value(None)),
                   str(sv.create_variable_value([1.0]).type), str(sv.create_variable_value({"k": 1}).type),
                   str(sv.create_variable_value(object()).type)],
           "enum": [[m.name, m.value] for m in rw.NodeType]}
    errs = []
    for fn in (lambda: sv.create_name_values(["a"], ["b", "c"]), lambda: sv.create_naming_value(1),
               lambda: rw.SymbolTree.create(1),
               lambda: rw.SymbolTree.create(nets.LeNet()).get_node("conv1").get_sub_tree(),
               lambda: rw.Node.create_call_cell(1, ["x"])):
        try:
            fn()
            errs.append(None)
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            errs.append(type(e).__name__)
    rec["errors"] = errs
    return rec


def run_all(ms, rw):
    return {"lenet": case_lenet(ms, rw), "if_true": case_if(ms, rw, True), "if_false": case_if(ms, rw, False),
            "subnet": case_subnet(ms, rw), "values": case_values(ms, rw)}

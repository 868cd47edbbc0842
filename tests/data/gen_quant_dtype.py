"""Record ``mindspore.QuantDtype`` (MindSpore 2.10) for tests/test_quant_dtype.py.

Run with real MindSpore: ``~/msref/bin/python tests/data/gen_quant_dtype.py``.
"""
import enum
import json
import os

import mindspore
from mindspore.common.dtype import QuantDtype

members = [{"name": m.name, "_value_": m._value_, "value()": m.value(), "str": str(m), "repr": repr(m),
            "format": format(m), "fstring": f"{m}", "hash_is_name_hash": hash(m) == hash(m.name)}
           for m in QuantDtype]


def _raises(fn):
    try:
        fn()
    except Exception as e:  # the class and message are what the test compares
        return [type(e).__name__, str(e)]
    return None


out = {
    "members": members,
    "len": len(QuantDtype),
    "class_name": QuantDtype.__name__,
    "qualname": QuantDtype.__qualname__,
    "module": QuantDtype.__module__,
    "bases": [b.__name__ for b in QuantDtype.__mro__],
    "same_object_top_level": mindspore.QuantDtype is QuantDtype,
    "in_common_dtype_all": "QuantDtype" in mindspore.common.dtype.__all__,
    "lookup_by_value_7": QuantDtype(7).name,
    "lookup_by_name_UINT4": QuantDtype["UINT4"].value(),
    "value_attr_is_callable": callable(QuantDtype.INT8.value),
    "is_int_subclass": issubclass(QuantDtype, int),
    "int8_eq_7": QuantDtype.INT8 == 7,
    "members_dict_keys": list(QuantDtype.__members__),
    "public_attrs": sorted(a for a in dir(QuantDtype) if not a.startswith("_")),
    "error_bad_value": _raises(lambda: QuantDtype(16)),
    "error_bad_name": _raises(lambda: QuantDtype["INT17"]),
    "error_set_attr": _raises(lambda: setattr(QuantDtype, "INT8", 3)),
    "unique": isinstance(QuantDtype, enum.EnumMeta) and len(set(m._value_ for m in QuantDtype)) == len(QuantDtype),
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ms_quant_dtype.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1)
print("wrote", path)

"""``QuantDtype`` equals MindSpore 2.10's enum (recorded by tests/data/gen_quant_dtype.py)."""
import json
import os

import pytest

from mindjax.common._quant_dtype import QuantDtype

_REF = json.load(open(os.path.join(os.path.dirname(__file__), "data", "ms_quant_dtype.json")))


def _raises(fn):
    try:
        fn()
    except Exception as e:
        return [type(e).__name__, str(e)]
    return None


def test_members_in_order_with_values_str_and_repr():
    got = [{"name": m.name, "_value_": m._value_, "value()": m.value(), "str": str(m), "repr": repr(m),
            "format": format(m), "fstring": f"{m}", "hash_is_name_hash": hash(m) == hash(m.name)}
           for m in QuantDtype]
    assert got == _REF["members"]
    assert len(QuantDtype) == _REF["len"] == 32


def test_class_shape():
    assert QuantDtype.__name__ == _REF["class_name"]
    assert QuantDtype.__qualname__ == _REF["qualname"]
    assert [b.__name__ for b in QuantDtype.__mro__] == _REF["bases"]
    assert list(QuantDtype.__members__) == _REF["members_dict_keys"]
    assert sorted(a for a in dir(QuantDtype) if not a.startswith("_")) == _REF["public_attrs"]
    assert issubclass(QuantDtype, int) is _REF["is_int_subclass"]
    assert (QuantDtype.INT8 == 7) is _REF["int8_eq_7"]
    assert callable(QuantDtype.INT8.value) is _REF["value_attr_is_callable"]


def test_lookups_and_errors():
    assert QuantDtype(7).name == _REF["lookup_by_value_7"]
    assert QuantDtype["UINT4"].value() == _REF["lookup_by_name_UINT4"]
    assert _raises(lambda: QuantDtype(16)) == _REF["error_bad_value"]
    assert _raises(lambda: QuantDtype["INT17"]) == _REF["error_bad_name"]
    assert _raises(lambda: setattr(QuantDtype, "INT8", 3)) == _REF["error_set_attr"]


def test_reexports_when_present():
    """Once the lead re-exports it, every MindSpore path names this one class."""
    import mindjax
    import mindjax.common.dtype as mdtype
    for owner in (mindjax, mdtype):
        if not hasattr(owner, "QuantDtype"):
            pytest.skip("QuantDtype is not re-exported yet")
        assert owner.QuantDtype is QuantDtype

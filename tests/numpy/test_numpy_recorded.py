"""mindjax.numpy against MindSpore 2.10's recorded values, dtypes and error classes.

The cases and MindSpore's results are in tests/data/ms_numpy.json (tests/data/gen_numpy.py). Each
expression is evaluated here with ``mnp`` = ``mindjax.numpy``; a function whose op is not in
``mindjax.ops`` yet is absent and its cases skip with the op's name.
"""
from __future__ import annotations

import numpy as np
import pytest

import mindjax.numpy as mnp
from mindjax.numpy.utils import MISSING
from _recorded import DATA, MS_BUGS, _env, _check, _absent

CASES = DATA["numpy"]


@pytest.mark.parametrize("rec", CASES, ids=[f"{i}-{r['name']}" for i, r in enumerate(CASES)])
def test_numpy_case(rec):
    reason = _absent(rec["expr"])
    if reason:
        pytest.skip(reason)
    e = _env()
    expr = rec["expr"]
    if expr in MS_BUGS:
        bug = MS_BUGS[expr]
        if bug is None:
            with pytest.raises((TypeError, ValueError)):
                eval(expr, e)  # noqa: S307 - our own case table
            return
        got = eval(expr, e)  # noqa: S307
        np.testing.assert_allclose(got.asnumpy(), bug[1], rtol=1e-6, err_msg=bug[0])
        return
    if "error" in rec:
        with pytest.raises(Exception) as info:  # noqa: PT011 - the class is compared below
            eval(expr, e)  # noqa: S307
        assert type(info.value).__name__ == rec["error"], f"{expr}: {info.value!r}; MindSpore: {rec['msg']}"
        return
    _check(eval(expr, e), rec["out"], expr)  # noqa: S307


def test_names_match_mindspore():
    """Every public name of mindspore.numpy exists here unless its op is missing; no extra public names."""
    ms_names = set(DATA["names"]["numpy"]) - {"fft", "array_ops_module", "array_creations_module", "math_module",
                                              "logic_module", "absolute_import", "dtypes", "utils", "utils_const",
                                              "array_ops", "array_creations", "math_ops", "logic_ops", "dtype_map",
                                              "dtype_tuple", "all_types"}
    have = {n for n in dir(mnp) if not n.startswith("_")}
    missing = sorted(n for n in ms_names - have if n not in MISSING)
    assert not missing, f"absent without a missing op: {missing}"
    assert set(mnp.__all__) <= ms_names, sorted(set(mnp.__all__) - ms_names)

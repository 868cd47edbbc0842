"""The logic of ``make conformance`` that needs neither MindSpore nor a test run.

* ``parse_junit``: a pytest junit XML file -> ``{test id: (outcome, first error line)}``.
* ``normalise_cause``: an error line -> the cause it is grouped under.
* ``compare``/``format_report``: the per-area table and the failing files grouped by cause.

Outcomes are ``passed``, ``failed``, ``error`` (setup, teardown or collection) and
``skipped`` (``xfail`` included; an unexpected pass of an ``xfail`` counts as ``passed``).
A test id is pytest's node id without the file: ``test_fn[param]`` or ``TestCls::test_fn``.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict

MAX_LINE = 200
FILE_LEVEL = "<file>"  # the id of a file whose tests could not even be collected or listed

_EXC_LINE = re.compile(r"^E\s+((?:[A-Za-z_][\w.]*\.)?[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Failed|"
                       r"Warning|Skipped|error)\b.*)$")


def _content(lines: list[str]) -> list[str]:
    """Lines with text, without MindSpore's ``-----`` rulers and ``- `` bullets."""
    out = []
    for ln in lines:
        ln = ln.strip().lstrip("-").strip()
        if ln:
            out.append(ln)
    return out


def short(text: str) -> str:
    """The first line of a message, cut to MAX_LINE characters.

    MindSpore's errors often start on the line after ``RuntimeError:`` (a ruler, then
    ``- Kernel select failed:`` and the detail): then the first lines of text are joined.
    """
    lines = (text or "").strip().split("\n")
    line = lines[0].strip()
    if re.fullmatch(r"[\w.]+:", line):
        rest = _content(lines[1:])
        take = rest[:2] if rest and rest[0].endswith(":") else rest[:1]
        line = " ".join([line] + take)
    return line if len(line) <= MAX_LINE else line[:MAX_LINE - 3] + "..."


def _last_exception_line(text: str) -> str:
    """The first line of the last exception that a pytest traceback shows (``E   Foo: bar``)."""
    found = ""
    for line in (text or "").splitlines():
        m = _EXC_LINE.match(line)
        if m:
            found = m.group(1)
    return found


def _error_line(elem: ET.Element) -> str:
    message = elem.get("message") or ""
    text = elem.text or ""
    m = re.match(r'failed on (setup|teardown|call) with "(.*)"$', message, re.S)
    if m:
        message = m.group(2)
    if message in ("", "collection failure") or message.startswith("failed on "):
        message = _last_exception_line(text) or message or short(text)
    return short(message)


def module_prefix(rel_file: str) -> str:
    """``tests/st/x/test_a.py`` -> ``tests.st.x.test_a`` (junit's classname prefix)."""
    return rel_file[:-3].replace("/", ".") if rel_file.endswith(".py") else rel_file.replace("/", ".")


def test_id(classname: str, name: str, rel_file: str) -> str:
    prefix = module_prefix(rel_file)
    if classname == prefix:
        rest = ""
    elif classname.startswith(prefix + "."):
        rest = classname[len(prefix) + 1:].replace(".", "::")
    else:  # another rootdir: keep the part after the module name if it is there
        parts = classname.split(".")
        stem = prefix.rsplit(".", 1)[-1]
        rest = "::".join(parts[parts.index(stem) + 1:]) if stem in parts else ""
    return f"{rest}::{name}" if rest else name


def parse_junit(xml_text: str, rel_file: str) -> dict[str, tuple[str, str]]:
    """Outcomes of one file's junit XML, keyed by test id (see module doc).

    A collection error (a testcase with an empty classname) is reported under FILE_LEVEL.
    """
    root = ET.fromstring(xml_text)
    results: dict[str, tuple[str, str]] = {}
    rank = {"passed": 0, "skipped": 1, "failed": 2, "error": 3}
    for case in root.iter("testcase"):
        classname, name = case.get("classname", ""), case.get("name", "")
        tid = FILE_LEVEL if not classname else test_id(classname, name, rel_file)
        outcome, line = "passed", ""
        for child in case:
            if child.tag == "failure":
                new = ("failed", _error_line(child))
            elif child.tag == "error":
                new = ("error", _error_line(child))
            elif child.tag == "skipped":
                new = ("skipped", short(child.get("message") or ""))
            else:
                continue
            if rank[new[0]] > rank[outcome]:
                outcome, line = new
        old = results.get(tid)
        if old is None or rank[outcome] > rank[old[0]]:
            results[tid] = (outcome, line)
    return results


def ids_from_nodeids(nodeids: list[str]) -> list[str]:
    """pytest node ids (``path.py::Cls::fn[x]``) -> test ids (``Cls::fn[x]``)."""
    return [n.split("::", 1)[1] for n in nodeids if "::" in n]


# ---------------------------------------------------------------- causes

_PATH_IN_PARENS = re.compile(r"\s*\((?:/|[A-Za-z]:\\)[^()]*\)")
_PATH = re.compile(r"(?:/[\w.+-]+){2,}/?")
_ADDR = re.compile(r"0x[0-9a-fA-F]+")
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?(?![\w])")
_NAME_CAUSES = re.compile(r"^(ModuleNotFoundError|ImportError|AttributeError|NameError)\b")


def normalise_cause(line: str) -> str:
    """The cause an error line is grouped under.

    mindjax's module names read as MindSpore's; file paths, object addresses and (except in
    import/attribute errors, where the name is the cause) numbers are blanked, so that
    ``shape (2, 3)`` and ``shape (4, 5)`` fall in one group.
    """
    line = short(line)
    if not line:
        return "(no error message)"
    line = re.sub(r"\bmindjax\b", "mindspore", line)
    line = _PATH_IN_PARENS.sub("", line)
    line = _PATH.sub("<path>", line)
    line = _ADDR.sub("0x…", line)
    if not _NAME_CAUSES.match(line):
        line = _NUMBER.sub("N", line)
    return re.sub(r"\s+", " ", line).strip()


# ---------------------------------------------------------------- comparison

# numpy 2 names numpy 1's ``np.bool_`` "bool": a test parametrised by that dtype gets the id
# ``test_x[bool_-shape0]`` under MindSpore (which needs numpy<2) and ``test_x[bool-shape0]`` here.
_NP1_ID = re.compile(r"(?<=[\[\-])bool_(?=[\-\]])")


def numpy2_id(tid: str) -> str:
    """The id numpy 2 gives a test that numpy 1 named ``tid``."""
    return _NP1_ID.sub("bool", tid)


def _passed(outcome: str | None) -> bool:
    return outcome == "passed"


def compare_file(ms_tests: dict | None, mj_tests: dict, mj_file_error: str = "") -> dict:
    """One file: the universe of test ids is MindSpore's when recorded, else mindjax's.

    ``ms_tests``/``mj_tests`` map test id -> (outcome, line). A MindSpore test that mindjax
    did not report (its file failed to import, say) counts as failed with ``mj_file_error``.
    Returns counts and the first mindjax error among the tests that MindSpore passes.
    """
    mj_tests = {k: tuple(v) for k, v in mj_tests.items()}
    if FILE_LEVEL in mj_tests and not mj_file_error:
        mj_file_error = mj_tests[FILE_LEVEL][1]
    base = ms_tests if ms_tests is not None else mj_tests
    universe = [t for t in base if t != FILE_LEVEL] or [t for t in base if ms_tests is not None]
    out = {"tests": len(universe), "ms_passed": 0, "mj_passed": 0, "both": 0, "first_error": "",
           "regressions": []}
    for tid in universe:
        ms = tuple(ms_tests[tid]) if ms_tests is not None else None
        mj = mj_tests.get(tid) or mj_tests.get(numpy2_id(tid)) or ("failed", mj_file_error or "not run under mindjax")
        ms_ok, mj_ok = ms is not None and _passed(ms[0]), _passed(mj[0])
        out["ms_passed"] += ms_ok
        out["mj_passed"] += mj_ok
        out["both"] += ms_ok and mj_ok
        if ms_ok and not mj_ok:
            out["regressions"].append(tid)
            if not out["first_error"]:
                out["first_error"] = mj[1] or f"{mj[0]} (no message)"
    return out


def add_up(rows: list[dict]) -> dict:
    total = {"files": 0, "tests": 0, "ms_passed": 0, "mj_passed": 0, "both": 0}
    for r in rows:
        total["files"] += r.get("files", 1)
        for k in ("tests", "ms_passed", "mj_passed", "both"):
            total[k] += r[k]
    return total


def pct(x: int, y: int) -> str:
    return f"{100.0 * x / y:.1f}%" if y else "n/a"


def share(x: int, y: int) -> str:
    return f"{x} of {y} ({pct(x, y)})" if y else f"{x} of 0"


def group_causes(failing: list[tuple[str, str, int]]) -> list[tuple[str, list[tuple[str, str, int]]]]:
    """``[(file, first error, tests lost)]`` -> ``[(cause, [(file, error, n)...])]``, the
    groups with most files first (then most tests, then by name)."""
    groups: dict[str, list] = defaultdict(list)
    for file, line, n in failing:
        groups[normalise_cause(line)].append((file, line, n))
    return sorted(groups.items(), key=lambda kv: (-len(kv[1]), -sum(n for _, _, n in kv[1]), kv[0]))


def format_table(rows: list[tuple[str, dict]], recorded: bool = True) -> list[str]:
    head = (f"{'area':<30} {'files':>5} {'tests':>6} {'ms pass':>8} {'mj pass':>8} {'both':>6}   "
            f"mindjax passes X of the Y that MindSpore passes")
    lines = [head, "-" * len(head)]
    for area, r in rows + [("total", add_up([r for _, r in rows]))]:
        ms = str(r["ms_passed"]) if recorded else "n/a"
        lines.append(f"{area:<30} {r['files']:>5} {r['tests']:>6} {ms:>8} {r['mj_passed']:>8} {r['both']:>6}   "
                     f"{share(r['both'], r['ms_passed']) if recorded else 'n/a (not recorded)'}")
    return lines

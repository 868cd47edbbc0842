"""mindjax.Profiler / mindjax.profiler on jax.profiler: real traces in MindSpore's layout, schedules and
enums as MindSpore 2.10 has them (tests/data/ms_hal_runtime.json)."""
import csv
import gzip
import json
import logging
import os
import re
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
import mindjax.profiler as mp
from mindjax.profiler import Profiler, ProfilerActivity, ProfilerLevel

MS = json.loads((Path(__file__).parent / "data" / "ms_hal_runtime.json").read_text())
RUN_DIR = re.compile(r"^.+_\d+_\d{17}_ascend_ms$")


def _work(n: int = 3):
    x = ms.Tensor(np.ones((32, 32)), ms.float32)
    for _ in range(n):
        x = ms.ops.matmul(x, x) * (1 / 32)
    return x.asnumpy()


def _events(run_dir: str) -> list:
    return json.loads((Path(run_dir) / "ASCEND_PROFILER_OUTPUT" / "trace_view.json").read_text())


def test_profiler_writes_a_trace_in_mindspore_layout(tmp_path):
    prof = Profiler(output_path=str(tmp_path), profile_memory=True)
    out = _work()
    prof.stop()
    prof.analyse()
    np.testing.assert_allclose(out, np.ones((32, 32)), rtol=1e-6)
    (run,) = prof.output_dirs
    assert Path(run).parent == tmp_path and RUN_DIR.match(Path(run).name)
    xplane = list(Path(run).glob("plugins/profile/*/*.xplane.pb"))
    chrome = list(Path(run).glob("plugins/profile/*/*.trace.json.gz"))
    assert len(xplane) == 1 and xplane[0].stat().st_size > 0
    assert len(chrome) == 1 and json.load(gzip.open(chrome[0]))["traceEvents"]
    events = _events(run)
    names = {e.get("name", "") for e in events}
    assert any(n.startswith("PjitFunction(") for n in names)      # the dispatched ops
    with open(Path(run) / "ASCEND_PROFILER_OUTPUT" / "op_statistic.csv") as fp:
        rows = list(csv.DictReader(fp))
    assert rows and all(int(r["Count"]) >= 1 and float(r["Total Time(us)"]) >= 0 for r in rows)
    assert sum(float(r["Ratio(%)"]) for r in rows) == pytest.approx(100.0, abs=0.1)
    assert (Path(run) / "memory.prof").stat().st_size > 0
    info = json.loads((Path(run) / "profiler_info.json").read_text())
    assert info["profile_memory"] is True and info["activities"] == ["CPU", "NPU"]


def test_profiler_start_stop_and_context_manager(tmp_path):
    prof = Profiler(output_path=str(tmp_path / "a"), start_profile=False)
    assert prof.output_dirs == [] and not (tmp_path / "a").exists()
    prof.start()
    _work(1)
    prof.stop()
    assert len(prof.output_dirs) == 1
    with Profiler(output_path=str(tmp_path / "b"), start_profile=False) as p2:
        _work(1)
    p2.analyse()
    (run,) = p2.output_dirs
    assert _events(run)


def test_only_one_recording_at_a_time(tmp_path, caplog):
    first = Profiler(output_path=str(tmp_path / "first"))
    with caplog.at_level(logging.ERROR, logger="mindjax.profiler"):
        second = Profiler(output_path=str(tmp_path / "second"))
    assert "start failed" in caplog.text and not second._has_started
    first.stop()
    assert len(first.output_dirs) == 1 and second.output_dirs == []


def test_schedule_with_tensorboard_trace_handler(tmp_path):
    out = tmp_path / "tb"
    with mp.profile(activities=[ProfilerActivity.CPU],
                    schedule=mp.schedule(wait=1, warmup=1, active=2, repeat=2),
                    on_trace_ready=mp.tensorboard_trace_handler(str(out))) as prof:
        for _ in range(10):
            _work(1)
            prof.step()
    runs = prof.output_dirs
    assert len(runs) == 2 and all(Path(r).parent == out for r in runs)
    for run in runs:                                              # analysed by the handler
        names = {e.get("name") for e in _events(run)}
        assert "ProfilerStep" in names


def test_on_trace_ready_called_per_cycle(tmp_path):
    calls = []
    prof = Profiler(output_path=str(tmp_path), schedule=mp.schedule(wait=0, warmup=0, active=1, repeat=3),
                    on_trace_ready=lambda p: calls.append(len(p.output_dirs)))
    for _ in range(5):
        _work(1)
        prof.step()
    prof.stop()
    assert calls == [1, 2, 3] and len(prof.output_dirs) == 3


def test_metadata_and_offline_analyse(tmp_path):
    prof = Profiler(output_path=str(tmp_path))
    prof.add_metadata("model", "lenet")
    prof.add_metadata_json("cfg", '{"bs": 32}')
    _work(1)
    prof.stop()
    (run,) = prof.output_dirs
    assert json.loads((Path(run) / "profiler_metadata.json").read_text()) == {"model": "lenet", "cfg": {"bs": 32}}
    assert not (Path(run) / "ASCEND_PROFILER_OUTPUT").exists()
    Profiler.offline_analyse(str(tmp_path))
    assert _events(run)


def test_invalid_parameters_are_reset_with_a_warning(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="mindjax.profiler"):
        prof = Profiler(output_path=str(tmp_path), profile_memory="yes", activities="CPU",
                        profiler_level=ProfilerLevel.Level2, start_profile=False)
    params = prof._rec.params
    assert params["profile_memory"] is False and params["activities"] == [ProfilerActivity.CPU, ProfilerActivity.NPU]
    assert params["profiler_level"] is ProfilerLevel.Level2
    assert "profile_memory value is Invalid" in caplog.text
    assert prof._rec._options().host_tracer_level == 3


def test_enums_and_schedule_match_mindspore():
    for name, members in MS["values"]["profiler.enums"].items():
        assert [[m.name, m.value] for m in getattr(mp, name)] == members
    configs = {"w1wu1a2r1s1": dict(wait=1, warmup=1, active=2, repeat=1, skip_first=1),
               "w0a1": dict(wait=0, active=1), "w2wu0a3r0": dict(wait=2, warmup=0, active=3, repeat=0),
               "invalid": dict(wait=-1, warmup=1.5, active=0, repeat=True, skip_first=-2)}
    for name, kw in configs.items():
        s = mp.schedule(**kw)
        expected = MS["values"]["profiler.schedule"][name]
        assert repr(s) == expected["repr"] and s.to_dict() == expected["dict"]
        assert [s(i).name for i in range(12)] == expected["actions"]
    cls, msg = MS["errors"]["schedule(-1)"]
    with pytest.raises(ValueError) as info:
        mp.schedule(wait=0, active=1)(-1)
    assert type(info.value).__name__ == cls and str(info.value) == msg
    assert os.path.isabs(mp.tensorboard_trace_handler("rel").dir_name)

"""mindjax.hal / runtime / device_context against MindSpore 2.10 (tests/data/ms_hal_runtime.json)
and against what the functions promise: real memory numbers, real synchronisation and timing."""
import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import mindjax as ms
from mindjax import hal, runtime as rt
from mindjax._state import state
from mindjax.runtime import executor, memory, device as rdevice
import mindjax.device_context as dc
import mindjax.device_context.cpu.op_tuning as cpu_tuning

MS = json.loads((Path(__file__).parent / "data" / "ms_hal_runtime.json").read_text())
VAL, ERR = MS["values"], MS["errors"]
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _fresh_settings(monkeypatch):
    """Settings MindSpore takes once per process start fresh in each test."""
    monkeypatch.setattr(memory, "_configured", set())
    monkeypatch.setattr(executor, "_configured", set())
    monkeypatch.setattr(cpu_tuning, "_settings", {"threads_num": None})
    monkeypatch.setattr(state, "sync", False)


def check_error(case, fn, message=True):
    cls, msg = ERR[case]
    with pytest.raises(Exception) as info:
        fn()
    assert type(info.value).__name__ == cls, (case, info.value)
    if message:
        assert str(info.value).splitlines()[0] == msg, case


# ---------------------------------------------------------------- hal device queries
def test_hal_device_queries_match_mindspore():
    assert {t: hal.is_available(t) for t in ("CPU", "GPU", "Ascend")} == VAL["hal.is_available"]
    assert hal.device_count("CPU") == VAL["hal.device_count.CPU"] == 1
    assert hal.device_count() == VAL["hal.device_count.default"]
    assert hal.get_device_name(0, "CPU") == VAL["hal.get_device_name.CPU"] == "CPU"
    assert hal.get_device_properties(0, "CPU") is VAL["hal.get_device_properties.CPU"] is None
    assert hal.get_device_capability(0, "CPU") is None and hal.get_arch_list("CPU") is None
    assert dc.cpu.is_available() is True and [dc.cpu.is_available(), dc.cpu.device_count()] == VAL["device_context.cpu"]
    assert dc.gpu.is_available() == VAL["device_context.gpu.is_available"]


@pytest.mark.parametrize("case,call", [
    ("hal.is_available('cpu')", lambda: hal.is_available("cpu")),
    ("hal.is_initialized('x')", lambda: hal.is_initialized("x")),
    ("hal.device_count(1)", lambda: hal.device_count(1)),
    ("hal.device_count('GPU')", lambda: hal.device_count("GPU")),
    ("hal.device_count('Ascend')", lambda: hal.device_count("Ascend")),
    ("hal.device_count('TPU')", lambda: hal.device_count("TPU")),
    ("hal.get_device_name(1, 'CPU')", lambda: hal.get_device_name(1, "CPU")),
    ("hal.get_device_name(-1, 'CPU')", lambda: hal.get_device_name(-1, "CPU")),
    ("hal.get_device_name('0', 'CPU')", lambda: hal.get_device_name("0", "CPU")),
    ("hal.memory_stats('GPU')", lambda: hal.memory_stats("GPU")),
    ("device_context.gpu.device_count()", lambda: dc.gpu.device_count()),
])
def test_hal_errors_match_mindspore(case, call):
    if "GPU" in case and hal.is_available("GPU"):
        pytest.skip("this machine has a GPU")
    check_error(case, call)


def test_is_initialized_after_an_op():
    x = ms.ops.add(ms.Tensor(np.ones(2), ms.float32), 1)
    x.asnumpy()
    assert hal.is_initialized("CPU") is True
    assert hal.is_initialized("Ascend") is False


# ---------------------------------------------------------------- memory statistics
def test_memory_stats_keys_and_types_match_mindspore():
    stats = rt.memory_stats()
    assert list(stats) == VAL["runtime.memory_stats.keys"]
    assert {k: list(v) for k, v in stats.items() if isinstance(v, dict)} == VAL["runtime.memory_stats.sub_keys"]
    assert {k: type(v).__name__ for k, v in stats.items()} == VAL["runtime.memory_stats.types"]
    assert {f: type(getattr(rt, f)()).__name__ for f in VAL["runtime.memory_funcs.types"]} == \
        VAL["runtime.memory_funcs.types"]
    assert [rt.reset_peak_memory_stats(), rt.reset_max_memory_allocated(), rt.reset_max_memory_reserved(),
            rt.empty_cache()] == VAL["runtime.reset_returns"]
    assert hal.memory_stats("CPU").keys() == stats.keys()


def test_memory_summary_layout_matches_mindspore():
    # MindSpore reports zeros on CPU: the same table, with zero numbers, is what mindjax prints for zeros
    assert memory._summary({k: 0 for k in VAL["runtime.memory_stats.keys"]}) == VAL["runtime.memory_summary.zero"]
    text = rt.memory_summary()
    assert text.splitlines()[0] == VAL["runtime.memory_summary.zero"].splitlines()[0]
    assert len(text.splitlines()) == len(VAL["runtime.memory_summary.zero"].splitlines())
    # MindSpore's rule: switch unit only past 768 of the next one
    assert memory._format_size(3 * 1024 ** 3, 3 * 1024 ** 3) == "  3072 MB"
    assert memory._format_size(1024 ** 3, 1024 ** 3) == "  1024 MB"
    assert memory._format_size(512, 512) == "   512 B  "


def test_memory_allocated_follows_arrays():
    gc.collect()
    before = rt.memory_allocated()
    x = ms.Tensor(np.zeros((256, 1024), np.float32))          # 1 MiB
    assert rt.memory_allocated() - before == 256 * 1024 * 4
    y = ms.ops.add(x, x)
    assert rt.memory_allocated() - before == 2 * 256 * 1024 * 4
    assert rt.memory_reserved() >= rt.memory_allocated()
    assert hal.memory_allocated("CPU") == rt.memory_allocated()
    del x, y
    gc.collect()
    assert rt.memory_allocated() == before


def test_peak_tracking_and_reset():
    gc.collect()
    rt.reset_peak_memory_stats()
    base = rt.memory_allocated()
    assert rt.max_memory_allocated() == base
    x = ms.Tensor(np.zeros(1 << 20, np.float32))               # 4 MiB
    rt.synchronize()                                             # a sampling point
    del x
    gc.collect()
    assert rt.memory_allocated() == base
    assert rt.max_memory_allocated() == base + (4 << 20)
    assert rt.max_memory_reserved() == base + (4 << 20)
    rt.reset_max_memory_allocated()
    assert rt.max_memory_allocated() == base
    assert rt.max_memory_reserved() == base + (4 << 20)          # untouched by the other reset
    rt.reset_max_memory_reserved()
    assert rt.max_memory_reserved() == base
    line = [ln for ln in rt.memory_summary().splitlines() if "Max allocated memory" in ln][0]
    assert memory._format_size(base, base) in line


def test_empty_cache_frees_arrays_held_by_cycles():
    gc.collect()
    before = rt.memory_allocated()

    class Holder:
        pass
    a, b = Holder(), Holder()
    a.other, b.other = b, a                                      # a reference cycle
    a.t = ms.Tensor(np.zeros(1 << 18, np.float32))
    del a, b
    assert rt.memory_allocated() - before == 1 << 20             # still held by the cycle
    rt.empty_cache()
    assert rt.memory_allocated() == before


class _FakeGpu:
    """A device whose memory_stats answers like XLA's GPU allocator."""
    platform, id = "gpu", 0

    def __init__(self):
        self.stats = {"bytes_in_use": 1000, "peak_bytes_in_use": 5000, "pool_bytes": 8000, "peak_pool_bytes": 8000}

    def memory_stats(self):
        return dict(self.stats)


def test_memory_from_xla_allocator_stats(monkeypatch):
    fake = _FakeGpu()
    monkeypatch.setattr(memory, "_device", lambda target=None: fake)
    monkeypatch.setattr(memory, "_track", {})
    s = rt.memory_stats()
    assert (s["total_allocated_memory"], s["total_reserved_memory"], s["total_idle_memory"]) == (1000, 8000, 7000)
    assert (s["max_allocated_memory"], s["max_reserved_memory"]) == (5000, 8000)
    rt.reset_max_memory_allocated()                # XLA's own peak (5000) stays, ours goes to the usage
    assert rt.max_memory_allocated() == 1000
    fake.stats.update(bytes_in_use=2000)
    assert rt.max_memory_allocated() == 2000
    fake.stats.update(bytes_in_use=1500, peak_bytes_in_use=9000)  # a new XLA peak after the reset counts
    assert rt.max_memory_allocated() == 9000


# ---------------------------------------------------------------- streams and events
def test_streams_match_mindspore():
    assert repr(rt.default_stream()) == VAL["default_stream.repr"]
    assert rt.default_stream().id == VAL["default_stream.id"]
    assert (rt.current_stream() == rt.default_stream()) is VAL["current==default"]
    assert repr(rt.Event(enable_timing=True)) == VAL["Event.repr"]
    assert rt.Event().query() is VAL["Event.query.unrecorded"]
    assert hal.Stream is rt.Stream and hal.Event is rt.Event


@pytest.mark.parametrize("case,call", [
    ("set_cur_stream(1)", lambda: rt.set_cur_stream(1)),
    ("StreamCtx(1)", lambda: rt.StreamCtx(1)),
    ("Stream.wait_stream(1)", lambda: rt.Stream().wait_stream(1)),
    ("Stream.wait_event(1)", lambda: rt.Stream().wait_event(1)),
    ("Stream.record_event(1)", lambda: rt.Stream().record_event(1)),
    ("Stream(priority=1.5)", lambda: rt.Stream(priority=1.5)),
    ("Stream(stream_id=1.0)", lambda: rt.Stream(stream_id=1.0)),
    ("Stream(stream_id=999)", lambda: rt.Stream(stream_id=999)),
    ("Stream == 1", lambda: rt.Stream() == 1),
    ("Event(enable_timing=1)", lambda: rt.Event(enable_timing=1)),
    ("Event(blocking='x')", lambda: rt.Event(blocking="x")),
    ("Event.elapsed_time(1)", lambda: rt.Event(enable_timing=True).elapsed_time(1)),
    ("Event.record(1)", lambda: rt.Event().record(1)),
    ("Event.elapsed_time(unrecorded)",
     lambda: rt.Event(enable_timing=True).elapsed_time(rt.Event(enable_timing=True))),
])
def test_stream_event_errors_match_mindspore(case, call):
    check_error(case, call)


def test_stream_selection():
    s1, s2 = rt.Stream(), rt.Stream()
    assert s1 != s2 and s1 == rt.Stream(stream=s1) == rt.Stream(stream_id=s1.id)
    assert rt.communication_stream().id == 1
    with rt.StreamCtx(s1):
        assert rt.current_stream() == s1
        with rt.StreamCtx(s2):
            assert rt.current_stream() == s2
        assert rt.current_stream() == s1
    assert rt.current_stream() == rt.default_stream()
    rt.set_cur_stream(s2)
    assert rt.current_stream() == s2
    rt.set_cur_stream(None)                                      # no-op
    assert rt.current_stream() == s2
    rt.set_cur_stream(rt.default_stream())


def test_synchronize_waits_for_dispatched_work():
    a = ms.Tensor(np.random.default_rng(0).standard_normal((384, 384)), ms.float32)
    s = rt.Stream()
    with rt.StreamCtx(s):
        c = a
        for _ in range(20):
            c = ms.ops.matmul(c, a) * 1e-3
    s.wait_stream(rt.default_stream())
    s.synchronize()
    assert s.query() is True and c._data.is_ready()
    rt.synchronize()
    assert rt.current_stream().query() is True


def test_event_elapsed_time_is_wall_time():
    start, end = rt.Event(enable_timing=True), rt.Event(enable_timing=True)
    start.record()
    time.sleep(0.2)
    ev = rt.current_stream().record_event(end)
    assert ev is end and end.query() is True
    end.synchronize()
    ms_elapsed = start.elapsed_time(end)
    assert isinstance(ms_elapsed, float) and 195.0 <= ms_elapsed < 2000.0
    assert end.elapsed_time(start) == pytest.approx(-ms_elapsed)
    with pytest.raises(RuntimeError):
        e = rt.Event()
        e.record()
        start.elapsed_time(e)                                    # created without timing


def test_event_record_waits_for_work():
    a = ms.Tensor(np.ones((512, 512)), ms.float32)
    c = a
    for _ in range(10):
        c = ms.ops.matmul(c, a) * (1 / 512)
    e = rt.Event()
    e.record()
    assert c._data.is_ready()
    rt.current_stream().wait_event(e)
    e.wait()
    np.testing.assert_allclose(c.asnumpy(), np.ones((512, 512)), rtol=1e-5)


# ---------------------------------------------------------------- settings
@pytest.mark.parametrize("case,call", [
    ("set_memory(init_size=2)", lambda: rt.set_memory(init_size=2)),
    ("set_memory(init_size='2G')", lambda: rt.set_memory(init_size="2G")),
    ("set_memory(init_size='0GB')", lambda: rt.set_memory(init_size="0GB")),
    ("set_memory(max_size='0.0GB')", lambda: rt.set_memory(max_size="0.0GB")),
    ("set_memory(optimize_level='O2')", lambda: rt.set_memory(optimize_level="O2")),
    ("set_memory(huge_page_reserve_size='x')", lambda: rt.set_memory(huge_page_reserve_size="x")),
    ("dispatch_threads_num('3')", lambda: rt.dispatch_threads_num("3")),
    ("dispatch_threads_num(0)", lambda: rt.dispatch_threads_num(0)),
    ("dispatch_threads_num(True)", lambda: rt.dispatch_threads_num(True)),
    ("threads_num('2')", lambda: dc.cpu.op_tuning.threads_num("2")),
    ("threads_num(-1)", lambda: dc.cpu.op_tuning.threads_num(-1)),
    ("set_cpu_affinity(True, '0-3')", lambda: rt.set_cpu_affinity(True, "0-3")),
    ("set_cpu_affinity(True, [0])", lambda: rt.set_cpu_affinity(True, [0])),
    ("set_cpu_affinity(True, ['a-b'])", lambda: rt.set_cpu_affinity(True, ["a-b"])),
    ("set_cpu_affinity(True, None, [1])", lambda: rt.set_cpu_affinity(True, None, [1])),
    ("set_cpu_affinity(True, None, {'main': 0})", lambda: rt.set_cpu_affinity(True, None, {"main": 0})),
    ("set_cpu_affinity(True, None, {'main': [-1]})", lambda: rt.set_cpu_affinity(True, None, {"main": [-1]})),
])
def test_setting_errors_match_mindspore(case, call):
    check_error(case, call)


def test_settings_are_accepted_once():
    assert rt.set_memory("1GB", "1GB", "4GB", "O1") is VAL["set_memory(ok)"]
    assert memory._memory_conf["max_size"] == 4.0 and memory._memory_conf["optimize_level"] == 1
    check_error("set_memory(repeat)", lambda: rt.set_memory("1GB"))
    assert rt.dispatch_threads_num(4) is VAL["dispatch_threads_num(4)"]
    assert executor._settings["dispatch_threads_num"] == 4
    check_error("dispatch_threads_num(repeat)", lambda: rt.dispatch_threads_num(4))
    assert dc.cpu.threads_num(2) is VAL["threads_num(2)"]
    check_error("threads_num(repeat)", lambda: dc.cpu.op_tuning.threads_num(3))
    assert rt.set_cpu_affinity(False) is VAL["set_cpu_affinity(False)"]
    check_error("set_cpu_affinity(repeat)", lambda: rt.set_cpu_affinity(True))


def test_launch_blocking_makes_ops_synchronous(monkeypatch):
    # launch_blocking cannot be undone (as in MindSpore): put the process back for the tests after
    monkeypatch.setattr(state, "sync", state.sync)
    monkeypatch.setitem(executor._settings, "launch_blocking", executor._settings.get("launch_blocking", False))
    assert rt.launch_blocking() is VAL["launch_blocking()"]
    assert state.sync is True
    # as in MindSpore, the context key is a separate switch
    assert ms.get_context("pynative_synchronize") is VAL["pynative_synchronize after launch_blocking"]
    y = ms.ops.matmul(ms.Tensor(np.ones((256, 256)), ms.float32), ms.Tensor(np.ones((256, 256)), ms.float32))
    assert y._data.is_ready()


def _run(code: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_set_cpu_affinity_binds_the_main_thread():
    cpu = min(os.sched_getaffinity(0))
    out = _run("import os, mindjax.runtime as rt\n"
               f"rt.set_cpu_affinity(True, ['{cpu}-{cpu}'])\n"
               "print(sorted(os.sched_getaffinity(0)))")
    assert out == str([cpu])
    with pytest.raises(RuntimeError, match="is not available"):
        rt.set_cpu_affinity(True, [str(max(os.sched_getaffinity(0)) + 1000)])


def test_set_cpu_affinity_from_bind_file(tmp_path):
    cpu = min(os.sched_getaffinity(0))
    f = tmp_path / "bind.json"
    f.write_text(json.dumps({"bind_config": {"bind_cpu_mode": "cpu"},
                             "bind_cpu": {"device_0": {"main": str(cpu)}}}))
    out = _run("import os, mindjax.runtime as rt\n"
               f"rt.set_cpu_affinity(True, bind_file={str(f)!r})\n"
               "print(sorted(os.sched_getaffinity(0)))")
    assert out == str([cpu])


# ---------------------------------------------------------------- current device
def test_get_current_device_matches_mindspore():
    dev = rdevice.get_current_device()
    assert [list(dev), dev.device_target, dev.device_id, isinstance(dev, tuple)] == VAL["get_current_device"]


def test_device_ctx_switches_and_restores():
    import jax
    before = rdevice.get_current_device()
    with rdevice.DeviceCtx("CPU") as ctx:
        assert isinstance(ctx, rdevice.DeviceCtx)
        assert rdevice.get_current_device() == ("CPU", 0)
        x = ms.Tensor(np.ones(3), ms.float32)
        assert x._data.devices() == {jax.devices("cpu")[0]}
    assert rdevice.get_current_device() == before
    check_error("DeviceCtx('CPU', -1)", lambda: rdevice.DeviceCtx("CPU", -1).__enter__())
    check_error("DeviceCtx('xpu')", lambda: rdevice.DeviceCtx("xpu").__enter__(), message=False)
    with pytest.raises(ValueError, match="meta"):
        rdevice.DeviceCtx("meta").__enter__()

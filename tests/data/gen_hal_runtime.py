"""Record MindSpore 2.10's hal / runtime / device_context / profiler behaviour on CPU.

Run with the reference MindSpore interpreter (never the project venv):

    ~/msref/bin/python tests/data/gen_hal_runtime.py

Writes tests/data/ms_hal_runtime.json: ``values`` (return values, as json), ``errors``
(case -> [exception class, first line of the message]). Settings that MindSpore accepts once per
process are exercised with the wrong arguments first, so that no case changes another.
"""
import json
import logging
from pathlib import Path

import mindspore as ms
from mindspore import hal, runtime as rt
import mindspore.device_context.cpu as dcpu
import mindspore.device_context.gpu as dgpu
import mindspore.profiler as mp

logging.disable(logging.CRITICAL)
OUT = Path(__file__).resolve().parent / "ms_hal_runtime.json"
values, errors = {}, {}


def err(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 (recording whatever MindSpore raises)
        errors[name] = [type(e).__name__, str(e).splitlines()[0]]
    else:
        errors[name] = None


# ---- hal device queries
values["hal.is_available"] = {t: hal.is_available(t) for t in ("CPU", "GPU", "Ascend")}
values["hal.device_count.CPU"] = hal.device_count("CPU")
values["hal.device_count.default"] = hal.device_count()
values["hal.get_device_name.CPU"] = hal.get_device_name(0, "CPU")
values["hal.get_device_properties.CPU"] = hal.get_device_properties(0, "CPU")
values["hal.get_device_capability.CPU"] = hal.get_device_capability(0, "CPU")
values["hal.get_arch_list.CPU"] = hal.get_arch_list("CPU")
err("hal.is_available('cpu')", lambda: hal.is_available("cpu"))
err("hal.is_initialized('x')", lambda: hal.is_initialized("x"))
err("hal.device_count(1)", lambda: hal.device_count(1))
err("hal.device_count('GPU')", lambda: hal.device_count("GPU"))
err("hal.device_count('Ascend')", lambda: hal.device_count("Ascend"))
err("hal.device_count('TPU')", lambda: hal.device_count("TPU"))
err("hal.get_device_name(1, 'CPU')", lambda: hal.get_device_name(1, "CPU"))
err("hal.get_device_name(-1, 'CPU')", lambda: hal.get_device_name(-1, "CPU"))
err("hal.get_device_name('0', 'CPU')", lambda: hal.get_device_name("0", "CPU"))
err("hal.memory_stats('GPU')", lambda: hal.memory_stats("GPU"))

# ---- memory statistics: keys, types, summary layout
stats = rt.memory_stats()
values["runtime.memory_stats.keys"] = list(stats)
values["runtime.memory_stats.sub_keys"] = {k: list(v) for k, v in stats.items() if isinstance(v, dict)}
values["runtime.memory_stats.types"] = {k: type(v).__name__ for k, v in stats.items()}
values["runtime.memory_summary.zero"] = rt.memory_summary()
values["runtime.memory_funcs.types"] = {f: type(getattr(rt, f)()).__name__ for f in (
    "memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved")}
values["runtime.reset_returns"] = [rt.reset_peak_memory_stats(), rt.reset_max_memory_allocated(),
                                   rt.reset_max_memory_reserved(), rt.empty_cache()]

# ---- settings: wrong arguments first, then one valid call, then the repeat
err("set_memory(init_size=2)", lambda: rt.set_memory(init_size=2))
err("set_memory(init_size='2G')", lambda: rt.set_memory(init_size="2G"))
err("set_memory(init_size='0GB')", lambda: rt.set_memory(init_size="0GB"))
err("set_memory(max_size='0.0GB')", lambda: rt.set_memory(max_size="0.0GB"))
err("set_memory(optimize_level='O2')", lambda: rt.set_memory(optimize_level="O2"))
err("set_memory(huge_page_reserve_size='x')", lambda: rt.set_memory(huge_page_reserve_size="x"))
values["set_memory(ok)"] = rt.set_memory("1GB", "1GB", "4GB", "O1")
err("set_memory(repeat)", lambda: rt.set_memory("1GB"))
err("dispatch_threads_num('3')", lambda: rt.dispatch_threads_num("3"))
err("dispatch_threads_num(0)", lambda: rt.dispatch_threads_num(0))
err("dispatch_threads_num(True)", lambda: rt.dispatch_threads_num(True))
values["dispatch_threads_num(4)"] = rt.dispatch_threads_num(4)
err("dispatch_threads_num(repeat)", lambda: rt.dispatch_threads_num(4))
err("threads_num('2')", lambda: dcpu.op_tuning.threads_num("2"))
err("threads_num(-1)", lambda: dcpu.op_tuning.threads_num(-1))
values["threads_num(2)"] = dcpu.op_tuning.threads_num(2)
err("threads_num(repeat)", lambda: dcpu.op_tuning.threads_num(3))
err("set_cpu_affinity(True, '0-3')", lambda: rt.set_cpu_affinity(True, "0-3"))
err("set_cpu_affinity(True, [0])", lambda: rt.set_cpu_affinity(True, [0]))
err("set_cpu_affinity(True, ['a-b'])", lambda: rt.set_cpu_affinity(True, ["a-b"]))
err("set_cpu_affinity(True, None, [1])", lambda: rt.set_cpu_affinity(True, None, [1]))
err("set_cpu_affinity(True, None, {'main': 0})", lambda: rt.set_cpu_affinity(True, None, {"main": 0}))
err("set_cpu_affinity(True, None, {'main': [-1]})", lambda: rt.set_cpu_affinity(True, None, {"main": [-1]}))
values["set_cpu_affinity(False)"] = rt.set_cpu_affinity(False)
err("set_cpu_affinity(repeat)", lambda: rt.set_cpu_affinity(True))
values["launch_blocking()"] = rt.launch_blocking()
values["pynative_synchronize after launch_blocking"] = ms.get_context("pynative_synchronize")
err("set_deterministic(1)", lambda: ms.set_deterministic(1))

# ---- streams and events (MindSpore skips the first call of each on CPU: warm them up)
for _ in range(2):
    for f in (rt.current_stream, rt.default_stream, rt.synchronize, lambda: rt.Stream().query(),
              lambda: rt.set_cur_stream(None), lambda: rt.StreamCtx(None), lambda: rt.Stream().wait_event(None),
              lambda: rt.Stream().wait_stream(None), lambda: rt.Stream().record_event(None), rt.Event):
        try:
            f()
        except Exception:  # noqa: BLE001
            pass
values["default_stream.repr"] = repr(rt.default_stream())
values["default_stream.id"] = rt.default_stream().id
values["current==default"] = rt.current_stream() == rt.default_stream()
values["Event.repr"] = repr(rt.Event(enable_timing=True))
values["Event.query.unrecorded"] = rt.Event().query()
values["same classes"] = {"ms.Stream is runtime.Stream": ms.Stream is rt.Stream,
                          "ms.Event is runtime.Event": ms.Event is rt.Event}
err("set_cur_stream(1)", lambda: rt.set_cur_stream(1))
err("StreamCtx(1)", lambda: rt.StreamCtx(1))
err("Stream.wait_stream(1)", lambda: rt.Stream().wait_stream(1))
err("Stream.wait_event(1)", lambda: rt.Stream().wait_event(1))
err("Stream.record_event(1)", lambda: rt.Stream().record_event(1))
err("Stream(priority=1.5)", lambda: rt.Stream(priority=1.5))
err("Stream(stream_id=1.0)", lambda: rt.Stream(stream_id=1.0))
err("Stream(stream_id=999)", lambda: rt.Stream(stream_id=999))
err("Stream == 1", lambda: rt.Stream() == 1)
err("Event(enable_timing=1)", lambda: rt.Event(enable_timing=1))
err("Event(blocking='x')", lambda: rt.Event(blocking="x"))
err("Event.elapsed_time(1)", lambda: rt.Event(enable_timing=True).elapsed_time(1))
err("Event.record(1)", lambda: rt.Event().record(1))
err("Event.elapsed_time(unrecorded)", lambda: rt.Event(enable_timing=True).elapsed_time(rt.Event(enable_timing=True)))

# ---- devices
dev = ms.get_current_device()
values["get_current_device"] = [list(dev), dev.device_target, dev.device_id, isinstance(dev, tuple)]
err("DeviceCtx('xpu')", lambda: ms.DeviceCtx("xpu").__enter__())
err("DeviceCtx('CPU', -1)", lambda: ms.DeviceCtx("CPU", -1).__enter__())
values["device_context.cpu"] = [dcpu.is_available(), dcpu.device_count()]
values["device_context.gpu.is_available"] = dgpu.is_available()
err("device_context.gpu.device_count()", dgpu.device_count)

# ---- profiler value types
values["profiler.enums"] = {E.__name__: [[m.name, m.value] for m in E] for E in (
    mp.ProfilerLevel, mp.ProfilerActivity, mp.AicoreMetrics, mp.ExportType, mp.HostSystem)}
schedules = {"w1wu1a2r1s1": dict(wait=1, warmup=1, active=2, repeat=1, skip_first=1),
             "w0a1": dict(wait=0, active=1), "w2wu0a3r0": dict(wait=2, warmup=0, active=3, repeat=0),
             "invalid": dict(wait=-1, warmup=1.5, active=0, repeat=True, skip_first=-2)}
values["profiler.schedule"] = {}
for name, kw in schedules.items():
    s = mp.schedule(**kw)
    values["profiler.schedule"][name] = {"repr": repr(s), "dict": s.to_dict(),
                                         "actions": [s(i).name for i in range(12)]}
err("schedule(-1)", lambda: mp.schedule(wait=0, active=1)(-1))

OUT.write_text(json.dumps({"values": values, "errors": errors}, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}: {len(values)} values, {len(errors)} error cases")

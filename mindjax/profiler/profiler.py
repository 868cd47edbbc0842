"""``mindspore.Profiler`` / ``mindspore.profiler.profile`` on ``jax.profiler``.

Each recording is one ``jax.profiler`` trace written into a run directory
``{output_path}/{host}_{pid}_{YYYYmmddHHMMSSmmm}_ascend_ms`` (MindSpore's name for it):

* ``plugins/profile/<session>/<host>.xplane.pb`` and ``<host>.trace.json.gz``: JAX's trace, which
  TensorBoard's profile plugin opens (``tensorboard --logdir <run dir>``);
* ``memory.prof`` with ``profile_memory=True``: JAX's device memory profile (pprof format) of the
  buffers alive when the recording stopped;
* ``profiler_info.json``: the parameters; ``profiler_metadata.json``: ``add_metadata`` values;
* after ``analyse()`` (or ``tensorboard_trace_handler``): ``ASCEND_PROFILER_OUTPUT/trace_view.json``
  (Chrome trace: Perfetto, ``chrome://tracing``) and ``ASCEND_PROFILER_OUTPUT/op_statistic.csv``.

Ops appear under JAX's names (``PjitFunction(add)`` on the Python thread for the dispatch, the
XLA kernels on the device or XLA CPU threads). Only one recording can run at a time in a process.
Warm-up steps of a schedule are recorded too (JAX cannot discard part of a trace).
"""
from __future__ import annotations

import datetime
import json
import logging
import os
import shutil
import socket
import sys
from typing import Any, Callable, Iterable, Optional

from . import _analysis
from .constant import ProfilerLevel, ProfilerActivity, AicoreMetrics, ExportType, HostSystem
from .schedule import ProfilerAction, Schedule, _default_schedule_fn

logger = logging.getLogger("mindjax.profiler")

_PARAMS = {
    "output_path": (str, "./data"),
    "profiler_level": (ProfilerLevel, ProfilerLevel.Level0),
    "activities": (list, [ProfilerActivity.CPU, ProfilerActivity.NPU]),
    "aic_metrics": (AicoreMetrics, AicoreMetrics.AiCoreNone),
    "with_stack": (bool, False),
    "profile_memory": (bool, False),
    "data_process": (bool, False),
    "parallel_strategy": (bool, False),
    "start_profile": (bool, True),
    "l2_cache": (bool, False),
    "hbm_ddr": (bool, False),
    "pcie": (bool, False),
    "sync_enable": (bool, True),
    "data_simplification": (bool, True),
    "record_shapes": (bool, False),
    "export_type": (list, [ExportType.Text]),
    "host_sys": (list, []),
}


def _check_params(kwargs: dict) -> dict:
    """MindSpore's leniency: a value of the wrong type is replaced by the default, with a warning."""
    params = {}
    for key, (typ, default) in _PARAMS.items():
        value = kwargs.get(key)
        if value is None:
            params[key] = list(default) if isinstance(default, list) else default
            continue
        if key == "activities":
            ok = isinstance(value, list) and all(isinstance(v, ProfilerActivity) for v in value)
            value = list(dict.fromkeys(value)) if ok else None
        elif key == "export_type":
            value = [ExportType(value)] if value in ("text", "db") else [value] if isinstance(value, ExportType) \
                else list(value) if isinstance(value, list) and all(isinstance(v, ExportType) for v in value) else None
        elif key == "host_sys":
            value = value if isinstance(value, list) and all(isinstance(v, HostSystem) for v in value) else None
        elif not isinstance(value, typ):
            value = None
        if value is None:
            logger.warning("For Profiler, %s value is Invalid, reset to %s.", key, default)
            value = list(default) if isinstance(default, list) else default
        params[key] = value
    return params


class _TraceHandler:
    """The callable ``tensorboard_trace_handler`` returns: it names the output directory and analyses
    each finished recording."""

    def __init__(self, dir_name: str | None, worker_name: str | None, analyse_flag: bool, async_mode: bool):
        self.dir_name = os.path.abspath(dir_name or "./data")
        self.worker_name = worker_name
        self.analyse_flag = analyse_flag
        self.async_mode = async_mode

    def __call__(self, prof) -> None:
        if self.analyse_flag:
            prof._rec.analyse(False)  # the finished recordings only: profiling goes on


def tensorboard_trace_handler(dir_name: str | None = None, worker_name: str | None = None,
                              analyse_flag: bool = True, async_mode: bool = False) -> Callable:
    """``on_trace_ready`` callback: recordings go under ``dir_name`` (default ``./data``) in run
    directories named after ``worker_name`` (default ``{host}_{pid}``), analysed when each finishes.

    Examples:
        >>> import mindjax as ms
        >>> handler = ms.profiler.tensorboard_trace_handler("./data")
        >>> callable(handler)
        True
    """
    if not isinstance(analyse_flag, bool):
        logger.warning("analyse_flag is not bool, set by default.")
        analyse_flag = True
    if not isinstance(async_mode, bool):
        logger.warning("async_mode is not bool, set by default.")
        async_mode = False
    return _TraceHandler(dir_name, worker_name, analyse_flag, async_mode)


class _Recorder:
    """One jax.profiler trace at a time, into a fresh run directory per recording."""

    def __init__(self, params: dict, on_trace_ready):
        self.params = params
        self.on_trace_ready = on_trace_ready
        handler = on_trace_ready if isinstance(on_trace_ready, _TraceHandler) else None
        self.root = handler.dir_name if handler else os.path.abspath(params["output_path"])
        self.worker = (handler.worker_name if handler and handler.worker_name else
                       f"{socket.gethostname()}_{os.getpid()}")
        self.run_dir = None
        self.runs = []          # run directories written, in order
        self.analysed = set()
        self.tracing = False
        self.metadata = {}

    def init(self) -> None:
        stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S%f")[:-3]
        self.run_dir = os.path.join(self.root, f"{self.worker}_{stamp}_ascend_ms")
        os.makedirs(self.run_dir, exist_ok=True)

    def _options(self):
        import jax
        opts = jax.profiler.ProfileOptions()
        acts = self.params["activities"]
        level = self.params["profiler_level"]
        opts.host_tracer_level = 0 if ProfilerActivity.CPU not in acts else 3 if level == ProfilerLevel.Level2 else 2
        opts.python_tracer_level = 1 if self.params["with_stack"] else 0
        return opts

    def start(self) -> None:
        import jax
        if self.run_dir is None:
            self.init()
        jax.profiler.start_trace(self.run_dir, profiler_options=self._options())
        self.tracing = True

    def stop(self) -> None:
        import jax
        if not self.tracing:
            return
        from ..runtime.stream import _synchronize_all
        _synchronize_all()  # the trace must contain the work dispatched before stop()
        jax.profiler.stop_trace()
        self.tracing = False
        if self.params["profile_memory"]:
            jax.profiler.save_device_memory_profile(os.path.join(self.run_dir, "memory.prof"))

    def finalize(self) -> None:
        if self.run_dir is None:
            return
        info = {k: (v.value if hasattr(v, "value") else [x.value for x in v] if isinstance(v, list) else v)
                for k, v in self.params.items()}
        with open(os.path.join(self.run_dir, "profiler_info.json"), "w", encoding="utf-8") as fp:
            json.dump(info, fp, indent=4)
        if self.metadata:
            with open(os.path.join(self.run_dir, "profiler_metadata.json"), "w", encoding="utf-8") as fp:
                json.dump(self.metadata, fp, indent=4)
        if self.run_dir not in self.runs:
            self.runs.append(self.run_dir)

    def trace_ready(self, prof) -> None:
        if self.on_trace_ready:
            self.on_trace_ready(prof)

    def clear(self) -> None:
        self.run_dir = None

    def delete_dir(self) -> None:
        if self.run_dir and os.path.isdir(self.run_dir):
            shutil.rmtree(self.run_dir)
        self.run_dir = None

    def analyse(self, pretty: bool) -> list:
        written = []
        for run in self.runs:
            if run not in self.analysed:
                path = _analysis.analyse_run(run, pretty)
                self.analysed.add(run)
                if path:
                    written.append(path)
        return written


class _ProfilerBase:
    """Start/stop/step logic shared by ``Profiler`` and ``profile`` (MindSpore's action table)."""

    def _setup(self, params: dict, schedule, on_trace_ready) -> None:
        if on_trace_ready is not None and not callable(on_trace_ready):
            logger.warning("For Profiler, on_trace_ready value is Invalid, reset to None.")
            on_trace_ready = None
        if schedule is not None and not callable(schedule):
            logger.warning("For Profiler, schedule value is Invalid, reset to %s", Schedule(wait=0, active=1))
            schedule = Schedule(wait=0, active=1)
        self._rec = _Recorder(params, on_trace_ready)
        self._scheduled = schedule is not None
        self.schedule = schedule if schedule is not None else _default_schedule_fn
        self.step_num = 0
        self.current_action = self.schedule(self.step_num)
        self._has_started = False
        self._step_mark = None
        if params["start_profile"]:
            self.start()

    def _transit(self, prev, cur) -> None:
        r = self._rec
        if prev == cur and prev != ProfilerAction.RECORD_AND_SAVE:
            return
        if prev in (ProfilerAction.NONE, None) and cur in (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE):
            r.init()
            r.start()
        elif prev in (ProfilerAction.NONE, None) and cur == ProfilerAction.WARM_UP:
            r.init()
            r.start()   # JAX cannot drop the warm-up part: it is recorded too
        elif prev == ProfilerAction.WARM_UP and cur is None:
            logger.warning("Incorrect schedule: Stop profiler while current state is WARMUP which will result in "
                           "empty parsed data.")
            r.stop()
            r.delete_dir()
        elif prev in (ProfilerAction.WARM_UP, ProfilerAction.RECORD) and cur in (ProfilerAction.NONE,
                                                                                 ProfilerAction.WARM_UP):
            logger.warning("Incorrect schedule: %s followed by %s", prev.name, cur.name)
            r.stop()
            r.finalize()
            r.clear()
        elif prev in (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE) and (
                cur is None or prev == ProfilerAction.RECORD_AND_SAVE):
            r.stop()
            r.finalize()
            r.trace_ready(self)
            r.clear()
            if cur in (ProfilerAction.WARM_UP, ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE):
                r.init()
                r.start()

    def _mark_step(self) -> None:
        import jax
        if self._step_mark is not None:
            self._step_mark.__exit__(None, None, None)
            self._step_mark = None
        if self._scheduled and self._rec.tracing:
            self._step_mark = jax.profiler.StepTraceAnnotation("ProfilerStep", step_num=self.step_num)
            self._step_mark.__enter__()

    def start(self) -> None:
        """Start collecting (a warning if already started; an error is logged if another recording runs)."""
        if self._has_started:
            logger.warning("The profile has already started. Do not turn on again in the open state.")
            return
        try:
            self._transit(ProfilerAction.NONE, self.current_action)
        except RuntimeError as e:  # jax: only one trace at a time
            logger.error("For Profiler, start failed: %s", e)
            self._rec.delete_dir()
            return
        self._has_started = True
        self._mark_step()

    def stop(self) -> None:
        """Stop collecting and write the recording (with a schedule: as the current step's action says)."""
        if not self._has_started:
            logger.error("The profile has not started. Do not turn off again in the closed state.")
            return
        self._has_started = False
        if self._step_mark is not None:
            self._step_mark.__exit__(None, None, None)
            self._step_mark = None
        if self._scheduled or isinstance(self, profile):
            self._transit(self.current_action, None)
        else:
            self._rec.stop()
            self._rec.finalize()
            self._rec.clear()

    def step(self) -> None:
        """Mark the end of a step and do what the schedule says for the next one."""
        if not self._has_started:
            logger.error("Profiler is stopped, step takes no effect!")
            return
        from ..runtime.memory import _sample
        _sample()   # a point where the memory peak is observed
        prev = self.current_action
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        self._transit(prev, self.current_action)
        self._mark_step()

    def analyse(self, offline_path: str | None = None, pretty: bool = False, step_list=None,
                mode: str = "sync") -> None:
        """Write ``trace_view.json`` and ``op_statistic.csv`` under ``<run dir>/ASCEND_PROFILER_OUTPUT`` for every
        finished recording; a recording still running is stopped first."""
        if offline_path:
            logger.warning("The parameter 'offline_path' for Profiler.analyse() is deprecated, please use "
                           "Profiler.offline_analyse() instead.")
        if self._has_started:
            self.stop()
        for path in self._rec.analyse(bool(pretty)):
            logger.info("Profiler trace written to %s", path)

    @classmethod
    def offline_analyse(cls, path: str, pretty: bool = False, step_list=None, data_simplification: bool = True) -> None:
        """Analyse every run directory under ``path`` (or ``path`` itself)."""
        runs = [path] if _analysis.trace_files(path) else [
            os.path.join(path, d) for d in sorted(os.listdir(path)) if d.endswith("_ascend_ms")]
        for run in runs:
            _analysis.analyse_run(run, bool(pretty))

    def add_metadata(self, key: str, value: str) -> None:
        """Store a key/value pair in ``profiler_metadata.json`` of the recording."""
        if not isinstance(key, str) or not isinstance(value, str):
            logger.warning("The key and value of metadata must be string. Skip this metadata.")
            return
        if key in self._rec.metadata:
            logger.warning("%s is already saved as metadata, override it.", key)
        self._rec.metadata[key] = value

    def add_metadata_json(self, key: str, value: str) -> None:
        """Like ``add_metadata``, with ``value`` a JSON string stored as JSON."""
        if not isinstance(key, str) or not isinstance(value, str):
            logger.warning("The key and value of metadata must be string. Skip this metadata.")
            return
        try:
            self._rec.metadata[key] = json.loads(value)
        except ValueError:
            logger.warning("The metadata value must be json format string. Skip this metadata")

    @property
    def output_dirs(self) -> list:
        """mindjax: the run directories written so far."""
        return list(self._rec.runs)

    def __enter__(self):
        if not self._has_started:
            self.start()
        return self

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        if self._has_started:
            self.stop()

    def __del__(self):
        if getattr(self, "_has_started", False) and not sys.is_finalizing():
            self.stop()
            logger.warning("Profiler is stopped at the end of the program.")


class Profiler(_ProfilerBase):
    """Profile a MindSpore program: ``Profiler(output_path=..., profile_memory=..., start_profile=...)``,
    then ``stop()`` and ``analyse()``; also a context manager, and with ``schedule`` / ``on_trace_ready``
    and ``step()`` for step-wise recording. See the module docstring for the files written.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> prof = ms.Profiler(output_path="./prof_data")
        >>> x = ms.ops.matmul(ms.Tensor(np.ones([8, 8]), ms.float32), ms.Tensor(np.ones([8, 8]), ms.float32))
        >>> prof.stop()
        >>> prof.analyse()
    """

    def __init__(self, **kwargs) -> None:
        self._setup(_check_params(kwargs), kwargs.get("schedule"), kwargs.get("on_trace_ready"))


class profile(_ProfilerBase):  # noqa: N801 (MindSpore's name)
    """``mindspore.profiler.profile``: the Profiler with explicit arguments; without a schedule it
    records from start to stop and then calls ``on_trace_ready``.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax.profiler import ProfilerActivity
        >>> with ms.profiler.profile(activities=[ProfilerActivity.CPU],
        ...                          on_trace_ready=ms.profiler.tensorboard_trace_handler("./prof_data")) as prof:
        ...     y = ms.ops.add(ms.Tensor(np.ones(4)), 1)
    """

    def __init__(self, activities: Optional[Iterable[ProfilerActivity]] = None, with_stack: bool = False,
                 profile_memory: bool = False, data_process: bool = False, parallel_strategy: bool = False,
                 start_profile: bool = True, hbm_ddr: bool = False, pcie: bool = False, sync_enable: bool = True,
                 record_shapes: bool = False, schedule: Optional[Callable[[int], ProfilerAction]] = None,
                 on_trace_ready: Optional[Callable[..., Any]] = None, experimental_config: Any = None) -> None:
        kwargs = dict(activities=list(activities) if activities is not None else None, with_stack=with_stack,
                      profile_memory=profile_memory, data_process=data_process, parallel_strategy=parallel_strategy,
                      start_profile=start_profile, hbm_ddr=hbm_ddr, pcie=pcie, sync_enable=sync_enable,
                      record_shapes=record_shapes)
        if experimental_config is not None:
            for key in ("profiler_level", "aic_metrics", "export_type", "host_sys", "data_simplification"):
                if hasattr(experimental_config, key):
                    kwargs[key] = getattr(experimental_config, key)
        self._setup(_check_params(kwargs), schedule, on_trace_ready)

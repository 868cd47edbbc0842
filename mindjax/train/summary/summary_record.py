"""SummaryRecord: writes scalars, images, histograms and tensors to a TensorBoard event file.

MindSpore writes its own summary format (read by MindInsight). mindjax writes
TensorBoard's format instead (``{file_prefix}.out.tfevents.{time}.{host}{file_suffix}``,
via tensorboardX), so ``tensorboard --logdir`` shows the same scalars, images and
histograms; tensor summaries are stored as TensorProto values. MindSpore's graph and
lineage plugins take MindSpore protobuf messages that mindjax does not have.
"""
from __future__ import annotations

import atexit
import logging
import os
import threading
import time
from collections import defaultdict
from urllib.parse import quote

import numpy as np

from ...nn.metrics._validate import check_str_by_regular, check_value_type
from ..callback._dirs import _make_directory
from . import _cache
from ._events import EventFile, summary_value

logger = logging.getLogger("mindjax.train")

_instance_lock = threading.Lock()
_DEFAULT_EXPORT_OPTIONS = {"tensor_format": {"npy", None}}
_VALUE_PLUGINS = ("tensor", "scalar", "image", "histogram")
_PROTO_PLUGINS = {"train_lineage": "TrainLineage", "eval_lineage": "EvaluationLineage",
                  "dataset_graph": "DatasetGraph", "custom_lineage_data": "UserDefinedInfo", "graph": "GraphProto",
                  "landscape": "LossLandscape"}


def _check_type(arg_name, value, valid_types):
    """MindSpore's ``train._utils.check_value_type`` (worded unlike the Validator's)."""
    valid_types = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    if not isinstance(value, valid_types) or (isinstance(value, bool) and bool not in valid_types):
        raise TypeError(f"For `{arg_name}` the type should be a valid type of {[t.__name__ for t in valid_types]}, "
                        f"but got {type(value).__name__}.")


def process_export_options(export_options):
    """Check ``export_options`` (``{"tensor_format": "npy" or None}``)."""
    if export_options is None:
        return None
    _check_type("export_options", export_options, [dict, type(None)])
    for option, fmt in export_options.items():
        _check_type("export_option", option, [str])
        _check_type("export_format", fmt, [str, type(None)])
    unexpected = set(export_options) - set(_DEFAULT_EXPORT_OPTIONS)
    if unexpected:
        raise ValueError(f'For "SummaryRecord", the keys {unexpected} of "export_options" are unsupported, expect '
                         f"the follow keys: {list(_DEFAULT_EXPORT_OPTIONS.keys())}")
    for option, fmt in export_options.items():
        bad = {fmt} - _DEFAULT_EXPORT_OPTIONS[option]
        if bad:
            raise ValueError(f'For "SummaryRecord", the export_format {bad} of "export_options" are unsupported for '
                             f"{option}, expect the follow values: {list(_DEFAULT_EXPORT_OPTIONS[option])}")
    return export_options


def _to_numpy(plugin, tensor, summary_name="SummaryRecord"):
    value = tensor.asnumpy().copy()
    if plugin == "scalar" and value.size != 1:
        raise ValueError(f'For "{summary_name}", the v rank must be less than or equal to 1, but got {len(value)}.')
    if plugin == "image" and value.ndim != 4:
        raise ValueError(f'For "{summary_name}", the tensor seems not to hold a valid image.')
    if plugin in ("tensor", "histogram") and value.ndim == 0:
        raise ValueError(f'For "{summary_name}", the value should not be empty.')
    return value


class SummaryRecord:
    """Collects summary data and writes it, one event per ``record(step)``, to an event
    file in ``log_dir``. Values come from :meth:`add_value` and, in ``"train"`` mode, from
    the summary operators (``ops.ScalarSummary()(tag, x)`` ...) run since the last
    record. Only one SummaryRecord may be open at a time; use it as a context manager or
    call :meth:`close`.

    ``export_options={"tensor_format": "npy"}`` also saves each tensor summary as
    ``export_{time}/tensor/{tag}_{step}.npy`` under ``log_dir``. ``num_process`` is
    accepted (MindSpore packs events in worker processes; mindjax writes them at once).

    Example:
        >>> from mindspore import Tensor
        >>> from mindspore.train import SummaryRecord
        >>> with SummaryRecord(log_dir="./summary_dir") as summary_record:
        ...     summary_record.add_value("scalar", "loss", Tensor(0.5))
        ...     summary_record.record(1)
        True
    """

    count = 0

    def __init__(self, log_dir: str, file_prefix: str = "events", file_suffix: str = "_MS", num_process: int = 32,
                 network=None, max_file_size: int | None = None, raise_exception: bool = False,
                 export_options: dict | None = None):
        with _instance_lock:
            self._check_count()
            SummaryRecord.count += 1
        self._event_file = None
        self._mode, self._data_pool = "train", defaultdict(list)
        self._status = {"closed": False, "has_graph": False}
        self.file_info = {"file_name": None, "file_path": None}
        self.base_log_dir = log_dir
        self.file_prefix = file_prefix
        self.file_suffix = file_suffix
        self.network = network
        self.max_file_size = max_file_size
        self._num_process = num_process
        self.raise_exception = raise_exception
        self._export_options = export_options
        self._export_dir = None
        try:
            self._initialize()
        except (TypeError, ValueError):
            with _instance_lock:
                SummaryRecord.count -= 1
            raise
        _cache._set_open(+1)

    def _initialize(self):
        log_path = _make_directory(self.base_log_dir, "log_dir")
        if not isinstance(self.max_file_size, (int, type(None))):
            raise TypeError(f"For '{type(self).__name__}', the 'max_file_size' should be int type, but got type "
                            f"{type(self.max_file_size)}")
        if not isinstance(self.file_prefix, str) or not isinstance(self.file_suffix, str):
            raise TypeError(f"For '{type(self).__name__}', `file_prefix` and `file_suffix`  should be str, but got "
                            f"type {type(self.file_prefix)}")
        check_str_by_regular(self.file_prefix)
        check_str_by_regular(self.file_suffix)
        if self.max_file_size is not None and self.max_file_size < 0:
            logger.warning("For '%s', the 'max_file_size' should be greater than 0. but got value %s.",
                           type(self).__name__, self.max_file_size)
            self.max_file_size = None
        check_value_type("raise_exception", self.raise_exception, bool)
        self._export_options = process_export_options(self._export_options)
        self._event_file = EventFile(log_path, self.file_prefix, self.file_suffix, self.max_file_size)
        self.file_info["file_path"] = self._event_file.path
        self.file_info["file_name"] = os.path.basename(self._event_file.path)
        if self._export_options is not None:
            self._export_dir = os.path.join(log_path, "export_{}".format(int(time.time())))
        _cache.take_pending()  # values from before this record opened are not its own
        atexit.register(self.close)

    @classmethod
    def _check_count(cls):
        if cls.count > 0:
            raise RuntimeError(f"For '{cls.__name__}', only one instance is supported in a training process, you are "
                               f"trying to create a new one when the existing instance number is {cls.count}. Please "
                               f"check your scripts.")

    def __enter__(self):
        if self._status.get("closed"):
            raise ValueError(f'For "{type(self).__name__}", SummaryRecord has been closed, please check if close() '
                             f"method is called")
        return self

    def __exit__(self, *err):
        self.close()

    def set_mode(self, mode: str) -> None:
        """``"train"`` (summary operators are collected) or ``"eval"`` (they are not)."""
        if mode not in ("train", "eval"):
            raise ValueError(f'For "{type(self).__name__}.set_mode", {mode!r} is not a recognized mode, expect the '
                             f'parameter "mode" is "train" or "eval"')
        self._mode = mode

    def add_value(self, plugin: str, name: str, value) -> None:
        """Queue ``value`` (a Tensor) under tag ``name`` for the next :meth:`record`.
        ``plugin``: ``"scalar"`` (one element), ``"image"`` (NCHW), ``"histogram"`` or
        ``"tensor"``."""
        from ..._tensor import Tensor
        if plugin in _VALUE_PLUGINS:
            if not name or not isinstance(name, str):
                raise ValueError(f'For "{type(self).__name__}", the parameter "name" type should be str, but got '
                                 f"{type(name)}.")
            if not isinstance(value, Tensor):
                raise TypeError(f'For "{type(self).__name__}", the parameter "value" expect to be Tensor, but got '
                                f"{type(value).__name__}")
            np_value = _to_numpy(plugin, value)
            if name in {item["tag"] for item in self._data_pool[plugin]}:
                logger.warning('For "%s.add_value", %r has duplicate values. Only the newest one will be recorded.',
                               type(self).__name__, f"{name}/{plugin}")
            data = {"tag": name, "value": np_value}
            if self._export_options is not None and f"{plugin}_format" in self._export_options:
                data["export_option"] = self._export_options[f"{plugin}_format"]
            self._data_pool[plugin].append(data)
        elif plugin in _PROTO_PLUGINS:
            raise TypeError(f"Plugin {plugin!r} expects a {_PROTO_PLUGINS[plugin]} value.")
        else:
            raise ValueError(f'For "{type(self).__name__}.add_value", no such "plugin" of {plugin!r} , expect value '
                             f"is one of [tensor, scalar, image, histogram, train_lineage, eval_lineage, "
                             f"dataset_graph, custom_lineage_data, graph, landscape]")

    def _add_text(self, name: str, text: str) -> None:
        """Queue a text summary (mindjax: how SummaryCollector records lineage)."""
        self._data_pool["text"].append({"tag": name, "value": text})

    def _collect_summary_ops(self):
        names = {"ScalarSummary": "scalar", "TensorSummary": "tensor", "ImageSummary": "image",
                 "HistogramSummary": "histogram"}
        latest = {}
        for op_name, tag, value in _cache.take_pending():
            plugin = names[op_name]
            if not isinstance(tag, str) or not tag:
                raise TypeError(f'For "{op_name}", the name must be valid string, but got "{tag}".')
            from ..._tensor import Tensor
            if not isinstance(value, Tensor):
                raise TypeError(f'For "{op_name}", the parameter "value" expect to be Tensor, but got '
                                f"{type(value).__name__}")
            _to_numpy(plugin, value, op_name)
            latest[(tag, plugin)] = value  # a tag written twice keeps its newest value
        for (tag, plugin), value in latest.items():
            self.add_value(plugin, tag, value)

    def record(self, step: int, train_network=None, plugin_filter=None) -> bool:
        """Write the queued values (and, in train mode, the summary operators' values) as
        one event at ``step``; ``plugin_filter(plugin) -> bool`` keeps some plugins only.
        False when the record is closed."""
        from ...nn.cell import Cell
        check_value_type("step", step, int)
        check_value_type("train_network", train_network, [Cell, type(None)])
        if self._status.get("closed"):
            logger.error("For '%s', The record writer is closed, please check if close() method is called",
                         type(self).__name__)
            return False
        if self.network is not None and not self._status.get("has_graph"):
            logger.warning("Failed to get proto for graph.")  # mindjax has no graph proto to write
            self._status["has_graph"] = True
        if self._mode == "train":
            self._collect_summary_ops()
        pool, self._data_pool = self._data_pool, defaultdict(list)
        values = []
        for plugin, items in pool.items():
            if plugin_filter and not plugin_filter(plugin):
                continue
            for item in items:
                values.append(summary_value(plugin, item["tag"], item["value"]))
                if item.get("export_option") == "npy":
                    self._export_npy(item["tag"], step, item["value"])
        self._event_file.write(step, values)
        return True

    def _export_npy(self, tag, step, value):
        path = _make_directory(os.path.join(self._export_dir, "tensor"))
        np.save(os.path.join(path, "{}_{}.npy".format(quote(tag, safe=""), int(step))), value)

    @property
    def log_dir(self) -> str:
        """The path of the event file."""
        return self.file_info["file_path"]

    def flush(self) -> None:
        """Write buffered events to disk."""
        if self._status.get("closed"):
            logger.error("For '%s', the record writer is closed and can not flush, please check if close() method "
                         "is called", type(self).__name__)
        elif self._event_file:
            self._event_file.flush()

    def close(self) -> None:
        """Flush and close the event file."""
        if not self._status.get("closed") and self._event_file:
            atexit.unregister(self.close)
            self._event_file.close()
            self._status["closed"] = True
            _cache._set_open(-1)
            with _instance_lock:
                SummaryRecord.count -= 1

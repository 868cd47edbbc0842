"""``Model``: train / eval / predict / fit loops over a dataset, with callbacks.

By default every training step is one XLA program: ``TrainOneStepCell(WithLossCell(
network, loss_fn), optimizer)`` (forward, backward and optimizer update) is compiled
whole with :func:`mindjax.jit`, Parameters being the program's state.  Set the
environment variable ``MINDJAX_MODEL_PYNATIVE=1`` (or the attribute
``model.pynative = True``, mindjax only) to run steps op by op instead (PyNative), e.g.
to debug a network with prints or hooks.  Evaluation and prediction are compiled the
same way.  A progress bar (tqdm) is shown on interactive terminals
(``sys.stdout.isatty()``); ``MINDJAX_PROGRESS=0`` turns it off.
"""
from __future__ import annotations

import os
import sys

import numpy as np

from .._tensor import Tensor
from ..nn.cell import Cell
from ..nn.metrics import Loss, get_metrics
from ..nn.wrap.cell_wrapper import WithEvalCell
from .callback._callback import CallbackManager, InternalCallbackParam, RunContext
from .callback._monitors import TimeMonitor
from .loss_scale import LossScaleManager

__all__ = ["Model"]


_INTERNAL_CB_NAMES = ("LossMonitor", "TimeMonitor", "ModelCheckpoint", "SummaryCollector", "History",
                      "_ProgressBar")


def _is_tty(stream) -> bool:
    """Whether ``stream`` says it is a terminal; a replacement stream without ``isatty`` (a test
    harness's or a notebook's redirect) is not one, and one whose ``isatty`` fails is not either."""
    try:
        return bool(stream.isatty())
    except Exception:  # noqa: BLE001 - any failure means "not a terminal"
        return False


def _interactive() -> bool:
    """The progress bar writes to stderr while the logs go to stdout: both must be terminals."""
    return _is_tty(sys.stdout) and _is_tty(sys.stderr)


def _env_flag(name, default="0"):
    return os.environ.get(name, default).strip().lower() not in ("", "0", "false", "no", "off")


def _compiled(cell, pynative):
    """``cell`` called through one jit program (or directly when ``pynative``)."""
    if pynative:
        return cell
    from .._jit.api import JitFunction
    return JitFunction(lambda *xs: cell(*xs), owner=cell)


def _to_tensors(element):
    return tuple(x if isinstance(x, Tensor) else Tensor(np.asarray(x)) for x in element)


def _tuple_iterator(dataset, num_epochs):
    """The rows of ``dataset`` for ``num_epochs`` epochs: a mindjax Dataset hands numpy rows (turned into
    Tensors by the caller); any other object with ``create_tuple_iterator`` (a user's stand-in) is called as
    MindSpore's Model calls it, ``create_tuple_iterator(num_epochs=..., do_copy=True)``."""
    from ..dataset.engine.datasets import Dataset
    if isinstance(dataset, Dataset):
        return dataset.create_tuple_iterator(num_epochs=num_epochs, output_numpy=True)
    return dataset.create_tuple_iterator(num_epochs=num_epochs, do_copy=True)


class Model:
    """``mindspore.train.Model(network, loss_fn=None, optimizer=None, metrics=None, eval_network=None,
    eval_indexes=None, amp_level="O0", boost_level="O0", **kwargs)``; kwargs may hold
    ``loss_scale_manager`` and ``keep_batchnorm_fp32``."""

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None, eval_indexes=None,
                 amp_level="O0", boost_level="O0", **kwargs):
        if not isinstance(network, Cell):
            raise TypeError(f"For 'Model', the argument 'network' must be a Cell, but got {type(network)}.")
        for key in kwargs:
            if key not in ("loss_scale_manager", "keep_batchnorm_fp32"):
                raise ValueError(f"The argument in 'kwargs' should be 'loss_scale_manager' or "
                                 f"'keep_batchnorm_fp32', but got '{key}'.")
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._amp_level = amp_level
        self._boost_level = boost_level
        self._keep_bn_fp32 = kwargs.get("keep_batchnorm_fp32")
        self._loss_scale_manager = kwargs.get("loss_scale_manager")
        if self._loss_scale_manager is not None:
            if not isinstance(self._loss_scale_manager, LossScaleManager):
                raise TypeError("The argument 'loss_scale_manager' must be a LossScaleManager, "
                                f"but got {type(self._loss_scale_manager)}.")
            if optimizer is None:
                raise ValueError("The argument 'optimizer' can not be None when set 'loss_scale_manager'.")
        self._metric_fns = get_metrics(metrics)
        self._check_eval_indexes(eval_indexes)
        self._eval_indexes = eval_indexes
        self._eval_network = self._build_eval_network(metrics, eval_network)
        self._train_network = self._build_train_network()
        self._predict_network = network
        self.pynative = None  # None: MINDJAX_MODEL_PYNATIVE decides; True/False overrides it
        self._steps = {}
        self._current_epoch_num = 0
        self._current_step_num = 0

    # ------------------------------------------------------------------ building
    @staticmethod
    def _check_eval_indexes(eval_indexes):
        if eval_indexes is not None and not (isinstance(eval_indexes, list) and len(eval_indexes) == 3):
            raise ValueError("The argument 'eval_indexes' must be a list or None. If 'eval_indexes' is a list, "
                             "length of it must be three. But got {}".format(eval_indexes))

    def _build_train_network(self):
        network = self._network
        if self._optimizer is None:  # MindSpore's: the loss around the network, nothing trained
            from ..nn.wrap.cell_wrapper import WithLossCell
            return WithLossCell(network, self._loss_fn) if self._loss_fn is not None else network
        # as MindSpore's Model: the amp level, loss scale manager and keep_batchnorm_fp32 go
        # through amp.build_train_network (O0 with no manager gives TrainOneStepCell(WithLossCell))
        from .amp import build_train_network
        amp_config = {}
        if self._loss_scale_manager is not None:
            amp_config["loss_scale_manager"] = self._loss_scale_manager
        if self._keep_bn_fp32 is not None:
            amp_config["keep_batchnorm_fp32"] = self._keep_bn_fp32
        return build_train_network(network, self._optimizer, self._loss_fn, level=self._amp_level or "O0",
                                   boost_level=self._boost_level, **amp_config)

    def _build_eval_network(self, metrics, eval_network):
        if eval_network is not None:
            if self._eval_indexes is None:
                pass
            return eval_network
        if not metrics:
            return None
        if self._loss_fn is None:
            raise ValueError("If `metrics` is set, `eval_network` must not be None. Do not set `metrics` if you "
                             "don't want an evaluation.\nIf evaluation is required, you need to specify "
                             "`eval_network`, which will be used in the framework to evaluate the model.\n"
                             "For the simple scenarios with one data, one label and one logits, `eval_network` "
                             "is optional, and then you can set `eval_network` or `loss_fn`. For the latter case,"
                             " framework will automatically build an evaluation network with `network` and "
                             "`loss_fn`.")
        self._eval_indexes = [0, 1, 2]
        return WithEvalCell(self._network, self._loss_fn, self._amp_level in ("O2", "O3", "auto"))

    @property
    def train_network(self):
        return self._train_network

    @property
    def predict_network(self):
        return self._predict_network

    @property
    def eval_network(self):
        return self._eval_network

    def _is_pynative(self):
        return _env_flag("MINDJAX_MODEL_PYNATIVE") if self.pynative is None else bool(self.pynative)

    def _runner(self, kind, cell):
        pynative = self._is_pynative()
        key = (kind, id(cell), pynative)
        fn = self._steps.get(key)
        if fn is None:
            from ..communication._world import world
            if kind == "train" and getattr(cell, "reducer_flag", False) and world.mode != "single":
                fn = self._steps[key] = cell  # a data-parallel step: the Cell runs it as one SPMD program
            else:
                fn = self._steps[key] = _compiled(cell, pynative)
        return fn

    # ------------------------------------------------------------------ metrics
    def _clear_metrics(self):
        for metric in self._metric_fns.values():
            metric.clear()

    def _update_metrics(self, outputs):
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        if not isinstance(outputs, tuple):
            raise ValueError(f"The argument 'outputs' should be tuple, but got {type(outputs)}.")
        if self._eval_indexes is not None and len(outputs) < 3:
            raise ValueError("The length of 'outputs' must be >= 3, but got {}".format(len(outputs)))
        for metric in self._metric_fns.values():
            if self._eval_indexes is None:
                metric.update(*outputs)
            elif isinstance(metric, Loss):
                metric.update(outputs[self._eval_indexes[0]])
            else:
                metric.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    def _get_metrics(self):
        return {key: value.eval() for key, value in self._metric_fns.items()}

    # ------------------------------------------------------------------ callbacks
    @staticmethod
    def _callback_list(callbacks, total_steps=None, desc="train"):
        if callbacks is None:
            cbs = []
        elif isinstance(callbacks, list):
            cbs = list(callbacks)
        else:
            cbs = [callbacks]
        if total_steps and _env_flag("MINDJAX_PROGRESS", "1") and _interactive():
            from .callback._progress import _ProgressBar
            if not any(type(cb).__name__ == "_ProgressBar" for cb in cbs):
                cbs.append(_ProgressBar(total_steps, desc))
        return CallbackManager(cbs)

    @staticmethod
    def _dataset_size(dataset, what):
        size = dataset.get_dataset_size()
        if size == 0:
            raise ValueError("There is no valid data in dataset, please check dataset file firstly.")
        return size

    @staticmethod
    def _iterate(dataset):
        for element in _tuple_iterator(dataset, 1):
            yield _to_tensors(element)

    # ------------------------------------------------------------------ train
    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Train ``epoch - initial_epoch`` epochs over ``train_dataset``.

        With ``dataset_sink_mode=True`` each epoch is one sink of ``sink_size`` steps (-1: the
        whole dataset; the dataset repeats as needed), MindSpore's GPU/Ascend behaviour on every
        target (its CPU backend falls back to non-sink mode).  In GRAPH_MODE a sink runs as one
        compiled program (a ``lax.scan`` over the batches, see ``_sink_scan.py``) and the step
        callbacks run once per sink, ``cur_step_num`` advancing by the sink's steps; in
        PYNATIVE_MODE the sink's steps run one by one with their callbacks.

        Examples:
            >>> import numpy as np
            >>> import mindjax as ms
            >>> from mindjax import nn, dataset as ds
            >>> ms.set_context(mode=ms.GRAPH_MODE)
            >>> data = ds.NumpySlicesDataset({"x": np.ones((8, 2), np.float32),
            ...                               "y": np.full((8, 1), 2.0, np.float32)}, shuffle=False).batch(2)
            >>> net = nn.Dense(2, 1, weight_init="zeros", bias_init="zeros")
            >>> model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
            >>> model.train(1, data, dataset_sink_mode=True)  # the 4 steps in one compiled program
            >>> round(float(net.bias.asnumpy()[0]), 4)
            0.6496
        """
        self._check_train_args(epoch, train_dataset, sink_size, initial_epoch, "train")
        self._run_train(epoch, train_dataset, callbacks, sink_size, initial_epoch, None,
                        self._check_sink(dataset_sink_mode))

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Train, evaluating on ``valid_dataset`` every ``valid_frequency`` epochs (an int, or a
        list of epoch numbers); the results reach callbacks as ``metrics``/``eval_results``."""
        self._check_train_args(epoch, train_dataset, sink_size, initial_epoch, "fit")
        if isinstance(valid_frequency, bool) or not isinstance(valid_frequency, (int, list)):
            raise TypeError(f"For 'Model.fit', the type of 'valid_frequency' must be a list or an integer, but got "
                            f"type {type(valid_frequency)}.")
        if valid_dataset is not None and not self._metric_fns:
            raise ValueError("For 'Model.fit', if valid_dataset is not None, the model argument 'metrics' can not be"
                             " None or empty, you should set the argument 'metrics' for model.")
        self._run_train(epoch, train_dataset, callbacks, sink_size, initial_epoch, (valid_dataset, valid_frequency),
                        self._check_sink(dataset_sink_mode))

    @staticmethod
    def _check_sink(dataset_sink_mode) -> bool:
        if not isinstance(dataset_sink_mode, bool):
            raise TypeError(f"For 'Model.train', the argument 'dataset_sink_mode' must be bool, but got "
                            f"{type(dataset_sink_mode).__name__}.")
        return dataset_sink_mode

    def _check_train_args(self, epoch, train_dataset, sink_size, initial_epoch, api):
        if isinstance(epoch, bool) or not isinstance(epoch, int) or epoch <= 0:
            raise ValueError(f"For 'Model.{api}', the argument 'epoch' must be positive int, but got {epoch}.")
        if isinstance(initial_epoch, bool) or not isinstance(initial_epoch, int) or initial_epoch < 0:
            raise ValueError(f"For 'Model.{api}', the argument 'initial_epoch' must be int and must >= 0, "
                             f"but got {initial_epoch}.")
        if epoch <= initial_epoch:
            raise ValueError(f"For 'Model.{api}', the parameter 'epoch' must bigger than parameter 'initial_epoch',"
                             f" but got the parameter 'epoch' is {epoch}, 'initial_epoch' is {initial_epoch}.")
        if not isinstance(sink_size, int) or (sink_size != -1 and sink_size <= 0):
            raise ValueError(f"For 'Model.{api}', The argument 'sink_size' must be -1 or positive, "
                             f"but got {sink_size}.")
        if self._optimizer is None:
            raise ValueError(f"For 'Model.{api}', the argument 'optimizer' can not be None when training.")
        self._dataset_size(train_dataset, api)

    def _run_train(self, epoch, train_dataset, callbacks, sink_size, initial_epoch, valid_infos, sink=False):
        batch_num = self._dataset_size(train_dataset, "train")
        if sink and sink_size > 0:
            batch_num = sink_size
        cb_params = InternalCallbackParam()
        cb_params.train_network = self._train_network
        cb_params.epoch_num = epoch - initial_epoch
        cb_params.batch_num = batch_num
        cb_params.cur_epoch_num = initial_epoch
        cb_params.cur_step_num = initial_epoch * batch_num
        cb_params.mode = "train"
        cb_params.loss_fn = self._loss_fn
        cb_params.optimizer = self._optimizer
        from .. import context
        from ..communication import get_group_size
        cb_params.parallel_mode = context.get_auto_parallel_context("parallel_mode")
        cb_params.device_number = get_group_size()
        cb_params.train_dataset = train_dataset
        cb_params.network = self._network
        cb_params.dataset_sink_mode = sink
        if sink:
            cb_params.sink_size = sink_size
        cb_params.net_outputs = None
        cb_params.loss_scale_mananger = self._loss_scale_manager
        total = (epoch - initial_epoch) * batch_num
        with self._callback_list(callbacks, total, "train") as list_callback:
            cb_params.list_callback = list_callback
            if sink:
                from ._model_sink import train_sink_process
                train_sink_process(self, epoch, train_dataset, list_callback, cb_params, initial_epoch, valid_infos)
            else:
                self._train_process(epoch, train_dataset, list_callback, cb_params, initial_epoch, valid_infos)

    def _train_process(self, epoch, train_dataset, list_callback, cb_params, initial_epoch, valid_infos):
        run_context = RunContext(cb_params)
        step_fn = self._runner("train", self._train_network)
        list_callback.on_train_begin(run_context)
        self._train_network.set_train(True)
        # one iterator for all the epochs, as MindSpore's Model: a dataset's epoch count, its dataset
        # callbacks and its shuffle (a new order each epoch) follow the run, not one epoch
        it = _tuple_iterator(train_dataset, epoch - initial_epoch)
        for i in range(initial_epoch, epoch):
            cb_params.cur_epoch_num = i + 1
            self._current_epoch_num = i + 1
            self._current_step_num = 0
            list_callback.on_train_epoch_begin(run_context)
            for element in (_to_tensors(e) for e in it):
                if self._loss_fn is not None and len(element) != 2:
                    raise ValueError("When 'loss_fn' is not None, 'train_dataset' should return "
                                     "two elements, but got {}, please check the number of elements "
                                     "returned by 'train_dataset'".format(len(element)))
                cb_params.cur_step_num += 1
                self._current_step_num = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
                cb_params.train_dataset_element = element
                list_callback.on_train_step_begin(run_context)
                self._train_network.set_train(True)
                outputs = step_fn(*element)
                cb_params.net_outputs = outputs
                if self._loss_scale_manager is not None and self._loss_scale_manager.get_drop_overflow_update():
                    self._loss_scale_manager.update_loss_scale(bool(np.all(outputs[1].asnumpy())))
                list_callback.on_train_step_end(run_context)
                if run_context.get_stop_requested():
                    break
            if self._end_epoch(valid_infos, cb_params, list_callback, run_context):
                break
        list_callback.on_train_end(run_context)

    def _end_epoch(self, valid_infos, cb_params, list_callback, run_context) -> bool:
        """The end of a training epoch (evaluation when due, callbacks); True when a stop was requested."""
        if valid_infos is not None:
            self._eval_during_train(valid_infos, cb_params, list_callback)
        list_callback.on_train_epoch_end(run_context)
        cb_params.pop("metrics", None)
        cb_params.pop("eval_results", None)
        return run_context.get_stop_requested()

    @staticmethod
    def _should_eval(epoch, frequency):
        if isinstance(frequency, int):
            return epoch % frequency == 0
        return epoch in frequency

    def _eval_during_train(self, valid_infos, cb_params, list_callback):
        valid_dataset, valid_frequency = valid_infos
        if valid_dataset is None or not self._should_eval(cb_params.cur_epoch_num, valid_frequency):
            return
        saved = {k: cb_params[k] for k in ("mode", "cur_step_num", "batch_num", "dataset_sink_mode", "net_outputs")}
        eval_callbacks = [cb for cb in list_callback._callbacks
                          if type(cb).__name__ not in _INTERNAL_CB_NAMES or isinstance(cb, TimeMonitor)]
        self._eval_impl(valid_dataset, CallbackManager(eval_callbacks), cb_params, add_eval_loss=True)
        cb_params.update(saved)
        self._train_network.set_train(True)

    # ------------------------------------------------------------------ eval / predict
    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """``{metric name: value}`` of the metrics over ``valid_dataset``."""
        if not self._metric_fns:
            raise ValueError("For Model.eval, the model argument 'metrics' can not be None or empty, "
                             "you should set the argument 'metrics' for model.")
        if self._eval_network is None:
            raise ValueError("For Model.eval, the argument 'eval_network' can not be None.")
        cb_params = InternalCallbackParam()
        cb_params.network = self._network
        with self._callback_list(callbacks, valid_dataset.get_dataset_size(), "eval") as list_callback:
            return self._eval_impl(valid_dataset, list_callback, cb_params)

    def _eval_impl(self, valid_dataset, list_callback, cb_params, add_eval_loss=False):
        cb_params.eval_network = self._eval_network
        cb_params.valid_dataset = valid_dataset
        cb_params.batch_num = valid_dataset.get_dataset_size()
        cb_params.mode = "eval"
        cb_params.cur_step_num = 0
        cb_params.dataset_sink_mode = False
        self._clear_metrics()
        eval_loss_fn = Loss() if add_eval_loss else None
        run_context = RunContext(cb_params)
        eval_fn = self._runner("eval", self._eval_network)
        was_training = self._eval_network.training
        self._eval_network.set_train(False)
        try:
            list_callback.on_eval_begin(run_context)
            list_callback.on_eval_epoch_begin(run_context)
            for element in self._iterate(valid_dataset):
                cb_params.cur_step_num += 1
                cb_params.eval_dataset_element = element
                list_callback.on_eval_step_begin(run_context)
                outputs = eval_fn(*element)
                cb_params.net_outputs = outputs
                list_callback.on_eval_step_end(run_context)
                self._update_metrics(outputs)
                if eval_loss_fn is not None:
                    eval_loss_fn.update(outputs[self._eval_indexes[0] if self._eval_indexes else 0])
                if run_context.get_stop_requested():
                    break
            list_callback.on_eval_epoch_end(run_context)
            metrics = self._get_metrics()
            cb_params.metrics = metrics
            if eval_loss_fn is not None:
                cb_params.eval_results = dict(metrics)
                cb_params.eval_results["eval_loss"] = eval_loss_fn.eval()
            list_callback.on_eval_end(run_context)
        finally:
            self._eval_network.set_train(was_training)
        return metrics

    def predict(self, *predict_data, backend=None, config=None):
        """The network's output for ``predict_data`` (Tensors or numpy arrays), in inference mode."""
        data = _to_tensors(predict_data)
        net = self._predict_network
        was_training = net.training
        net.set_train(False)
        try:
            return self._runner("predict", net)(*data)
        finally:
            net.set_train(was_training)

    def build(self, train_dataset=None, valid_dataset=None, sink_size=-1, epoch=1):
        """Compiles nothing ahead of time in mindjax (programs compile on the first step)."""
        return None

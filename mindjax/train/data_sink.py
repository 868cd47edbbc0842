"""``data_sink`` (MindSpore 2.10's ``mindspore.train.data_sink``): run a step function on the
batches of a dataset that feeds itself.

MindSpore sends the dataset to a device queue (GPU/Ascend; its CPU backend raises
ValueError); mindjax keeps the same stream of batches on the host, so ``data_sink`` works on
every target with MindSpore's GPU/Ascend semantics: the dataset repeats without end, and each
call of the returned function runs ``fn`` on the next ``sink_size`` batches and returns the
last result.
"""
from __future__ import annotations

import logging
from functools import wraps

from .. import context
from .dataset_helper import _SinkQueue, _types_and_shapes

__all__ = ["data_sink"]

logger = logging.getLogger("mindjax.train")


def _check_inputs(signature, dataset_shapes, dataset_types):
    """MindSpore's check of ``input_signature`` against the dataset's columns."""
    if not isinstance(signature, (list, tuple)):
        signature = (signature,)
    for index, shape in enumerate(dataset_shapes):
        if index >= len(signature) or signature[index] is None:
            continue
        sig = signature[index]
        sig_shape = list(sig.shape)
        if dataset_types[index] != sig.dtype:
            raise TypeError(f"The {index + 1}th input type of 'set_inputs' must be the same as network's input, "
                            f"but got 'set_inputs': {sig.dtype} and network's input: {dataset_types[index]}.")
        if len(shape) != len(sig_shape):
            raise ValueError(f"The {index + 1}th input dims of 'set_inputs' must be the same as network's input, "
                             f"but got 'set_inputs': {len(sig_shape)} and network's input: {len(shape)}.")
        for axis, dim in enumerate(shape):
            if sig_shape[axis] != -1 and sig_shape[axis] != dim:
                raise ValueError(f"The {axis + 1}th input shape of 'set_inputs' must be the same as network's "
                                 f"input, but got 'set_inputs': {sig_shape[axis]} and network's input: {dim}.")


def _jit_config_dict(jit_config):
    return dict(getattr(jit_config, "jit_config_dict", None) or {})


def data_sink(fn, dataset, sink_size: int = 1, jit_config=None, input_signature=None):
    """A function that, each time it is called, runs ``fn(*batch)`` on the next ``sink_size``
    batches of ``dataset`` (which repeats without end) and returns the last result.

    ``jit_config`` (a JitConfig) compiles ``fn`` with :func:`mindjax.jit`; without it ``fn``
    runs as it is (PyNative).  ``input_signature`` (Tensors, ``-1`` for a free dimension) is
    checked against the dataset's column types and shapes.  A dataset can feed one sink.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax import dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.ones((1,), np.int32), "y": np.ones((1,), np.int32)})
        >>> step = ms.data_sink(lambda x, y: x + y, data, sink_size=1)
        >>> [int(step().asnumpy()) for _ in range(2)]
        [2, 2]
    """
    if not isinstance(sink_size, int) or isinstance(sink_size, bool):
        raise TypeError(f"For 'Data sink', the type of 'sink_size' should be 'int', but got type "
                        f"'{type(sink_size).__name__}'.")
    if sink_size <= 0:
        raise ValueError(f"The 'sink_size' must be positive, but got sink_size {sink_size}.")
    if hasattr(dataset, "__transfer_dataset__"):
        raise ValueError("The dataset has been used with network.")
    dataset_types, dataset_shapes = _types_and_shapes(dataset)
    queue = _SinkQueue(dataset, -1)
    setattr(dataset, "__transfer_dataset__", queue)
    if input_signature is not None:
        _check_inputs(input_signature, dataset_shapes, dataset_types)

    if jit_config is None:
        step = fn
    else:
        from .._jit.api import jit
        step = jit(fn)
    steps = sink_size
    if (jit_config is not None and context.get_context("mode") == context.GRAPH_MODE
            and _jit_config_dict(jit_config).get("jit_level") == "O2"):
        # MindSpore: an O2 (whole-graph sink) program runs once per call
        logger.warning("If sink_size is needed, both forward and backward operations need to be placed in a cell.")
        steps = 1

    runner = None
    if jit_config is not None:  # the sink's steps as compiled scans of the jit program (_sink_scan.py)
        from ._sink_scan import runner_for
        runner = runner_for(step)

    @wraps(fn)
    def sink_process(*args, **kwargs):
        if runner is not None:
            return runner.run(queue.get_next() for _ in range(steps))
        out = None
        for _ in range(steps):
            out = step(*queue.get_next())
        return out

    return sink_process

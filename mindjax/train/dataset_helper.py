"""``DatasetHelper`` and ``connect_network_with_dataset`` (MindSpore 2.10's ``mindspore.train.dataset_helper``).

Non-sink mode iterates the dataset on the host, one list of Tensors per step, as MindSpore
does everywhere.  Sink mode is MindSpore's GPU/Ascend behaviour: the dataset feeds a queue
(here a host-side stream of batches, the stand-in for the device channel), iterating the
helper yields empty tuples, and the network returned by :func:`connect_network_with_dataset`
takes no inputs and fetches each step's batch from that queue itself.  In PYNATIVE_MODE one
call is one step and the helper yields ``sink_size`` times per epoch; in GRAPH_MODE one call
runs ``sink_size`` steps and returns the last output, and the helper yields once per epoch.
MindSpore's CPU backend refuses sink mode (RuntimeError); mindjax has no device queue to
lack, so it runs the GPU/Ascend semantics on every target.
"""
from __future__ import annotations

import numpy as np

from .. import context
from ..nn.cell import Cell

__all__ = ["DatasetHelper", "connect_network_with_dataset"]


def _types_and_shapes(dataset):
    from .._dtype import pytype_to_dtype
    return [pytype_to_dtype(np.dtype(t)) for t in dataset.output_types()], dataset.output_shapes()


class _SinkQueue:
    """One continuous stream of batches over ``epochs`` epochs of ``dataset`` (-1: no end):
    what MindSpore's device queue receives from ``send(epoch_num)``."""

    def __init__(self, dataset, epochs):
        self.dataset = dataset
        self.epochs_left = epochs
        self._iter = None
        self._peeked = None
        self._stopped = False

    def send(self, epochs):
        if self.epochs_left >= 0:
            self.epochs_left = -1 if epochs < 0 else self.epochs_left + epochs

    def _fetch(self):
        if self._iter is None:
            self._iter = self.dataset.create_tuple_iterator(num_epochs=-1)
        empty_epochs = 0
        while True:
            if self.epochs_left == 0:
                raise RuntimeError("The data sink queue of this dataset is empty: all the epochs sent to it were "
                                   "consumed (MindSpore's GetNext would wait for data here). Send more epochs "
                                   "('epoch_num' of DatasetHelper) or consume fewer steps.")
            try:
                return tuple(next(self._iter))
            except StopIteration:  # end of one epoch of the dataset: the stream goes on with the next
                if self.epochs_left > 0:
                    self.epochs_left -= 1
                empty_epochs += 1
                if empty_epochs > 1:
                    raise RuntimeError("The dataset sent to the data sink queue has no data.") from None

    def get_next(self):
        if self._stopped:
            raise RuntimeError("The data sink queue was stopped (stop_send/release); call continue_send() first.")
        if self._peeked is not None:
            batch, self._peeked = self._peeked, None
            return batch
        return self._fetch()

    def peek(self):
        if self._peeked is None:
            self._peeked = self._fetch()
        return self._peeked

    def release(self):
        self._stopped = True
        if self._iter is not None:
            self._iter.stop()
            self._iter = None
            self._peeked = None


class _DatasetIterNormal:
    """Non-sink mode: the batches of ``epoch_num`` epochs, fetched on the host."""

    def __init__(self, dataset, epoch_num=-1):
        self.dataset = dataset
        self.iter = dataset.create_tuple_iterator(num_epochs=epoch_num)

    def __iter__(self):
        return self

    def __next__(self):
        return self.iter.__next__()


class _DatasetIterSink:
    """Sink mode: yields ``()`` ``sink_count`` times per epoch; the connected network fetches."""

    def __init__(self, dataset, sink_size, epoch_num, graph_mode):
        self.dataset = dataset
        self.sink_size = sink_size
        self.graph_mode = graph_mode
        self.dataset_types, self.dataset_shapes = _types_and_shapes(dataset)
        queue = getattr(dataset, "__transfer_dataset__", None)
        if isinstance(queue, _SinkQueue):
            queue.send(epoch_num)  # MindSpore sends epoch_num more epochs into the existing queue
        else:
            queue = _SinkQueue(dataset, epoch_num)
            setattr(dataset, "__transfer_dataset__", queue)
        self.queue = queue
        self.sink_count = 1 if graph_mode else sink_size

    def __iter__(self):
        self.index = 0
        return self

    def __next__(self):
        if self.index >= self.sink_count:
            raise StopIteration()
        self.index += 1
        return tuple()

    def types_shapes(self):
        return self.dataset_types, self.dataset_shapes

    def get_sink_size(self):
        return self.sink_size

    def get_data_info(self):
        """Types and shapes of the next batch in the queue."""
        batch = self.queue.peek()
        return [t.dtype for t in batch], [list(t.shape) for t in batch]

    def stop_send(self):
        self.queue._stopped = True

    def continue_send(self):
        self.queue._stopped = False

    def release(self):
        self.queue.release()


class DatasetHelper:
    """Iterate a dataset for a training loop, in sink mode or not.

    ``DatasetHelper(dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1)``: iterating
    gives one epoch; ``epoch_num`` epochs can be iterated in all.  Without sink mode each item
    is the list of the step's input Tensors; in sink mode each item is ``()`` and the network
    made by :func:`connect_network_with_dataset` reads the batches (see the module notes).

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax import dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(4, dtype=np.float32)}, shuffle=False).batch(2)
        >>> [x.asnumpy().tolist() for (x,) in ms.DatasetHelper(data, dataset_sink_mode=False)]
        [[0.0, 1.0], [2.0, 3.0]]
    """

    def __init__(self, dataset, dataset_sink_mode: bool = True, sink_size: int = -1, epoch_num: int = 1):
        if not isinstance(dataset_sink_mode, bool):
            raise TypeError(f"The input value must be a bool, but got {type(dataset_sink_mode).__name__}.")
        if not isinstance(sink_size, int) or isinstance(sink_size, bool):
            raise TypeError(f"The type of input value must be 'int', but got '{type(sink_size).__name__}'.")
        if sink_size < -1 or sink_size == 0:
            raise ValueError("The 'sink_size' must be -1 or positive, but got sink_size {}.".format(sink_size))
        if sink_size == -1:
            sink_size = dataset.get_dataset_size()
        if dataset_sink_mode:
            graph = context.get_context("mode") == context.GRAPH_MODE
            self.iter = _DatasetIterSink(dataset, sink_size, epoch_num, graph)
        else:
            self.iter = _DatasetIterNormal(dataset, epoch_num=epoch_num)

    def __iter__(self):
        return self.iter.__iter__()

    def types_shapes(self):
        """``(types, shapes)`` of the dataset's columns (sink mode only, as in MindSpore)."""
        return self.iter.types_shapes()

    def sink_size(self) -> int:
        """Steps per sink (sink mode only): ``sink_size``, or the dataset size for -1."""
        return self.iter.get_sink_size()

    def stop_send(self) -> None:
        """Stop feeding the sink queue (sink mode only)."""
        self.iter.stop_send()

    def release(self) -> None:
        """Free the sink queue and its reading thread (sink mode only)."""
        self.iter.release()

    def continue_send(self) -> None:
        """Feed the sink queue again after :meth:`stop_send` (sink mode only)."""
        self.iter.continue_send()

    def get_data_info(self):
        """Types and shapes of the next batch of the sink queue (sink mode only)."""
        return self.iter.get_data_info()


class _DataWrapper(Cell):
    """The network fed by the sink queue: called with no inputs, it fetches each step's batch.
    Its Parameters are the network's, under their own names (``auto_prefix=False``)."""

    def __init__(self, network, dataset_iter):
        super().__init__(auto_prefix=False)
        self.network = network
        self.__dict__["_dataset_iter"] = dataset_iter

    def construct(self):
        it = self._dataset_iter
        if not it.graph_mode:
            return self.network(*it.queue.get_next())
        batches = (it.queue.get_next() for _ in range(it.sink_size))
        if context.get_context("mode") == context.GRAPH_MODE and isinstance(self.network, Cell):
            # the sink's steps as compiled scans of the network's GRAPH_MODE program (_sink_scan.py)
            from ._sink_scan import cell_runner
            return cell_runner(self.network).run(batches)
        out = None
        for batch in batches:
            out = self.network(*batch)
        return out

    def __call__(self):
        # Fetching data is host work: it must not be traced into a GRAPH_MODE program, so the
        # wrapper runs in Python; the network's steps are compiled (a scan over the sink's batches).
        return self.construct()


def connect_network_with_dataset(network: Cell, dataset_helper: DatasetHelper) -> Cell:
    """The network fed by ``dataset_helper``'s sink queue (sink mode only): call it with no
    inputs; it runs the step(s) on the next batch(es) and returns the (last) output.

    Examples:
        >>> import numpy as np
        >>> import mindjax as ms
        >>> from mindjax import nn, dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.ones((4, 2), np.float32)}, shuffle=False).batch(2)
        >>> helper = ms.DatasetHelper(data, dataset_sink_mode=True)
        >>> net = ms.connect_network_with_dataset(nn.Dense(2, 1, weight_init="ones"), helper)
        >>> [net().shape for _ in helper]
        [(2, 1), (2, 1)]
    """
    dataset_iter = dataset_helper.iter
    dataset = dataset_iter.dataset
    if isinstance(dataset_iter, _DatasetIterNormal):
        raise RuntimeError("The API 'connect_network_with_dataset' should be called in dataset sink mode.")
    connected = getattr(dataset, "__network__", None)
    if connected is None:
        setattr(dataset, "__network__", network)
    elif connected is not network:
        raise ValueError("The dataset has been connected to other network, please check the code.")
    wrapper = getattr(dataset, "__sink_network__", None)
    if wrapper is None or wrapper._dataset_iter is not dataset_iter:
        wrapper = _DataWrapper(network, dataset_iter)
        setattr(dataset, "__sink_network__", wrapper)
    return wrapper

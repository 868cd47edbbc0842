"""Wrappers that split the batch into micro-batches and add the network's outputs over them:
``nn.GradAccumulationCell``, ``nn.PipelineCell``, ``nn.MicroBatchInterleaved`` (MindSpore 2.10's), and
``nn.VirtualDatasetCellTriple``.

On one device the three compute the same thing: the sum over micro-batches of ``network(micro inputs)``
(MindSpore's parallel compiler also uses the split to accumulate gradients, overlap pipeline stages
or interleave communication; the values do not change). ``PipelineCell``'s ``stage_config`` sets the
``pipeline_stage`` attribute of the named sub-Cells, as MindSpore does.
"""
from __future__ import annotations

from ... import ops
from ...log import logger
from ..cell import Cell

__all__ = ["GradAccumulationCell", "PipelineCell", "MicroBatchInterleaved", "VirtualDatasetCellTriple"]


def _micro_inputs(inputs, i: int, n: int) -> tuple:
    out = []
    for x in inputs:
        rows = x.shape[0]
        if rows % n:
            raise ValueError(f"For micro batch initialization, the 0th dimension shape of input({rows}) must be "
                             f"divided by micro size({n})")
        step = rows // n
        out.append(x[step * i: step * (i + 1)])
    return tuple(out)


def _check(name: str, network, arg: str, n) -> None:
    if not isinstance(network, Cell):
        raise TypeError(f"For '{name}', the argument 'network' must cell type, but got the type : {type(network)}.")
    if not isinstance(n, int):
        raise TypeError(f"For '{name}', the argument '{arg}' must be integer, but got the type : {type(n)}.")
    if n <= 0:
        raise ValueError(f"For '{name}', the argument '{arg}' must be large than 0, but got {n}.")


class GradAccumulationCell(Cell):
    """``nn.GradAccumulationCell(network, micro_size)``: runs ``network`` on ``micro_size`` slices of the
    batch (dim 0) and returns the sum of the outputs, so the gradient is accumulated over the slices.

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.GradAccumulationCell(nn.WithLossCell(nn.Dense(3, 1), nn.MSELoss()), 2)
        >>> net(ms.ops.ones((4, 3)), ms.ops.zeros((4, 1))).shape
        ()
    """

    _name = "GradAccumulationCell"

    def __init__(self, network, micro_size: int):
        super().__init__(auto_prefix=False)
        _check(self._name, network, "micro_size", micro_size)
        self.network = network
        self.micro_size = micro_size

    def construct(self, *inputs):
        ret = None
        for i in range(self.micro_size):
            out = self.network(*_micro_inputs(inputs, i, self.micro_size))
            ret = out if ret is None else ops.add(ret, out)
        return ret


class PipelineCell(GradAccumulationCell):
    """``nn.PipelineCell(network, micro_size, stage_config=None, segment_config=None)``: the micro-batch sum
    of ``GradAccumulationCell``; ``stage_config`` ({sub-Cell name: stage}) marks the Cells'
    ``pipeline_stage`` (KeyError for a name the network lacks).

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.SequentialCell(nn.Dense(3, 3), nn.Dense(3, 1))
        >>> pipe = nn.PipelineCell(net, 2, stage_config={"0": 0, "1": 1})
        >>> net[1].pipeline_stage
        1
    """

    _name = "PipelineCell"

    def __init__(self, network, micro_size: int, stage_config: dict | None = None, segment_config=None):
        super().__init__(network, micro_size)
        self.segment_config = segment_config
        if stage_config is not None:
            left = dict(stage_config)
            for cell_name, cell in network.cells_and_names():
                if cell_name and cell_name in left:
                    cell.pipeline_stage = left.pop(cell_name)
            if str(network) in left:
                network.pipeline_stage = left.pop(str(network))
            if left:
                raise KeyError(f"For 'PipelineCell', the argument 'stage_config' : {left} is not found in 'network' : "
                               f"{network}")


class MicroBatchInterleaved(Cell):
    """``nn.MicroBatchInterleaved(network, interleave_num=2)``: the sum of ``network`` over
    ``interleave_num`` slices of the batch (starting from 0.0).

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> net = nn.MicroBatchInterleaved(nn.Dense(3, 2), 2)
        >>> net(ms.ops.ones((4, 3))).shape
        (2, 2)
    """

    def __init__(self, network, interleave_num: int = 2):
        super().__init__(auto_prefix=False)
        if not isinstance(interleave_num, int):
            raise TypeError(f"For 'MicroBatchInterleaved', the argument 'interleave_num' must be integer, but got the "
                            f"type : {type(interleave_num)}.")
        if interleave_num <= 0:
            raise ValueError(f"For 'MicroBatchInterleaved', the argument 'interleave_num' must be large than 0, but "
                             f"got {interleave_num}.")
        self.network = network
        self.interleave_num = interleave_num

    def construct(self, *inputs):
        output = 0.0
        for i in range(self.interleave_num):
            output = ops.add(output, self.network(*_micro_inputs(inputs, i, self.interleave_num)))
        return output


class VirtualDatasetCellTriple(Cell):
    """``nn.VirtualDatasetCellTriple(backbone)``: calls ``backbone(a, b, c)`` (deprecated in MindSpore,
    where it marked three dataset inputs for semi-auto parallel).

    Example:
        >>> import mindjax as ms
        >>> from mindjax import nn
        >>> class Add3(nn.Cell):
        ...     def construct(self, a, b, c):
        ...         return a + b + c
        >>> print(nn.VirtualDatasetCellTriple(Add3())(ms.Tensor(1), ms.Tensor(2), ms.Tensor(3)))
        6
    """

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        logger.warning("WARN_DEPRECATED: The usage of VirtualDatasetCellTriple is deprecated.")
        self._backbone = backbone

    def construct(self, a, b, c):
        return self._backbone(a, b, c)

"""mint.distributed with one process: rank 0 of a world of 1; collectives write the local data
into their outputs (what they compute when the world has one member); groups other than [0] and
ranks other than 0 raise ValueError."""
import numpy as np
import pytest

import mindjax as ms
from mindjax.mint import distributed as dist


def test_world_of_one():
    dist.init_process_group()
    assert dist.is_available() and dist.is_initialized()
    assert (dist.get_rank(), dist.get_world_size(), dist.get_process_group_ranks()) == (0, 1, [0])
    g = dist.new_group([0])
    assert dist.get_world_size(g) == 1 and dist.get_global_rank(g, 0) == 0 and dist.get_group_rank(g, 0) == 0
    with pytest.raises(ValueError):
        dist.new_group([0, 1])
    with pytest.raises(ValueError):
        dist.broadcast(ms.Tensor([1.0]), 1)
    dist.destroy_process_group()
    assert not dist.is_initialized()


def test_collectives_copy_the_local_data():
    t = ms.Tensor([1.0, 2.0])
    assert dist.all_reduce(t) is None and t.asnumpy().tolist() == [1.0, 2.0]
    assert dist.all_reduce(t, async_op=True).wait()
    out = [ms.Tensor([0.0, 0.0])]
    dist.all_gather(out, t)
    assert out[0].asnumpy().tolist() == [1.0, 2.0]
    o = ms.Tensor(np.zeros(2, np.float32))
    dist.all_gather_into_tensor(o, t)
    assert o.asnumpy().tolist() == [1.0, 2.0]
    o2 = ms.Tensor(np.zeros(2, np.float32))
    dist.reduce_scatter_tensor(o2, ms.Tensor([3.0, 4.0]))
    assert o2.asnumpy().tolist() == [3.0, 4.0]
    objs = [None]
    dist.all_gather_object(objs, {"k": 1})
    assert objs == [{"k": 1}]
    sc = [None]
    dist.scatter_object_list(sc, ["x"])
    assert sc == ["x"]

"""``Layout`` and the translation of MindSpore's sharding strategies to JAX shardings.

MindSpore describes how a tensor is cut in two ways:

* a *strategy* ``(a0, a1, ...)``: dimension ``i`` is cut into ``a_i`` slices. The devices form
  the matrix ``(device_num // prod(a), a0, a1, ...)``; the leading axis holds the copies.
* a *layout* ``Layout(device_matrix, alias_name)(name0, name1, ...)``: the devices form
  ``device_matrix`` (rank ``rank_list[k]`` at row-major position ``k``) and dimension ``i`` is cut
  along the named device axes (``"None"``: not cut). Its ``tensor_map`` numbers device axes from
  the right, as MindSpore's strategy files do.

Both become a :class:`jax.sharding.NamedSharding`: a ``Mesh`` over the first ``device_num`` JAX
devices, reshaped to the device matrix, and a ``PartitionSpec`` naming the mesh axes of each
dimension. XLA's GSPMD partitioner then places and computes the slices.
"""
from __future__ import annotations

import copy

import numpy as np

__all__ = ["Layout"]

_INTERLEAVED = "interleaved_parallel"


class Layout:
    """The device matrix of a cluster and the names of its axes; calling it with one axis name
    (or ``"None"``, or a tuple of names) per tensor dimension gives the layout of a tensor.

    Args:
        device_matrix (tuple[int]): the shape the devices are arranged in.
        alias_name (tuple[str]): one name per axis of ``device_matrix``.
        rank_list (list[int], optional): the rank at each row-major position of the matrix.
            Default: ``None`` (ranks in order).

    In mindjax the ranks are the JAX devices of this process (``jax.devices()``), so a layout used
    by ``shard`` places slices on those devices. ``"interleaved_parallel"`` (several virtual slices
    per device, an Ascend scheduling feature) can be described and written to a strategy file, but
    not used to place arrays.

    Examples:
        >>> from mindjax.parallel import Layout
        >>> layout = Layout((2, 4), ("dp", "mp"))
        >>> layout("dp", "None").to_dict()["tensor_map"]
        (1, -1)
    """

    def __init__(self, device_matrix: tuple, alias_name: tuple, rank_list: list | None = None):
        if not isinstance(device_matrix, tuple):
            raise TypeError(f'device_matrix must be tuple type, but got:{type(device_matrix)}')
        if not isinstance(alias_name, tuple):
            raise TypeError(f'alias_name must be tuple type, but got:{type(alias_name)}')
        if len(device_matrix) != len(alias_name):
            raise ValueError('device_matrix length should be equal to alias_name length')
        for item in device_matrix:
            if not isinstance(item, int):
                raise TypeError(f'The element of device_matrix must be int type, but got:{type(item)}')
        for item in alias_name:
            if not isinstance(item, str):
                raise TypeError(f'The element of alias_name must be str type, but got:{type(item)}')
            if not item:
                raise ValueError("The element of alias_name can not be empty.")
            if item == "None":
                raise ValueError("The element of alias_name can not set 'None', because 'None' means no sharding.")
        if len(set(alias_name)) != len(alias_name):
            raise ValueError(f'Each element of alias_name {alias_name} should be different')
        if _INTERLEAVED in alias_name and alias_name.index(_INTERLEAVED) != len(alias_name) - 1:
            raise ValueError(f"When alias_name {alias_name} contains keyword 'interleaved_parallel',"
                             " it should be at the last dim of alias_name, which means the virtual sharding.")
        count = int(np.prod(device_matrix))
        self._device_shape = device_matrix
        self._alias_name = alias_name
        self._tensor_map = None
        self._rank_list = list(range(count))
        if rank_list is not None:
            if not isinstance(rank_list, list):
                raise TypeError(f"The rank_list should be a list, but got {type(rank_list).__name__}.")
            for item in rank_list:
                if not isinstance(item, int):
                    raise TypeError(f"The element of rank_list should be int, but got {type(item).__name__}.")
            ndim = np.array(rank_list).ndim
            if ndim != 1:
                raise ValueError(f"The rank_list should be a 1-D list, but got {ndim}-D list.")
            if len(rank_list) != count:
                raise ValueError("The length of rank_list should be equal to the product of device_matrix, "
                                 f"but got {len(rank_list)} and {count}.")
            self._rank_list = rank_list

    def _axis_index(self, name, used):
        if name not in self._alias_name:
            raise ValueError(f'The axis {name} is not found in {self._alias_name}')
        if name in used:
            raise ValueError(f'The axis {name} has been set more than one in {self._alias_name}')
        used.append(name)
        return len(self._alias_name) - 1 - self._alias_name.index(name)

    def __call__(self, *tensor_map) -> "Layout":
        used = []
        out = ()
        for item in tensor_map:
            if isinstance(item, tuple):
                out += (tuple(-1 if n == "None" else self._axis_index(n, used) for n in item),)
            elif item == "None":
                out += (-1,)
            else:
                out += (self._axis_index(item, used),)
        self._tensor_map = out
        return copy.deepcopy(self)  # MindSpore also leaves the last map on the template

    def to_dict(self) -> dict:
        """The layout as MindSpore's dictionary: device_matrix, tensor_map, interleaved_parallel,
        alias_name, rank_list."""
        if self._device_shape is None:
            raise ValueError("The device_shape of layout is None")
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {"device_matrix": self._device_shape, "tensor_map": self._tensor_map,
                "interleaved_parallel": _INTERLEAVED in self._alias_name, "alias_name": self._alias_name,
                "rank_list": self._rank_list}

    def __repr__(self) -> str:
        return (f"Layout(device_matrix={self._device_shape}, alias_name={self._alias_name}, "
                f"tensor_map={self._tensor_map})")


# ---------------------------------------------------------------------------------------------
# strategies and layouts -> (device matrix, tensor map) -> NamedSharding
# ---------------------------------------------------------------------------------------------
def strategy_to_layout(strategy, device_num: int):
    """(device matrix, tensor map) of a tuple strategy on ``device_num`` devices, as MindSpore
    builds them: the copies on the leading axis, dimension ``i`` on axis ``i + 1``."""
    prod = int(np.prod(strategy)) if strategy else 1
    dev_mat = ([device_num // prod] if device_num // prod > 1 else []) + list(strategy)
    tensor_map = [len(strategy) - 1 - i for i in range(len(strategy))]
    return dev_mat, tensor_map


def layout_dims(layout: Layout):
    d = layout.to_dict()
    return list(d["device_matrix"]), list(d["tensor_map"]), list(d["alias_name"]), list(d["rank_list"])


def slices_of(dev_mat, tensor_map):
    """How many slices each dimension has (a tensor-map entry may be a tuple of device axes)."""
    out = []
    for m in tensor_map:
        ms_ = m if isinstance(m, (tuple, list)) else (m,)
        n = 1
        for a in ms_:
            if a != -1:
                n *= dev_mat[len(dev_mat) - 1 - a]
        out.append(n)
    return out


def named_sharding(dev_mat, tensor_map, rank_list=None, names=None):
    """The NamedSharding for a device matrix and tensor map over JAX's devices."""
    import jax
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    if names is not None and _INTERLEAVED in names:
        raise ValueError("For 'shard', a Layout with 'interleaved_parallel' (virtual slices on one device) "
                         "cannot be placed on JAX devices; use a Layout without it.")
    count = int(np.prod(dev_mat)) if dev_mat else 1
    devices = jax.devices()
    ranks = list(range(count)) if rank_list is None else list(rank_list)
    if max(ranks) >= len(devices):
        raise ValueError(f"For 'shard', the strategy needs {count} devices (ranks up to {max(ranks)}), but JAX "
                         f"sees {len(devices)} device(s). On CPU, set XLA_FLAGS="
                         f"--xla_force_host_platform_device_count=N before JAX starts.")
    names = tuple(names) if names is not None else tuple(f"d{i}" for i in range(len(dev_mat)))
    mesh = Mesh(np.array([devices[r] for r in ranks], dtype=object).reshape(tuple(dev_mat) or (1,)),
                names if dev_mat else ("d0",))
    spec = []
    for m in tensor_map:
        axes = [names[len(dev_mat) - 1 - a] for a in (m if isinstance(m, (tuple, list)) else (m,))
                if a != -1 and dev_mat[len(dev_mat) - 1 - a] > 1]  # a 1-sized axis cuts nothing
        spec.append(None if not axes else axes[0] if len(axes) == 1 else tuple(axes))
    return NamedSharding(mesh, PartitionSpec(*spec))


def to_sharding(item, device_num: int):
    """NamedSharding of one strategy item: a tuple of ints or a called Layout."""
    if isinstance(item, Layout):
        dev_mat, tensor_map, names, ranks = layout_dims(item)
        return named_sharding(dev_mat, tensor_map, ranks, names)
    dev_mat, tensor_map = strategy_to_layout(item, device_num)
    return named_sharding(dev_mat, tensor_map)

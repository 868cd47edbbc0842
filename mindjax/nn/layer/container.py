"""SequentialCell, CellList, CellDict."""
from __future__ import annotations

from collections import OrderedDict

from ..cell import Cell

__all__ = ["SequentialCell", "CellList", "CellDict"]


def _add(owner, name, cell):
    """Register ``cell`` under ``name`` and, as MindSpore's containers do, rename its
    Parameters to ``name.<path>``."""
    if not isinstance(cell, Cell):
        raise TypeError(f"For '{type(owner).__name__}', each element must be a Cell, but got {type(cell).__name__}.")
    owner.insert_child_to_cell(name, cell)
    if owner._auto_prefix:
        cell.update_parameters_name(name + ".")


class SequentialCell(Cell):
    """Cells run one after another (from a list or an OrderedDict of them)."""

    def __init__(self, *args):
        super().__init__()
        cells = args[0] if len(args) == 1 and isinstance(args[0], (list, OrderedDict, dict)) else args
        if isinstance(cells, dict):
            for k, c in cells.items():
                _add(self, k, c)
        else:
            for i, c in enumerate(cells):
                _add(self, str(i), c)

    def __getitem__(self, i):
        cells = list(self._cells.values())
        if isinstance(i, slice):
            return SequentialCell(cells[i])
        return cells[i]

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def append(self, cell):
        _add(self, str(len(self._cells)), cell)
        self.__dict__.pop("_cell_list", None)
        return self

    @property
    def cell_list(self) -> list:
        """The cells ``construct`` runs, in order (MindSpore's public attribute).

        It follows the container (``append``, and code such as AMP that swaps entries of
        ``_cells``) unless a list was assigned to it, as MindSpore code does after editing
        ``_cells`` itself.

        Example:
            >>> import mindjax as ms
            >>> seq = ms.nn.SequentialCell([ms.nn.ReLU(), ms.nn.Sigmoid()])
            >>> [type(c).__name__ for c in seq.cell_list]
            ['ReLU', 'Sigmoid']
        """
        override = self.__dict__.get("_cell_list")
        return list(override) if override is not None else [c for c in self._cells.values() if c is not None]

    @cell_list.setter
    def cell_list(self, cells: list) -> None:
        self.__dict__["_cell_list"] = list(cells)

    def construct(self, x):
        for c in self.cell_list:
            x = c(x)
        return x


class CellList(Cell):
    def __init__(self, *args, **kwargs):
        # auto_prefix=False keeps the Parameters' names (an optimizer's rate Cells do)
        super().__init__(auto_prefix=kwargs.pop("auto_prefix", True))
        if args:
            self.extend(args[0])

    def __getitem__(self, i):
        return list(self._cells.values())[i]

    def __setitem__(self, i, cell):
        key = list(self._cells.keys())[i]
        _add(self, key, cell)

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def append(self, cell):
        _add(self, str(len(self._cells)), cell)
        return self

    def extend(self, cells):
        for c in cells:
            self.append(c)
        return self

    def __iadd__(self, cells):
        """``cell_list += [cell, ...]`` appends the cells, as ``extend``."""
        if not isinstance(cells, list):
            raise TypeError(f"For 'CellList', the new cells wanted to append should be instance of list, but got "
                            f"{type(cells).__name__}.")
        return self.extend(cells)

    def insert(self, index, cell):
        cells = list(self._cells.values())
        cells.insert(index, cell)
        self._cells.clear()
        for c in cells:
            self.append(c)

    def construct(self, *inputs):
        raise NotImplementedError("CellList is a container: call its elements.")


class CellDict(Cell):
    def __init__(self, *args, **kwargs):
        super().__init__()
        if args:
            self.update(args[0])

    def __getitem__(self, key):
        return self._cells[key]

    def __setitem__(self, key, cell):
        _add(self, key, cell)

    def __delitem__(self, key):
        del self._cells[key]

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells)

    def __contains__(self, key):
        return key in self._cells

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def items(self):
        return self._cells.items()

    def update(self, cells):
        items = cells.items() if isinstance(cells, dict) else cells
        for k, c in items:
            self[k] = c

    def pop(self, key):
        c = self._cells[key]
        del self._cells[key]
        return c

    def clear(self):
        self._cells.clear()

    def construct(self, *inputs):
        raise NotImplementedError("CellDict is a container: call its elements.")

"""``mindspore.dataset.Schema``: column names, types and shapes of a dataset, as JSON."""
import json
import os

import numpy as np

from . import validators as V

__all__ = ["Schema"]

_TYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16", "float32",
          "float64", "string", "bytes")


def _type_name(de_type):
    """MindSpore's type string of a dtype given as a mindjax/MindSpore dtype or a string."""
    if isinstance(de_type, str):
        name = de_type
    else:
        np_type = getattr(de_type, "np", None) or getattr(de_type, "np_type", None)
        if np_type is None or isinstance(de_type, type):
            raise TypeError("Unknown column type.")
        name = np.dtype(np_type).name
    if name == "str":
        name = "string"
    if name not in _TYPES:
        raise TypeError("Unknown column type.")
    return name


class Schema:
    """Column descriptions: ``add_column(name, de_type, shape)``; ``to_json`` / ``from_json``.

    Examples:
        >>> import json, mindjax as ms, mindjax.dataset as ds
        >>> s = ds.Schema()
        >>> s.add_column("image", ms.uint8, [28, 28])
        >>> [c["name"] for c in json.loads(s.to_json())["columns"]]
        ['image']
    """

    def __init__(self, schema_file=None):
        self.schema_file = schema_file
        self.columns = []
        self.extra = {}
        if schema_file is not None:
            V.type_check(schema_file, (str,), "schema_file")
            if not os.path.isfile(schema_file) or not os.access(schema_file, os.R_OK):
                raise ValueError(f"The file {schema_file} does not exist or permission denied!")
            with open(schema_file) as f:
                self.from_json(json.load(f))

    def add_column(self, name, de_type, shape=None):
        """Add a column; without ``shape`` its rank is recorded as 1 (as MindSpore does)."""
        V.type_check(name, (str,), "name")
        col = {"name": name, "type": _type_name(de_type)}
        if shape is None:
            col["rank"] = 1
        else:
            V.type_check(shape, (list,), "shape")
            col["rank"] = len(shape)
            col["shape"] = [int(s) for s in shape]
        self.columns.append(col)

    def _add_parsed(self, name, spec):
        if "type" not in spec:
            raise RuntimeError(f"Column's type is missing: {name}.")
        shape = list(spec.get("shape", []))
        # MindSpore derives the rank from the shape, whatever "rank" says
        col = {"name": name, "rank": len(shape), "shape": shape, "type": _type_name(spec["type"])}
        self.columns.append(col)

    def parse_columns(self, columns):
        """Columns from a dict {name: {"type": ..., "shape": [...]}} or a list of dicts with "name"."""
        self.columns = []
        if isinstance(columns, dict):
            for name, spec in columns.items():
                self._add_parsed(name, spec)
        elif isinstance(columns, list):
            for spec in columns:
                if "name" not in spec:
                    raise RuntimeError("Column's name is missing.")
                self._add_parsed(spec["name"], spec)
        else:
            raise TypeError("columns must be a dict or a list.")

    def from_json(self, json_obj):
        """Load ``{"columns": ..., other keys kept}``."""
        if "columns" not in json_obj:
            raise RuntimeError("Columns are missing.")
        self.parse_columns(json_obj["columns"])
        self.extra = {k: v for k, v in json_obj.items() if k != "columns"}

    def to_json(self):
        obj = {"columns": self.columns or None, **self.extra}
        return json.dumps(obj, indent=2, sort_keys=True)

    def __str__(self):
        return self.to_json()

    def _names(self):
        return [c["name"] for c in self.columns]

    def _np_types(self):
        return [np.dtype("str" if c["type"] in ("string", "bytes") else c["type"]) for c in self.columns]

"""``mindspore.mindrecord.FileWriter``: rows checked against a schema, written as MindRecord shards."""
import logging
import os
import random
import re
import stat

import numpy as np

from . import _format as F
from .common.exceptions import MRMDefineIndexError, MRMInvalidSchemaError, ParamTypeError, ParamValueError

__all__ = ["FileWriter"]

logger = logging.getLogger("mindjax.mindrecord")

# python type name of a value -> the schema types it may be written to (MindSpore's table)
_VALUE_TYPES = {"int": ["int32", "int64"], "float": ["float32", "float64"], "str": "string", "bytes": "bytes",
                "int32": "int32", "int64": "int64", "float32": "float32", "float64": "float64",
                "ndarray": ["int32", "int64", "float32", "float64"]}
_FIELD_NAME = re.compile(r"^[0-9A-Za-z_]+$")


def check_filename(path, arg_name="") -> bool:
    """MindSpore's file-name checks (ParamValueError on a bad name)."""
    arg_name = "File path" if arg_name == "" else "'{}'".format(arg_name)
    if not path:
        raise ParamValueError("{} is not allowed None or empty!".format(arg_name))
    if not isinstance(path, str):
        raise ParamValueError("File path: {} is not string.".format(path))
    if path.endswith("/"):
        raise ParamValueError("File path can not end with '/'")
    name = os.path.basename(path)
    if set(name) & set(r"\/:*?\"<>|`&';"):
        raise ParamValueError(r"File name should not contains \/:*?\"<>|`&;\'")
    if name.startswith(" ") or name.endswith(" "):
        raise ParamValueError("File name should not start/end with space.")
    return True


class _Shard:
    """One data file being written: its pages and the index rows of what it holds."""

    def __init__(self, path, page_size, header_size):
        self.path = path
        self.page_size = page_size
        self.header_size = header_size
        self.pages = []
        self.rows = []
        self.blob = None  # the open blob page (its row group)
        self.raw = None   # the open raw page
        self.groups = 0
        self.fh = open(path, "wb")

    def _write(self, page, offset, data):
        self.fh.seek(self.header_size + page["page_id"] * self.page_size + offset)
        self.fh.write(data)

    def _new_page(self, kind, type_id, start_row):
        page = {"page_id": len(self.pages), "shard_id": 0, "page_type": kind, "page_type_id": type_id,
                "start_row_id": start_row, "end_row_id": start_row, "row_group_ids": [], "page_size": 0}
        self.pages.append(page)
        return page

    def put(self, raw: bytes, blob: bytes, index_values: dict) -> None:
        r_len, b_len = 8 + len(raw), 8 + len(blob)
        new_raw = self.raw is None or self.raw["page_size"] + r_len > self.page_size
        if new_raw or self.blob["page_size"] + b_len > self.page_size:
            # a row group is one blob page whose rows are contiguous in one raw page
            row = self.blob["end_row_id"] if self.blob else 0
            self.blob = self._new_page("BLOB_DATA", self.groups, row)
            if new_raw:
                raws = sum(p["page_type"] == "RAW_DATA" for p in self.pages)
                self.raw = self._new_page("RAW_DATA", raws, 0)
            self.raw["row_group_ids"].append((self.groups, self.raw["page_size"]))
            self.groups += 1
        rid = self.blob["end_row_id"]
        raw_off, blob_off = self.raw["page_size"], self.blob["page_size"]
        self._write(self.raw, raw_off, len(raw).to_bytes(8, "little") + raw)
        self._write(self.blob, blob_off, len(blob).to_bytes(8, "little") + blob)
        self.raw["page_size"] += r_len
        self.blob["page_size"] += b_len
        self.blob["end_row_id"] += 1
        self.rows.append((rid, self.blob["page_type_id"], self.raw["page_id"], raw_off, raw_off + r_len,
                          self.blob["page_id"], blob_off, blob_off + b_len, index_values))

    def close(self):
        self.fh.close()


class FileWriter:
    """Writes rows to MindRecord files that MindSpore's ``MindDataset`` and ``FileReader`` read.

    ``file_name`` is the file (``shard_num`` 1) or the stem of ``shard_num`` files suffixed 0, 1, ...;
    each file gets its ``.db`` index at :meth:`commit`.

    Examples:
        >>> import numpy as np, tempfile, os
        >>> from mindjax.mindrecord import FileWriter, FileReader
        >>> path = os.path.join(tempfile.mkdtemp(), "demo.mindrecord")
        >>> w = FileWriter(path)
        >>> w.add_schema({"label": {"type": "int32"}, "x": {"type": "float32", "shape": [2]}}, "demo")
        >>> w.write_raw_data([{"label": 1, "x": np.array([0.5, 1.5], np.float32)}])
        >>> w.commit()
        >>> [r["label"] for r in FileReader(path).get_next()]
        [1]
    """

    def __init__(self, file_name: str, shard_num: int = 1, overwrite: bool = False):
        check_filename(file_name)
        if shard_num is None:
            raise ParamValueError("Parameter shard_num is None.")
        if not isinstance(shard_num, int) or isinstance(shard_num, bool):
            raise ParamValueError("Parameter shard_num's type is not int.")
        if shard_num < F.MIN_SHARD_COUNT or shard_num > F.MAX_SHARD_COUNT:
            raise ParamValueError("Parameter shard_num's value: {} should between {} and {}."
                                  .format(shard_num, F.MIN_SHARD_COUNT, F.MAX_SHARD_COUNT))
        if not isinstance(overwrite, bool):
            raise ParamValueError("Parameter overwrite's type is not bool.")
        self._file_name = file_name
        self._shard_num = shard_num
        width = len(str(shard_num - 1))
        self._paths = [file_name] if shard_num == 1 else \
            ["{}{}".format(file_name, str(x).rjust(width, "0")) for x in range(shard_num)]
        self._overwrite = overwrite
        self._schema = None
        self._desc = ""
        self._index_fields = None
        self._header_size = F.HEADER_SIZE
        self._page_size = F.PAGE_SIZE
        self._shards = None
        self._flush = False
        self._compression = 0
        self._parallel = None  # parallel_writer, fixed by the first write_raw_data
        self._calls = 0

    # ---- schema ----

    @staticmethod
    def _validate_schema(content):
        if not isinstance(content, dict):
            return False, "Schema content should be dict."
        if not content:
            return False, "Schema content is empty."
        for k, v in content.items():
            if not _FIELD_NAME.match(str(k)):
                return False, "Field '{}' should be composed of '0-9' or 'a-z' or 'A-Z' or '_'.".format(k)
            if not isinstance(v, dict) or "type" not in v:
                return False, "Field '{}' contains illegal attributes.".format(k)
            if "shape" in v or len(v) > 1:
                if v["type"] not in F.ARRAY_TYPES:
                    return False, "Field '{}' contain illegal attribute '{}'.".format(k, v["type"])
                if "shape" not in v:
                    return False, "Field '{}' contains illegal attributes.".format(v)
                if not isinstance(v["shape"], list):
                    return False, "Field '{}' contain illegal attribute '{}'.".format(k, v["shape"])
                if len(v) != 2 or any(d == 0 or d < -1 for d in v["shape"]) or v["shape"].count(-1) > 1:
                    return False, "Field '{}' contains illegal attributes.".format(v)
            elif v["type"] not in F.FIELD_TYPES:
                return False, "Field '{}' contain illegal attribute '{}'.".format(k, v["type"])
        return True, ""

    def add_schema(self, content: dict, desc: str = None) -> None:
        """Set the schema: {field: {"type": ..., optional "shape": [...]}} (one schema per file set)."""
        ok, msg = self._validate_schema(content)
        if not ok:
            raise MRMInvalidSchemaError(msg)
        self._schema = {k: dict(v) for k, v in content.items()}
        self._desc = desc if desc else ""

    def add_index(self, index_fields: list) -> None:
        """Fields (scalar ones) indexed in the ``.db``; all scalar fields when never called."""
        if not index_fields or not isinstance(index_fields, list):
            raise ParamTypeError("index_fields", "list")
        for field in index_fields:
            if self._schema and field in F.blob_fields(self._schema):
                raise MRMDefineIndexError("Failed to set field {} since it's not primitive type.".format(field))
            if not isinstance(field, str):
                raise ParamTypeError("index field", "str")
        self._index_fields = list(index_fields)

    def set_header_size(self, header_size: int) -> None:
        if not F.MIN_HEADER_SIZE <= header_size <= F.MAX_HEADER_SIZE:
            raise F.native_error("Invalid data, header size: {} should be in range [{} bytes, {} bytes]."
                                 .format(header_size, F.MIN_HEADER_SIZE, F.MAX_HEADER_SIZE))
        if header_size % 4:
            raise F.native_error("Invalid data, header size {} should be divided by four.".format(header_size))
        self._header_size = header_size

    def set_page_size(self, page_size: int) -> None:
        if not F.MIN_PAGE_SIZE <= page_size <= F.MAX_PAGE_SIZE:
            raise F.native_error("Invalid data, page size: {} should be in range [{} bytes, {} bytes]."
                                 .format(page_size, F.MIN_PAGE_SIZE, F.MAX_PAGE_SIZE))
        if page_size % 4:
            raise F.native_error("Invalid data, page size {} should be divided by four.".format(page_size))
        self._page_size = page_size

    # ---- writing ----

    def _open(self):
        if self._shards is not None:
            return
        if self._schema is None:
            raise F.native_error("Invalid data, schema is not found in header, please use 'add_schema' to add a "
                               "schema for new mindrecord files.")
        for p in self._paths:
            for f in (p, p + ".db"):
                if os.path.exists(f):
                    if not self._overwrite:
                        raise F.native_error("Invalid file, mindrecord files already exist. Please check file path: "
                                           + p + ".\nIf you do not want to keep the files, set the 'overwrite' "
                                           "parameter to True and try again.")
                    os.remove(f)
        self._shards = [_Shard(p, self._page_size, self._header_size) for p in self._paths]

    def _check_rows(self, raw_data):
        """Drop (with a warning, as MindSpore) the rows that do not match the schema."""
        errors = {}
        for field, spec in self._schema.items():
            for i, v in enumerate(raw_data):
                if i in errors:
                    continue
                if field not in v:
                    errors[i] = "for schema, {} th data is wrong, there is not field: '{}' in the raw data." \
                        .format(i, field)
                    continue
                tname = type(v[field]).__name__
                if tname not in _VALUE_TYPES or spec["type"] not in _VALUE_TYPES[tname]:
                    shown = tname if tname not in _VALUE_TYPES else spec["type"]
                    errors[i] = "for schema, {} th data is wrong, data type: '{}' for field: '{}' is not matched." \
                        .format(i, shown, field)
                    continue
                if tname == "ndarray":
                    if "shape" not in spec:
                        errors[i] = "for schema, {} th data is wrong, data shape for field: '{}' is not " \
                                    "specified.".format(i, field)
                    elif spec["type"] != str(v[field].dtype):
                        errors[i] = "for schema, {} th data is wrong, data type: '{}' for field: '{}' is not " \
                                    "matched.".format(i, str(v[field].dtype), field)
                    else:
                        try:
                            np.reshape(v[field], spec["shape"])
                        except ValueError:
                            errors[i] = "for schema, {} th data is wrong, data shape: '{}' for field: '{}' is " \
                                        "not matched.".format(i, str(v[field].shape), field)
        for i, msg in sorted(errors.items(), reverse=True):
            raw_data.pop(i)
            logger.warning(msg)

    def _scalar(self, spec, value):
        if isinstance(value, np.generic):
            value = value.item()
        if spec["type"] in ("int32", "int64"):
            return int(value)
        if spec["type"] in ("float32", "float64"):
            return float(value)
        return value

    def write_raw_data(self, raw_data: list, parallel_writer: bool = False) -> None:
        """Check ``raw_data`` (a list of dicts) against the schema and append its rows to the files."""
        if not isinstance(parallel_writer, bool):
            raise TypeError("The parameter `parallel_writer` must be bool.")
        if self._parallel is None:
            self._parallel = parallel_writer
        if self._parallel != parallel_writer:
            raise RuntimeError("The parameter `parallel_writer` must be consistent during use.")
        self._open()
        if not isinstance(raw_data, list):
            raise ParamTypeError("raw_data", "list")
        if self._flush:
            raise RuntimeError("Not allowed to call `write_raw_data` on flushed MindRecord files.When creating new "
                               "MindRecord files, please remove `commit` before `write_raw_data`. In other cases, "
                               "when appending to existing MindRecord files, please call `open_for_append` first "
                               "and then `write_raw_data`.")
        for each in raw_data:
            if not isinstance(each, dict):
                raise ParamTypeError("raw_data item", "dict")
        self._check_rows(raw_data)
        if not raw_data:
            raise RuntimeError("There is no valid data which can be written by 'write_raw_data' to mindrecord file. "
                               "Please check the abnormal input data indicated in the warning log above.")
        schema = self._schema
        scalars = F.scalar_fields(schema)
        index = self._index()
        encoded = []
        for row in raw_data:
            vals = {k: self._scalar(schema[k], row[k]) for k in scalars}
            blob = F.merge_blob(schema, row)
            if F.compresses(schema):
                plain = sum(np.asarray(row[f]).nbytes if isinstance(row[f], np.ndarray) else len(row[f])
                            for f in F.blob_fields(schema))
                plain += 8 * len(F.blob_fields(schema)) if len(F.blob_fields(schema)) > 1 else 0
                self._compression += plain - len(blob)
            encoded.append((F.pack_raw(schema, vals), blob, {k: vals[k] for k in index}))
        if max(8 + len(r) for r, _, _ in encoded) > self._page_size:
            raise F.native_error("Invalid data, Page size: {} is too small to save a raw row. Please try to use the "
                               "mindrecord api 'set_page_size(value)' to enable larger page size, and the value "
                               "range is in [{} bytes, {} bytes].".format(self._page_size, F.MIN_PAGE_SIZE,
                                                                           F.MAX_PAGE_SIZE))
        if max(8 + len(b) for _, b, _ in encoded) > self._page_size:
            raise F.native_error("Invalid data, Page size: {} is too small to save a blob row. Please try to use the "
                               "mindrecord api 'set_page_size(value)' to enable larger page size, and the value "
                               "range is in [{} bytes, {} bytes].".format(self._page_size, F.MIN_PAGE_SIZE,
                                                                           F.MAX_PAGE_SIZE))
        if self._parallel:
            # MindSpore's parallel writer hands each call's rows to one file, the files in turn
            shard = self._shards[self._calls % len(self._shards)]
            self._calls += 1
            for item in encoded:
                shard.put(*item)
            return
        # MindSpore splits each call's rows into contiguous runs, the remainder to random shards
        n, k = len(encoded), len(self._shards)
        extra = set(random.sample(range(k), n % k))
        start = 0
        for s, shard in enumerate(self._shards):
            end = start + n // k + (1 if s in extra else 0)
            for item in encoded[start:end]:
                shard.put(*item)
            start = end

    def _index(self):
        if self._index_fields is not None:
            return self._index_fields
        return [k for k in sorted(self._schema) if k not in F.blob_fields(self._schema)]

    def commit(self) -> None:
        """Write the headers and the ``.db`` index files; the files are complete after it."""
        self._open()
        self._flush = True
        names = [os.path.basename(p) for p in self._paths]
        meta = {"header_size": self._header_size, "page_size": self._page_size, "schema": self._schema,
                "desc": self._desc, "index_fields": self._index(), "shard_addresses": names,
                "compression_size": self._compression}
        meta["pages"] = [[dict(p, shard_id=s) for p in sh.pages] for s, sh in enumerate(self._shards)]
        for s, shard in enumerate(self._shards):
            text = F.header_text(meta, s).encode("utf-8")
            if len(text) + 8 > self._header_size:
                shard.close()
                raise F.native_error("[Internal ERROR] shard header is too big.")
            shard.fh.seek(0)
            shard.fh.write(len(text).to_bytes(8, "little") + text)
            shard.close()
            F.write_index(shard.path + ".db", names[s], self._schema, meta["index_fields"], shard.rows)
            for f in (shard.path, shard.path + ".db"):
                os.chmod(f, stat.S_IRUSR | stat.S_IWUSR)

    @classmethod
    def open_for_append(cls, file_name: str) -> "FileWriter":
        """A writer that appends rows to the existing single MindRecord file ``file_name``."""
        from .filereader import _load_shard  # the reader parses what the writer appends to
        check_filename(file_name)
        shard = _load_shard(file_name)
        if len(shard["header"]["shard_addresses"]) != 1:
            raise RuntimeError("Invalid file, appending is supported to a single mindrecord file.")
        self = cls(file_name, 1, True)
        header = shard["header"]
        self._schema = header["schema"][0]["schema"]
        self._desc = header["schema"][0]["desc"]
        self._index_fields = [f["index_field"] for f in header.get("index_fields") or []]
        self._header_size, self._page_size = header["header_size"], header["page_size"]
        self._compression = header.get("compression_size", 0)
        # keep what is there: the existing rows are read back and written again with the new ones
        from .filereader import FileReader
        reader = FileReader(file_name)
        old = list(reader._rows(integral_floats_as_int=False))
        reader.close()
        self._overwrite = True
        self._open()
        if old:
            self.write_raw_data(old)
        return self

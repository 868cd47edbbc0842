"""``mindspore.mindrecord.FileReader``: the rows of MindRecord files as dicts."""
import os

import numpy as np

from . import _format as F
from .common.exceptions import MRMUnsupportedSchemaError, ParamTypeError, ParamValueError
from .filewriter import check_filename

__all__ = ["FileReader"]

_INT64_MIN = -(1 << 63)


def _load_shard(path: str) -> dict:
    """Header and index rows of one shard, with MindSpore's errors for a missing or foreign file."""
    real = os.path.realpath(path)
    if not os.path.isfile(real):
        raise F.native_error("Invalid file, failed to open mindrecord file: " + path +
                             ". Please check file path, permission and open files limit(ulimit -a).")
    try:
        header = F.read_header(real)
    except (ValueError, UnicodeDecodeError, OSError):
        raise F.native_error("Invalid file, the size of mindrecord file header is larger than the upper limit. \n"
                           "The invalid mindrecord file is [" + path + "].") from None
    if header.get("version") not in ("2.0", F.VERSION):
        raise F.native_error("Invalid file, the version of mindrecord files" + str(header.get("version")) +
                           " is not supported.\nPlease use 'FileWriter' to generate valid mindrecord files.")
    db = real + ".db"
    if not os.path.isfile(db):
        raise F.native_error("Invalid file, failed to open mindrecord meta files while verifying meta file. Please "
                           "check the meta file: " + path + ".db")
    return {"path": real, "header": header, "rows": F.read_index(db)}


def dataset_files(file_name) -> list:
    """The data files of a set: a list as given, or every file the header of ``file_name`` names
    (looked for beside it)."""
    if isinstance(file_name, list):
        return list(file_name)
    shard = _load_shard(file_name)
    names = shard["header"]["shard_addresses"]
    folder = os.path.dirname(os.path.realpath(file_name))
    files = [os.path.join(folder, n) for n in names]
    for f in files:
        if not os.path.isfile(f):
            raise F.native_error("Invalid file, failed to find mindrecord file: " + f +
                               ", please check the file is existed.")
    return files


class MindRecordSet:
    """The shards of one MindRecord set opened for reading: schema, rows in file order, row access."""

    def __init__(self, file_name):
        self.shards = [_load_shard(f) for f in dataset_files(file_name)]
        first = self.shards[0]["header"]
        self.schema = first["schema"][0]["schema"]
        self.blob_fields = first["schema"][0].get("blob_fields", F.blob_fields(self.schema))
        self.page_size = first["page_size"]
        self.header_size = first["header_size"]
        # (shard index, index row) per sample; shard_counts: cumulative samples per file
        self.samples = [(s, r) for s, sh in enumerate(self.shards) for r in sh["rows"]]
        self.shard_counts = list(np.cumsum([len(sh["rows"]) for sh in self.shards]).tolist())
        self._fh = {}

    def __len__(self):
        return len(self.samples)

    def _file(self, s):
        fh = self._fh.get(s)
        if fh is None:
            fh = self._fh[s] = open(self.shards[s]["path"], "rb")
        return fh

    def _read(self, s, page, start, end):
        fh = self._file(s)
        fh.seek(self.header_size + page * self.page_size + start)
        return fh.read(end - start)

    def row(self, i, columns=None):
        """Sample ``i``: (scalar values dict, {blob field: bytes})."""
        s, (_, raw_page, raw_off, raw_end, blob_page, blob_off, blob_end) = self.samples[i]
        raw = self._read(s, raw_page, raw_off, raw_end)
        n = int.from_bytes(raw[:8], "little")
        values = F.unpack_raw(raw[8:8 + n])
        values = {k: v for k, v in values.items() if k in self.schema and (columns is None or k in columns)}
        wanted = [f for f in self.blob_fields if columns is None or f in columns]
        blobs = {}
        if wanted:
            blob = self._read(s, blob_page, blob_off, blob_end)
            blobs = F.split_blob(self.schema, blob[8:8 + int.from_bytes(blob[:8], "little")], wanted)
        return values, blobs

    def close(self):
        for fh in self._fh.values():
            fh.close()
        self._fh = {}


def _reader_value(v):
    """MindSpore's FileReader hands integral floats back as Python ints (a C++ int64 cast)."""
    if isinstance(v, float) and v.is_integer():
        return int(v) if -(1 << 63) <= v < (1 << 63) else _INT64_MIN
    return v


class FileReader:
    """Reads MindRecord files row by row.

    ``file_name`` is one file of a set (all files the set was written as are read) or a list of
    files (only those). ``columns`` selects fields.

    Examples:
        >>> import numpy as np, tempfile, os
        >>> from mindjax.mindrecord import FileWriter, FileReader
        >>> path = os.path.join(tempfile.mkdtemp(), "r.mindrecord")
        >>> w = FileWriter(path)
        >>> w.add_schema({"name": {"type": "string"}, "n": {"type": "int64"}})
        >>> w.write_raw_data([{"name": "a", "n": 1}, {"name": "b", "n": 2}])
        >>> w.commit()
        >>> reader = FileReader(path)
        >>> [(r["name"], r["n"]) for r in reader.get_next()]
        [('a', 1), ('b', 2)]
        >>> reader.close()
    """

    def __init__(self, file_name, num_consumer: int = 4, columns: list = None, operator=None):
        if isinstance(file_name, list):
            for f in file_name:
                check_filename(f)
        else:
            check_filename(file_name)
        # MindSpore checks num_consumer only when it is passed (its default 4 goes unchecked)
        if num_consumer is not None and num_consumer != 4:
            if not isinstance(num_consumer, int):
                raise ParamValueError("Parameter num_consumer is not int.")
            top = os.cpu_count() or 1
            if num_consumer < 1 or num_consumer > top:
                raise ParamValueError("Parameter num_consumer: {} should between {} and {}."
                                      .format(num_consumer, 1, top))
        if columns:
            if not isinstance(columns, list):
                raise ParamTypeError("columns", "list")
            self._columns = columns
        else:
            self._columns = None
        for f in (file_name if isinstance(file_name, list) else [file_name]):
            for path in (f, f + ".db"):  # MindSpore looks for both before opening anything
                if not os.path.exists(path):
                    raise RuntimeError("The input: {} is not exists.".format(path))
        self._set = MindRecordSet(file_name)
        if self._columns:
            for c in self._columns:
                if c not in self._set.schema:
                    raise F.native_error("Invalid data, column name: " + c + " can not found in schema. Please "
                                       "check the 'column_list'.")

    def _rows(self, integral_floats_as_int=True):
        schema = self._set.schema
        for i in range(len(self._set)):
            values, blobs = self._set.row(i, self._columns)
            out = {k: _reader_value(v) for k, v in sorted(values.items())} if integral_floats_as_int \
                else dict(sorted(values.items()))
            for f in self._set.blob_fields:
                if f not in blobs:
                    continue
                shape = schema[f].get("shape")
                if shape:
                    try:
                        out[f] = np.reshape(np.frombuffer(blobs[f], dtype=schema[f]["type"]), shape)
                    except ValueError:
                        raise MRMUnsupportedSchemaError("Shape in schema is illegal.") from None
                else:
                    out[f] = bytes(blobs[f])
            yield out

    def get_next(self):
        """Yield each row as a dict {field: value} (ndarray for array fields, bytes, str, int, float)."""
        yield from self._rows()

    def close(self) -> None:
        self._set.close()

    def schema(self) -> dict:
        return self._set.schema

    def len(self) -> int:
        return len(self._set)

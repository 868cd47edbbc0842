"""MindSpore's MindRecord file format, written and read in Python.

A MindRecord shard is one data file and one SQLite index file (``<name>.db``):

* the data file starts with an 8-byte little-endian length and the header JSON (compact, keys in
  the order MindSpore writes them), padded to ``header_size`` (16 MB by default); then pages of
  ``page_size`` bytes (32 MB), page ``k`` at ``header_size + k * page_size`` (the file is sparse:
  only the used part of each page is written);
* a BLOB page holds one row group: per row an 8-byte LE length and the row's blob (the bytes /
  ndarray fields; several fields are each prefixed by an 8-byte big-endian length; int32/int64
  arrays are packed to their smallest width when the schema has any such array);
* a RAW page holds, per row, an 8-byte LE length and the msgpack of the scalar fields (a JSON
  object with sorted keys); the rows of one row group are contiguous in one raw page, whose
  ``row_group_ids`` say at which offset each group starts;
* the index ``INDEXES`` table gives, per row, its raw and blob page and byte range and the value of
  each index field; ``SHARD_NAME`` holds the data file's name.
"""
import json
import os
import sqlite3
import struct

import numpy as np

VERSION = "3.0"
HEADER_SIZE = 1 << 24
PAGE_SIZE = 1 << 25
MIN_HEADER_SIZE, MAX_HEADER_SIZE = 1 << 14, 1 << 27
MIN_PAGE_SIZE, MAX_PAGE_SIZE = 1 << 15, 1 << 28
MIN_SHARD_COUNT, MAX_SHARD_COUNT = 1, 1000
FIELD_TYPES = ("int32", "int64", "float32", "float64", "string", "bytes")
ARRAY_TYPES = ("int32", "int64", "float32", "float64")
_SQL_TYPE = {"string": "TEXT", "int32": "INTEGER", "int64": "INTEGER", "float32": "REAL", "float64": "REAL",
             "bytes": "BLOB"}
_INT_WIDTH = {"int32": 4, "int64": 8}


def native_error(text: str) -> RuntimeError:
    """The RuntimeError MindSpore raises for a failure in its C++ MindRecord code."""
    sep = "-" * 66 + "\n"
    return RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. \n\n"
                        + sep + "- Dataset Pipeline Error Message: \n" + sep + "[ERROR] " + text + "\n")


def _dumps(obj) -> str:
    """JSON as nlohmann's dump() writes it: compact, UTF-8 kept as is."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def blob_fields(schema: dict) -> list:
    """Fields kept in blob pages: bytes, and numbers with a shape (sorted, as MindSpore's JSON object)."""
    return [k for k in sorted(schema) if schema[k]["type"] == "bytes" or "shape" in schema[k]]


def scalar_fields(schema: dict) -> list:
    return [k for k in sorted(schema) if k not in blob_fields(schema)]


def compresses(schema: dict) -> bool:
    """MindSpore packs integer arrays when the schema has any int32/int64 field with a shape."""
    return any(v["type"] in _INT_WIDTH and "shape" in v for v in schema.values())


# ---- integer packing of int32/int64 arrays (4-byte BE count, 2-bit width codes, LE values) ----

def pack_ints(data: bytes, type_name: str) -> bytes:
    width = _INT_WIDTH[type_name]
    vals = np.frombuffer(data, "<i4" if width == 4 else "<i8").astype(np.int64)
    n = vals.size
    codes = np.full(n, 3, np.uint8)
    codes[(vals >= -(1 << 31)) & (vals < (1 << 31))] = 2
    codes[(vals >= -(1 << 15)) & (vals < (1 << 15))] = 1
    codes[(vals >= -128) & (vals < 128)] = 0
    bitmap = bytearray((n + 3) // 4)
    for i, c in enumerate(codes.tolist()):
        bitmap[i // 4] |= c << (2 * (3 - i % 4))
    body = b"".join(int(v).to_bytes(1 << int(c), "little", signed=True) for v, c in zip(vals.tolist(), codes))
    return n.to_bytes(4, "big") + bytes(bitmap) + body


def unpack_ints(data: bytes, type_name: str) -> bytes:
    n = int.from_bytes(data[:4], "big")
    pos = 4 + (n + 3) // 4
    out = np.empty(n, np.int64)
    for i in range(n):
        code = (data[4 + i // 4] >> (2 * (3 - i % 4))) & 3
        w = 1 << code
        out[i] = int.from_bytes(data[pos:pos + w], "little", signed=True)
        pos += w
    return out.astype("<i4" if type_name == "int32" else "<i8").tobytes()


def merge_blob(schema: dict, values: dict) -> bytes:
    """One row's blob: the bytes of its blob fields (length-prefixed when several), packed as MindSpore does."""
    fields = blob_fields(schema)
    if not fields:
        return b"\x00\x00\x00\x00"  # MindSpore's 4-byte dummy blob for rows without blob fields
    pack = compresses(schema)
    parts = []
    for f in fields:
        v = values[f]
        raw = np.ascontiguousarray(v).astype(schema[f]["type"], copy=False).tobytes() \
            if isinstance(v, np.ndarray) else bytes(v)
        if pack and schema[f]["type"] in _INT_WIDTH:
            raw = pack_ints(raw, schema[f]["type"])
        parts.append(raw)
    if len(fields) == 1:
        return parts[0]
    return b"".join(len(p).to_bytes(8, "big") + p for p in parts)


def split_blob(schema: dict, blob: bytes, wanted=None) -> dict:
    """The blob fields of one row back as bytes (unpacked), ``wanted`` a subset or None for all."""
    fields = blob_fields(schema)
    pack = compresses(schema)
    out = {}
    pos = 0
    for f in fields:
        if len(fields) == 1:
            chunk = blob
        else:
            size = int.from_bytes(blob[pos:pos + 8], "big")
            chunk = blob[pos + 8:pos + 8 + size]
            pos += 8 + size
        if wanted is not None and f not in wanted:
            continue
        if pack and schema[f]["type"] in _INT_WIDTH:
            chunk = unpack_ints(chunk, schema[f]["type"])
        out[f] = chunk
    return out


def _pack_float(v: float) -> bytes:
    """A float as nlohmann's msgpack writes it: float32 when that holds it exactly (or it is not finite)."""
    f32 = np.float32(v) if abs(v) <= 3.4028234663852886e38 or not np.isfinite(v) else None
    if not np.isfinite(v) or (f32 is not None and float(f32) == v):
        return b"\xca" + struct.pack(">f", v)
    return b"\xcb" + struct.pack(">d", v)


def pack_raw(schema: dict, row: dict) -> bytes:
    """The msgpack of a row's scalar fields (a map with sorted keys, as MindSpore's JSON object)."""
    import msgpack  # imported here: reading datasets of other formats does not need it
    fields = scalar_fields(schema)
    obj = {k: row[k] for k in fields} if fields else {"id": 0}  # MindSpore's dummy id when all are blobs
    packer = msgpack.Packer(use_bin_type=True)
    out = [packer.pack_map_header(len(obj))]
    for k in sorted(obj):
        v = obj[k]
        out.append(packer.pack(k))
        out.append(_pack_float(v) if isinstance(v, float) else packer.pack(v))
    return b"".join(out)


def unpack_raw(data: bytes) -> dict:
    import msgpack
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


# ---- header ----

def schema_json(schema: dict, desc: str) -> dict:
    body = {k: {kk: schema[k][kk] for kk in sorted(schema[k])} for k in sorted(schema)}
    return {"blob_fields": blob_fields(schema), "desc": desc, "schema": body}


def page_json(p: dict) -> dict:
    return {"end_row_id": p["end_row_id"], "page_id": p["page_id"], "page_size": p["page_size"],
            "page_type": p["page_type"], "page_type_id": p["page_type_id"],
            "row_group_ids": [{"id": i, "offset": o} for i, o in (p["row_group_ids"] or [(0, 0)])],
            "shard_id": p["shard_id"], "start_row_id": p["start_row_id"]}


def header_text(meta: dict, shard_id: int) -> str:
    """The header JSON of one shard, fields in MindSpore's order."""
    pages = meta["pages"][shard_id]
    parts = [
        '"header_size":%d' % meta["header_size"],
        '"index_fields":' + (_dumps([{"index_field": f, "schema_id": 0} for f in meta["index_fields"]])
                             if meta["index_fields"] else "null"),
        '"page":' + (_dumps([page_json(p) for p in pages]) if pages else "null"),
        '"page_size":%d' % meta["page_size"],
        '"compression_size":%d' % max(meta.get("compression_size", 0), 0),
        '"schema":' + _dumps([schema_json(meta["schema"], meta["desc"])]),
        '"shard_addresses":' + _dumps(meta["shard_addresses"]),
        '"shard_id":%d' % shard_id,
        '"statistics":null',
        '"version":"%s"' % VERSION,
    ]
    return "{" + ",".join(parts) + "}"


def read_header(path: str) -> dict:
    """The header JSON of a MindRecord data file; ValueError when it is not one."""
    with open(path, "rb") as f:
        head = f.read(8)
        if len(head) < 8:
            raise ValueError("too short")
        n = int.from_bytes(head, "little")
        if n <= 0 or n > MAX_HEADER_SIZE:
            raise ValueError("bad header length")
        text = f.read(n)
    if len(text) != n:
        raise ValueError("truncated header")
    header = json.loads(text.decode("utf-8"))
    if not isinstance(header, dict) or "schema" not in header or "page_size" not in header:
        raise ValueError("not a MindRecord header")
    return header


# ---- index database ----

def write_index(db_path: str, shard_name: str, schema: dict, index_fields: list, rows: list) -> None:
    """The ``.db`` of one shard; ``rows``: (row_id, group_id, raw_page, raw_off, raw_end, blob_page,
    blob_off, blob_end, {field: value})."""
    if os.path.exists(db_path):
        os.remove(db_path)
    con = sqlite3.connect(db_path)
    try:
        cols = ("  ROW_ID               INT  NOT NULL, PAGE_ID_RAW          INT  NOT NULL"
                ", PAGE_OFFSET_RAW      INT  NOT NULL, PAGE_OFFSET_RAW_END  INT  NOT NULL"
                ", ROW_GROUP_ID         INT  NOT NULL, PAGE_ID_BLOB         INT  NOT NULL"
                ", PAGE_OFFSET_BLOB     INT  NOT NULL, PAGE_OFFSET_BLOB_END INT  NOT NULL")
        for i, f in enumerate(index_fields):
            cols += ",INC_%d INT, %s_0 %s" % (i, f, _SQL_TYPE[schema[f]["type"]])
        key = "".join(",INC_%d" % i for i in range(len(index_fields)))
        con.execute("CREATE TABLE INDEXES(%s, PRIMARY KEY(ROW_ID%s));" % (cols, key))
        con.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL);")
        con.execute("INSERT INTO SHARD_NAME (NAME) VALUES (?);", (shard_name,))
        names = ["ROW_ID", "ROW_GROUP_ID", "PAGE_ID_RAW", "PAGE_OFFSET_RAW", "PAGE_OFFSET_RAW_END",
                 "PAGE_ID_BLOB", "PAGE_OFFSET_BLOB", "PAGE_OFFSET_BLOB_END"]
        for i, f in enumerate(index_fields):
            names += ["INC_%d" % i, f + "_0"]
        sql = "INSERT INTO INDEXES (%s) VALUES (%s)" % (",".join(names), ",".join("?" * len(names)))
        con.executemany(sql, [list(r[:8]) + [v for f in index_fields for v in (0, r[8][f])] for r in rows])
        con.commit()
    finally:
        con.close()


def read_index(db_path: str) -> list:
    """(row_id, raw_page, raw_off, raw_end, blob_page, blob_off, blob_end) per row, in ROW_ID order."""
    con = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True)
    try:
        return con.execute("SELECT ROW_ID, PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, "
                           "PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END FROM INDEXES ORDER BY ROW_ID;").fetchall()
    finally:
        con.close()


def read_shard_name(db_path: str) -> str:
    con = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True)
    try:
        return con.execute("SELECT NAME from SHARD_NAME;").fetchone()[0]
    finally:
        con.close()

"""MindSpore 2.10 checkpoint file formats (``.ckpt`` protobuf and ``.safetensors``).

Pure numpy + protobuf (+ safetensors for that format, + ml_dtypes for bfloat16
when available).  Nothing here imports jax or the rest of mindjax, so the
module can be imported and tested on its own.

``.ckpt`` layout (MindSpore 2.10, ``mindspore/train/checkpoint_pb2.py``)::

    syntax = "proto2";
    message Checkpoint {
      message Value {
        required string tag = 1;
        oneof value { TensorProto tensor = 2; MapTensorProto maptensor = 3; }
      }
      repeated Value value = 1;
    }
    message TensorProto {
      repeated int64 dims = 1;            // unpacked (proto2 default)
      required string tensor_type = 2;    // "Float32", "Int64", "BFloat16", "str", ...
      required bytes tensor_content = 3;  // raw little-endian C-order bytes
    }
    message MapTensorProto { repeated TensorProto tensor = 1; }

The file is a concatenation of serialized one-``Value`` ``Checkpoint``
messages (which protobuf parses as one message with repeated ``value``).  A
tensor bigger than 512 MiB is split over consecutive ``Value`` entries with the
same tag and the full dims; readers join consecutive same-tag contents.  With
``crc_check=True`` MindSpore appends a 17-byte trailer
``b"crc_num" + crc32(all preceding bytes).to_bytes(10, "big")``; its loader
always strips that trailer and verifies it only when asked.
"""
from __future__ import annotations

import binascii
import os
import re
import uuid
from typing import Iterable

import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError

__all__ = [
    "MS_TO_NP_DTYPE",
    "ms_dtype_name",
    "np_dtype_for",
    "write_ckpt",
    "read_ckpt",
    "write_safetensors",
    "read_safetensors",
    "CheckpointNotFoundError",
    "SLICE_BYTES",
]

# --------------------------------------------------------------------------
# dtypes
# --------------------------------------------------------------------------
try:  # ml_dtypes ships with jaxlib; it is optional for this module.
    import ml_dtypes as _ml_dtypes

    _BF16 = np.dtype(_ml_dtypes.bfloat16)
except Exception:  # pragma: no cover - exercised only without ml_dtypes
    _ml_dtypes = None
    _BF16 = None

MS_TO_NP_DTYPE: dict[str, np.dtype] = {
    "Bool": np.dtype(np.bool_),
    "Int8": np.dtype(np.int8),
    "UInt8": np.dtype(np.uint8),
    "Int16": np.dtype(np.int16),
    "UInt16": np.dtype(np.uint16),
    "Int32": np.dtype(np.int32),
    "UInt32": np.dtype(np.uint32),
    "Int64": np.dtype(np.int64),
    "UInt64": np.dtype(np.uint64),
    "Float16": np.dtype(np.float16),
    "Float32": np.dtype(np.float32),
    "Float64": np.dtype(np.float64),
}
if _BF16 is not None:
    MS_TO_NP_DTYPE["BFloat16"] = _BF16

_NP_TO_MS = {v: k for k, v in MS_TO_NP_DTYPE.items()}
STR_TYPE = "str"
CRC_MAGIC = b"crc_num"
_CRC_TRAILER_LEN = len(CRC_MAGIC) + 10
# MindSpore splits tensors larger than SLICE_SIZE KiB (512 MiB) into several
# Value entries; keep every serialized message far below protobuf's 2 GiB cap.
SLICE_BYTES = 512 * 1024 * 1024


def ms_dtype_name(dtype) -> str:
    """MindSpore dtype string (``str(mstype)``) for a numpy dtype."""
    dt = np.dtype(dtype)
    if dt.kind == "U":
        return STR_TYPE
    try:
        return _NP_TO_MS[dt.newbyteorder("=")]
    except KeyError:
        raise TypeError(f"dtype {dt} has no MindSpore checkpoint type") from None


def np_dtype_for(ms_name: str) -> np.dtype:
    try:
        return MS_TO_NP_DTYPE[ms_name]
    except KeyError:
        if ms_name == "BFloat16":
            raise TypeError("reading/writing BFloat16 needs the ml_dtypes package") from None
        raise TypeError(f"unsupported checkpoint tensor_type {ms_name!r}") from None


# --------------------------------------------------------------------------
# protobuf messages, built at runtime in a private pool
# --------------------------------------------------------------------------
def _build_messages():
    f = descriptor_pb2.FileDescriptorProto()
    f.name = "mindjax/train/ckpt_checkpoint.proto"
    f.syntax = "proto2"
    FD = descriptor_pb2.FieldDescriptorProto
    OPT, REQ, REP = FD.LABEL_OPTIONAL, FD.LABEL_REQUIRED, FD.LABEL_REPEATED

    def field(msg, name, number, label, ftype, type_name=None, oneof=None):
        fd = msg.field.add(name=name, number=number, label=label, type=ftype)
        if type_name:
            fd.type_name = type_name
        if oneof is not None:
            fd.oneof_index = oneof
        return fd

    tp = f.message_type.add(name="TensorProto")
    field(tp, "dims", 1, REP, FD.TYPE_INT64)
    field(tp, "tensor_type", 2, REQ, FD.TYPE_STRING)
    field(tp, "tensor_content", 3, REQ, FD.TYPE_BYTES)

    mtp = f.message_type.add(name="MapTensorProto")
    field(mtp, "tensor", 1, REP, FD.TYPE_MESSAGE, ".TensorProto")

    ck = f.message_type.add(name="Checkpoint")
    val = ck.nested_type.add(name="Value")
    val.oneof_decl.add(name="value")
    field(val, "tag", 1, REQ, FD.TYPE_STRING)
    field(val, "tensor", 2, OPT, FD.TYPE_MESSAGE, ".TensorProto", oneof=0)
    field(val, "maptensor", 3, OPT, FD.TYPE_MESSAGE, ".MapTensorProto", oneof=0)
    field(ck, "value", 1, REP, FD.TYPE_MESSAGE, ".Checkpoint.Value")

    pool = descriptor_pool.DescriptorPool()
    pool.Add(f)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("Checkpoint"))


Checkpoint = _build_messages()


# --------------------------------------------------------------------------
# errors / helpers
# --------------------------------------------------------------------------
class CheckpointNotFoundError(FileNotFoundError, ValueError):
    """Missing checkpoint file.  MindSpore raises ValueError; this is both."""


def _corrupt(path: str, why: str) -> ValueError:
    return ValueError(
        f"Failed to read the checkpoint file {path}: {why}; "
        f"it may be truncated or corrupted, and the content cannot be parsed.")


def _check_readable(path: str, what: str) -> str:
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"the {what} file name must be a str, but got {type(path)}.")
    real = os.path.realpath(os.fspath(path))
    if not os.path.exists(real):
        raise CheckpointNotFoundError(
            2, f"For 'load_checkpoint', the checkpoint file: {real} does not exist, please check "
               f"whether the 'ckpt_file_name' is correct.", real)
    if os.path.isdir(real):
        raise ValueError(f"Failed to read the checkpoint file {real}: it is a directory.")
    return real


def _read_bytes(real: str) -> bytes:
    try:
        with open(real, "rb") as fh:
            return fh.read()
    except OSError as e:
        raise ValueError(f"Failed to read the checkpoint file {real}. May not have permission to "
                         f"read it, please check the correct of the file. ({e})") from e


def _fsync_dir(dirname: str) -> None:
    try:
        fd = os.open(dirname, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _tmp_name(path: str) -> str:
    d, base = os.path.split(path)
    return os.path.join(d, f".{base}.{os.getpid()}.{uuid.uuid4().hex[:12]}.tmp")


# the temp files _tmp_name makes: ".<target name>.<writer pid>.<12 hex digits>.tmp"
_TMP_RE = re.compile(r"^\.(?P<base>.+)\.(?P<pid>\d+)\.[0-9a-f]{12}\.tmp$")


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):  # another user's process, or no way to ask: assume it lives
        return True
    return True


def remove_stale_temps(dirname: str) -> list:
    """Delete the temp files that interrupted saves (a process killed mid-write) left in ``dirname``:
    only names of this module's own pattern whose writer process no longer exists. Returns the
    paths removed. A temp file of a live writer is never touched."""
    removed = []
    try:
        names = os.listdir(dirname or ".")
    except OSError:
        return removed
    for name in names:
        m = _TMP_RE.match(name)
        if m is None or _pid_alive(int(m.group("pid"))):
            continue
        full = os.path.join(dirname, name)
        try:
            if os.path.isfile(full) and not os.path.islink(full):
                os.unlink(full)
                removed.append(full)
        except OSError:
            pass
    return removed


def _atomic_write(path: str, write_fn) -> None:
    """Call ``write_fn(fileobj)`` on a temp file next to *path*, fsync, rename.

    On any failure (including KeyboardInterrupt) the temp file is removed and a
    previous file at *path* is left untouched."""
    path = os.path.realpath(os.fspath(path))
    if os.path.isdir(path):
        raise IsADirectoryError(
            f"For 'save_checkpoint', the parameter `ckpt_file_name`: {path} is a directory, "
            f"it must be a file name.")
    remove_stale_temps(os.path.dirname(path))
    tmp = _tmp_name(path)
    # 0o666 & ~umask, like a plain open(..., "wb")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as fh:
            write_fn(fh, tmp)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(os.path.dirname(path))


def _as_entry_array(name: str, value, ms_type: str | None):
    """Normalise one entry to (C-contiguous little-endian ndarray, ms type name)."""
    if isinstance(value, str) or (isinstance(value, np.ndarray) and value.dtype.kind == "U"):
        if ms_type not in (None, STR_TYPE):
            raise TypeError(f"checkpoint entry {name!r}: a string value needs dtype 'str', got {ms_type!r}")
        s = str(value if isinstance(value, str) else value.reshape(()).item())
        return np.array(s), STR_TYPE
    arr = np.asarray(value)
    if ms_type is None:
        ms_type = ms_dtype_name(arr.dtype)
    if ms_type == STR_TYPE:
        raise TypeError(f"checkpoint entry {name!r}: dtype 'str' needs a str value")
    np_dt = np_dtype_for(ms_type)
    if arr.dtype != np_dt:
        arr = arr.astype(np_dt)
    if np_dt.byteorder == ">" or (np_dt.byteorder == "=" and not _LITTLE):
        arr = arr.astype(np_dt.newbyteorder("<"))
    if not arr.flags.c_contiguous:
        arr = arr.copy(order="C")  # (np.ascontiguousarray would turn 0-d into 1-d)
    return arr, ms_type


_LITTLE = np.little_endian


def _convert_append_value(name, value):
    """MindSpore's save_checkpoint: int -> Int64, float -> Float32, bool -> Bool,
    str -> 'str', Tensor/array -> its own dtype."""
    if isinstance(value, (bool, np.bool_)):
        return np.array(bool(value)), "Bool"
    if isinstance(value, (int, np.integer)):
        return np.array(int(value), dtype=np.int64), "Int64"
    if isinstance(value, (float, np.floating)) and not isinstance(value, np.ndarray):
        return np.array(value, dtype=np.float32), "Float32"
    if isinstance(value, str):
        return value, STR_TYPE
    return np.asarray(value), None


def _iter_entries(entries, append_dict):
    for ent in entries:
        if len(ent) == 2:
            name, value = ent
            ms_type = None
        else:
            name, value, ms_type = ent
        yield name, value, ms_type
    if append_dict:
        for name, value in append_dict.items():
            if not isinstance(name, str):
                raise TypeError(f"append_dict keys must be str, got {type(name)}")
            v, t = _convert_append_value(name, value)
            yield name, v, t


# --------------------------------------------------------------------------
# .ckpt
# --------------------------------------------------------------------------
def _serialize_entry(name: str, arr: np.ndarray, ms_type: str) -> list[bytes]:
    """Serialized one-Value Checkpoint messages for one tensor (several if > SLICE_BYTES)."""
    if ms_type == STR_TYPE:
        dims = [0]
        content = arr.tobytes()  # numpy '<U' = UTF-32-LE, as MindSpore writes it
    else:
        dims = [int(d) for d in arr.shape]
        content = arr.tobytes()
    chunks = [content[i:i + SLICE_BYTES] for i in range(0, len(content), SLICE_BYTES)] or [b""]
    out = []
    for chunk in chunks:
        msg = Checkpoint()
        v = msg.value.add()
        v.tag = name
        v.tensor.dims.extend(dims)
        v.tensor.tensor_type = ms_type
        v.tensor.tensor_content = chunk
        out.append(msg.SerializeToString())
    return out


def write_ckpt(path: str, entries: Iterable[tuple], append_dict: dict | None = None,
               crc: bool = True) -> None:
    """Write a MindSpore 2.10 ``.ckpt`` file atomically.

    entries: iterable of ``(name, array, ms_dtype_name)``; ``ms_dtype_name`` may be
    ``None`` (or the tuple 2 long) to derive it from the array dtype; arrays whose
    dtype differs from the named type are cast.  A ``str`` value (type "str") is
    stored like MindSpore stores append_dict strings.  ``append_dict`` values are
    converted as MindSpore does (int->Int64, float->Float32, bool->Bool, str->str)
    and written after the entries.  With ``crc`` (default) the MindSpore
    ``crc_num`` trailer is appended, which ``load_checkpoint(..., crc_check=True)``
    verifies and plain loads skip.
    """
    items = []
    names = set()
    for name, value, ms_type in _iter_entries(entries, append_dict):
        if not isinstance(name, str):
            raise TypeError(f"checkpoint entry names must be str, got {type(name)}")
        if name in names:
            raise ValueError(f"duplicate checkpoint entry name {name!r}")
        names.add(name)
        arr, ms_type = _as_entry_array(name, value, ms_type)
        items.append((name, arr, ms_type))

    def write(fh, _tmp):
        crc_num = 0
        for name, arr, ms_type in items:
            for blob in _serialize_entry(name, arr, ms_type):
                if crc:
                    crc_num = binascii.crc32(blob, crc_num)
                fh.write(blob)
        if crc:
            fh.write(CRC_MAGIC + crc_num.to_bytes(10, byteorder="big"))

    _atomic_write(path, write)


def _has_unknown_fields(msg) -> bool:
    try:
        from google.protobuf.unknown_fields import UnknownFieldSet
    except ImportError:  # pragma: no cover
        return False
    if len(UnknownFieldSet(msg)):
        return True
    for v in msg.value:
        if len(UnknownFieldSet(v)):
            return True
        if v.HasField("tensor") and len(UnknownFieldSet(v.tensor)):
            return True
    return False


def _decode_tensor(path, tag, dims, ms_type, content: bytes):
    if ms_type == STR_TYPE:
        if len(content) % 4:
            raise _corrupt(path, f"string entry {tag!r} has {len(content)} bytes, not a multiple of 4")
        n = len(content) // 4
        if n == 0:
            return np.array("")
        try:
            return np.frombuffer(content, dtype=f"<U{n}")[0].copy()
        except Exception as e:  # invalid code points
            raise _corrupt(path, f"string entry {tag!r} is not valid UTF-32: {e}") from e
    try:
        dt = np_dtype_for(ms_type)
    except TypeError as e:
        raise _corrupt(path, f"entry {tag!r} has unknown tensor_type {ms_type!r}") from e
    if any(d < 0 for d in dims):
        raise _corrupt(path, f"entry {tag!r} has negative dims {dims}")
    shape = tuple(dims)
    # MindSpore's loader maps dims == [0] to a scalar (shape ()).
    if shape == (0,) and len(content) == dt.itemsize:
        shape = ()
    count = int(np.prod(shape, dtype=np.int64)) if shape else 1
    if count * dt.itemsize != len(content):
        raise _corrupt(path, f"entry {tag!r} of type {ms_type} and shape {shape} needs "
                             f"{count * dt.itemsize} bytes but has {len(content)}")
    if dt == np.bool_:
        return (np.frombuffer(content, dtype=np.uint8) != 0).reshape(shape)
    le = dt.newbyteorder("<") if dt.itemsize > 1 else dt
    arr = np.frombuffer(content, dtype=le).reshape(shape)
    return arr.astype(dt, copy=True)


def read_ckpt(path: str) -> dict[str, tuple[np.ndarray, str]]:
    """Read a MindSpore ``.ckpt`` file: ``{name: (array, ms_dtype_name)}`` in file order.

    "str" entries (append_dict strings) come back as 0-d numpy unicode arrays.
    A ``crc_num`` trailer, when present, is always verified.  Raises
    ``CheckpointNotFoundError`` (a FileNotFoundError *and* ValueError) for a
    missing file and ``ValueError`` naming the file for anything unreadable.
    """
    real = _check_readable(path, "checkpoint")
    raw = _read_bytes(real)
    if not raw:
        raise _corrupt(real, "the file is empty")
    content = raw
    if len(raw) >= _CRC_TRAILER_LEN and raw[-_CRC_TRAILER_LEN:-10] == CRC_MAGIC:
        content = raw[:-_CRC_TRAILER_LEN]
        want = int.from_bytes(raw[-10:], byteorder="big")
        got = binascii.crc32(content, 0)
        if want != got:
            raise _corrupt(real, f"crc check failed (stored {want}, computed {got})")
    msg = Checkpoint()
    try:
        msg.ParseFromString(content)
    except (DecodeError, UnicodeDecodeError, ValueError, RuntimeError) as e:
        raise _corrupt(real, f"protobuf decode error: {e}") from e
    if _has_unknown_fields(msg):
        raise _corrupt(real, "it is not a MindSpore checkpoint (unknown protobuf fields)")
    if content and not msg.value:
        raise _corrupt(real, "no checkpoint entries found")

    out: dict[str, tuple[np.ndarray, str]] = {}
    values = msg.value
    n = len(values)
    i = 0
    while i < n:
        v = values[i]
        tag = v.tag
        if not v.HasField("tensor"):
            raise _corrupt(real, f"entry {tag!r} is a MapTensor, which is not supported")
        ms_type = v.tensor.tensor_type
        dims = list(v.tensor.dims)
        parts = [v.tensor.tensor_content]
        j = i + 1
        while j < n and values[j].tag == tag:
            w = values[j]
            if not w.HasField("tensor") or w.tensor.tensor_type != ms_type or list(w.tensor.dims) != dims:
                raise _corrupt(real, f"inconsistent slices for entry {tag!r}")
            parts.append(w.tensor.tensor_content)
            j += 1
        if tag in out:
            raise _corrupt(real, f"duplicate entry {tag!r}")
        data = parts[0] if len(parts) == 1 else b"".join(parts)
        out[tag] = (_decode_tensor(real, tag, dims, ms_type, data), ms_type)
        i = j
    return out


# --------------------------------------------------------------------------
# safetensors
# --------------------------------------------------------------------------
def _st_crc(arrays: dict[str, np.ndarray]) -> int:
    """MindSpore's safetensors crc: crc32 over (name utf-8, tensor bytes) in sorted name order."""
    crc_num = 0
    for name in sorted(arrays):
        crc_num = binascii.crc32(name.encode("utf-8"), crc_num)
        crc_num = binascii.crc32(arrays[name].tobytes(), crc_num)
    return crc_num


def write_safetensors(path: str, entries: Iterable[tuple], append_dict: dict | None = None,
                      crc: bool = True, metadata: dict | None = None) -> None:
    """Write a safetensors file as MindSpore 2.10 ``save_checkpoint(format="safetensors")`` does.

    Header metadata ``{"format": "ms"}`` (+ ``"crc_num": str(crc32)`` with ``crc``,
    + any extra str->str ``metadata``); a file with no tensors has no metadata,
    as in MindSpore.  String values are rejected (MindSpore cannot store them in
    safetensors either).  Atomic like :func:`write_ckpt`.
    """
    from safetensors.numpy import save_file

    arrays: dict[str, np.ndarray] = {}
    for name, value, ms_type in _iter_entries(entries, append_dict):
        if not isinstance(name, str):
            raise TypeError(f"checkpoint entry names must be str, got {type(name)}")
        if name in arrays:
            raise ValueError(f"duplicate checkpoint entry name {name!r}")
        arr, ms_type = _as_entry_array(name, value, ms_type)
        if ms_type == STR_TYPE:
            raise TypeError(f"safetensors cannot store the string entry {name!r}")
        arrays[name] = arr
    arrays = {k: arrays[k] for k in sorted(arrays)}
    meta = None
    if arrays:
        meta = {"format": "ms"}
        if metadata:
            meta.update({str(k): str(v) for k, v in metadata.items()})
        if crc:
            meta["crc_num"] = str(_st_crc(arrays))

    def write(fh, tmp):
        fh.flush()
        save_file(arrays, tmp, metadata=meta)  # rewrites tmp by name
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    _atomic_write(path, write)


_ST_DTYPES = {
    "BOOL": "Bool", "I8": "Int8", "U8": "UInt8", "I16": "Int16", "U16": "UInt16",
    "I32": "Int32", "U32": "UInt32", "I64": "Int64", "U64": "UInt64",
    "F16": "Float16", "F32": "Float32", "F64": "Float64", "BF16": "BFloat16",
}


def _parse_safetensors(real: str, raw: bytes):
    """Parse a safetensors blob -> ({name: (array, ms_type)}, metadata).  Pure numpy,
    so BF16 works (safetensors.numpy.load has no bfloat16)."""
    import json

    if len(raw) < 8:
        raise _corrupt(real, "the file is too short for a safetensors header")
    n = int.from_bytes(raw[:8], "little")
    if n > len(raw) - 8 or n > 100 * 1024 * 1024:
        raise _corrupt(real, f"safetensors header length {n} exceeds the file size {len(raw)}")
    try:
        header = json.loads(raw[8:8 + n].decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise _corrupt(real, f"invalid safetensors JSON header: {e}") from e
    if not isinstance(header, dict):
        raise _corrupt(real, "safetensors header is not a JSON object")
    meta = header.pop("__metadata__", None) or {}
    if not isinstance(meta, dict):
        raise _corrupt(real, "safetensors __metadata__ is not an object")
    data = memoryview(raw)[8 + n:]
    out = {}
    for name in sorted(header):
        info = header[name]
        try:
            st_dtype, shape, (begin, end) = info["dtype"], [int(d) for d in info["shape"]], info["data_offsets"]
            begin, end = int(begin), int(end)
        except Exception as e:
            raise _corrupt(real, f"bad safetensors header entry {name!r}: {e}") from e
        ms_type = _ST_DTYPES.get(st_dtype)
        if ms_type is None:
            raise _corrupt(real, f"entry {name!r} has unsupported safetensors dtype {st_dtype!r}")
        try:
            dt = np_dtype_for(ms_type)
        except TypeError as e:
            raise _corrupt(real, str(e)) from e
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if any(d < 0 for d in shape) or not 0 <= begin <= end <= len(data) or end - begin != count * dt.itemsize:
            raise _corrupt(real, f"entry {name!r} (dtype {st_dtype}, shape {shape}) has bad data offsets "
                                 f"[{begin}, {end}] for a data section of {len(data)} bytes")
        buf = bytes(data[begin:end])
        if dt == np.bool_:
            arr = (np.frombuffer(buf, dtype=np.uint8) != 0).reshape(shape)
        else:
            le = dt.newbyteorder("<") if dt.itemsize > 1 else dt
            arr = np.frombuffer(buf, dtype=le).reshape(shape).astype(dt, copy=True)
        out[name] = (arr, ms_type)
    return out, meta


def read_safetensors(path: str) -> dict[str, tuple[np.ndarray, str]]:
    """Read a safetensors file: ``{name: (array, ms_dtype_name)}`` in sorted name order
    (MindSpore's load order).  A MindSpore ``crc_num`` in the metadata is verified."""
    real = _check_readable(path, "safetensors")
    raw = _read_bytes(real)
    if not raw:
        raise _corrupt(real, "the file is empty")
    out, meta = _parse_safetensors(real, raw)
    if "crc_num" in meta:
        try:
            want = int(meta["crc_num"])
        except (TypeError, ValueError) as e:
            raise _corrupt(real, f"bad crc_num {meta['crc_num']!r}") from e
        got = _st_crc({k: v[0] for k, v in out.items()})
        if want != got:
            raise _corrupt(real, f"crc check failed (stored {want}, computed {got})")
    return out

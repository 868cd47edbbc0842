"""TFRecord files without TensorFlow: the record framing and the ``tf.train.Example`` messages.

A TFRecord file is a sequence of records ``uint64 length | uint32 masked crc32c(length) | data |
uint32 masked crc32c(data)`` (little-endian), optionally GZIP or ZLIB compressed as a whole. The
messages are built here from their proto definition with the ``protobuf`` package (in a private
descriptor pool, so TensorFlow's own classes, if loaded, are not disturbed).
"""
import gzip
import struct
import zlib

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

__all__ = ["Example", "read_records", "write_records", "crc32c"]


def _build():
    fd = descriptor_pb2.FileDescriptorProto(name="mindjax_tf_example.proto", package="tensorflow",
                                            syntax="proto3")
    F = descriptor_pb2.FieldDescriptorProto

    def msg(name, *fields, nested=()):
        m = fd.message_type.add(name=name)
        for n in nested:
            m.nested_type.add().CopyFrom(n)
        for fname, num, ftype, label, tname, oneof in fields:
            f = m.field.add(name=fname, number=num, type=ftype, label=label)
            if tname:
                f.type_name = tname
            if oneof is not None:
                f.oneof_index = oneof
        return m

    rep, opt = F.LABEL_REPEATED, F.LABEL_OPTIONAL
    msg("BytesList", ("value", 1, F.TYPE_BYTES, rep, None, None))
    msg("FloatList", ("value", 1, F.TYPE_FLOAT, rep, None, None))
    msg("Int64List", ("value", 1, F.TYPE_INT64, rep, None, None))
    feat = msg("Feature", ("bytes_list", 1, F.TYPE_MESSAGE, opt, ".tensorflow.BytesList", 0),
               ("float_list", 2, F.TYPE_MESSAGE, opt, ".tensorflow.FloatList", 0),
               ("int64_list", 3, F.TYPE_MESSAGE, opt, ".tensorflow.Int64List", 0))
    feat.oneof_decl.add(name="kind")
    entry = descriptor_pb2.DescriptorProto(name="FeatureEntry")
    entry.field.add(name="key", number=1, type=F.TYPE_STRING, label=opt)
    entry.field.add(name="value", number=2, type=F.TYPE_MESSAGE, label=opt, type_name=".tensorflow.Feature")
    entry.options.map_entry = True
    msg("Features", ("feature", 1, F.TYPE_MESSAGE, rep, ".tensorflow.Features.FeatureEntry", None), nested=[entry])
    msg("Example", ("features", 1, F.TYPE_MESSAGE, opt, ".tensorflow.Features", None))
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fd)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("tensorflow.Example"))


Example = _build()


def _crc_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _crc_table()


def crc32c(data: bytes) -> int:
    """CRC-32C (Castagnoli) of ``data``."""
    c = 0xFFFFFFFF
    for b in data:
        c = _TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def _masked(data: bytes) -> int:
    c = crc32c(data)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _open(path, compression):
    with open(path, "rb") as f:
        raw = f.read()
    if compression == "GZIP":
        return gzip.decompress(raw)
    if compression == "ZLIB":
        return zlib.decompress(raw)
    return raw


def read_records(path: str, compression: str = ""):
    """The data of each record of a TFRecord file (ValueError on a truncated file)."""
    buf = _open(path, compression)
    pos, n = 0, len(buf)
    while pos < n:
        if pos + 12 > n:
            raise ValueError("truncated record header")
        length = struct.unpack_from("<Q", buf, pos)[0]
        pos += 12
        if pos + length + 4 > n:
            raise ValueError("truncated record")
        yield buf[pos:pos + length]
        pos += length + 4


def write_records(path: str, records, compression: str = "") -> None:
    """Write ``records`` (bytes each, e.g. ``Example.SerializeToString()``) as a TFRecord file."""
    out = bytearray()
    for data in records:
        head = struct.pack("<Q", len(data))
        out += head + struct.pack("<I", _masked(head)) + data + struct.pack("<I", _masked(data))
    if compression == "GZIP":
        out = gzip.compress(bytes(out))
    elif compression == "ZLIB":
        out = zlib.compress(bytes(out))
    with open(path, "wb") as f:
        f.write(bytes(out))

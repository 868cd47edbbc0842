"""Write the small TFRecord files of tests/data/tfrecord/ (with mindjax's writer; MindSpore reads them in
gen_dataset_sources2.py):  .venv/bin/python tests/data/gen_tfrecord_files.py"""
from pathlib import Path

from mindjax.dataset.engine._tfrecord import Example, write_records

OUT = Path(__file__).resolve().parent / "tfrecord"


def example(i):
    e = Example()
    f = e.features.feature
    f["label"].int64_list.value.append(i)
    f["vec"].float_list.value.extend([i * 0.5, i + 0.25, -1.5])
    f["name"].bytes_list.value.append(("row%d" % i).encode())
    f["img"].bytes_list.value.append(bytes([i, 255, 0, 7]))
    f["pair"].int64_list.value.extend([i, -i])
    f["tags"].bytes_list.value.extend([b"abc", b"d", b"ef"][: i % 3 + 1])
    return e.SerializeToString()


OUT.mkdir(exist_ok=True)
write_records(str(OUT / "a.tfrecord"), [example(i) for i in range(3)])
write_records(str(OUT / "b.tfrecord"), [example(i) for i in range(3, 7)])
write_records(str(OUT / "c.tfrecord"), [example(i) for i in range(7, 12)])
write_records(str(OUT / "z.tfrecord.gz"), [example(i) for i in range(20, 23)], "GZIP")
(OUT / "empty.tfrecord").write_bytes(b"")
(OUT / "schema.json").write_text('{"columns": {"label": {"type": "int32", "rank": 1, "shape": [1]}, '
                                 '"name": {"type": "string", "rank": 1}}, "numRows": 5}')

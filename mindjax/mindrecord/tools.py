"""Converters of public datasets to MindRecord (``mindspore.mindrecord``'s tools).

Only ``ImageNetToMR`` is provided: MindSpore's MnistToMR / Cifar10ToMR / Cifar100ToMR re-encode the
images with OpenCV's JPEG encoder (bytes another encoder does not reproduce), CsvToMR needs pandas
and TFRecordToMR TensorFlow.
"""
import logging
import os

from .common.exceptions import PathNotExistsError
from .filewriter import FileWriter, check_filename

__all__ = ["ImageNetToMR"]

logger = logging.getLogger("mindjax.mindrecord")


class ImageNetToMR:
    """ImageNet-style folders to MindRecord: ``map_file`` lines ``<folder> <label>``; every
    ``*.JPEG`` / ``*.jpg`` in ``image_dir/<folder>`` becomes a row {"label": int32, "image": bytes,
    "file_name": string}, written to ``destination`` (``partition_number`` files).

    Examples:
        >>> import os, tempfile
        >>> from mindjax.mindrecord import ImageNetToMR, FileReader
        >>> root = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(root, "img", "n01"))
        >>> with open(os.path.join(root, "img", "n01", "a.JPEG"), "wb") as f:
        ...     _ = f.write(b"jpeg bytes")
        >>> with open(os.path.join(root, "map.txt"), "w") as f:
        ...     _ = f.write("n01 0\\n")
        >>> ImageNetToMR(os.path.join(root, "map.txt"), os.path.join(root, "img"),
        ...              os.path.join(root, "out.mindrecord")).transform()
        0
        >>> [r["label"] for r in FileReader(os.path.join(root, "out.mindrecord")).get_next()]
        [0]
    """

    def __init__(self, map_file: str, image_dir: str, destination: str, partition_number: int = 1):
        check_filename(map_file)
        check_filename(image_dir)
        check_filename(destination)
        if partition_number is None or not isinstance(partition_number, int):
            raise ValueError("The parameter partition_number must be int")
        self.map_file, self.image_dir, self.destination = map_file, image_dir, destination
        self.partition_number = partition_number
        self.writer = FileWriter(destination, partition_number)

    def _rows(self):
        path = os.path.realpath(self.map_file)
        if not os.path.exists(path):
            raise IOError("map file {} not exists".format(self.map_file))
        labels = {}
        with open(path) as f:
            for line in f:
                parts = line.split(" ")
                labels[parts[1]] = parts[0]
        dirs = {}
        for label, folder in labels.items():
            real = os.path.join(self.image_dir, folder)
            if not os.path.isdir(real):
                logger.warning("%s dir is not exist", real)
                continue
            dirs[label] = real
        if not dirs:
            raise PathNotExistsError("not valid image dir in {}".format(self.image_dir))
        for label, folder in dirs.items():
            for item in os.listdir(folder):  # directory order, as MindSpore
                name = os.path.join(folder, item)
                if not item.endswith("JPEG") and not item.endswith("jpg"):
                    logger.warning("%s file is not suffix with JPEG/jpg, skip it.", name)
                    continue
                with open(os.path.realpath(name), "rb") as f:
                    yield {"file_name": str(name), "label": int(label), "image": f.read()}

    def run(self) -> int:
        self.writer.set_header_size(1 << 24)
        self.writer.set_page_size(1 << 26)
        self.writer.add_schema({"label": {"type": "int32"}, "image": {"type": "bytes"},
                                "file_name": {"type": "string"}}, "imagenet_schema")
        self.writer.add_index(["label", "file_name"])
        batch = []
        for row in self._rows():
            batch.append(row)
            if len(batch) == 256:
                self.writer.write_raw_data(batch, True)
                batch = []
        if batch:
            self.writer.write_raw_data(batch, True)
        self.writer.commit()
        return 0

    def transform(self) -> int:
        """Run the conversion (what ``run`` does; MindSpore runs it on a thread and re-raises)."""
        return self.run()

"""``mindspore.mindrecord``: MindSpore's MindRecord files, written and read without MindSpore.

Files written here are read by MindSpore's ``MindDataset`` / ``FileReader`` and the reverse.

Examples:
    >>> import tempfile, os
    >>> from mindjax.mindrecord import FileWriter, FileReader
    >>> path = os.path.join(tempfile.mkdtemp(), "x.mindrecord")
    >>> w = FileWriter(path)
    >>> w.add_schema({"id": {"type": "int32"}})
    >>> w.write_raw_data([{"id": 3}])
    >>> w.commit()
    >>> FileReader(path).len()
    1
"""
from .filewriter import FileWriter
from .filereader import FileReader
from .tools import ImageNetToMR
from .common.exceptions import *  # noqa: F401,F403
from .common.exceptions import __all__ as _exc_all

SUCCESS = 0
FAILED = 1

__all__ = ["FileWriter", "FileReader", "ImageNetToMR", "SUCCESS", "FAILED"] + list(_exc_all)

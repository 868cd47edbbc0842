"""``_make_directory``: MindSpore's checks and messages for a directory argument."""
from __future__ import annotations

import os

_MAX_PATH_LENGTH = 4096


def _make_directory(path, arg_name="path"):
    """The real path of ``path``, created (mode 0o700) when missing."""
    if not isinstance(path, str):
        raise TypeError("The {} is invalid, the type should be string.".format(arg_name))
    if path.strip() == "":
        raise ValueError("The {} is invalid, it should be non-blank.".format(arg_name))
    path = os.path.realpath(path)
    if len(path) > _MAX_PATH_LENGTH:
        raise ValueError("The {} length is too long, it should be limited in {}.".format(arg_name, _MAX_PATH_LENGTH))
    if os.path.exists(path):
        if not os.path.isdir(path):
            raise NotADirectoryError("The path({}) is a file path, it should be a directory path.".format(path))
        return path
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except PermissionError as e:
        raise TypeError("No write permission on the directory.") from e
    return path

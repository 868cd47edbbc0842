"""``mindspore.log``: the log level and configuration, from MindSpore's ``GLOG_*`` variables.

``GLOG_v`` is 0 (DEBUG), 1 (INFO), 2 (WARNING, the default) or 3 (ERROR); mindjax's logger
(``logging.getLogger("mindspore")``) takes its level from it at import.
"""
from __future__ import annotations

import logging
import os

_LEVELS = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR, "4": logging.CRITICAL}
_DEFAULTS = {"GLOG_v": "2", "GLOG_logtostderr": "1"}
_OPTIONAL = ("GLOG_log_dir", "GLOG_stderrthreshold", "logger_maxBytes", "logger_backupCount")

logger = logging.getLogger("mindspore")


def get_level() -> str:
    """The log level as MindSpore's digit string (``'2'`` = WARNING, the default).

    Examples:
        >>> import mindjax as ms
        >>> ms.get_level() in ("0", "1", "2", "3", "4")
        True
    """
    level = os.environ.get("GLOG_v", _DEFAULTS["GLOG_v"])
    if level not in _LEVELS:
        raise ValueError(f"Incorrect log level: {level}, the log level must be in ['0', '1', '2', '3', '4'].")
    return level


def get_log_config() -> dict:
    """The logging configuration: ``GLOG_v`` and ``GLOG_logtostderr`` and any other GLOG variables set.

    Examples:
        >>> import mindjax as ms
        >>> sorted(ms.get_log_config())[:2]
        ['GLOG_logtostderr', 'GLOG_v']
    """
    config = {"GLOG_v": get_level(), "GLOG_logtostderr": os.environ.get("GLOG_logtostderr", "1")}
    for key in _OPTIONAL:
        if key in os.environ:
            config[key] = os.environ[key]
    return config


logger.setLevel(_LEVELS.get(os.environ.get("GLOG_v", "2"), logging.WARNING))

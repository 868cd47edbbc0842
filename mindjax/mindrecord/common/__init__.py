"""``mindspore.mindrecord.common``: the MindRecord exception classes."""

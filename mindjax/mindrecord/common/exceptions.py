"""MindRecord's exception classes, each with MindSpore's error number and base message.

Their ``str`` is ``[ClassName]: message``, the message being the base one or the one given.
"""

_TABLE = dict(
    UnknownError=(0, "Unknown Error."), ParamTypeError=(1, "Param type is error."),
    ParamValueError=(2, "Param value is error."), ParamMissError=(3, "Param missing."),
    PathNotExistsError=(4, "Path does not exist."), DbConnectionError=(5, "Db connection is error."),
    MRMOpenError=(100, "MindRecord could not open."),
    MRMOpenForAppendError=(101, "MindRecord could not open for append."),
    MRMInvalidPageSizeError=(102, "Failed to set page size."),
    MRMInvalidHeaderSizeError=(103, "Failed to set header size."), MRMSetHeaderError=(104, "Failed to set header."),
    MRMWriteDatasetError=(105, "Failed to write dataset."), MRMCommitError=(107, "Failed to commit."),
    MRMLaunchError=(108, "Failed to launch."), MRMFinishError=(109, "Failed to finish."),
    MRMCloseError=(110, "Failed to close."), MRMAddSchemaError=(111, "Failed to add schema."),
    MRMAddIndexError=(112, "Failed to add index field."), MRMBuildSchemaError=(113, "Failed to build schema."),
    MRMGetMetaError=(114, "Failed to get meta info."),
    MRMIndexGeneratorError=(115, "Failed to create index generator."),
    MRMGenerateIndexError=(116, "Failed to generate index."),
    MRMInitSegmentError=(117, "Failed to initialize segment."),
    MRMFetchCandidateFieldsError=(118, "Failed to fetch candidate category fields."),
    MRMReadCategoryInfoError=(119, "Failed to read category information."),
    MRMFetchDataError=(120, "Failed to fetch data by category."),
    MRMInvalidSchemaError=(200, "Schema is error."), MRMValidateDataError=(201, "Raw data is valid."),
    MRMDefineIndexError=(202, "Index field is error."), MRMDefineBlobError=(203, "Blob field is error."),
    MRMUnsupportedSchemaError=(204, "Schema is not supported."),
    MRMDefineCategoryError=(205, "Category field is error."),
)
_SYS_ID = 0b00101010


class MindRecordException(Exception):
    """Base of the MindRecord errors: ``error_msg`` and ``error_code`` as MindSpore's.

    Examples:
        >>> from mindjax.mindrecord.common.exceptions import ParamValueError
        >>> str(ParamValueError("bad"))
        '[ParamValueError]: Invalid parameter value. bad'
    """

    def __init__(self, *args):
        super().__init__()
        no, base = _TABLE.get(type(self).__name__, _TABLE["UnknownError"])
        tmpl = _TEMPLATES.get(type(self).__name__)
        self._error_msg = tmpl.format(*args) if tmpl and args else base
        # GE error code: host runtime, error-code type, common level, system id, module, number
        self._error_code = ((1 << 30) | (1 << 28) | (_SYS_ID << 17) | ((no // 100 + 1) << 12) | (no & 0xFFF))

    def __str__(self):
        return "[{}]: {}".format(type(self).__name__, self._error_msg)

    @property
    def error_msg(self) -> str:
        return self._error_msg

    @error_msg.setter
    def error_msg(self, msg: str) -> None:
        self._error_msg = msg

    @property
    def error_code(self) -> int:
        return self._error_code


# the message of each class that takes details, as MindSpore words it
_TEMPLATES = dict(
    ParamTypeError="Invalid parameter type. '{}' expect {} type.",
    ParamValueError="Invalid parameter value. {}",
    ParamMissError="Param missing. '{}' is required.",
    PathNotExistsError="Invalid path. {}",
    DbConnectionError="Db connection is error. Detail: {}",
    MRMInvalidSchemaError="Schema format is error. Detail: {}",
    MRMValidateDataError="Raw data do not match the schema. Detail: {}",
    MRMDefineIndexError="Failed to define index field. Detail: {}",
    MRMDefineBlobError="Failed to define blob field. Detail: {}",
    MRMUnsupportedSchemaError="Schema is not supported. Detail: {}",
    MRMDefineCategoryError="Failed to define category field. Detail: {}",
)
_FIXED = dict(MRMOpenError="MindRecord File could not open successfully.",
              MRMOpenForAppendError="MindRecord File could not open successfully for append.")


def _make(name):
    def init(self, *args):
        MindRecordException.__init__(self, *args)
        if name in _FIXED:
            self._error_msg = _FIXED[name]
    return type(name, (MindRecordException,), {"__init__": init, "__module__": __name__,
                                               "__doc__": f"MindRecord error: {_TABLE[name][1]}"})


for _n in _TABLE:
    globals()[_n] = _make(_n)

__all__ = ["MindRecordException"] + list(_TABLE)

"""MindSpore's ``mindspore.dataset.engine.datasets_*`` modules: user code reaches the data set
classes through them (``ds.engine.datasets_vision.ImageFolderDataset``, type checks, imports).
The classes live in this package's own files; these modules name them where MindSpore does."""
from __future__ import annotations


def reexport(namespace: dict, names: list[str]) -> list[str]:
    """Put the engine's classes called ``names`` into ``namespace``; names mindjax does not
    have stay absent. Returns the names exported (the module's ``__all__``)."""
    from .. import engine

    present = [n for n in names if hasattr(engine, n)]
    namespace.update({n: getattr(engine, n) for n in present})
    return present

"""The names MindSpore 2.10 exports both from ``ops.auto_generate`` and from ``ops`` / ``ops.operations``
(the same objects there), recorded as data in ``mindjax/_data/auto_generate_names.json``."""
import json
from pathlib import Path

from ... import _deep_aliases as _deep


def reexport(namespace: dict, key: str, source) -> None:
    """Put into ``namespace`` every name of ``key`` ('gen_ops_prim' or 'gen_ops_def') that ``source`` has
    and ``namespace`` does not define yet.

    Names ``source`` defines are copied now; names it would only find through its own lazy module
    ``__getattr__`` are looked up on first use. Looking them up here, while ``mindjax.ops`` is still
    importing, would import ``mint`` and ``nn`` half-way through (an import cycle whose failure
    ``hasattr`` hides, leaving ``mindspore.nn.cell`` unset on ``nn``).
    """
    names = json.loads((Path(__file__).resolve().parents[2] / "_data" / "auto_generate_names.json").read_text())
    defined = vars(source)
    deferred = set()
    for name in names[key]:
        if name in namespace:
            continue
        if name in defined:
            namespace[name] = defined[name]
        else:
            deferred.add(name)
    _deep.add_getattr(namespace, lambda name: getattr(source, name, None) if name in deferred else None)

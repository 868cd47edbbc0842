"""``mindspore.ops.auto_generate``: where MindSpore's generated functional ops
(``gen_ops_def``) and Primitive classes (``gen_ops_prim``) live; here they are the ops
defined in ``mindjax.ops``, under the same names."""
from .gen_ops_def import *  # noqa: F401,F403
from .gen_ops_prim import *  # noqa: F401,F403
from . import gen_ops_def, gen_ops_prim  # noqa: F401
from ._scatter_value import ScatterValue  # noqa: F401,E402
from ._cdist_grad import CdistGrad  # noqa: F401,E402

from mindjax import _deep_aliases as _deep  # noqa: E402

_deep.install(globals())  # MindSpore's other names for public objects (first use)

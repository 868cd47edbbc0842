from .basic import *  # noqa: F401,F403
from .activation import *  # noqa: F401,F403
from .conv import *  # noqa: F401,F403
from .normalization import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .container import *  # noqa: F401,F403
from .rnns import *  # noqa: F401,F403
from .activation_more import *  # noqa: F401,F403

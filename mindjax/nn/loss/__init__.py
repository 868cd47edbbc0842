"""Loss Cells."""
from .loss import *  # noqa: F401,F403
from ._more import *  # noqa: F401,F403

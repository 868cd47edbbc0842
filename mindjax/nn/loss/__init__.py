"""Loss Cells."""
from .loss import *  # noqa: F401,F403

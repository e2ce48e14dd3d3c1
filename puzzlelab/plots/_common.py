"""The old name of :mod:`puzzlelab.plots.style`, kept only until the widgets import the new one."""

from .style import *  # noqa: F403
from .style import GOOD_COLOR, MAIN_COLOR, MARK_COLOR, SAMPLED_COLOR, SECOND_COLOR, UNIFORM_COLOR  # noqa: F401
from .style import __all__  # noqa: F401

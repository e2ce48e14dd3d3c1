"""The lesson widgets. Each *is* an ipywidget (an ``ipywidgets.VBox`` holding its controls, so
``VBox([PlayableBoard(), ParityLab()])`` composes) with an error line and a static PNG fallback
for places where widgets cannot run (an unrun notebook, nbconvert, nbval).

Arguments are checked at once (``TypeError``/``ValueError`` naming the argument); the controls
never raise (their messages go to the error line); the display and ``summary()`` work in every
state. See :mod:`puzzlelab.widgets._base`.

>>> import ipywidgets
>>> from puzzlelab.widgets import PlayableBoard
>>> board = PlayableBoard(3, 3)
>>> board.summary()
'PlayableBoard 3x3 [1 2 3/4 5 6/7 8 _], moves: 0, solved!'
>>> isinstance(board, ipywidgets.DOMWidget), board.widget is board  # composes in a VBox
(True, True)
"""

from .parity_lab import ParityLab
from .playable import PlayableBoard
from .predict import Predict
from .progress import BuildProgress, build_pattern_database
from .search_player import SearchPlayer
from .shuffle_lab import ShuffleLab
from .weight_explorer import WeightExplorer

__all__ = [
    "BuildProgress",
    "ParityLab",
    "PlayableBoard",
    "Predict",
    "SearchPlayer",
    "ShuffleLab",
    "WeightExplorer",
    "build_pattern_database",
]

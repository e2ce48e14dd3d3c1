"""The lesson widgets, live in the browser. Each of the five lesson widgets (``PlayableBoard``,
``ShuffleLab``, ``ParityLab``, ``SearchPlayer``, ``WeightExplorer``) is an ``anywidget.AnyWidget``
whose plain ES module ships in ``puzzlelab/widgets/js/``: Python computes (boards, moves,
searches, shuffles, exact numbers) and sends the data once, compactly; the browser draws,
animates and steps through it with no kernel work per frame, and tells Python what the student
did (a slid tile, the step where a replay paused). Each also offers a static PNG picture of its
state and a plain-text summary for places where widgets cannot run (GitHub, nbviewer, an unrun
notebook, nbval). ``Predict`` and ``BuildProgress`` are small ipywidgets boxes.

Arguments are checked at once (``TypeError``/``ValueError`` naming the argument); what comes
from the browser is checked again and never raises (its message goes to the widget's error
line); the display and ``summary()`` work in every state. See :mod:`puzzlelab.widgets._live`.

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

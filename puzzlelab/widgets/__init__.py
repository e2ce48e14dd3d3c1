"""The lesson widgets (ipywidgets): each a small class holding its controls, with ``.widget``
the box to show and a static PNG fallback for places where widgets cannot run.

>>> from puzzlelab.widgets import PlayableBoard
>>> PlayableBoard(3, 3).summary()
'PlayableBoard 3x3 [1 2 3/4 5 6/7 8 _], moves: 0, solved!'
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

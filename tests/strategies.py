"""Hypothesis strategies shared by the test modules."""

from hypothesis import strategies as st

from puzzlelab import Board


@st.composite
def boards(draw, max_side=5):
    """Any arrangement on any rows x cols board with sides from 2 to ``max_side``."""
    rows = draw(st.integers(2, max_side))
    cols = draw(st.integers(2, max_side))
    tiles = draw(st.permutations(range(rows * cols)))
    return Board(tiles, rows, cols)

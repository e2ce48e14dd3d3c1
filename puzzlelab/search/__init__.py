"""Heuristic search for sliding-tile puzzles: one best-first engine, IDA*, pattern databases.

Every search is a generator of :class:`Event` s underneath; the solvers run it to the end and
return a :class:`SearchResult` (the moves and boards, cost, nodes expanded and generated, the
largest frontier, the time, why it stopped, and the events when ``record=True``). Each solver
has a short textbook twin in :mod:`puzzlelab.search.textbook`; :mod:`puzzlelab.search.trace`
turns recorded events into a step-by-step replay.

>>> from puzzlelab import Board
>>> start = Board.parse("4 1 3/7 2 6/_ 5 8")
>>> astar(start, heuristic=linear_conflict).cost, bfs(start).cost
(6, 6)
>>> solve(start, method="greedy").solved
True
"""

from __future__ import annotations

from ..heuristics import (
    HEURISTICS,
    is_admissible,
    linear_conflict,
    manhattan,
    manhattan_with_blank,
    misplaced,
    zero,
)
from .autosolver import ARTICLE_STRATEGY, article_score
from .encode import DecodedRun, decode_run, encode_run, pack_run
from .engine import (
    DEFAULT_BUDGET,
    DEFAULT_MEMORY,
    DEFAULT_SECONDS,
    EVENT_KINDS,
    Event,
    Limits,
    Node,
    SearchResult,
    Strategy,
    WeightedPriority,
    best_first_events,
)
from .ida import ida_star_events
from .korf import KORF_GOAL, korf100
from .pdb import PatternDatabase, default_partition, pattern_database
from .solvers import (
    METHODS,
    SOLVERS,
    article_solver,
    astar,
    auto_plan,
    bfs,
    greedy,
    ida_star,
    solve,
    weighted_astar,
)
from .statespace import MAX_CELLS, distance_histogram, hardest, state_space_distances
from .trace import Trace

__all__ = [
    "ARTICLE_STRATEGY",
    "DEFAULT_BUDGET",
    "DEFAULT_MEMORY",
    "DEFAULT_SECONDS",
    "EVENT_KINDS",
    "HEURISTICS",
    "KORF_GOAL",
    "MAX_CELLS",
    "METHODS",
    "SOLVERS",
    "DecodedRun",
    "Event",
    "Limits",
    "Node",
    "PatternDatabase",
    "SearchResult",
    "Strategy",
    "Trace",
    "WeightedPriority",
    "article_score",
    "article_solver",
    "astar",
    "auto_plan",
    "best_first_events",
    "bfs",
    "decode_run",
    "default_partition",
    "distance_histogram",
    "encode_run",
    "greedy",
    "hardest",
    "ida_star",
    "ida_star_events",
    "is_admissible",
    "korf100",
    "linear_conflict",
    "manhattan",
    "manhattan_with_blank",
    "misplaced",
    "pack_run",
    "pattern_database",
    "solve",
    "state_space_distances",
    "weighted_astar",
    "zero",
]

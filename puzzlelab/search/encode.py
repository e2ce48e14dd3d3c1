"""A recorded best-first run as compact binary columns, for a browser to replay with no kernel.

:func:`encode_run` turns a recorded run (a :class:`~puzzlelab.search.Trace` or a
``SearchResult`` made with ``record=True``) into a few numpy columns; :func:`pack_run` puts them
in one byte string (a JSON header, then the columns, optionally zlib-compressed) that the search
player sends to the browser once; :func:`decode_run` reads it back. The widget's ES module
(``puzzlelab/widgets/js/search_player.js``) decodes the same bytes, and both decoders are tested
against :class:`~puzzlelab.search.Trace` at every step.

What is stored, and what is rebuilt from it:

* **Nodes.** Node 0 is the start; node ``i >= 1`` is the ``i``-th frontier entry the engine
  made (its ``"generate"`` event), so the children made while expanding one node are a run of
  consecutive indices. Each node stores its ``move`` (an index into ``MOVES``), ``h``, ``f`` and
  the step ``dies`` at which it left the frontier (expanded, or superseded by a shorter path; the
  number of steps plus one if it never left). Its parent, ``g`` and board are rebuilt: the parent
  is the node expanded at the step that made it, ``g`` is the parent's plus one, and the board is
  the parent's with the blank moved.
* **Steps.** For each expansion: the node expanded, the frontier's size then (the engine's
  count, as ``Trace.frontier_sizes``), how many children went on the frontier and how many were
  skipped (the skipped children's moves are a column of their own).
* **The frontier's order.** An entry's key is ``(f, -g, i + 1)`` (ties to the deeper node, then
  the older entry) or ``(f, 0, -(i + 1))`` (the article's newest-first list): the header names the
  rule, so the best ``k`` entries live after any step are found from the columns alone.

Columns take the smallest type that holds their values exactly (``uint8``, ``uint16``,
``uint32``, ``float32`` or ``float64``). Roughly 9 bytes per event before compression.

>>> from puzzlelab.search import astar
>>> run = decode_run(pack_run(encode_run(astar("1 2 3/_ 5 6/4 7 8", record=True))))
>>> run.steps, run.describe(1)
(3, 'step 1 of 3: expand g=0 h=3 f=3; 3 new children, 0 skipped; frontier 3')
"""

from __future__ import annotations

import json
import math
import struct
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from ..board import BLANK, MOVES, Board
from .trace import Trace

if TYPE_CHECKING:
    from .engine import Event, Key, SearchResult

__all__ = ["FORMAT_VERSION", "DecodedRun", "EncodedNode", "decode_run", "encode_run", "pack_run"]

#: bumped whenever the layout changes (the ES module refuses another version)
FORMAT_VERSION = 1
#: the first bytes of a packed run, uncompressed and zlib-compressed
MAGIC, MAGIC_ZLIB = b"PLRUN01\n", b"PLRUNZ1\n"
MOVE_CODES = {move: k for k, move in enumerate(MOVES)}
NO_MOVE = 255
#: the column types, smallest first (numpy's little-endian codes, as the JS typed arrays read them)
INT_TYPES = ("<u1", "<u2", "<u4")
FLOAT_TYPES = ("<f4", "<f8")
STEP_COLUMNS = ("step_node", "step_frontier", "step_generated", "step_skipped")
NODE_COLUMNS = ("node_move", "node_h", "node_f", "node_dies")


def smallest_column(values: npt.ArrayLike) -> np.ndarray:
    """``values`` in the smallest of :data:`INT_TYPES` / :data:`FLOAT_TYPES` that holds them exactly."""
    array = np.asarray(values, dtype=np.float64)
    if array.size == 0 or (np.all(array >= 0) and np.all(array == np.floor(array))):
        top = float(array.max()) if array.size else 0.0
        for dtype in INT_TYPES:
            if top <= np.iinfo(dtype).max:
                return array.astype(dtype)
    for dtype in FLOAT_TYPES:
        column = array.astype(dtype)
        if np.array_equal(column.astype(np.float64), array):
            return column
    raise AssertionError("float64 holds every float64")  # pragma: no cover


def _trace_of(run: object) -> Trace:
    if isinstance(run, Trace):
        return run
    if getattr(run, "events", None) is None and hasattr(run, "status"):
        raise ValueError("this search was not recorded: run it with record=True")
    if not hasattr(run, "events"):
        raise TypeError(f"run must be a Trace or a recorded SearchResult, got {type(run).__name__}")
    return Trace(cast("SearchResult", run))  # a search result: it has events and a status


def _order_sign(trace: Trace) -> tuple[str, int]:
    """The tie rule of the run's keys and the sign of their last part (+1 'deep', -1 'lifo')."""
    strategy = trace.result.strategy
    ties = "deep" if strategy is None else strategy.ties
    return ties, (1 if ties == "deep" else -1)


class _Columns:
    """The columns being filled while the events are read once, in order."""

    def __init__(self, trace: Trace):
        root = trace.events[0].node  # the start: expanded first, or where the run stopped at once
        assert root is not None  # the first event of a best-first run carries the start
        self.ties, self.sign = _order_sign(trace)
        self.steps = trace.steps
        self.move = [NO_MOVE]
        self.h = [root.h]
        self.f = [root.f]
        self.dies = [trace.steps + 1]
        self.ids = {id(root): 0}  # the engine's Node objects -> their index (to find the solved one)
        self.skip_move: list[int] = []
        self.step: dict[str, list[int]] = {name: [] for name in STEP_COLUMNS}
        # state -> the node index of its live entry ("reached" rule)
        self.live: dict[tuple[int, ...], int] = {}
        self.supersede = trace._reopen_kills

    def key(self, index: int, g: int, f: float) -> Key:
        counter = index + 1
        return (f, -g, counter) if self.ties == "deep" else (f, 0, -counter)

    def expand(self, event: Event, step: int) -> None:
        key, node = event.key, event.node
        assert key is not None  # an expand event carries its key and its node
        assert node is not None
        index = self.sign * key[2] - 1
        if key != self.key(index, node.g, node.f):
            raise ValueError(f"expansion {step}: key {key} is not the engine's (f, tie, order)")
        self.dies[index] = step
        if self.live.get(node.state) == index:
            del self.live[node.state]
        for name, value in zip(STEP_COLUMNS, (index, event.frontier, 0, 0), strict=True):
            self.step[name].append(value)

    def generate(self, event: Event, step: int) -> None:
        index, node = len(self.move), event.node
        assert node is not None  # a generated child: its node and the move that made it
        assert node.move is not None
        if event.key != self.key(index, node.g, node.f):
            raise ValueError(f"expansion {step}: key {event.key} is not the engine's (f, tie, order)")
        if self.supersede and node.state in self.live:
            self.dies[self.live[node.state]] = step
        if self.supersede:
            self.live[node.state] = index
        self.ids[id(node)] = index
        self.move.append(MOVE_CODES[node.move])
        self.h.append(node.h)
        self.f.append(node.f)
        self.dies.append(self.steps + 1)
        self.step["step_generated"][-1] += 1

    def skip(self, event: Event) -> None:
        node = event.node
        assert node is not None  # a skipped child: its node and the move that made it
        assert node.move is not None
        self.skip_move.append(MOVE_CODES[node.move])
        self.step["step_skipped"][-1] += 1


def encode_run(run: object, *, goal: object = None) -> dict[str, Any]:
    """A recorded best-first run as compact columns (see the module's docstring for the layout).

    Parameters
    ----------
    run : Trace or SearchResult
        A best-first search (``bfs``, ``greedy``, ``astar``, ``weighted_astar``,
        ``article_solver``) run with ``record=True``, or its :class:`Trace`.
    goal : Board or str, optional
        The goal the run searched for, stored for the pictures (``"goal"``; empty if not given).

    Returns
    -------
    dict
        ``"columns"``: name -> numpy array (:data:`STEP_COLUMNS`, :data:`NODE_COLUMNS` and
        ``"skip_move"``), and the header's plain values: ``rows``, ``cols``, ``start`` and
        ``goal`` (tile lists), ``steps``, ``nodes``, ``ties``, ``moves``, ``status``,
        ``end_frontier``, ``solved_node`` (-1 if unsolved), ``summary``, ``algorithm``,
        ``heuristic``, ``weight``.

    Raises
    ------
    TypeError
        ``run`` is neither a Trace nor a search result.
    ValueError
        The run was not recorded, or is not a best-first run (IDA*'s events have no frontier).

    Examples
    --------
    >>> from puzzlelab.search import bfs
    >>> encoded = encode_run(bfs("1 2 3/4 5 6/_ 7 8", record=True))
    >>> encoded["steps"], "".join("UDLR"[m] for m in encoded["columns"]["node_move"][1:])
    (6, 'URURURRUDRULR')
    """
    trace = _trace_of(run)
    goal_board = None if goal is None else Board.parse(goal)
    # IDA*'s first event is a "bound" without a node: refuse it before reading the start
    if any(event.kind == "bound" for event in trace.events):
        raise ValueError("only best-first runs can be encoded: IDA*'s events have no frontier")
    start = trace.events[0].node
    assert start is not None  # the first event of a best-first run carries the start
    if goal_board is not None and goal_board.shape != start.shape:
        raise ValueError(
            f"goal is {goal_board.rows}x{goal_board.cols} but the run's boards are "
            f"{start.shape[0]}x{start.shape[1]}"
        )
    columns = _Columns(trace)
    step = 0
    for event in trace.events:
        if event.kind == "expand":
            step += 1
            columns.expand(event, step)
        elif event.kind == "generate":
            columns.generate(event, step)
        elif event.kind == "skip":
            columns.skip(event)
    return _encoded(trace, columns, goal_board)


def _encoded(trace: Trace, columns: _Columns, goal: Board | None) -> dict[str, Any]:
    result, first, last = trace.result, trace.events[0].node, trace.events[-1]
    assert first is not None  # the first event of a best-first run carries the start
    solved = columns.ids.get(id(last.node), -1) if last.kind == "solved" else -1
    return {
        "version": FORMAT_VERSION,
        "rows": first.shape[0],
        "cols": first.shape[1],
        "start": list(first.state),
        "goal": list(goal.tiles) if goal is not None else [],
        "steps": trace.steps,
        "nodes": len(columns.move),
        "ties": columns.ties,
        "moves": "".join(MOVES),
        "status": last.kind,
        "end_frontier": int(last.frontier),
        "solved_node": solved,
        "summary": result.summary(),
        "algorithm": result.algorithm,
        "heuristic": result.heuristic,
        "weight": result.weight,
        "columns": {
            **{name: smallest_column(values) for name, values in columns.step.items()},
            "node_move": smallest_column(columns.move),
            "node_h": smallest_column(columns.h),
            "node_f": smallest_column(columns.f),
            "node_dies": smallest_column(columns.dies),
            "skip_move": smallest_column(columns.skip_move),
        },
    }


# -- one byte string -----------------------------------------------------------------------------
def pack_run(encoded: dict[str, Any], *, compress: bool = False) -> bytes:
    """``encoded`` (from :func:`encode_run`) as one byte string: :data:`MAGIC`, the header's length
    (4 bytes, little-endian), the header as JSON (each column's type, offset and length), then the
    columns, each starting at a multiple of 8 bytes. ``compress=True`` zlib-compresses the whole
    behind :data:`MAGIC_ZLIB` (the browser inflates it with ``DecompressionStream("deflate")``)."""
    header = {key: value for key, value in encoded.items() if key != "columns"}
    layout, chunks, offset = [], [], 0
    for name, column in encoded["columns"].items():
        data = np.ascontiguousarray(column).tobytes()
        layout.append([name, column.dtype.str, offset, int(column.size)])
        padded = data + bytes(-len(data) % 8)
        chunks.append(padded)
        offset += len(padded)
    header["layout"] = layout
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-(len(MAGIC) + 4 + len(text)) % 8)
    packed = MAGIC + struct.pack("<I", len(text)) + text + b"".join(chunks)
    return MAGIC_ZLIB + zlib.compress(packed, 9) if compress else packed


def _unpack(packed: bytes) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    packed = bytes(packed)
    if packed.startswith(MAGIC_ZLIB):
        packed = zlib.decompress(packed[len(MAGIC_ZLIB) :])
    if not packed.startswith(MAGIC):
        raise ValueError("these bytes are not a packed run (see pack_run)")
    (length,) = struct.unpack_from("<I", packed, len(MAGIC))
    body = len(MAGIC) + 4
    header = json.loads(packed[body : body + length])
    if header.get("version") != FORMAT_VERSION:
        raise ValueError(
            f"a packed run of version {header.get('version')}; this library reads {FORMAT_VERSION}"
        )
    data = body + length
    columns = {
        name: np.frombuffer(packed, dtype=dtype, count=count, offset=data + offset)
        for name, dtype, offset, count in header.pop("layout")
    }
    return header, columns


# -- reading a run back --------------------------------------------------------------------------
@dataclass(frozen=True)
class EncodedNode:
    """A node as the decoder rebuilds it (what the browser draws)."""

    tiles: tuple[int, ...]
    g: int
    h: float
    f: float
    move: str | None


@dataclass
class DecodedRun:
    """A packed run read back, with the same questions the browser asks of it (see the module)."""

    header: dict[str, Any]
    columns: dict[str, np.ndarray]
    parent: np.ndarray = field(init=False)
    g: np.ndarray = field(init=False)
    boards: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        c = self.columns
        self.steps = int(self.header["steps"])
        generated = c["step_generated"].astype(np.int64)
        self.first_child = np.concatenate([[1], 1 + np.cumsum(generated)])
        self.first_skip = np.concatenate([[0], np.cumsum(c["step_skipped"].astype(np.int64))])
        n = int(self.header["nodes"])
        born = np.zeros(n, dtype=np.int64)  # the step that made each node (0: the start)
        born[1:] = np.repeat(np.arange(1, self.steps + 1), generated)
        self.born = born
        self.parent = np.full(n, -1, dtype=np.int64)
        self.parent[1:] = c["step_node"].astype(np.int64)[born[1:] - 1]
        self._build_boards(n)
        ties = self.header["ties"]
        counter = np.arange(n) + 1
        tie = -self.g if ties == "deep" else np.zeros(n, dtype=np.int64)
        order = counter if ties == "deep" else -counter
        f = c["node_f"].astype(np.float64)
        self.by_key = np.lexsort((order[1:], tie[1:], f[1:])) + 1  # every entry but the start's

    def _build_boards(self, n: int) -> None:
        cells, cols = self.header["rows"] * self.header["cols"], self.header["cols"]
        self.g = np.zeros(n, dtype=np.int64)
        self.boards = np.zeros((n, cells), dtype=np.uint8)
        if n:
            self.boards[0] = self.header["start"]
        blank = np.zeros(n, dtype=np.int64)
        blank[0] = self.header["start"].index(BLANK) if cells else 0
        deltas = [dr * cols + dc for dr, dc in MOVES.values()]
        moves = self.columns["node_move"]
        for i in range(1, n):  # parents come before their children
            p = self.parent[i]
            self.g[i] = self.g[p] + 1
            b, to = blank[p], blank[p] + deltas[moves[i]]
            board = self.boards[p].copy()
            board[b], board[to] = board[to], BLANK
            self.boards[i], blank[i] = board, to

    # -- what a step shows --------------------------------------------------------------------
    def board_of(self, index: int) -> np.ndarray:
        board: np.ndarray = self.boards[index]
        return board

    def node_at(self, index: int) -> EncodedNode:
        move = int(self.columns["node_move"][index])
        return EncodedNode(
            tuple(int(t) for t in self.boards[index]),
            int(self.g[index]),
            float(self.columns["node_h"][index]),
            float(self.columns["node_f"][index]),
            None if move == NO_MOVE else list(MOVES)[move],
        )

    def expanded(self, step: int) -> int:
        return int(self.columns["step_node"][step - 1])

    def node(self, step: int) -> EncodedNode:
        return self.node_at(self.expanded(step))

    def children(self, step: int) -> tuple[list[EncodedNode], list[EncodedNode]]:
        generated = [self.node_at(i) for i in range(self.first_child[step - 1], self.first_child[step])]
        parent = self.expanded(step)
        skipped = []
        cols, names = self.header["cols"], list(MOVES)
        for code in self.columns["skip_move"][self.first_skip[step - 1] : self.first_skip[step]]:
            board = self.boards[parent].copy()
            b = int(np.flatnonzero(board == BLANK)[0])
            dr, dc = MOVES[names[code]]
            to = b + dr * cols + dc
            board[b], board[to] = board[to], BLANK
            tiles = tuple(int(t) for t in board)
            skipped.append(EncodedNode(tiles, int(self.g[parent]) + 1, math.nan, math.nan, names[code]))
        return generated, skipped

    def alive(self, step: int) -> np.ndarray:
        """For every node: on the frontier just after ``step`` (never the start's node)."""
        live = (self.born <= step) & (self.columns["node_dies"] > step)
        live[0] = False
        return live

    def frontier_indexes(self, step: int, best: int = 5) -> tuple[list[int], int]:
        live = self.alive(step)
        ordered = self.by_key[live[self.by_key]]
        return [int(i) for i in ordered[:best]], int(live.sum())

    def frontier(self, step: int, best: int = 5) -> tuple[list[EncodedNode], int]:
        indexes, size = self.frontier_indexes(step, best)
        return [self.node_at(i) for i in indexes], size

    def path(self, step: int) -> list[EncodedNode]:
        chain, index = [], self.expanded(step)
        while index >= 0:
            chain.append(self.node_at(index))
            index = int(self.parent[index])
        return chain[::-1]

    def frontier_after(self, step: int) -> int:
        """The engine's frontier count after the step's last event (as ``Trace.describe``)."""
        if step == self.steps:
            return int(self.header["end_frontier"])
        return int(self.columns["step_frontier"][step - 1] + self.columns["step_generated"][step - 1])

    def describe(self, step: int) -> str:
        node = self.node(step)
        generated, skipped = self.children(step)
        return (
            f"step {step} of {self.steps}: expand g={node.g} h={node.h:g} f={node.f:g}; "
            f"{len(generated)} new children, {len(skipped)} skipped; frontier {self.frontier_after(step)}"
        )


def decode_run(packed: object) -> DecodedRun:
    """A run packed by :func:`pack_run` (or the dict :func:`encode_run` returned), read back.

    Raises
    ------
    ValueError
        The bytes are not a packed run of this version.
    """
    if isinstance(packed, dict):
        packed = pack_run(packed)
    if not isinstance(packed, bytes | bytearray | memoryview):
        raise TypeError(f"packed must be bytes from pack_run, got {type(packed).__name__}")
    header, columns = _unpack(bytes(packed))
    return DecodedRun(header, columns)

"""A recorded search, indexed by step: what a replay shows (node, children, frontier, path).

Step ``k`` (1-based) is the k-th expansion: the node expanded, its children (those put on the
frontier and those skipped), and the frontier just after. The frontier is rebuilt from the
events exactly as the engine holds it, with the key the engine gave each entry
(``event.key``): an entry joins at its ``"generate"`` event and leaves when it is expanded (the
``"expand"`` event carries its key) or, under the ``"reached"`` duplicate rule, when its board is
generated again by a shorter path (the engine then skips the old entry when it comes up). The
next node expanded is always the live entry with the smallest key.

>>> from puzzlelab import Board
>>> from puzzlelab.search import astar
>>> trace = Trace(astar(Board.parse("1 2 3/4 _ 5/7 8 6"), record=True))
>>> trace.steps, trace.node(1).board.text(), trace.next_node(1).board.text()
(2, '1 2 3/4 _ 5/7 8 6', '1 2 3/4 5 _/7 8 6')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import numpy as np

if TYPE_CHECKING:
    from .engine import Key, Node, SearchResult

__all__ = ["Trace"]


class Trace:
    """Random access to every step of a recorded best-first search (``result.events``).

    Parameters
    ----------
    result : SearchResult
        A best-first search (``bfs``, ``greedy``, ``astar``, ``weighted_astar``,
        ``article_solver``) run with ``record=True``.

    Attributes
    ----------
    result : SearchResult
        The search replayed.
    events : list of Event
        Its recorded events.
    steps : int
        The number of expansions (steps are numbered ``1..steps``).
    g, h, f : numpy.ndarray
        For each step, the expanded node's ``g``, ``h`` and ``f`` (index ``step - 1``).
    frontier_sizes : numpy.ndarray
        For each step, the frontier's size when the node was expanded.

    Raises
    ------
    ValueError
        The search was not recorded.

    Examples
    --------
    >>> from puzzlelab.search import astar
    >>> trace = Trace(astar("1 2 3/_ 5 6/4 7 8", record=True))
    >>> trace.steps, trace.f.tolist()
    (3, [3.0, 3.0, 3.0])
    """

    def __init__(self, result: SearchResult) -> None:
        events = result.events
        if events is None:
            raise ValueError("this search was not recorded: run it with record=True")
        self.result = result
        self.events = events
        self.expand_at = [i for i, e in enumerate(events) if e.kind == "expand"]
        self.steps = len(self.expand_at)
        # expand, generate and skip events always carry their node (only an end event may not)
        expanded = cast("list[Node]", [events[i].node for i in self.expand_at])
        self.g = np.array([n.g for n in expanded], dtype=np.float64)
        self.h = np.array([n.h for n in expanded], dtype=np.float64)
        self.f = np.array([n.f for n in expanded], dtype=np.float64)
        self.frontier_sizes = np.array([events[i].frontier for i in self.expand_at], dtype=float)
        strategy = getattr(result, "strategy", None)
        self._reopen_kills = strategy is None or strategy.duplicates == "reached"
        self._index_frontier()

    def _index_frontier(self) -> None:
        """For every frontier entry: the event that added it, the one it left at, its key, its node."""
        born: list[int] = []
        dies: list[int] = []
        keys: list[Key] = []
        nodes: list[Node] = []
        by_key: dict[Key, int] = {}
        live: dict[tuple[int, ...], list[int]] = {}  # state -> entries not yet expanded or superseded
        for i, event in enumerate(self.events):
            if event.key is None:
                continue
            node = event.node
            assert node is not None  # events with a key (expand, generate) carry their node
            if event.kind == "expand":
                j = by_key.get(event.key)
                if j is not None:  # (the root entry has no generate event)
                    dies[j] = i
                    live[node.state].remove(j)
            elif event.kind == "generate":
                if self._reopen_kills:
                    for j in live.pop(node.state, ()):
                        dies[j] = i  # a shorter path supersedes it: the engine will skip it
                by_key[event.key] = len(born)
                live.setdefault(node.state, []).append(len(born))
                born.append(i)
                dies.append(len(self.events))
                keys.append(event.key)
                nodes.append(node)
        self._born, self._dies = np.array(born, dtype=np.int64), np.array(dies, dtype=np.int64)
        self._keys = np.array(keys, dtype=float).reshape(-1, 3)
        self._nodes = nodes

    def _check(self, step: int) -> int:
        if not 1 <= step <= self.steps:
            raise ValueError(f"step {step} is outside 1..{self.steps}")
        return step

    def _span(self, step: int) -> tuple[int, int]:
        start = self.expand_at[self._check(step) - 1]
        stop = self.expand_at[step] if step < self.steps else len(self.events)
        return start, stop

    def node(self, step: int) -> Node:
        """The node expanded at ``step``.

        Parameters
        ----------
        step : int
            A step, ``1..steps``.

        Returns
        -------
        Node
            With its ``g``, ``h``, ``f``, the move that reached it and ``node.board``.

        Raises
        ------
        ValueError
            ``step`` is outside ``1..steps``.

        Examples
        --------
        >>> from puzzlelab.search import astar
        >>> trace = Trace(astar("1 2 3/_ 5 6/4 7 8", record=True))
        >>> trace.node(2)
        Node('1 2 3/4 5 6/_ 7 8', g=1, h=2, f=3)
        """
        node = self.events[self._span(step)[0]].node
        assert node is not None  # an expand event carries its node
        return node

    def children(self, step: int) -> tuple[list[Node], list[Node]]:
        """The children of the node expanded at ``step``.

        Parameters
        ----------
        step : int
            A step, ``1..steps``.

        Returns
        -------
        generated : list of Node
            The children put on the frontier, in the order they were made.
        skipped : list of Node
            The children left out, reached before by a path at least as short (their ``h`` and
            ``f`` are ``nan``: never computed).

        Raises
        ------
        ValueError
            ``step`` is outside ``1..steps``.

        Examples
        --------
        >>> from puzzlelab.search import astar
        >>> trace = Trace(astar("1 2 3/_ 5 6/4 7 8", record=True))
        >>> generated, skipped = trace.children(1)
        >>> [child.move for child in generated], skipped
        (['U', 'D', 'R'], [])
        """
        start, stop = self._span(step)
        around = self.events[start + 1 : stop]
        return (  # generate and skip events carry their node
            cast("list[Node]", [e.node for e in around if e.kind == "generate"]),
            cast("list[Node]", [e.node for e in around if e.kind == "skip"]),
        )

    def frontier(self, step: int, best: int = 5) -> tuple[list[Node], int]:
        """The frontier just after ``step``, best first: the order the engine takes it in.

        Parameters
        ----------
        step : int
            A step, ``1..steps``.
        best : int, default 5
            How many entries to return.

        Returns
        -------
        nodes : list of Node
            The ``best`` entries with the smallest keys (``event.key``: f, then the tie rule).
        size : int
            How many entries are live (entries superseded by a shorter path are not counted).

        Raises
        ------
        ValueError
            ``step`` is outside ``1..steps``.

        Examples
        --------
        >>> from puzzlelab.search import astar
        >>> trace = Trace(astar("1 2 3/_ 5 6/4 7 8", record=True))
        >>> nodes, size = trace.frontier(1, best=2)
        >>> [node.f for node in nodes], size
        ([3, 5], 3)
        """
        _, stop = self._span(step)
        alive = np.flatnonzero((self._born < stop) & (self._dies >= stop))
        keys = self._keys[alive]
        order = alive[np.lexsort((keys[:, 2], keys[:, 1], keys[:, 0]))][:best]
        return [self._nodes[j] for j in order], int(alive.size)

    def next_node(self, step: int) -> Node | None:
        """The node the engine takes from the frontier after ``step``.

        Parameters
        ----------
        step : int
            A step, ``1..steps``.

        Returns
        -------
        Node or None
            The live frontier entry with the smallest key: the node expanded at ``step + 1``,
            or, after the last step, the goal (when the goal test comes at expansion); None
            when the frontier is empty.

        Raises
        ------
        ValueError
            ``step`` is outside ``1..steps``.

        Examples
        --------
        >>> from puzzlelab.search import astar
        >>> trace = Trace(astar("1 2 3/_ 5 6/4 7 8", record=True))
        >>> trace.next_node(1) == trace.node(2), trace.next_node(3).h
        (True, 0)
        """
        best, _ = self.frontier(step, best=1)
        return best[0] if best else None

    def describe(self, step: int) -> str:
        """One line about ``step``: the node expanded, its children, the frontier size.

        Parameters
        ----------
        step : int
            A step, ``1..steps``.

        Returns
        -------
        str

        Raises
        ------
        ValueError
            ``step`` is outside ``1..steps``.

        Examples
        --------
        >>> from puzzlelab.search import astar
        >>> Trace(astar("1 2 3/_ 5 6/4 7 8", record=True)).describe(1)
        'step 1 of 3: expand g=0 h=3 f=3; 3 new children, 0 skipped; frontier 3'
        """
        node = self.node(step)
        generated, skipped = self.children(step)
        frontier = self.events[self._span(step)[1] - 1].frontier
        return (
            f"step {step} of {self.steps}: expand g={node.g} h={node.h:g} f={node.f:g}; "
            f"{len(generated)} new children, {len(skipped)} skipped; frontier {frontier}"
        )

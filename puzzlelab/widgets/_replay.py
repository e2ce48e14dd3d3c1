"""A recorded best-first search, indexed by step, for replay in the widgets.

Step ``k`` (1-based) is the k-th expansion: the node expanded, its children (those put on the
frontier and those skipped), and the frontier just after. The frontier's entries are rebuilt
from the ``generate`` and ``expand`` events: an entry lives from its ``generate`` until its state
is expanded or generated again by a shorter path (which makes the old entry stale).
"""

from __future__ import annotations

import numpy as np

__all__ = ["Replay"]


class Replay:
    """Random access to every step of a recorded search (``result.events``)."""

    def __init__(self, result):
        events = result.events
        if events is None:
            raise ValueError("this search was not recorded: run it with record=True")
        self.result = result
        self.events = events
        self.expand_at = [i for i, e in enumerate(events) if e.kind == "expand"]
        self.steps = len(self.expand_at)
        expanded = [events[i].node for i in self.expand_at]
        self.g = np.array([n.g for n in expanded], dtype=float)
        self.h = np.array([n.h for n in expanded], dtype=float)
        self.f = np.array([n.f for n in expanded], dtype=float)
        self.frontier_sizes = np.array([events[i].frontier for i in self.expand_at], dtype=float)
        self._index_frontier()

    def _index_frontier(self) -> None:
        born, dies, f, g, nodes = [], [], [], [], []
        pending: dict = {}
        end = len(self.events)
        for i, event in enumerate(self.events):
            if event.kind == "generate":
                board = event.node.board
                for j in pending.pop(board, ()):
                    dies[j] = min(dies[j], i - 1)  # superseded by a shorter path: stale from here
                pending.setdefault(board, []).append(len(born))
                born.append(i)
                dies.append(end)
                f.append(event.node.f)
                g.append(event.node.g)
                nodes.append(event.node)
            elif event.kind == "expand" and event.node.parent is not None:
                for j in pending.pop(event.node.board, ()):
                    dies[j] = min(dies[j], i)
        self._born, self._dies = np.array(born, dtype=np.int64), np.array(dies, dtype=np.int64)
        self._f, self._g, self._nodes = np.array(f, dtype=float), np.array(g, dtype=float), nodes

    def _check(self, step: int) -> int:
        if not 1 <= step <= self.steps:
            raise ValueError(f"step {step} is outside 1..{self.steps}")
        return step

    def _span(self, step: int) -> tuple[int, int]:
        start = self.expand_at[self._check(step) - 1]
        stop = self.expand_at[step] if step < self.steps else len(self.events)
        return start, stop

    def node(self, step: int):
        """The node expanded at ``step``."""
        return self.events[self._span(step)[0]].node

    def children(self, step: int) -> tuple[list, list]:
        """``(generated, skipped)`` children of the node expanded at ``step``."""
        start, stop = self._span(step)
        around = self.events[start + 1 : stop]
        return (
            [e.node for e in around if e.kind == "generate"],
            [e.node for e in around if e.kind == "skip"],
        )

    def frontier(self, step: int, best: int = 5) -> tuple[list, int]:
        """The ``best`` frontier entries after ``step`` (smallest f, then largest g) and how many live."""
        _, stop = self._span(step)
        alive = np.flatnonzero((self._born < stop) & (self._dies >= stop))
        order = alive[np.lexsort((-self._g[alive], self._f[alive]))][:best]
        return [self._nodes[j] for j in order], int(alive.size)

    def describe(self, step: int) -> str:
        node = self.node(step)
        generated, skipped = self.children(step)
        frontier = self.events[self._span(step)[1] - 1].frontier
        return (
            f"step {step} of {self.steps}: expand g={node.g} h={node.h:g} f={node.f:g}; "
            f"{len(generated)} new children, {len(skipped)} skipped; frontier {frontier}"
        )

"""The tour of the library (docs/tour.md) names only things that exist, and its example runs as printed."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOUR = ROOT / "docs" / "tour.md"
TEXT = TOUR.read_text(encoding="utf-8")

#: every dotted name under puzzlelab (inside a code span, a role or prose)
DOTTED = sorted(set(re.findall(r"\bpuzzlelab(?:\.[A-Za-z_]\w*)+", TEXT)))
#: every file path in a code span: `puzzlelab/search/engine.py`, `tests/test_textbook.py`, ...
PATHS = sorted(set(re.findall(r"`([\w./-]+/(?:[\w.-]+)?)`", TEXT)))
#: bare module file names in a code span (`solvers.py`): somewhere in the package
FILES = sorted(set(re.findall(r"`(\w+\.py)`", TEXT)))
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, flags=re.S)


def _fields(obj) -> set[str]:
    """Names a class declares without a class attribute (dataclass and NamedTuple fields)."""
    names = set(getattr(obj, "_fields", ()))
    if dataclasses.is_dataclass(obj):
        names |= {f.name for f in dataclasses.fields(obj)}
    return names


def resolve(dotted: str):
    """The object ``dotted`` names: the longest importable module, then attributes.

    Raises ``LookupError`` naming the first part that is missing.
    """
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        break
    else:  # pragma: no cover - "puzzlelab" itself always imports
        raise LookupError(f"{dotted}: no module")
    for k in range(cut, len(parts)):
        name = parts[k]
        if hasattr(obj, name):
            obj = getattr(obj, name)
        elif k == len(parts) - 1 and name in _fields(obj):
            return obj
        else:
            raise LookupError(f"{dotted}: {'.'.join(parts[:k])} has no {name!r}")
    return obj


def test_the_tour_names_enough_to_be_worth_checking():
    assert len(DOTTED) >= 40, DOTTED
    assert len(PATHS) >= 8, PATHS
    assert len(FILES) >= 6, FILES
    assert BLOCKS, "the tour's example is gone"


@pytest.mark.parametrize("dotted", DOTTED)
def test_every_dotted_name_in_the_tour_exists(dotted):
    resolve(dotted)


@pytest.mark.parametrize("path", PATHS)
def test_every_path_in_the_tour_exists(path):
    assert (ROOT / path).exists(), f"docs/tour.md names {path}, which is not in the repository"


@pytest.mark.parametrize("name", FILES)
def test_every_module_file_in_the_tour_exists(name):
    assert list((ROOT / "puzzlelab").rglob(name)), f"docs/tour.md names {name}, which is not in puzzlelab/"


def test_resolve_fails_on_a_name_that_is_gone():
    assert resolve("puzzlelab.search.engine.Strategy.key") is not None
    assert resolve("puzzlelab.search.SearchResult.cost") is not None  # a dataclass field
    with pytest.raises(LookupError, match="has no 'no_such_step'"):
        resolve("puzzlelab.search.engine.no_such_step")
    with pytest.raises(LookupError, match="has no 'nowhere'"):
        resolve("puzzlelab.nowhere.astar")


def test_the_tours_one_search_walks_the_engines_named_steps():
    """The steps the tour walks through are the ones the engine and its caller really call."""
    import inspect

    from puzzlelab.search import engine, solvers

    engine_source = inspect.getsource(engine.run) + inspect.getsource(engine._start)
    run_source = inspect.getsource(solvers._run)
    for step in ("_rules", "incremental", "_root_entry", "_stop"):
        assert f"`{step}`" in TEXT or f".{step}`" in TEXT, step
        assert step in engine_source, f"the tour says run calls {step}"
    for step in ("prepare", "check_limits", "check_record", "check_heuristic", "Task", "_drain", "_result"):
        assert step in run_source, f"the tour says solvers._run calls {step}"


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.splitlines()[0][:40])
def test_the_tours_example_prints_what_it_says(block, capsys):
    exec(compile(block, str(TOUR), "exec"), {})
    out = capsys.readouterr().out
    promised = re.findall(r"^print\(.*\)\n# (.+)$", block, flags=re.M)  # the line after a print
    assert promised
    for text in promised:
        assert text.strip() in out


def test_the_docs_site_and_the_readme_link_the_tour():
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    toctree = re.search(r"```\{toctree\}(.*?)```", index, flags=re.S)
    assert toctree is not None
    assert "tour" in toctree.group(1).split()
    assert "(docs/tour.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


# -- the "How to..." recipes: each runs as printed and does what its heading says ------------------
def _recipe(heading: str) -> str:
    """The code block under the tour's ``### ...<heading>``."""
    section = TEXT.split(f"### ...{heading}\n", 1)[1].split("\n### ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 1, heading
    return blocks[0]


def _run(block: str) -> dict:
    namespace: dict = {}
    exec(compile(block, str(TOUR), "exec"), namespace)
    return namespace


def test_recipe_add_a_heuristic_reaches_the_solvers_the_menus_and_the_admissibility_table():
    from puzzlelab import search
    from puzzlelab.heuristics import ADMISSIBLE, HEURISTICS, unregister_heuristic

    before, block = list(HEURISTICS), _recipe("add a heuristic")
    cleanup = 'unregister_heuristic("half_manhattan")'
    assert cleanup in block
    seen = _run(block.replace(cleanup, "pass"))  # stop before the clean-up, to look
    try:
        assert list(HEURISTICS) == [*before, "half_manhattan"]  # what the widget menus read
        assert HEURISTICS["half_manhattan"] is seen["half_manhattan"]
        assert "half_manhattan" in ADMISSIBLE
        assert seen["result"].optimal
        assert seen["result"].cost == search.bfs("4 1 3/7 2 6/_ 5 8").cost
        assert search.ida_star("4 1 3/7 2 6/_ 5 8", heuristic=seen["half_manhattan"]).optimal
    finally:
        unregister_heuristic("half_manhattan")
    _run(block)  # as printed: it registers and removes again
    assert list(HEURISTICS) == before


def test_recipe_add_a_shuffle_reaches_shuffle_board_sample_and_exact():
    from puzzlelab import Board, sampling, shuffles
    from puzzlelab.shuffles import SHUFFLES, unregister_shuffle

    before, block = list(SHUFFLES), _recipe("add a shuffle")
    cleanup = 'unregister_shuffle("coin_reversal")'
    assert cleanup in block
    _run(block.replace(cleanup, "pass"))
    try:
        boards = {shuffles.shuffle_board("coin_reversal", 2, 2, rng=seed) for seed in range(30)}
        assert boards == {Board.goal(2, 2), Board.parse("_ 3/2 1")}
        rows = sampling.sample("coin_reversal", 5, 4000, rng=2).tolist()
        assert {tuple(r) for r in rows} == {(0, 1, 2, 3, 4), (4, 3, 2, 1, 0)}
        assert 1800 < sum(r[0] == 4 for r in rows) < 2200
    finally:
        unregister_shuffle("coin_reversal")
    _run(block)
    assert list(SHUFFLES) == before


def test_recipe_add_a_lesson_is_listed_and_gets_a_student_edition():
    seen = _run(_recipe("add a lesson"))
    (lesson,) = seen["list_lessons"](source=seen["folder"])
    assert (lesson.number, lesson.slug) == ("07", "corners")
    student = seen["student_edition"](seen["notebook"])["cells"][1]["source"]
    assert "return 4" not in student
    assert "raise NotImplementedError()" in student


def test_recipe_add_a_check_accepts_the_truth_and_names_the_board_of_a_wrong_answer(capsys):
    seen = _run(_recipe("add a check to an exercise"))
    out = capsys.readouterr().out
    assert "correct: the blank's moves" in out
    assert seen["message"] == "for the board 1 2 3/4 5 6/7 8 _: expected 2, got 4"
    from puzzlelab.exercises import WrongAnswer

    with pytest.raises(WrongAnswer, match="_ 1/2 3"):  # right on 3 x 3 boards only: the 2 x 2 one catches it
        seen["check_blank_moves"](lambda board: len(board.moves()) if board.size == 9 else 3)

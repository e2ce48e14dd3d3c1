"""The Chinese edition stays in step with the English one, and the translation tools do what they say.

Sync (every lesson with a built ``notebooks/zh-CN/NN_slug.ipynb``): the same cells in the same
order with the same ids, types and metadata (nbgrader grade ids, points, locked flags, tags);
code identical apart from strings and comments; asserts identical apart from their messages;
every markdown cell keeps the English cell's inline code, maths and link targets; the notebook is
what ``build`` makes of the ``.po`` (no hand edits), executed, and its first code cell switches
the library to Chinese.

The list of cells still to translate (``translations/zh-CN/PENDING.txt``) may only shrink: a cell
missing from it, or listed but translated, fails; ``python -m puzzlelab.translation pending``
rewrites it.

The tools themselves (:mod:`puzzlelab.translation`) are tested on small notebooks in a temporary
folder and on a lesson built with a made-up translation.
"""

from __future__ import annotations

import ast
import copy
import io
import re
import tokenize
from collections import Counter
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import translation
from puzzlelab.editions import RUN_METADATA
from puzzlelab.translation import (
    SWITCH,
    CellStatus,
    build_notebook,
    code_skeleton,
    format_pending,
    markdown_keepers,
    needs_translation,
    read_catalogue,
    read_pending,
    status,
    update_catalogue,
)

pytest.importorskip("babel", reason='the translation tools are in the "i18n" extra')
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = ROOT / "notebooks"
LANG = "zh-CN"
CHINESE = ENGLISH / LANG
PENDING = translation.pending_path(LANG)
HAN = re.compile(r"[\u4e00-\u9fff]")


def english_lessons() -> list[Path]:
    return sorted(ENGLISH.glob("[0-9][0-9]_*.ipynb"))


def built_lessons() -> list[str]:
    return sorted(p.stem for p in CHINESE.glob("[0-9][0-9]_*.ipynb"))


def source(cell) -> str:
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def read(path: Path):
    return nbformat.read(path, as_version=4)


# -- the sync rules, as one function (tested below on right and wrong translations) ------------
def python_of(code: str) -> str:
    """A code cell as Python: IPython magic lines blanked (as code_skeleton does)."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in code.splitlines())


def asserts(code: str) -> list[tuple[str, bool]]:
    """Each assert of a code cell: its test as an AST dump (strings included), whether it has a message."""
    try:
        tree = ast.parse(python_of(code))
    except SyntaxError:
        return []
    return [
        (ast.dump(node.test), node.msg is not None) for node in ast.walk(tree) if isinstance(node, ast.Assert)
    ]


def metadata_kept(cell) -> dict:
    """A cell's metadata without what a run records (timings, the collapsed state of outputs)."""
    return {key: value for key, value in cell.metadata.items() if key not in RUN_METADATA}


def sync_problems(english, chinese, *, built=None, pending: frozenset[str] = frozenset()) -> list[str]:
    """Every way the Chinese notebook ``chinese`` is out of step with ``english`` (empty: in step).

    ``built`` is what ``build`` makes from the ``.po`` (compared cell by cell, except the
    ``pending`` cells: those wait for a translation)."""
    problems: list[str] = []
    if [(c.id, c.cell_type) for c in english.cells] != [(c.id, c.cell_type) for c in chinese.cells]:
        en = [(c.id, c.cell_type) for c in english.cells]
        zh = [(c.id, c.cell_type) for c in chinese.cells]
        return [f"the cells differ (id, type): English {en[:50]}..., Chinese {zh[:50]}..."]
    for en, zh in zip(english.cells, chinese.cells, strict=True):
        where = f"cell {en.id}"
        if metadata_kept(en) != metadata_kept(zh):
            problems.append(
                f"{where}: metadata {metadata_kept(zh)} differs from the English {metadata_kept(en)}"
            )
        if en.cell_type == "code":
            if code_skeleton(source(en)) != code_skeleton(source(zh)):
                problems.append(f"{where}: the code differs beyond strings and comments")
            if asserts(source(en)) != asserts(source(zh)):
                problems.append(f"{where}: an assert differs beyond its message")
        elif en.cell_type == "markdown":
            lost = Counter(markdown_keepers(source(en))) - Counter(markdown_keepers(source(zh)))
            if lost:
                problems.append(f"{where}: lost the English cell's code, maths or links {sorted(lost)}")
        if built is not None and en.id not in pending:
            made = next(c for c in built.cells if c.id == en.id)
            if source(made) != source(zh):
                problems.append(f"{where}: differs from what build makes of the .po (hand edited?)")
    first_code = next((c for c in chinese.cells if c.cell_type == "code"), None)
    switch = SWITCH.search(source(first_code)) if first_code is not None else None
    if switch is None or switch.group(1) != LANG:
        problems.append(f'the first code cell does not call puzzlelab.set_language("{LANG}")')
    return problems


def run_problems(english, chinese) -> list[str]:
    """A committed Chinese lesson is executed like the English: every cell that ran there ran, no error."""
    problems = []
    if chinese.metadata.get("puzzlelab", {}).get("language") != LANG:
        problems.append(f"metadata.puzzlelab.language is not {LANG!r}: not made by build")
    for en, zh in zip(english.cells, chinese.cells, strict=False):
        if en.cell_type != "code" or zh.cell_type != "code":
            continue
        if en.get("execution_count") is not None and zh.get("execution_count") is None:
            problems.append(f"cell {zh.id} was not executed (make notebooks-zh)")
        if any(output.output_type == "error" for output in zh.outputs):
            problems.append(f"cell {zh.id} ends in an error")
    return problems


# -- the committed Chinese lessons ---------------------------------------------------------------
@pytest.fixture(scope="module")
def pending_cells() -> dict[str, frozenset[str]]:
    listed = read_pending(PENDING) if PENDING.exists() else []
    found: dict[str, set[str]] = {}
    for entry in listed:
        found.setdefault(entry.lesson, set()).add(entry.cell)
    return {lesson: frozenset(cells) for lesson, cells in found.items()}


@pytest.mark.parametrize("lesson", built_lessons())
def test_a_built_chinese_lesson_is_in_step_with_the_english(lesson, pending_cells):
    english_path = ENGLISH / f"{lesson}.ipynb"
    assert english_path.exists(), f"notebooks/{LANG}/{lesson}.ipynb has no English lesson"
    english, chinese = read(english_path), read(CHINESE / f"{lesson}.ipynb")
    built = build_notebook(english_path, LANG, allow_missing=True)
    problems = sync_problems(english, chinese, built=built, pending=pending_cells.get(lesson, frozenset()))
    problems += run_problems(english, chinese)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lesson", built_lessons())
def test_a_built_chinese_lesson_reads_chinese(lesson, pending_cells):
    """Every translated markdown cell holds Chinese (not a copy of the English), and so do outputs."""
    chinese = read(CHINESE / f"{lesson}.ipynb")
    entries = read_catalogue(translation.catalogue_path(f"{lesson}.ipynb", LANG))
    skipped = pending_cells.get(lesson, frozenset())
    english_only = [
        c.id
        for c in chinese.cells
        if c.cell_type == "markdown" and c.id in entries and c.id not in skipped and not HAN.search(source(c))
    ]
    assert not english_only, f"markdown cells without a Chinese character: {english_only}"


def test_the_pending_list_lists_exactly_the_cells_still_to_translate():
    """PENDING.txt may only shrink: a new untranslated or out-of-date cell must be added to it (an
    English change is seen), and a cell translated since must be taken off it."""
    assert PENDING.exists(), (
        f"{PENDING.relative_to(ROOT)} is missing: python -m puzzlelab.translation pending"
    )
    listed = read_pending(PENDING)
    now = translation.all_status(LANG)
    assert len(set(listed)) == len(listed), "a cell is listed twice"
    unlisted = sorted(set(now) - set(listed), key=lambda p: (p.lesson, p.cell))
    stale = sorted(set(listed) - set(now), key=lambda p: (p.lesson, p.cell))
    fix = "rewrite the list with: python -m puzzlelab.translation pending"
    assert not unlisted, f"cells to translate that PENDING.txt does not list ({fix}): {unlisted[:20]}"
    assert not stale, f"cells PENDING.txt lists but that are translated now ({fix}): {stale[:20]}"


def test_every_fully_translated_lesson_has_its_built_notebook():
    """A lesson with nothing pending is committed built and executed (make notebooks-zh)."""
    pending = {entry.lesson for entry in read_pending(PENDING)} if PENDING.exists() else set()
    missing = [p.stem for p in english_lessons() if p.stem not in pending and p.stem not in built_lessons()]
    assert not missing, f"translated but not built in notebooks/{LANG}/: {missing}"
    assert set(built_lessons()) <= {p.stem for p in english_lessons()}


def test_every_lesson_has_a_catalogue_with_an_entry_per_cell_to_read():
    for english in english_lessons():
        path = translation.catalogue_path(english, LANG)
        assert path.exists(), f"{path.relative_to(ROOT)}: python -m puzzlelab.translation update"
        entries = read_catalogue(path)
        wanted = {c.id for c in read(english).cells if needs_translation(c)}
        assert set(entries) == wanted, f"{path.name}: run python -m puzzlelab.translation update"


# -- the sync rules catch what they should, on a lesson built with a made-up translation ---------
def retext(code: str, *, strings: bool) -> str:
    """``code`` with every comment (and, if ``strings``, every plain string) put in Chinese."""
    tokens = list(tokenize.generate_tokens(io.StringIO(python_of(code) + "\n").readline))
    lines = code.splitlines(keepends=True)
    for token in reversed(tokens):
        (row, col), (end_row, end) = token.start, token.end
        plain = token.type == tokenize.STRING and not re.match(r"(?i)[rbu]*f", token.string)
        if row == end_row and (token.type == tokenize.COMMENT or (strings and plain)):
            text = "# 中文注释" if token.type == tokenize.COMMENT else repr("中文")
            lines[row - 1] = lines[row - 1][:col] + text + lines[row - 1][end:]
    return "".join(lines)


def fake_translation(entry_english: str, kind: str) -> str:
    """A stand-in translation that keeps what a translator must keep: markdown gets Chinese text
    around the English (its code, maths and links untouched); code gets its comments in Chinese
    and the language switch set to Chinese."""
    if kind == "markdown":
        return "（译文）" + entry_english
    return retext(entry_english, strings=False).replace('set_language("en")', f'set_language("{LANG}")')


def translated_catalogue(english: Path, folder: Path) -> Path:
    path = update_catalogue(english, LANG, path=folder / f"{english.stem}.po")
    with open(path, "rb") as handle:
        catalogue = read_po(handle)
    for message in catalogue:
        if message.id and message.context:
            kind = "markdown" if "markdown" in " ".join(message.auto_comments) else "code"
            message.string = fake_translation(message.id, kind)
    with open(path, "wb") as handle:
        write_po(handle, catalogue, width=0, sort_output=False, include_previous=True)
    return path


@pytest.fixture(scope="module")
def made_up(tmp_path_factory):
    """Lesson 00, its made-up catalogue and the Chinese notebook built from them."""
    english = ENGLISH / "00_play.ipynb"
    catalogue = translated_catalogue(english, tmp_path_factory.mktemp("po"))
    return english, catalogue, build_notebook(english, LANG, catalogue=catalogue)


def test_a_notebook_built_from_a_complete_catalogue_is_in_step(made_up):
    english, catalogue, built = made_up
    assert sync_problems(read(english), built, built=build_notebook(english, LANG, catalogue=catalogue)) == []
    assert built.metadata["puzzlelab"]["language"] == LANG
    assert "widgets" not in built.metadata
    assert all(c.outputs == [] and c.execution_count is None for c in built.cells if c.cell_type == "code")
    for en, zh in zip(read(english).cells, built.cells, strict=True):
        if en.cell_type == "markdown" or not needs_translation(en):  # code: only its comments changed
            assert (source(en) == source(zh)) == (not needs_translation(en)), en.id


def first(cells, kind, has=""):
    return next(c for c in cells if c.cell_type == kind and has in source(c))


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ("rename", "the code differs"),
        ("assert", "an assert differs"),
        ("keeper", "lost the English cell's code"),
        ("link", "lost the English cell's code"),
        ("points", "metadata"),
        ("tags", "metadata"),
        ("swap", "the cells differ"),
        ("drop", "the cells differ"),
        ("switch", "set_language"),
        ("hand edit", "hand edited"),
    ],
)
def test_the_sync_rules_catch_an_unfaithful_translation(made_up, change, complaint):
    english_path, _catalogue, built = made_up
    english = read(english_path)
    wrong = copy.deepcopy(built)
    cells = wrong.cells
    if change == "rename":
        cell = first(cells, "code", "Board.goal(")
        cell.source = source(cell).replace("Board.goal(", "Board.goal_(", 1)
    elif change == "assert":
        cell = first(cells, "code", "assert ")
        cell.source = source(cell).replace("assert ", "assert not ", 1)
    elif change == "keeper":
        cell = first(cells, "markdown", "`")
        span = markdown_keepers(source(cell))[0]
        cell.source = source(cell).replace(span, "代码", 1)
    elif change == "link":
        cell = next(c for c in cells if c.cell_type == "markdown" and "<https://" in source(c))
        target = next(k for k in markdown_keepers(source(cell)) if k.startswith("<"))
        cell.source = source(cell).replace(target, "<https://example.org/elsewhere>")
    elif change == "points":
        cell = next(c for c in cells if c.metadata.get("nbgrader", {}).get("points"))
        cell.metadata["nbgrader"]["points"] += 1
    elif change == "tags":
        cell = next(c for c in cells if c.metadata.get("tags"))
        cell.metadata["tags"] = []
    elif change == "swap":
        cells[3], cells[4] = cells[4], cells[3]
    elif change == "drop":
        del cells[5]
    elif change == "switch":
        cell = first(cells, "code", "set_language")
        cell.source = source(cell).replace(f'set_language("{LANG}")', 'set_language("en")')
    else:
        cell = first(cells, "markdown", "#")
        cell.source = source(cell) + "\n\n多加的一句。"
    problems = sync_problems(english, wrong, built=built)
    assert any(complaint in p for p in problems), problems


def test_a_built_lesson_not_executed_is_refused(made_up):
    english, _, built = made_up
    assert any("not executed" in p for p in run_problems(read(english), built))


# -- update: translations are kept, a changed English cell becomes fuzzy with its old English ----
def tiny_lesson(path: Path, texts: list[str]) -> Path:
    cells = [nbformat.v4.new_markdown_cell(text) for text in texts]
    cells.append(nbformat.v4.new_code_cell('puzzlelab.set_language("en")  # the language'))
    cells.append(nbformat.v4.new_code_cell("x = 1"))  # nothing to read: no entry
    for number, cell in enumerate(cells):
        cell.id = f"c{number:03d}"
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    return path


def fill(catalogue: Path, translations: dict[str, str]) -> None:
    with open(catalogue, "rb") as handle:
        po = read_po(handle)
    for message in po:
        if message.context in translations:
            message.string = translations[message.context]
            message.flags.discard("fuzzy")
    with open(catalogue, "wb") as handle:
        write_po(handle, po, width=0, sort_output=False, include_previous=True)


def test_update_keeps_translations_and_marks_a_changed_cell_fuzzy_with_its_old_english(tmp_path):
    lesson = tiny_lesson(tmp_path / "09_tiny.ipynb", ["# One", "Two `x`"])
    po = update_catalogue(lesson, LANG, path=tmp_path / "09_tiny.po")
    assert set(read_catalogue(po)) == {"c000", "c001", "c002"}  # c003 has nothing to read
    assert [p.problem for p in status(lesson, LANG, catalogue=po)] == ["untranslated"] * 3
    fill(po, {"c000": "# 一", "c001": "二 `x`", "c002": f'puzzlelab.set_language("{LANG}")  # 语言'})
    assert status(lesson, LANG, catalogue=po) == []

    tiny_lesson(lesson, ["# One", "Two `x` and three"])  # the English of c001 changes
    assert status(lesson, LANG, catalogue=po) == [CellStatus("09_tiny", "c001", "out of date")]
    update_catalogue(lesson, LANG, path=po)
    entries = read_catalogue(po)
    assert (entries["c000"].string, "fuzzy" in entries["c000"].flags) == ("# 一", False)
    assert (entries["c001"].string, "fuzzy" in entries["c001"].flags) == ("二 `x`", True)
    assert entries["c001"].id == "Two `x` and three"
    assert entries["c001"].previous_id == ["Two `x`"]
    assert status(lesson, LANG, catalogue=po) == [CellStatus("09_tiny", "c001", "fuzzy")]

    tiny_lesson(lesson, ["# One", "Two `x` and four"])  # changed again before anyone looked
    update_catalogue(lesson, LANG, path=po)
    assert read_catalogue(po)["c001"].previous_id == ["Two `x`"]  # still the English it translates
    with pytest.raises(ValueError, match=r"c001 \(fuzzy\)"):
        build_notebook(lesson, LANG, catalogue=po)


ENGLISH_TEXT = st.from_regex(r"[a-z][a-z ]{0,7}", fullmatch=True)


@settings(max_examples=25, deadline=None)
@given(edits=st.lists(st.tuples(st.integers(0, 2), ENGLISH_TEXT), max_size=5))
def test_update_never_loses_a_translation_and_remembers_the_english_it_was_made_from(tmp_path_factory, edits):
    folder = tmp_path_factory.mktemp("upd")
    texts = ["alpha", "beta", "gamma"]
    lesson = tiny_lesson(folder / "09_tiny.ipynb", texts)
    po = update_catalogue(lesson, LANG, path=folder / "09_tiny.po")
    fill(po, {"c000": "甲", "c001": "乙", "c002": "丙"})
    translated_from = {"c000": "alpha", "c001": "beta", "c002": "gamma"}
    for index, text in edits:
        texts[index] = text
        tiny_lesson(lesson, texts)
        update_catalogue(lesson, LANG, path=po)
    entries = read_catalogue(po)
    assert [entries[c].string for c in ("c000", "c001", "c002")] == ["甲", "乙", "丙"]
    for number, text in enumerate(texts):
        entry = entries[f"c{number:03d}"]
        assert entry.id == text
        changed = text != translated_from[entry.context]
        assert ("fuzzy" in entry.flags) == changed
        assert entry.previous_id == ([translated_from[entry.context]] if changed else [])


# -- build refuses what is not translated ---------------------------------------------------------
def test_build_refuses_untranslated_cells_unless_allowed_and_then_keeps_the_english(tmp_path):
    lesson = tiny_lesson(tmp_path / "09_tiny.ipynb", ["# One", "Two"])
    po = update_catalogue(lesson, LANG, path=tmp_path / "09_tiny.po")
    fill(po, {"c000": "# 一"})
    with pytest.raises(ValueError, match=r"2 cells are not translated.*c001 \(untranslated\)"):
        build_notebook(lesson, LANG, catalogue=po)
    built = build_notebook(lesson, LANG, catalogue=po, allow_missing=True)
    assert [source(c) for c in built.cells][:2] == ["# 一", "Two"]


def test_build_refuses_a_chinese_edition_that_does_not_switch_the_language(tmp_path):
    lesson = tiny_lesson(tmp_path / "09_tiny.ipynb", ["# One"])
    po = update_catalogue(lesson, LANG, path=tmp_path / "09_tiny.po")
    fill(po, {"c000": "# 一", "c001": 'puzzlelab.set_language("en")  # 语言'})
    with pytest.raises(ValueError, match=r"set_language\(\"zh-CN\"\)"):
        build_notebook(lesson, LANG, catalogue=po)
    fill(po, {"c001": 'puzzlelab.set_language("zh-CN")  # 语言'})
    assert SWITCH.search(source(build_notebook(lesson, LANG, catalogue=po).cells[1])).group(1) == LANG


# -- code_skeleton and markdown_keepers -----------------------------------------------------------
NAMES = st.sampled_from(["board", "moves", "n", "solve", "plots.draw", "h_max"])
WORDS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)


@st.composite
def code_with_text(draw):
    """A few lines of code, each with strings and comments, plus the same code with other text."""
    lines, other = [], []
    for _ in range(draw(st.integers(1, 5))):
        name, called = draw(NAMES), draw(NAMES)
        first, second, comment = draw(WORDS), draw(WORDS), draw(WORDS).replace("\n", " ")
        template = "{name} = {called}({a}, key={b})"
        lines.append(template.format(name=name, called=called, a=repr(first), b=repr(second)))
        other.append(template.format(name=name, called=called, a=repr(draw(WORDS)), b=repr(draw(WORDS))))
        if draw(st.booleans()):
            lines[-1] += f"  # {comment}"
        if draw(st.booleans()):
            other[-1] += f"  # {draw(WORDS)}".replace("\n", " ").replace("\r", " ")
    return "\n".join(lines), "\n".join(other)


@settings(max_examples=100, deadline=None)
@given(code_with_text())
def test_code_skeleton_ignores_strings_and_comments(pair):
    code, other = pair
    assert code_skeleton(code) == code_skeleton(other)


@settings(max_examples=100, deadline=None)
@given(code_with_text(), NAMES)
def test_code_skeleton_sees_a_changed_name_or_number(pair, name):
    code, _ = pair
    renamed = code.replace(" = ", "_x = ", 1)
    assert code_skeleton(renamed) != code_skeleton(code)
    assert code_skeleton(code + "\nk = 1") != code_skeleton(code + "\nk = 2")
    assert code_skeleton(f"%time {name}()") != code_skeleton(f"%timeit {name}()")


@pytest.mark.parametrize("english", english_lessons(), ids=lambda p: p.stem)
def test_every_real_code_cell_keeps_its_skeleton_with_its_text_translated(english):
    """Blanking every comment and replacing every string of a lesson's code keeps its skeleton."""
    for cell in read(english).cells:
        if cell.cell_type != "code":
            continue
        code = source(cell)
        changed = retext(code, strings=True)
        assert code_skeleton(changed) == code_skeleton(code), cell.id


@pytest.mark.parametrize(
    ("english", "chinese", "same"),
    [
        ('print(f"{n:,} of {total} boards")', 'print(f"{total} 个局面中有 {n:,} 个")', True),
        ('print(f"{n:,} boards")', 'print(f"{n} 个局面")', False),  # the format spec changed
        ('print(f"{n!r} boards")', 'print(f"{n} 个局面")', False),  # the conversion changed
        ('print(f"{n + 1} boards")', 'print(f"{n - 1} 个局面")', False),
        ('print(f"{n} boards")', 'print(f"{m} 个局面")', False),
        ('print(f"{n} boards")', 'print("局面 {n}")', False),  # no longer an f-string
        ('print(f"""{n}\nboards""")', 'print(f"""{n}\n个局面""")', True),
    ],
)
def test_code_skeleton_keeps_the_fields_of_an_f_string(english, chinese, same):
    assert (code_skeleton(english) == code_skeleton(chinese)) is same


PROSE = st.text(st.characters(categories=("Lu", "Ll", "Lo", "Zs"), exclude_characters="`$"),
                max_size=15)  # fmt: skip
CODE = st.from_regex(r"`[a-z_(), 0-9]{1,10}`", fullmatch=True)
MATHS = st.from_regex(r"\$[a-z0-9+=^\\ ]{1,10}\$", fullmatch=True)
LINK = st.from_regex(r"https://example\.org/[a-z0-9/_-]{0,12}", fullmatch=True).map(lambda u: (u,))


@st.composite
def markdown_with_keepers(draw):
    """Markdown made of prose and keepers; returns (markdown, its keepers, the same keepers in
    other prose, as a translation would have them)."""
    pieces = draw(st.lists(st.one_of(CODE, MATHS, LINK), max_size=6))
    text, other, kept = [], [], []
    for piece in pieces:
        if isinstance(piece, tuple):
            link_text, target = draw(PROSE), piece[0]
            text.append(f"[{link_text}]({target})")
            other.append(f"[链接]({target})")
            kept.append(f"({target})")
        else:
            text.append(piece)
            other.append(piece)
            kept.append(piece)
        text.append(" " + draw(PROSE) + " ")
        other.append(" 一些中文 ")
    return "".join(text), kept, "".join(reversed(other))


@settings(max_examples=150, deadline=None)
@given(markdown_with_keepers())
def test_markdown_keepers_finds_every_code_span_maths_and_link_target(example):
    markdown, kept, translated = example
    assert Counter(markdown_keepers(markdown)) == Counter(kept)
    assert Counter(markdown_keepers(translated)) == Counter(kept)


def test_markdown_keepers_reads_a_code_block_whole_and_no_maths_inside_code():
    text = "Cost \\$1,000 and `a$b$` then\n```python\nx = '$y$'\n```\nand $f(n)$."
    assert sorted(markdown_keepers(text)) == sorted(["`a$b$`", "```python\nx = '$y$'\n```", "$f(n)$"])


# -- the pending list's format -------------------------------------------------------------------
def test_the_pending_list_reads_back_what_was_written(tmp_path):
    problems = [CellStatus("00_play", "c001", "untranslated"), CellStatus("03_search", "c040", "out of date"),
                CellStatus("03_search", "c041", "fuzzy")]  # fmt: skip
    path = tmp_path / "PENDING.txt"
    path.write_text(format_pending(problems, LANG), encoding="utf-8")
    assert read_pending(path) == problems
    path.write_text(format_pending([], LANG), encoding="utf-8")
    assert read_pending(path) == []
    path.write_text("00_play c001 half done\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"PENDING\.txt:1"):
        read_pending(path)


def test_the_committed_pending_list_is_in_lesson_order_with_its_header():
    text = PENDING.read_text(encoding="utf-8")
    assert text == format_pending(read_pending(PENDING), LANG)

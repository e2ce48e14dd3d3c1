"""The Chinese edition of what a student reads outside the checks: widget labels (drawn in the
browser from ``_labels``), statuses and summaries, the Predict widget, figure titles, axis labels,
legends and annotations; and the catalogue part that holds them (``puzzlelab/locale/zh_CN/ui.po``).

Under ``language("zh-CN")`` every one of them is Chinese; under ``"en"`` they are the English they
always were (the widget and plot tests check the English text itself)."""

from __future__ import annotations

import io
import re
import shutil
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest

from puzzlelab import Board
from puzzlelab import translation as tr
from puzzlelab.i18n import language, translate_all
from puzzlelab.plots import (
    draw_board_strip,
    draw_distance_histogram,
    draw_expansion,
    draw_frontier,
    draw_gh_plane,
    draw_inversions,
    draw_permutation_histogram,
    draw_position_matrix,
    draw_search_progress,
    draw_weight_sweep,
    draw_weight_tradeoff,
    figure_png,
)
from puzzlelab.widgets import parity_lab, playable, search_player, shuffle_lab, weight_explorer
from puzzlelab.widgets.predict import Predict
from puzzlelab.widgets.progress import BuildProgress

CJK = re.compile(r"[\u4e00-\u9fff]")
UI_PO = Path(tr.__file__).resolve().parent / "locale" / "zh_CN" / "ui.po"
FIELD = re.compile(r"\{[^{}]*\}")
#: words the Chinese edition never uses (zh-terms.md: the SitePoint translation's mistakes)
BANNED = ("瓷砖", "反转", "反演", "极性")

#: each live widget, a cheap way to build it, and the module that lists its labels
WIDGETS = {
    "playable": (playable.PlayableBoard, (3,), {}),
    "parity_lab": (parity_lab.ParityLab, (), {}),
    "search_player": (search_player.SearchPlayer, ("1 2 3/4 _ 5/7 8 6",), {}),
    "shuffle_lab": (shuffle_lab.ShuffleLab, (), {}),
    "weight_explorer": (weight_explorer.WeightExplorer, ("1 2 3/4 _ 5/7 8 6",), {"weight": 2.0}),
}
MODULES = {
    "playable": playable,
    "parity_lab": parity_lab,
    "search_player": search_player,
    "shuffle_lab": shuffle_lab,
    "weight_explorer": weight_explorer,
}


#: the solvers' own symbols, which a Chinese textbook writes as they are (the menu's "astar" is A*)
SYMBOLS = {"A*", "IDA*"}


def chinese(text: str) -> bool:
    return bool(CJK.search(text))


def _build(make, name: str):
    cls, args, kwargs = WIDGETS[name]
    return make(cls, *args, **kwargs)


# -- widgets ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_a_widget_made_in_chinese_sends_chinese_labels_and_says_chinese_things(make, name):
    labels = MODULES[name].LABELS
    with language("zh-CN"):
        view = _build(make, name)
        summary = view.summary()
    assert list(view._labels) == list(dict.fromkeys(labels))
    untranslated = [
        label for label, shown in view._labels.items() if not (chinese(shown) or shown in SYMBOLS)
    ]
    assert untranslated == []
    assert chinese(summary), summary
    # the labels are the browser's state: what the front-end receives is Chinese too
    assert view.get_state()["_labels"] == view._labels


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_a_widget_made_in_english_sends_the_labels_as_they_are(make, name):
    with language("en"):
        view = _build(make, name)
    assert view._labels == {label: label for label in MODULES[name].LABELS}
    assert not chinese(view.summary())


def test_the_labels_are_fixed_when_the_widget_is_made(make):
    with language("zh-CN"):
        view = make(playable.PlayableBoard, 2)
    assert view._labels["undo"] == "撤销"  # switching back later does not change a drawn widget
    with language("zh-CN"):
        view.move("L")
        view.undo()
    assert view._labels["undo"] == "撤销"


def test_values_the_browser_shows_through_t_are_labels_too():
    # menus and buttons whose values are identifiers or English mode names show t(value)
    assert {name.replace("_", " ") for name in playable.ALGORITHM_NAMES} <= set(playable.LABELS)
    assert set(parity_lab.MODES) <= set(parity_lab.LABELS)
    assert {"goal: blank last", "goal: blank first"} <= set(parity_lab.LABELS)
    assert set(shuffle_lab.MODES) <= set(shuffle_lab.LABELS)


def test_playable_statuses_and_errors_in_chinese(make):
    with language("zh-CN"):
        view = make(playable.PlayableBoard, 2, board="1 2/_ 3")
        view.hint()
        hint = view.status
        view._guarded(view.click, 2)  # the blank: refused, with a message on the error line
        refused = view.error_message
        view.solve()
        solved = view.status
    assert hint == "提示：滑动数码块 3；还需 1 步（最优；A*，线性冲突）", hint
    with language("zh-CN"):
        view._guarded(view._dispatch, {"do": "move", "move": "D"})  # an arrow key at the edge
    assert view.error_message == "不能移动 'D'：空白块在第 1 行第 1 列，已经到了边上"
    with language("en"):
        view._guarded(view._dispatch, {"do": "move", "move": "D"})
    assert view.error_message == "illegal move 'D': the blank at row 1, column 1 is on the edge"
    assert refused == "这是空白块：请点击它旁边的数码块"
    assert solved.startswith("由计算机还原：1 步（最优；A*，线性冲突）"), solved


def test_playable_refuses_a_far_tile_in_chinese_and_in_the_boards_english(make):
    view = make(playable.PlayableBoard, 3, board="1 2 3/4 _ 5/7 8 6")
    for cell in (0, 2, 6, 8):  # the corners: none is next to the blank in the middle
        tile = view.board.tiles[cell]
        with language("zh-CN"):
            view._guarded(view.click, cell)
        assert view.error_message == f"数码块 {tile} 不在空白块旁边，不能滑动"
        with language("en"):
            view._guarded(view.click, cell)
        with pytest.raises(ValueError, match="not next to the blank") as board_says:
            view.board.slide(tile)
        assert view.error_message == str(board_says.value)  # the board's own English, unchanged
    assert view.move_count == 0


def test_the_hint_names_the_auto_plan_in_chinese_for_every_size(make):
    from puzzlelab.search import auto_plan
    from puzzlelab.widgets._solving import plan_label

    boards = {
        "1 2/_ 3": "A*，线性冲突",
        "5 1 2 3/9 6 7 4/13 10 11 8/14 15 12 _": "IDA*，模式数据库",
        "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 _ 24": "加权 A*，w = 3",
    }
    for text, wanted in boards.items():
        board = Board.parse(text)
        label = auto_plan(board, Board.goal(*board.shape))[0]
        with language("zh-CN"):
            assert plan_label(label) == wanted
        with language("en"):
            assert plan_label(label) == label
    # the 2x6 and 3x5 boards IDA* with linear conflict solves
    label = auto_plan(Board.goal(3, 5).move("L"), Board.goal(3, 5))[0]
    with language("zh-CN"):
        assert plan_label(label) == "IDA*，线性冲突"
    with language("zh-CN"):
        view = make(playable.PlayableBoard, 3, board="1 2 3/4 5 6/7 _ 8")
        view.hint()
    assert view.status == "提示：滑动数码块 8；还需 1 步（最优；A*，线性冲突）"
    with language("en"):
        view.hint()
    assert view.status == "hint: slide tile 8; 1 moves to go (optimal, A*, linear conflict)"


def test_parity_lab_readout_and_proof_in_chinese(make):
    with language("zh-CN"):
        lab = make(parity_lab.ParityLab, board="2 1 3/4 5 6/7 8 _")
        lines = lab.readout()
        lab.prove()
        proof = lab.proof
    assert lines["inversions"] == "逆序数：1"
    assert lines["verdict"] == "不可还原：不变量 (1 + 0) mod 2 = 1"
    assert "181,440" in proof
    assert proof.endswith("与奇偶性的判断一致。"), proof
    assert all(chinese(line) for line in lines.values())


def test_shuffle_lab_readouts_in_chinese_then_english_again(make):
    with language("zh-CN"):
        lab = make(shuffle_lab.ShuffleLab, algorithm="naive_swap", n=3, mode="exact")
        ratio, support = lab.ratio, lab.support
    assert ratio.startswith("最大/最小比：精确 "), ratio
    assert support.startswith("6 种排列中出现过的："), support
    # the cached exact read-outs follow the language they are asked in
    with language("en"):
        assert lab.ratio.startswith("max/min ratio: exact ")


def test_predict_in_chinese():
    with language("zh-CN"):
        guess = Predict("有多少个？", number=True)
        guess.lock.click()  # nothing typed: a message on the error line, nothing locked
        empty = guess.error.value
        guess.answer.value = "12"
        guess.lock.click()
        out = io.StringIO()
        with redirect_stdout(out):
            guess.compare(12, "步")
        summary = guess.summary()
        choice = Predict("哪一个？", choices=["A", "B"])
        choice.lock.click()
        unchosen = choice.error.value
    assert "请先输入一个数，再锁定" in empty
    assert guess.prompt.value == "<b>预测：</b>有多少个？"
    assert guess.answer.placeholder == "你的预测（一个数）"
    assert choice.lock.description == "锁定"
    assert guess.lock.description == "已锁定"
    assert guess.status.value == "已锁定：12（现在运行下一个单元格）"
    assert out.getvalue() == "你预测的是 12 步；计算得到的答案是 12 步\n"
    assert summary == "预测：有多少个？（已锁定：12）"
    assert "请先选择一个答案，再锁定" in unchosen


def test_predict_says_not_a_number_and_writes_a_unit_once():
    with language("zh-CN"):
        guess = Predict("多少步？", number=True)
        guess.answer.value = "十二"
        guess.lock.click()
        refused = guess.error.value
        choice = Predict("多少步？", choices=["19 到 30 步", "31 到 40 步"])
        choice.answer.value = "19 到 30 步"
        choice.lock.click()
        out = io.StringIO()
        with redirect_stdout(out):
            choice.compare(24, "步")
    assert "不是数字" in refused
    assert out.getvalue() == "你预测的是 19 到 30 步；计算得到的答案是 24 步\n"
    with language("en"):
        choice = Predict("How many moves?", choices=["19 to 30 moves", "31 to 40 moves"])
        choice.answer.value = "19 to 30 moves"
        choice.lock.click()
        out = io.StringIO()
        with redirect_stdout(out):
            choice.compare(24, "moves")
            choice.compare(0.5, "%")
    assert out.getvalue() == (
        "you predicted 19 to 30 moves; the computed answer is 24 moves\n"
        "you predicted 19 to 30 moves%; the computed answer is 0.5%\n"
    )


def test_menus_show_identifiers_in_english_and_chinese_names_in_chinese():
    from puzzlelab.shuffles import SHUFFLES
    from puzzlelab.widgets._names import display_name, key_of

    menus = {
        search_player: [*search_player.PLAYER_METHODS, *search_player.player_heuristics()],
        weight_explorer: list(weight_explorer.explorer_heuristics()),
        shuffle_lab: list(SHUFFLES),
    }
    for module, names in menus.items():
        assert {key_of(name) for name in names} <= set(module.LABELS), module.__name__
        for name in names:
            with language("en"):
                assert display_name(name) == name
            with language("zh-CN"):
                shown = display_name(name)
            assert shown != name
            assert chinese(shown) or shown in SYMBOLS, (name, shown)
    with language("zh-CN"):
        assert [display_name(n) for n in search_player.PLAYER_METHODS] == [
            "A*",
            "加权 A*",
            "贪心搜索",
            "广度优先搜索",
            "文章的求解器",
        ]
        assert [display_name(n) for n in search_player.PLAYER_HEURISTICS] == [
            "曼哈顿距离",
            "线性冲突",
            "错位数码数",
            "零（h = 0）",
        ]
        # the shuffle lab's menu and the playable board's say the same
        shown_by_board = translate_all(playable.LABELS)
        for name in playable.ALGORITHM_NAMES:
            assert display_name(name) == shown_by_board[key_of(name)]
        assert display_name("random_walk") == "随机滑动"
        assert display_name("not_a_name") == "not_a_name"


def test_build_progress_in_chinese():
    with language("zh-CN"):
        view = BuildProgress()
        view.callback(5, 20, "pattern 1-2-3")
        label, summary, bar = view.label.value, view.summary(), view.bar.description
    assert bar == "正在构建"
    assert label == "pattern 1-2-3：5/20（25%）"
    assert summary == "BuildProgress 25%：pattern 1-2-3：5/20（25%）"


# -- figures ----------------------------------------------------------------------------------------
def _words(figure) -> list[str]:
    """Every text a figure shows that holds a word (titles, axis labels, legends, annotations)."""
    found = [figure._suptitle.get_text()] if figure._suptitle is not None else []
    for ax in figure.axes:
        found += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        found += [text.get_text() for text in ax.texts]
        legend = ax.get_legend()
        if legend is not None:
            found += [text.get_text() for text in legend.get_texts()]
    return [text for text in found if re.search(r"[A-Za-z]{2}|[\u4e00-\u9fff]", text)]


def _figures():
    board = Board.parse("4 1 3/7 2 6/_ 5 8")
    from puzzlelab import search

    result = search.astar(board, record=True)
    first = next(e for e in result.events if e.kind == "expand").node
    return {
        "histogram": lambda: draw_permutation_histogram(np.ones(6), exact=np.ones(6) / 6).figure,
        "matrix": lambda: draw_position_matrix(np.full((3, 3), 1 / 3)).figure,
        "inversions": lambda: draw_inversions(Board.parse("2 1 3/4 5 6/7 8 _")).figure,
        "strip": lambda: draw_board_strip([board, board.move("R")]).figure,
        "expansion": lambda: draw_expansion(first, [], skipped=[]).figure,
        "frontier": lambda: draw_frontier([first], size=12).figure,
        "empty frontier": lambda: draw_frontier([]).figure,
        "progress": lambda: draw_search_progress([1, 2, 3], [3, 4, 5], step=2).figure,
        "gh plane": lambda: draw_gh_plane([0, 1, 2], [3, 2, 1], weight=2, bound=5, current=(1, 2)).figure,
        "trade-off": lambda: draw_weight_tradeoff([1, 2], [100, 50], [20, 22], optimum=20).figure,
        "sweep": lambda: draw_weight_sweep([1, 2, 5], [100, 50, 20], [20, 22, 30], optimum=20, what="x"),
        "distances": lambda: draw_distance_histogram({0: 1, 1: 2, 2: 4}).figure,
    }


FIGURES = sorted(_figures())


@pytest.mark.parametrize("name", FIGURES)
def test_figure_words_are_chinese_under_zh_and_english_under_en(name):
    draw = _figures()[name]
    with language("zh-CN"):
        zh_words = _words(draw())
    en_words = _words(draw())
    assert zh_words, f"{name}: no words found"
    assert [w for w in zh_words if not chinese(w)] == []
    assert [w for w in en_words if chinese(w)] == []
    assert len(zh_words) == len(en_words)


def test_english_figure_words_are_the_english_ones():
    with language("en"):
        ax = draw_permutation_histogram(np.ones(6))
        histogram = (ax.get_xlabel(), ax.get_ylabel(), [t.get_text() for t in ax.get_legend().get_texts()])
        title = draw_inversions(Board.parse("2 1 3/4 5 6/7 8 _")).get_title()
    assert histogram == ("permutation of 3 items (by rank)", "probability", ["sampled", "uniform 1/6"])
    assert title == "1 inversion + blank-row term 0: odd, NOT solvable"


@pytest.mark.parametrize("name", ["inversions", "sweep", "histogram"])
def test_a_chinese_figure_draws_without_missing_glyphs(name):
    # warnings are errors: a character the figure font lacks fails here (the bundled CJK font,
    # puzzlelab/plots/fonts.py, is active while the Chinese edition is)
    with language("zh-CN"):
        png = figure_png(_figures()[name]())
    assert png.startswith(b"\x89PNG")


def test_an_english_figure_is_the_same_before_and_after_a_chinese_one():
    draw = _figures()["inversions"]
    before = figure_png(draw())
    with language("zh-CN"):
        figure_png(draw())
    assert figure_png(draw()) == before


# -- the catalogue part ------------------------------------------------------------------------------
def _ui_catalogue():
    from babel.messages.pofile import read_po

    with open(UI_PO, "rb") as handle:
        return [message for message in read_po(handle) if message.id]


def test_every_ui_message_is_translated_with_the_same_placeholders():
    messages = _ui_catalogue()
    assert len(messages) > 200
    untranslated = [m.id for m in messages if not m.string or "fuzzy" in m.flags]
    assert untranslated == []
    changed = [m.id for m in messages if sorted(FIELD.findall(m.id)) != sorted(FIELD.findall(m.string))]
    assert changed == []
    same = [m.id for m in messages if m.string == m.id]
    assert same == []
    banned = [(m.id, word) for m in messages for word in BANNED if word in m.string]
    assert banned == []


def test_ui_po_holds_exactly_the_messages_in_the_code(tmp_path, monkeypatch):
    # extract into a copy (checks.po is the CHECKS part's): every _() and N_() outside exercises/
    shutil.copytree(UI_PO.parents[1], tmp_path / "locale")
    monkeypatch.setattr(tr, "LIBRARY_LOCALE", tmp_path / "locale")
    written = {path.name: path for path in tr.extract_library("zh-CN")}
    from babel.messages.pofile import read_po

    with open(written["ui.po"], "rb") as handle:
        fresh = {m.id for m in read_po(handle) if m.id}
    assert fresh == {m.id for m in _ui_catalogue()}


def test_no_function_outside_the_checks_hides_gettext_behind_a_local_underscore():
    # `label, _, _ = ...` in a function that also calls _("...") makes _ a local: the message
    # then fails with "not callable" (or UnboundLocalError) instead of being translated
    import ast

    package = UI_PO.parents[2]  # puzzlelab/
    offenders = []
    for path in sorted(package.rglob("*.py")):
        if "exercises" in path.relative_to(package).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            # a comprehension's loop variable is its own scope: `for _, r in pairs` there is fine
            loops = [c.target for c in ast.walk(function) if isinstance(c, ast.comprehension)]
            looped = {id(n) for target in loops for n in ast.walk(target)}
            nodes = [n for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == "_"]
            stored = any(isinstance(n.ctx, ast.Store) and id(n) not in looped for n in nodes)
            called = any(
                isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == "_"
                for c in ast.walk(function)
            )
            if stored and called:
                offenders.append(f"{path.relative_to(package)}:{function.lineno} {function.name}")
    assert offenders == []


def test_a_search_that_stops_on_its_bound_is_explained_in_chinese(monkeypatch):
    from types import SimpleNamespace

    from puzzlelab import search
    from puzzlelab.widgets._solving import plan_solution

    stopped = SimpleNamespace(solved=False, reason="the budget ran out")
    monkeypatch.setattr(search, "solve", lambda *args, **kwargs: stopped)
    with language("zh-CN"), pytest.raises(ValueError, match=r"^没有找到解：") as raised:
        plan_solution(Board.parse("1 2 3/4 _ 5/7 8 6"), Board.goal(3, 3))
    assert raised.value.args[0].endswith("the budget ran out")


def test_an_unsolvable_board_is_explained_in_chinese_and_in_the_engines_english(make):
    from puzzlelab import search

    board = Board.parse("1 2 3/4 5 6/8 7 _")
    with pytest.raises(ValueError, match="can never reach") as engine_says:
        search.engine.prepare(board)
    for widget in (playable.PlayableBoard, search_player.SearchPlayer):
        with language("zh-CN"):
            view = (
                make(widget, board) if widget is search_player.SearchPlayer else make(widget, 3, board=board)
            )
            view._guarded(view.run if widget is search_player.SearchPlayer else view.hint)
            zh = view.error_message
        assert zh.startswith("这个局面永远到不了目标状态，所以任何搜索都解不了它：\n逆序数：1\n"), zh
        assert zh.endswith("结论：不可还原（不变量是奇数）")
        with language("en"):
            view._guarded(view.run if widget is search_player.SearchPlayer else view.hint)
        assert view.error_message == str(engine_says.value)

"""The lessons' checks in Chinese (issue 22): every message a student reads from a check comes out
of the catalogue (``puzzlelab/locale/zh_CN/checks.po``, compiled into the shipped ``.mo``).

Under ``language("zh-CN")`` every check of every lesson is given each wrong answer of the
catalogue of slips in ``test_check_catalogue.py`` (the same 315 wrong answers the English test
uses): the message must be Chinese, carry no untranslated English sentence of the catalogue, still
name the slip and never give the answer away; the right answer prints the Chinese "correct" line.

How "still names the slip" is checked without a second list of keywords: the English test names
each slip by a phrase of the English message (its keyword). The messages of the catalogue whose
English text holds that phrase are the ones that name the slip; the Chinese message must contain
the Chinese translation of one of them (its text around the placeholders, in order). A keyword
of one word may also be a value the message shows as it is (``None``, ``ZeroDivisionError``, the
name ``heuristics.misplaced``). The few keywords that only match English text once its pieces
are put together (``"not text"`` is ``return {returns}, not {kind}`` with ``text`` for the kind)
or its numbers filled in have a Chinese pattern of their own (:data:`ZH_KEYWORDS`).
"""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from test_check_catalogue import CATALOGUE, HAND, SLOW_RIGHT, WRONG

from puzzlelab import exercises
from puzzlelab.exercises import NotAnswered, WrongAnswer, lesson02
from puzzlelab.i18n import gettext, language

CHECKS_PO = Path(exercises.__file__).resolve().parents[1] / "locale" / "zh_CN" / "checks.po"
CJK = re.compile(r"[\u4e00-\u9fff]")
#: A space between two Chinese characters (or Chinese punctuation): a message's pieces put together
#: with a stray space where a Chinese value met the Chinese text beside its placeholder.
STRAY_SPACE = re.compile(
    r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef“”‘’] [\u3000-\u303f\u4e00-\u9fff\uff00-\uffef“”‘’]"
)
#: Three or more English words in a row (words of two letters or more): a sentence left in English.
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z']+(?: [A-Za-z][A-Za-z']+){2,}")

#: Keywords of the English test that only match a message once its pieces are put together or its
#: numbers filled in: the Chinese they read as.
ZH_KEYWORDS = {
    "not text": "而不是文本",  # return {returns}, not {kind}: the kind "text"
    "not a whole number": "而不是(一个)?整数",  # ... not {returns}: "a whole number (an int)"
    "return a tuple": "请返回一个元组",  # return {returns}, not {kind}: "a tuple"
    "only 1 move from": "只有 1 步",  # {board} is only {moves} from the goal: "1 move"
    "holds the tiles 1 to 7 once each": "含有数码块 1 到 7 各一次",  # a {rows}x{cols} board holds ... {last}
    "at most 10 moves": "最多相距 10 步",  # find one at most {most} moves away
}

#: Wrong answers whose check takes about a second or more: run with the slow tests only.
ZH_SLOW = {
    ("01 fisher-yates", "seeded inside"),
    ("01 fisher-yates", "Sattolo (the articles' loop)"),
    ("03 my heuristic", "2 per reversed pair"),
    ("02 rule", "inversions even"),
    ("06 combinations", "all admissible"),
}


@cache
def catalogue() -> dict[str, str]:
    """``{msgid: msgstr}`` of checks.po (its header left out)."""
    with open(CHECKS_PO, "rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id}


def fields(text: str) -> list[tuple[str, str]]:
    """The placeholders of a message with their format specs, sorted: ``[("size", ","), ...]``."""
    return sorted(
        (name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name is not None
    )


def literal_pieces(text: str) -> list[str]:
    """The text of a message between its placeholders (``{{`` read as ``{``)."""
    return [literal for literal, *_ in string.Formatter().parse(text)]


@cache
def translated_patterns() -> dict[str, re.Pattern[str]]:
    """``{msgid: regex}`` matching the message's Chinese text with any values in its placeholders,
    read from the shipped catalogue (so a catalogue not compiled after an edit fails here)."""
    with language("zh-CN"):
        translations = {msgid: gettext(msgid) for msgid in catalogue()}
    return {  # a space may be gone where a Chinese value filled the placeholder beside it (tidy)
        msgid: re.compile(
            ".*?".join(re.escape(piece).replace("\\ ", " ?") for piece in literal_pieces(text)), re.S
        )
        for msgid, text in translations.items()
    }


@cache
def english_runs() -> frozenset[str]:
    """The English sentences (runs of 3+ words) of the catalogue's messages that their Chinese
    translation does not keep (the code a translation keeps, e.g. ``from fractions import Fraction``,
    is not a sentence left in English)."""
    runs = set()
    for msgid, msgstr in catalogue().items():
        for piece in literal_pieces(msgid):
            runs.update(run for run in ENGLISH_RUN.findall(piece) if run not in msgstr)
    return frozenset(runs)


def names_the_slip(keyword: str, message: str) -> bool:
    naming = [msgid for msgid in catalogue() if re.search(keyword, msgid)]
    one_word = re.fullmatch(r"\w+", keyword) is not None
    assert naming or one_word or keyword in ZH_KEYWORDS, f"{keyword!r}: in no message; add it to ZH_KEYWORDS"
    if any(translated_patterns()[msgid].search(message) for msgid in naming):
        return True
    if keyword in ZH_KEYWORDS and re.search(ZH_KEYWORDS[keyword], message):
        return True
    # a value shown as it is (None, a type or exception name, a library function's name)
    return one_word and re.search(keyword, message) is not None


def zh_secrets(name: str) -> list[str]:
    """The patterns an answer given away would match in a Chinese message of exercise ``name``."""
    if name == "00 solvable":  # which board the set is wrong about (the hidden cases may name it)
        return [r"下标为 \d+ 的局面"]
    if name == "02 verdicts":  # a board named beside the count of wrong verdicts
        boards = "|".join(map(re.escape, lesson02.VERDICT_BOARDS))
        return [rf"(?s)个是错的.*({boards})", rf"(?s)({boards}).*个是错的"]
    if name == "06 combinations":  # a combination named with its True/False
        return [r"(pattern\+manhattan|plain\+reflected|manhattan\+pdb)\W*(是|为)?\s*(True|False)"]
    # the answer's own numbers or moves; \b does not part a digit from a Chinese character
    return [re.sub(r"\\b(\d+)\\b", r"(?<![0-9A-Za-z_.])\1(?![0-9A-Za-z_.])", p) for p in CATALOGUE[name][3]]


def secrets_absent(message: str, name: str) -> None:
    text = message.replace(" ".join(str(t) for t in HAND.tiles if t), "")  # the hint lists the tiles
    for pattern in zh_secrets(name):
        assert not re.search(pattern, text), f"{pattern!r} gives the answer away in: {message}"


def english_left(message: str) -> list[str]:
    return sorted(run for run in english_runs() if run in message)


# -- every wrong answer, in Chinese ------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "slip", "wrong", "keyword"),
    [pytest.param(*case, marks=pytest.mark.slow) if case[:2] in ZH_SLOW else case for case in WRONG],
    ids=[f"{name}: {slip}" for name, slip, _, _ in WRONG],
)
def test_each_slip_is_named_in_chinese(name, slip, wrong, keyword, capsys):
    check = CATALOGUE[name][0]
    with language("zh-CN"), pytest.raises((WrongAnswer, NotAnswered)) as caught:
        check(wrong)
    message = str(caught.value)
    assert CJK.search(message), message
    assert english_left(message) == [], message
    assert not STRAY_SPACE.search(message), message
    assert names_the_slip(keyword, message), f"{keyword!r} is not named in: {message}"
    secrets_absent(message, name)
    assert capsys.readouterr().out == ""
    if slip != "stub":
        assert isinstance(caught.value, WrongAnswer), message


#: Right answers whose whole check runs in under half a second: the rest (test_check_catalogue.py
#: runs them all in English) are run in Chinese with the slow tests.
FAST_RIGHT = {"00 solve", "00 slides", "00 counts", "00 solvable", "01 pick j", "01 naive counts",
              "01 home row", "02 inversions", "02 hand count", "02 verdicts", "02 fooled",
              "03 greedy extra", "04 optimum range", "05 line penalty", "05 by hand", "05 share beyond",
              "06 pdb values", "06 combinations"}  # fmt: skip


@pytest.mark.parametrize(
    "name",
    [
        n if n in FAST_RIGHT and n not in SLOW_RIGHT else pytest.param(n, marks=pytest.mark.slow)
        for n in CATALOGUE
    ],
)
def test_the_right_answer_says_correct_in_chinese(name, capsys):
    check, right, _slips, _ = CATALOGUE[name]
    with language("zh-CN"):
        check(right)
        title = gettext(check.title)
    assert title != check.title
    assert CJK.search(title)
    assert capsys.readouterr().out == f"正确：{title}\n"


def test_every_title_is_translated():
    titles = {check.title for check, *_ in CATALOGUE.values()}
    assert set(CATALOGUE) >= FAST_RIGHT
    with language("zh-CN"):
        chinese = {title: gettext(title) for title in titles}
    assert all(CJK.search(text) and text != title for title, text in chinese.items()), chinese
    # a title says in Chinese what the code names (manhattan + misplaced -> 曼哈顿距离 + 错位数码数)
    assert not [text for text in chinese.values() if re.search(r"\b[a-z]{3,}\b", text)], chinese
    assert len(set(chinese.values())) == len(titles)


def test_a_message_is_built_in_the_language_of_the_moment():
    """The language is read when a check runs: the same check speaks English again afterwards."""
    check, _right, slips, _ = CATALOGUE["02 hand count"]
    wrong = slips[0][1]
    with language("zh-CN"), pytest.raises(WrongAnswer) as chinese:
        check(wrong)
    with pytest.raises(WrongAnswer) as english:
        check(wrong)
    assert str(chinese.value).startswith("答案错误（手算逆序数）：")
    assert str(english.value).startswith("wrong answer (inversions counted by hand): ")
    assert not CJK.search(str(english.value))


# -- the catalogue itself ----------------------------------------------------------------------
def test_every_message_has_a_chinese_translation_with_the_same_placeholders():
    with open(CHECKS_PO, "rb") as handle:
        messages = [m for m in read_po(handle) if m.id]
    assert len(messages) >= 300
    for message in messages:
        assert message.string, f"untranslated: {message.id!r}"
        assert "fuzzy" not in message.flags, f"fuzzy: {message.id!r}"
        assert CJK.search(message.string), f"not Chinese: {message.string!r}"
        assert fields(message.string) == fields(message.id), (message.id, message.string)
        assert not ENGLISH_RUN.search(re.sub(r"\{[^{}]*\}", "", message.string)) or all(
            run in message.id for run in ENGLISH_RUN.findall(message.string)
        ), f"English words that are not the message's own code: {message.string!r}"


def test_the_shipped_catalogue_is_compiled_from_checks_po():
    with language("zh-CN"):
        assert {msgid: gettext(msgid) for msgid in catalogue()} == catalogue()


def test_checks_po_holds_every_message_of_the_checks_code():
    """Every ``_()``/``N_()`` of puzzlelab/exercises is in checks.po (run ``translation extract``)."""
    found = set()
    for source in sorted(CHECKS_PO.parents[2].joinpath("exercises").glob("*.py")):
        for _line, message, _comments, _context in extract_from_file(
            "python", str(source), keywords={"_": None, "N_": None}
        ):
            found.add(message)
    assert found == set(catalogue())


def test_the_terms_follow_the_glossary():
    """zh-terms.md and the Chinese glossary: 数码块 for a tile, 逆序 for an inversion, 奇偶性 for
    parity (奇偶修正 for the parity fix), 贪心 for greedy; never the mistranslations 瓷砖,
    反转/反演 or 极性."""
    text = "\n".join(catalogue().values())
    for banned in ("瓷砖", "反转", "反演", "极性", "倒置", "贪婪"):
        assert banned not in text
    terms = [("tile", "数码块"), ("inversion", "逆序"), ("parity", "奇偶"), ("blank", "空白块"),
             ("admissible", "可采纳的"), ("Manhattan", "曼哈顿距离"), ("greedy", "贪心")]  # fmt: skip
    for english, chinese in terms:
        for msgid, msgstr in catalogue().items():
            words = re.sub(r"\{[^{}]*\}|`[^`]*`|\w+=|\w+\.\w+(\([^)]*\))?", "", msgid)  # prose, not code
            if re.search(rf"\b{english}s?\b", words):  # (lower-case "manhattan" is code)
                assert chinese in msgstr, (english, msgid, msgstr)


def test_the_secret_patterns_catch_an_answer_given_away_in_chinese():
    with language("zh-CN"):
        leaks = [
            ("00 solvable", gettext("for {which}: your set is wrong about board {k}, {board}").format(
                which="lesson00.EXERCISE_BOARDS", k=3, board="1 2 3 4/...")),
            ("02 hand count", gettext("{count} is too few").format(count=7)),
            ("02 verdicts", gettext("{wrong} of the {total} verdicts are wrong").format(wrong=1, total=4)
             + "：" + lesson02.VERDICT_BOARDS[2]),
            ("05 by hand", gettext("for {where}: expected {want}, got {got}").format(
                where=gettext("Manhattan distance"), want=4, got=5)),
            ("06 combinations", '"plain+reflected" 是 True'),
        ]  # fmt: skip
    for name, message in leaks:
        with pytest.raises(AssertionError, match="gives the answer away"):
            secrets_absent(message, name)

"""The Chinese edition's figure font: every translated character is in the bundled subset, Chinese
figures draw without a missing glyph (warnings are errors), and English figures stay byte-identical.

The machine running these tests need not have any CJK system font (Colab's default image has
none): the font matplotlib finds for Chinese must be the package's own file.
"""

import re
import unicodedata
from pathlib import Path

import matplotlib
import pytest
from fontTools.ttLib import TTFont
from matplotlib import font_manager

import puzzlelab
from puzzlelab.i18n import language
from puzzlelab.plots import draw_board, fonts
from puzzlelab.plots.style import figure_png, new_axes

ROOT = Path(__file__).resolve().parents[1]
CJK = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]")


def _cmap() -> set[str]:
    font = TTFont(str(fonts.FONT_FILE))
    return {chr(code) for code in font.getBestCmap()}


def _translated_text() -> str:
    """Every msgstr of the library's catalogue and of the lessons' catalogues, and every string of
    the built Chinese notebooks (what a Chinese figure can be asked to draw)."""
    from babel.messages.pofile import read_po

    texts = []
    for po in sorted((ROOT / "puzzlelab" / "locale").rglob("*.po")) + sorted(
        (ROOT / "translations").rglob("*.po")
    ):
        with open(po, "rb") as handle:
            texts += [m.string for m in read_po(handle) if m.id and isinstance(m.string, str)]
    for notebook in sorted((ROOT / "notebooks" / "zh-CN").glob("*.ipynb")):
        texts.append(notebook.read_text(encoding="utf-8"))
    return "".join(texts)


def test_every_translated_character_is_in_the_bundled_font():
    needed = {ch for ch in _translated_text() if CJK.match(ch)}
    missing = sorted(needed - _cmap())
    names = [f"{ch} U+{ord(ch):04X} {unicodedata.name(ch, '?')}" for ch in missing[:10]]
    assert not missing, f"{len(missing)} characters are missing from the font (run make font): {names}"


def test_the_subset_holds_the_common_characters_and_is_licensed():
    cmap = _cmap()
    assert set(fonts._gb2312_level1()) <= cmap  # a teacher's own title draws too
    assert set(fonts.PUNCTUATION) <= cmap
    assert "SIL OPEN FONT LICENSE Version 1.1" in fonts.LICENSE_FILE.read_text(encoding="utf-8")
    name = TTFont(str(fonts.FONT_FILE))["name"].getDebugName(1)
    assert name == fonts.FAMILY  # a Modified Version: renamed
    assert "Noto" not in name
    assert fonts.FONT_FILE.stat().st_size < 1_200_000


def _picture(title: str) -> bytes:
    ax = new_axes(figsize=(3, 2))
    ax.set_title(title)
    ax.set_xlabel("g")
    ax.plot([0, 1], [1, 0])
    return figure_png(ax.figure)


def test_chinese_figures_use_the_bundled_font_and_miss_no_glyph(caplog):
    with language("zh-CN"):
        assert matplotlib.rcParams["font.family"][-1] == fonts.FAMILY
        found = font_manager.findfont(
            font_manager.FontProperties(family=fonts.FAMILY), fallback_to_default=False
        )
        assert Path(found) == fonts.FONT_FILE
        # warnings are errors (pyproject.toml): a glyph missing from every font fails here
        _picture("曼哈顿距离：逆序数的奇偶性，h = 3")
        text = "".join(sorted({ch for ch in _translated_text() if CJK.match(ch)}))
        for start in range(0, len(text), 400):
            _picture(text[start : start + 400])
        ax = draw_board(puzzlelab.Board.parse("1 2 3/4 5 6/7 8 _"))
        ax.set_title("目标状态", fontweight="bold")
        figure_png(ax.figure)
    assert not [r for r in caplog.records if "findfont" in r.getMessage()]  # no font fell short
    with pytest.warns(UserWarning, match=r"missing from (current )?font"):  # matplotlib 3.8 says "current"
        _picture("曼哈顿距离")  # the same title in English mode has no Chinese font: boxes


def test_english_figures_are_byte_identical_after_a_chinese_round_trip():
    before = _picture("Manhattan distance, h = 3")
    family = list(matplotlib.rcParams["font.family"])
    with language("zh-CN"):
        _picture("曼哈顿距离")
    assert list(matplotlib.rcParams["font.family"]) == family
    assert _picture("Manhattan distance, h = 3") == before


@pytest.mark.parametrize(
    ("env", "code"),
    [
        ({}, "import puzzlelab; puzzlelab.set_language('zh-CN')"),  # the lesson's first cell, before any plot
        ({"PUZZLELAB_LANG": "zh-CN"}, "import puzzlelab.plots"),  # the environment, then the plots
    ],
)
def test_the_font_follows_the_language_however_it_is_chosen(env, code):
    import os
    import subprocess
    import sys

    probe = f"{code}\nimport matplotlib\nprint(matplotlib.rcParams['font.family'][-1])"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         env={**os.environ, **env})  # fmt: skip
    assert out.stdout.strip() == fonts.FAMILY

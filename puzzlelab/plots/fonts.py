"""The Chinese font of the figures: a subset of Noto Sans CJK SC shipped in the package.

A machine without a CJK system font (Colab's default image has none) draws Chinese text in a
matplotlib figure as empty boxes. puzzlelab ships a subset of Noto Sans CJK SC, renamed "Puzzlelab Sans
SC" (SIL Open Font License 1.1, ``puzzlelab/data/fonts/OFL.txt``) and, while the Chinese edition is active
(``puzzlelab.set_language("zh-CN")``), adds it to matplotlib's ``font.family`` after the usual
sans-serif: Latin letters and digits keep their usual font (DejaVu Sans), and each Chinese character is drawn
from the bundled one (matplotlib's per-glyph fallback). Switching back to English restores the
list, so English figures are exactly what they were.

This is the one place where puzzlelab changes matplotlib's global settings, and only in the
Chinese edition: a lesson's own ``plt.title("...")`` in Chinese needs the font as much as the
library's figures do.

The subset holds every character of the library's catalogue and of the lessons' translations,
plus the 3,755 characters of GB 2312 level 1 (the common characters, so that a teacher's own
Chinese title draws too): about 0.8 MB. ``make font`` (:func:`make_subset`) makes it again from
Noto Sans CJK (Debian: fonts-noto-cjk) after the translations change;
``tests/test_fonts.py`` fails when a translated string uses a character the subset lacks.
"""

from __future__ import annotations

from pathlib import Path

from ..i18n import LANGUAGES, get_language, on_language_change

__all__ = ["FAMILY", "FONT_FILE", "LICENSE_FILE", "apply", "characters_needed", "make_subset"]

FONT_DIR = Path(__file__).resolve().parents[1] / "data" / "fonts"
FONT_FILE = FONT_DIR / "PuzzlelabSansSC-Regular.otf"
LICENSE_FILE = FONT_DIR / "OFL.txt"
FAMILY = (
    "Puzzlelab Sans SC"  #: the subset's family name (renamed: not Noto, never mistaken for a system font)
)
#: the languages whose figures need the bundled font
NEEDS_FONT = frozenset(lang for lang in LANGUAGES if lang.startswith("zh"))
_ROOT = Path(__file__).resolve().parents[2]

_saved: list[str] | None = None  # the font.family the Chinese edition replaced


def _register() -> None:
    """Add the subset to matplotlib's fonts, once. It has one weight; it is listed for every
    weight too, so that bold text (titles, tile numbers) takes it without a "failed to find font
    weight" message (its Chinese characters then show at the regular weight)."""
    from dataclasses import replace

    from matplotlib import font_manager

    manager = font_manager.fontManager
    if any(entry.name == FAMILY for entry in manager.ttflist):
        return
    regular = font_manager.ttfFontProperty(font_manager.get_font(str(FONT_FILE)))
    manager.ttflist += [replace(regular, weight=weight) for weight in range(100, 1000, 100) if weight != 400]
    manager.addfont(str(FONT_FILE))  # the regular entry; clears the look-up cache


def apply(lang: str) -> None:
    """Make matplotlib draw ``lang``: the bundled font after DejaVu Sans for Chinese; the
    settings as they were before for English."""
    global _saved
    import matplotlib

    params = matplotlib.rcParams
    if lang in NEEDS_FONT:
        _register()
        if _saved is None:
            _saved = list(params["font.family"])
        # matplotlib falls back glyph by glyph along font.family (not inside a generic family's list)
        families = [name for name in params["font.family"] if name != FAMILY]
        params["font.family"] = [*families, FAMILY]
    elif _saved is not None:
        params["font.family"] = _saved
        _saved = None


on_language_change(apply)
apply(get_language())  # the language may have been chosen before the plots were imported


# -- making the subset (maintainers; needs the full font) ---------------------------------------

#: Full-width punctuation and symbols Chinese text uses, always kept
PUNCTUATION = "，。、：；？！（）【】《》〈〉「」『』“”‘’…—～·　％＋－＝／"


def _gb2312_level1() -> str:
    found = []
    for high in range(0xB0, 0xD8):
        for low in range(0xA1, 0xFF):
            try:
                found.append(bytes([high, low]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(found)


def _po_strings(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return "".join(line for line in text.splitlines() if line.startswith(("msgstr", '"')))


def characters_needed(root: Path = _ROOT) -> set[str]:
    """Every non-ASCII character of the translations (the library's catalogue and the lessons'),
    decoded from their ``.po`` files, plus the common characters and punctuation."""
    found = set(_gb2312_level1()) | set(PUNCTUATION)
    sources = sorted((root / "puzzlelab" / "locale").rglob("*.po")) + sorted(
        (root / "translations").rglob("*.po")
    )
    for source in sources:
        found |= {ch for ch in _po_strings(source) if ord(ch) > 0x2E7F}  # CJK and full-width forms
    return found


def make_subset(source: Path, out: Path = FONT_FILE, *, number: int = 2) -> Path:
    """Write the subset of ``source`` (a Noto Sans CJK ``.ttc``; font ``number`` 2 is SC, or an
    ``.otf``) holding :func:`characters_needed`, renamed to :data:`FAMILY`."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source), fontNumber=number) if str(source).endswith(".ttc") else TTFont(str(source))
    options = subset.Options()
    options.layout_features = []  # horizontal text only: no vertical forms, no ligatures needed
    options.hinting = False
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(characters_needed())) + "".join(map(chr, range(0x20, 0x7F))))
    subsetter.subset(font)
    names = font["name"]
    for record in names.names:
        if record.nameID in (1, 16):
            record.string = FAMILY
        elif record.nameID in (3, 4):
            record.string = f"{FAMILY} Regular"
        elif record.nameID == 6:
            record.string = FAMILY.replace(" ", "") + "-Regular"
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return out

"""The translated editions of the lessons, built from the English notebooks and one catalogue per lesson.

The English notebooks (``notebooks/NN_slug.ipynb``, the teacher's edition) are the only source
of code, of what the outputs are made from, of the asserts and of the grading metadata. A
translation lives in a gettext catalogue per lesson, ``translations/zh-CN/NN_slug.po``: one
entry per cell a student reads, keyed by the cell's id (``msgctxt``), whose ``msgid`` is the
English cell and ``msgstr`` the translated cell. A markdown cell is translated whole; a code
cell only in its comments and strings (its code stays identical, which :func:`code_skeleton`
checks). Cells with nothing to read (code without comments or text) have no entry and are
copied as they are.

When an English cell changes, ``update`` keeps its translation but marks it fuzzy, with the
English it was made from (``#| msgid``), so the translator sees what changed; ``build`` refuses
a fuzzy, empty or missing entry unless told to keep the English for it (``--allow-missing``).

Command line (the translation tools need Babel: ``pip install -e ".[i18n]"``)::

    python -m puzzlelab.translation update      # English notebooks -> .po (keeps translations)
    python -m puzzlelab.translation status      # untranslated or out-of-date cells, per lesson
    python -m puzzlelab.translation build       # .po + English -> notebooks/zh-CN/ (not executed)
    python -m puzzlelab.translation extract     # the library's _("...") messages -> its .po files
    python -m puzzlelab.translation mo          # the library's .po files -> puzzlelab.mo
    python -m puzzlelab.translation pending     # rewrite translations/zh-CN/PENDING.txt

``make notebooks-zh`` runs ``build`` and executes the Chinese notebooks in place.

>>> code_skeleton('print("hello")  # say it') == code_skeleton('print("你好")  # 说出来')
True
>>> code_skeleton("x = 1") == code_skeleton("x = 2")
False
>>> code_skeleton('f"{n:,} moves"') == code_skeleton('f"{n:,} 步"')
True
>>> code_skeleton('f"{n} moves"') == code_skeleton('f"{m} moves"')
False
>>> sorted(markdown_keepers("Call `solve(b)` on $h \\\\le h^*$, see [A*](https://example.org)."))
['$h \\\\le h^*$', '(https://example.org)', '`solve(b)`']
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import io
import re
import sys
import tokenize
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .i18n import LANGUAGES, gettext_name
from .markdown_po import STABLE_DATE, join_cjk_lines

if TYPE_CHECKING:
    from babel.messages.catalog import Message
    from nbformat import NotebookNode

__all__ = [
    "PROBLEMS",
    "CellStatus",
    "all_status",
    "build_notebook",
    "catalogue_path",
    "code_skeleton",
    "edition_dir",
    "format_pending",
    "markdown_keepers",
    "needs_translation",
    "pending_path",
    "read_catalogue",
    "read_pending",
    "status",
    "update_catalogue",
]

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TRANSLATIONS = ROOT / "translations"
LIBRARY_LOCALE = Path(__file__).resolve().parent / "locale"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
SWITCH = re.compile(r"""set_language\(\s*["']([A-Za-z_-]+)["']\s*\)""")


def edition_dir(lang: str, root: Path = NOTEBOOKS) -> Path:
    """Where the built notebooks of ``lang`` live: ``notebooks/`` for English, ``notebooks/zh-CN/``."""
    return root if lang == "en" else root / lang


def catalogue_path(lesson: str | Path, lang: str = "zh-CN") -> Path:
    """``translations/zh-CN/NN_slug.po`` for the lesson ``NN_slug.ipynb``."""
    return TRANSLATIONS / lang / (Path(lesson).stem + ".po")


# -- what must stay identical ------------------------------------------------------------------


def _fields(literal: str) -> str:
    """The replacement fields of an f-string literal (expression, conversion, format spec), sorted
    (a translation may reorder them, never change one); "" for any other string."""
    try:
        node = ast.parse(literal.strip(), mode="eval")
    except SyntaxError:
        return ""
    return "|".join(sorted(ast.dump(v) for v in ast.walk(node) if isinstance(v, ast.FormattedValue)))


_FSTRING_START = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+: f-strings are token runs
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


def _segment(text: str, start: tuple[int, int], end: tuple[int, int]) -> str:
    lines = text.splitlines(keepends=True)
    if start[0] == end[0]:
        return lines[start[0] - 1][start[1] : end[1]]
    middle = "".join(lines[start[0] : end[0] - 1])
    return lines[start[0] - 1][start[1] :] + middle + lines[end[0] - 1][: end[1]]


def code_skeleton(source: str) -> list[tuple[int, str]]:
    """The tokens of a code cell without its comments and with every string replaced by a
    placeholder: two cells with the same skeleton differ only in comments and strings.

    An f-string's replacement fields (``{n:,}``) are part of the skeleton (in any order within
    their string), its text is not. Lines starting with ``%`` or ``!`` (IPython magics) are kept
    whole."""
    lines = []
    for line in source.splitlines():
        stripped = line.lstrip()
        lines.append("" if stripped.startswith(("%", "!")) else line)
    magics = [line.strip() for line in source.splitlines() if line.lstrip().startswith(("%", "!"))]
    skeleton: list[tuple[int, str]] = [(-1, magic) for magic in magics]
    text = "\n".join(lines) + "\n"
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return skeleton + [(-2, re.sub(r"#.*", "", line).rstrip()) for line in lines]
    depth, opened = 0, (0, 0)
    for token in tokens:
        if _FSTRING_START is not None and token.type == _FSTRING_START:
            depth += 1
            opened = token.start if depth == 1 else opened
        elif _FSTRING_END is not None and token.type == _FSTRING_END:
            depth -= 1
            if depth == 0:
                literal = _segment(text, opened, token.end)
                skeleton.append((tokenize.STRING, "<str>" + _fields(literal)))
        elif depth or token.type in (tokenize.COMMENT, tokenize.NL):
            continue
        elif token.type == tokenize.STRING:
            skeleton.append((token.type, "<str>" + _fields(token.string)))
        else:
            skeleton.append((token.type, token.string))
    return skeleton


_CODE = re.compile(r"```.*?```|`[^`]+`", re.S)  # inline code may wrap onto the next line
_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)
_LINK = re.compile(r"\]\(([^)\s]+)\)|<(https?://[^>\s]+)>")


def markdown_keepers(markdown: str) -> list[str]:
    """What a translation of a markdown cell keeps as it is: inline code and code blocks, maths
    (``$...$``) and link targets."""
    kept = _CODE.findall(markdown)
    prose = _CODE.sub(" ", markdown)
    kept += _MATH.findall(prose)
    for target, bare in _LINK.findall(prose):
        kept.append(f"({target})" if target else f"<{bare}>")
    return kept


def _has_text(source: str) -> bool:
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source + "\n").readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return bool(re.search(r"#|[\"'][^\"']*[A-Za-z]{2}", source))
    for token in tokens:
        if token.type == tokenize.COMMENT:
            return True
        if token.type == tokenize.STRING and re.search(r"[A-Za-z]{2}", token.string.lstrip("rbfRBFuU")[1:]):
            return True
    return False


def needs_translation(cell: Mapping[str, Any]) -> bool:
    """A markdown cell with text, or a code cell with a comment or a string holding words."""
    source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    if cell["cell_type"] == "markdown":
        return bool(source.strip())
    return cell["cell_type"] == "code" and _has_text(source)


# -- catalogues --------------------------------------------------------------------------------


def _need_babel() -> None:
    """Refuse at once, saying how to install it, where Babel (the i18n extra) cannot be imported;
    each catalogue function then imports what it uses of it."""
    try:
        importlib.import_module("babel.messages.pofile")
    except ImportError:  # pragma: no cover - the i18n extra is part of the test tools
        raise ModuleNotFoundError('the translation tools need Babel: pip install -e ".[i18n]"') from None


def _previous_ids(text: str) -> dict[str, str]:
    """``{msgctxt: previous msgid}`` of the entries of a ``.po`` text that have a ``#| msgid``
    (babel writes these lines but does not read them back)."""
    _need_babel()
    from babel.messages import pofile

    found = {}
    for block in re.split(r"\n\s*\n", text):
        previous: list[str] = []
        context: list[str] = []
        current = None
        for line in block.splitlines():
            if line.startswith("#| msgid "):
                current = previous
                previous.append(line[len("#| msgid ") :])
            elif line.startswith('#| "') and current is previous:
                previous.append(line[3:])
            elif line.startswith("msgctxt "):
                current = context
                context.append(line[len("msgctxt ") :])
            elif line.startswith('"') and current is context:
                context.append(line)
            else:
                current = None
        if previous and context:
            unquote = pofile.unescape
            found["".join(map(unquote, context))] = "".join(map(unquote, previous))
    return found


def read_catalogue(path: Path) -> dict[str, Message]:
    """The entries of a lesson's catalogue by cell id (babel ``Message`` objects; a fuzzy entry's
    ``previous_id`` is ``[the English it was translated from]``)."""
    _need_babel()
    from babel.messages import pofile

    data = path.read_bytes()
    catalogue = pofile.read_po(io.BytesIO(data))
    entries = {m.context: m for m in catalogue if m.id and m.context}
    for context, previous in _previous_ids(data.decode("utf-8")).items():
        if context in entries:
            entries[context].previous_id = [previous]
    return entries


def _text(value: str | tuple[str, ...] | list[str] | None, path: Path, cell: str) -> str:
    """An entry's ``msgid`` or ``msgstr`` as the one text of a cell (babel also allows plural forms,
    which a lesson's catalogue never has)."""
    if not isinstance(value, str):
        raise ValueError(f"{path}: the entry of cell {cell} has plural forms; a cell has one text")
    return value


def _source(cell: Mapping[str, Any]) -> str:
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def _notebook(path: Path) -> NotebookNode:
    import nbformat

    read: Callable[[Path, int], NotebookNode] = nbformat.read  # nbformat's read has no annotations
    return read(path, 4)  # as_version=4


def update_catalogue(notebook: Path, lang: str = "zh-CN", path: Path | None = None) -> Path:
    """Write the lesson's catalogue from its English notebook, keeping every translation made:
    an entry whose English changed is kept, marked fuzzy, with the English it translated."""
    _need_babel()
    from babel.messages import pofile
    from babel.messages.catalog import Catalog

    path = path or catalogue_path(notebook, lang)
    old = read_catalogue(path) if path.exists() else {}
    nb = _notebook(notebook)
    catalogue = Catalog(
        locale=gettext_name(lang), domain=notebook.stem, project="puzzlelab lessons", fuzzy=False,
        msgid_bugs_address="", copyright_holder="the puzzlelab authors", creation_date=STABLE_DATE,
        revision_date=STABLE_DATE,
    )  # fmt: skip
    for cell in nb.cells:
        if not needs_translation(cell):
            continue
        english = _source(cell)
        kind = (
            "markdown cell"
            if cell.cell_type == "markdown"
            else "code cell: translate comments and strings only"
        )
        before = old.get(cell.id)
        flags: set[str] = set()
        previous: list[str] = []  # babel's "no previous msgid"
        translated = ""
        if before is not None:
            translated = _text(before.string, path, cell.id)
            # the English this translation was made from: kept through any number of updates
            english_id = _text(before.id, path, cell.id)
            made_from = (
                before.previous_id[0] if "fuzzy" in before.flags and before.previous_id else english_id
            )
            if "fuzzy" in before.flags and not before.previous_id:
                flags.add("fuzzy")  # marked by the translator: stays until they unmark it
            elif made_from != english:
                flags.add("fuzzy")
                previous = [made_from]
        catalogue.add(english, translated, context=cell.id, auto_comments=[kind], flags=flags,
                      previous_id=previous)  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    pofile.write_po(buffer, catalogue, width=0, sort_output=False, include_previous=True, omit_header=False)
    path.write_bytes(buffer.getvalue())
    return path


@dataclass(frozen=True)
class CellStatus:
    """A cell whose translation is missing or out of date."""

    lesson: str
    cell: str
    problem: str  # "untranslated", "out of date", "fuzzy"


#: What :func:`status` says of a cell
PROBLEMS = ("untranslated", "out of date", "fuzzy")


def status(notebook: Path, lang: str = "zh-CN", *, catalogue: Path | None = None) -> list[CellStatus]:
    """The cells of one lesson whose translation is missing, empty, fuzzy or made from other English
    (``catalogue``: the lesson's ``.po``, by default ``translations/<lang>/NN_slug.po``)."""
    path = catalogue or catalogue_path(notebook, lang)
    entries = read_catalogue(path) if path.exists() else {}
    found = []
    for cell in _notebook(notebook).cells:
        if not needs_translation(cell):
            continue
        entry = entries.get(cell.id)
        if entry is None or not _text(entry.string, path, cell.id).strip():
            found.append(CellStatus(notebook.stem, cell.id, "untranslated"))
        elif entry.id != _source(cell):
            found.append(CellStatus(notebook.stem, cell.id, "out of date"))
        elif "fuzzy" in entry.flags:
            found.append(CellStatus(notebook.stem, cell.id, "fuzzy"))
    return found


def build_notebook(
    notebook: Path, lang: str = "zh-CN", *, allow_missing: bool = False, catalogue: Path | None = None
) -> NotebookNode:
    """The lesson in ``lang``: every cell of the English notebook, in order, with the same
    metadata, its text replaced by the catalogue's translation and its outputs cleared."""
    problems = status(notebook, lang, catalogue=catalogue)
    if problems and not allow_missing:
        listed = ", ".join(f"{p.cell} ({p.problem})" for p in problems[:8])
        more = f" and {len(problems) - 8} more" if len(problems) > 8 else ""
        raise ValueError(f"{notebook.name}: {len(problems)} cells are not translated to {lang}: "
                         f"{listed}{more}; "
                         "run 'python -m puzzlelab.translation update' and translate them, "
                         "or build with --allow-missing")  # fmt: skip
    skip = {p.cell for p in problems}
    path = catalogue or catalogue_path(notebook, lang)
    entries = read_catalogue(path) if path.exists() else {}
    nb = copy.deepcopy(_notebook(notebook))
    for cell in nb.cells:
        if cell.id in entries and cell.id not in skip:
            text = _text(entries[cell.id].string, path, cell.id)
            # a markdown line break next to Chinese would show as a space:
            cell.source = join_cjk_lines(text) if cell.cell_type == "markdown" else text
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)
    nb.metadata["puzzlelab"] = {**nb.metadata.get("puzzlelab", {}), "language": lang}
    switches = [SWITCH.search(_source(c)) for c in nb.cells if c.cell_type == "code"]
    chosen = next((m.group(1) for m in switches if m), None)
    if chosen != lang and not (allow_missing and chosen == "en"):
        raise ValueError(f"{notebook.name}: the {lang} edition's first language switch says {chosen!r}; "
                         f'its setup cell must call puzzlelab.set_language("{lang}")')  # fmt: skip
    return nb


def lessons(root: Path = NOTEBOOKS) -> list[Path]:
    return sorted(root.glob("[0-9][0-9]_*.ipynb"))


# -- the list of cells still to translate (it may only shrink) ---------------------------------

PENDING_HEADER = """\
# Cells of the English lessons whose {lang} translation is missing or out of date: one
# "lesson cell problem" line each (python -m puzzlelab.translation status explains them).
# tests/test_translation.py fails when a cell is missing here or listed here but translated:
# after translating, or after an English change, rewrite it with
#     python -m puzzlelab.translation pending
# It is empty when the {lang} edition is complete.
"""


def pending_path(lang: str = "zh-CN") -> Path:
    """``translations/zh-CN/PENDING.txt``: the committed list of cells still to translate."""
    return TRANSLATIONS / lang / "PENDING.txt"


def all_status(lang: str = "zh-CN", root: Path = NOTEBOOKS) -> list[CellStatus]:
    """:func:`status` of every English lesson, in lesson and cell order."""
    return [problem for notebook in lessons(root) for problem in status(notebook, lang)]


def format_pending(problems: Iterable[CellStatus], lang: str = "zh-CN") -> str:
    """The text of ``PENDING.txt`` for ``problems``."""
    lines = [f"{p.lesson} {p.cell} {p.problem}" for p in problems]
    return PENDING_HEADER.format(lang=lang) + "".join(line + "\n" for line in lines)


def read_pending(path: Path) -> list[CellStatus]:
    """The cells a ``PENDING.txt`` lists (``#`` comments and blank lines skipped)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split(maxsplit=2)
        if len(parts) != 3 or parts[2] not in PROBLEMS:
            raise ValueError(f"{path}:{number}: not a 'lesson cell problem' line: {line!r}")
        found.append(CellStatus(*parts))
    return found


def compile_library(lang: str = "zh-CN") -> Path:
    """Compile ``puzzlelab/locale/zh_CN/*.po`` (one file per area) into the package's one
    catalogue, ``puzzlelab/locale/zh_CN/LC_MESSAGES/puzzlelab.mo``. Fuzzy entries are left out."""
    _need_babel()
    from babel.messages import mofile, pofile
    from babel.messages.catalog import Catalog

    folder = LIBRARY_LOCALE / gettext_name(lang)
    merged = Catalog(locale=gettext_name(lang), domain="puzzlelab", fuzzy=False)
    for part in sorted(folder.glob("*.po")):
        with open(part, "rb") as handle:
            for message in pofile.read_po(handle):
                if not message.id or "fuzzy" in message.flags or not message.string:
                    continue
                if message.id in merged and merged[message.id].string != message.string:
                    raise ValueError(f"{part.name}: {message.id!r} is translated differently in two files")
                merged.add(message.id, message.string, context=message.context)
    out = folder / "LC_MESSAGES" / "puzzlelab.mo"
    out.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    mofile.write_mo(buffer, merged, use_fuzzy=False)
    out.write_bytes(buffer.getvalue())
    return out


#: Which library catalogue file holds the messages of which source files (first match wins)
LIBRARY_PARTS = (("exercises/", "checks.po"), ("", "ui.po"))


def extract_library(lang: str = "zh-CN") -> list[Path]:
    """Collect every ``_("...")`` and ``N_("...")`` of the package's Python files into the
    library's ``.po`` files (checks.po: the exercises' checks; ui.po: widgets, plots, the rest),
    keeping the translations made; a message no longer in the code is dropped."""
    _need_babel()
    from babel.messages import pofile
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    package = Path(__file__).resolve().parent
    found: dict[str, dict[str, list[tuple[str, int]]]] = {name: {} for _, name in LIBRARY_PARTS}
    for source in sorted(package.rglob("*.py")):
        relative = source.relative_to(package).as_posix()
        part = next(name for prefix, name in LIBRARY_PARTS if relative.startswith(prefix))
        for line, message, _comments, _context in extract_from_file(
            "python", str(source), keywords={"_": None, "N_": None}, comment_tags=("TRANSLATORS:",)
        ):
            if isinstance(message, str) and message:
                found[part].setdefault(message, []).append((f"puzzlelab/{relative}", line))
    folder = LIBRARY_LOCALE / gettext_name(lang)
    written = []
    for _, name in LIBRARY_PARTS:
        path = folder / name
        old: dict[str, Message] = {}
        if path.exists():
            with open(path, "rb") as handle:
                # (a plural entry, never written here, could not match a str message anyway)
                old = {m.id: m for m in pofile.read_po(handle) if isinstance(m.id, str) and m.id}
        catalogue = Catalog(locale=gettext_name(lang), domain="puzzlelab", project="puzzlelab",
                            fuzzy=False, msgid_bugs_address="", copyright_holder="the puzzlelab authors",
                            creation_date=STABLE_DATE, revision_date=STABLE_DATE)  # fmt: skip
        for message, where in found[name].items():
            before = old.get(message)
            files = sorted({(f, None) for f, _ in where})
            # babel reads and writes a location without a line number as (file, None), but its
            # annotation of add's locations says the line is an int
            catalogue.add(message, before.string if before else "", locations=files,  # type: ignore[arg-type]
                          flags=before.flags if before else ())  # fmt: skip
        buffer = io.BytesIO()
        pofile.write_po(
            buffer, catalogue, width=0, sort_output=False, omit_header=False, include_lineno=False
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(buffer.getvalue())
        written.append(path)
    return written


def _write(nb: NotebookNode, path: Path) -> None:
    import nbformat

    write: Callable[[NotebookNode, Path], None] = nbformat.write  # nbformat's write has no annotations
    path.parent.mkdir(parents=True, exist_ok=True)
    write(nb, path)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m puzzlelab.translation", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("command", choices=["update", "status", "build", "extract", "mo", "pending"])
    parser.add_argument("lessons", nargs="*", help="lesson numbers or file names (default: all)")
    parser.add_argument("--lang", default="zh-CN", choices=TRANSLATED)
    parser.add_argument(
        "--allow-missing", action="store_true", help="build with English where a translation is missing"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    chosen = [p for p in lessons() if not args.lessons or any(p.name.startswith(k) for k in args.lessons)]
    if args.command == "mo":
        print(compile_library(args.lang).relative_to(ROOT))
        return 0
    if args.command == "pending":
        path = pending_path(args.lang)
        problems = all_status(args.lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(format_pending(problems, args.lang), encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(problems)} cells to translate")
        return 0
    if args.command == "extract":
        for path in extract_library(args.lang):
            print(path.relative_to(ROOT))
        return 0
    missing = 0
    for notebook in chosen:
        if args.command == "update":
            print(update_catalogue(notebook, args.lang).relative_to(ROOT))
        elif args.command == "status":
            problems = status(notebook, args.lang)
            missing += len(problems)
            counts: dict[str, int] = {}
            for p in problems:
                counts[p.problem] = counts.get(p.problem, 0) + 1
            print(f"{notebook.stem}: " + (", ".join(f"{n} {k}" for k, n in counts.items()) or "translated"))
        else:
            out = edition_dir(args.lang) / notebook.name
            try:
                built = build_notebook(notebook, args.lang, allow_missing=args.allow_missing)
            except ValueError as error:  # the next lessons are still built; the exit status says it
                print(f"not built: {error}", file=sys.stderr)
                missing += 1
                continue
            _write(built, out)
            print(out.relative_to(ROOT))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

"""Markdown documents (the glossary, the teacher's guide) translated through gettext, a block per entry.

The English document is the source. It is cut into blocks a translator can take one at a time: a
heading, a paragraph, one top-level list item (with its indented lines), one table row. Blank
lines and a table's ``|---|`` rows are kept as they are. Each block is a catalogue entry whose
``msgid`` is the English block (gettext's usual key, so an unchanged paragraph keeps its
translation wherever it moves) and whose ``msgstr`` is the translation. Building the translated
document puts the blocks back in the English order; an English block without a translation
(new or changed) is reported, and kept in English only if asked.

>>> text = "# Title\\n\\nA paragraph\\non two lines.\\n\\n- an item\\n  continued\\n- another\\n\\n"
>>> text += "| a | b |\\n|---|---|\\n| 1 | 2 |\\n"
>>> [block for block, translatable in segments(text) if translatable]
['# Title', 'A paragraph\\non two lines.', '- an item\\n  continued', '- another', '| a | b |', '| 1 | 2 |']
>>> "".join(piece for piece, _ in segments(text, keep_newlines=True)) == text
True
"""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .i18n import gettext_name

if TYPE_CHECKING:
    from babel.messages.catalog import Message

__all__ = ["build_document", "document_status", "join_cjk_lines", "segments", "update_document"]

#: The date written in every catalogue's header: fixed, so that remaking a catalogue whose
#: entries did not change changes no byte (git shows only real changes)
STABLE_DATE = datetime(2026, 11, 26, tzinfo=UTC)
_ITEM = re.compile(r"(?:[-*+]|\d+\.)\s")
_RULE_ROW = re.compile(r"\|?[\s:|-]+\|?")


def segments(text: str, *, keep_newlines: bool = False) -> list[tuple[str, bool]]:
    """The document as (piece, translatable) pairs, in order. With ``keep_newlines`` the pieces
    joined give back ``text`` exactly; without, a translatable piece has no final newline."""
    pieces: list[tuple[str, bool]] = []
    lines = text.split("\n")
    ends_with_newline = text.endswith("\n")
    if ends_with_newline:
        lines = lines[:-1]
    i = 0
    in_fence = False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):  # a code block is one piece, never translated
            block = [line]
            i += 1
            in_fence = True
            while i < len(lines) and in_fence:
                block.append(lines[i])
                in_fence = not lines[i].lstrip().startswith("```")
                i += 1
            pieces.append(("\n".join(block), False))
            continue
        if not line.strip():
            pieces.append((line, False))
            i += 1
            continue
        if line.startswith("|"):
            pieces.append((line, not _RULE_ROW.fullmatch(line.strip())))
            i += 1
            continue
        block = [line]
        i += 1
        if _ITEM.match(line):
            while i < len(lines) and lines[i].strip() and lines[i].startswith((" ", "\t")):
                block.append(lines[i])
                i += 1
        elif not line.startswith("#"):
            while i < len(lines) and lines[i].strip() and not lines[i].startswith(("|", "#")):
                if _ITEM.match(lines[i]) or lines[i].lstrip().startswith("```"):
                    break
                block.append(lines[i])
                i += 1
        pieces.append(("\n".join(block), True))
    if keep_newlines:
        last = len(pieces) - 1
        return [(p + ("\n" if k < last or ends_with_newline else ""), t) for k, (p, t) in enumerate(pieces)]
    return pieces


_WIDE = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]")
_PUNCT = re.compile(r"[\u3000-\u303f\uff00-\uffef]")  # full-width punctuation carries its own space
_NOT_CONTINUATION = re.compile(r"\s*(?:[-*+]\s|\d+\.\s|#|\||```|>|$)")


def join_cjk_lines(markdown: str) -> str:
    """Join the lines of a paragraph or list item where the break falls next to a Chinese
    character: Markdown turns a line break into a space, and a space between two Chinese
    characters shows (Chrome and JupyterLab draw it). Between a Chinese character and a Latin
    word or number the break becomes one space, as Chinese typesetting spaces them. Breaks
    between Latin words, line structure (headings, list items, table rows, code blocks) and
    hard breaks stay.

    >>> join_cjk_lines("第一行的文字\\n  接着写。\\n- 新的一项\\n\\nplain\\nEnglish")
    '第一行的文字接着写。\\n- 新的一项\\n\\nplain\\nEnglish'
    """
    lines = markdown.split("\n")
    out: list[str] = []
    fenced = False
    for line in lines:
        starts_fence = line.lstrip().startswith("```")
        previous = out[-1] if out else ""
        joinable = (
            out
            and not fenced
            and not starts_fence
            and not _NOT_CONTINUATION.match(line)
            and previous.strip()
            and not previous.lstrip().startswith(("|", "#", "```"))
            and not previous.endswith("  ")
            and (_WIDE.match(previous[-1:]) or _WIDE.match(line.lstrip()[:1]))
        )
        if joinable:
            last, first = previous[-1:], line.lstrip()[:1]
            both_wide = bool(_WIDE.match(last) and _WIDE.match(first))
            out[-1] = (
                previous
                + ("" if both_wide or _PUNCT.match(last) or _PUNCT.match(first) else " ")
                + line.lstrip()
            )
        else:
            out.append(line)
        if starts_fence:
            fenced = not fenced
    return "\n".join(out)


def _read(path: Path) -> dict[str, Message]:
    """The entries of the catalogue ``path`` by msgid (none when it does not exist yet). Every
    block is a singular entry; a plural one (a tuple of msgids) could match no block, so it is
    left out."""
    from babel.messages import pofile  # babel (the i18n extra) is imported only when used

    if not path.exists():
        return {}
    with open(path, "rb") as handle:
        return {m.id: m for m in pofile.read_po(handle) if isinstance(m.id, str) and m.id}


def _translation(entry: Message | None) -> str:
    """The entry's translation, or "" when there is none to use (no entry, empty, or fuzzy)."""
    if entry is None or not isinstance(entry.string, str) or "fuzzy" in entry.flags:
        return ""
    return entry.string if entry.string.strip() else ""


def update_document(source: Path, po: Path, lang: str = "zh-CN") -> Path:
    """Write the catalogue of ``source`` to ``po``, keeping every translation of a block that is
    still in the English. A block no longer there is dropped."""
    from babel.messages import catalog as catalog_mod
    from babel.messages import pofile

    old = _read(po)
    catalogue = catalog_mod.Catalog(
        locale=gettext_name(lang), domain=source.stem, project="puzzlelab", fuzzy=False,
        msgid_bugs_address="", copyright_holder="the puzzlelab authors", creation_date=STABLE_DATE,
        revision_date=STABLE_DATE,
    )  # fmt: skip
    for block, translatable in segments(source.read_text(encoding="utf-8")):
        if translatable and block not in catalogue:
            before = old.get(block)
            catalogue.add(block, before.string if before else "", flags=before.flags if before else ())
    buffer = io.BytesIO()
    pofile.write_po(buffer, catalogue, width=0, sort_output=False, include_lineno=False)
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_bytes(buffer.getvalue())
    return po


def document_status(source: Path, po: Path) -> list[str]:
    """The English blocks of ``source`` that have no translation (or a fuzzy one) in ``po``."""
    entries = _read(po)
    missing = []
    for block, translatable in segments(source.read_text(encoding="utf-8")):
        if translatable and not _translation(entries.get(block)):
            missing.append(block)
    return missing


def build_document(source: Path, po: Path, *, allow_missing: bool = False) -> str:
    """The translated document: the English blocks replaced by their translations, in order."""
    missing = document_status(source, po)
    if missing and not allow_missing:
        first = missing[0].splitlines()[0][:60]
        raise ValueError(f"{source.name}: {len(missing)} blocks are not translated in {po.name} "
                         f"(the first: {first!r}); translate them or build with --allow-missing")  # fmt: skip
    entries = _read(po)
    out = []
    for piece, translatable in segments(source.read_text(encoding="utf-8"), keep_newlines=True):
        block = piece[:-1] if piece.endswith("\n") else piece
        translation = _translation(entries.get(block)) if translatable else ""
        if translation:
            piece = join_cjk_lines(translation) + piece[len(block) :]
        out.append(piece)
    return "".join(out)


ROOT = Path(__file__).resolve().parents[1]
#: The documents beside the lessons that have a translated edition (the glossary, the teacher's guide)
DOCUMENTS = ("GLOSSARY.md", "README.md")


def main(argv: list[str] | None = None) -> int:
    """``python -m puzzlelab.markdown_po update|status|build [--allow-missing]``: the catalogues
    ``translations/zh-CN/GLOSSARY.po`` and ``README.po``, and the documents in ``notebooks/zh-CN/``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m puzzlelab.markdown_po")
    parser.add_argument("command", choices=["update", "status", "build"])
    parser.add_argument("--lang", default="zh-CN")
    parser.add_argument("--allow-missing", action="store_true")
    args = parser.parse_args(argv)
    missing = 0
    for name in DOCUMENTS:
        source = ROOT / "notebooks" / name
        po = ROOT / "translations" / args.lang / (source.stem + ".po")
        if args.command == "update":
            print(update_document(source, po, args.lang).relative_to(ROOT))
        elif args.command == "status":
            left = document_status(source, po)
            missing += len(left)
            print(f"{name}: {len(left)} blocks to translate" if left else f"{name}: translated")
        else:
            out = ROOT / "notebooks" / args.lang / name
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(build_document(source, po, allow_missing=args.allow_missing), encoding="utf-8")
            print(out.relative_to(ROOT))
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())

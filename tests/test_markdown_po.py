"""The glossary's and the guide's catalogues: a document cut into blocks and put back is the same
document, a translated block replaces exactly its English, and a changed block is reported."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab.markdown_po import build_document, document_status, join_cjk_lines, segments, update_document
from puzzlelab.translation import markdown_keepers

ROOT = Path(__file__).resolve().parents[1]
LINES = st.sampled_from(["", "# Heading", "## Sub", "text line", "more text", "- item", "  continued",
                         "1. numbered", "| a | b |", "|---|---|", "```", "code()", "  indented"])  # fmt: skip


@given(st.lists(LINES, max_size=30), st.booleans())
@settings(max_examples=300, deadline=None)
def test_cutting_a_document_into_blocks_and_joining_them_gives_it_back(lines, final_newline):
    text = "\n".join(lines) + ("\n" if final_newline else "")
    assert "".join(piece for piece, _ in segments(text, keep_newlines=True)) == text
    for block, translatable in segments(text):
        assert not (translatable and not block.strip())


@pytest.mark.parametrize("name", ["GLOSSARY.md", "README.md"])
def test_the_real_documents_round_trip(name, tmp_path):
    source = ROOT / "notebooks" / name
    po = update_document(source, tmp_path / "doc.po")
    assert build_document(source, po, allow_missing=True) == source.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="not translated"):
        build_document(source, po)


def test_a_translation_replaces_its_block_and_a_changed_block_is_reported(tmp_path):
    from babel.messages.pofile import read_po, write_po

    source = tmp_path / "doc.md"
    source.write_text("# Glossary\n\n- **blank**: the empty cell.\n- **tile**: a numbered block.\n")
    po = update_document(source, tmp_path / "doc.po")
    with open(po, "rb") as handle:
        catalogue = read_po(handle)
    catalogue["# Glossary"].string = "# 术语表"
    catalogue["- **blank**: the empty cell."].string = "- **空白块**（blank）：空着的格子。"
    catalogue["- **tile**: a numbered block."].string = "- **数码块**（tile）：带编号的方块。"
    with open(po, "wb") as handle:
        write_po(handle, catalogue, width=0)
    assert (
        build_document(source, po)
        == "# 术语表\n\n- **空白块**（blank）：空着的格子。\n- **数码块**（tile）：带编号的方块。\n"
    )
    source.write_text("# Glossary\n\n- **blank**: the empty cell, `_`.\n- **tile**: a numbered block.\n")
    assert document_status(source, po) == ["- **blank**: the empty cell, `_`."]
    update_document(source, po)  # the changed block is new; the others keep their translations
    assert document_status(source, po) == ["- **blank**: the empty cell, `_`."]
    assert "数码块" in build_document(source, po, allow_missing=True)


@given(st.lists(LINES, max_size=30))
@settings(max_examples=200, deadline=None)
def test_joining_chinese_lines_leaves_text_without_chinese_alone(lines):
    text = "\n".join(lines)
    assert join_cjk_lines(text) == text


@given(
    st.lists(
        st.sampled_from(["", "中文的一行", "  续行，", "- 一项", "| 表 | 格 |", "```", "代码()", "# 标题"]),
        max_size=25,
    )
)
@settings(max_examples=200, deadline=None)
def test_joining_chinese_lines_only_removes_line_breaks_and_indentation(lines):
    text = "\n".join(lines)
    joined = join_cjk_lines(text)
    assert joined.replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")
    assert "\n".join(line.strip() for line in text.split("\n")).count("中") == joined.count("中")
    assert joined.count("\n") <= text.count("\n")
    structure = ("- ", "|", "#", "```")  # a list item may take in its lazy continuation lines
    before = [line for line in text.split("\n") if line.startswith(structure)]
    after = [line for line in joined.split("\n") if line.startswith(structure)]
    assert len(after) == len(before)
    assert all(new.startswith(old) for new, old in zip(after, before, strict=True))


@pytest.mark.parametrize("name", ["GLOSSARY.md", "README.md"])
def test_the_chinese_glossary_and_guide_are_translated_and_built_from_their_catalogues(name):
    """Every block of the English document has a current translation, and the committed Chinese
    document is exactly what its catalogue builds (no hand edits, nothing stale): change the
    English, and this fails until the catalogue is updated, translated and built again."""
    source = ROOT / "notebooks" / name
    po = ROOT / "translations" / "zh-CN" / (source.stem + ".po")
    assert document_status(source, po) == []
    built = (ROOT / "notebooks" / "zh-CN" / name).read_text(encoding="utf-8")
    assert built == build_document(source, po)
    english_links = {k for k in markdown_keepers(source.read_text(encoding="utf-8")) if k.startswith("(")}
    assert english_links <= set(markdown_keepers(built))  # every link of the English is kept

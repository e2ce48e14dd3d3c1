"""Fixtures for tests/js/labels.test.mjs: each widget module's LABELS (the English words its ES
module may look up) and their Chinese translations from the library's catalogue."""

import importlib
import json
from pathlib import Path

from puzzlelab.i18n import language, translate_all

#: the widget modules whose ES module draws words (js/NAME.js <-> puzzlelab/widgets/NAME.py)
MODULES = ("parity_lab", "playable", "search_player", "shuffle_lab", "weight_explorer")


def write(directory: Path) -> None:
    labels = {}
    for name in MODULES:
        module = importlib.import_module(f"puzzlelab.widgets.{name}")
        with language("zh-CN"):
            chinese = translate_all(module.LABELS)
        labels[name] = {"labels": list(module.LABELS), "zh": chinese}
    (directory / "labels.json").write_text(json.dumps(labels, ensure_ascii=False), encoding="utf-8")

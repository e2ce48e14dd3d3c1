"""Fixtures for tests/js/labels.test.mjs: each widget module's LABELS (the English words its ES
module may look up), their Chinese translations from the library's catalogue, and the ``_labels``
state a widget made under ``language("zh-CN")`` sends its browser module."""

import importlib
import json
from pathlib import Path

from puzzlelab.i18n import language, translate_all

#: the widget modules whose ES module draws words (js/NAME.js <-> puzzlelab/widgets/NAME.py), with
#: the class and a cheap way to make one
MODULES = {
    "parity_lab": ("ParityLab", ()),
    "playable": ("PlayableBoard", (3,)),
    "search_player": ("SearchPlayer", ("1 2 3/4 _ 5/7 8 6",)),
    "shuffle_lab": ("ShuffleLab", ()),
    "weight_explorer": ("WeightExplorer", ("1 2 3/4 _ 5/7 8 6",)),
}


def write(directory: Path) -> None:
    labels = {}
    for name, (cls, args) in MODULES.items():
        module = importlib.import_module(f"puzzlelab.widgets.{name}")
        with language("zh-CN"):
            chinese = translate_all(module.LABELS)
            view = getattr(module, cls)(*args)
        sent = view.get_state()["_labels"]
        view.close()
        labels[name] = {"labels": list(module.LABELS), "zh": chinese, "sent": sent}
    (directory / "labels.json").write_text(json.dumps(labels, ensure_ascii=False), encoding="utf-8")

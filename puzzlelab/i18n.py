"""The language a student reads: English (``"en"``, the source) or Simplified Chinese (``"zh-CN"``).

Text a student reads in the library (check messages and hints, Predict prompts, widget labels and
buttons, plot titles, axis labels, legends) is written in English in the code, wrapped in
``_()`` (:func:`gettext`), and translated through one gettext catalogue shipped in the package
(``puzzlelab/locale/zh_CN/LC_MESSAGES/puzzlelab.mo``, compiled by ``make mo`` from the ``.po``
files in ``puzzlelab/locale/zh_CN/``, one per area so that translators can work side by side).
Errors for programmers (``TypeError``, ``ValueError``) stay English.

The language is chosen by the edition (the Chinese lessons' first code cell calls
``set_language("zh-CN")``) or by the environment variable ``PUZZLELAB_LANG``; never by the
machine's locale, so a lesson reads the same on every computer.

>>> get_language()
'en'
>>> with language("zh-CN"):
...     print(gettext("correct: {title}").format(title="..."))
正确：...
>>> gettext("correct: {title}")
'correct: {title}'

A message with values keeps its English placeholders, filled after translation:
``_("{n} boards").format(n=3)``.

This module imports only the standard library.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

__all__ = [
    "DEFAULT_LANGUAGE",
    "ENV_VAR",
    "LANGUAGES",
    "N_",
    "get_language",
    "gettext",
    "language",
    "on_language_change",
    "set_language",
    "translate_all",
]

#: The languages the course is written in, as BCP 47 tags (the first is the source language)
LANGUAGES = ("en", "zh-CN")
DEFAULT_LANGUAGE = "en"
#: The environment variable that picks the language when no lesson has chosen one
ENV_VAR = "PUZZLELAB_LANG"
DOMAIN = "puzzlelab"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_listeners: list[Callable[[str], None]] = []


def _normalise(lang: object, *, where: str = "language") -> str:
    if not isinstance(lang, str):
        raise TypeError(f"{where} must be a str such as 'en' or 'zh-CN', not {type(lang).__name__}")
    wanted = lang.strip().replace("_", "-").lower()
    for known in LANGUAGES:
        if known.lower() == wanted or (wanted == "zh" and known == "zh-CN"):
            return known
    raise ValueError(f"{where} must be one of {', '.join(map(repr, LANGUAGES))}, not {lang!r}")


def gettext_name(lang: str) -> str:
    """The folder name gettext uses for ``lang`` (``"zh-CN"`` -> ``"zh_CN"``)."""
    return _normalise(lang).replace("-", "_")


@cache
def _catalogue(lang: str) -> _gettext.NullTranslations:
    if lang == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    # fallback=False: a Chinese edition without its catalogue is a packaging bug, not English text
    return _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[gettext_name(lang)])


def _from_environment() -> str:
    value = os.environ.get(ENV_VAR, "").strip()
    return _normalise(value, where=f"${ENV_VAR}") if value else DEFAULT_LANGUAGE


_current = _from_environment()


def get_language() -> str:
    """The language the library writes in now: one of :data:`LANGUAGES`."""
    return _current


def set_language(lang: str) -> None:
    """Write every message, label and figure text from now on in ``lang`` (``"en"`` or
    ``"zh-CN"``; ``"zh"`` and ``"zh_CN"`` are accepted too).

    Widgets already on screen keep the language they were drawn in; run their cell again.
    """
    global _current
    chosen = _normalise(lang)
    _catalogue(chosen)  # fails now, not at the first message, if the catalogue is missing
    if chosen != DEFAULT_LANGUAGE and find_spec("matplotlib") is not None:
        # the figures need the bundled CJK font: its module listens for changes from its import on
        # (imported by name: the one place this helper module reaches up, and only for a figure font)
        import_module("puzzlelab.plots.fonts")
    if chosen != _current:
        _current = chosen
        for listener in list(_listeners):
            listener(chosen)


@contextmanager
def language(lang: str) -> Iterator[str]:
    """``with language("zh-CN"):`` writes in ``lang`` inside the block, then restores the language."""
    before = _current
    set_language(lang)
    try:
        yield _current
    finally:
        set_language(before)


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` whenever the language changes (the plots use it to pick fonts)."""
    _listeners.append(listener)


def gettext(message: str) -> str:
    """``message`` (English, the catalogue's key) in the current language.

    Modules import it under gettext's usual name, ``from ..i18n import gettext as _``, so that the
    catalogue's extractor finds every ``_("...")``."""
    if _current == DEFAULT_LANGUAGE:
        return message
    return _catalogue(_current).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (module-level constants:
    translate them with ``_()`` where they are shown)."""
    return message


def translate_all(messages: Iterable[str]) -> dict[str, str]:
    """``{english: translation}`` for ``messages`` in the current language: the labels a widget's
    browser code draws (it looks each English label up in this table and falls back to it)."""
    return {message: gettext(message) for message in messages}

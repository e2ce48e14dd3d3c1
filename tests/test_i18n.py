"""The language switch: chosen by the lesson or PUZZLELAB_LANG, never by the machine's locale; bad
values are clear errors; a block that switches language always switches back."""

import os
import subprocess
import sys

import pytest

from puzzlelab import i18n
from puzzlelab.exercises._core import WrongAnswer, exercise
from puzzlelab.i18n import get_language, gettext, language, set_language

SPELLINGS = [
    ("en", "en"),
    ("zh-CN", "zh-CN"),
    ("zh", "zh-CN"),
    ("zh_CN", "zh-CN"),
    (" ZH-cn ", "zh-CN"),
    ("EN", "en"),
]


@pytest.mark.parametrize(("given", "chosen"), SPELLINGS)
def test_the_spellings_of_a_language_all_choose_it(given, chosen):
    with language(given) as now:
        assert now == chosen == get_language()
    assert get_language() == "en"


@pytest.mark.parametrize(("bad", "error"), [("fr", ValueError), ("", ValueError), ("zh-TW", ValueError),
                                            (5, TypeError), (None, TypeError)])  # fmt: skip
def test_a_language_the_course_is_not_written_in_is_refused_at_once(bad, error):
    with pytest.raises(error, match="language"):
        set_language(bad)
    assert get_language() == "en"


def test_a_block_in_chinese_switches_back_even_when_it_fails():
    def fail_in_chinese():
        with language("zh-CN"):
            assert gettext("correct: {title}").startswith("正确")
            raise RuntimeError("inside")

    with pytest.raises(RuntimeError):
        fail_in_chinese()
    assert get_language() == "en"
    assert gettext("correct: {title}") == "correct: {title}"


def test_a_check_speaks_the_language_chosen_when_it_runs(capsys):
    @exercise("a toy exercise")
    def check_double(fn, *, hidden=False):
        if fn(2) != 4:
            raise WrongAnswer("wrong", hint="double it")

    check_double(lambda x: 2 * x)
    with language("zh-CN"):
        check_double(lambda x: 2 * x)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("correct: ")
    assert out[1].startswith("正确：")


def _probe(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = (
        "import puzzlelab; from puzzlelab.i18n import gettext; "
        "print(puzzlelab.get_language(), gettext('correct: {title}'))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("PUZZLELAB_LANG", "LANG", "LANGUAGE", "LC_ALL")}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**clean, **env})


def test_the_environment_variable_chooses_the_language():
    done = _probe({i18n.ENV_VAR: "zh-CN"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["zh-CN", "正确：{title}"]


def test_the_machines_locale_never_chooses_it():
    done = _probe({"LANG": "zh_CN.UTF-8", "LANGUAGE": "zh_CN", "LC_ALL": "C.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["en", "correct:", "{title}"]


def test_a_bad_environment_variable_is_a_clear_error_naming_it():
    done = _probe({i18n.ENV_VAR: "klingon"})
    assert done.returncode != 0
    assert "$PUZZLELAB_LANG must be one of 'en', 'zh-CN'" in done.stderr

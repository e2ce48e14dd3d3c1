"""The command line (python -m puzzlelab) and the lesson finder/copier behind it.

Servers are never started here: ``main(..., launch=fake)`` records the command
instead. The real servers are started by the browser tests (tests/browser/).
"""

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzlelab
from puzzlelab import __main__ as cli
from puzzlelab import lessons as lessons_module
from puzzlelab.editions import edition_bytes
from puzzlelab.lessons import MANIFEST_NAME, Lesson, copy_lessons, find_lesson, lesson_key, list_lessons

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["00_play", "01_shuffling", "02_parity", "03_search"]


def notebook_json(title: str, body: str = "") -> str:
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": [f"# {title}\n", "text"]},
        {"cell_type": "code", "metadata": {}, "source": [body], "outputs": [], "execution_count": None},
    ]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def write_lessons(folder: Path, names=NAMES, body: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / f"{name}.ipynb").write_text(notebook_json(name.split("_", 1)[1].title(), body))
    return folder


@pytest.fixture
def source(tmp_path):
    return write_lessons(tmp_path / "src")


def student(path: Path) -> bytes:
    return edition_bytes(path.read_bytes(), "student")


def option(command, name):
    """The value of ``--name=value`` in a command."""
    return next(a.split("=", 1)[1] for a in command if a.startswith(f"--{name}="))


class FakeLauncher:
    """Stands in for run_server: records each command and environment, returns a status, and
    says the server took ``taken`` (default: the port the command asks for first)."""

    def __init__(self, status=0, taken=None):
        self.calls, self.status, self.taken = [], status, taken

    def __call__(self, command, env, on_port):
        self.calls.append((list(command), dict(env)))
        first = int(next(a for a in command if ".port=" in a).split("=")[1])
        on_port(self.taken or first)
        return self.status


def run(argv, source, **kw):
    launch = kw.pop("launch", FakeLauncher())
    return cli.main(argv, launch=launch, source=source), launch


# -- naming and finding -------------------------------------------------------------
def test_lesson_key_accepts_only_numbered_lowercase_notebooks():
    assert lesson_key("05_fifteen.ipynb") == ("05", "fifteen")
    assert lesson_key("03_heuristic_search.ipynb") == ("03", "heuristic_search")
    for other in ["fifteen.ipynb", "5_fifteen.ipynb", "05_Fifteen.ipynb", "05_fifteen.py", "05_.ipynb"]:
        assert lesson_key(other) is None, other


slugs = st.from_regex(r"[a-z][a-z0-9]{0,7}(_[a-z0-9]{1,5})?", fullmatch=True)


@given(number=st.integers(0, 99), slug=slugs, other_number=st.integers(0, 99), other_slug=slugs)
def test_a_lesson_answers_to_its_number_slug_and_file_name_only(number, slug, other_number, other_slug):
    lesson = Lesson(f"{number:02d}", slug, Path(f"{number:02d}_{slug}.ipynb"))
    spellings = [str(number), f"{number:02d}", slug, slug.upper(), f" {slug} ", f"{number:02d}_{slug}",
                 f"{number:02d}_{slug}.ipynb", f"{number:02d}-{slug}".replace("_", "-")]  # fmt: skip
    assert all(lesson.matches(s) for s in spellings)
    assert lesson.matches(str(other_number)) == (other_number == number)
    assert lesson.matches(other_slug) == (other_slug == slug)
    assert not lesson.matches(f"{slug}x")


def test_list_lessons_in_order_with_titles_ignoring_other_files(source):
    (source / "scratch.ipynb").write_text(notebook_json("Mine"))
    (source / "notes.md").write_text("# not a lesson")
    found = list_lessons(source=source)
    assert [lesson.name for lesson in found] == NAMES
    assert [lesson.title for lesson in found] == ["Play", "Shuffling", "Parity", "Search"]


def test_a_lesson_without_a_heading_is_titled_by_its_slug(tmp_path):
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": ["1"]}], "metadata": {},
          "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
    (tmp_path / "07_big_boards.ipynb").write_text(json.dumps(nb))
    assert list_lessons(source=tmp_path)[0].title == "big boards"


@pytest.mark.parametrize("name", ["01", "1", "shuffling", "Shuffling", "01_shuffling", "01_shuffling.ipynb"])
def test_find_lesson_by_number_or_name(source, name):
    assert find_lesson(name, source=source) == source / "01_shuffling.ipynb"


def test_find_lesson_by_path_to_any_notebook(tmp_path, source):
    mine = tmp_path / "work" / "my copy.ipynb"
    mine.parent.mkdir()
    mine.write_text(notebook_json("Mine"))
    assert find_lesson(str(mine), source=source) == mine.resolve()
    with pytest.raises(ValueError, match="no notebook at"):
        find_lesson(str(tmp_path / "work" / "missing.ipynb"), source=source)


@pytest.mark.parametrize("name", ["07", "shuffle", "parity2", "", "01_parity"])
def test_unknown_lesson_names_every_lesson(source, name):
    with pytest.raises(ValueError, match="unknown lesson") as error:
        find_lesson(name, source=source)
    assert all(n in str(error.value) for n in NAMES)


def test_find_lesson_rejects_non_strings(source):
    with pytest.raises(TypeError, match="string"):
        find_lesson(1, source=source)


# -- where the lessons come from ----------------------------------------------------
def fake_layout(tmp_path, *, packaged: bool, checkout: bool, pyproject: bool) -> Path:
    package = tmp_path / "puzzlelab"
    package.mkdir()
    if packaged:
        write_lessons(package / "notebooks", ["00_play"])
    if checkout:
        write_lessons(tmp_path / "notebooks", ["00_play", "01_shuffling"])
    if pyproject:
        (tmp_path / "pyproject.toml").write_text("")
    return package


@pytest.mark.parametrize(
    ("packaged", "checkout", "pyproject", "expected"),
    [
        (True, True, True, "puzzlelab/notebooks"),  # a wheel's copy wins
        (False, True, True, "notebooks"),  # editable install / source checkout
        (False, True, False, None),  # some other notebooks/ next to site-packages: not ours
        (False, False, True, None),
    ],
)
def test_lesson_dir_prefers_the_wheel_then_the_checkout(tmp_path, monkeypatch, packaged, checkout,
                                                       pyproject, expected):  # fmt: skip
    monkeypatch.setattr(
        lessons_module,
        "_PACKAGE_DIR",
        fake_layout(tmp_path, packaged=packaged, checkout=checkout, pyproject=pyproject),
    )
    if expected is None:
        with pytest.raises(FileNotFoundError, match="no lesson notebooks found"):
            lessons_module.lesson_dir()
    else:
        assert lessons_module.lesson_dir() == tmp_path / expected


def test_every_committed_notebook_is_a_lesson_that_ships():
    """The wheel ships notebooks/NN_slug.ipynb only: a notebook named otherwise would be left out."""
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert [p.name for p in notebooks if lesson_key(p.name) is None] == []
    numbers = [lesson_key(p.name)[0] for p in notebooks]
    assert len(numbers) == len(set(numbers)), "two lessons share a number"


# -- copying for a student ----------------------------------------------------------
def test_copy_then_copy_again_changes_nothing(tmp_path, source):
    first = copy_lessons(tmp_path / "mine", source=source)
    assert first.copied == tuple(f"{n}.ipynb" for n in NAMES)
    second = copy_lessons(tmp_path / "mine", source=source)
    assert second.unchanged == first.copied
    assert second.copied == second.updated == second.kept == ()


def test_edited_copy_is_kept_unless_forced(tmp_path, source):
    dest = tmp_path / "mine"
    copy_lessons(dest, source=source)
    edited = dest / "02_parity.ipynb"
    edited.write_text("my answers")
    report = copy_lessons(dest, source=source)
    assert report.kept == ("02_parity.ipynb",)
    assert edited.read_text() == "my answers"
    assert "--force" in report.summary()
    forced = copy_lessons(dest, source=source, force=True)
    assert forced.replaced == ("02_parity.ipynb",)
    assert edited.read_bytes() == student(source / "02_parity.ipynb")


def test_untouched_copy_follows_a_new_version_but_an_edited_one_does_not(tmp_path, source):
    dest = tmp_path / "mine"
    copy_lessons(dest, source=source)
    (dest / "00_play.ipynb").write_text("my answers")
    write_lessons(source, body="print('new version')")  # every lesson changes upstream
    report = copy_lessons(dest, source=source)
    assert report.updated == tuple(f"{n}.ipynb" for n in NAMES[1:])
    assert report.kept == ("00_play.ipynb",)
    assert "new version" in (dest / "01_shuffling.ipynb").read_text()
    # the kept copy is still "edited" next time: its recorded hash is the one before the edit
    assert copy_lessons(dest, source=source).kept == ("00_play.ipynb",)


STATES = ["missing", "same", "old_untouched", "edited"]


@settings(deadline=None, max_examples=40)
@given(states=st.lists(st.sampled_from(STATES), min_size=1, max_size=4), force=st.booleans())
def test_copy_outcome_matches_the_rule_for_every_file(states, force):
    """Brute-force oracle: the action for each file follows from its state alone."""
    with tempfile.TemporaryDirectory() as tmp:
        src, dest = Path(tmp, "src"), Path(tmp, "dest")
        names = NAMES[: len(states)]
        write_lessons(src, names, body="old")
        copy_lessons(dest, source=src)
        write_lessons(src, names, body="new")
        for name, state in zip(names, states, strict=True):
            target = dest / f"{name}.ipynb"
            if state == "missing":
                target.unlink()
            elif state == "same":
                target.write_bytes(student(src / f"{name}.ipynb"))
            elif state == "edited":
                target.write_text("student work")
        report = copy_lessons(dest, source=src, force=force)
        expected_action = {"missing": "copied", "same": "unchanged", "old_untouched": "updated",
                           "edited": "replaced" if force else "kept"}  # fmt: skip
        for name, state in zip(names, states, strict=True):
            filename = f"{name}.ipynb"
            assert filename in getattr(report, expected_action[state])
            final = (dest / filename).read_bytes()
            if state == "edited" and not force:
                assert final == b"student work"
            else:
                assert final == student(src / filename)


def test_interrupted_copy_leaves_whole_files_and_can_be_resumed(tmp_path, source, monkeypatch):
    dest = tmp_path / "mine"
    real_replace, calls = os.replace, []

    def replace_then_interrupt(a, b):
        calls.append(b)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real_replace(a, b)

    monkeypatch.setattr(lessons_module.os, "replace", replace_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        copy_lessons(dest, source=source)
    monkeypatch.undo()
    assert sorted(p.name for p in dest.iterdir()) == ["00_play.ipynb"]  # no half-written temp file
    report = copy_lessons(dest, source=source)
    assert report.unchanged == ("00_play.ipynb",)
    assert len(report.copied) == len(NAMES) - 1


def test_copy_refuses_a_file_as_destination(tmp_path, source):
    (tmp_path / "taken").write_text("x")
    with pytest.raises(NotADirectoryError):
        copy_lessons(tmp_path / "taken", source=source)
    status, launch = run(["lessons", str(tmp_path / "taken")], source)
    assert status == 2
    assert launch.calls == []


def test_corrupt_record_counts_every_differing_copy_as_edited(tmp_path, source):
    dest = tmp_path / "mine"
    copy_lessons(dest, source=source)
    (dest / MANIFEST_NAME).write_text("{not json")
    (dest / "03_search.ipynb").write_text("mine")
    assert copy_lessons(dest, source=source).kept == ("03_search.ipynb",)


# -- the command line ---------------------------------------------------------------
def test_version_and_help_as_a_module():
    version = subprocess.run([sys.executable, "-m", "puzzlelab", "--version"],
                             capture_output=True, text=True, check=True)  # fmt: skip
    assert version.stdout.strip() == f"puzzlelab {puzzlelab.__version__}"
    helptext = subprocess.run([sys.executable, "-m", "puzzlelab", "lessons", "--help"],
                              capture_output=True, text=True, check=True).stdout  # fmt: skip
    for option in ["--force", "--copy-only", "--port", "--no-browser", "--ip", "127.0.0.1"]:
        assert option in helptext


def test_list_prints_each_lesson_and_title(source, capsys):
    status, _ = run(["list"], source)
    assert status == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == NAMES
    assert lines[1].split(maxsplit=1)[1] == "Shuffling"


def test_lessons_copies_and_starts_jupyterlab_on_localhost_with_a_token(tmp_path, source, capsys,
                                                                       monkeypatch):  # fmt: skip
    monkeypatch.delenv("JUPYTER_TOKEN", raising=False)
    status, launch = run(["lessons", str(tmp_path / "mine"), "--port", "9123", "--no-browser"], source,
                         launch=FakeLauncher(status=7))  # fmt: skip
    assert status == 7  # the server's exit status is ours
    [(command, env)] = launch.calls
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert "--ServerApp.ip=127.0.0.1" in command
    assert "--ServerApp.port=9123" in command
    assert f"--ServerApp.root_dir={(tmp_path / 'mine').resolve()}" in command
    assert "--ServerApp.open_browser=False" in command
    assert ("--allow-root" in command) == (os.geteuid() == 0)
    token = env["JUPYTER_TOKEN"]
    assert len(token) >= 32
    assert not any(token in part for part in command)  # not visible to other users in `ps`
    out = capsys.readouterr()
    assert f"http://127.0.0.1:9123/lab?token={token}" in out.out
    assert "copied: 00_play.ipynb" in out.out
    assert "warning" not in out.err
    assert sorted(p.name for p in (tmp_path / "mine").glob("*.ipynb")) == [f"{n}.ipynb" for n in NAMES]


def test_each_start_gets_a_fresh_token_unless_the_user_set_one(tmp_path, source, monkeypatch):
    monkeypatch.delenv("JUPYTER_TOKEN", raising=False)
    tokens = {run(["lessons", str(tmp_path), "--port", "9123"], source)[1].calls[0][1]["JUPYTER_TOKEN"]
              for _ in range(3)}  # fmt: skip
    assert len(tokens) == 3
    monkeypatch.setenv("JUPYTER_TOKEN", "chosen-by-me")
    _, launch = run(["lessons", str(tmp_path), "--port", "9123"], source)
    assert launch.calls[0][1]["JUPYTER_TOKEN"] == "chosen-by-me"


def test_lessons_default_folder_and_a_free_port(tmp_path, source, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, launch = run(["lessons"], source)
    command = launch.calls[0][0]
    assert f"--ServerApp.root_dir={tmp_path / 'puzzlelab-lessons'}" in command
    port = int(next(a for a in command if a.startswith("--ServerApp.port=")).split("=")[1])
    assert port >= cli.LAB_PORT
    assert (tmp_path / "puzzlelab-lessons" / "00_play.ipynb").is_file()


def test_copy_only_starts_nothing(tmp_path, source, capsys):
    status, launch = run(["lessons", str(tmp_path / "mine"), "--copy-only"], source)
    assert (status, launch.calls) == (0, [])
    assert "copied" in capsys.readouterr().out


def test_exposing_the_server_needs_ip_and_warns(tmp_path, source, capsys):
    _, launch = run(["lessons", str(tmp_path), "--ip", "0.0.0.0", "--port", "9123"], source)
    assert "--ServerApp.ip=0.0.0.0" in launch.calls[0][0]
    assert "reachable from other machines" in capsys.readouterr().err
    _, launch = run(["app", "02", "--ip", "0.0.0.0", "--port", "9124"], source)
    assert "--token" in launch.calls[0][0]  # an exposed Voila asks for a token too
    assert "reachable from other machines" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["shuffles", "01", "shuffling", "01_shuffling"])
def test_app_opens_the_topics_dashboard_in_voila_on_localhost(source, name, capsys):
    """An app is the topic's short dashboard (its live widget and a few sentences), not the whole
    lesson with its code hidden; a lesson's number or name opens its topic's app."""
    status, launch = run(["app", name, "--port", "9124", "--no-browser"], source)
    assert status == 0
    [(command, env)] = launch.calls
    dashboard = Path(cli.__file__).parent / "apps" / "shuffles.ipynb"
    assert command[:4] == [sys.executable, "-m", "voila", str(dashboard)]
    assert dashboard.is_file()
    assert "--Voila.ip=127.0.0.1" in command
    assert "--Voila.port=9124" in command
    assert "--Voila.open_browser=False" in command
    assert "--VoilaConfiguration.template=puzzlelab" in command
    templates = Path(env["JUPYTER_PATH"].split(os.pathsep)[0])
    assert (templates / "voila" / "templates" / "puzzlelab" / "index.html.j2").is_file()
    assert "--token" not in command
    assert "http://127.0.0.1:9124/" in capsys.readouterr().out
    # a short dashboard: a kernel keeps it run and ready (Voila allows this or progressive rendering)
    assert "--VoilaConfiguration.preheat_kernel=True" in command
    assert "--VoilaConfiguration.default_pool_size=1" in command
    assert not any("progressive_rendering" in part for part in command)


def test_every_app_is_a_short_dashboard_with_a_live_widget():
    import json

    from puzzlelab.lessons import APPS

    for app in APPS:
        cells = json.loads((Path(cli.__file__).parent / "apps" / f"{app}.ipynb").read_text())["cells"]
        code = [c for c in cells if c["cell_type"] == "code"]
        assert len(code) == 1, app
        assert "puzzlelab.widgets import" in "".join(code[0]["source"]), app
        assert sum(len("".join(c["source"]).split()) for c in cells) < 200, f"{app}: a few sentences"


def test_app_with_an_unknown_name_or_a_lesson_without_an_app_lists_the_apps(source, capsys):
    status, launch = run(["app", "fifteen"], source)
    assert (status, launch.calls) == (2, [])
    err = capsys.readouterr().err
    assert "unknown app 'fifteen'" in err
    assert all(app in err for app in ("play", "shuffles", "parity", "search", "weights"))
    status, launch = run(["app", "a_folder_of_my_own"], source)
    assert (status, launch.calls) == (2, [])


def test_app_opens_a_teachers_own_notebook_by_path(source, capsys):
    status, launch = run(["app", str(source / "02_parity.ipynb"), "--no-browser"], source)
    assert status == 0
    command = launch.calls[0][0]
    assert command[3] == str(source / "02_parity.ipynb")
    # a lesson is long: its cells show as they run, and no kernel is kept running it ahead
    assert "--VoilaConfiguration.progressive_rendering=True" in command
    assert not any("preheat" in part for part in command)


@pytest.mark.parametrize(("argv", "missing", "extra"), [(["lessons", "mine"], "jupyterlab", "lab"),
                                                      (["app", "00"], "voila", "app")])  # fmt: skip
def test_a_missing_server_names_the_extra_to_install(tmp_path, source, capsys, monkeypatch, argv, missing,
                                                     extra):  # fmt: skip
    real_find_spec = cli.importlib.util.find_spec
    monkeypatch.setattr(cli.importlib.util, "find_spec",
                        lambda name: None if name == missing else real_find_spec(name))  # fmt: skip
    monkeypatch.chdir(tmp_path)
    status, launch = run(argv, source)
    assert (status, launch.calls) == (2, [])
    err = capsys.readouterr().err
    assert f'pip install "puzzlelab[{extra}]"' in err
    assert "Traceback" not in err
    assert not (tmp_path / "mine").exists()  # refused before copying anything
    # copying needs no server at all
    assert run(["copy", str(tmp_path / "mine")], source)[0] == 0


# -- copy: the two editions ------------------------------------------------------------
def test_copy_writes_the_student_edition_and_starts_nothing(tmp_path, source, capsys):
    status, launch = run(["copy", str(tmp_path / "class")], source)
    assert (status, launch.calls) == (0, [])
    for name in NAMES:
        assert (tmp_path / "class" / f"{name}.ipynb").read_bytes() == student(source / f"{name}.ipynb")
    assert "student edition" in capsys.readouterr().out


def test_copy_teacher_writes_the_source_as_it_is(tmp_path, source):
    status, _ = run(["copy", str(tmp_path / "key"), "--teacher"], source)
    assert status == 0
    for name in NAMES:
        assert (tmp_path / "key" / f"{name}.ipynb").read_bytes() == (source / f"{name}.ipynb").read_bytes()


def test_copy_needs_a_folder(source):
    with pytest.raises(SystemExit) as stop:
        run(["copy"], source)
    assert stop.value.code == 2


def test_copy_keeps_an_edited_lesson_unless_forced(tmp_path, source, capsys):
    run(["copy", str(tmp_path / "c")], source)
    (tmp_path / "c" / "01_shuffling.ipynb").write_text("mine")
    run(["copy", str(tmp_path / "c")], source)
    assert (tmp_path / "c" / "01_shuffling.ipynb").read_text() == "mine"
    assert "--force" in capsys.readouterr().out
    run(["copy", str(tmp_path / "c"), "--force"], source)
    assert (tmp_path / "c" / "01_shuffling.ipynb").read_bytes() == student(source / "01_shuffling.ipynb")


def test_the_glossary_travels_with_the_lessons(tmp_path, source):
    (source / "GLOSSARY.md").write_text("# Glossary\n")
    (source / "notes.md").write_text("not for students")
    report = copy_lessons(tmp_path / "c", source=source)
    assert "GLOSSARY.md" in report.copied
    assert (tmp_path / "c" / "GLOSSARY.md").read_text() == "# Glossary\n"
    assert not (tmp_path / "c" / "notes.md").exists()
    (tmp_path / "c" / "GLOSSARY.md").write_text("my notes")
    assert copy_lessons(tmp_path / "c", source=source).kept == ("GLOSSARY.md",)


def test_the_repositorys_lessons_name_only_companions_that_ship():
    """A lesson that says "GLOSSARY.md next to this notebook" needs it copied beside it."""
    for lesson in list_lessons(source=ROOT / "notebooks"):
        for name in set(re.findall(r"\b([A-Z]+\.md)\b", lesson.path.read_text(encoding="utf-8"))):
            assert name in lessons_module.COMPANIONS, (lesson.name, name)
            assert (ROOT / "notebooks" / name).is_file()


@pytest.mark.parametrize("umask", [0o077, 0o027, 0o022])
def test_copies_are_readable_by_others_whatever_the_umask(tmp_path, source, umask):
    old = os.umask(umask)
    try:
        copy_lessons(tmp_path / "shared" / "class", source=source)
    finally:
        os.umask(old)
    for folder in [tmp_path / "shared", tmp_path / "shared" / "class"]:
        assert folder.stat().st_mode & 0o777 == 0o755, folder
    for path in (tmp_path / "shared" / "class").iterdir():
        assert path.stat().st_mode & 0o777 == 0o644, path


@pytest.mark.parametrize("record", ["[1, 2]", '["00_play.ipynb"]', "{not json", "42", '"text"', "\xff\xfe"])
def test_an_odd_record_is_treated_as_none_with_a_warning(tmp_path, source, capsys, record):
    dest = tmp_path / "mine"
    copy_lessons(dest, source=source)
    (dest / MANIFEST_NAME).write_bytes(record.encode("latin-1"))
    (dest / "03_search.ipynb").write_text("mine")
    status, launch = run(["lessons", str(dest), "--port", "9123"], source)
    assert status == 0
    assert len(launch.calls) == 1
    out, err = capsys.readouterr()
    assert "kept your edited copy" in out
    assert "warning: ignored the" in err
    assert "Traceback" not in err
    assert (dest / "03_search.ipynb").read_text() == "mine"
    assert json.loads((dest / MANIFEST_NAME).read_text())["00_play.ipynb"]  # a good record again


@pytest.mark.parametrize("argv", [["lessons", "--port", "0"], ["app", "00", "--port", "70000"],
                                  ["app", "00", "--port", "http"], ["serve"], []])  # fmt: skip
def test_bad_arguments_exit_with_usage(source, argv):
    with pytest.raises(SystemExit) as stop:
        run(argv, source)
    assert stop.value.code == 2


# -- the small pieces ---------------------------------------------------------------
@pytest.mark.parametrize(("ip", "loopback"), [("127.0.0.1", True), ("127.0.0.2", True), ("::1", True),
                                              ("localhost", True), ("0.0.0.0", False), ("::", False),
                                              ("192.168.1.5", False), ("my-laptop", False)])  # fmt: skip
def test_is_loopback(ip, loopback):
    assert cli.is_loopback(ip) == loopback


@pytest.mark.parametrize(("ip", "link"), [("127.0.0.1", "http://127.0.0.1:8890/lab?token=t"),
                                           ("::1", "http://[::1]:8890/lab?token=t"),
                                           ("::", "http://[::1]:8890/lab?token=t"),
                                           ("0.0.0.0", "http://127.0.0.1:8890/lab?token=t"),
                                           ("localhost", "http://localhost:8890/lab?token=t")])  # fmt: skip
def test_server_link_brackets_ipv6(ip, link):
    assert cli.server_link(ip, 8890, "/lab", token="t") == link


def test_the_printed_link_has_the_port_the_server_took_and_brackets_for_ipv6(tmp_path, source, capsys,
                                                                           monkeypatch):  # fmt: skip
    monkeypatch.setenv("JUPYTER_TOKEN", "tok")
    _, launch = run(["lessons", str(tmp_path), "--ip", "::1"], source, launch=FakeLauncher(taken=8893))
    command = launch.calls[0][0]
    assert option(command, "ServerApp.ip") == "::1"
    assert "JupyterLab is ready; open:  http://[::1]:8893/lab?token=tok" in capsys.readouterr().out


def test_without_port_the_server_picks_a_free_one_itself(tmp_path, source):
    _, launch = run(["lessons", str(tmp_path)], source)
    command = launch.calls[0][0]
    assert option(command, "ServerApp.port") == str(cli.LAB_PORT)
    assert int(option(command, "ServerApp.port_retries")) >= 10
    _, launch = run(["app", "00"], source)
    command = launch.calls[0][0]
    assert option(command, "Voila.port") == str(cli.VOILA_PORT)
    assert int(option(command, "Voila.port_retries")) >= 10
    _, launch = run(["app", "00", "--port", "9000"], source)
    command = launch.calls[0][0]
    assert (option(command, "Voila.port"), option(command, "Voila.port_retries")) == ("9000", "0")


def test_an_exposed_voila_link_carries_its_token(source, capsys, monkeypatch):
    monkeypatch.delenv("JUPYTER_TOKEN", raising=False)
    _, launch = run(["app", "00", "--ip", "0.0.0.0"], source, launch=FakeLauncher(taken=8870))
    [(command, env)] = launch.calls
    token = env["JUPYTER_TOKEN"]
    assert len(token) >= 32
    assert "--token" in command
    assert not any(token in part for part in command)
    out = capsys.readouterr().out
    assert f"Voila is ready; open:  http://127.0.0.1:8870/?token={token}" in out


def test_a_voila_on_this_machine_says_it_has_no_token(source, capsys, monkeypatch):
    monkeypatch.setenv("JUPYTER_TOKEN", "not-used")
    _, launch = run(["app", "00"], source, launch=FakeLauncher(taken=8866))
    assert "JUPYTER_TOKEN" not in launch.calls[0][1]
    out = capsys.readouterr().out
    assert "Voila is ready; open:  http://127.0.0.1:8866/\n" in out
    assert "no token" in out


@pytest.mark.parametrize("ip", ["not an ip", "", "256.1.1.1", "127.0.0.1; rm -rf", "::gg", "localhost2"])
def test_a_bad_ip_is_refused_with_usage_and_no_traceback(ip):
    for command in ["app", "lessons"]:
        argv = [command, "00"] if command == "app" else [command]
        done = subprocess.run([sys.executable, "-m", "puzzlelab", *argv, "--ip", ip],
                              capture_output=True, text=True, timeout=60)  # fmt: skip
        assert done.returncode == 2
        assert "Traceback" not in done.stderr
        assert "--ip" in done.stderr
        assert "not an IP address" in done.stderr or "cannot listen" in done.stderr


def test_an_address_of_another_machine_is_refused(source, capsys):
    with pytest.raises(SystemExit):
        run(["app", "00", "--ip", "192.0.2.1"], source)  # TEST-NET-1: never one of ours
    assert "cannot listen on 192.0.2.1" in capsys.readouterr().err


def test_run_server_relays_the_log_and_reports_the_port_once_it_answers(capfd):
    """A stand-in server prints its URL, starts listening a moment later, then stops."""
    script = ("import socket, sys, time\n"
              "s = socket.socket(); s.bind(('127.0.0.1', 0)); port = s.getsockname()[1]\n"
              "print('[I] Serving notebooks', file=sys.stderr)\n"
              "print('[I] The port 8888 is already in use, trying another port.', file=sys.stderr)\n"
              "print('[I] Jupyter Server is running at:', file=sys.stderr)\n"
              "print(f'[I] http://127.0.0.1:{port}/lab?token=...', file=sys.stderr)\n"
              "print('[I] http://127.0.0.1:1234/other', file=sys.stderr, flush=True)\n"
              "time.sleep(0.5); s.listen()\n"
              "print(port, flush=True)\n"
              "time.sleep(1.5)\n"
              "sys.exit(4)")  # fmt: skip
    ports = []
    assert cli.run_server([sys.executable, "-c", script], dict(os.environ), ports.append) == 4
    out, err = capfd.readouterr()
    assert ports == [int(out)]  # the first URL only, once it answered
    assert "already in use" in err
    assert "http://127.0.0.1:1234/other" in err


def test_a_server_that_stops_before_listening_is_not_announced():
    script = "import sys; print('http://127.0.0.1:9/lab', file=sys.stderr); sys.exit(1)"
    ports = []
    assert cli.run_server([sys.executable, "-c", script], dict(os.environ), ports.append) == 1
    assert ports == []


def test_run_server_returns_the_exit_status():
    assert cli.run_server([sys.executable, "-c", "raise SystemExit(3)"], dict(os.environ)) == 3


def test_run_server_passes_sigterm_on_so_no_server_outlives_it():
    sleeper = "import os, time; print(os.getpid(), flush=True); time.sleep(60)"
    script = ("import os, sys\nfrom puzzlelab.__main__ import run_server\n"
              f"sys.exit(run_server([sys.executable, '-c', {sleeper!r}], dict(os.environ)))")  # fmt: skip
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        child = int(parent.stdout.readline())
        parent.terminate()
        assert parent.wait(timeout=20) != 0
    finally:
        parent.stdout.close()
        if parent.poll() is None:
            parent.kill()
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)  # reaped by run_server: gone, not a zombie


# -- copy never overwrites the teacher's edition ------------------------------------------
ANSWER = {"nbgrader": {"solution": True, "grade": False, "grade_id": "a", "locked": False}}
SOLUTION = "def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION"
SOLUTION_CELL = {"cell_type": "code", "execution_count": None, "outputs": [], "metadata": ANSWER,
                 "source": SOLUTION}  # fmt: skip


def teachers_lessons(folder: Path) -> Path:
    """Lessons with a solution in each, as the repository's are."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        nb = json.loads(notebook_json(name))
        nb["cells"].append(SOLUTION_CELL)
        (folder / f"{name}.ipynb").write_text(json.dumps(nb))
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("force", [False, True])
def test_copy_refuses_the_folder_the_lessons_come_from(tmp_path, force):
    lessons = teachers_lessons(tmp_path / "notebooks")
    before = snapshot(lessons)
    with pytest.raises(ValueError, match="folder the lessons come from"):
        copy_lessons(lessons, source=lessons, force=force)
    (tmp_path / "link").symlink_to(lessons)  # the same folder by another name
    with pytest.raises(ValueError, match="teacher's edition"):
        copy_lessons(tmp_path / "link" / ".." / "notebooks", source=tmp_path / "link", force=force)
    assert snapshot(lessons) == before


@pytest.mark.parametrize("layout", ["wheel", "checkout"])
def test_copy_refuses_the_installed_or_checked_out_lessons_by_default(tmp_path, monkeypatch, layout):
    package = tmp_path / "puzzlelab"
    lessons = teachers_lessons(package / "notebooks" if layout == "wheel" else tmp_path / "notebooks")
    package.mkdir(exist_ok=True)
    (tmp_path / "pyproject.toml").write_text("")
    monkeypatch.setattr(lessons_module, "_PACKAGE_DIR", package)
    before = snapshot(lessons)
    assert lessons_module.lesson_dir() == lessons
    with pytest.raises(ValueError, match="teacher's edition"):
        copy_lessons(lessons_module.lesson_dir(), force=True)
    status = cli.main(["copy", str(lessons), "--force"])
    assert status == 2
    assert snapshot(lessons) == before


def test_copy_refuses_to_replace_a_teachers_copy_with_the_student_edition(tmp_path, capsys):
    lessons = teachers_lessons(tmp_path / "src")
    key = tmp_path / "key"
    assert run(["copy", str(key), "--teacher"], lessons)[0] == 0
    before = snapshot(key)
    assert all(b"### BEGIN SOLUTION" in data for name, data in before.items() if name.endswith(".ipynb"))
    capsys.readouterr()
    for argv in (
        ["copy", str(key)],
        ["copy", str(key), "--force"],
        ["lessons", str(key), "--copy-only", "--force"],
    ):
        assert run(argv, lessons)[0] == 2
        err = capsys.readouterr().err
        assert "holds a teacher's edition" in err, err
        assert "nothing was copied" in err
        assert "Traceback" not in err
    assert snapshot(key) == before
    with pytest.raises(ValueError, match="solutions"):
        copy_lessons(key, source=lessons, force=True)
    # the teacher's edition over itself, or a student copy beside it, is fine
    assert copy_lessons(key, source=lessons, edition="teacher").unchanged == tuple(
        f"{n}.ipynb" for n in NAMES
    )
    assert copy_lessons(tmp_path / "class", source=lessons).copied


def test_a_students_edited_copy_is_still_replaced_when_forced(tmp_path):
    lessons = teachers_lessons(tmp_path / "src")
    copy_lessons(tmp_path / "c", source=lessons)
    (tmp_path / "c" / "00_play.ipynb").write_text("my attempt")
    assert copy_lessons(tmp_path / "c", source=lessons, force=True).replaced == ("00_play.ipynb",)


# -- odd arguments to copy (issue 20) --------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"destination": None}, TypeError, "destination must be a folder's path"),
        ({"destination": 5}, TypeError, "destination must be a folder's path"),
        ({"destination": ""}, ValueError, "destination is empty"),
        ({"destination": "  "}, ValueError, "destination is empty"),
        ({"force": "yes"}, TypeError, "force must be True or False"),
        ({"force": 1}, TypeError, "force must be True or False"),
        ({"edition": 3}, TypeError, "edition must be a string"),
        ({"edition": "answers"}, ValueError, "edition must be one of"),
        ({"source": 3.5}, TypeError, "source must be a folder's path"),
    ],
)
def test_copy_refuses_odd_arguments_naming_them(tmp_path, source, kwargs, error, message):
    arguments = {"destination": tmp_path / "c", "source": source} | kwargs
    destination = arguments.pop("destination")
    with pytest.raises(error, match=message):
        copy_lessons(destination, **arguments)
    assert not (tmp_path / "c").exists()


def test_copy_from_a_missing_folder_says_which(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"source: lesson folder .*nowhere does not exist"):
        copy_lessons(tmp_path / "c", source=tmp_path / "nowhere")


@pytest.mark.parametrize(("content", "why"), [(b"{not json", "is not JSON"), (b"\xff\xfe", "not UTF-8"),
                                              (b"[1, 2]", "no list of cells")])  # fmt: skip
@pytest.mark.parametrize("edition", ["student", "teacher"])
def test_a_lesson_that_is_not_a_notebook_is_named(tmp_path, source, content, why, edition):
    (source / "02_parity.ipynb").write_bytes(content)
    with pytest.raises(ValueError, match=rf"source: .*02_parity.ipynb is not a notebook: .*{why}"):
        copy_lessons(tmp_path / "c", source=source, edition=edition)
    assert not (tmp_path / "c").exists()  # nothing half copied


@pytest.mark.parametrize(
    "argv", [["copy", ""], ["copy", " "], ["lessons", "", "--copy-only"], ["course", ""]]
)
def test_an_empty_folder_on_the_command_line_is_refused(tmp_path, source, monkeypatch, capsys, argv):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        run(argv, source)
    assert stop.value.code == 2
    assert "the folder is empty" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [source]  # nothing written here


def test_copy_with_an_empty_folder_exits_non_zero_as_a_program(tmp_path):
    done = subprocess.run([sys.executable, "-m", "puzzlelab", "copy", ""], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2
    assert "the folder is empty" in done.stderr
    assert list(tmp_path.iterdir()) == []


# -- course: an nbgrader course from the lessons ------------------------------------------------
def test_course_lays_out_one_assignment_per_lesson(tmp_path, capsys):
    lessons = teachers_lessons(tmp_path / "src")
    (lessons / "GLOSSARY.md").write_text("# Glossary\n")
    assert run(["course", str(tmp_path / "course")], lessons)[0] == 0
    assert "README.md" in capsys.readouterr().out
    course = tmp_path / "course"
    assert sorted(p.name for p in (course / "source").iterdir()) == [
        "lesson00",
        "lesson01",
        "lesson02",
        "lesson03",
    ]
    for name in NAMES:
        folder = course / "source" / f"lesson{name[:2]}"
        assert sorted(p.name for p in folder.iterdir()) == sorted([f"{name}.ipynb", "GLOSSARY.md"])
        assert b"### BEGIN SOLUTION" in (folder / f"{name}.ipynb").read_bytes()  # the teacher's edition
    config = (course / "nbgrader_config.py").read_text()
    compile(config, "nbgrader_config.py", "exec")
    assert "configure(c)" in config
    assert "add_missing_cells = True" in config
    # again: nothing changes; a file the teacher changed is kept unless --force
    before = snapshot(course)
    assert run(["course", str(course)], lessons)[0] == 0
    assert snapshot(course) == before
    (course / "README.md").write_text("my notes")
    (course / "gradebook.db").write_text("grades")
    assert run(["course", str(course)], lessons)[0] == 2
    assert "README.md" in capsys.readouterr().err
    assert (course / "README.md").read_text() == "my notes"
    assert run(["course", str(course), "--force"], lessons)[0] == 0
    assert (course / "README.md").read_text() != "my notes"
    assert (course / "gradebook.db").read_text() == "grades"  # never touched


def test_course_refuses_the_lessons_folder(tmp_path):
    lessons = teachers_lessons(tmp_path / "src")
    before = snapshot(lessons)
    assert run(["course", str(lessons), "--force"], lessons)[0] == 2
    assert snapshot(lessons) == before


def test_the_real_course_source_has_no_widget_state_and_locked_checks(tmp_path):
    from puzzlelab.course import course_files

    files = course_files(ROOT / "notebooks")
    notebooks = {name: json.loads(data) for name, data in files.items() if name.endswith(".ipynb")}
    assert len(notebooks) == len(list_lessons(source=ROOT / "notebooks"))
    for name, nb in notebooks.items():
        assert "widgets" not in nb["metadata"], name
        assert b"widget-view+json" not in files[name], name
        for cell in nb["cells"]:
            grading = cell["metadata"].get("nbgrader", {})
            if grading.get("grade") and not grading.get("solution"):
                assert grading["locked"] is True
                assert (cell["metadata"]["editable"], cell["metadata"]["deletable"]) == (False, False)


def test_course_names_a_lesson_that_is_not_a_notebook_and_writes_nothing(tmp_path, capsys):
    lessons = teachers_lessons(tmp_path / "src")
    (lessons / "01_shuffling.ipynb").write_text("{half a notebook")
    assert run(["course", str(tmp_path / "course")], lessons)[0] == 2
    assert re.search(r"01_shuffling.ipynb is not a notebook: the file is not JSON", capsys.readouterr().err)
    assert not (tmp_path / "course").exists()


# -- the Chinese edition: --lang zh-CN ----------------------------------------------------------
ZH = ["00_play", "01_shuffling"]  # the lessons translated so far, in the fixture


@pytest.fixture
def bilingual(tmp_path):
    """English lessons with solutions, and two of them in Chinese in zh-CN/ (with its glossary)."""
    lessons = teachers_lessons(tmp_path / "src")
    (lessons / "GLOSSARY.md").write_text("# Glossary\n")
    chinese = lessons / "zh-CN"
    chinese.mkdir()
    for name in ZH:
        nb = json.loads((lessons / f"{name}.ipynb").read_text())
        nb["cells"][0]["source"] = [f"# 第 {name[:2]} 课\n", "中文"]
        (chinese / f"{name}.ipynb").write_text(json.dumps(nb, ensure_ascii=False))
    (chinese / "GLOSSARY.md").write_text("# 术语表\n")
    return lessons


@pytest.mark.parametrize(("flags", "edition"), [([], "student"), (["--teacher"], "teacher")])
def test_copy_lang_zh_writes_the_chinese_edition_and_says_which_lessons_wait(tmp_path, bilingual, capsys,
                                                                             flags, edition):  # fmt: skip
    status, launch = run(["copy", str(tmp_path / "class"), "--lang", "zh-CN", *flags], bilingual)
    assert (status, launch.calls) == (0, [])
    copied = sorted(p.name for p in (tmp_path / "class").iterdir() if p.name != MANIFEST_NAME)
    assert copied == sorted([f"{name}.ipynb" for name in ZH] + ["GLOSSARY.md"])
    for name in ZH:
        chinese = (bilingual / "zh-CN" / f"{name}.ipynb").read_bytes()
        assert (tmp_path / "class" / f"{name}.ipynb").read_bytes() == edition_bytes(chinese, edition)
    assert (tmp_path / "class" / "GLOSSARY.md").read_text() == "# 术语表\n"
    out = capsys.readouterr()
    assert f"{edition if edition == 'student' else 'teacher'}" in out.out
    assert "zh-CN" in out.out
    assert "02_parity, 03_search" in out.err  # not translated yet: said, not silently dropped


def test_copy_defaults_to_english_and_accepts_zh_spellings(tmp_path, bilingual):
    assert run(["copy", str(tmp_path / "en")], bilingual)[0] == 0
    assert (tmp_path / "en" / "02_parity.ipynb").is_file()
    assert b"\xe4\xb8\xad\xe6\x96\x87" not in (tmp_path / "en" / "00_play.ipynb").read_bytes()  # no 中文
    for spelling in ["zh", "zh_CN", "ZH-cn"]:
        assert run(["copy", str(tmp_path / spelling), "--lang", spelling], bilingual)[0] == 0
        assert "中文" in (tmp_path / spelling / "00_play.ipynb").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["copy", "lessons", "course", "list"])
@pytest.mark.parametrize("lang", ["fr", "", "chinese", "zh-TW"])
def test_a_bad_lang_is_a_clear_usage_error(tmp_path, bilingual, capsys, command, lang):
    argv = [command] + ([str(tmp_path / "out")] if command != "list" else []) + ["--lang", lang]
    with pytest.raises(SystemExit) as stop:
        run(argv, bilingual)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--lang" in err
    assert "en and zh-CN" in err
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_copy_lessons_checks_its_lang_argument(tmp_path, bilingual):
    with pytest.raises(ValueError, match=r"lang must be one of en, zh-CN, not 'fr'"):
        copy_lessons(tmp_path / "c", source=bilingual, lang="fr")
    with pytest.raises(TypeError, match="lang must be a string"):
        copy_lessons(tmp_path / "c", source=bilingual, lang=None)
    assert not (tmp_path / "c").exists()


def test_list_lang_zh_lists_the_chinese_titles(bilingual, capsys):
    assert run(["list", "--lang", "zh-CN"], bilingual)[0] == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ZH
    assert lines[0].split(maxsplit=1)[1] == "第 00 课"


def test_a_missing_chinese_edition_is_named_and_nothing_is_copied(tmp_path, source, capsys):
    assert run(["copy", str(tmp_path / "c"), "--lang", "zh-CN"], source)[0] == 2
    assert "zh-CN" in capsys.readouterr().err
    assert not (tmp_path / "c").exists()


def test_the_chinese_lessons_folder_is_refused_as_a_destination(bilingual):
    before = snapshot(bilingual)
    assert run(["copy", str(bilingual / "zh-CN"), "--lang", "zh-CN", "--force"], bilingual)[0] == 2
    assert snapshot(bilingual) == before


def test_lessons_lang_zh_opens_the_chinese_edition_with_jupyterlabs_menus_in_chinese(tmp_path, bilingual,
                                                                                     capsys):  # fmt: skip
    pytest.importorskip("jupyterlab_language_pack_zh_CN", reason='the language pack is in the "zh" extra')
    status, launch = run(["lessons", str(tmp_path / "mine"), "--lang", "zh-CN", "--port", "9123"], bilingual)
    assert status == 0
    [(command, _env)] = launch.calls
    settings = Path(option(command, "LabApp.app_settings_dir"))
    overrides = json.loads((settings / "overrides.json").read_text())
    assert overrides["@jupyterlab/translation-extension:plugin"] == {"locale": "zh_CN"}
    # the same quiet start as English (no news pop-up): puzzlelab/data/lab-settings, plus the language
    english = json.loads((ROOT / "puzzlelab" / "data" / "lab-settings" / "overrides.json").read_text())
    assert {k: v for k, v in overrides.items() if k in english} == english
    assert "中文" in (tmp_path / "mine" / "00_play.ipynb").read_text(encoding="utf-8")
    assert sorted(p.name for p in (tmp_path / "mine").glob("*.ipynb")) == [f"{n}.ipynb" for n in ZH]
    # English: JupyterLab as it always started, no settings of ours
    _, launch = run(["lessons", str(tmp_path / "en"), "--port", "9123"], bilingual)
    assert not any("app_settings_dir" in part for part in launch.calls[0][0])


def test_lessons_lang_zh_without_the_language_pack_says_how_to_get_it(tmp_path, bilingual, capsys,
                                                                      monkeypatch):  # fmt: skip
    real = cli.importlib.util.find_spec

    def find_spec(name):
        return None if name.startswith("jupyterlab_language_pack") else real(name)

    monkeypatch.setattr(cli.importlib.util, "find_spec", find_spec)
    status, launch = run(["lessons", str(tmp_path / "mine"), "--lang", "zh-CN", "--port", "9123"], bilingual)
    assert status == 0
    assert not any("app_settings_dir" in part for part in launch.calls[0][0])
    assert 'pip install "puzzlelab[zh]"' in capsys.readouterr().err


def test_course_lang_zh_lays_out_the_chinese_lessons_with_the_same_assignments(tmp_path, bilingual):
    from puzzlelab.course import course_files
    from puzzlelab.editions import course_edition, notebook_bytes

    assert run(["course", str(tmp_path / "course"), "--lang", "zh-CN"], bilingual)[0] == 0
    source_dir = tmp_path / "course" / "source"
    assert sorted(p.name for p in source_dir.iterdir()) == [f"lesson{name[:2]}" for name in ZH]
    for name in ZH:
        chinese = json.loads((bilingual / "zh-CN" / f"{name}.ipynb").read_text(encoding="utf-8"))
        folder = source_dir / f"lesson{name[:2]}"
        assert (folder / f"{name}.ipynb").read_bytes() == notebook_bytes(course_edition(chinese))
        assert (folder / "GLOSSARY.md").read_text() == "# 术语表\n"
    english = course_files(bilingual)
    assert course_files(bilingual, "zh-CN")["nbgrader_config.py"] == english["nbgrader_config.py"]


def test_the_lesson_folder_of_each_language_prefers_the_wheel_then_the_checkout(tmp_path, monkeypatch):
    package = fake_layout(tmp_path, packaged=True, checkout=True, pyproject=True)
    monkeypatch.setattr(lessons_module, "_PACKAGE_DIR", package)
    with pytest.raises(FileNotFoundError, match=r"no zh-CN lesson notebooks found.*make notebooks-zh"):
        lessons_module.lesson_dir("zh-CN")
    write_lessons(tmp_path / "notebooks" / "zh-CN", ["00_play"])
    assert lessons_module.lesson_dir("zh-CN") == tmp_path / "notebooks" / "zh-CN"
    write_lessons(package / "notebooks" / "zh-CN", ["00_play"])
    assert lessons_module.lesson_dir("zh-CN") == package / "notebooks" / "zh-CN"
    assert lessons_module.lesson_dir() == package / "notebooks"  # English as before


def test_the_repositorys_chinese_lessons_copy_and_lay_out_a_course(tmp_path):
    """Every committed Chinese lesson makes a student and a teacher's copy and a course."""
    chinese = list_lessons(source=ROOT / "notebooks", lang="zh-CN")
    if not chinese:
        pytest.skip("no Chinese lesson built yet in notebooks/zh-CN")
    report = copy_lessons(tmp_path / "zh", source=ROOT / "notebooks", lang="zh-CN")
    assert set(report.copied) == {f"{lesson.name}.ipynb" for lesson in chinese} | {
        name for name in lessons_module.COMPANIONS if (ROOT / "notebooks" / "zh-CN" / name).is_file()
    }
    from puzzlelab.course import course_files

    files = course_files(ROOT / "notebooks", "zh-CN")
    assert {name for name in files if name.endswith(".ipynb")} == {
        f"source/lesson{lesson.number}/{lesson.path.name}" for lesson in chinese
    }

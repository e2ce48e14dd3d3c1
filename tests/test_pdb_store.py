"""Where pattern-database tables come from: shipped, cached (memory-mapped, checked, rebuilt when
damaged), or built; the factory's arguments; progress; partitions of every board size."""

import gc
import os
import subprocess
import sys
import time
import warnings
from math import perm
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab._cache import cache_dir
from puzzlelab.search import KORF_GOAL, pattern_database, pdb_build, pdb_store
from puzzlelab.search import pdb as pdb_module
from puzzlelab.search.pdb_build import (
    MAX_ENTRIES,
    PlacementLayout,
    abstract_start,
    build_table,
    check_partition,
    default_partition,
)
from puzzlelab.search.pdb_store import CacheWarning, forget_held_tables, table_name

SMALL = ((1, 2, 3, 4), (5, 6, 7, 8))
GOAL3 = Board.goal(3, 3)


@pytest.fixture(autouse=True)
def cold(tmp_path, monkeypatch):
    """Every test starts with no tables held and the default cache in a fresh directory."""
    forget_held_tables()
    monkeypatch.setenv("PUZZLELAB_CACHE_DIR", str(tmp_path / "default-cache"))
    yield tmp_path
    forget_held_tables()


def recorder():
    calls = []
    return calls, lambda *args: calls.append(args)


def small(cache, **options):
    return pattern_database(GOAL3, partition=SMALL, cache=cache, **options)


def fresh_tables(goal, partition):
    return [build_table(goal, group) for group in check_partition(goal, partition)]


# -- the cache ---------------------------------------------------------------------------------
def test_tables_are_cached_memory_mapped_and_readable_by_all(tmp_path):
    old = os.umask(0o022)
    try:
        calls, progress = recorder()
        first = small(tmp_path, progress=progress)
    finally:
        os.umask(old)
    assert calls
    assert calls[-1][0] == calls[-1][1]
    files = sorted(tmp_path.glob("pdb-3x3-*"))
    assert [p.suffix for p in files] == [".npy", ".sha256"] * 2
    assert {oct(p.stat().st_mode & 0o777) for p in files} == {"0o644"}
    assert all(isinstance(t, np.memmap) and not t.flags.writeable for t in first.tables)
    expected = fresh_tables(GOAL3, SMALL)
    del first
    forget_held_tables()
    calls.clear()
    again = small(tmp_path, progress=progress)
    assert calls == []  # read, not built
    assert all(isinstance(t, np.memmap) for t in again.tables)
    assert all(np.array_equal(a, b) for a, b in zip(again.tables, expected, strict=True))
    assert again(Board.parse("1 2 3/4 5 6/7 _ 8")) == 1


def test_one_copy_in_memory(tmp_path):
    plain = small(tmp_path)
    reflected = small(tmp_path, reflect=True)
    assert all(a is b for a, b in zip(plain.tables, reflected.tables, strict=True))
    assert plain.nbytes == sum(t.nbytes for t in plain.tables)  # no second copy as bytes


def _damage(path, how):
    if how == "truncate":
        path.write_bytes(path.read_bytes()[:100])
    elif how == "flip":
        data = bytearray(path.read_bytes())
        data[-1] ^= 0xFF
        path.write_bytes(bytes(data))
    elif how == "sidecar":
        path.with_suffix(".sha256").write_text("0" * 64)
    elif how == "no sidecar":
        path.with_suffix(".sha256").unlink()
    elif how == "delete":
        path.unlink()
    elif how == "garbage":
        path.write_bytes(b"\x93NUMPY\x01\x00{'descr': <lambda>}" + b"\x00" * 50)
    else:  # a header claiming another shape or type, the data left as it was
        body = np.load(path).tobytes()
        header = {"huge": {"descr": "|u1", "fortran_order": False, "shape": (2**50,)},
                  "wrong type": {"descr": "<f8", "fortran_order": False, "shape": (len(body) // 8,)},
                  "objects": {"descr": "|O", "fortran_order": False, "shape": (len(body) // 8,)},
                  "fortran": {"descr": "|u1", "fortran_order": True, "shape": (len(body),)}}[how]  # fmt: skip
        with open(path, "wb") as handle:
            np.lib.format.write_array_header_1_0(handle, header)
            handle.write(body)


DAMAGE = ["truncate", "flip", "sidecar", "no sidecar", "delete", "garbage", "huge", "wrong type", "objects",
          "fortran"]  # fmt: skip


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_cache_file_is_rebuilt_never_trusted(tmp_path, how):
    small(tmp_path)
    forget_held_tables()
    gc.collect()
    path = sorted(tmp_path.glob("pdb-3x3-*.npy"))[0]
    _damage(path, how)
    calls, progress = recorder()
    started = time.process_time()
    rebuilt = small(tmp_path, progress=progress)  # never MemoryError, whatever the header says
    assert time.process_time() - started < 10
    assert len({message for _, _, message in calls}) == 1  # that table alone was built again
    assert all(np.array_equal(a, b) for a, b in zip(rebuilt.tables, fresh_tables(GOAL3, SMALL), strict=True))
    forget_held_tables()
    calls.clear()
    small(tmp_path, progress=progress)
    assert calls == []  # and the repaired file is good


def test_an_unusable_cache_warns_once_before_building_and_works_in_memory(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a directory")
    warned_before_build = []

    def progress(done, total, message):
        warned_before_build.append(len(caught))

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdb = small(blocker / "cache", progress=progress)
    assert [w.category for w in caught] == [CacheWarning]
    assert "a file" in str(caught[0].message)
    assert "cache=False" in str(caught[0].message)
    assert caught[0].filename == __file__  # pointed at the caller's line
    assert warned_before_build
    assert set(warned_before_build) == {1}
    assert not any(isinstance(t, np.memmap) for t in pdb.tables)
    assert pdb(Board.parse("1 2 3/4 5 6/7 _ 8")) == 1


def test_memory_only_writes_nothing(cold):
    pdb = small(False)
    assert not any(isinstance(t, np.memmap) for t in pdb.tables)
    assert not any(t.flags.writeable for t in pdb.tables)
    assert not (cold / "default-cache").exists()
    assert list(cold.iterdir()) == []


def test_cache_true_is_the_user_cache_directory(cold):
    small(True)
    assert len(list(cache_dir().glob("pdb-3x3-*.npy"))) == 2
    assert cache_dir() == cold / "default-cache"


def test_cache_directory_follows_platformdirs(monkeypatch, tmp_path):
    monkeypatch.delenv("PUZZLELAB_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "puzzlelab"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "puzzlelab"
    monkeypatch.setenv("PUZZLELAB_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir(create=True) == tmp_path / "mine"
    assert (tmp_path / "mine").is_dir()


def test_the_two_standard_goals_use_half_turned_splits():
    # the blank-last goal's split is the blank-first (Korf) split turned half round, so both
    # goals search alike; their groups sit on different cells, so they are six tables, not four
    last, first = (default_partition(g) for g in (Board.goal(4, 4), KORF_GOAL))
    cells = [sorted(15 - KORF_GOAL.tiles.index(t) for t in group) for group in first]
    assert cells == [sorted(Board.goal(4, 4).tiles.index(t) for t in group) for group in last]
    names = {table_name(g, group) for g in (Board.goal(4, 4), KORF_GOAL) for group in default_partition(g)}
    assert len(names) == 6


def test_tables_that_depend_on_the_same_start_are_equal():
    # the claim behind sharing files, checked on 3x3: group tiles on cells 2, 4, 5, 6 cut the free
    # cells into {0, 1, 3} and {7, 8}; the blank on 0 or on 1 is in the same region, on 8 not
    a, b, c = Board.parse("_ 1 2/3 4 5/6 7 8"), Board.parse("1 _ 2/3 4 5/6 7 8"), Board.goal(3, 3)
    assert abstract_start(a, (2, 4, 5, 6)) == (3, 3, (2, 4, 5, 6), 0) == abstract_start(b, (2, 4, 5, 6))
    assert table_name(a, (2, 4, 5, 6)) == table_name(b, (2, 4, 5, 6))
    assert np.array_equal(build_table(a, (2, 4, 5, 6)), build_table(b, (2, 4, 5, 6)))
    assert abstract_start(c, (3, 5, 6, 7)) == (3, 3, (2, 4, 5, 6), 7)
    assert table_name(c, (3, 5, 6, 7)) != table_name(a, (2, 4, 5, 6))
    assert not np.array_equal(build_table(c, (3, 5, 6, 7)), build_table(a, (2, 4, 5, 6)))


# -- the shipped 4x4 tables --------------------------------------------------------------------
def shipped_groups():
    """(table name, goal, group) for the default tables of both standard 4x4 goals."""
    goals = (Board.goal(4, 4), KORF_GOAL)
    return [(table_name(g, group), g, group) for g in goals for group in default_partition(g)]


def shipped_names():
    return sorted({name for name, _, _ in shipped_groups()})


def test_the_4x4_tables_are_shipped_small():
    files = [pdb_store.SHIPPED / f"{name}.npy.xz" for name in shipped_names()]
    sizes = [p.stat().st_size for p in files]
    assert sum(sizes) < 5 * 2**20  # measured: 3.9 MB for 2 x 32 MB of tables
    assert all((pdb_store.SHIPPED / f"{name}.sha256").is_file() for name in shipped_names())


@pytest.mark.parametrize("goal", [Board.goal(4, 4), KORF_GOAL], ids=["blank last", "blank first"])
def test_first_use_of_the_4x4_database_is_fast_and_builds_nothing(cold, goal):
    calls, progress = recorder()
    started = time.process_time()
    pdb = pattern_database(goal, progress=progress)
    assert time.process_time() - started < 2  # measured: 0.4 s CPU (decompress, write, map)
    assert calls == []
    assert all(isinstance(t, np.memmap) for t in pdb.tables)
    assert len(list((cold / "default-cache").glob("pdb-4x4-*.npy"))) == 3
    assert pdb(goal) == 0


@pytest.mark.slow
@pytest.mark.parametrize("name", shipped_names())
def test_shipped_tables_equal_fresh_builds(name):
    goal, group = next((g, group) for n, g, group in shipped_groups() if n == name)
    shipped, _ = pdb_store._unpack(name, PlacementLayout(16).entries(len(group)))
    assert np.array_equal(shipped, build_table(goal, group))


def test_the_class_server_case_shares_pages_between_processes(cold):
    """Two processes load the cached 4x4 database: each maps the same file, neither copies it."""
    pattern_database(KORF_GOAL)
    code = (
        "from puzzlelab.search import pattern_database, KORF_GOAL\n"
        "import numpy as np\n"
        "p = pattern_database(KORF_GOAL, reflect=True)\n"
        "assert all(isinstance(t, np.memmap) for t in p.tables)\n"
        "print(sorted({t.filename for t in p.tables}))\n"
    )
    env = {**os.environ, "PUZZLELAB_CACHE_DIR": str(cold / "default-cache")}
    outs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            for _ in range(2)]  # fmt: skip
    assert outs[0].stdout == outs[1].stdout
    assert all(str(cold / "default-cache") in line for line in outs[0].stdout.split(","))


# -- arguments ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"goal": 5}, TypeError, "goal"),
        ({"goal": "1 2/3 3"}, ValueError, "goal"),
        ({"goal": Board.goal(9, 8)}, ValueError, "at most 64 cells"),
        ({"partition": 5}, TypeError, "partition"),
        ({"partition": "1234"}, TypeError, "partition"),
        ({"partition": (1, 2, 3)}, TypeError, "group"),
        ({"partition": ((1, 2, 3, 4), (5, 6, 7, 8.5))}, TypeError, "partition tile"),
        ({"partition": ((1, 2, 3, 4), (5, 6, 7, 1.0))}, TypeError, "partition tile"),
        ({"partition": ((1, 2, 3, 4), (5, 6, 7, True))}, TypeError, "partition tile"),
        ({"partition": ((1, 2, 3, 4), (5, 6, 7))}, ValueError, "disjoint"),
        ({"partition": ((1, 2, 3, 4), (4, 5, 6, 7, 8))}, ValueError, "disjoint"),
        ({"partition": ((1, 2, 3, 4), (5, 6, 7, 8), ())}, ValueError, "non-empty"),
        ({"partition": ((1, 2, 3, 4), (5, 6, 7, 9))}, ValueError, "disjoint"),
        ({"reflect": "yes"}, TypeError, "reflect"),
        ({"reflect": 1}, TypeError, "reflect"),
        ({"cache": 3}, TypeError, "cache"),
        ({"cache": None}, TypeError, "cache"),
        ({"cache": ""}, ValueError, "cache"),
        ({"progress": "yes"}, TypeError, "progress"),
        ({"progress": 1}, TypeError, "progress"),
    ],
)
def test_bad_arguments_are_refused_at_once(cold, options, error, words):
    options = {"goal": GOAL3, "partition": SMALL, **options}
    started = time.process_time()
    with pytest.raises(error, match=words):
        pattern_database(**options)
    assert time.process_time() - started < 0.1
    assert not (cold / "default-cache").exists()  # no work started


@pytest.mark.parametrize(
    ("goal", "partition", "words"),
    [
        (Board.goal(4, 4), ((1, 2, 3, 4, 5, 6, 7), tuple(range(8, 16))), "at most 6 tiles"),
        (Board.goal(8, 8), (tuple(range(1, 6)), tuple(range(6, 64))), "2\\*\\*30 entries.*at most 3 tiles"),
        (Board.goal(8, 8), (tuple(range(1, 5)), tuple(range(5, 64))), "15,249,024 placements.*most 3 tiles"),
        (Board.goal(6, 6), (tuple(range(1, 6)), tuple(range(6, 36))), "2\\*\\*30 entries.*at most 4 tiles"),
        (Board.goal(5, 6), (tuple(range(1, 7)), tuple(range(7, 30))), "2\\*\\*30 entries.*at most 4 tiles"),
        (Board.goal(5, 5), (tuple(range(1, 6)), tuple(range(6, 25))), "2\\*\\*25 entries.*at most 4 tiles"),
        (Board.goal(3, 4), None, "main diagonal"),
        (Board.parse("1 _ 2/3 4 5/6 7 8"), None, "main diagonal"),
    ],
)
def test_requests_too_large_or_impossible_are_refused_in_milliseconds(goal, partition, words):
    reflect = words == "main diagonal"
    started = time.process_time()
    with pytest.raises(ValueError, match=words):
        pattern_database(goal, partition=partition, reflect=reflect)
    assert time.process_time() - started < 0.1


def test_the_factory_lives_beside_the_look_ups_and_the_store_imports_neither():
    assert pdb_module.pattern_database is pattern_database
    assert not hasattr(pdb_store, "pattern_database")  # one name per thing: no circle back to pdb


# -- partitions for every board size -----------------------------------------------------------
SHAPES = [(r, c) for r in range(2, 17) for c in range(2, 17) if r * c <= 64]


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_the_default_partition_fits_every_board_up_to_64_cells(rows, cols):
    for blank in ("last", "first"):
        goal = Board.goal(rows, cols, blank=blank)
        groups = check_partition(goal, default_partition(goal))  # raises if it does not fit
        assert sorted(t for g in groups for t in g) == list(range(1, rows * cols))
        bits = PlacementLayout(rows * cols).bits
        assert sum(1 << (bits * len(g)) for g in groups) <= 64 * 2**20  # tables of at most 64 MB in all
        assert all(1 << (bits * len(g)) <= MAX_ENTRIES for g in groups)


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (6, 6), (8, 8)])
def test_the_default_database_builds_on_large_boards_in_seconds(tmp_path, rows, cols):
    goal = Board.goal(rows, cols)
    started = time.process_time()
    pdb = pattern_database(goal, cache=False, progress=False)
    assert time.process_time() - started < 30  # measured: 4.5 s, 3.2 s, 13 s
    board = goal
    for cell in (goal.blank - 1, goal.blank - 1 - cols):
        board = board.move(next(m for m in board.moves() if board.move(m).blank == cell))
    assert pdb(board) == 2
    assert pdb(goal) == 0


# -- tables wider than a byte ------------------------------------------------------------------
@pytest.mark.parametrize(("goal", "group"), [(GOAL3, (1, 2, 3)), (Board.goal(2, 3), (1, 2, 3, 4, 5))])
def test_distances_past_the_narrow_type_widen_the_table_instead_of_wrapping(goal, group):
    narrow = build_table(goal, group)
    wide = build_table(goal, group, narrow_until=4)  # as if 4 were the uint8 limit
    assert narrow.dtype == np.uint8
    assert wide.dtype == np.uint16
    assert int(narrow[narrow != 255].max()) >= 4  # so the switch happened mid-search
    reached = narrow != 255
    assert np.array_equal(wide[reached], narrow[reached])
    assert (wide[~reached] == 65535).all()


def test_a_wide_table_is_cached_and_looked_up(tmp_path, monkeypatch):
    real = pdb_build.build_table
    monkeypatch.setattr(pdb_store, "build_table", lambda g, group, p=None: real(g, group, p, narrow_until=3))
    pdb = small(tmp_path)
    assert {t.dtype for t in pdb.tables} == {np.dtype(np.uint16)}
    forget_held_tables()
    again = small(tmp_path)
    assert {t.dtype for t in again.tables} == {np.dtype(np.uint16)}
    monkeypatch.undo()
    forget_held_tables()
    narrow = small(False)
    for board in (Board.parse("8 7 6/5 4 3/2 1 _"), Board.parse("1 2 3/4 5 6/7 _ 8"), GOAL3):
        assert again(board) == narrow(board)


# -- progress ----------------------------------------------------------------------------------
def test_progress_in_a_log_is_one_line(capsys):
    small(False, progress=True)
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "\r" not in err
    assert err.startswith("building pattern database 3x3, 2 table(s)")
    assert "done in" in err


def test_progress_on_a_terminal_is_a_tqdm_bar(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    small(False, progress=True)
    err = capsys.readouterr().err
    assert "pattern database 3x3" in err
    assert "100%" in err
    assert "placements" in err
    assert "\r" in err  # redrawn in place


@pytest.mark.parametrize("quiet", [False, None])
def test_no_progress_means_silence(capsys, quiet):
    small(False, progress=quiet)
    assert capsys.readouterr().err == ""


def test_a_progress_callable_sees_each_table_rise_to_complete():
    calls, progress = recorder()
    small(False, progress=progress)
    for group in {message for _, _, message in calls}:
        done = [d for d, t, message in calls if message == group]
        assert done == sorted(set(done))
        assert done[-1] == perm(9, 4)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 6), st.sampled_from([9, 12, 16, 25, 64]))
def test_the_placement_layout_round_trips(size, n_cells):
    layout = PlacementLayout(n_cells)
    cells = tuple(range(n_cells - 1, n_cells - 1 - min(size, n_cells), -1))
    index = layout.index(cells)
    assert layout.cells(index, len(cells)) == cells
    assert index < layout.entries(len(cells))


def test_shipped_directory_is_inside_the_package():
    assert Path(pdb_store.__file__).resolve().parent.parent / "data" == pdb_store.SHIPPED


# -- the progress widget -----------------------------------------------------------------------
def test_the_build_progress_widget_follows_a_build_and_a_load(tmp_path):
    from puzzlelab.widgets import BuildProgress, build_pattern_database

    pdb, view = build_pattern_database(GOAL3, partition=SMALL, cache=tmp_path)
    assert isinstance(view, BuildProgress)
    assert view.bar.value == 100
    assert view.label.value.endswith(f"{perm(9, 4):,} of {perm(9, 4):,} (100%)")
    assert pdb(GOAL3) == 0
    korf, view = build_pattern_database(KORF_GOAL, view=BuildProgress(), cache=tmp_path)
    assert korf(KORF_GOAL) == 0
    assert view.bar.value == 100
    assert "loaded, nothing to build" in view.label.value
    with pytest.raises(TypeError, match="view"):
        build_pattern_database(GOAL3, view="bar")
    with pytest.raises(TypeError, match="cache"):
        build_pattern_database(GOAL3, cache=3)


def test_a_save_that_fails_after_the_check_keeps_the_tables_in_memory_with_one_warning(tmp_path, monkeypatch):
    def disk_full(path, write):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pdb_store, "write_atomic", disk_full)
    with pytest.warns(CacheWarning, match="No space left") as caught:
        pdb = small(tmp_path)
    assert len(caught) == 1
    assert not any(isinstance(t, np.memmap) for t in pdb.tables)
    assert pdb(Board.parse("1 2 3/4 5 6/7 _ 8")) == 1


@pytest.mark.slow
def test_progress_in_a_notebook_is_a_widget_bar(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    code = (
        "from puzzlelab import Board\nfrom puzzlelab.search import pattern_database\n"
        "pattern_database(Board.goal(3, 3), partition=((1, 2, 3, 4), (5, 6, 7, 8)), cache=False)"
    )
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    where = {"metadata": {"path": str(tmp_path)}}
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3", resources=where).execute()
    outputs = notebook.cells[0].outputs
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
    assert not [o for o in outputs if o.output_type == "stream"]  # no text bar beside it


def test_a_table_another_process_saved_meanwhile_is_mapped_not_replaced(tmp_path, monkeypatch):
    """Thirty kernels started together: the first file written wins, the others map it too."""
    real_build, inodes = pdb_store.build_table, {}

    def build_while_another_process_saves(goal, group, progress=None):
        table = real_build(goal, group, progress)
        path = tmp_path / f"{table_name(goal, group)}.npy"
        pdb_store._save(path, table, pdb_store._checksum(table))
        inodes[path] = path.stat().st_ino
        return table

    monkeypatch.setattr(pdb_store, "build_table", build_while_another_process_saves)
    pdb = small(tmp_path)
    assert len(inodes) == 2
    assert all(path.stat().st_ino == inode for path, inode in inodes.items())
    assert sorted(str(t.filename) for t in pdb.tables) == sorted(str(p) for p in inodes)


def test_the_standard_4x4_goals_are_reflected_by_default_and_others_are_not():
    # issue 11: the reflected look-up is the default for 4x4 (a goal it can mirror)
    assert pattern_database(KORF_GOAL, progress=None).reflect
    assert pattern_database(Board.goal(4, 4), progress=None).reflect
    assert not pattern_database(Board.goal(4, 4), reflect=False, progress=None).reflect
    assert not pattern_database(Board.goal(3, 3), cache=False, progress=None).reflect
    with pytest.raises(TypeError, match="reflect must be True, False or None"):
        pattern_database(KORF_GOAL, reflect="yes", progress=None)

"""The exercise framework (puzzlelab.exercises) and the Predict widget.

Checks are run as a student runs them: a stub, a wrong answer, a crashing answer and a
right one; and once through a real kernel, to see what a notebook shows.
"""

import json

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlelab import Board
from puzzlelab.exercises import NotAnswered, WrongAnswer, call, exercise, expect, same
from puzzlelab.exercises._core import _NOT_ANSWERED as NOT_ANSWERED
from puzzlelab.exercises._core import board_from, tidy
from puzzlelab.i18n import language
from puzzlelab.widgets import Predict


@exercise("sum of a list")
def check_total(fn, *, hidden=False):
    cases = [[], [1], [2, 3, 4]] + ([[5] * 10, list(range(20))] if hidden else [])
    for case in cases:
        same(call(fn, list(case)), sum(case), where=f"seq = {case}")


def stub_raise(seq):
    """Sum the list.

    Hint: a loop.
    """
    # YOUR CODE HERE
    raise NotImplementedError()


def stub_ellipsis(seq):
    """Sum the list."""
    ...


def stub_pass(seq):
    pass


def stub_returns_ellipsis(seq):
    return ...


def right(seq):
    total = 0
    for x in seq:
        total += x
    return total


# -- the three outcomes --------------------------------------------------------------
@pytest.mark.parametrize("stub", [stub_raise, stub_ellipsis, stub_pass, stub_returns_ellipsis])
def test_an_untouched_stub_is_not_answered_in_one_line(stub):
    with pytest.raises(NotAnswered) as caught:
        check_total(stub)
    assert str(caught.value).startswith("not answered yet: ")
    assert stub.__name__ in str(caught.value)
    assert caught.value._render_traceback_() == [str(caught.value)]
    assert not isinstance(caught.value, AssertionError)


def test_a_right_answer_prints_correct_and_returns_nothing(capsys):
    assert check_total(right) is None
    assert capsys.readouterr().out == "correct: sum of a list\n"
    check_total(right, hidden=True)
    assert capsys.readouterr().out.startswith("correct: sum of a list")


def test_a_wrong_answer_names_the_input_and_the_expected_value(capsys):
    def off_by_one(seq):
        return sum(seq) + (len(seq) > 1)

    with pytest.raises(WrongAnswer) as caught:
        check_total(off_by_one)
    message = str(caught.value)
    assert isinstance(caught.value, AssertionError)
    assert message.startswith("wrong answer (sum of a list): for seq = [2, 3, 4]: expected 9, got 10")
    assert caught.value._render_traceback_() == message.splitlines()
    assert capsys.readouterr().out == ""  # no "correct"


def test_only_the_hidden_cases_can_catch_some_answers():
    def short_lists_only(seq):
        return sum(seq[:3])

    check_total(short_lists_only)
    with pytest.raises(WrongAnswer, match="seq = \\[5, 5, 5"):
        check_total(short_lists_only, hidden=True)


@pytest.mark.parametrize("error", [ZeroDivisionError("division by zero"), KeyError("x"), IndexError("oops"),
                                   RecursionError("deep"), TypeError("bad")])  # fmt: skip
def test_the_students_exception_becomes_a_wrong_answer_naming_it_and_the_input(error):
    def crashes(seq):
        if seq:
            raise error
        return 0

    with pytest.raises(WrongAnswer) as caught:
        check_total(crashes)
    message = str(caught.value)
    assert f"crashes([1]) raised {type(error).__name__}" in message
    assert "hint:" in message
    assert caught.value.__cause__ is error  # kept for whoever wants the full traceback


def test_a_not_implemented_error_deep_inside_counts_as_not_answered():
    def helper(seq):
        raise NotImplementedError

    def uses_helper(seq):
        return helper(seq)

    with pytest.raises(NotAnswered):
        check_total(uses_helper)


def test_a_check_given_something_else_than_a_function_says_so():
    with pytest.raises(WrongAnswer, match="needs your function") as caught:
        check_total(right([1, 2]))  # called it instead of passing it
    assert "without parentheses" in str(caught.value)


def test_returning_none_hints_at_a_missing_return():
    def forgot_return(seq):
        total = sum(seq)  # noqa: F841

    with pytest.raises(WrongAnswer, match="forget a `return`"):
        check_total(forgot_return)


def test_exercise_needs_a_title():
    with pytest.raises(TypeError, match="title"):
        exercise("")
    with pytest.raises(TypeError, match="title"):
        exercise(None)


# -- the helpers ---------------------------------------------------------------------
values = st.one_of(st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3), st.none())


@given(got=values, want=values)
def test_same_raises_exactly_when_the_values_differ(got, want):
    if got == want:
        same(got, want, where="x")
    else:
        with pytest.raises(WrongAnswer, match="for x: "):
            same(got, want, where="x")


def test_same_can_keep_the_expected_value_secret():
    with pytest.raises(WrongAnswer) as caught:
        same(7, 12345, where="the question", reveal=False)
    assert "12345" not in str(caught.value)
    assert "got 7" in str(caught.value)


def test_same_shortens_huge_values():
    with pytest.raises(WrongAnswer) as caught:
        same(list(range(10_000)), [], where="big")
    assert len(str(caught.value)) < 400


def test_same_survives_values_that_cannot_be_compared():
    np = pytest.importorskip("numpy")
    with pytest.raises(WrongAnswer):
        same(np.zeros(3), np.zeros(4), where="arrays")


def test_expect_and_call():
    expect(True, "unused")
    with pytest.raises(WrongAnswer, match="too long") as caught:
        expect(False, "too long", hint="shorter")
    assert str(caught.value).endswith("hint: shorter")
    assert call(right, [1, 2]) == 3
    with pytest.raises(NotAnswered):
        call(stub_raise, [1])


# -- what a notebook shows -----------------------------------------------------------
def test_in_a_kernel_a_stub_shows_one_line_and_counts_as_an_error():
    """What JupyterLab and nbgrader see: an error output whose traceback is one line."""
    from nbclient import NotebookClient

    define = "def total(seq):\n    '''Sum it.'''\n    # YOUR CODE HERE\n    raise NotImplementedError()"
    check = (
        "from puzzlelab.exercises import exercise, same, call\n"
        "@exercise('sum')\n"
        "def check_total(fn, *, hidden=False):\n"
        "    same(call(fn, [1, 2]), 3, where='[1, 2]')\n"
        "check_total(total)"
    )
    answer = "def total(seq):\n    return sum(seq)\ncheck_total(total)"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in (define, check, answer)])
    NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=True).execute()
    [error] = nb.cells[1].outputs
    assert error["output_type"] == "error"
    assert error["ename"] == "NotAnswered"
    assert error["traceback"] == ["not answered yet: write the body of total(), " + NOT_ANSWERED]
    assert nb.cells[2].outputs[0]["text"] == "correct: sum\n"


# -- Predict -------------------------------------------------------------------------
def test_predict_with_choices_locks_in_and_compares(capsys):
    guess = Predict("How many?", choices=["all equally often", 1, 4, 8])
    guess.compare(4)
    assert capsys.readouterr().out == "no prediction was locked in; the computed answer is 4\n"
    guess.lock.click()  # nothing chosen yet
    assert "choose an answer first" in guess.error.value
    assert not guess.locked
    guess.answer.value = 8
    guess.lock.click()
    assert (guess.locked, guess.prediction) == (True, 8)
    assert (guess.answer.disabled, guess.lock.disabled) == (True, True)
    assert guess.status.value == "locked in: 8 (now run the next cell)"
    guess.answer.value = 1  # even if the front end sent a change, the prediction stays
    guess.lock.click()
    assert guess.prediction == 8
    guess.compare(4, unit="boards", note="Each of 1, 4 and 8 is plausible.")
    assert capsys.readouterr().out == (
        "you predicted 8 boards; the computed answer is 4 boards\nEach of 1, 4 and 8 is plausible.\n"
    )


@pytest.mark.parametrize(("typed", "value", "shown"), [("12", 12, "12"), (" 1,234 ", 1234, "1,234"),
                                                       ("0.5", 0.5, "0.5"), ("15/16", None, "15/16"),
                                                       ("85%", 0.85, "0.85")])  # fmt: skip
def test_predict_a_number(typed, value, shown):
    guess = Predict("What fraction?", number=True)
    guess.answer.value = typed
    guess.lock.click()
    assert guess.error.value == ""
    if value is not None:
        assert guess.prediction == value
    assert guess.status.value == f"locked in: {shown} (now run the next cell)"


@pytest.mark.parametrize("typed", ["", "   ", "twelve", "1/0", "nan", "inf", "1e400"])
def test_predict_refuses_a_non_number_on_its_error_line(typed):
    guess = Predict("What fraction?", number=True)
    guess.answer.value = typed
    guess.lock.click()  # never raises into the notebook
    assert not guess.locked
    assert "number" in guess.error.value


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        ((None,), {"number": True}, TypeError),
        (("",), {"number": True}, TypeError),
        (("q",), {}, ValueError),
        (("q", ["only one"]), {}, ValueError),
        (("q", "abc"), {}, TypeError),
        (("q", ["a", "a"]), {}, ValueError),
        (("q", ["a", "b"]), {"number": True}, ValueError),
        (("q",), {"number": "yes"}, TypeError),
    ],
)
def test_predict_refuses_bad_arguments(args, kwargs, error):
    with pytest.raises(error):
        Predict(*args, **kwargs)


def test_predict_shows_as_a_widget_with_a_deterministic_text():
    guess = Predict("Which?", choices=["a", "b"])
    bundle = guess._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "Predict: Which? (not locked in yet)"
    assert json.dumps(bundle["text/plain"])  # plain text, no model ids
    from ipywidgets import VBox

    assert isinstance(guess, VBox)
    assert VBox([guess]).children == (guess,)  # composes like any widget


def test_compare_formats_numbers_for_reading(capsys):
    guess = Predict("How many?", number=True)
    guess.answer.value = "2000000"
    guess.lock.click()
    guess.compare(1814400)
    guess.compare(0.123456789, unit="%")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "you predicted 2,000,000; the computed answer is 1,814,400"
    assert out[1] == "you predicted 2,000,000%; the computed answer is 0.123457%"


# -- answers cannot fool a check (issue 19) --------------------------------------------------------
class AlwaysEqual:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


class EqualInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def test_an_object_that_equals_everything_is_refused_saying_what_to_return():
    with pytest.raises(WrongAnswer, match="of type AlwaysEqual") as caught:
        same(AlwaysEqual(), 3, where="x")
    assert "a whole number (an int)" in str(caught.value)
    with pytest.raises(WrongAnswer, match="of type AlwaysEqual"):
        same([1, AlwaysEqual()], [1, 2], where="x")
    with pytest.raises(WrongAnswer, match="expected 3, got 4"):  # an int subclass: its value counts
        same(EqualInt(4), 3, where="x")


def test_numpy_integers_count_as_ints_and_floats_are_never_truncated():
    np = pytest.importorskip("numpy")
    same(np.int64(3), 3, where="x")
    same([np.int32(1), np.int64(2)], (1, 2), where="x")
    same(3.0, 3, where="x")  # the same whole number: no truncation involved
    with pytest.raises(WrongAnswer, match="a float where a whole number belongs"):
        same(2.5, 2, where="x")
    with pytest.raises(WrongAnswer, match="a float where a whole number belongs"):
        same([0.5, 1.5], [0, 1], where="x")
    with pytest.raises(WrongAnswer):
        same(True, 1, where="x")  # True is not a number of moves
    with pytest.raises(WrongAnswer, match="not text"):
        same("3", 3, where="x")


def test_plain_refuses_generators_huge_values_and_deep_nesting():
    from puzzlelab.exercises import plain

    with pytest.raises(WrongAnswer, match="of type generator"):
        plain(x for x in range(3))
    with pytest.raises(WrongAnswer, match="huge value"):
        plain(list(range(2_000_000)))
    deep: list = []
    for _ in range(50):
        deep = [deep]
    with pytest.raises(WrongAnswer, match="nested"):
        plain(deep)


def test_a_huge_answer_is_shown_short():
    from puzzlelab.exercises._core import short

    assert len(short(list(range(10**6)))) <= 100


def test_a_stub_raise_reached_after_honest_code_is_a_wrong_answer_not_not_answered():
    def searched(seq):
        for x in seq:
            if x > 100:
                return x
        # YOUR CODE HERE
        raise NotImplementedError()

    with pytest.raises(WrongAnswer, match="reached the stub's `raise NotImplementedError\\(\\)`"):
        check_total(searched)


# -- time limits -----------------------------------------------------------------------------------
def busy(seq):
    while True:
        try:
            while True:
                pass
        except Exception:  # a student's catch-all does not swallow the limit
            pass


def test_an_endless_loop_is_stopped_and_named(monkeypatch):
    import signal

    from puzzlelab.exercises import _core

    monkeypatch.setattr(_core, "CALL_SECONDS", 0.3)
    before = signal.getsignal(signal.SIGPROF), signal.getsignal(signal.SIGALRM)
    with pytest.raises(WrongAnswer, match=r"busy\(\[\]\) ran for more than 0.3 s") as caught:
        check_total(busy)
    assert "endless loop" in str(caught.value)
    assert (signal.getsignal(signal.SIGPROF), signal.getsignal(signal.SIGALRM)) == before
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_code_that_waits_is_stopped_by_the_wall_clock(monkeypatch):
    import time

    from puzzlelab.exercises import TooSlow, _core, time_limit

    monkeypatch.setattr(_core, "WALL_FACTOR", 2.0)
    start = time.monotonic()
    with pytest.raises(TooSlow), time_limit(0.2, "waiting"):
        time.sleep(30)
    assert time.monotonic() - start < 5


def test_an_outer_timer_and_handler_survive_a_limit():
    import signal

    from puzzlelab.exercises import time_limit

    rang = []
    previous = signal.signal(signal.SIGALRM, lambda *_: rang.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 50)
        with time_limit(1, "quick"):
            pass
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 40 < left <= 50  # the outer timer goes on
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with time_limit(5, "longer than the outer timer"):  # the outer one rings first: left alone
            import time

            time.sleep(0.3)
        assert rang == [1]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_off_the_main_thread_a_check_runs_without_a_limit():
    import threading

    results = []
    thread = threading.Thread(target=lambda: results.append(call(right, [1, 2])))
    thread.start()
    thread.join()
    assert results == [3]


def test_keyboard_interrupt_is_not_turned_into_a_message():
    def interrupted(seq):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check_total(interrupted)


def test_time_limit_refuses_a_bad_duration():
    from puzzlelab.exercises import time_limit

    for bad in (0, -1, True, "5"):
        with pytest.raises(ValueError, match="seconds"):
            time_limit(bad)  # type: ignore[arg-type]


# -- boards a student returns, and Chinese text put together (issue 22) ------------------------
@pytest.mark.parametrize(
    ("value", "english", "chinese"),
    [
        ("", "(the text is empty)", "（文本是空的）"),
        ("1 2/3 _ 4", "(its rows have different lengths: 2, 3)", "（各行的格数不一样：2, 3）"),
        (
            "1 2/3 hello",
            "('hello' is neither a tile number nor the blank _)",
            "（'hello' 既不是数码块的编号，也不是空白块 _）",
        ),
        (
            "1 1/2 _",
            "(a 2x2 board holds the tiles 1 to 3 once each and one blank)",
            "（2x2 的局面应当含有数码块 1 到 3 各一次",
        ),
        (
            "1 2 3 _",
            "(it is 1x4; a board's rows and columns must each number 2 to 16)",
            "（它是 1x4 的；局面的行数和列数都应在 2 到 16 之间）",
        ),
        (42, "(it is a number, not text)", "（它是一个数，不是文本）"),
        (
            None,
            "(it is None: did your function forget a `return`?)",
            "（它是 None：你的函数是不是忘了写 `return`？）",
        ),
        ([[1, 2], [3]], "(Board.parse says: ", "（Board.parse 报告："),
    ],
)
def test_text_that_is_not_a_board_is_explained_in_the_students_language(value, english, chinese):
    returns = "a Board"
    with pytest.raises(WrongAnswer) as caught:
        board_from(value, where="my_board()", returns=returns)
    assert english in str(caught.value)
    assert "rows separated by /, the cells of a row by spaces, and the blank written _" in str(caught.value)
    with language("zh-CN"), pytest.raises(WrongAnswer) as caught:
        board_from(value, where="my_board()", returns=returns)
    message = str(caught.value)
    assert chinese in message
    assert "行与行之间用 / 分隔" in message
    if "Board.parse" not in chinese:  # Board.parse's own English only as a quoted last resort
        assert "cannot" not in message, message
        assert "rows have" not in message, message


def test_a_board_or_board_text_is_read():
    goal = Board.goal(3, 3)
    assert board_from(goal, where="f()", returns="a Board") == goal
    assert board_from("1 2 3/4 5 6/7 8 _", where="f()", returns="a Board") == goal


_CHINESE = "局面为你的函数返回了，。：“”（）"
_OTHER = "ab1_'(/ "


@given(st.text(alphabet=_CHINESE + _OTHER, max_size=40))
def test_tidy_drops_exactly_the_spaces_between_two_chinese_characters(text):
    def between_chinese(k: int) -> bool:
        return text[k] == " " and 0 < k < len(text) - 1 and {text[k - 1], text[k + 1]} <= set(_CHINESE)

    assert tidy(text) == "".join(c for k, c in enumerate(text) if not between_chinese(k))
    english = "".join(c for c in text if c in _OTHER)
    assert tidy(english) == english  # English text and code are never changed

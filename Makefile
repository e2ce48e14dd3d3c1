# make lab          -- create .venv, install puzzlelab with JupyterLab only, copy the student edition into
#                      work/student (git-ignored; your edits are kept) and open it on 127.0.0.1
# make lab-teacher  -- the same with the teacher's edition (solutions, hidden tests) in work/teacher
#                      (LESSON_LANG=zh-CN: the Chinese lessons, and JupyterLab's menus in Chinese)
# make test         -- create .venv with the test tools (every extra) and run every test
# make test-fast    -- the quick tests only (no slow, browser or notebook tests)
# make test-oldest  -- the library tests in .venv-oldest, with the runtime dependencies at their lower bounds
# make notebooks    -- re-execute the English lessons in place (make notebooks-zh: build and execute the Chinese)
# make po / make mo -- bring the translation catalogues up to date / compile the library's messages
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.puzzlelab-installed
LAB_STAMP = $(VENV)/.puzzlelab-lab
OLDEST ?= .venv-oldest
PORT   ?= 8888
WORK   ?= work
# JupyterLab as the project starts it: loopback, no "official Jupyter news" pop-up (puzzlelab's settings overrides)
# make lab LESSON_LANG=zh-CN: the Chinese edition, with JupyterLab's language pack (the zh extra) switched on
LESSON_LANG ?= en
ZH_LAB = $(filter zh-CN zh zh_CN,$(LESSON_LANG))
LAB_ZH_STAMP = $(VENV)/.puzzlelab-lab-zh
LAB_SETTINGS = puzzlelab/data/lab-settings$(if $(ZH_LAB),-zh-CN)
LAB_ARGS = --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) --LabApp.app_settings_dir=$(LAB_SETTINGS)
ROOT_FLAG = $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
# tests that need the test tools or the servers, not the library's dependencies (see test-oldest)
NOT_LIBRARY = tests/browser tests/test_cli.py tests/test_wheel.py tests/test_binder.py tests/test_environment_yml.py \
              tests/test_editions.py tests/test_nbgrader.py tests/test_exercises_core.py

.PHONY: lab lab-teacher docs-teacher test test-fast test-oldest lint typecheck docs bench notebooks notebooks-zh \
        po mo clean

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit("puzzlelab needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# what opening the lessons needs: the library and JupyterLab
$(LAB_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[lab]"
	touch $(LAB_STAMP)

$(LAB_ZH_STAMP): pyproject.toml | $(LAB_STAMP)
	$(BIN)/python -m pip install -q -e ".[lab,zh]"
	touch $(LAB_ZH_STAMP)

# what testing needs: every extra (each is exercised by a test) and the benchmark's rival solver
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[test,bench]" --group dev
	touch $(STAMP) $(LAB_STAMP) $(LAB_ZH_STAMP) $(DOCS_STAMP)

# The lessons are opened from a copy (git-ignored), never from notebooks/: nothing a server autosaves is tracked.
lab: $(LAB_STAMP) $(if $(ZH_LAB),$(LAB_ZH_STAMP))
	$(BIN)/python -m puzzlelab copy $(WORK)/student --lang $(LESSON_LANG)
	$(BIN)/jupyter lab $(LAB_ARGS) --ServerApp.root_dir=$(WORK)/student $(ROOT_FLAG)

lab-teacher: $(LAB_STAMP) $(if $(ZH_LAB),$(LAB_ZH_STAMP))
	$(BIN)/python -m puzzlelab copy $(WORK)/teacher --teacher --lang $(LESSON_LANG)
	$(BIN)/jupyter lab $(LAB_ARGS) --ServerApp.root_dir=$(WORK)/teacher $(ROOT_FLAG)

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

# every test: lint, types (mypy on puzzlelab/, configured in pyproject.toml), library and widget
# tests (2 workers), the docstring examples, the lessons re-run by nbval (one notebook per worker),
# the browser tests. The nbval run collects notebooks/ recursively: the Chinese lessons in notebooks/zh-CN/ too.
test: $(STAMP) lint typecheck docs
	$(BIN)/python -m pytest -n 2 -m "not browser" tests
	$(BIN)/python -m pytest -q --doctest-modules puzzlelab
	$(BIN)/python -m pytest -n 2 --dist loadscope --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks
	$(BIN)/python -m pytest -m browser tests

# the documentation site (Sphinx, myst-nb, PyData theme), offline, warnings as errors: the student
# edition with its outputs (no answers, no guide), publishable. Needs only the docs extra.
DOCS_STAMP = $(VENV)/.puzzlelab-docs
$(DOCS_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[docs]"
	touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	rm -rf docs/_build/html
	$(BIN)/python -m sphinx -q -W --keep-going -b html docs docs/_build/html

# a private site of the teacher's edition and guide (answers!): docs/_build/teacher, never publish it
docs-teacher: $(DOCS_STAMP)
	rm -rf docs/_build/teacher
	PUZZLELAB_DOCS_EDITION=teacher $(BIN)/python -m sphinx -q -W --keep-going -b html docs docs/_build/teacher

test-fast: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m "not browser and not slow" tests

# The declared lower bounds, tested: a separate venv with numpy, matplotlib, ipywidgets, Pillow,
# platformdirs and tqdm pinned at the bounds in pyproject.toml (.ci/lower_bounds.py), their own
# dependencies as pip resolves them today, running the library tests and the docstring examples
# (with the test tools, and Babel: the Chinese edition's tests read the shipped catalogues).
# matplotlib < 3.11 trips pyparsing 3.3's deprecation warnings at import (upstream's, not ours).
$(OLDEST)/.puzzlelab-oldest: pyproject.toml .ci/lower_bounds.py
	$(PYTHON) -m venv $(OLDEST)
	$(OLDEST)/bin/python -m pip install -q --upgrade pip
	$(PYTHON) .ci/lower_bounds.py > $(OLDEST)/lower-bounds.txt
	$(OLDEST)/bin/python -m pip install -q --only-binary numpy,matplotlib,pillow -c $(OLDEST)/lower-bounds.txt \
	    -e . "pytest>=8" "hypothesis>=6.100" "pytest-xdist>=3.6" "nbformat>=5.9" "babel>=2.14"
	touch $@

test-oldest: $(OLDEST)/.puzzlelab-oldest
	$(OLDEST)/bin/python -m pip list | grep -i -E '^(numpy|matplotlib|ipywidgets|pillow|platformdirs|tqdm) '
	$(OLDEST)/bin/python -m pip check
	$(OLDEST)/bin/python -m pytest -n 2 -p no:cacheprovider -W "ignore::pyparsing.warnings.PyparsingDeprecationWarning" \
	    -m "not browser and not slow" $(addprefix --ignore=,$(NOT_LIBRARY)) tests
	$(OLDEST)/bin/python -m pytest -q -p no:cacheprovider -W "ignore::pyparsing.warnings.PyparsingDeprecationWarning" \
	    --doctest-modules puzzlelab

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# re-execute the lessons in place so their committed outputs are current
notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb

# The Chinese lessons: notebooks/zh-CN/NN_slug.ipynb built from the English notebook and
# translations/zh-CN/NN_slug.po (python -m puzzlelab.translation build), then executed in place like
# the English. LESSONS="00 03" builds those only; a lesson with a cell not translated is refused
# (the others are still built and executed; make fails at the end).
LESSONS ?=
ZH_NOTEBOOKS = $(if $(LESSONS),$(foreach n,$(LESSONS),notebooks/zh-CN/$(n)_*.ipynb),notebooks/zh-CN/[0-9][0-9]_*.ipynb)
notebooks-zh: $(STAMP)
	$(BIN)/python -m puzzlelab.translation build $(LESSONS); built=$$?; \
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace $(ZH_NOTEBOOKS) && exit $$built

# The translation catalogues after an English change: each lesson's .po (a changed cell turns fuzzy,
# its translation kept), the library's messages (puzzlelab/locale/zh_CN/*.po), the list of cells
# still to translate (translations/zh-CN/PENDING.txt). Then translate, make mo, make notebooks-zh.
po: $(STAMP)
	$(BIN)/python -m puzzlelab.translation update
	$(BIN)/python -m puzzlelab.translation extract
	$(BIN)/python -m puzzlelab.translation pending

# the library's one message catalogue, puzzlelab/locale/zh_CN/LC_MESSAGES/puzzlelab.mo (commit it)
mo: $(STAMP)
	$(BIN)/python -m puzzlelab.translation mo

clean:
	rm -rf $(VENV) $(OLDEST) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache

# the Chinese figures' font, made again from Noto Sans CJK after the translations change
# (Debian: apt-get install fonts-noto-cjk; tests/test_fonts.py says when it is needed)
NOTO_CJK ?= /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
font: $(STAMP)
	$(BIN)/python -c 'import sys, pathlib, puzzlelab.plots.fonts as f; print(f.make_subset(pathlib.Path(sys.argv[1])))' $(NOTO_CJK)

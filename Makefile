# make lab   -- create .venv, install puzzlelab with JupyterLab, open the lessons on 127.0.0.1
# make test  -- create .venv with the test tools and run every test (lint, unit, notebooks, browser)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.puzzlelab-installed
PORT   ?= 8888
ROOT_FLAG = $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test test-fast lint bench notebooks clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("puzzlelab needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test,browser,bench]"
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) --ServerApp.root_dir=notebooks $(ROOT_FLAG)

lint: $(STAMP)
	$(BIN)/ruff check .

# every test: lint, library and widget tests (2 workers), the docstring examples,
# the lessons and their solutions re-run by nbval (one notebook per worker), the browser tests
test: $(STAMP) lint
	$(BIN)/python -m pytest -n 2 -m "not browser" tests
	$(BIN)/python -m pytest -q --doctest-modules puzzlelab
	$(BIN)/python -m pytest -n 2 --dist loadscope --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks
	$(BIN)/python -m pytest -m browser tests

test-fast: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m "not browser and not slow" tests

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# re-execute the lessons in place so their committed outputs are current
notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache

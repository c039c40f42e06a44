# The two commands of the README: `make run` and `make test`. Both start with `make setup`.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PG_URL ?= postgres://postgres@127.0.0.1:5432/tutor
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run test check fmt coverage lint typecheck test-sqlite test-postgres worker messages screenshots bench lines clean

# pytest rewrites the asserts of every test module before importing it and caches the result
# as bytecode; with PYTHONDONTWRITEBYTECODE set (as on this machine) it redoes that on every run,
# about 20 s of each collection. The caches go to the ignored __pycache__/ directories.
unexport PYTHONDONTWRITEBYTECODE

# The inner loop's tests: everything but the long runs, the browser and the real Celery worker.
FAST_TESTS := not slow and not browser and not redis
# Every pytest run is spread over the machine's cores by pytest-xdist (at most 4 processes: each
# pays its own collection and session caches). Work stealing: an idle process takes queued tests
# from a busy one, so a few minute-long tests at the end do not leave the other cores idle. Each
# process has its own test database (SQLite file or PostgreSQL database, suffixed gw0, gw1, ...)
# and its own Redis database (tests/conftest.py).
PARALLEL := --numprocesses auto --maxprocesses 4 --dist worksteal

$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || $$(scripts/find-python) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@touch $@

setup: $(VENV)/.installed
	@mkdir -p var
# The pre-commit hook (ruff on the staged files) lives in the repository.
	@if git rev-parse --git-dir >/dev/null 2>&1; then git config core.hooksPath scripts/hooks; fi
	$(PY) manage.py migrate --noinput

# The site on http://$(HOST):$(PORT) with a Celery worker and beat beside it, on the embedded
# defaults (SQLite, filesystem broker under var/). Ctrl-C stops all of them.
run: setup
	$(PY) manage.py load_demo
	HOST=$(HOST) PORT=$(PORT) scripts/run-dev

worker: setup
	$(VENV)/bin/celery -A tutor.config worker -Q celery,heartbeat --loglevel=INFO

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# mypy --strict with the django-stubs plugin ([tool.mypy] in pyproject.toml) over these packages.
TYPED := tutor lessons puzzles classes reviews

typecheck: $(VENV)/.installed
	$(VENV)/bin/mypy $(TYPED)

# Everything on SQLite (engine, web, Celery with a real worker, browser), then the database
# tests again on PostgreSQL.
test-sqlite: $(VENV)/.installed
	$(VENV)/bin/pytest $(PARALLEL)

test-postgres: $(VENV)/.installed
	@if $(PY) scripts/service_up.py postgres; then \
	  DATABASE_URL=$(PG_URL) $(VENV)/bin/pytest --db-only -p no:randomly $(PARALLEL); \
	elif [ "$$CI" = "true" ]; then echo "PostgreSQL is not reachable at 127.0.0.1:5432 (CI=true: failing)"; exit 1; \
	else echo "SKIPPED: the PostgreSQL run (no server at 127.0.0.1:5432)"; fi

test: setup lint typecheck test-sqlite test-postgres

# Lint, types and the fast tests on SQLite: minutes, for every change. `make test` before a push.
check: lint typecheck
	$(VENV)/bin/pytest -q -m "$(FAST_TESTS)" $(PARALLEL)

# Fix what ruff can fix and format everything.
fmt: $(VENV)/.installed
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Line and branch coverage of the fast tests (branch = true in pyproject.toml); the HTML report
# is written to var/htmlcov/.
coverage: $(VENV)/.installed
	@mkdir -p var
	$(VENV)/bin/pytest -q -m "$(FAST_TESTS)" --cov --cov-report=term:skip-covered \
	  --cov-report=html:var/htmlcov

# One run from the top: Django writes each file's strings to the nearest locale/ folder
# (each app's own, tutor/web's, or the project's for templates/).
messages: $(VENV)/.installed
# scripts/messages.py: makemessages and compilemessages, with no translation lost when a
# string moves to another app's catalogue (its docstring says how).
	$(PY) scripts/messages.py

# The pictures of docs/screenshots/: every browser test, taking its screenshots (other runs
# skip them; tests/conftest.py::screenshot).
screenshots: $(VENV)/.installed
	SCREENSHOTS=1 $(VENV)/bin/pytest $(PARALLEL) tests/browser

bench: $(VENV)/.installed
	for script in bench/*.py; do echo "== $$script"; $(PY) $$script; done

# Python lines of the apps above the engine (no migrations), before issue 11's exercise layer
# and now; `bench/app_lines.py --any REV` counts the lines naming Any.
lines:
	$(PY) bench/app_lines.py dc81929 HEAD

clean:
	rm -rf var staticfiles .pytest_cache .mypy_cache .ruff_cache

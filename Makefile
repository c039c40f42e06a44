# The two commands of the README: `make run` and `make test`. Both start with `make setup`.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PG_URL ?= postgres://postgres@127.0.0.1:5432/tutor
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run test lint typecheck test-sqlite test-postgres worker messages screenshots bench clean

$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || $$(scripts/find-python) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@touch $@

setup: $(VENV)/.installed
	@mkdir -p var
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

typecheck: $(VENV)/.installed
	$(VENV)/bin/mypy tutor/engine

# Everything on SQLite (engine, web, Celery with a real worker, browser), then the database
# tests again on PostgreSQL.
test-sqlite: $(VENV)/.installed
	$(VENV)/bin/pytest

test-postgres: $(VENV)/.installed
	@if $(PY) scripts/service_up.py postgres; then \
	  DATABASE_URL=$(PG_URL) $(VENV)/bin/pytest --db-only -p no:randomly; \
	elif [ "$$CI" = "true" ]; then echo "PostgreSQL is not reachable at 127.0.0.1:5432 (CI=true: failing)"; exit 1; \
	else echo "SKIPPED: the PostgreSQL run (no server at 127.0.0.1:5432)"; fi

test: setup lint typecheck test-sqlite test-postgres

# One run from the top: Django writes each file's strings to the nearest locale/ folder
# (each app's own, tutor/web's, or the project's for templates/).
messages: $(VENV)/.installed
	$(PY) manage.py makemessages -l es --no-obsolete --ignore='.venv/*' --ignore='tests/*' \
	  --ignore='bench/*' --ignore='tools/*' --ignore='var/*' --ignore='staticfiles/*' --ignore='tutor/engine/*'
	$(PY) manage.py compilemessages --ignore='.venv/*'

screenshots: $(VENV)/.installed
	SCREENSHOTS=1 $(VENV)/bin/pytest tests/browser -k screenshot

bench: $(VENV)/.installed
	for script in bench/*.py; do echo "== $$script"; $(PY) $$script; done

clean:
	rm -rf var staticfiles .pytest_cache .mypy_cache .ruff_cache

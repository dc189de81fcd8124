# Tenbo: `make run` serves the app on http://127.0.0.1:8000, `make test` runs every check.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

# Find a Python >= 3.12: the pyenv/.python-version one, then versioned names.
PYTHON ?= $(shell for p in python3.12 python3.13 python3.14 python3 python; do \
	  if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; \
	  then command -v $$p; break; fi; done)

.PHONY: run test check lint messages compilemessages gettext-deps typecheck pytest pytest-python pytest-postgres engine engine-optional browser-deps postgres-deps server-deps bench clean

$(PY):
	@if [ -z "$(PYTHON)" ]; then echo "error: Tenbo needs Python >= 3.12 (install it, or set PYTHON=/path/to/python3.12)" >&2; exit 1; fi
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# The engine compiled with mypyc (tools/build_engine.py) into build/engine/; scorer/engine uses
# it only while it matches the sources, and runs as plain Python otherwise.
engine: $(STAMP)
	$(PY) tools/build_engine.py

engine-optional: $(STAMP)
	@$(PY) tools/build_engine.py || echo "note: no C compiler? The engine runs as plain Python."

# The Japanese catalogues: `make messages` refreshes the .po files from the sources (commit them);
# the compiled .mo files are built here on every machine (not committed), with GNU gettext's msgfmt.
MESSAGES_IGNORE := --ignore=.venv --ignore=build --ignore=tests --ignore=bench --ignore=tools \
	--ignore=staticfiles --ignore=docs --ignore=node_modules
gettext-deps:
	@if ! command -v msgfmt >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; \
	  else echo "error: GNU gettext (msgfmt) is missing; run: sudo apt-get install -y gettext" >&2; exit 1; fi; fi

messages: $(STAMP) gettext-deps
	$(PY) manage.py makemessages -l ja --add-location=file --no-obsolete $(MESSAGES_IGNORE)
	@find . -path ./.venv -prune -o -name django.po -path "*/locale/ja/*" -print | xargs sed -i "/^\"POT-Creation-Date:/d; /^\"Report-Msgid-Bugs-To:/d"

compilemessages: $(STAMP) gettext-deps
	@$(PY) manage.py compilemessages -l ja $(MESSAGES_IGNORE) >/dev/null

run: $(STAMP) engine-optional compilemessages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver $(HOST):$(PORT)

# Browser tests need Debian's Chromium; install it when missing (as root), fail loudly otherwise.
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = "0" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "error: /usr/bin/chromium is missing; run: sudo apt-get install -y chromium" >&2; exit 1; fi; fi
	@/usr/bin/chromium --version

# The PostgreSQL pass needs Debian's server programs; install them when missing (as root), like
# Chromium. Installing creates no running server: tools/with_postgres.sh starts its own cluster.
postgres-deps:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else echo "error: PostgreSQL is missing; run: sudo apt-get install -y postgresql" >&2; exit 1; fi; fi

# The production tests put Debian's nginx in front of the app servers (the README's configuration)
# and run the several-machines recipe with Redis (tools/two_servers.sh); installed like Chromium.
server-deps:
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ] || ! command -v redis-server >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx redis-server >/dev/null; \
	  else echo "error: nginx or redis-server is missing; run: sudo apt-get install -y nginx redis-server" >&2; exit 1; fi; fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy .

# The tests run in one process per core (pytest-xdist; at most 4, each with its own database,
# Chromium and live server); tests are handed out as workers free up (worksteal), so one long
# file does not hold the run. PYTEST_WORKERS=0 runs them in this process.
PYTEST_WORKERS ?= auto
XDIST := -n $(PYTEST_WORKERS) --maxprocesses 4 --dist worksteal

# The whole suite on the compiled engine, then the engine's own tests on the plain sources.
pytest: $(STAMP) browser-deps postgres-deps server-deps engine compilemessages
	TENBO_EXPECT_COMPILED=1 $(BIN)/pytest $(XDIST)

pytest-python: $(STAMP) compilemessages
	TENBO_ENGINE=python $(BIN)/pytest -q $(XDIST) tests/engine

# Every test that can touch the database (tests/conftest.py: --db-only), again on a throwaway
# PostgreSQL cluster (tools/with_postgres.sh: temp dir, unprivileged owner, loopback, free port,
# removed at the end). The engine's tests never reach the database and run once.
pytest-postgres: $(STAMP) browser-deps postgres-deps server-deps engine compilemessages
	TENBO_EXPECT_COMPILED=1 TENBO_EXPECT_POSTGRES=1 tools/with_postgres.sh $(BIN)/pytest $(XDIST) --db-only

test: lint typecheck pytest pytest-python pytest-postgres

bench: $(STAMP) engine
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) build staticfiles .pytest_cache .mypy_cache .ruff_cache

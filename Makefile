# Two entry points for a fresh machine: `make play` and `make test`.
# Both create .venv and install Delve with its dependencies first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled engine (tools/compile_engine.py, delve.native): built again when a source changes.
NATIVE := $(VENV)/.native
SOURCES := $(shell find src/delve -name '*.py' 2>/dev/null)

.PHONY: play test lint typecheck unit client bench clean system-deps native

# The web table's tests use Debian's Chromium (Playwright never downloads a browser here) and, when
# it can be had, a real PostgreSQL server. As root, install what is missing; without Chromium the
# browser test fails and says how to install it; without PostgreSQL its tests are skipped with a reason.
system-deps:
	@if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		missing=""; \
		[ -x /usr/bin/chromium ] || missing="chromium"; \
		command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
			|| missing="$$missing postgresql"; \
		if [ -n "$$missing" ]; then \
			echo "Installing$$missing for the web table tests..."; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
			|| echo "Could not install$$missing: the browser tests will fail"; \
		fi; \
	fi

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Compile the engine with mypyc (about 4 CPU minutes, once); without a C compiler it says why and
# the engine runs as pure Python, the same games only slower. CI sets DELVE_REQUIRE_NATIVE=1: there
# a failed build fails the run.
$(NATIVE): $(STAMP) $(SOURCES) tools/compile_engine.py
	$(BIN)/python tools/compile_engine.py || { [ "$$DELVE_REQUIRE_NATIVE" != 1 ] && echo "Continuing with the pure-Python engine."; }
	touch $(NATIVE)

native: $(NATIVE)

play: $(STAMP) $(NATIVE)
	$(BIN)/delve play

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools

typecheck: $(STAMP)
	$(BIN)/mypy src/delve

unit: $(STAMP) $(NATIVE) system-deps
	$(BIN)/pytest

# The browser client (client/): type-check, unit-test, rebuild and compare with the shipped build.
client:
	client/check-build.sh

test: lint typecheck client unit

bench: $(STAMP) $(NATIVE)
	$(BIN)/python bench/run_all.py

clean:
	[ ! -x $(BIN)/python ] || $(BIN)/python tools/compile_engine.py --clean
	rm -rf $(VENV) build *.egg-info

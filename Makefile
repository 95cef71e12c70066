# Two entry points for a fresh machine: `make play` and `make test`.
# Both create .venv and install Delve with its dependencies first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit client bench clean system-deps

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

play: $(STAMP)
	$(BIN)/delve play

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy src/delve/engine src/delve/board src/delve/content src/delve/rules src/delve/rules2e src/delve/rulesets src/delve/odds src/delve/scenario src/delve/abilities src/delve/api.py src/delve/ai src/delve/envs src/delve/sim src/delve/workbench

unit: $(STAMP) system-deps
	$(BIN)/pytest

# The browser client (client/): type-check, unit-test, rebuild and compare with the shipped build.
client:
	client/check-build.sh

test: lint typecheck client unit

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info

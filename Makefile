# The two commands of the README: `make demo` and `make test`. Each sets up everything it needs
# on a fresh machine (virtualenv, the package, the MediaPipe models) before it runs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test setup models browser postgresql lint format

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

models: setup
	$(BIN)/keinu models fetch

browser:
	bash scripts/ensure-chromium

postgresql:
	bash scripts/ensure-postgresql

demo: models
	$(BIN)/keinu serve

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

test: models browser postgresql lint
	$(BIN)/pytest

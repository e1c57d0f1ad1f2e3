# Two commands: `make run` (serve the coach on localhost with demo users) and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
SERVICES := .coach/services.env
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install services migrate seed run test lint typecheck bench eval-safety layer synth clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

services: install
	mkdir -p .coach
	$(PY) scripts/services.py > $(SERVICES).tmp && mv $(SERVICES).tmp $(SERVICES)

migrate: services
	source $(SERVICES) && $(VENV)/bin/coach migrate

seed: migrate
	source $(SERVICES) && $(VENV)/bin/coach seed-demo

run: seed
	source $(SERVICES) && $(VENV)/bin/coach serve --host $(HOST) --port $(PORT)

test: services
	source $(SERVICES) && $(VENV)/bin/pytest -q $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

bench: services
	source $(SERVICES) && $(PY) -m bench.run_all

# Every labelled case in tests/data/safety/ through `coach policy-check`: per-class recall and
# false-alarm rate (add ARGS=--failures to list each miss with the rule ids that fired).
eval-safety: install
	$(PY) scripts/eval_safety.py $(ARGS)

layer: install
	$(PY) scripts/build_layer.py

synth: install
	source $(VENV)/bin/activate && npx --yes aws-cdk@2 synth --no-staging

clean:
	rm -rf build cdk.out .pytest_cache .mypy_cache .ruff_cache

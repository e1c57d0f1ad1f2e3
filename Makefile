# Two commands: `make run` (serve the coach and its browser console on localhost with demo users)
# and `make test`. `make test-browser` runs the console's Chromium tests alone (and fails without Chromium).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
SERVICES := .coach/services.env
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install services migrate seed run test test-browser screenshots lint typecheck bench train-safety eval-safety eval-grounding layer lock synth clean

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
	@echo "Traces (docs/OBSERVABILITY.md): start an OTLP receiver, e.g. Arize Phoenix in another terminal:"
	@echo "    python3 -m venv /tmp/phoenix && /tmp/phoenix/bin/pip install arize-phoenix && /tmp/phoenix/bin/phoenix serve"
	@echo "  then: make run OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:6006  (traces at http://localhost:6006)"
	source $(SERVICES) && COACH_ENV=dev $(if $(OTEL_EXPORTER_OTLP_ENDPOINT),OTEL_EXPORTER_OTLP_ENDPOINT=$(OTEL_EXPORTER_OTLP_ENDPOINT)) \
		$(VENV)/bin/coach serve --host $(HOST) --port $(PORT)

# The whole suite against PostgreSQL directly, then the database tests again through PgBouncer
# (transaction pooling, as strict as RDS Proxy); without a pgbouncer binary that tier skips loudly.
test: services
	source $(SERVICES) && $(VENV)/bin/pytest -q $(PYTEST_ARGS)
	source $(SERVICES) && COACH_TEST_VIA_PGBOUNCER=1 $(VENV)/bin/pytest -q -rs tests/integration tests/contract $(PYTEST_ARGS)

test-browser: services
	source $(SERVICES) && COACH_REQUIRE_BROWSER=1 $(VENV)/bin/pytest -q tests/browser $(PYTEST_ARGS)

screenshots: services
	source $(SERVICES) && COACH_REQUIRE_BROWSER=1 COACH_SCREENSHOTS=docs $(VENV)/bin/pytest -q tests/browser -k "screenshot or 390px"

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

typecheck: install
	$(VENV)/bin/mypy

bench: services
	source $(SERVICES) && $(PY) -m bench.run_all

# The learned crisis layer, trained from safety_corpus/ alone (fixed seeds): writes the artifact in
# layers/coach_core/coach_core/policies/learned/ (commit it); ARGS=--check compares with the committed one.
train-safety: install
	$(PY) -m safety_ml.train $(ARGS)

# Leave one set out: for every independent set, a model trained without it; crisis recall and false
# alarms of the rules, the model and both; then every policy per set for the committed engine
# (ARGS=--failures lists each case that is not an exact match, with the rules that fired;
# ARGS=--rules adds what each rule catches beyond the learned layer, leave one set out).
eval-safety: install
	$(PY) -m safety_ml.evaluate $(ARGS)

# The numeric grounding check over its generated evaluation set (synthetic users' real tool
# outputs; answers with the true figures and with 3-30 % perturbed ones): detection recall and
# the false-ungrounded rate per split (add ARGS="--failures dev" to list each miss and false flag).
eval-grounding: install
	$(PY) scripts/eval_grounding.py $(ARGS)

# The layer installs exactly layers/requirements.lock (hash-checked aarch64 wheels for Lambda's Python).
layer: install
	$(PY) scripts/build_layer.py
	$(PY) scripts/fetch_rds_ca.py

# Re-resolve layers/requirements.lock after editing [project].dependencies (needs PyPI; commit the result).
lock: install
	$(PY) scripts/build_layer.py --lock

synth: install
	source $(VENV)/bin/activate && npx --yes aws-cdk@2 synth --no-staging

clean:
	rm -rf build cdk.out .pytest_cache .mypy_cache .ruff_cache

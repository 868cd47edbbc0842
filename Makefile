# The README's two commands: `make test` and `make demo`. Each works from a fresh clone
# with nothing but Python 3: it creates .venv and installs what it needs.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

MS_GIT ?= /work/.mirror/mindspore-ai+mindspore_test/repo
AREAS ?=

.PHONY: test test-slow demo bench clean seeds conformance

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test,demo]"
	touch $(STAMP)

# the suite without its slowest files (tests/slow_files.txt); `make test-slow` runs those
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m "not slow" tests

test-slow: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m slow tests

seeds: $(STAMP)
	$(BIN)/python ../shared/seed_cases/run.py --python "$(abspath $(BIN))/python -m mindjax" --jobs 2

demo: $(STAMP)
	$(BIN)/python -m mindjax demo/demo.py

bench: $(STAMP)
	$(BIN)/python bench/bench.py
	$(BIN)/python bench/bench_dp.py
	$(BIN)/python bench/bench_shapes.py

# MindSpore's own tests under mindjax, against the outcomes recorded under MindSpore 2.10
# (tools/conformance/README.md); MS_GIT is a git directory of MindSpore's repository.
conformance: $(STAMP)
	$(BIN)/python tools/conformance/run.py --git-dir $(MS_GIT) $(AREAS)

clean:
	rm -rf $(VENV) build *.egg-info

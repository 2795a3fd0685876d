# The two quick-start commands of the README are `make demo` and `make test`.
# Each installs what it needs first (idempotent: a second run only checks stamps).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NPM_STAMP := node_modules/.installed
ENGINE := var/compiled/manifest.json

.PHONY: demo test lint typecheck pytest install browser card-fonts bench soak chaos cards-models clean

demo: install
	$(BIN)/dicetable demo

# The checks side by side (mypy's half minute beside the tests' start), any one failing
# failing the test. No --output-sync: it holds each command's output (pytest's ten
# minutes of progress) until the command ends; only the first lines mingle.
test: install browser card-fonts
	$(MAKE) --no-print-directory -j 3 lint typecheck pytest

install: $(STAMP) $(NPM_STAMP) $(ENGINE)

# The virtual environment and the project (editable, with the dev extras).
$(STAMP): pyproject.toml
	@scripts/need-python-venv $(PYTHON)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m pip install --quiet --target $(VENV)/micropython-stubs -r firmware/stubs-requirements.txt
	touch $@

# The rules engines' hot modules compiled by mypyc (host/games/compiled.py), again whenever a
# source under host/games changes; without a C compiler the engines stay plain Python.
$(ENGINE): $(STAMP) $(shell find host/games -name '*.py')
	$(BIN)/python -m host.games.compiled

# Real MicroPython (1.27, WebAssembly) under Node, for the firmware tests and the virtual board.
$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Debian's headless Chromium for the web page's browser tests.
browser:
	@scripts/need-chromium

# The outline fonts the card renderer draws numerals with (its frames depend on them).
card-fonts:
	@scripts/need-card-fonts

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy
	scripts/typecheck-firmware

# -n 2: this machine's two cores (pytest-xdist); each test module runs whole on one worker
# (its module fixtures made once). A single file: .venv/bin/pytest tests/...
# Bytecode written (in __pycache__, ignored by git) even where PYTHONDONTWRITEBYTECODE is
# set, as on this machine: else every worker compiles and rewrites all the tests' sources
# (9.6 s of CPU each, 3.5 s from bytecode) and every command a test starts compiles ours.
pytest: install
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n 2 --dist loadscope

bench: install
	$(BIN)/dicetable bench all

# Long runs kept out of `make test` (e.g. the app's crash test with many kill points).
# GAMES=N (FIRST=S): a game's random-games soak plays N games from seed S, not its own count
# (no per-test time limit: the suite's 300 s stopped a 20,000-game soak on a loaded machine)
soak: install browser
	$(BIN)/pytest -m soak --timeout=0 $(if $(GAMES),--soak-games=$(GAMES)) $(if $(FIRST),--soak-first=$(FIRST))

# The chaos soak (docs/app.md, "Chaos"): phones, the virtual board and kill -9 at random on
# a running table, every game to its end; SEED=N for another run (a few minutes each)
chaos: install
	nice -n 10 $(BIN)/dicetable bench chaos --seed $(or $(SEED),1)

# The card symbol network (vision/models/cards-symbol.onnx, ~370 KB) and the shipped card
# set (vision/cards/sets/cards.npz), rebuilt from our rendered cards: every step seeded, the
# exact sequence that made the shipped files. About 30 minutes of one CPU thread (the
# finder is classical: no network): run under nice, never in `make test`. Needs the train
# extra (PyTorch, onnx); the symbols' data is kept in var/train.
CARDS_TRAIN := nice -n 10 $(BIN)/python -m vision.cards.train
cards-models: install card-fonts
	$(BIN)/python -m pip install --quiet torch==2.13.0  # first: the CPU build where a wheel dir has it (the train extra alone pulls a CUDA build of several GB)
	$(BIN)/python -m pip install --quiet -e '.[dev,train]'
	$(CARDS_TRAIN) symbol-data --seed 3001 --frames 900
	$(CARDS_TRAIN) procedural-data --seed 3701 --per-kind 1500 --data var/train/cards-procedural.npz
	$(CARDS_TRAIN) symbol --seed 1 --epochs 30 --threads 1 --procedural var/train/cards-procedural.npz --contrast 1.0
	nice -n 10 $(BIN)/python -m vision.cards.build_shipped

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis var

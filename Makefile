# The two commands a newcomer runs: `make book` and `make test`. Both set everything up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
export PATH := $(CURDIR)/$(BIN):$(PATH)
export MPLBACKEND := Agg
export PYDEVD_DISABLE_FILE_VALIDATION := 1

PY_STAMP     := $(VENV)/.installed
VENDOR_STAMP := _vendor/.installed
ANYWIDGET_JS := _vendor/anywidget/index.js
ISLP_VERSION := 0.6.0

.PHONY: book test bench notebooks chromium clean help
.DEFAULT_GOAL := help

help:
	@echo "make book   set up, execute the chapters, build the static HTML book into _build/html"
	@echo "make test   set up, run every test (unit, doctests, notebooks, browser)"
	@echo "make bench  run the speed benchmarks"
	@echo "make notebooks [NB=chapters/x.ipynb]  re-execute chapters in place (for authors)"

$(PY_STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps islp==$(ISLP_VERSION)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

# JavaScript the static book serves itself instead of fetching it from a CDN.
$(VENDOR_STAMP): js/package.json js/package-lock.json
	cd js && npm ci --no-audit --no-fund --loglevel=error
	rm -rf _vendor && mkdir -p _vendor/mathjax _vendor/html-manager
	cp -r js/node_modules/mathjax/es5/. _vendor/mathjax/
	cp js/node_modules/requirejs/require.js _vendor/require.js
	cd js/node_modules/@jupyter-widgets/html-manager/dist && \
	  find . -maxdepth 1 -type f ! -name '*.map' -exec cp {} ../../../../../_vendor/html-manager/ \;
	touch $@

# anywidget's front end (its AMD build ships in the installed Python package, version-matched),
# so require.js finds it in the book instead of html-manager fetching it from a CDN
# (book_assets/widgets-require-config.js points require.js here).
$(ANYWIDGET_JS): $(PY_STAMP) $(VENDOR_STAMP)
	mkdir -p $(dir $@)
	cp "$$($(BIN)/python -c 'import anywidget, pathlib; print(pathlib.Path(anywidget.__file__).parent / "nbextension" / "index.js")')" $@

book: $(PY_STAMP) $(VENDOR_STAMP) $(ANYWIDGET_JS)
	@# from scratch: Sphinx 7.4 does not overwrite static files left by an earlier build
	rm -rf _build/html _build/jupyter_execute
	$(BIN)/jupyter-book build . --warningiserror --keep-going
	@echo
	@echo "The book is built. Open $(CURDIR)/_build/html/index.html in a browser."

# The browser tests drive Debian's Chromium through Playwright (never `playwright install`).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Chromium (Debian package) for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

# The browser tests (tests/test_browser.py) open the built pages, so the book is built first.
test: book chromium
	$(BIN)/python -m pytest

# For authors: re-execute chapters in place after editing them (NB=path to run just one).
notebooks: $(PY_STAMP)
	$(BIN)/python tools/run_notebooks.py $(NB)

bench: $(PY_STAMP) $(VENDOR_STAMP) $(ANYWIDGET_JS) chromium
	$(BIN)/python benchmarks/bench_ranking.py
	$(BIN)/python benchmarks/bench_delong.py
	$(BIN)/python benchmarks/bench_explorer.py

clean:
	rm -rf _build _vendor $(VENV) js/node_modules

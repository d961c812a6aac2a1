# tabiya. Quick start: `make run` to play, `make test` to check everything.
# Every target installs the Debian packages it needs first (scripts/install-deps.sh).
#
#   make run      build (release, build/) and the web app (web/dist), then start the game server on port 8080:
#                 "tabiya: open http://localhost:8080"; make run ARGS="--threads 2" passes flags to `tabiya serve`.
#                 The game at this terminal is `build/tabiya play`.
#   make test     everything CI runs: the layer check, unit tests (release and ASan+UBSan), perft smoke, browser
#                 tests, libFuzzer smoke runs
#   make check    the loop to work in: the layer check, the release unit tests (chess, then server) and the web
#                 app's type check and tests without a browser; no browser, no sanitizers (scripts/check.sh)
#   make build    release build only
#   make bench    Google Benchmark suite and perft speed against Stockfish
#   make fuzz     each libFuzzer target for FUZZ_SECONDS (default 300), keeping its corpus in build-fuzz/
#   make format   clang-format the C++ sources in place
#   make cluster  PostgreSQL, Redis, three `tabiya serve` nodes and HAProxy on http://localhost:8080
#                 (scripts/cluster.sh; data under build/cluster/); make cluster-stop stops them, keeping the data
#   make clean    remove the build directories
#
# JOBS=N limits build parallelism (default: Ninja's, from the core count).
# Every target but run builds with warnings as errors (TABIYA_WERROR=ON); run builds without it, so a newer
# compiler than the project's with new warnings still starts the server.

SHELL := /bin/bash
# Developer builds: warnings are errors. scripts/run.sh (make run) does not ask for it.
build bench fuzz test check: export TABIYA_WERROR := ON
.DEFAULT_GOAL := run
# The steps share build directories and must run in order even under make -j.
.NOTPARALLEL:

ARGS ?=
FUZZ_SECONDS ?= 300
FORMAT_DIRS := src apps tests bench fuzz

.PHONY: deps run build test check bench fuzz format clean cluster cluster-stop

deps:
	@bash scripts/install-deps.sh

build: deps
	@bash scripts/build.sh release

run: deps
	@bash scripts/run.sh $(ARGS)

test: deps
	@bash scripts/test.sh

check: deps
	@bash scripts/check.sh

bench:
	@bash scripts/install-deps.sh bench
	@bash scripts/build.sh release
	@if [ -x build/tabiya_bench ]; then \
	  build/tabiya_bench; \
	else \
	  echo "bench: build/tabiya_bench was not built (no bench/*.cpp); skipping the microbenchmarks"; \
	fi
	@bash bench/perft-vs-stockfish.sh

fuzz: deps
	@targets=$$(bash scripts/fuzz.sh --list) && \
	  bash scripts/build.sh fuzz $$targets && bash scripts/fuzz.sh --persistent --seconds $(FUZZ_SECONDS) $$targets

cluster: deps
	@bash scripts/cluster.sh start

cluster-stop:
	@bash scripts/cluster.sh stop

format:
	@bash scripts/install-deps.sh format
	@find $(FORMAT_DIRS) -type f \( -name '*.h' -o -name '*.cpp' \) -not -path 'fuzz/corpus/*' -print0 \
	  | xargs -0 -r clang-format-16 -i

clean:
	rm -rf build build-asan build-fuzz

# The project's commands. `make demo` and `make test` work on a fresh machine: they install the
# system packages the project needs first (see scripts/ensure-system-packages.sh).

SWIFT ?= swift

.PHONY: demo test build bench deps clean tsan fuzz docs generated-charts compiled-build-cost \
	inspector-demo inspector-scale inspector-screenshots browser-deps verify-bench install uninstall test-install

deps:
	@bash scripts/ensure-system-packages.sh

build: deps
	$(SWIFT) build

# Headless Chromium and selenium, for the inspector's page tests.
browser-deps:
	@bash scripts/ensure-system-packages.sh browser

# QEMU for Arm and the Arm GCC toolchain, for the Embedded example.
embedded-deps:
	@bash scripts/ensure-system-packages.sh embedded

# The traffic light of Examples/Embedded on a Cortex-M4 under QEMU (mps2-an386): builds the core
# in Embedded Swift and the firmware, runs it and prints its trace and what it measured.
.PHONY: embedded embedded-size embedded-deps
embedded: deps embedded-deps
	bash scripts/embedded.sh run

# The traffic light's simulator page: the chart compiled to WebAssembly behind its diagram, one
# self-contained file (.build/embedded/wasm-simulator/index.html) that opens from file://.
.PHONY: wasm-simulator
wasm-simulator: deps
	bash scripts/embedded.sh wasm

# Flash and RAM of the firmware, of an empty firmware and of the same chart as a C switch
# machine, with instructions per event on the emulated core (docs/embedded.md).
embedded-size: deps embedded-deps
	bash scripts/embedded.sh size

# Where the firmware's sends spend their instructions on the emulated Cortex-M4, by function
# (QEMU's instruction trace; a minute or two).
.PHONY: embedded-profile
embedded-profile: deps embedded-deps
	bash scripts/embedded.sh profile

demo: deps
	$(SWIFT) run statecharts-demo

# The live inspector: media players running under it; prints the page's URL (Ctrl-C stops it).
inspector-demo: deps
	$(SWIFT) run statecharts-inspector-demo

# A durable order survives kill -9 with a timer pending (SQLite; docs/durable.md).
.PHONY: durable-demo
durable-demo: deps
	SWIFT=$(SWIFT) bash scripts/durable-kill-demo.sh

# The durable store's crash test: 4 worker processes, 100,000 events, 10,000 instances, 50 kill -9s,
# on SQLite and on PostgreSQL (whose server is also crashed and restarted 10 times), checked against
# a reference run (release build; docs/durable.md, "Proof"). `make test` runs a short one.
.PHONY: durable-crash durable-bench
durable-crash: deps
	SWIFT=$(SWIFT) bash scripts/durable-load.sh crash

# The durable store's throughput on SQLite and PostgreSQL; writes Benchmarks/results/durable.json.
durable-bench: deps
	SWIFT=$(SWIFT) bash scripts/durable-load.sh bench

# The tests: the Swift suites, the compiled charts' error locations, the typed SCXML example
# package (Examples/TypedSCXML) and its broken document's error location, the inspector's page driven in
# headless Chromium, a short run of the inspector under load (200 instances at 10 Hz, 15 s;
# `make inspector-scale` is the full one), a short crash test of the durable store (`make durable-crash`),
# the availability audit (docs/platforms.md), the pages' scripts checked by `node --check`, the core built in Embedded Swift for Cortex-M4,
# RISC-V and wasm32 with the traffic light's firmware run under QEMU against the host's trace.
# The durable store's PostgreSQL tests use STATECHARTS_POSTGRES_URL, or a throwaway server started
# around `swift test` when this machine can (scripts/postgres-test-server.sh).
test: deps browser-deps embedded-deps
	/usr/bin/python3 scripts/check-core-layers.py
	bash scripts/test-check-core-layers.sh
	/usr/bin/python3 scripts/check-availability.py
	bash scripts/test-check-availability.sh
	node --check Sources/StatechartsInspector/Page/inspector.js
	node --check Examples/WasmSimulator/Page/simulator.js
	$(SWIFT) build --build-tests
	bash scripts/postgres-test-server.sh run $(SWIFT) test
	bash scripts/check-compiled-error-location.sh
	SWIFT=$(SWIFT) bash scripts/test-typed-scxml.sh
	bash scripts/test-inspector-browser.sh
	$(SWIFT) build --product statecharts-inspector-demo
	/usr/bin/python3 scripts/inspector-scale.py .build/debug/statecharts-inspector-demo --instances 200 --seconds 15 --timeline 50
	SWIFT=$(SWIFT) bash scripts/durable-load.sh crash --short
	bash scripts/embedded.sh test

# The inspector under load: 1,000 media players at 10 Hz for 60 s with a page open (release build);
# writes Benchmarks/results/inspector-scale.json. `make bench` runs it too.
inspector-scale: deps browser-deps
	$(SWIFT) build -c release --product statecharts-inspector-demo
	/usr/bin/python3 scripts/inspector-scale.py .build/release/statecharts-inspector-demo --json Benchmarks/results/inspector-scale.json

# The screenshots of docs/inspector.md, taken by the page tests.
inspector-screenshots: deps browser-deps
	bash scripts/test-inspector-browser.sh --screenshots docs/images

# DocC documentation of every library (swift-docc-plugin, offline); any warning fails it.
docs: deps
	SWIFT=$(SWIFT) bash scripts/docs.sh

# ThreadSanitizer's build folder, apart from .build.
TSAN_BUILD ?= .build-tsan

# The whole suite under ThreadSanitizer, in its own build folder. Any report fails it.
# STATECHARTS_TSAN tells ThreadSanitizer about the package's locks (Sources/Statecharts/Support/
# Locked.swift); scripts/tsan-mutex/ shows why, and that real races are still reported.
tsan: deps
	bash scripts/tsan-mutex/check.sh
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_BUILD) -Xswiftc -DSTATECHARTS_TSAN
	TSAN_OPTIONS="halt_on_error=1 $(TSAN_OPTIONS)" $(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_BUILD) -Xswiftc -DSTATECHARTS_TSAN

# The suites that run threads, under ThreadSanitizer (a few minutes after the build): the live runner's,
# the observable model, the inspector, Graphviz, Basic HTTP and the durable store (on SQLite). The
# package is built with only what those suites need, STATECHARTS_THREADED_SUITES_ONLY in
# Package.swift (no PostgreSQL, no other test targets, demos or tools; about 8 minutes to build on
# 2 cores); `make tsan` covers everything, PostgreSQL included.
TSAN_SHORT_BUILD ?= .build-tsan-short
TSAN_SHORT_SUITES = StatechartsTests\.(RunnerTests|RunnerStepsTests|ConcurrencyStressTests|StepsGuideSampleTests|ChildChartTests|InvocationTests)/|Statecharts(Observation|Inspector|Graphviz|HTTP|Durable)Tests\.
.PHONY: tsan-short
tsan-short: deps
	bash scripts/tsan-mutex/check.sh
	STATECHARTS_THREADED_SUITES_ONLY=1 $(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_SHORT_BUILD) -Xswiftc -DSTATECHARTS_TSAN
	STATECHARTS_THREADED_SUITES_ONLY=1 TSAN_OPTIONS="halt_on_error=1 $(TSAN_OPTIONS)" $(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_SHORT_BUILD) -Xswiftc -DSTATECHARTS_TSAN --filter '$(TSAN_SHORT_SUITES)'

# Every fuzz target with libFuzzer and AddressSanitizer, FUZZ_SECONDS each (default 600).
fuzz: deps
	bash scripts/fuzz.sh

bench: deps
	bash scripts/bench.sh

# Every benchmark for a few iterations, no timing asserted; fails if a workload does not do what
# docs/benchmarks.md says or if any iteration of W1–W3 allocates (its release build alone took
# more than 16 minutes from nothing on 2 cores).
.PHONY: bench-smoke
bench-smoke: deps
	bash scripts/bench-smoke.sh

# Exhaustive verification's speed (release): states per second and bytes per state on the media
# player and on parallel charts up to a million states; writes Benchmarks/results/verify.json.
verify-bench: deps
	cd Benchmarks && $(SWIFT) build -c release --product statecharts-verify-bench
	cd Benchmarks && .build/release/statecharts-verify-bench results/verify.json

# The random compiled charts of the lockstep tests (Tests/StatechartsCompiledTests/Generated),
# written anew from the script's fixed seed.
generated-charts:
	python3 scripts/generate-compiled-charts.py

# The type-checking time of a DSL chart of 100, 200 and 400 states, written as one expression, in
# builder functions of 50 states, and as a compiled chart's `static let` and function forms (after
# `swift build`; about 10 minutes): the table of docs/guide.md, "Large charts and build time".
.PHONY: dsl-build-cost
dsl-build-cost:
	/usr/bin/python3 scripts/measure-dsl-build.py

# The same chart's text against a minimal result builder declared in the file, and that builder
# with no overloads, no closures and explicit types (no build needed; about 2 minutes): the
# latter is what the type checker alone costs for a chart of this shape, the floor under any DSL.
.PHONY: dsl-build-floor
dsl-build-floor:
	/usr/bin/python3 scripts/measure-dsl-build.py --forms floor bare --runs 1

# Reading, validating and compiling SCXML documents of 10,000 to 770,000 sibling states with the
# release `statechart validate`: time and peak memory (docs/benchmarks.md, "SCXML at scale").
.PHONY: scxml-scale
scxml-scale: deps
	$(SWIFT) build -c release --product statechart
	/usr/bin/python3 scripts/measure-scxml-scale.py .build/release/statechart --json Benchmarks/results/scxml-scale.json

# The build time of a generated compiled chart of 1,000 and of 2,000 states (in /tmp).
compiled-build-cost:
	SWIFT=$(SWIFT) bash scripts/measure-compiled-build.sh

# The command-line tool, built in release mode, with its manual pages and its bash, zsh and fish
# completions, under PREFIX (default /usr/local; DESTDIR for packagers): scripts/install.sh.
PREFIX ?= /usr/local

install: deps
	SWIFT=$(SWIFT) PREFIX=$(PREFIX) bash scripts/install.sh

uninstall:
	SWIFT=$(SWIFT) PREFIX=$(PREFIX) bash scripts/install.sh --uninstall

# `make install` into a temporary PREFIX, its files checked, then `make uninstall`.
test-install: deps
	SWIFT=$(SWIFT) bash scripts/test-install.sh

clean:
	rm -rf .build

# This package as a user's package uses it: a fresh package depending on it by path builds the
# core alone, then the SCXML module, and checks that neither compiles swift-syntax, SwiftNIO,
# swift-log, Graphviz or Duktape (scripts/check-as-dependency.sh; a few minutes).
# The public API against the last release's (scripts/api-baseline.txt; CHANGELOG.md).
.PHONY: check-as-dependency check-api-breaking
check-as-dependency:
	SWIFT=$(SWIFT) bash scripts/check-as-dependency.sh

check-api-breaking:
	SWIFT=$(SWIFT) bash scripts/check-api-breaking.sh

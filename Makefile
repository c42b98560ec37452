# The project's commands. `make demo` and `make test` work on a fresh machine: they install the
# system packages the project needs first (see scripts/ensure-system-packages.sh).

SWIFT ?= swift

.PHONY: demo test build bench deps clean tsan fuzz docs generated-charts compiled-build-cost

deps:
	@bash scripts/ensure-system-packages.sh

build: deps
	$(SWIFT) build

demo: deps
	$(SWIFT) run statecharts-demo

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	bash scripts/check-compiled-error-location.sh

# DocC documentation of every library (swift-docc-plugin, offline); any warning fails it.
docs: deps
	SWIFT=$(SWIFT) bash scripts/docs.sh

# The whole suite under ThreadSanitizer, in its own build folder. Any report fails it.
tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS="halt_on_error=1 $(TSAN_OPTIONS)" $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

# Every fuzz target with libFuzzer and AddressSanitizer, FUZZ_SECONDS each (default 600).
fuzz: deps
	bash scripts/fuzz.sh

bench: deps
	bash scripts/bench.sh

# The random compiled charts of the lockstep tests (Tests/StatechartsCompiledTests/Generated),
# written anew from the script's fixed seed.
generated-charts:
	python3 scripts/generate-compiled-charts.py

# The build time of a generated compiled chart of 1,000 and of 2,000 states (in /tmp).
compiled-build-cost:
	SWIFT=$(SWIFT) bash scripts/measure-compiled-build.sh

clean:
	rm -rf .build

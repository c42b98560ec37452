# The project's commands. `make demo` and `make test` work on a fresh machine: they install the
# system packages the project needs first (see scripts/ensure-system-packages.sh).

SWIFT ?= swift

.PHONY: demo test build bench deps clean

deps:
	@bash scripts/ensure-system-packages.sh

build: deps
	$(SWIFT) build

demo: deps
	$(SWIFT) run statecharts-demo

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

bench: deps
	bash scripts/bench.sh

clean:
	rm -rf .build

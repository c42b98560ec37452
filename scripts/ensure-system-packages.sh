#!/usr/bin/env bash
# Installs the Debian packages the project needs when they are missing: Graphviz's C library
# (the visualizer renders through libgvc) and Duktape (the ECMAScript data model).
# With the argument `bench` (scripts/bench.sh, scripts/bench-smoke.sh) also Boost's headers
# (libboost-dev), which the benchmark package's Boost.MSM peer (Benchmarks/Sources/CBoostMSM) needs;
# with `browser` (`make test`, the inspector's page tests) headless Chromium, its WebDriver and
# Debian's python3-selenium; with `embedded` (`make test`, `make embedded`) QEMU for Arm and
# the Arm GCC toolchain.
# As root it runs apt-get; otherwise it prints the exact command to run and fails.
set -euo pipefail

missing=()
have_pc() { pkg-config --exists "$1" 2>/dev/null; }
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
have_pc libgvc || missing+=(libgraphviz-dev)
# duktape-dev: the headers, and the amalgamated source the CDuktape target compiles (unless
# DUKTAPE_SOURCE_DIR names another copy of it: see docs/scxml.md, "Where Duktape comes from").
if [ -n "${DUKTAPE_SOURCE_DIR:-}" ] && [ -f "$DUKTAPE_SOURCE_DIR/duktape.c" ]; then
  :
else
  [ -f /usr/include/duktape.h ] && [ -f /usr/share/duktape/duktape.c ] || missing+=(duktape-dev)
fi
if [ "${1:-}" = "bench" ]; then
  [ -f /usr/include/boost/msm/back/state_machine.hpp ] || missing+=(libboost-dev)
fi
# spin: the model checker the verification tests cross-check against (it compiles its
# verifiers with gcc).
command -v spin >/dev/null 2>&1 || missing+=(spin)
# nodejs: `node --check` of the pages' scripts in `make test`.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
# postgresql: the server the durable store's PostgreSQL tests start (scripts/postgres-test-server.sh).
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
# e2fsprogs' chattr: as root, the durable store's read-only SQLite test makes its file immutable
# (root writes whatever a file's mode says).
command -v chattr >/dev/null 2>&1 || missing+=(e2fsprogs)
# qemu-system-arm and gcc-arm-none-eabi: the Embedded example's board under emulation and the C
# machine it is measured against (scripts/embedded.sh).
if [ "${1:-}" = "embedded" ]; then
  command -v qemu-system-arm >/dev/null 2>&1 || missing+=(qemu-system-arm)
  command -v arm-none-eabi-gcc >/dev/null 2>&1 || missing+=(gcc-arm-none-eabi)
fi
if [ "${1:-}" = "browser" ] || [ "${1:-}" = "bench" ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
  /usr/bin/python3 -c 'import selenium' 2>/dev/null || missing+=(python3-selenium)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing system packages: ${missing[*]}" >&2
  echo "Install them with:  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

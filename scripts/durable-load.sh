#!/usr/bin/env bash
# The durable store under load (docs/durable.md, "Proof" and "How fast"), on SQLite and on PostgreSQL.
#
#   scripts/durable-load.sh crash           # the full crash test: 4 worker processes, 100,000 events,
#                                           # 10,000 instances, 50 kill -9s, and on PostgreSQL 10 server
#                                           # crashes (pg_ctl stop -m immediate, 1 s down, start); release build
#   scripts/durable-load.sh crash --short   # the short one (CI): 4 workers, 5,000 events, 500 instances,
#                                           # 5 kills, 3 server crashes; debug build
#   scripts/durable-load.sh bench           # sends/s and p50/p99 for 1, 4, 16 clients on 100,000 instances,
#                                           # scaling with 1, 2, 4 processes; writes Benchmarks/results/durable.json
#
# PostgreSQL: the crash test crashes and restarts the server, so it runs on a throwaway server of its
# own from scripts/postgres-test-server.sh (its own state folder, stopped after), never on someone
# else's. When this machine cannot start one, it runs on $STATECHARTS_POSTGRES_URL without the server
# crashes and says so. The bench runs on $STATECHARTS_POSTGRES_URL when set, else on a throwaway server.
# When no server is possible the full runs fail and the short one runs SQLite alone and says so.
# SEED (default 1) seeds everything.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
mode=${1:-}
short=${2:-}
seed=${SEED:-1}

case "$mode" in
  crash|bench) ;;
  *) echo "usage: scripts/durable-load.sh crash [--short] | bench" >&2; exit 2 ;;
esac

if [ "$short" = "--short" ]; then
  configuration=debug
  $SWIFT build --product statecharts-durable-load >&2
else
  configuration=release
  $SWIFT build -c release --product statecharts-durable-load >&2
fi
tool=".build/$configuration/statecharts-durable-load"

work=$(mktemp -d)
started_server=""
cleanup() {
  if [ -n "$started_server" ]; then
    POSTGRES_TEST_STATE="$started_server" bash scripts/postgres-test-server.sh stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

postgres_url="${STATECHARTS_POSTGRES_URL:-}"
restart_command=""
state=.build/postgres-durable-load
if [ "$mode" = crash ]; then
  # A server of our own, which the test may crash.
  if POSTGRES_TEST_STATE="$state" bash scripts/postgres-test-server.sh start >"$work/postgres.out" 2>"$work/postgres.err"; then
    started_server="$state"
    postgres_url=$(cat "$state/url")
    restart_command="POSTGRES_TEST_STATE=$state bash scripts/postgres-test-server.sh restart 1"
  elif [ -n "$postgres_url" ]; then
    echo "durable-load: no PostgreSQL server of its own (scripts/postgres-test-server.sh could not start one), so the" \
      "crash test runs on \$STATECHARTS_POSTGRES_URL without crashing the server:" >&2
    cat "$work/postgres.err" >&2
  fi
fi
if [ -z "$postgres_url" ]; then
  if POSTGRES_TEST_STATE="$state" bash scripts/postgres-test-server.sh url >"$work/postgres.out" 2>/dev/null; then
    # A server this script started before and left running: use it, and leave it running.
    postgres_url=$(cat "$state/url")
  elif POSTGRES_TEST_STATE="$state" bash scripts/postgres-test-server.sh start >"$work/postgres.out" 2>"$work/postgres.err"; then
    started_server="$state"
    postgres_url=$(cat "$state/url")
  else
    echo "durable-load: no PostgreSQL: STATECHARTS_POSTGRES_URL is unset and scripts/postgres-test-server.sh could not start one:" >&2
    cat "$work/postgres.err" >&2
    if [ "$short" != "--short" ]; then
      echo "durable-load: set STATECHARTS_POSTGRES_URL=postgres://user@host:port/database, or run as root with Debian's postgresql installed" >&2
      exit 1
    fi
    echo "durable-load: the short crash test runs on SQLite only" >&2
  fi
fi

# A schema of its own, so that the runs never meet other tests' rows (charts of their own) on a
# shared server.
if [ -n "$postgres_url" ]; then
  case "$postgres_url" in
    *schema=*) ;;
    *\?*) postgres_url="$postgres_url&schema=durable_load" ;;
    *) postgres_url="$postgres_url?schema=durable_load" ;;
  esac
fi

if [ "$mode" = crash ]; then
  if [ "$short" = "--short" ]; then
    size=(--workers 4 --events 5000 --instances 500 --kills 5 --seed "$seed")
    restarts=3
  else
    size=(--workers 4 --events 100000 --instances 10000 --kills 50 --seed "$seed")
    restarts=10
  fi
  echo "== crash test on SQLite (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  "$tool" crash --sqlite "$work/crash.sqlite" "${size[@]}"
  if [ -n "$postgres_url" ]; then
    if [ -n "$restart_command" ]; then
      echo "== crash test on PostgreSQL, the server crashed $restarts times (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
      "$tool" crash --postgres "$postgres_url" "${size[@]}" --database-restarts "$restarts" --restart-command "$restart_command"
    else
      echo "== crash test on PostgreSQL (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
      "$tool" crash --postgres "$postgres_url" "${size[@]}"
    fi
  fi
else
  mkdir -p .build/durable-bench
  echo "== bench on SQLite (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  # The file is kept, so that a second run does not create its 100,000 instances again.
  "$tool" bench --sqlite .build/durable-bench/bench.sqlite --durability machine --seed "$seed" --json Benchmarks/results/durable.json
  if [ -n "$postgres_url" ]; then
    echo "== bench on PostgreSQL (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
    "$tool" bench --postgres "$postgres_url" --seed "$seed" --json Benchmarks/results/durable.json
  fi
fi

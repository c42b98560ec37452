#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests (docs/durable.md, "Running the tests against PostgreSQL").
#
#   scripts/postgres-test-server.sh start   # initdb into a temporary folder, start on 127.0.0.1 at a free
#                                           # port (trust auth, loopback only), create a database; prints
#                                           # `export STATECHARTS_POSTGRES_URL=postgres://...`
#   scripts/postgres-test-server.sh stop    # stops the server and deletes its cluster
#   scripts/postgres-test-server.sh url     # prints the running server's URL
#   scripts/postgres-test-server.sh restart [SECONDS]
#                                           # stops the server as a crash does (`pg_ctl stop -m immediate`:
#                                           # connections cut, no checkpoint), waits SECONDS (default 0),
#                                           # starts it again on the same port with the same data
#   scripts/postgres-test-server.sh run CMD # runs CMD with STATECHARTS_POSTGRES_URL: the one already set,
#                                           # or a throwaway server's around CMD when this machine can start one
#
# So `eval "$(scripts/postgres-test-server.sh start)"` points the tests at it. The URL is also in
# $POSTGRES_TEST_STATE (default .build/postgres-test)/url. `start` on a running server prints its URL again.
# The binaries come from `pg_config --bindir`, /usr/lib/postgresql/*/bin or the PATH (Debian's
# `postgresql` package). initdb and postgres refuse to run as root: as root they run as the
# `postgres` user, which Debian's package creates. Extra server settings: POSTGRES_TEST_OPTIONS
# (e.g. "-c fsync=off").
set -euo pipefail
cd "$(dirname "$0")/.."

state="${POSTGRES_TEST_STATE:-.build/postgres-test}"
database="statecharts_test"

fail() { echo "postgres-test-server: $*" >&2; exit 1; }

find_bindir() {
  local candidates=()
  command -v pg_config >/dev/null 2>&1 && candidates+=("$(pg_config --bindir)")
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do candidates+=("$dir"); done
  command -v initdb >/dev/null 2>&1 && candidates+=("$(dirname "$(command -v initdb)")")
  for dir in "${candidates[@]}"; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

# Runs a command as the cluster's owner: the postgres user when we are root.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Starts the cluster in folder $2 with the binaries in $1 and the options `start` kept for it.
launch() {
  as_owner "$1/pg_ctl" -D "$2/data" -l "$2/server.log" -w -t 60 -o "$(cat "$2/options")" start >/dev/null
}

running() { [ -f "$state/url" ] && [ -f "$state/cluster" ] && [ -f "$(cat "$state/cluster")/data/postmaster.pid" ]; }

start() {
  if running; then
    echo "export STATECHARTS_POSTGRES_URL=$(cat "$state/url")"
    return 0
  fi
  local bindir
  bindir="$(find_bindir)" || fail "no PostgreSQL server binaries (initdb, pg_ctl, postgres) found; install Debian's postgresql package (scripts/ensure-system-packages.sh does as root)"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || fail "running as root, and there is no 'postgres' user to run the server as (Debian's postgresql package creates it)"
  fi
  mkdir -p "$state"
  local cluster port url
  cluster="$(mktemp -d /tmp/statecharts-postgres.XXXXXX)"
  chmod 700 "$cluster"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$cluster"
  echo "$cluster" > "$state/cluster"
  as_owner "$bindir/initdb" -D "$cluster/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$cluster/initdb.log" 2>&1 \
    || { cat "$cluster/initdb.log" >&2; rm -rf "$cluster"; rm -f "$state/cluster"; fail "initdb failed"; }
  port="$(free_port)"
  # Loopback only; the socket in the cluster's folder; enough connections for parallel tests' pools.
  # The options are kept for `restart`.
  echo "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$cluster -c max_connections=400 ${POSTGRES_TEST_OPTIONS:-}" > "$cluster/options"
  launch "$bindir" "$cluster" || { cat "$cluster/server.log" >&2; rm -rf "$cluster"; rm -f "$state/cluster"; fail "the server did not start"; }
  as_owner "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database" \
    || { as_owner "$bindir/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$cluster"; rm -f "$state/cluster"; fail "createdb failed"; }
  url="postgres://postgres@127.0.0.1:$port/$database"
  echo "$url" > "$state/url"
  echo "$bindir" > "$state/bindir"
  echo "postgres-test-server: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on $url (cluster $cluster)" >&2
  echo "export STATECHARTS_POSTGRES_URL=$url"
}

stop() {
  if [ ! -f "$state/cluster" ]; then
    echo "postgres-test-server: no server to stop" >&2
    return 0
  fi
  local cluster bindir
  cluster="$(cat "$state/cluster")"
  bindir="$(cat "$state/bindir" 2>/dev/null || find_bindir || true)"
  if [ -f "$cluster/data/postmaster.pid" ] && [ -n "$bindir" ]; then
    as_owner "$bindir/pg_ctl" -D "$cluster/data" -m fast -w stop >/dev/null || true
  fi
  case "$cluster" in
    /tmp/statecharts-postgres.*) rm -rf "$cluster" ;;
  esac
  rm -f "$state/url" "$state/cluster" "$state/bindir"
  echo "postgres-test-server: stopped, cluster $cluster deleted" >&2
}

# A crash of the server and its recovery: every connection is cut mid-statement, nothing is
# checkpointed, and the server replays its write-ahead log when it starts again.
restart() {
  running || fail "no server running (start it with: $0 start)"
  local cluster bindir down="${1:-0}"
  cluster="$(cat "$state/cluster")"
  bindir="$(cat "$state/bindir")"
  [ -f "$cluster/options" ] || fail "the server was started by an older version of this script; stop and start it"
  as_owner "$bindir/pg_ctl" -D "$cluster/data" -m immediate -w stop >/dev/null || fail "pg_ctl stop -m immediate failed"
  sleep "$down"
  launch "$bindir" "$cluster" || { tail -20 "$cluster/server.log" >&2; fail "the server did not start again"; }
}

# Runs a command with STATECHARTS_POSTGRES_URL set: the caller's when set; otherwise a throwaway
# server's, started before and stopped after (when this machine can: the binaries are there and,
# as root, the postgres user); otherwise says how to point the tests at a server and runs it without.
run_with_server() {
  if [ -n "${STATECHARTS_POSTGRES_URL:-}" ]; then
    "$@"
    return
  fi
  if running; then
    STATECHARTS_POSTGRES_URL="$(cat "$state/url")" "$@"
    return
  fi
  if find_bindir >/dev/null && { [ "$(id -u)" -ne 0 ] || id postgres >/dev/null 2>&1; }; then
    local exports
    exports="$(start)"
    trap 'stop' EXIT
    export STATECHARTS_POSTGRES_URL="${exports#export STATECHARTS_POSTGRES_URL=}"
    "$@"
    return
  fi
  echo "postgres-test-server: no PostgreSQL server started here, so the durable PostgreSQL tests are skipped;" \
    "point them at one with STATECHARTS_POSTGRES_URL=postgres://user@host:port/database" >&2
  "$@"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  run) shift; [ $# -gt 0 ] || { echo "usage: $0 run COMMAND..." >&2; exit 2; }; run_with_server "$@" ;;
  url) running || fail "no server running (start it with: $0 start)"; cat "$state/url" ;;
  restart) shift; restart "$@" ;;
  *) echo "usage: $0 start|stop|url|restart [SECONDS]|run COMMAND..." >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# An order survives kill -9 with a timer pending: start the durable demo, kill it while the
# order's shipping timer is pending, let the timer fall due while nothing runs, restart it, and
# watch the timer fire (late) and the order finish.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
$SWIFT build --product statecharts-durable-demo >&2
demo=.build/debug/statecharts-durable-demo
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
database="$folder/orders.sqlite"

echo "== start (database $database)"
"$demo" start "$database" > "$folder/first.log" 2>&1 &
pid=$!
for _ in $(seq 1 200); do
    grep -q "waiting for the timer" "$folder/first.log" && break
    sleep 0.05
done
# Silently: bash would report the killed job on stderr.
{ kill -9 "$pid" && wait "$pid"; } 2>/dev/null || true
cat "$folder/first.log"
echo "== kill -9 $pid with the timer pending; nothing runs for 4 s"
sleep 4
echo "== restart"
"$demo" resume "$database"

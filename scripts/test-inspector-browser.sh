#!/usr/bin/env bash
# Browser tests of the live inspector's page (Tests/Browser/inspector_browser_test.py): builds the
# `statechart` tool, then drives `statechart inspect Examples/SCXML/media-player.scxml --port 0`
# from headless Chromium with selenium. Installs nothing: it needs Debian's chromium,
# chromium-driver and python3-selenium, and says so when one is missing.
#
#   scripts/test-inspector-browser.sh                       # every test
#   scripts/test-inspector-browser.sh --screenshots DIR     # and PNG screenshots into DIR
#   scripts/test-inspector-browser.sh --only 3,4            # some tests (numbered from 1)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# Debian's python3 has python3-selenium; a pyenv or virtualenv python3 first on PATH does not.
python="${INSPECTOR_TEST_PYTHON:-/usr/bin/python3}"
chromium="${CHROMIUM:-/usr/bin/chromium}"
chromedriver="${CHROMEDRIVER:-/usr/bin/chromedriver}"

missing=()
[ -x "$chromium" ] || missing+=(chromium)
[ -x "$chromedriver" ] || missing+=(chromium-driver)
if ! [ -x "$python" ] || ! "$python" -c 'import selenium' 2>/dev/null; then missing+=(python3-selenium); fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "error: the browser tests need ${missing[*]} (not installed)." >&2
    echo "       as root: DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver python3-selenium" >&2
    exit 2
fi

swift build --product statechart
export CHROMIUM="$chromium" CHROMEDRIVER="$chromedriver"
exec "$python" Tests/Browser/inspector_browser_test.py "$@" -- \
    .build/debug/statechart inspect Examples/SCXML/media-player.scxml --port 0

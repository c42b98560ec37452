#!/usr/bin/env bash
# `make test-install`: runs `make install` into a temporary PREFIX and checks what it installed:
# the release binary runs a chart, the manual pages are roff with a page per subcommand, the
# completion scripts are valid for bash (and zsh and fish when they are installed) and complete
# the subcommands; then `make uninstall` removes every file again.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
prefix="$(mktemp -d)/prefix"
trap 'rm -rf "$(dirname "$prefix")"' EXIT
fail() { echo "test-install: $*" >&2; exit 1; }

started=$(date +%s)
make --no-print-directory install PREFIX="$prefix" SWIFT="$SWIFT" >/dev/null
echo "test-install: make install took $(( $(date +%s) - started )) s"

tool="$prefix/bin/statechart"
[ -x "$tool" ] || fail "no executable $tool"

# The installed tool runs a chart and describes --http.
chart="$(dirname "$prefix")/door.scxml"
cat > "$chart" <<'XML'
<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="closed">
  <state id="closed"><transition event="open" target="opened"/></state>
  <state id="opened"><transition event="close" target="closed"/></state>
</scxml>
XML
out="$("$tool" run "$chart" open)"
[ "$out" = "$(printf '[0] start -> closed (active: closed)\n[1] open -> opened (active: opened)')" ] || fail "unexpected run output: $out"
# (The help is read whole before grep looks at it: `grep -q` would close the pipe early, and
# with pipefail the tool's SIGPIPE would fail the check.)
run_help="$("$tool" run --help)"
grep -q -- '--http' <<< "$run_help" || fail "run --help does not list --http"

# The manual: one page for the tool and one per subcommand, each a roff page of section 1.
man1="$prefix/share/man/man1"
for page in statechart statechart.validate statechart.run statechart.render statechart.trace \
    statechart.check statechart.paths statechart.inspect statechart.verify statechart.export \
    statechart.migrate-check; do
  [ -f "$man1/$page.1" ] || fail "no manual page $page.1"
  grep -q '^\.Dt' "$man1/$page.1" || fail "$page.1 is not an mdoc page"
done
grep -q 'http' "$man1/statechart.run.1" || fail "statechart.run.1 does not describe --http"
if command -v man >/dev/null 2>&1; then
  rendered="$(MANWIDTH=80 man -l "$man1/statechart.run.1" 2>/dev/null)"
  grep -q 'Basic HTTP' <<< "$rendered" || fail "man cannot render statechart.run.1"
fi

# The completions: valid scripts that name the subcommands.
bash_completion="$prefix/share/bash-completion/completions/statechart"
zsh_completion="$prefix/share/zsh/site-functions/_statechart"
fish_completion="$prefix/share/fish/vendor_completions.d/statechart.fish"
for file in "$bash_completion" "$zsh_completion" "$fish_completion"; do
  [ -s "$file" ] || fail "no completion script $file"
  grep -q 'inspect' "$file" || fail "$file does not complete the subcommands"
done
bash -n "$bash_completion" || fail "the bash completion script does not parse"
# In bash, completing `statechart r` offers render and run.
words="$(bash -c "source '$bash_completion'; COMP_WORDS=(statechart r); COMP_CWORD=1; COMP_LINE='statechart r'; COMP_POINT=\${#COMP_LINE}; _statechart statechart r statechart 2>/dev/null; printf '%s\n' \"\${COMPREPLY[@]}\"")"
echo "$words" | grep -qx run && echo "$words" | grep -qx render || fail "bash completes 'statechart r' as: $words"
if command -v zsh >/dev/null 2>&1; then zsh -n "$zsh_completion" || fail "the zsh completion script does not parse"; fi
if command -v fish >/dev/null 2>&1; then fish -n "$fish_completion" || fail "the fish completion script does not parse"; fi

pages=$(ls "$man1" | wc -l)
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left="$(find "$prefix" -type f)"
[ -z "$left" ] || fail "make uninstall left: $left"
echo "test-install: installed and uninstalled statechart, its $pages manual pages and 3 completion scripts under a temporary PREFIX"

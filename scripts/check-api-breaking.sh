#!/usr/bin/env bash
# Compares the public API of every library module with the last release's, and fails on a
# change that breaks users' code (a removed or renamed declaration, a changed type or signature,
# a new protocol requirement without a default, ...).
#
#   bash scripts/check-api-breaking.sh                  (make check-api-breaking)
#   API_CURRENT_BUILD=.build bash scripts/check-api-breaking.sh
#   bash scripts/check-api-breaking.sh --store-baseline (at a release: see below)
#
# The baseline is the commit named in scripts/api-baseline.txt (its last line that is not a
# comment). Its API, one swift-api-digester dump per module, is stored in the repository as
# scripts/api-baseline/COMMIT.tar.gz; the script unpacks it into .build-api/baselines/COMMIT, so
# neither the baseline commit nor its build is needed (a shallow clone works). Without that file,
# it clones the repository at the commit into .build-api/baseline-src, builds its library
# products and dumps them (about 18 minutes on a 2-vCPU machine; the commit must be in the clone).
# API_BASELINE_DIR=DIR compares with the *.json dumps in DIR instead (scripts/
# test-check-api-breaking.sh uses it to show that a break fails the check).
#
# The current tree's modules come from their own build in .build-api/current (as long again the
# first time), or, with API_CURRENT_BUILD=DIR, from an existing debug build such as .build (CI
# sets it after `make test`; the check then takes about 2 seconds): a library module missing
# there, or built before the last change to a file of its target, is built there first with
# `swift build --target`. Each module is then diagnosed
# against its dump. Modules the baseline did not have are new and not compared; a module the
# baseline had and the current tree lacks is a break. Breaks already decided for the next release
# are listed in scripts/api-breakage-allowlist.txt (see CHANGELOG.md, "Breaking changes on
# purpose").
#
# At a release: put the release's commit and version in scripts/api-baseline.txt, then run
# `bash scripts/check-api-breaking.sh --store-baseline` in a clone that has that commit. It builds
# and dumps the release (the 18 minutes above), writes scripts/api-baseline/COMMIT.tar.gz (124 KB
# for 0.1.0), and then compares as usual. Commit the new file and delete the old one.
#
# It does what `swift package diagnose-api-breaking-changes COMMIT` does, by hand: with Swift
# 6.3.1 that command fails on this package, because it hands the digester the module maps of
# both the host ("-tool") and the target builds of every C module, and clang refuses the second
# definition ("redefinition of module 'CNIOAtomics'", swiftlang/swift-package-manager#9254).
set -euo pipefail
# A failed build or manifest read inside $(...) stops the script too.
shopt -s inherit_errexit

SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/.."
root=$PWD
scratch=$root/.build-api
digester=${SWIFT_API_DIGESTER:-$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/swift-api-digester}

store=0
case "${1:-}" in
    "") ;;
    --store-baseline) store=1 ;;
    *) echo "usage: $0 [--store-baseline]" >&2; exit 2 ;;
esac

commit=$(grep -v '^[[:space:]]*#' scripts/api-baseline.txt | grep -v '^[[:space:]]*$' | tail -1 | tr -d '[:space:]')
release=$(grep -m1 '^# Release:' scripts/api-baseline.txt | sed 's/^# Release: *//')
if [[ -z "$commit" ]]; then
    echo "scripts/api-baseline.txt names no commit" >&2
    exit 2
fi
if [[ ! -x "$digester" ]]; then
    echo "swift-api-digester not found at $digester (set SWIFT_API_DIGESTER)" >&2
    exit 2
fi
stored=$root/scripts/api-baseline/$commit.tar.gz

# library_targets PACKAGE_DIR: "TARGET PATH" for each target of a library product, one a line,
# PATH relative to the package. (Its own scratch folder: reading the manifest then never waits
# for a build that holds the lock of the build folder.)
library_targets() {
    "$SWIFT" package --package-path "$1" --scratch-path "$scratch/manifest" dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
paths = {t["name"]: t.get("path") or "Sources/" + t["name"] for t in package["targets"]}
names = sorted({t for p in package["products"] if "library" in p["type"] for t in p["targets"]})
for name in names:
    print(name, paths[name])'
}

# build_libraries PACKAGE_DIR SCRATCH [reuse]: builds the targets of every library product (by
# target: `--product Statecharts` would build everything, as the package has the same name);
# prints their Swift modules. With "reuse", a target whose module is already in SCRATCH and was
# made after the last change to a file of the target is not built again.
build_libraries() {
    local package=$1 build=$2 reuse=${3:-} target path module made listed
    local -a targets
    listed=$(library_targets "$package")
    mapfile -t targets <<< "$listed"
    for line in "${targets[@]}"; do
        read -r target path <<< "$line"
        module=$build/debug/Modules/$target.swiftmodule
        # The compiler leaves a module whose content did not change untouched, so the time of its
        # last build is the one of the dependency file its emit-module job writes each time.
        made=$build/debug/$target.build/$target.emit-module.d
        [[ -f "$made" && "$made" -nt "$module" ]] || made=$module
        if [[ -n "$reuse" && -f "$module" && -z "$(find "$package/$path" -newer "$made" -print -quit)" ]]; then
            continue
        fi
        echo "   swift build --target $target" >&2
        "$SWIFT" build --package-path "$package" --scratch-path "$build" --target "$target" >&2
    done
    for line in "${targets[@]}"; do
        read -r target path <<< "$line"
        if [[ -f "$build/debug/Modules/$target.swiftmodule" ]]; then echo "$target"; fi
    done
}

# digester_flags PACKAGE_DIR SCRATCH: the search path and the module map of every C module of
# the target build (not the host "-tool" copies, which would define each module twice).
digester_flags() {
    local package=$1 build=$2 map
    printf '%s\n' -I "$build/debug/Modules"
    for map in "$build"/debug/*.build/module.modulemap "$package"/Sources/*/module.modulemap \
               "$package"/Sources/*/include/module.modulemap \
               "$build"/checkouts/*/Sources/*/module.modulemap \
               "$build"/checkouts/*/Sources/*/include/module.modulemap; do
        [[ -f "$map" && "$map" != *-tool.build/* ]] && printf '%s\n' -Xcc "-fmodule-map-file=$map"
    done
    return 0
}

# build_baseline DIR: clones the baseline commit, builds its libraries, dumps their API into DIR.
build_baseline() {
    local out=$1 module
    if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
        echo "No stored baseline (scripts/api-baseline/$commit.tar.gz), and the baseline commit" >&2
        echo "$commit is not in this clone (a shallow clone?) to build one from." >&2
        echo "Fetch the whole history first: git fetch --unshallow (or clone without --depth)." >&2
        exit 2
    fi
    echo "== the baseline: clone, build, dump"
    rm -rf "$scratch/baseline-src" "$out"
    mkdir -p "$out"
    git clone --quiet --no-checkout "$root" "$scratch/baseline-src"
    git -C "$scratch/baseline-src" checkout --quiet --detach "$commit"
    modules=$(build_libraries "$scratch/baseline-src" "$scratch/baseline-build")
    mapfile -t flags < <(digester_flags "$scratch/baseline-src" "$scratch/baseline-build")
    for module in $modules; do
        # -avoid-tool-args: no paths of this machine in a dump that may be stored.
        "$digester" -dump-sdk -compiler-style-diags -avoid-tool-args -module "$module" "${flags[@]}" \
            -o "$out/$module.json" > "$out/$module.log" 2>&1 || true
        # The digester writes an empty API when it cannot load a module: refuse that baseline.
        if ! python3 -c 'import json, sys; sys.exit(0 if json.load(open(sys.argv[1]))["ABIRoot"].get("children") else 1)' \
             "$out/$module.json" 2>/dev/null; then
            echo "FAIL: no API dumped for $module of the baseline:" >&2
            cat "$out/$module.log" >&2
            exit 2
        fi
        echo "   $module"
    done
    touch "$out/.complete"
}

# store_baseline DIR: writes DIR's dumps to scripts/api-baseline/COMMIT.tar.gz, byte for byte the
# same from the same dumps (sorted, no owners or dates; tool arguments, which hold paths of the
# machine that made them, left out).
store_baseline() {
    local from=$1 tmp
    tmp=$(mktemp -d)
    python3 - "$from" "$tmp" <<'PY'
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    dump = json.load(open(path))
    dump["ABIRoot"].pop("tool_arguments", None)
    with open(os.path.join(sys.argv[2], os.path.basename(path)), "w") as out:
        json.dump(dump, out, indent=1)
        out.write("\n")
PY
    mkdir -p "$(dirname "$stored")"
    (cd "$tmp" && tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf - ./*.json) \
        | gzip -9n > "$stored"
    rm -rf "$tmp"
    echo "   wrote scripts/api-baseline/$commit.tar.gz ($(wc -c < "$stored") bytes)"
}

echo "Public API against $commit${release:+ (release $release)}"
if [[ -n "${API_BASELINE_DIR:-}" ]]; then
    baselines=$(readlink -f "$API_BASELINE_DIR")
    echo "== the baseline: the dumps in $baselines"
else
    baselines=$scratch/baselines/$commit
    if [[ $store -eq 1 ]]; then
        [[ -f "$baselines/.complete" ]] || build_baseline "$baselines"
        store_baseline "$baselines"
    fi
    if [[ -f "$stored" ]]; then
        echo "== the baseline: scripts/api-baseline/$commit.tar.gz"
        rm -rf "$baselines"
        mkdir -p "$baselines"
        tar -xzf "$stored" -C "$baselines"
        touch "$baselines/.complete"
    elif [[ ! -f "$baselines/.complete" ]]; then
        build_baseline "$baselines"
    fi
fi
if ! compgen -G "$baselines/*.json" > /dev/null; then
    echo "FAIL: no baseline dump (*.json) in $baselines" >&2
    exit 2
fi

if [[ -n "${API_CURRENT_BUILD:-}" ]]; then
    current=$(readlink -f "$API_CURRENT_BUILD")
    echo "== the current tree: the modules of $current, compare"
    modules=$(build_libraries "$root" "$current" reuse)
else
    current=$scratch/current
    echo "== the current tree: build, compare"
    modules=$(build_libraries "$root" "$current")
fi
mapfile -t flags < <(digester_flags "$root" "$current")
allowlist=()
if [[ -s scripts/api-breakage-allowlist.txt ]]; then
    allowlist=(-breakage-allowlist-path "$root/scripts/api-breakage-allowlist.txt")
fi

broken=0
for json in "$baselines"/*.json; do
    module=$(basename "$json" .json)
    if ! grep -qx "$module" <<< "$modules"; then
        echo "API breakage: module $module has been removed"
        broken=1
        continue
    fi
    if output=$("$digester" -diagnose-sdk -compiler-style-diags -baseline-path "$json" -module "$module" \
                "${flags[@]}" "${allowlist[@]}" 2>&1); then
        echo "   $module: no breaking change"
    else
        echo "   $module:"
        echo "$output"
        broken=1
    fi
done
for module in $modules; do
    [[ -f "$baselines/$module.json" ]] || echo "   $module: new since the baseline, not compared"
done

if [[ $broken -ne 0 ]]; then
    echo "FAIL: the public API breaks code written against $commit. If that is intended, record it" >&2
    echo "as CHANGELOG.md says (\"Breaking changes on purpose\")." >&2
    exit 1
fi
echo "OK: no breaking change to the public API since $commit."

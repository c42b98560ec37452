#!/usr/bin/env bash
# Compares the public API of every library module with the last release's, and fails on a
# change that breaks users' code (a removed or renamed declaration, a changed type or signature,
# a new protocol requirement without a default, ...).
#
#   bash scripts/check-api-breaking.sh            (make check-api-breaking)
#
# The baseline is the commit named in scripts/api-baseline.txt (its last line that is not a
# comment). This script clones the repository at that commit into .build-api/baseline-src, builds
# its library products, and dumps each Swift module's API with swift-api-digester (kept in
# .build-api/baselines/COMMIT, so later runs skip this part); then it builds the current tree's
# library products and diagnoses each module against its dump. Modules the baseline did not have
# are new and not compared; a module the baseline had and the current tree lacks is a break.
# Breaks already decided for the next release are listed in scripts/api-breakage-allowlist.txt
# (see CHANGELOG.md, "Breaking changes on purpose").
#
# It does what `swift package diagnose-api-breaking-changes COMMIT` does, by hand: with Swift
# 6.3.1 that command fails on this package, because it hands the digester the module maps of
# both the host ("-tool") and the target builds of every C module, and clang refuses the second
# definition ("redefinition of module 'CNIOAtomics'", swiftlang/swift-package-manager#9254).
#
# The first run builds the libraries twice from nothing (about 18 minutes for the baseline on a
# 2-vCPU machine busy with other builds, as long again for the current tree); later runs reuse the
# baseline's dumps and rebuild only what changed.
set -euo pipefail

SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/.."
root=$PWD
scratch=$root/.build-api
digester=${SWIFT_API_DIGESTER:-$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/swift-api-digester}

commit=$(grep -v '^[[:space:]]*#' scripts/api-baseline.txt | grep -v '^[[:space:]]*$' | tail -1 | tr -d '[:space:]')
release=$(grep -m1 '^# Release:' scripts/api-baseline.txt | sed 's/^# Release: *//')
if [[ -z "$commit" ]]; then
    echo "scripts/api-baseline.txt names no commit" >&2
    exit 2
fi
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "The baseline commit $commit is not in this clone (a shallow clone?)." >&2
    echo "Fetch the whole history first: git fetch --unshallow (or clone without --depth)." >&2
    exit 2
fi
if [[ ! -x "$digester" ]]; then
    echo "swift-api-digester not found at $digester (set SWIFT_API_DIGESTER)" >&2
    exit 2
fi

# library_products PACKAGE_DIR SCRATCH: "PRODUCT TARGET..." for each library product, one a line.
library_products() {
    "$SWIFT" package --package-path "$1" --scratch-path "$2" dump-package | python3 -c '
import json, sys
for product in json.load(sys.stdin)["products"]:
    if "library" in product["type"]:
        print(product["name"], *product["targets"])'
}

# build_libraries PACKAGE_DIR SCRATCH: builds the targets of every library product (by target:
# `--product Statecharts` would build everything, as the package has the same name); prints
# their Swift modules.
build_libraries() {
    local package=$1 build=$2 target
    local -a targets
    mapfile -t targets < <(library_products "$package" "$build" | cut -d' ' -f2- | tr ' ' '\n' | sort -u)
    for target in "${targets[@]}"; do
        echo "   swift build --target $target" >&2
        "$SWIFT" build --package-path "$package" --scratch-path "$build" --target "$target" >&2
    done
    for target in "${targets[@]}"; do
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

baselines=$scratch/baselines/$commit
echo "Public API against $commit${release:+ (release $release)}"
if [[ ! -f "$baselines/.complete" ]]; then
    echo "== the baseline: clone, build, dump"
    rm -rf "$scratch/baseline-src" "$baselines"
    mkdir -p "$baselines"
    git clone --quiet --no-checkout "$root" "$scratch/baseline-src"
    git -C "$scratch/baseline-src" checkout --quiet --detach "$commit"
    modules=$(build_libraries "$scratch/baseline-src" "$scratch/baseline-build")
    mapfile -t flags < <(digester_flags "$scratch/baseline-src" "$scratch/baseline-build")
    for module in $modules; do
        "$digester" -dump-sdk -compiler-style-diags -module "$module" "${flags[@]}" \
            -o "$baselines/$module.json" > "$baselines/$module.log" 2>&1 || true
        # The digester writes an empty API when it cannot load a module: refuse that baseline.
        if ! python3 -c 'import json, sys; sys.exit(0 if json.load(open(sys.argv[1]))["ABIRoot"].get("children") else 1)' \
             "$baselines/$module.json" 2>/dev/null; then
            echo "FAIL: no API dumped for $module of the baseline:" >&2
            cat "$baselines/$module.log" >&2
            exit 2
        fi
        echo "   $module"
    done
    touch "$baselines/.complete"
fi

echo "== the current tree: build, compare"
modules=$(build_libraries "$root" "$scratch/current")
mapfile -t flags < <(digester_flags "$root" "$scratch/current")
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

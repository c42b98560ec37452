#!/usr/bin/env bash
# The core in Embedded Swift, and the traffic light of Examples/Embedded on a microcontroller.
#
#   bash scripts/embedded.sh test   # what `make test` runs: the core built for Cortex-M4
#                                   # (armv7em), RISC-V (riscv32) and wasm32; the firmware run
#                                   # under QEMU (mps2-an386) and its trace compared with the host's
#   bash scripts/embedded.sh run    # `make embedded`: builds and runs the firmware, prints all
#   bash scripts/embedded.sh size   # `make embedded-size`: flash and RAM of the firmware, of an
#                                   # empty firmware and of the C machine, instructions per event
#   bash scripts/embedded.sh wasm   # `make wasm-simulator`: the WebAssembly module and the
#                                   # simulator page, .build/embedded/wasm-simulator/index.html
#   bash scripts/embedded.sh profile [N]
#                                   # `make embedded-profile`: where the measured loop's
#                                   # instructions go on the Cortex-M4, by function (the top N)
#
# `test` also runs the WebAssembly module under wasmkit (the toolchain's) against the host's
# trace and drives the simulator page in headless Chromium (Tests/Browser/simulator_browser_test.py).
#
# Needs qemu-system-arm and gcc-arm-none-eabi (scripts/ensure-system-packages.sh embedded); the
# Swift toolchain brings the Embedded standard libraries, clang and ld.lld. Output in
# .build/embedded/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
mode="${1:-test}"
out="$root/.build/embedded"
board="Examples/Embedded/Board"
runtime="Examples/Embedded/Runtime"
mkdir -p "$out"

swift_flags() { # TARGET
    echo "-enable-experimental-feature Embedded -target $1 -wmo -parse-as-library -Osize -swift-version 6" \
         "-Xfrontend -disable-stack-protector -Xfrontend -function-sections"
}

# The host's build of the traffic light: its trace, and the `@CompiledStatechart` macro's
# plugin (a host program) that the Embedded builds load.
host="$root/.build/debug/statecharts-traffic-light"
macros="$root/.build/debug/StatechartsCompiledMacros-tool#StatechartsCompiledMacros"
build_host() {
    swift build --product statecharts-traffic-light >/dev/null
}

# The core and StatechartsCompiled as Embedded Swift modules for TARGET, in $out/TARGET.
build_core() {
    local target="$1" dir="$out/$1"
    mkdir -p "$dir"
    # shellcheck disable=SC2046
    swiftc $(swift_flags "$target") -module-name Statecharts -package-name Statecharts \
        -emit-module -emit-module-path "$dir/Statecharts.swiftmodule" -c -o "$dir/Statecharts.o" \
        $(find Sources/Statecharts -name '*.swift' | sort)
    # shellcheck disable=SC2046
    swiftc $(swift_flags "$target") -module-name StatechartsCompiled -package-name Statecharts -I "$dir" \
        -load-plugin-executable "$macros" \
        -emit-module -emit-module-path "$dir/StatechartsCompiled.swiftmodule" -c -o "$dir/StatechartsCompiled.o" \
        Sources/StatechartsCompiled/*.swift
    echo "embedded: the core and StatechartsCompiled build for $target ($(stat -c %s "$dir/Statecharts.o") + $(stat -c %s "$dir/StatechartsCompiled.o") bytes of object code)"
}

# The traffic light's chart (its @CompiledStatechart expanded, its generated code compiled) for
# TARGET: what a RISC-V firmware would link, built but not run (no RISC-V board is emulated here).
build_chart() {
    local target="$1" dir="$out/$1"
    # shellcheck disable=SC2046
    swiftc $(swift_flags "$target") -module-name TrafficLight -I "$dir" -load-plugin-executable "$macros" \
        -c -o "$dir/TrafficLight.o" Examples/Embedded/Chart/*.swift
    echo "embedded: the compiled traffic light builds for $target ($(stat -c %s "$dir/TrafficLight.o") bytes of object code)"
}

arm_cc() { arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=soft -Os -ffreestanding -fno-builtin \
                             -ffunction-sections -fdata-sections -Wall -Werror "$@"; }
libgcc() { arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=soft -print-libgcc-file-name; }

# A firmware for mps2-an386 from Swift sources and the board's startup: $out/NAME.elf.
link_swift_firmware() {
    local name="$1"; shift
    local dir="$out/armv7em-none-none-eabi"
    # shellcheck disable=SC2046
    swiftc $(swift_flags armv7em-none-none-eabi) -enable-experimental-feature Extern -module-name "$name" \
        -I "$dir" -load-plugin-executable "$macros" -c -o "$out/$name.o" "$@"
    ld.lld -T "$board/link.ld" --gc-sections "$out/startup.o" "$out/runtime.o" "$out/$name.o" \
        "$dir/Statecharts.o" "$dir/StatechartsCompiled.o" \
        /opt/swift/usr/lib/swift/embedded/armv7em-none-none-eabi/libswiftUnicodeDataTables.a "$(libgcc)" \
        -o "$out/$name.elf"
}

build_firmware() {
    build_core armv7em-none-none-eabi
    arm_cc -I "$runtime" -c "$board/startup.c" -o "$out/startup.o"
    arm_cc -I "$runtime" -c "$runtime/runtime.c" -o "$out/runtime.o"
    link_swift_firmware TrafficLight Examples/Embedded/Chart/*.swift Examples/Embedded/Firmware/*.swift
    link_swift_firmware Empty Examples/Embedded/Empty/main.swift
    arm_cc -I "$board" -I "$runtime" -c Examples/Embedded/CMachine/traffic.c -o "$out/traffic-c.o"
    arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -nostdlib -nostartfiles -Wl,--gc-sections -T "$board/link.ld" \
        "$out/startup.o" "$out/runtime.o" "$out/traffic-c.o" -lgcc -o "$out/TrafficLightC.elf"
}

# Runs a firmware under QEMU (instructions counted: -icount), with a time limit; its output in
# $out/NAME.out. QEMU exits with the firmware's status (semihosting).
run_firmware() {
    local name="$1"
    timeout 120 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial stdio \
        -semihosting-config enable=on,target=native -icount shift=0 -kernel "$out/$name.elf" > "$out/$name.out" 2>&1
}

# The traffic light as a WebAssembly module (Examples/WasmSimulator): $out/traffic-light.wasm.
build_wasm_module() {
    local target=wasm32-unknown-none-wasm dir="$out/wasm32-unknown-none-wasm"
    [ -f "$dir/Statecharts.o" ] || build_core "$target"
    # shellcheck disable=SC2046
    swiftc $(swift_flags "$target") -module-name TrafficLightWasm -I "$dir" -load-plugin-executable "$macros" \
        -c -o "$out/wasm-module.o" \
        Examples/Embedded/Chart/*.swift Examples/WasmSimulator/Module/*.swift
    local cc=(clang --target=wasm32-unknown-unknown -Os -ffreestanding -fno-builtin -nostdlib -Wall -Werror -I "$runtime")
    "${cc[@]}" -c "$runtime/runtime.c" -o "$out/wasm-runtime.o"
    "${cc[@]}" -c Examples/WasmSimulator/Runtime/wasm.c -o "$out/wasm-platform.o"
    local exports=()
    for name in sim_start sim_send sim_advance sim_is_active sim_can sim_now sim_counter sim_pending; do
        exports+=("--export=$name")
    done
    wasm-ld --gc-sections --no-entry "${exports[@]}" "$out/wasm-platform.o" "$out/wasm-runtime.o" \
        "$out/wasm-module.o" "$dir/Statecharts.o" "$dir/StatechartsCompiled.o" \
        "/opt/swift/usr/lib/swift/embedded/$target/libswiftUnicodeDataTables.a" -o "$out/traffic-light.wasm"
    echo "embedded: the WebAssembly module: $(stat -c %s "$out/traffic-light.wasm") bytes"
}

# The simulator page: the template with its style, the diagram (rendered by the host through
# Graphviz), the module (base64) and its script inlined: $out/wasm-simulator/index.html.
build_page() {
    local page="$out/wasm-simulator"
    mkdir -p "$page"
    "$host" --svg "$out/traffic-light.svg"
    /usr/bin/python3 - "$out/traffic-light.svg" "$out/traffic-light.wasm" "$page/index.html" <<'PY'
import base64, re, sys
svg_path, wasm_path, out_path = sys.argv[1:]
folder = "Examples/WasmSimulator/Page/"
page = open(folder + "index.html", encoding="utf-8").read()
svg = open(svg_path, encoding="utf-8").read()
svg = svg[svg.index("<svg"):]  # without the XML declaration and doctype
parts = {
    "/*STYLE*/": open(folder + "simulator.css", encoding="utf-8").read(),
    "<!--DIAGRAM-->": svg,
    "/*MODULE*/": base64.b64encode(open(wasm_path, "rb").read()).decode(),
    "/*SCRIPT*/": open(folder + "simulator.js", encoding="utf-8").read(),
}
for marker, text in parts.items():
    assert page.count(marker) == 1, marker
    page = page.replace(marker, text)
open(out_path, "w", encoding="utf-8").write(page)
PY
    echo "embedded: the simulator page: $page/index.html ($(stat -c %s "$page/index.html") bytes)"
}

# The host's traces: both (host.out), and the plain chart's alone (host-plain.out), which the C
# machine prints.
host_trace() {
    "$host" > "$out/host.out"
    sed -n '/^== plain$/,/^== compiled$/p' "$out/host.out" | sed '1d;$d' > "$out/host-plain.out"
}

compare() { # NAME HOST-TRACE WHERE: NAME's trace lines (not `#`) against the host's
    if ! diff <(grep -v '^#' "$out/$1.out") "$out/$2" > "$out/$1.diff"; then
        echo "embedded: FAIL: the trace of $1 $3 differs from the host's:" >&2
        cat "$out/$1.diff" >&2
        return 1
    fi
    echo "embedded: $1's trace $3 equals the host's ($(wc -l < "$out/$2") lines)"
}

sizes() { # NAME: flash (text + rodata + data's image) and static RAM (data + bss), from the ELF
    arm-none-eabi-size -A "$out/$1.elf" | awk -v name="$1" '
        $1 == ".text" || $1 == ".rodata" || $1 ~ /^\.ARM/ { flash += $2 }
        $1 == ".data" { flash += $2; ram += $2 }
        $1 == ".bss" || $1 == ".got" { ram += $2 }
        END { printf "%s flash %d bytes, static RAM %d bytes\n", name, flash, ram }'
}

# Where the firmware's measured loops spend their instructions, function by function: QEMU runs
# it one instruction per translation block and logs each one's symbol (-singlestep -d
# exec,nochain) into a pipe, and the instructions between the SysTick reads that bracket each
# loop (board_ticks: two around the plain loop, then two around the compiled one; the
# calibration at start reads SysTick inline) are counted by function, per event. Slow (the run takes a minute or two); a
# function that inlines others is charged for them.
profile_firmware() { # TOP
    local fifo="$out/exec.fifo" report="$out/profile.txt"
    rm -f "$fifo"
    mkfifo "$fifo"
    awk -v events=1000 -v top="$1" '
        # Only the trace lines (QEMU also notes blocks it re-runs after a device read).
        $1 != "Trace" { next }
        { s = $NF }
        s == "board_ticks" && previous != "board_ticks" { reads++ }
        s != "board_ticks" && (reads == 1 || reads == 3) {
            loop = reads == 1 ? "plain" : "compiled"
            count[loop, s]++; total[loop]++
            # The instructions of memcpy again, by the function that called it: which copies of
            # values the optimizer left.
            if (s == "memcpy") copied[loop, caller]++
        }
        # The caller: the last function that is not memcpy or its ABI entry points.
        s !~ /^(__aeabi_)?memcpy[0-9]*$/ { caller = s }
        { previous = s }
        # The `limit` largest counts of `loop` in `counts` (keyed by loop and function), per event,
        # largest first: a selection of the top rows (awk has no portable sort).
        function printTop(counts, loop, limit, indent,    key, part, rows, n, i, j, best, t, field) {
            n = 0
            for (key in counts) {
                split(key, part, SUBSEP)
                if (part[1] == loop) { n++; rows[n] = sprintf("%012d %s", counts[key], part[2]) }
            }
            for (i = 1; i <= limit && i <= n; i++) {
                best = i
                for (j = i + 1; j <= n; j++) if (rows[j] > rows[best]) best = j
                t = rows[i]; rows[i] = rows[best]; rows[best] = t
                split(rows[i], field, " ")
                printf "%8.1f%s%s\n", field[1] / events, indent, field[2]
            }
        }
        END {
            split("plain compiled", loops, " ")
            for (l = 1; l <= 2; l++) {
                name = loops[l]
                printf "%s instance: %.0f instructions per event\n", name, total[name] / events
                printTop(count, name, top, "  ")
                printf "  memcpy by caller:\n"
                printTop(copied, name, 8, "    ")
            }
        }' < "$fifo" > "$report" &
    local reader=$!
    timeout 900 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial null \
        -semihosting-config enable=on,target=native -icount shift=0 -singlestep -d exec,nochain -D "$fifo" \
        -kernel "$out/TrafficLight.elf" > /dev/null 2>&1 || true
    wait "$reader"
    rm -f "$fifo"
    # Swift's symbols, demangled when the toolchain's demangler is at hand.
    if command -v swift >/dev/null 2>&1; then
        swift demangle --simplified < "$report" | sed -E 's/^( *[0-9.]+  )\$?[^ ]+ ---> /\1/'
    else
        cat "$report"
    fi
}

case "$mode" in
    test)
        build_host
        build_firmware
        build_core riscv32-none-none-eabi
        build_chart riscv32-none-none-eabi
        build_core wasm32-unknown-none-wasm
        build_wasm_module
        run_firmware TrafficLight || { echo "embedded: the firmware failed under QEMU:" >&2; cat "$out/TrafficLight.out" >&2; exit 1; }
        run_firmware TrafficLightC || { echo "embedded: the C machine failed under QEMU:" >&2; cat "$out/TrafficLightC.out" >&2; exit 1; }
        host_trace
        compare TrafficLight host.out "on the Cortex-M4 (plain and compiled)"
        compare TrafficLightC host-plain.out "on the Cortex-M4 (the C machine)"
        wasmkit run "$out/traffic-light.wasm" > "$out/wasm.out"
        compare wasm host.out "under wasmkit (plain and compiled)"
        grep '^#' "$out/TrafficLight.out" | sed 's/^# /embedded: firmware: /'
        # No heap after start: once the script has run, 1,000 sends allocate nothing on the device.
        if ! grep -qx '# allocations in the measured loop: plain 0, compiled 0' "$out/TrafficLight.out"; then
            echo "embedded: FAIL: sending allocated on the device (see the line above)" >&2
            exit 1
        fi
        build_page
        /usr/bin/python3 Tests/Browser/simulator_browser_test.py "$out/wasm-simulator/index.html" \
            --screenshot "$out/wasm-simulator/simulator.png"
        ;;
    wasm)
        build_host
        build_core wasm32-unknown-none-wasm
        build_wasm_module
        build_page
        ;;
    run)
        build_host
        build_firmware
        run_firmware TrafficLight || true
        cat "$out/TrafficLight.out"
        ;;
    size)
        build_host
        build_firmware
        run_firmware TrafficLight || true
        run_firmware TrafficLightC || true
        run_firmware Empty || true
        for name in Empty TrafficLight TrafficLightC; do
            echo "embedded: $(sizes $name)"
            grep '^#' "$out/$name.out" | sed "s/^# /embedded: $name: /"
        done
        ;;
    profile)
        build_host
        build_firmware
        profile_firmware "${2:-25}"
        ;;
    *)
        echo "usage: scripts/embedded.sh test|run|size|wasm|profile [N]" >&2
        exit 2
        ;;
esac

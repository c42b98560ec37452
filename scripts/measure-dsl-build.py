#!/usr/bin/env python3
"""The type-checking time of a chart written with the DSL, by size and by how it is written.

Writes one chart of N states (N/5 compound states of five children each, N counting the children;
each child has an entry action and three transitions, one with a guard and one with an action) in the forms below and runs
`swiftc -typecheck` on each file alone against the modules of this project's debug build (run
`swift build` first), with the `@CompiledStatechart` macro loaded for the compiled forms. Prints
the CPU time (user + system) of each, the best of RUNS runs, as a Markdown table, and the ratio of
each size's time to the one before it.

  one expression    let chart = try Statechart<S, E, C>("big") { ...every state... }
  parts of 50       the same, with each 50 states built by a `@StateContentBuilder` function
  compiled, let     @CompiledStatechart with `static let definition = Definition("big") { ... }`
  compiled, func    @CompiledStatechart with `static func makeDefinition() -> Definition { ... }`
  naive builder     the same text as "one expression" against a minimal result builder declared
                    in the file (concrete types, no generics, no protocols, one `buildBlock`)
  bare builder      that builder with no overloads, no closures and explicit types (`S.s0_1` for
                    `.s0_1`): the same nesting and number of statements, nothing else; the floor
                    under any DSL of this shape

    python3 scripts/measure-dsl-build.py                 # 100, 200 and 400 states, 2 runs each
    python3 scripts/measure-dsl-build.py --sizes 100 200 --runs 1 --forms one parts

`make dsl-build-cost` runs the default (the first four forms), `make dsl-build-floor` the two
builders. docs/guide.md ("Large charts and build time") shows their tables.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMS = {
    "one": "one expression",
    "parts": "parts of 50",
    "let": "compiled, let",
    "function": "compiled, func",
    "floor": "naive builder",
    "bare": "bare builder",
}

# The naive builder's DSL: the names and call shapes of the chart's text, each a plain function
# returning one concrete type, and a builder with one method each.
FLOOR_DSL = """
struct Node {}
struct Guard { init(_ condition: @escaping (C) -> Bool) {} }
@resultBuilder enum Builder {
    static func buildExpression(_ node: Node) -> [Node] { [node] }
    static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
}
func State(_ id: S, @Builder _ body: () -> [Node]) -> Node { _ = body(); return Node() }
func OnEntry(_ action: @escaping (inout C) -> Void) -> Node { Node() }
func On(_ event: E, to target: S, _ action: @escaping (inout C) -> Void) -> Node { Node() }
func On(_ event: E, to target: S, guard condition: Guard) -> Node { Node() }
func On(_ event: E, to target: S) -> Node { Node() }
func Statechart(_ name: String, @Builder _ body: () -> [Node]) -> Node { _ = body(); return Node() }
"""
EVENTS = 8


def group_states(group, groups):
    """The DSL of compound state `group`: five children, each with an entry action and three
    transitions (to a sibling with an action, to the next group's first child with a guard, and
    to the compound state two groups on)."""
    lines = [f"State(.g{group}) {{"]
    for child in range(5):
        e = (group * 5 + child) % EVENTS
        lines += [
            f"    State(.s{group}_{child}) {{",
            "        OnEntry { $0.count += 1 }",
            f"        On(.e{e}, to: .s{group}_{(child + 1) % 5}) {{ $0.count += 1 }}",
            f"        On(.e{(e + 1) % EVENTS}, to: .s{(group + 1) % groups}_0, guard: Guard {{ $0.count > 2 }})",
            f"        On(.e{(e + 2) % EVENTS}, to: .g{(group + 2) % groups})",
            "    }",
        ]
    lines.append("}")
    return lines


def bare_group_states(group, groups):
    """`group_states` for the bare builder: the same statements, without closures, overloads or
    implicit member expressions."""
    lines = [f"State(S.g{group}) {{"]
    for child in range(5):
        e = (group * 5 + child) % EVENTS
        lines += [
            f"    State(S.s{group}_{child}) {{",
            "        Entry()",
            f"        OnWithAction(E.e{e}, to: S.s{group}_{(child + 1) % 5})",
            f"        OnWithGuard(E.e{(e + 1) % EVENTS}, to: S.s{(group + 1) % groups}_0)",
            f"        On(E.e{(e + 2) % EVENTS}, to: S.g{(group + 2) % groups})",
            "    }",
        ]
    lines.append("}")
    return lines


BARE_DSL = """
struct Node {}
@resultBuilder enum Builder {
    static func buildExpression(_ node: Node) -> [Node] { [node] }
    static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
}
func State(_ id: S, @Builder _ body: () -> [Node]) -> Node { _ = body(); return Node() }
func Entry() -> Node { Node() }
func OnWithAction(_ event: E, to target: S) -> Node { Node() }
func OnWithGuard(_ event: E, to target: S) -> Node { Node() }
func On(_ event: E, to target: S) -> Node { Node() }
func Statechart(_ name: String, @Builder _ body: () -> [Node]) -> Node { _ = body(); return Node() }
"""


def indent(lines, spaces):
    return [" " * spaces + line for line in lines]


def chart_source(states, form):
    groups = max(1, states // 5)
    ids = []
    for g in range(groups):
        ids.append(f"g{g}")
        ids += [f"s{g}_{c}" for c in range(5)]
    module = "StatechartsCompiled" if form in ("let", "function") else "Statecharts"
    event_protocols = "Hashable, CaseIterable" if form in ("floor", "bare") else "StatechartEvent, Hashable, CaseIterable"
    out = [] if form in ("floor", "bare") else [f"import {module}", ""]
    out += [f"enum S: Hashable, Sendable {{ case {', '.join(ids)} }}",
            f"enum E: {event_protocols} {{ case {', '.join(f'e{k}' for k in range(EVENTS))} }}",
            "struct C: Sendable { var count = 0 }", ""]
    body = [line for g in range(groups) for line in group_states(g, groups)]
    if form == "one":
        out += ["func makeChart() throws -> Statechart<S, E, C> {",
                '    try Statechart<S, E, C>("big") {'] + indent(body, 8) + ["    }", "}"]
    elif form in ("floor", "bare"):
        if form == "bare":
            body = [line for g in range(groups) for line in bare_group_states(g, groups)]
        out += (FLOOR_DSL if form == "floor" else BARE_DSL).split("\n")
        out += ["func makeChart() -> Node {",
                '    Statechart("big") {'] + indent(body, 8) + ["    }", "}"]
    elif form == "parts":
        per_part = 10  # groups of five children: 50 states a part
        parts = [list(range(g, min(g + per_part, groups))) for g in range(0, groups, per_part)]
        for k, part in enumerate(parts):
            out += ["@StateContentBuilder<S, E, C>",
                    f"func part{k}() -> [StateContent<S, E, C>] {{"]
            out += indent([line for g in part for line in group_states(g, groups)], 4)
            out += ["}", ""]
        out += ["func makeChart() throws -> Statechart<S, E, C> {",
                '    try Statechart<S, E, C>("big") {'] + indent([f"part{k}()" for k in range(len(parts))], 8)
        out += ["    }", "}"]
    else:
        out += ["@CompiledStatechart", "enum BigChart {",
                "    typealias StateID = S", "    typealias Event = E", "    typealias Context = C"]
        if form == "let":
            out += ['    static let definition = Definition("big") {'] + indent(body, 8) + ["    }"]
        else:
            out += ["    static func makeDefinition() -> Definition {",
                    '        Definition("big") {'] + indent(body, 12) + ["        }", "    }"]
        out += ["}"]
    return "\n".join(out) + "\n"


def typecheck_seconds(path, bin_path):
    """The CPU time of `swiftc -typecheck` on `path` alone."""
    command = ["swiftc", "-typecheck", path, "-module-name", "BigChart", "-parse-as-library",
               "-swift-version", "6", "-I", os.path.join(bin_path, "Modules"),
               "-Xfrontend", "-load-plugin-executable", "-Xfrontend",
               os.path.join(bin_path, "StatechartsCompiledMacros-tool") + "#StatechartsCompiledMacros"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(command, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"measure-dsl-build: {path} does not type-check:\n{result.stderr[-3000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 400])
    parser.add_argument("--forms", nargs="+", choices=list(FORMS), default=[f for f in FORMS if f not in ("floor", "bare")])
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    # The two builders are declared in the file: they need no module of the project.
    uses_project = any(form not in ("floor", "bare") for form in args.forms)
    for needed in ("Modules/Statecharts.swiftmodule", "Modules/StatechartsCompiled.swiftmodule",
                   "StatechartsCompiledMacros-tool"):
        if uses_project and not os.path.exists(os.path.join(bin_path, needed)):
            sys.exit(f"measure-dsl-build: {os.path.join(bin_path, needed)} is missing: run `swift build` first")
    times = {}
    with tempfile.TemporaryDirectory(prefix="dsl-build-") as work:
        for form in args.forms:
            for states in args.sizes:
                path = os.path.join(work, f"{form}{states}.swift")
                with open(path, "w") as f:
                    f.write(chart_source(states, form))
                best = min(typecheck_seconds(path, bin_path) for _ in range(args.runs))
                times[(form, states)] = best
                print(f"measure-dsl-build: {FORMS[form]}, {states} states: {best:.1f} s "
                      f"(load average {os.getloadavg()[0]:.1f})", file=sys.stderr)
    print("| States | " + " | ".join(FORMS[f] for f in args.forms) + " |")
    print("|---" * (len(args.forms) + 1) + "|")
    for k, states in enumerate(args.sizes):
        cells = []
        for form in args.forms:
            cell = f"{times[(form, states)]:.1f} s"
            if k > 0:
                cell += f" ({times[(form, states)] / times[(form, args.sizes[k - 1])]:.1f}×)"
            cells.append(cell)
        print(f"| {states} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generates random compiled charts (`@CompiledStatechart`) as Swift source.

Two uses:

* The lockstep charts of the StatechartsCompiledTests target (the default): COUNT random charts,
  each in a file of its own under Tests/StatechartsCompiledTests/Generated/, with a list that the
  lockstep test runs against each chart's table twin. Regenerate with `make generated-charts`
  (or `python3 scripts/generate-compiled-charts.py`); the output depends only on --seed and --count.
* A big chart for measuring build cost (`--big STATES --big-out FILE`): one chart of about STATES
  states in FILE, for scripts/measure-compiled-build.sh, written as `static func makeDefinition()`
  (or, with `--big-form let`, as `static let definition`).

Every fourth test chart is also written as `static func makeDefinition()` in FunctionForm/, and run
in lockstep against the same chart written as `static let definition`.

Every chart is valid by construction (the macro runs the core's validation at build time, so an
invalid chart here is a bug of this script), and every run terminates: eventless transitions are
guarded by `a > 0` and decrement `a`; only event-triggered actions set `a`; done transitions never
lead back into a final state; only events other than `r` raise `r`, whose transitions raise nothing.
"""

import argparse
import os
import random
import sys

DEFAULT_SEED = 20261124
DEFAULT_COUNT = 48
# Every FUNCTION_FORM_EVERY-th chart is also written as `static func makeDefinition()`.
FUNCTION_FORM_EVERY = 4
OUT_DIR = "Tests/StatechartsCompiledTests/Generated"


class Node:
    def __init__(self, name, kind, parent):
        self.name = name
        self.kind = kind  # "atomic", "compound", "parallel", "final", "history"
        self.parent = parent
        self.children = []
        self.history_deep = False
        self.history_default = None
        self.history_actions = False
        self.initial = None          # a descendant, written `initial:`
        self.initial_element = None  # a descendant, written `Initial(..., actions:)`
        self.transitions = []
        self.entries = []
        self.exits = []

    def descendants(self):
        for child in self.children:
            yield child
            yield from child.descendants()

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def is_descendant_of(self, other):
        return any(a is other for a in self.ancestors())


class Transition:
    def __init__(self, element):
        self.element = element  # "On", "Always", "OnDone"
        self.events = []
        self.targets = []
        self.internal = False
        self.when_in = []
        self.guard = None
        self.action = None
        self.done_of = None


class Generator:
    """Builds one random chart; `rng` decides everything, so a seed gives the same chart."""

    def __init__(self, rng, prefix, max_states, max_depth, events, big=False):
        self.rng = rng
        self.prefix = prefix
        self.max_states = max_states
        self.max_depth = max_depth
        self.events = [f"e{i}" for i in range(events)]
        self.uses_raise = False
        self.big = big
        self.count = 0
        self.root = Node("root", "root", None)

    # --- the tree -------------------------------------------------------------------------

    def new_name(self, kind):
        self.count += 1
        letter = {"atomic": "s", "compound": "c", "parallel": "p", "final": "f", "history": "h"}[kind]
        return f"{letter}{self.count}"

    def pick_kind(self, depth):
        if depth >= self.max_depth or self.count >= self.max_states:
            return "atomic"
        r = self.rng.random()
        if self.big:
            return "compound" if r < 0.25 else "atomic"
        if r < 0.30:
            return "compound"
        if r < 0.42:
            return "parallel"
        return "atomic"

    def build(self):
        top = self.rng.randint(2, 4) if not self.big else 4
        while True:
            for _ in range(top):
                self.root.children.append(self.make(self.pick_kind(1), self.root, 1))
            if not self.big or self.count >= self.max_states:
                break

    def make(self, kind, parent, depth):
        node = Node(self.new_name(kind), kind, parent)
        if kind == "compound":
            n = self.rng.randint(2, 4) if not self.big else self.rng.randint(3, 6)
            for _ in range(n):
                node.children.append(self.make(self.pick_kind(depth + 1), node, depth + 1))
            real = [c for c in node.children]
            if self.rng.random() < 0.35:
                node.children.append(Node(self.new_name("final"), "final", node))
            if not self.big and self.rng.random() < 0.35:
                h = Node(self.new_name("history"), "history", node)
                h.history_deep = self.rng.random() < 0.5
                if self.rng.random() < 0.7:
                    candidates = [d for c in real for d in [c] + list(c.descendants()) if d.kind not in ("history", "final")]
                    h.history_default = self.rng.choice(candidates)
                    h.history_actions = self.rng.random() < 0.4
                node.children.insert(self.rng.randint(0, len(node.children)), h)
            r = self.rng.random()
            # The default entry never lands in a final state (see the module comment).
            if r < 0.3:
                node.initial = self.rng.choice(real)
            elif r < 0.45 and not self.big:
                choices = [d for c in real for d in [c] + list(c.descendants()) if d.kind not in ("history", "final")]
                node.initial_element = self.rng.choice(choices)
            elif real[0] is not node.children[0]:
                node.initial = real[0]
        elif kind == "parallel":
            for _ in range(self.rng.randint(2, 3)):
                region_kind = "compound" if self.rng.random() < 0.8 else "atomic"
                if depth + 1 >= self.max_depth:
                    region_kind = "atomic"
                node.children.append(self.make(region_kind, node, depth + 1))
        return node

    def all_nodes(self):
        return list(self.root.descendants())

    # --- transitions and actions ----------------------------------------------------------

    def completes(self, node):
        """Whether `node` can raise a done event (a compound with a final child, a parallel whose
        regions all can)."""
        if node.kind == "compound":
            return any(c.kind == "final" for c in node.children)
        if node.kind == "parallel":
            return all(self.completes(c) for c in node.children)
        return False

    def transition_action(self, tag, element):
        r = self.rng.random()
        if element == "Always":
            return "{ $0.a -= 1; $0.log.append(\"%s\") }" % tag
        if r < 0.35:
            return "{ $0.log.append(\"%s\"); $0.n += 1 }" % tag
        if r < 0.6:
            return "{ $0.log.append(\"%s\"); $0.a = %d }" % (tag, self.rng.randint(1, 3))
        if r < 0.75 and element == "On" and not self.big:
            return "{ context, event, outbox in context.log.append(\"%s \\(String(describing: event))\"); outbox.raise(.r) }" % tag
        if r < 0.85 and element == "On":
            # `On` takes a one- or three-parameter action.
            return "{ context, event, _ in context.log.append(\"%s \\(String(describing: event))\") }" % tag
        return None

    def guard(self, element):
        if element == "Always":
            return self.rng.choice(["Guard { $0.a > 0 }", "Guard { $0.a > 0 && $0.n % 2 == 0 }", "Guard { $0.a > 1 }"])
        return self.rng.choice([
            "Guard { $0.n % 3 != 1 }",
            "Guard { $0.n % 2 == 0 }",
            "Guard { $0.log.count % 3 != 0 }",
            "Guard { $0.a == 0 }",
            "Guard { context, event in event != .e0 || context.n % 2 == 1 }",
        ])

    def legal_targets(self, exclude_final=False):
        return [n for n in self.all_nodes() if not (exclude_final and n.kind in ("final", "history"))]

    def multi_targets(self):
        """Two or three targets in different regions of one parallel state, or None."""
        parallels = [n for n in self.all_nodes() if n.kind == "parallel"]
        if not parallels:
            return None
        p = self.rng.choice(parallels)
        regions = self.rng.sample(p.children, self.rng.randint(2, len(p.children)))
        targets = []
        for region in regions:
            inside = [region] + [d for d in region.descendants() if d.kind != "history"]
            targets.append(self.rng.choice(inside))
        return targets

    def add_transitions(self):
        tag = 0
        for node in self.all_nodes():
            if node.kind in ("final", "history"):
                continue
            n = self.rng.choice([0, 1, 1, 1, 2, 2, 3]) if not self.big else self.rng.choice([0, 1, 1, 2])
            if node.kind == "atomic" and n == 0 and not self.big:
                n = 1
            for _ in range(n):
                tag += 1
                node.transitions.append(self.random_transition(node, f"t{tag}"))
            # Every atomic state can be left: a chart stuck in its first state would test little.
            if node.kind == "atomic" and not self.big and not any(
                    t.element == "On" and t.targets and not t.guard and not t.when_in for t in node.transitions):
                tag += 1
                t = Transition("On")
                t.events = [self.rng.choice(self.events)]
                t.targets = [self.rng.choice([x for x in self.legal_targets() if x is not node])]
                t.action = "{ $0.log.append(\"t%d\"); $0.n += 1 }" % tag
                node.transitions.append(t)
            if self.completes(node) and self.rng.random() < 0.8:
                tag += 1
                t = Transition("OnDone")
                outside = [x for x in self.legal_targets(exclude_final=True) if x is not node and not x.is_descendant_of(node)]
                if outside:
                    t.targets = [self.rng.choice(outside)]
                t.action = self.transition_action(f"t{tag}", "OnDone") if self.rng.random() < 0.7 else None
                node.transitions.append(t)
        # Entry and exit actions.
        for node in self.all_nodes():
            if node.kind == "history":
                continue
            if self.rng.random() < 0.7:
                if self.rng.random() < 0.25 and not self.big:
                    node.entries.append("{ context, event in context.log.append(\"in %s \\(String(describing: event))\") }" % node.name)
                elif self.rng.random() < 0.3:
                    node.entries.append("{ $0.log.append(\"in %s\"); $0.n += 1 }" % node.name)
                else:
                    node.entries.append("{ $0.log.append(\"in %s\") }" % node.name)
            if self.rng.random() < 0.6:
                node.exits.append("{ $0.log.append(\"out %s\") }" % node.name)

    def random_transition(self, node, tag):
        rng = self.rng
        r = rng.random()
        if self.big:
            element = "On"
        elif r < 0.15:
            element = "Always"
        elif r < 0.2 and any(self.completes(x) for x in self.all_nodes()):
            element = "OnDone"
        else:
            element = "On"
        t = Transition(element)
        if element == "On":
            t.events = [rng.choice(self.events)]
            if rng.random() < 0.15:
                other = rng.choice(self.events)
                if other not in t.events:
                    t.events.append(other)
            if not self.big and rng.random() < 0.12:
                t.events = ["r"] if rng.random() < 0.5 else t.events + ["r"]
        if element == "OnDone":
            t.done_of = rng.choice([x for x in self.all_nodes() if self.completes(x)])
        # Targets.
        shape = rng.random()
        descendants = [d for d in node.descendants()]
        if element == "OnDone":
            outside = [x for x in self.legal_targets(exclude_final=True) if not x.is_descendant_of(t.done_of) and x is not t.done_of]
            t.targets = [rng.choice(outside)] if outside and shape < 0.85 else []
        elif shape < 0.15 and not self.big:
            t.targets = []  # targetless
        elif shape < 0.3 and node.kind == "compound" and descendants and not self.big:
            t.targets = [rng.choice(descendants)]
            t.internal = True
        elif shape < 0.4 and not self.big:
            t.targets = self.multi_targets() or [rng.choice(self.legal_targets())]
        else:
            t.targets = [rng.choice(self.legal_targets())]
        if element == "Always" or rng.random() < 0.3:
            if not self.big or rng.random() < 0.5:
                t.guard = self.guard(element)
        if element == "On" and not self.big and rng.random() < 0.08:
            t.when_in = [rng.choice(self.all_nodes()).name]
        if element == "On" and "r" in t.events:
            # What `r` triggers never raises.
            t.action = "{ $0.log.append(\"%s\") }" % tag
        else:
            t.action = self.transition_action(tag, element)
        if t.action and "outbox" in t.action:
            self.uses_raise = True
        return t

    # --- Swift ----------------------------------------------------------------------------

    def swift_transition(self, t):
        args = []
        if t.element == "On":
            args += ["." + e for e in t.events]
        if t.element == "OnDone" and t.done_of is not None:
            args.append(f"of: .{t.done_of.name}")
        if t.targets:
            args.append("to: " + ", ".join("." + x.name for x in t.targets))
        if t.internal:
            args.append("kind: .internal")
        if t.when_in:
            args.append("whenIn: [" + ", ".join("." + x for x in t.when_in) + "]")
        if t.guard:
            args.append("guard: " + t.guard)
        call = f"{t.element}({', '.join(args)})" if args else t.element + "()"
        if t.action:
            if not args:
                call = t.element
            return f"{call} {t.action}"
        return call

    def swift_node(self, node, indent):
        pad = "    " * indent
        lines = []
        if node.kind == "history":
            args = [f".{node.name}"]
            if node.history_deep:
                args.append(".deep")
            if node.history_default is not None:
                args.append(f"default: .{node.history_default.name}")
                if node.history_actions:
                    args.append("actions: [Action { $0.log.append(\"default %s\") }]" % node.name)
            lines.append(f"{pad}History({', '.join(args)})")
            return lines
        element = {"atomic": "State", "compound": "State", "parallel": "Parallel", "final": "Final"}[node.kind]
        args = [f".{node.name}"]
        if node.initial is not None:
            args.append(f"initial: .{node.initial.name}")
        head = f"{pad}{element}({', '.join(args)})"
        body = []
        inner = "    " * (indent + 1)
        if node.initial_element is not None:
            body.append(f"{inner}Initial(.{node.initial_element.name}, actions: [Action {{ $0.log.append(\"init {node.name}\") }}])")
        for e in node.entries:
            body.append(f"{inner}OnEntry {e}")
        for e in node.exits:
            body.append(f"{inner}OnExit {e}")
        for t in node.transitions:
            body.append(inner + self.swift_transition(t))
        for child in node.children:
            body += self.swift_node(child, indent + 1)
        if not body:
            lines.append(head)
        else:
            lines.append(head + " {")
            lines += body
            lines.append(pad + "}")
        return lines

    def swift(self, type_name, chart_name, header, form="let", declare_types=True):
        """The chart's source; `form` "function" writes `static func makeDefinition()` instead of
        `static let definition`; without `declare_types`, the state and event enums are left out."""
        states = [n.name for n in self.all_nodes()]
        events = self.events + (["r"] if self.uses_raise or self.any_r() else [])
        out = [header, "import StatechartsCompiled", ""]
        if declare_types:
            out.append(f"enum {self.prefix}State: Hashable, Sendable {{")
            out += wrap_cases(states)
            out.append("}")
            out.append("")
            out.append(f"enum {self.prefix}Event: StatechartEvent, Hashable, CaseIterable {{")
            out += wrap_cases(events)
            out.append("}")
            out.append("")
        out.append("@CompiledStatechart")
        out.append(f"enum {type_name} {{")
        out.append(f"    typealias StateID = {self.prefix}State")
        out.append(f"    typealias Event = {self.prefix}Event")
        out.append("    typealias Context = GeneratedContext")
        if form == "function":
            out.append("    static func makeDefinition() -> Definition {")
            out.append(f"        Definition(\"{chart_name}\") {{")
            for child in self.root.children:
                out += self.swift_node(child, 3)
            out.append("        }")
            out.append("    }")
        else:
            out.append(f"    static let definition = Definition(\"{chart_name}\") {{")
            for child in self.root.children:
                out += self.swift_node(child, 2)
            out.append("    }")
        out.append("}")
        return "\n".join(out) + "\n"

    def any_r(self):
        return any("r" in t.events for n in self.all_nodes() for t in n.transitions)


def wrap_cases(names):
    """`case a, b, c` lines of at most about 110 characters."""
    lines, chunk = [], []
    for name in names:
        if chunk and len("    case " + ", ".join(chunk + [name])) > 110:
            lines.append("    case " + ", ".join(chunk))
            chunk = []
        chunk.append(name)
    lines.append("    case " + ", ".join(chunk))
    return lines


def header(command):
    return ("// Generated by scripts/generate-compiled-charts.py: do not edit.\n"
            f"// Regenerate with `{command}` (or `make generated-charts`).")


def generate_tests(seed, count, out_dir):
    command = f"python3 scripts/generate-compiled-charts.py --seed {seed} --count {count}"
    os.makedirs(out_dir, exist_ok=True)
    for name in os.listdir(out_dir):
        if name.startswith("GeneratedChart") and name.endswith(".swift"):
            os.remove(os.path.join(out_dir, name))
    cases = []
    function_dir = os.path.join(out_dir, "FunctionForm")
    os.makedirs(function_dir, exist_ok=True)
    for name in os.listdir(function_dir):
        if name.startswith("FunctionFormChart") and name.endswith(".swift"):
            os.remove(os.path.join(function_dir, name))
    function_cases = []
    for i in range(1, count + 1):
        rng = random.Random(seed * 1000 + i)
        prefix = f"G{i:02d}"
        gen = Generator(rng, prefix, max_states=rng.randint(8, 24), max_depth=rng.randint(3, 5),
                        events=rng.randint(3, 6))
        gen.build()
        gen.add_transitions()
        type_name = f"GeneratedChart{i:02d}"
        text = gen.swift(type_name, f"generated{i:02d}", header(command))
        with open(os.path.join(out_dir, f"{type_name}.swift"), "w") as f:
            f.write(text)
        cases.append((type_name, prefix))
        if i % FUNCTION_FORM_EVERY == 0:
            # The same chart written as `static func makeDefinition()`, which the macro splits
            # into statements: run against the chart above, whose DSL the compiler reads as written.
            function_type = f"FunctionFormChart{i:02d}"
            text = gen.swift(function_type, f"generated{i:02d}", header(command), form="function", declare_types=False)
            with open(os.path.join(function_dir, f"{function_type}.swift"), "w") as f:
                f.write(text)
            function_cases.append((function_type, type_name, prefix))
    lines = [header(command), "import StatechartsCompiled", "",
             "/// Every generated chart, run in lockstep against its table twin by GeneratedLockstepTests.",
             "let generatedCharts: [GeneratedChartCase] = ["]
    for type_name, prefix in cases:
        lines.append(f"    GeneratedChartCase(\"{type_name}\") {{ seed, count in")
        lines.append(f"        try runGeneratedLockstep({type_name}.self, events: {prefix}Event.allCases, seed: seed, count: count)")
        lines.append("    },")
    lines.append("]")
    with open(os.path.join(out_dir, "GeneratedChartList.swift"), "w") as f:
        f.write("\n".join(lines) + "\n")
    lines = [header(command), "import StatechartsCompiled", "",
             "/// Every chart of FunctionForm/, run in lockstep against the same chart written as `static let`.",
             "let functionFormCharts: [GeneratedChartCase] = ["]
    for function_type, type_name, prefix in function_cases:
        lines.append(f"    GeneratedChartCase(\"{function_type}\") {{ seed, count in")
        lines.append(f"        try runGeneratedLockstep({function_type}.self, events: {prefix}Event.allCases, seed: seed, count: count,")
        lines.append(f"                                 plainDefinition: {type_name}.definition)")
        lines.append("    },")
    lines.append("]")
    with open(os.path.join(function_dir, "FunctionFormChartList.swift"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {count} charts to {out_dir}")


def generate_big(seed, states, path, form):
    rng = random.Random(seed)
    gen = Generator(rng, "Big", max_states=states, max_depth=4, events=8, big=True)
    gen.build()
    gen.add_transitions()
    command = f"python3 scripts/generate-compiled-charts.py --seed {seed} --big {states} --big-form {form} --big-out FILE"
    text = gen.swift("BigChart", f"big{states}", header(command), form)
    # The big chart's file stands alone: it declares the context the generated charts share.
    text += ("\nstruct GeneratedContext: Sendable, Equatable {\n    var log: [String] = []\n"
             "    var n = 0\n    var a = 0\n}\n")
    with open(path, "w") as f:
        f.write(text)
    transitions = sum(len(n.transitions) for n in gen.all_nodes())
    print(f"wrote a chart of {len(gen.all_nodes())} states and {transitions} transitions to {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    parser.add_argument("--out", default=OUT_DIR)
    parser.add_argument("--big", type=int, help="write one chart of about this many states instead")
    parser.add_argument("--big-out", help="the file for --big")
    parser.add_argument("--big-form", choices=["function", "let"], default="function",
                        help="the big chart as `static func makeDefinition()` (default) or `static let definition`")
    args = parser.parse_args()
    if args.big:
        if not args.big_out:
            sys.exit("--big needs --big-out FILE")
        generate_big(args.seed, args.big, args.big_out, args.big_form)
    else:
        generate_tests(args.seed, args.count, args.out)


if __name__ == "__main__":
    main()

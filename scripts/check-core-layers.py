#!/usr/bin/env python3
"""The core's layers point one way: a file may name only types declared in its own layer or in
a layer below it.

    Support  <  Definition  <  Tables  <  Compiler  <  Runtime  <  DSL

Definition is what a user writes (states, transitions, actions, events), Tables is the intermediate form (what the compiler writes and the runtime reads: flat tables,
the state tree, the slots actions are called through), Compiler turns a definition into tables,
Runtime runs instances over them, and the DSL, a front end, builds definitions (and may name a
compiled chart, to invoke it). So the arrows run Definition -> Compiler -> Tables <-
Runtime, and nothing below names anything above: the compiler never names a runtime type, the
tables never name the compiler's, a definition never names either.

The check reads `Sources/Statecharts/<Layer>/**.swift`, collects every type a layer declares
(top-level class, struct, enum, protocol, actor, typealias), and reports every use of a
higher layer's type name in a lower layer's code (comments and string literals are left out;
`extension T` of a higher layer's type counts as a use). A file outside the layer folders fails
too.

It also keeps the packed words' writers in their own files (see WRITERS): an instance's leaf
row is written only by its named moves (Runtime/StatechartInstance+LeafRow.swift) and built
from raw bits only in Tables/LeafRow.swift, a direct entry's code only in
Tables/TableEntries.swift, and the history memory only by its owner
(Runtime/StatechartInstance+History.swift). Exit status 1 with one line per problem (file:line: what), 0 when
clean.
"""
import pathlib
import re
import sys

LAYERS = ["Support", "Definition", "Tables", "Compiler", "Runtime", "DSL"]

root = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "Statecharts"
if len(sys.argv) > 1:
    root = pathlib.Path(sys.argv[1])

# Top-level declarations only: a nested type is named through its outer type, and a nested
# typealias (`typealias Event = ...`) is a member, not a type of the layer.
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
    r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Packed words and the one file (relative to the core's folder) allowed to write each.
WRITERS = [
    (re.compile(r"\bleafRow\s*=(?!=)"), "Runtime/StatechartInstance+LeafRow.swift", "a write of leafRow outside its named moves"),
    (re.compile(r"\b_LeafRow\s*\(\s*rawValue\s*:"), "Tables/LeafRow.swift", "a leaf row built from raw bits"),
    (re.compile(r"\b\w*[Rr]ow\.rawValue\b"), "Tables/LeafRow.swift", "a leaf row's raw bits read"),
    (re.compile(r"\b_DirectEntry\s*\(\s*code\s*:"), "Tables/TableEntries.swift", "a direct entry built from its raw code"),
    # The history memory and a direct row's history fields have one owner, which keeps them in
    # step; the stored property is declared in the instance's own file.
    (re.compile(r"\bhistoryMemory\b"), ("Runtime/StatechartInstance+History.swift", "Runtime/StatechartInstance.swift"),
     "the history memory read or written past its owner"),
    # Keeping the row's history fields and the memory in step is the owner's job (and the leaf
    # row's moves'): a route that syncs them itself is bypassing `history()`/`updateHistory`.
    (re.compile(r"\b(?:syncHistoryMemory|refreshHistoryFields|writeHistoryFields|rereadHistoryFields)\s*\("),
     ("Runtime/StatechartInstance+History.swift", "Runtime/StatechartInstance+LeafRow.swift"),
     "the history fields synced past their owner"),
]


def code_only(text: str) -> str:
    """`text` with comments and string literals blanked (line breaks kept, for line numbers)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join("\n" if c == "\n" else " " for c in text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append("".join("\n" if c == "\n" else " " for c in text[i:j]))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (min(j + 1, n) - i))
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


files = {layer: sorted((root / layer).rglob("*.swift")) for layer in LAYERS}
problems = []
for path in sorted(root.rglob("*.swift")):
    relative = path.relative_to(root)
    if relative.parts[0] not in LAYERS:
        problems.append(f"{path}: outside the layer folders ({', '.join(LAYERS)})")

sources = {path: code_only(path.read_text()) for layer in LAYERS for path in files[layer]}
declared = {}  # type name -> lowest layer declaring it
for rank, layer in enumerate(LAYERS):
    for path in files[layer]:
        for name in DECLARATION.findall(sources[path]):
            declared.setdefault(name, rank)

for rank, layer in enumerate(LAYERS):
    for path in files[layer]:
        for number, line in enumerate(sources[path].split("\n"), start=1):
            for name in IDENTIFIER.findall(line):
                owner = declared.get(name)
                if owner is not None and owner > rank:
                    problems.append(
                        f"{path.relative_to(root.parent.parent)}:{number}: {layer} names {name} ({LAYERS[owner]})"
                    )

for path, text in sources.items():
    relative = path.relative_to(root).as_posix()
    for number, line in enumerate(text.split("\n"), start=1):
        for pattern, owner, what in WRITERS:
            owners = owner if isinstance(owner, tuple) else (owner,)
            if relative not in owners and pattern.search(line):
                problems.append(f"{path.relative_to(root.parent.parent)}:{number}: {what} (only {' or '.join(owners)} may)")

for problem in problems:
    print(problem)
if problems:
    print(f"{len(problems)} problem(s): back arrows between the core's layers ({' < '.join(LAYERS)}) or packed words written outside their files", file=sys.stderr)
    sys.exit(1)
print(f"core layers: {sum(len(v) for v in files.values())} files, no back arrow ({' < '.join(LAYERS)}), packed words written in their files only")

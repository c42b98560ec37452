#!/usr/bin/env python3
"""The Apple availability audit: no API newer than Package.swift's `platforms` in Sources/.

These machines have no Apple SDK, so nothing compiles the package for macOS or iOS here. What
they do have is the availability the toolchain's own modules declare for Apple's systems: the
standard library, _Concurrency, Synchronization, Observation, _StringProcessing, RegexBuilder,
Dispatch and Foundation all carry `@available(macOS 15.0, iOS 18.0, ...)` in their modules, even
on Linux. This script reads them through `swift-symbolgraph-extract` (cached per toolchain in
.build/availability/), builds a table of every public API name with the Apple versions that
introduced it, and checks each name the package's sources use against the declared platforms.

How a use is matched, and what that misses:
- A call `name(label: ...)` is looked up by its base name and first argument label, a call without
  a label by `(name, _)`, any other identifier by its name alone (types, properties, cases). An
  initializer is looked up under its type's name.
- Where several declarations share that key (overloads, the same name on several types), the
  oldest one counts: a name is flagged only when every declaration of it is newer than the
  platforms. So a new overload of an old name goes unseen; a new type, a new method name, a new
  label is seen.
- Names the package declares itself (a `func`, `var`, `case`, type ... of its own) are not looked
  up: the package's own `span` is not the standard library's.
- Comments and string literals are not code (interpolations inside strings are skipped with them).
- Inside a declaration marked `@available(macOS X, iOS Y, ...)` or a block under
  `if #available(...)`/`guard #available(...)`, those versions are the floor instead.

Usage: check-availability.py [--sources DIR ...] [--package Package.swift] [--list]
Exits 1 with `file:line: NAME needs macOS A / iOS B ..., the package declares ...` per use.
`--list` prints the names used above the oldest systems Swift concurrency runs on (macOS 10.15,
iOS 13), with their versions: the package's newest APIs.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
MODULES = ("Swift", "_Concurrency", "Synchronization", "Observation", "_StringProcessing",
           "RegexBuilder", "Dispatch", "FoundationEssentials", "FoundationInternationalization",
           "Foundation")
NEVER = (999, 0)  # unavailable on that platform
KEYWORDS = set("""
    associatedtype borrowing class consuming deinit didSet enum extension fileprivate func get
    import init inout internal let nonisolated open operator package private protocol public
    rethrows sending set some static struct subscript typealias var willSet break case catch
    continue default defer do else fallthrough for guard if in repeat return switch throw throws
    where while as any await false is nil self Self super true try async actor isolated
    mutating nonmutating override required convenience final lazy weak unowned indirect
""".split())
# Names that the package's dependencies declare, which the toolchain's modules happen to
# declare too (newer there): their availability is the dependency's own, which SwiftPM checks
# against its `platforms`.
DEPENDENCY_NAMES = {
    "ValidationError",  # swift-argument-parser's; Foundation's ValidationError is macOS 26
}
DECLARATION = re.compile(
    r"\b(?:func|var|let|case|struct|class|enum|protocol|actor|typealias|associatedtype|macro)\s+"
    r"`?([A-Za-z_][A-Za-z0-9_]*)")
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
CALL_LABEL = re.compile(r"\s*\(\s*(?:([A-Za-z_][A-Za-z0-9_]*)\s*:(?!:))?")
AVAILABLE = re.compile(r"([@#])available\s*\(([^)]*)\)")
VERSION = re.compile(r"\b(macOS|iOS|tvOS|watchOS|visionOS)\s+(\d+)(?:\.(\d+))?")


def toolchain_id():
    out = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    return hashlib.sha256(out.encode()).hexdigest()[:16]


def symbol_graphs(cache):
    """The toolchain's modules as symbol graphs, extracted once per toolchain."""
    os.makedirs(cache, exist_ok=True)
    for module in MODULES:
        # A module's own symbols land in MODULE.symbols.json, its extensions of another module in
        # MODULE@OTHER.symbols.json (all of _Concurrency is in _Concurrency@Swift, as it is
        # re-exported by Swift).
        done = os.path.join(cache, f"{module}.done")
        if os.path.exists(done):
            continue
        result = subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", module,
             "-target", "x86_64-unknown-linux-gnu", "-output-dir", cache,
             "-minimum-access-level", "public"], capture_output=True, text=True)
        written = [n for n in os.listdir(cache) if n.startswith((f"{module}.", f"{module}@")) and n.endswith(".symbols.json")]
        if result.returncode != 0 or not written:
            sys.exit(f"check-availability: could not read module {module}: {result.stderr.strip()}")
        open(done, "w").close()
    return sorted(os.path.join(cache, n) for n in os.listdir(cache) if n.endswith(".symbols.json"))


def introduced(symbol):
    """{platform: (major, minor)} for one symbol; a platform it does not name is (0, 0)."""
    versions = {p: (0, 0) for p in PLATFORMS}
    for entry in symbol.get("availability") or []:
        domain = entry.get("domain")
        if domain not in versions:
            continue
        if entry.get("isUnconditionallyUnavailable") or "obsoleted" in entry:
            versions[domain] = NEVER
        elif "introduced" in entry:
            version = entry["introduced"]
            versions[domain] = (version.get("major", 0), version.get("minor", 0))
    return versions


def keys_of(symbol):
    """The keys a use of this symbol is looked up by: (name, first label or '_') and (name, None)."""
    path = symbol.get("pathComponents") or []
    title = symbol.get("names", {}).get("title", "")
    kind = symbol.get("kind", {}).get("identifier", "")
    base, _, rest = title.partition("(")
    labels = rest.rstrip(")").split(":")[:-1] if rest else []
    if kind == "swift.init":
        if len(path) < 2:
            return []
        base = path[-2]
    if not base or not TOKEN.fullmatch(base):
        return []  # operators, subscripts
    keys = [(base, None)]
    if rest or kind in ("swift.init", "swift.func", "swift.method", "swift.type.method", "swift.func.op"):
        keys.append((base, labels[0] if labels else "_"))
    return keys


def availability_table(cache):
    """{key: {platform: version}}: for each key, the oldest declaration's versions."""
    table_path = os.path.join(cache, "table.json")
    if os.path.exists(table_path):
        with open(table_path) as f:
            raw = json.load(f)
        return {(k[0], k[1]): {p: tuple(v) for p, v in vs.items()} for k, vs in raw}
    table = {}
    for path in symbol_graphs(cache):
        with open(path) as f:
            graph = json.load(f)
        for symbol in graph.get("symbols", []):
            versions = introduced(symbol)
            for key in keys_of(symbol):
                known = table.get(key)
                table[key] = versions if known is None else {p: min(known[p], versions[p]) for p in PLATFORMS}
    with open(table_path, "w") as f:
        json.dump([[list(k), {p: list(v) for p, v in vs.items()}] for k, vs in table.items()], f)
    return table


def declared_platforms(package_swift):
    with open(package_swift) as f:
        text = f.read()
    found = {}
    for name, major, minor in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\s*\.v(\d+)(?:_(\d+))?\s*\)", text):
        found[name] = (int(major), int(minor or 0))
    if not found:
        sys.exit(f"check-availability: {package_swift} declares no platforms")
    return found


def strip_comments_and_strings(text):
    """The source with comments and string literals blanked out, lines kept in place."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i + hashes
            quote = '"""' if text.startswith('"""', start) else '"'
            close = quote + "#" * hashes
            j = start + len(quote)
            while j < n:
                if hashes == 0 and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(close, j):
                    j += len(close)
                    break
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def versions_in(arguments):
    return {p: (int(ma), int(mi or 0)) for p, ma, mi in VERSION.findall(arguments)}


def uses(code):
    """(offset, name, label-or-None-or-'_') for each use of an API name in the code: a call, a
    member after a dot, or a capitalized name (a type); not keywords, argument labels or the
    package's local variables."""
    for match in TOKEN.finditer(code):
        name = match.group(0)
        start = match.start()
        if name in KEYWORDS or (start > 0 and code[start - 1] in "@#"):
            continue  # keywords, attributes and directives
        call = CALL_LABEL.match(code, match.end())
        if call and code[match.end():call.end()].strip().startswith("("):
            yield start, name, call.group(1) or "_"
            continue
        after_dot = code[:start].rstrip().endswith(".")
        if re.match(r"\s*:(?!:)", code[match.end():match.end() + 3]) and not after_dot:
            continue  # an argument label or a declaration's name
        if after_dot or name[0].isupper():
            yield start, name, None


def check_file(path, display, code, table, floor, own_names, report):
    """Reports each use in one file above the floor in force where it stands."""
    # Scopes: the floor in force inside each open brace; an @available or #available before a
    # brace raises the floor for that brace (guard #available raises the current one).
    floors_at = []  # (offset, floor) changes, in order
    stack = [dict(floor)]
    pending = None
    events = sorted([(m.start(), "avail", m) for m in AVAILABLE.finditer(code)] +
                    [(i, ch, None) for i, ch in enumerate(code) if ch in "{}"], key=lambda e: e[0])
    for offset, kind, match in events:
        if kind == "avail":
            versions = versions_in(match.group(2))
            raised = {p: max(stack[-1].get(p, (0, 0)), versions.get(p, (0, 0))) for p in stack[-1]}
            if "unavailable" in match.group(2):
                raised = {p: NEVER for p in stack[-1]}
            before = code[max(0, offset - 20):offset]
            if match.group(1) == "#" and re.search(r"\bguard\s*$", before):
                stack[-1] = raised
                floors_at.append((offset, dict(raised)))
            else:
                pending = raised
        elif kind == "{":
            stack.append(pending if pending is not None else dict(stack[-1]))
            pending = None
            floors_at.append((offset, dict(stack[-1])))
        else:
            if len(stack) > 1:
                stack.pop()
            pending = None
            floors_at.append((offset, dict(stack[-1])))
    line_starts = [0] + [i + 1 for i, ch in enumerate(code) if ch == "\n"]
    position = 0
    current = dict(floor)
    import bisect
    for offset, name, label in uses(code):
        while position < len(floors_at) and floors_at[position][0] <= offset:
            current = floors_at[position][1]
            position += 1
        if name in own_names:
            continue
        needed = table.get((name, label)) if label is not None else None
        if needed is None:
            needed = table.get((name, None))
        if needed is None:
            continue
        above = {p: needed[p] for p in current if needed.get(p, (0, 0)) > current[p]}
        if above:
            line = bisect.bisect_right(line_starts, offset)
            report.append((display, line, name, label, needed, above))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sources", nargs="*", default=[os.path.join(ROOT, "Sources")])
    parser.add_argument("--package", default=os.path.join(ROOT, "Package.swift"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build", "availability"))
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()

    floor = declared_platforms(args.package)
    table = availability_table(os.path.join(args.cache, toolchain_id()))
    files = []
    for top in args.sources:
        for directory, _, names in os.walk(top):
            files += [os.path.join(directory, n) for n in sorted(names) if n.endswith(".swift")]
    codes = {}
    own_names = set()
    for path in sorted(files):
        with open(path, encoding="utf-8") as f:
            codes[path] = strip_comments_and_strings(f.read())
        own_names.update(DECLARATION.findall(codes[path]))
    own_names |= DEPENDENCY_NAMES

    report = []
    for path, code in codes.items():
        display = os.path.relpath(path, ROOT) if path.startswith(ROOT) else path
        check_file(path, display, code, table, floor, own_names, report)

    def shown(versions):
        return " / ".join(f"{p} {'never' if v == NEVER else '.'.join(map(str, v))}"
                          for p, v in versions.items() if p in floor)

    if args.list:
        modern = (10, 15)
        seen = {}
        for code in codes.values():
            for _, name, label in uses(code):
                if name in own_names:
                    continue
                needed = (table.get((name, label)) if label else None) or table.get((name, None))
                if needed and needed["macOS"] > modern:
                    seen[name if label in (None,) else f"{name}({label}:)"] = needed
        for key in sorted(seen, key=lambda k: (seen[k]["macOS"], k)):
            print(f"{key}: {shown(seen[key])}")
    declared = shown(floor)
    for display, line, name, label, needed, above in report:
        spelled = name if label is None else f"{name}({label}:)"
        print(f"{display}:{line}: {spelled} needs {shown(needed)}; Package.swift declares {declared}")
    if report:
        print(f"check-availability: {len(report)} use(s) of APIs newer than the declared platforms", file=sys.stderr)
        return 1
    print(f"check-availability: {len(files)} files, no API newer than {declared}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

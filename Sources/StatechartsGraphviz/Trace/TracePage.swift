/// One step of a trace page: what led there, what happened, and the diagram of the
/// configuration reached.
public struct TraceStep: Sendable, Hashable {
    /// A short title: `start`, `toggle`, `+100ms`.
    public var title: String
    /// The events processed in this step (sent, raised or delivered by the clock), if any.
    public var events: [String]
    /// The active states after the step, in document order.
    public var configuration: [String]
    /// The diagram after the step, as SVG text.
    public var svg: String
    /// The transitions taken, as text (see ``TraceRecorder/transitionLines(in:)``).
    public var transitions: [String]
    /// The names of the actions run, in order; names read from SCXML are summarized on the page
    /// as diagrams summarize them (`plays = plays + 1`).
    public var actions: [String]
    /// The data that changed in this step; `nil` when the chart has no data to show.
    public var changes: [TraceChange]?
    /// The errors the step raised, as text (`12:5: error.execution: …`).
    public var errors: [String]
    /// The invoked child charts running after the step: each one's invocation path (`pay`,
    /// `pay/receipt`) and active states.
    public var children: [TraceChild] = []

    /// Creates a step.
    public init(title: String, events: [String], configuration: [String], svg: String,
                transitions: [String] = [], actions: [String] = [], changes: [TraceChange]? = nil,
                errors: [String] = []) {
        self.title = title
        self.events = events
        self.configuration = configuration
        self.svg = svg
        self.transitions = transitions
        self.actions = actions
        self.changes = changes
        self.errors = errors
    }
}

/// A child chart running beside the traced one: its invocation path and active states.
public struct TraceChild: Sendable, Hashable {
    /// The invocation id, with its parents' (`pay/receipt`) for a child's child.
    public var path: String
    /// The child's active states, in document order.
    public var configuration: [String]

    /// Creates a child's line.
    public init(path: String, configuration: [String]) {
        self.path = path
        self.configuration = configuration
    }
}

/// A value that changed in a step: a data model variable or a field of the context.
public struct TraceChange: Sendable, Hashable {
    /// The variable's name.
    public var name: String
    /// Its value before the step, as text; `nil` when it had none.
    public var before: String?
    /// Its value after the step, as text; `nil` when it has none.
    public var after: String?

    /// Creates a change.
    public init(name: String, before: String?, after: String?) {
        self.name = name
        self.before = before
        self.after = after
    }

    /// The changes between two lists of (name, value) pairs, in the order of `after`; a name
    /// missing from one side has no value there.
    public static func changes(from before: [(name: String, value: String?)],
                               to after: [(name: String, value: String?)]) -> [TraceChange] {
        var old: [String: String?] = [:]
        for entry in before where old[entry.name] == nil { old[entry.name] = entry.value }
        return after.compactMap { entry in
            let previous = old[entry.name] ?? nil
            return previous == entry.value ? nil : TraceChange(name: entry.name, before: previous, after: entry.value)
        }
    }
}

/// A self-contained HTML page that steps through a run: the diagram after each step with the
/// configuration highlighted and, beside it, what the step did (events, transitions, actions,
/// data changes, errors, the configuration reached); previous/next buttons, the arrow keys
/// (←/→) and Home/End. The header stays in view; the diagram is fitted to the window, with a
/// button to show it at 100%. The address's `#step-N` selects a step without scrolling.
/// Everything is inline (SVG, style, script): it opens from a file with no network.
public struct TracePage: Sendable {
    /// The page title.
    public var title: String
    /// The steps, in order.
    public var steps: [TraceStep]

    /// Creates a page.
    public init(title: String, steps: [TraceStep]) {
        self.title = title
        self.steps = steps
    }

    /// The HTML document.
    public func html() -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escape(title))</title>
        <style>
        body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 0; background: #fafafa; color: #222; }
        header { position: sticky; top: 0; z-index: 1; padding: 12px 20px; background: #fff; border-bottom: 1px solid #ddd; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
        header h1 { font-size: 18px; margin: 0; }
        button { font-size: 15px; padding: 4px 14px; }
        #position { font-variant-numeric: tabular-nums; }
        .step { display: none; padding: 16px 20px; gap: 16px; align-items: flex-start; }
        .step.current { display: flex; }
        .diagram { flex: 0 1 auto; min-width: 0; overflow: auto; }
        .diagram svg { background: #fff; border: 1px solid #e3e3e3; }
        body.fit .diagram svg { max-width: 100%; max-height: calc(100vh - 110px); width: auto; height: auto; }
        .panel { flex: 0 0 320px; box-sizing: border-box; background: #fff; border: 1px solid #e3e3e3; padding: 10px 14px; font-size: 14px; position: sticky; top: 72px; max-height: calc(100vh - 90px); overflow: auto; }
        .panel h2 { font-size: 16px; margin: 0 0 6px; }
        .panel h3 { font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: #666; margin: 12px 0 4px; }
        .panel ul { margin: 0; padding-left: 18px; }
        .panel li { margin: 2px 0; overflow-wrap: anywhere; }
        .panel .none { color: #999; margin: 0; }
        .panel code { font-family: Menlo, Consolas, monospace; font-size: 13px; }
        .panel .before { color: #888; }
        .panel .error { color: #b00020; }
        </style>
        </head>
        <body class="fit">
        <header>
        <h1>\(escape(title))</h1>
        <button id="previous" type="button" title="Previous step (←)">&#8592; Previous</button>
        <span id="position"></span>
        <button id="next" type="button" title="Next step (→)">Next &#8594;</button>
        <button id="zoom" type="button" title="Show the diagram at its own size, or fitted to the window">100%</button>
        </header>

        """
        for (i, step) in steps.enumerated() {
            out += """
            <section class="step" data-index="\(i)">
            <div class="diagram">
            \(inlineSVG(step.svg))
            </div>
            \(panel(step, index: i))
            </section>

            """
        }
        out += """
        <script>
        (function () {
          var steps = document.querySelectorAll('.step');
          var current = 0;
          function show(index) {
            if (steps.length === 0) { return; }
            current = Math.max(0, Math.min(steps.length - 1, index));
            for (var i = 0; i < steps.length; i++) { steps[i].classList.toggle('current', i === current); }
            document.getElementById('position').textContent = 'Step ' + current + ' of ' + (steps.length - 1);
            document.getElementById('previous').disabled = current === 0;
            document.getElementById('next').disabled = current === steps.length - 1;
            // No element has the id step-N, so changing the hash never scrolls the page.
            if (location.hash !== '#step-' + current) { history.replaceState(null, '', '#step-' + current); }
          }
          function fromHash() {
            var match = /^#step-(\\d+)$/.exec(location.hash);
            return match ? parseInt(match[1], 10) : 0;
          }
          window.addEventListener('hashchange', function () { show(fromHash()); });
          document.getElementById('previous').addEventListener('click', function () { show(current - 1); });
          document.getElementById('next').addEventListener('click', function () { show(current + 1); });
          var zoom = document.getElementById('zoom');
          zoom.addEventListener('click', function () {
            var fitted = document.body.classList.toggle('fit');
            zoom.textContent = fitted ? '100%' : 'Fit';
          });
          document.addEventListener('keydown', function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            var keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: steps.length - 1 };
            if (event.key in keys) { event.preventDefault(); show(keys[event.key]); }
          });
          show(fromHash());
        })();
        </script>
        </body>
        </html>

        """
        return out
    }

    /// The side panel: what the step did.
    func panel(_ step: TraceStep, index: Int) -> String {
        var out = "<aside class=\"panel\">\n<h2>Step \(index): \(escape(step.title))</h2>\n"
        out += list("Events", step.events.map { "<code>\(escape($0))</code>" })
        out += list("Transitions", step.transitions.map { "<code>\(escape($0))</code>" })
        out += list("Actions", step.actions.map { "<code>\(escape(ActionSummary.summary(of: $0)))</code>" })
        if let changes = step.changes {
            out += list("Data", changes.map { change in
                "<code>\(escape(change.name))</code>: <span class=\"before\">\(escape(change.before ?? "(none)"))</span>"
                    + " → <code>\(escape(change.after ?? "(none)"))</code>"
            })
        }
        if !step.errors.isEmpty {
            out += list("Errors", step.errors.map { "<span class=\"error\">\(escape($0))</span>" })
        }
        out += list("Configuration", step.configuration.map { "<code>\(escape($0))</code>" })
        if !step.children.isEmpty {
            out += list("Invoked charts", step.children.map { child in
                "<code>\(escape(child.path))</code>: " + child.configuration.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
            })
        }
        return out + "</aside>"
    }

    /// A titled list, or the title and "none".
    func list(_ title: String, _ items: [String]) -> String {
        if items.isEmpty { return "<h3>\(title)</h3>\n<p class=\"none\">none</p>\n" }
        return "<h3>\(title)</h3>\n<ul>\n" + items.map { "<li>\($0)</li>\n" }.joined() + "</ul>\n"
    }

    /// The SVG without its XML declaration and doctype, so it can stand inside HTML.
    func inlineSVG(_ svg: String) -> String {
        var index = svg.startIndex
        while index < svg.endIndex {
            if svg[index...].hasPrefix("<svg") { return String(svg[index...]) }
            index = svg.index(after: index)
        }
        return ""
    }

    func escape(_ text: String) -> String { DOTEscaping.html(text) }
}

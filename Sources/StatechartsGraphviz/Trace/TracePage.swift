/// One step of a trace page: what led there and the diagram of the configuration reached.
public struct TraceStep: Sendable, Hashable {
    /// A short title: `start`, `toggle`, `+100ms`.
    public var title: String
    /// The events processed in this step (sent, raised or delivered by the clock), if any.
    public var events: [String]
    /// The active states after the step, in document order.
    public var configuration: [String]
    /// The diagram after the step, as SVG text.
    public var svg: String

    /// Creates a step.
    public init(title: String, events: [String], configuration: [String], svg: String) {
        self.title = title
        self.events = events
        self.configuration = configuration
        self.svg = svg
    }
}

/// A self-contained HTML page that steps through a run: the diagram after each step with the
/// configuration highlighted, the event that led there, previous/next buttons, the arrow keys
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
        .step { display: none; padding: 16px 20px; }
        .step.current { display: block; }
        .step h2 { font-size: 16px; margin: 0 0 4px; }
        .meta { font-size: 14px; color: #555; margin: 2px 0; }
        .diagram svg { background: #fff; border: 1px solid #e3e3e3; margin-top: 10px; }
        body.fit .diagram svg { max-width: 100%; max-height: calc(100vh - 190px); width: auto; height: auto; }
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
            let events = step.events.isEmpty ? "none" : step.events.map(escape).joined(separator: ", ")
            out += """
            <section class="step" data-index="\(i)">
            <h2>Step \(i): \(escape(step.title))</h2>
            <p class="meta">Events: \(events)</p>
            <p class="meta">Configuration: \(step.configuration.map(escape).joined(separator: ", "))</p>
            <div class="diagram">
            \(inlineSVG(step.svg))
            </div>
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

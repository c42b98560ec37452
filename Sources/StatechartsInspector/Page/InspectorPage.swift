// The inspector's page: one self-contained HTML document (inline CSS and JS, no external request
// of any kind), compiled into the library so that it needs no resource bundle; its script and
// style sheet are the files inspector.js and inspector.css beside this one.
//
// The page talks to the server over the WebSocket at `/ws?token=…` (the message contract is the
// module's). It builds everything it shows from data with `createElement` and `textContent`; the
// only markup it inserts is the server's SVG diagram, parsed with `DOMParser`, which it then
// colours by toggling the classes `sc-active`, `sc-last` and `sc-breakpoint` on its groups.

enum InspectorPage {
    /// The whole document, served at `GET /?token=…`.
    static let html: String = [
        head,
        "<style>\n", style, "\n</style>\n</head>\n",
        body,
        "<script>\n", script, "\n</script>\n</body>\n</html>\n",
    ].joined()

    /// The document up to the style sheet. The content security policy forbids every request
    /// but the page's own WebSocket, whatever the diagram's SVG might contain.
    static let head: String = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<title>Statecharts inspector</title>

"""#

    /// The page's elements; the script fills them. Their ids are part of the contract (the
    /// browser tests use them).
    static let body: String = #"""
<body>
<div id="app">
  <header id="topbar">
    <h1 id="title">Statecharts inspector</h1>
    <span id="instance-title"></span>
    <span id="connection" class="disconnected">connecting…</span>
  </header>

  <aside id="left" class="panel" aria-label="Instances">
    <div class="panel-head"><h2>Instances</h2><span id="instance-count" class="count">0</span></div>
    <input id="instance-filter" type="search" placeholder="Filter by name, chart or state" aria-label="Filter instances">
    <ul id="instances"></ul>
    <p id="instances-empty" class="muted">No instances yet.</p>
  </aside>

  <main id="center" class="panel" aria-label="Diagram">
    <div id="diagram-toolbar">
      <span id="chart-name"></span>
      <span id="configuration" title="Active atomic states"></span>
      <button id="zoom-out" type="button" title="Zoom out" aria-label="Zoom out">−</button>
      <span id="zoom-level">100%</span>
      <button id="zoom-in" type="button" title="Zoom in" aria-label="Zoom in">+</button>
      <button id="zoom-fit" type="button" title="Fit the diagram to the width">Fit width</button>
      <button id="zoom-all" type="button" title="Show the whole diagram">Fit all</button>
      <button id="zoom-reset" type="button" title="Actual size">1:1</button>
    </div>
    <div id="viewing" hidden>
      <span id="viewing-text"></span>
      <button id="continue-here" type="button" class="primary">Continue from here</button>
      <button id="back-to-live" type="button">Back to live</button>
    </div>
    <div id="diagram" tabindex="0"><p class="placeholder">Select an instance on the left.</p></div>
  </main>

  <aside id="right" aria-label="Controls">
    <div id="error-box" hidden><span id="error" role="alert"></span><button id="error-close" type="button" title="Dismiss" aria-label="Dismiss the error">×</button></div>
    <section id="controls-panel" class="panel">
      <div class="panel-head"><h2>Controls</h2></div>
      <div id="status">—</div>
      <div id="clock"></div>
      <div class="section">
        <div class="label">Events</div>
        <div id="events"></div>
        <div class="row">
          <input id="event-name" type="text" list="event-names" placeholder="event name" aria-label="Event name" autocomplete="off" spellcheck="false">
          <button id="send" type="button" class="primary">Send</button>
        </div>
        <datalist id="event-names"></datalist>
        <textarea id="event-data" placeholder="data (JSON, optional): {&quot;id&quot;: 1}" aria-label="Event data (JSON)" spellcheck="false"></textarea>
        <div class="row">
          <button id="pause" type="button">Pause</button>
          <button id="resume" type="button">Resume</button>
          <button id="step" type="button" title="Deliver one held event">Step</button>
        </div>
        <div class="row">
          <button id="fire-next" type="button" title="Fire the next delayed event now">Fire next delayed</button>
          <span class="spacer"></span>
          <input id="advance-by" type="text" value="1s" title="Advance the virtual clock by: 100ms, 1.5s, 1m" aria-label="Advance the clock by" spellcheck="false">
          <button id="advance" type="button">Advance clock</button>
        </div>
        <div id="queued-box">
          <div class="label">Held while paused <span id="queued-count" class="count">0</span></div>
          <ul id="queued" class="plain"></ul>
        </div>
      </div>
      <div id="notice" aria-live="polite"></div>
    </section>

    <div id="panels">
      <section id="breakpoints-panel" class="panel">
        <div class="panel-head"><h2>Breakpoints</h2><span id="breakpoint-count" class="count">0</span><span class="spacer"></span><span class="muted" style="font-size: 11.5px">or click the diagram</span></div>
        <div class="section">
          <ul id="breakpoints" class="plain"></ul>
          <div class="row">
            <select id="bp-kind" aria-label="Breakpoint kind">
              <option value="state">state</option>
              <option value="transition">transition</option>
              <option value="event">event</option>
              <option value="condition">condition</option>
            </select>
            <input id="bp-value" type="text" list="bp-values" placeholder="state name" aria-label="Breakpoint value" autocomplete="off" spellcheck="false">
            <button id="bp-add" type="button">Add</button>
          </div>
          <datalist id="bp-values"></datalist>
        </div>
      </section>

      <section id="context-panel" class="panel">
        <div class="panel-head"><h2>Context</h2></div>
        <div class="section">
          <div id="context-note" hidden></div>
          <div id="context"><p class="muted">—</p></div>
          <textarea id="context-edit" hidden spellcheck="false" aria-label="Edit the context (JSON)"></textarea>
          <div class="row" id="context-buttons" hidden>
            <button id="context-apply" type="button" class="primary">Apply</button>
            <button id="context-revert" type="button">Revert</button>
            <span id="context-dirty"></span>
          </div>
        </div>
      </section>

      <section id="delayed-panel" class="panel">
        <div class="panel-head"><h2>Delayed events</h2><span id="delayed-count" class="count">0</span></div>
        <div class="section"><ul id="delayed" class="plain"></ul></div>
      </section>

      <section id="children-panel" class="panel">
        <div class="panel-head"><h2>Children</h2><span id="children-count" class="count">0</span></div>
        <div class="section"><ul id="children" class="plain"></ul></div>
      </section>
    </div>
  </aside>

  <section id="timeline-panel" class="panel" aria-label="Timeline">
    <div class="panel-head">
      <h2>Timeline</h2><span id="step-count" class="count">0</span>
      <span id="timeline-hint">click a step to see it in the diagram</span>
      <span class="spacer"></span>
      <button id="timeline-latest" type="button">Latest</button>
    </div>
    <ol id="timeline"></ol>
  </section>
</div>

"""#
}

// The inspector page's style sheet: a light theme in the system font, laid out like a
// simulator (instances left, diagram centre, controls right, the timeline along the bottom).

extension InspectorPage {
    /// The page's CSS, inlined in a `<style>` element by ``html``.
    static let style: String = #"""
:root {
  --bg: #eef1f4;
  --panel: #ffffff;
  --border: #d8dde3;
  --text: #1f2328;
  --muted: #667085;
  --accent: #1f6feb;
  --accent-soft: #e8f0fe;
  --active: #cfe3ff;
  --last: #d62728;
  --bp: #ff7f0e;
  --error-bg: #fdecea;
  --error: #b42318;
  --warn-bg: #fff6db;
  --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
}
* { box-sizing: border-box; }
html, body { height: 100%; margin: 0; }
body {
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--text);
  background: var(--bg);
  overflow: hidden;
}
[hidden] { display: none !important; }
button, input, select, textarea { font: inherit; color: inherit; }
button {
  border: 1px solid var(--border);
  background: #f7f8fa;
  border-radius: 6px;
  padding: 3px 10px;
  cursor: pointer;
  white-space: nowrap;
}
button:hover:not(:disabled) { background: #eef2f7; border-color: #b9c2cc; }
button:disabled { color: #a0a7b1; cursor: default; background: #f7f8fa; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.primary:hover:not(:disabled) { background: #1a5fcc; border-color: #1a5fcc; }
button.primary:disabled { background: #9dbcf0; border-color: #9dbcf0; color: #fff; }
input[type="text"], input[type="search"], select, textarea {
  border: 1px solid var(--border);
  border-radius: 6px;
  padding: 3px 7px;
  background: #fff;
  min-width: 0;
}
textarea { font-family: var(--mono); font-size: 12px; resize: vertical; }
input:focus, select:focus, textarea:focus, button:focus-visible {
  outline: 2px solid #9cc0fa; outline-offset: 0; border-color: var(--accent);
}
textarea.invalid, input.invalid { border-color: var(--error); outline-color: #f2a7a0; }
code, .mono { font-family: var(--mono); font-size: 12px; }
.muted { color: var(--muted); }
.empty { color: var(--muted); font-style: italic; list-style: none; }

/* Layout */
#app {
  display: grid;
  height: 100vh;
  grid-template-columns: 270px minmax(0, 1fr) 370px;
  grid-template-rows: 42px minmax(0, 1fr) minmax(150px, 31vh);
  grid-template-areas: "top top top" "left center right" "left timeline timeline";
  gap: 8px;
  padding: 0 8px 8px;
}
#topbar {
  grid-area: top;
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 0 4px;
  min-width: 0;
}
#topbar h1 { font-size: 15px; margin: 0; font-weight: 600; white-space: nowrap; }
#instance-title {
  flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--muted);
}
#connection {
  font-size: 12px; padding: 2px 10px; border-radius: 999px; white-space: nowrap;
  background: #f1f3f5; color: var(--muted); border: 1px solid var(--border);
}
#connection.connected { background: #e7f6ec; color: #1a7f37; border-color: #b7e1c3; }
#connection.disconnected { background: var(--error-bg); color: var(--error); border-color: #f4c7c1; }
body.offline #center, body.offline #right, body.offline #timeline-panel { opacity: 0.7; }

.panel {
  background: var(--panel);
  border: 1px solid var(--border);
  border-radius: 8px;
  min-width: 0;
  min-height: 0;
}
.panel > h2, .panel-head h2 {
  font-size: 11px; letter-spacing: .06em; text-transform: uppercase; color: var(--muted);
  margin: 0; font-weight: 600;
}
.panel-head {
  display: flex; align-items: center; gap: 8px; padding: 8px 10px 6px;
}
.panel-head .spacer { flex: 1; }
.count {
  font-size: 11px; color: var(--muted); background: #f1f3f5; border-radius: 999px; padding: 0 7px;
}

/* Instances */
#left { grid-area: left; display: flex; flex-direction: column; }
#instance-filter { margin: 0 10px 8px; }
#instances {
  list-style: none; margin: 0; padding: 0 6px 6px; overflow: auto; flex: 1; min-height: 0;
  contain: strict; position: relative;
}
#instances-empty { padding: 0 12px; }
li.instance {
  padding: 6px 8px 7px 10px; border-radius: 6px; cursor: pointer; border: 1px solid transparent;
  margin-bottom: 2px;
  /* every row the same height: the page works out which rows are in view from it */
  height: 64px; overflow: hidden; contain: layout style;
}
li.instance:hover { background: #f4f6f9; }
li.instance.selected { background: var(--accent-soft); border-color: #b6cdf5; }
li.instance:focus-visible { outline: 2px solid #9cc0fa; }
.inst-top { display: flex; align-items: center; gap: 6px; }
.inst-name { font-weight: 600; flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.inst-meta { display: flex; gap: 6px; font-size: 11.5px; color: var(--muted); }
.inst-meta .inst-chart { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.inst-rate { white-space: nowrap; font-variant-numeric: tabular-nums; }
.inst-summary {
  font-family: var(--mono); font-size: 11.5px; color: #344054;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
li.instance.child .inst-name::before { content: "\21B3  "; color: var(--muted); font-weight: 400; }

.badge {
  font-size: 10.5px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em;
  border-radius: 999px; padding: 0 7px; white-space: nowrap; background: #f1f3f5; color: var(--muted);
}
.status-running { background: #e7f6ec; color: #1a7f37; }
.status-paused { background: #fff1e0; color: #b54708; }
.status-finished { background: #eef2f6; color: #475467; }
.status-stopped { background: #f2f4f7; color: #667085; }

/* Centre: the diagram */
#center { grid-area: center; display: flex; flex-direction: column; overflow: hidden; }
#diagram-toolbar {
  display: flex; align-items: center; gap: 6px; padding: 6px 8px; border-bottom: 1px solid var(--border);
  min-width: 0;
}
#chart-name { font-weight: 600; white-space: nowrap; }
#configuration {
  flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  font-family: var(--mono); font-size: 12px; color: #344054;
}
#zoom-level { min-width: 44px; text-align: center; font-variant-numeric: tabular-nums; color: var(--muted); }
#diagram-toolbar button { padding: 2px 9px; }
#viewing {
  display: flex; align-items: center; gap: 8px; flex-wrap: wrap;
  padding: 6px 10px; background: var(--warn-bg); border-bottom: 1px solid #f3dc9a; color: #5c4100;
}
#viewing-text { flex: 1; min-width: 200px; }
#viewing-text b { font-weight: 600; }
#diagram {
  flex: 1; min-height: 0; overflow: auto; position: relative; padding: 16px;
  background:
    radial-gradient(circle, #e3e7ec 1px, transparent 1.2px) 0 0 / 18px 18px, #fbfcfd;
  cursor: grab;
}
#diagram.panning { cursor: grabbing; user-select: none; }
#diagram.past { background: radial-gradient(circle, #ece3c8 1px, transparent 1.2px) 0 0 / 18px 18px, #fffdf5; }
#diagram svg { display: block; margin: 0 auto; }
#diagram .placeholder { color: var(--muted); margin: 40px auto; text-align: center; max-width: 520px; }
#diagram .placeholder.problem { color: var(--error); }
#diagram-fallback { margin: 0 auto; max-width: 520px; }

/* Diagram colouring: Graphviz writes fill/stroke presentation attributes, CSS overrides them. */
#diagram g.sc-state, #diagram g.sc-trans { cursor: pointer; }
#diagram g.sc-state path, #diagram g.sc-state polygon, #diagram g.sc-state ellipse { pointer-events: visible; }
#diagram g.cluster.sc-state path, #diagram g.cluster.sc-state polygon { pointer-events: visibleStroke; }
#diagram g.sc-state:hover path, #diagram g.sc-state:hover polygon, #diagram g.sc-state:hover ellipse { stroke: #5b8def; }
#diagram g.sc-trans:hover path { stroke-width: 2; }
#diagram g.sc-trans:hover text { fill: #1f4fb0; }
#diagram g.sc-active path, #diagram g.sc-active polygon, #diagram g.sc-active ellipse {
  fill: #cfe3ff; stroke: #2f6fd0;
}
/* a final state's double border: only the inner outline (drawn first) is filled, so both show */
#diagram g.node.sc-active > path ~ path, #diagram g.node.sc-active > ellipse ~ ellipse { fill: none; }
/* active compound and parallel states: the same blue, lighter, deepening with the nesting */
#diagram g.cluster.sc-active path, #diagram g.cluster.sc-active polygon { fill-opacity: 0.38; }
#diagram g.sc-current path, #diagram g.sc-current polygon, #diagram g.sc-current ellipse {
  stroke-width: 2;
}
#diagram g.sc-breakpoint path, #diagram g.sc-breakpoint polygon, #diagram g.sc-breakpoint ellipse {
  stroke: #ff7f0e; stroke-width: 3; stroke-dasharray: 6 3;
}
#diagram g.sc-trans.sc-breakpoint polygon { fill: #ff7f0e; stroke-dasharray: none; }
#diagram g.sc-trans.sc-breakpoint text { fill: #c25400; }
#diagram g.sc-last path { stroke: #d62728; stroke-width: 2.5; }
#diagram g.sc-last polygon { fill: #d62728; stroke: #d62728; stroke-width: 1.5; }
#diagram g.sc-last text { fill: #d62728; font-weight: 600; }

/* Right column */
#right {
  grid-area: right; display: flex; flex-direction: column; gap: 8px; min-height: 0;
  overflow: auto; scrollbar-gutter: stable; padding-right: 2px;
}
#right .panel { flex: none; }
#controls-panel { padding-bottom: 4px; }
#panels { display: flex; flex-direction: column; gap: 8px; }
.section { padding: 0 10px; }
.row { display: flex; gap: 6px; align-items: center; margin-top: 6px; }
.row > input[type="text"], .row > select { flex: 1; }
.row .spacer { flex: 1; }
#advance-by { flex: none; width: 64px; }
.label { font-size: 11.5px; color: var(--muted); margin: 8px 0 2px; }
#status {
  margin: 0 10px; padding: 5px 9px; border-radius: 6px; font-weight: 600; background: #f1f3f5; color: #475467;
  overflow-wrap: anywhere;
}
#status.status-running { background: #e7f6ec; color: #1a7f37; }
#status.status-paused { background: #fff1e0; color: #b54708; }
#status.status-finished, #status.status-stopped { background: #eef2f6; color: #475467; }
#clock { margin: 4px 10px 0; font-size: 12px; color: var(--muted); }
#events { display: flex; flex-wrap: wrap; gap: 5px; margin-top: 4px; }
#events button.event { font-family: var(--mono); font-size: 12px; background: var(--accent-soft); border-color: #b6cdf5; color: #174ea6; }
#events button.event:hover:not(:disabled) { background: #d6e4fd; }
#events .empty { font-size: 12px; }
#event-data { width: 100%; height: 34px; min-height: 30px; margin-top: 6px; display: block; }
#error-box {
  /* stays at the top of the right column however far it is scrolled */
  position: sticky; top: 0; z-index: 2; flex: none;
  box-shadow: 0 2px 6px rgba(16, 24, 40, 0.12); padding: 6px 8px 6px 10px; border-radius: 6px; background: var(--error-bg); color: var(--error);
  border: 1px solid #f4c7c1; display: flex; gap: 8px; align-items: flex-start; overflow-wrap: anywhere;
}
#error { flex: 1; white-space: pre-wrap; }
#error-close { border: none; background: transparent; color: var(--error); padding: 0 4px; line-height: 1; font-size: 15px; }
#notice { margin: 6px 10px 0; font-size: 12px; color: #1a7f37; min-height: 17px; overflow-wrap: anywhere; }
#notice.fading { transition: opacity 1.5s ease 2s; opacity: 0; }
#queued-box { margin-top: 6px; }
ul.plain { list-style: none; margin: 2px 0 0; padding: 0; }
ul.plain > li { padding: 3px 0; border-bottom: 1px solid #f0f2f5; display: flex; gap: 6px; align-items: baseline; min-width: 0; }
ul.plain > li:last-child { border-bottom: none; }
ul.plain > li.empty { display: block; border-bottom: none; }
.name { font-family: var(--mono); font-size: 12px; font-weight: 600; }
.data { font-family: var(--mono); font-size: 11.5px; color: #475467; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; flex: 1; }
.when { font-size: 12px; color: var(--muted); white-space: nowrap; }
#queued > li .name::before { content: "\23F8  "; color: #b54708; }
.panel .section:last-child { padding-bottom: 8px; }
#breakpoints > li .text { flex: 1; min-width: 0; overflow-wrap: anywhere; }
#breakpoints > li .bp-dot { width: 9px; height: 9px; border-radius: 50%; background: var(--bp); flex: none; align-self: center; }
button.remove { padding: 0 7px; font-size: 13px; line-height: 18px; }
#bp-kind { flex: none; width: 104px; }
#context { margin-top: 4px; }
#context pre {
  margin: 0; font-family: var(--mono); font-size: 12px; background: #f7f8fa; border: 1px solid #eef0f3;
  border-radius: 6px; padding: 6px 8px; max-height: 260px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere;
}
#context table { width: 100%; border-collapse: collapse; font-size: 12px; }
#context td, #context th { text-align: left; padding: 3px 4px; border-bottom: 1px solid #f0f2f5; vertical-align: top; }
#context th { font-weight: 600; color: var(--muted); font-size: 11px; }
#context td.var-name { font-family: var(--mono); font-weight: 600; white-space: nowrap; }
#context td.var-value { font-family: var(--mono); overflow-wrap: anywhere; }
#context td.var-value input { width: 100%; font-family: var(--mono); font-size: 12px; }
#context-note { font-size: 12px; color: #8a6100; margin: 2px 0 4px; }
#context-edit { width: 100%; min-height: 110px; margin-top: 4px; display: block; }
#context-dirty { font-size: 12px; color: #b54708; }
#children > li { cursor: pointer; color: #174ea6; }
#children > li:hover { text-decoration: underline; }

/* Timeline */
#timeline-panel { grid-area: timeline; display: flex; flex-direction: column; }
#timeline-panel .panel-head { border-bottom: 1px solid var(--border); }
#timeline-hint { font-size: 12px; color: var(--muted); }
#timeline {
  list-style: none; margin: 0; padding: 0; overflow: auto; flex: 1; min-height: 0;
  font-size: 12px; contain: strict; overflow-anchor: none;
}
li.step {
  display: grid;
  grid-template-columns: 62px 118px minmax(150px, 220px) minmax(0, 1fr) minmax(120px, 240px);
  gap: 10px;
  padding: 4px 10px 4px 8px;
  border-bottom: 1px solid #f0f2f5;
  border-left: 4px solid transparent;
  cursor: pointer;
  align-items: baseline;
  contain: layout style;
}
li.step:hover { background: #f6f8fb; }
li.step.viewing { background: var(--warn-bg); box-shadow: inset 0 0 0 1px #e9c46a; }
li.step.head .seq::after { content: " \25CF"; color: var(--accent); }
li.step .seq { font-family: var(--mono); color: var(--muted); white-space: nowrap; }
li.step .time { color: var(--muted); white-space: nowrap; font-variant-numeric: tabular-nums; overflow: hidden; text-overflow: ellipsis; }
li.step .ev { min-width: 0; overflow: hidden; }
li.step .ev .name { margin-right: 5px; }
li.step .ev .data { display: block; }
li.step .kind {
  display: inline-block; font-size: 10.5px; border-radius: 4px; padding: 0 5px; margin-right: 5px;
  background: #f1f3f5; color: #475467; text-transform: uppercase; letter-spacing: .03em;
}
li.step .kind.k-start { background: #e7f6ec; color: #1a7f37; }
li.step .kind.k-delayed, li.step .kind.k-clock { background: #f3eefe; color: #6941c6; }
li.step .kind.k-restore { background: #fff1e0; color: #b54708; }
li.step .kind.k-edit { background: #fdf2fa; color: #c11574; }
li.step .what { min-width: 0; display: flex; flex-wrap: wrap; gap: 2px 10px; }
li.step .trans { color: #1f2328; }
li.step .exited { color: #b42318; font-family: var(--mono); }
li.step .entered { color: #1a7f37; font-family: var(--mono); }
li.step .actions { color: #475467; }
li.step .err { color: var(--error); font-weight: 600; flex-basis: 100%; overflow-wrap: anywhere; }
li.step .note { color: var(--muted); font-style: italic; }
li.step .config { font-family: var(--mono); color: #344054; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
li.step .branch-mark {
  display: inline-block; font-size: 10.5px; font-weight: 600; color: #8a4b00; background: #ffe8c2;
  border-radius: 4px; padding: 0 5px; margin-right: 5px;
}
li.step.branch { border-top: 2px solid #f0b45a; }
li.step.lane-1 { border-left-color: #f0b45a; }
li.step.lane-2 { border-left-color: #8bc48a; }
li.step.lane-3 { border-left-color: #b59bea; }
li.step.lane-4 { border-left-color: #e58fb6; }
li.step.lane-5 { border-left-color: #6fc3cf; }
li.step.lane-6 { border-left-color: #c9b458; }
li.dropped {
  padding: 3px 10px; text-align: center; color: #8a6100; background: #fffbeb; font-size: 12px;
  border-bottom: 1px solid #f3e3ad; list-style: none;
}
"""#
}

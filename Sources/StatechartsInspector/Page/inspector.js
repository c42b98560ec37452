// The inspector page's script: plain ES2020, no framework. Every piece of data it shows goes
// through `textContent` (or an attribute, or a form field's value); the only markup it inserts
// is the server's SVG diagram. Compiled into the library (Package.swift: `.embedInCode`) and
// inlined in the page by InspectorPage.html; `make test` checks its syntax with `node --check`.
(function () {
  'use strict';

  const MAX_TIMELINE = 2000;         // li.step entries kept in the DOM
  const MAX_FRAME = 65536;           // the server refuses bigger text frames
  const LANES = 6;
  const STEPS_EVERY = 200;           // ms between two timeline updates

  const stats = { lastListUpdate: 0, lastStateUpdate: 0, messages: 0 };
  window.__inspector = stats;

  // ---------------------------------------------------------------- helpers

  const $ = (id) => document.getElementById(id);

  function h(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function setText(node, text) {
    const value = text === undefined || text === null ? '' : String(text);
    if (node.textContent !== value) node.textContent = value;
  }

  function json(value) {
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  }

  function pretty(value) {
    try { return JSON.stringify(value, null, 2); } catch (e) { return String(value); }
  }

  function cut(text, n) {
    return text.length > n ? text.slice(0, n - 1) + '…' : text;
  }

  function list(value) { return Array.isArray(value) ? value : []; }

  function word(value) {
    return typeof value === 'string' && /^[A-Za-z]+$/.test(value) ? value : 'other';
  }

  function clamp(x, lo, hi) { return Math.min(hi, Math.max(lo, x)); }

  // The token exactly as it appears in the page's address (still URL-encoded).
  function readToken() {
    const m = /[?&]token=([^&#]*)/.exec(location.search);
    return m ? m[1] : '';
  }

  // ---------------------------------------------------------------- state

  const S = {
    token: readToken(),
    ws: null,
    backoff: 500,
    reconnectTimer: 0,
    nextRequest: 1,
    pending: new Map(),           // request -> {kind, ...}
    rows: new Map(),              // instance id -> row entry
    shown: [],                    // the entries not filtered out, in list order
    selected: null,
    chart: null,
    stateEntries: [],             // [{state, groups}]
    transEntries: new Map(),      // transition id -> {transition, groups}
    svg: null, baseW: 0, baseH: 0, zoom: 1, zoomMode: 'auto',
    followKey: '',                // the active leaves last scrolled into view
    live: null,                   // last `state` message of the selected instance
    viewing: null,                // seq of the past step shown, or null
    detail: null,                 // its `stepDetail`
    contextKey: '',
    contextDirty: false,
    queue: { instances: null, state: null, steps: [], scheduled: false, lastSteps: -1e9, stepsTimer: 0 },
    filter: '',
  };

  const T = {                     // the timeline
    bySeq: new Map(),             // seq -> {li, lane, depth}
    count: 0,                     // li.step in the DOM
    total: 0,                     // steps received since the reset
    removed: 0,                   // removed from the DOM by the cap
    capMarker: null,
    prev: null,                   // seq of the last step appended
    gap: false,                   // steps were dropped right before the next one
    nextLane: 0,
    headLi: null,                 // li of the step the instance is at
    stick: true,                  // scrolled to the bottom: follow new steps
    userScroll: -1e9,             // when the user last touched the timeline's scrolling
  };

  // ---------------------------------------------------------------- connection

  function setConnection(kind, text) {
    const c = $('connection');
    c.className = kind;
    setText(c, text);
    document.body.classList.toggle('offline', kind !== 'connected');
  }

  function connect() {
    clearTimeout(S.reconnectTimer);
    if (!S.token) {
      setConnection('disconnected', 'no token in the address');
      showError('The address has no ?token=…: open the exact URL the inspector printed.');
      return;
    }
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws?token=' + S.token;
    let ws;
    try {
      ws = new WebSocket(url);
    } catch (e) {
      scheduleReconnect();
      return;
    }
    S.ws = ws;
    setConnection('connecting', 'connecting…');
    ws.onopen = () => {
      if (S.ws !== ws) return;
      S.backoff = 500;
      setConnection('connected', 'connected');
      if (S.selected) sendSelect(S.selected);
    };
    ws.onmessage = (event) => {
      if (S.ws !== ws) return;
      stats.messages++;
      let msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      if (msg && typeof msg === 'object') dispatch(msg);
    };
    ws.onclose = () => {
      if (S.ws !== ws) return;
      S.ws = null;
      setConnection('disconnected', 'disconnected (reconnecting…)');
      scheduleReconnect();
    };
    ws.onerror = () => {};
  }

  function scheduleReconnect() {
    clearTimeout(S.reconnectTimer);
    S.reconnectTimer = setTimeout(connect, S.backoff);
    S.backoff = Math.min(S.backoff * 2, 10000);
  }

  // Sends a command with a fresh request id; `what` is remembered until its answer.
  function command(msg, what) {
    if (!S.ws || S.ws.readyState !== WebSocket.OPEN) {
      showError('Not connected to the inspector.');
      return null;
    }
    const request = S.nextRequest++;
    msg.request = request;
    const text = JSON.stringify(msg);
    if (text.length > MAX_FRAME / 4 && new TextEncoder().encode(text).length > MAX_FRAME) {
      showError('Too large to send: messages are limited to 64 KiB.');
      return null;
    }
    S.pending.set(request, what || { kind: msg.type });
    if (S.pending.size > 500) S.pending.delete(S.pending.keys().next().value);
    S.ws.send(text);
    return request;
  }

  function forSelected(msg, what) {
    if (!S.selected) { showError('Select an instance first.'); return null; }
    msg.instance = S.selected;
    return command(msg, what);
  }

  // ---------------------------------------------------------------- messages

  function dispatch(msg) {
    switch (msg.type) {
      case 'hello':
        if (typeof msg.title === 'string' && msg.title) {
          setText($('title'), msg.title);
          S.title = msg.title;
          updateTitle();
        }
        if (msg.protocol !== 1) showError('This page speaks protocol 1; the server speaks ' + json(msg.protocol) + '.');
        break;
      case 'instances':
        S.queue.instances = msg;
        schedule();
        break;
      case 'chart':
        if (msg.instance === S.selected) onChart(msg);
        break;
      case 'state':
        if (msg.instance === S.selected) { S.queue.state = msg; schedule(); }
        break;
      case 'steps':
        if (msg.instance === S.selected) {
          if (msg.reset) S.queue.steps = [];
          S.queue.steps.push(msg);
          schedule();
        }
        break;
      case 'stepDetail':
        onStepDetail(msg);
        break;
      case 'ok':
        onOk(msg);
        break;
      case 'error':
        onError(msg);
        break;
      default:
        break;
    }
  }

  // Applies what arrived at most once per frame: the latest list, the latest state, and every
  // step message in one batch.
  function schedule() {
    if (S.queue.scheduled) return;
    S.queue.scheduled = true;
    let done = false;
    const run = () => { if (!done) { done = true; flush(); } };
    if (!document.hidden) requestAnimationFrame(run);
    setTimeout(run, document.hidden ? 30 : 200);
  }

  function flush() {
    const q = S.queue;
    q.scheduled = false;
    if (q.instances) {
      const msg = q.instances;
      q.instances = null;
      renderInstances(list(msg.instances));
      stats.lastListUpdate = performance.now();
    }
    if (q.steps.length) {
      // New steps go into the timeline at most five times a second, in one batch: a fast
      // instance would otherwise cost a layout of the timeline every frame.
      const now = performance.now();
      const wait = STEPS_EVERY - (now - q.lastSteps);
      if (wait <= 0 || q.steps.some((m) => m.reset)) {
        const batch = q.steps;
        q.steps = [];
        q.lastSteps = now;
        applySteps(batch);
      } else if (!q.stepsTimer) {
        q.stepsTimer = setTimeout(() => { q.stepsTimer = 0; schedule(); }, wait);
      }
    }
    if (q.state) {
      const msg = q.state;
      q.state = null;
      renderState(msg);
      stats.lastStateUpdate = performance.now();
    }
  }

  function onOk(msg) {
    const what = S.pending.get(msg.request);
    S.pending.delete(msg.request);
    clearError();
    const quiet = what && (what.kind === 'select' || what.kind === 'inspectStep');
    if (!quiet && typeof msg.message === 'string' && msg.message) notice(msg.message);
    if (!what) return;
    if (what.kind === 'restore' && what.instance === S.selected) backToLive();
    if (what.kind === 'editContext') { S.contextDirty = false; S.contextKey = ''; if (S.live) renderContext(); }
    if (what.kind === 'addBreakpoint' && what.clear) { $('bp-value').value = ''; }
  }

  function onError(msg) {
    const what = S.pending.get(msg.request);
    S.pending.delete(msg.request);
    showError(typeof msg.message === 'string' ? msg.message : 'error');
    if (what && what.kind === 'select' && what.instance === S.selected) {
      showDiagramMessage('This instance cannot be shown: ' + (msg.message || 'error'), true);
    }
  }

  // #error holds the text only; its box (with the dismiss button) shows while there is one.
  function showError(text) {
    setText($('error'), text);
    const box = $('error-box');
    box.hidden = false;
  }

  function clearError() {
    $('error-box').hidden = true;
    setText($('error'), '');
  }

  let noticeTimer = 0;
  function notice(text) {
    const n = $('notice');
    n.classList.remove('fading');
    setText(n, '✓ ' + text);
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => n.classList.add('fading'), 50);
  }

  // ---------------------------------------------------------------- instances

  function makeRow(id) {
    const row = h('li', 'instance');
    row.dataset.id = id;
    row.tabIndex = 0;
    const top = h('div', 'inst-top');
    const name = h('span', 'inst-name');
    const status = h('span', 'badge');
    top.append(name, status);
    const meta = h('div', 'inst-meta');
    const chart = h('span', 'inst-chart');
    const rate = h('span', 'inst-rate');
    meta.append(chart, rate);
    const summary = h('div', 'inst-summary');
    row.append(top, meta, summary);
    return { id, row, name, status, chart, rate, summary, key: '', data: null, depth: 0, dirty: false, painted: false };
  }

  // Rows out of view only remember their data; they are painted when they come into view (a
  // thousand instances updated ten times a second cost the rows on screen only). Rows all have
  // the same height, so the ones in view follow from the list's scroll position; no observer
  // (an IntersectionObserver, or content-visibility, costs every frame for every row).
  function rowsInView() {
    const ul = $('instances');
    const shown = S.shown;
    if (!shown.length) return [0, -1];
    const top0 = shown[0].row.offsetTop;
    const stride = shown.length > 1 ? Math.max(1, shown[1].row.offsetTop - top0) : Math.max(1, shown[0].row.offsetHeight);
    const from = Math.floor((ul.scrollTop - top0) / stride) - 4;
    const to = Math.ceil((ul.scrollTop + ul.clientHeight - top0) / stride) + 4;
    return [Math.max(0, from), Math.min(shown.length - 1, to)];
  }

  function paintRowsInView() {
    const [from, to] = rowsInView();
    for (let i = from; i <= to; i++) if (S.shown[i].dirty) paintRow(S.shown[i]);
  }

  function updateRow(entry, inst, inView) {
    const eps = Number(inst.eventsPerSecond) || 0;
    const parent = typeof inst.parent === 'string' ? inst.parent : null;
    const depth = parent ? ((S.rows.get(parent) || { depth: 0 }).depth + 1) : 0;
    const key = [inst.name, inst.chart, inst.runtime, inst.summary, inst.status, eps.toFixed(1),
      inst.steps, parent, inst.drivable, depth].join('\u0001');
    entry.data = inst;
    entry.depth = depth;
    if (key === entry.key) return;
    entry.key = key;
    if (S.filter) entry.row.hidden = !rowText(entry).includes(S.filter);
    if (inView || !entry.painted) paintRow(entry);
    else entry.dirty = true;
  }

  function paintRow(entry) {
    const inst = entry.data;
    entry.dirty = false;
    entry.painted = true;
    const eps = Number(inst.eventsPerSecond) || 0;
    setText(entry.name, inst.name || inst.id);
    entry.name.title = (inst.name || '') + ' (' + inst.id + ')';
    setText(entry.status, inst.status || '');
    entry.status.className = 'badge status-' + word(inst.status);
    setText(entry.chart, (inst.chart || '') + (inst.runtime ? ' · ' + inst.runtime : ''));
    setText(entry.rate, eps.toFixed(1) + ' ev/s · ' + (Number(inst.steps) || 0) + ' steps');
    setText(entry.summary, inst.summary || '');
    entry.summary.title = inst.summary || '';
    entry.row.classList.toggle('child', entry.depth > 0);
    entry.row.style.paddingLeft = (10 + 16 * Math.min(entry.depth, 6)) + 'px';
  }

  function rowText(entry) {
    const d = entry.data || {};
    return [d.id, d.name, d.chart, d.summary, d.status].join(' ').toLowerCase();
  }

  function renderInstances(items) {
    const ul = $('instances');
    const seen = new Set();
    const [from, to] = rowsInView();   // from the layout before this update
    const shown = [];
    let i = 0;
    for (const inst of items) {
      if (!inst || typeof inst.id !== 'string' || seen.has(inst.id)) continue;
      seen.add(inst.id);
      let entry = S.rows.get(inst.id);
      if (!entry) {
        entry = makeRow(inst.id);
        S.rows.set(inst.id, entry);
        if (inst.id === S.selected) entry.row.classList.add('selected');
      }
      updateRow(entry, inst, shown.length >= from && shown.length <= to);
      if (!entry.row.hidden) shown.push(entry);
      const at = ul.children[i];
      if (at !== entry.row) ul.insertBefore(entry.row, at || null);
      i++;
    }
    for (const [id, entry] of S.rows) {
      if (!seen.has(id)) {
        entry.row.remove();
        S.rows.delete(id);
      }
    }
    const moved = shown.length !== S.shown.length || shown.some((e, k) => S.shown[k] !== e);
    S.shown = shown;
    if (moved) paintRowsInView();
    setText($('instance-count'), String(seen.size));
    $('instances-empty').hidden = seen.size > 0;
    if (!S.selected && items.length && typeof items[0].id === 'string') select(items[0].id);
    updateTitle();
  }

  function applyFilter() {
    S.filter = $('instance-filter').value.trim().toLowerCase();
    const shown = [];
    for (const child of $('instances').children) {
      const entry = S.rows.get(child.dataset.id);
      if (!entry) continue;
      entry.row.hidden = !!S.filter && !rowText(entry).includes(S.filter);
      if (!entry.row.hidden) shown.push(entry);
    }
    S.shown = shown;
    paintRowsInView();
  }

  function updateTitle() {
    const entry = S.selected ? S.rows.get(S.selected) : null;
    const base = S.title || 'Statecharts inspector';
    if (!S.selected) { setText($('instance-title'), ''); document.title = base; return; }
    const d = entry ? entry.data : null;
    const parts = [];
    if (d) {
      parts.push(d.name || d.id);
      parts.push('chart ' + (d.chart || '?'));
      if (d.runtime) parts.push(d.runtime);
    } else {
      parts.push(S.selected + ' (no longer listed)');
    }
    if (S.live && S.live.drivable === false) parts.push('read-only');
    setText($('instance-title'), parts.join(' · '));
    const name = d ? (d.name || d.id) : S.selected;
    if (document.title !== name + ' — ' + base) document.title = name + ' — ' + base;
  }

  function select(id) {
    if (!id) return;
    if (S.selected !== id) {
      const old = S.selected ? S.rows.get(S.selected) : null;
      if (old) old.row.classList.remove('selected');
      S.selected = id;
      const now = S.rows.get(id);
      if (now) now.row.classList.add('selected');
      resetSelection();
      updateTitle();
    }
    sendSelect(id);
  }

  function sendSelect(id) {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) command({ type: 'select', instance: id }, { kind: 'select', instance: id });
  }

  function resetSelection() {
    S.chart = null;
    S.live = null;
    S.viewing = null;
    S.detail = null;
    S.stateEntries = [];
    S.transEntries = new Map();
    S.svg = null;
    S.zoomMode = 'auto';
    S.followKey = '';
    S.contextKey = '';
    S.contextDirty = false;
    S.queue.state = null;
    S.queue.steps = [];
    showDiagramMessage('Loading…', false);
    setText($('chart-name'), '');
    setText($('configuration'), '');
    $('viewing').hidden = true;
    clearTimeline();
    renderPanelsEmpty();
  }

  // ---------------------------------------------------------------- diagram

  function showDiagramMessage(text, problem) {
    const host = $('diagram');
    host.replaceChildren(h('p', problem ? 'placeholder problem' : 'placeholder', text));
    host.classList.remove('past');
    S.svg = null;
  }

  // Removes from the server's SVG anything that could run or load something.
  function sanitize(root) {
    const bad = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'use', 'image', 'style', 'animate', 'set', 'animatetransform', 'animatemotion']);
    const all = [root, ...root.getElementsByTagName('*')];
    for (const node of all) {
      if (bad.has(node.localName.toLowerCase())) { node.remove(); continue; }
      for (const attr of Array.from(node.attributes)) {
        const name = attr.name.toLowerCase();
        const value = attr.value.trim().toLowerCase();
        if (name.startsWith('on')) node.removeAttribute(attr.name);
        else if ((name === 'href' || name.endsWith(':href')) && !value.startsWith('#')) node.removeAttribute(attr.name);
        else if (value.includes('javascript:') || (name === 'style' && value.includes('url('))) node.removeAttribute(attr.name);
      }
    }
  }

  function lengthInPx(text, fallback) {
    const m = /^\s*([0-9.]+)\s*(pt|px)?\s*$/.exec(text || '');
    if (!m) return fallback;
    const n = parseFloat(m[1]);
    return m[2] === 'pt' ? n * 4 / 3 : n;
  }

  function onChart(msg) {
    S.chart = msg;
    setText($('chart-name'), msg.name || '');
    const states = list(msg.states).filter((s) => s && typeof s.name === 'string');
    const transitions = list(msg.transitions).filter((t) => t && t.id !== undefined);
    S.stateEntries = [];
    S.transEntries = new Map();
    fillDatalist($('event-names'), list(msg.events).map((e) => [String(e), '']));
    updateBreakpointChoices();

    const host = $('diagram');
    host.replaceChildren();
    S.svg = null;
    if (typeof msg.svg !== 'string' || !msg.svg) {
      host.append(h('p', 'placeholder problem', 'No diagram' + (msg.svgError ? ': ' + msg.svgError : '.')));
      const fallback = h('div', 'muted');
      fallback.id = 'diagram-fallback';
      host.append(fallback);
      applyDiagram();
      return;
    }
    const doc = new DOMParser().parseFromString(msg.svg, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.localName !== 'svg' || doc.getElementsByTagName('parsererror').length) {
      host.append(h('p', 'placeholder problem', 'The diagram could not be read.'));
      applyDiagram();
      return;
    }
    sanitize(root);
    const svg = document.importNode(root, true);
    let vbW = 0, vbH = 0;
    const vb = (svg.getAttribute('viewBox') || '').trim().split(/[\s,]+/).map(Number);
    if (vb.length === 4 && vb.every((x) => isFinite(x))) { vbW = vb[2]; vbH = vb[3]; }
    S.baseW = lengthInPx(svg.getAttribute('width'), vbW * 4 / 3) || 400;
    S.baseH = lengthInPx(svg.getAttribute('height'), vbH * 4 / 3) || 300;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'Diagram of ' + (msg.name || 'the chart'));

    for (const state of states) {
      if (typeof state.class !== 'string' || !state.class) continue;
      const groups = Array.from(svg.getElementsByClassName(state.class)).filter((g) => g.localName === 'g');
      for (const g of groups) {
        g.classList.add('sc-state');
        g.dataset.state = state.name;
        g.dataset.path = typeof state.path === 'string' ? state.path : state.name;
        retitle(g, state.name);
      }
      S.stateEntries.push({ state, groups });
    }
    for (const t of transitions) {
      if (typeof t.class !== 'string' || !t.class) continue;
      const groups = Array.from(svg.getElementsByClassName(t.class)).filter((g) => g.localName === 'g');
      for (const g of groups) {
        g.classList.add('sc-trans');
        g.dataset.transition = String(t.id);
        retitle(g, t.text || ('transition ' + t.id));
      }
      S.transEntries.set(String(t.id), { transition: t, groups });
    }
    host.append(svg);
    S.svg = svg;
    S.followKey = '';
    refit();
    applyDiagram();
  }

  // Graphviz titles its groups with node ids (`s3`); the page names them instead, for the tooltip.
  function retitle(g, text) {
    const ns = 'http://www.w3.org/2000/svg';
    let title = null;
    for (const child of g.children) if (child.localName === 'title') { title = child; break; }
    if (!title) { title = document.createElementNS(ns, 'title'); g.insertBefore(title, g.firstChild); }
    title.textContent = text;
  }

  // The viewed step once its detail arrived; the live state otherwise.
  function currentView() {
    if (S.viewing !== null && S.detail) return S.detail;
    return S.live;
  }

  function breakpointsOf(kind) {
    const out = new Map();
    for (const b of list(S.live && S.live.breakpoints)) if (b && b.kind === kind) out.set(String(b.value), b);
    return out;
  }

  function applyDiagram() {
    const view = currentView();
    const active = new Set(list(view && view.active));
    const leaves = new Set(list(view && view.configuration));
    const last = new Set(list(view && view.lastTransitions).map(String));
    const bpStates = breakpointsOf('state');
    const bpTrans = breakpointsOf('transition');
    for (const { state, groups } of S.stateEntries) {
      const on = active.has(state.name) || active.has(state.path);
      const leaf = leaves.has(state.name) || leaves.has(state.path);
      const bp = bpStates.has(state.name) || bpStates.has(state.path);
      for (const g of groups) {
        g.classList.toggle('sc-active', on);
        g.classList.toggle('sc-current', leaf);
        g.classList.toggle('sc-breakpoint', bp);
      }
    }
    for (const [id, { groups }] of S.transEntries) {
      const red = last.has(id);
      const bp = bpTrans.has(id);
      for (const g of groups) {
        g.classList.toggle('sc-last', red);
        g.classList.toggle('sc-breakpoint', bp);
      }
    }
    $('diagram').classList.toggle('past', S.viewing !== null);
    const config = list(view && view.configuration);
    const text = config.length ? config.join(', ') : (view ? '(no active state)' : '');
    setText($('configuration'), (S.viewing !== null ? 'at #' + S.viewing + ': ' : '') + text);
    const fallback = $('diagram-fallback');
    if (fallback) setText(fallback, 'Active states: ' + (list(view && view.active).join(', ') || '—'));
    followActive();
  }

  // Zoom: the SVG keeps its aspect ratio; its size in CSS pixels is the natural size times zoom.
  function setZoom(z, keepCenter) {
    S.zoom = clamp(z, 0.1, 5);
    setText($('zoom-level'), Math.round(S.zoom * 100) + '%');
    if (!S.svg) return;
    const host = $('diagram');
    const cx = (host.scrollLeft + host.clientWidth / 2) / Math.max(1, host.scrollWidth);
    const cy = (host.scrollTop + host.clientHeight / 2) / Math.max(1, host.scrollHeight);
    S.svg.style.width = Math.round(S.baseW * S.zoom) + 'px';
    S.svg.style.height = Math.round(S.baseH * S.zoom) + 'px';
    if (keepCenter) {
      host.scrollLeft = cx * host.scrollWidth - host.clientWidth / 2;
      host.scrollTop = cy * host.scrollHeight - host.clientHeight / 2;
    }
  }

  function room() {
    const host = $('diagram');
    return { w: Math.max(50, host.clientWidth - 34), h: Math.max(50, host.clientHeight - 34) };
  }

  // The first zoom of a diagram: the whole of it when that stays readable (75% or more), else
  // 75% (a tall chart scrolls, and the active states are kept in view); never above 100%.
  function autoZoom() {
    if (!S.svg) return;
    const r = room();
    const width = Math.min(r.w / S.baseW, 1);
    setZoom(Math.min(width, Math.max(Math.min(r.w / S.baseW, r.h / S.baseH), 0.75)));
  }

  function fitAll() {
    S.zoomMode = 'all';
    if (!S.svg) return;
    const r = room();
    setZoom(Math.min(r.w / S.baseW, r.h / S.baseH, 2));
  }

  function fitWidth() {
    S.zoomMode = 'width';
    if (!S.svg) return;
    setZoom(Math.min(room().w / S.baseW, 3));
  }

  function refit() {
    if (S.zoomMode === 'all') fitAll();
    else if (S.zoomMode === 'width') fitWidth();
    else if (S.zoomMode === 'auto') autoZoom();
    else setZoom(S.zoom);
  }

  // Scrolls the diagram, when the active atomic states changed, so that they and the last
  // step's transitions are in view (or, when those do not fit, so that the states are).
  function followActive() {
    if (!S.svg) return;
    const leaves = [];
    for (const { groups } of S.stateEntries) for (const g of groups) if (g.classList.contains('sc-current')) leaves.push(g);
    const edges = [];
    for (const { groups } of S.transEntries.values()) for (const g of groups) if (g.classList.contains('sc-last')) edges.push(g);
    const key = leaves.map((g) => g.dataset.state).join('\u0001') + '|' + edges.length + '|' + S.zoom;
    if (key === S.followKey || !leaves.length) return;
    S.followKey = key;
    const host = $('diagram');
    const view = host.getBoundingClientRect();
    const box = (gs) => {
      const b = { top: Infinity, left: Infinity, bottom: -Infinity, right: -Infinity };
      for (const g of gs) {
        const r = g.getBoundingClientRect();
        b.top = Math.min(b.top, r.top); b.left = Math.min(b.left, r.left);
        b.bottom = Math.max(b.bottom, r.bottom); b.right = Math.max(b.right, r.right);
      }
      return b;
    };
    const inside = (b) => b.top >= view.top && b.bottom <= view.bottom && b.left >= view.left && b.right <= view.right;
    const touches = (b) => b.bottom > view.top && b.top < view.bottom && b.right > view.left && b.left < view.right;
    const all = box(leaves.concat(edges));
    let target = null;
    if (all.bottom - all.top <= host.clientHeight - 16 && all.right - all.left <= host.clientWidth - 16) {
      if (!inside(all)) target = all;
    } else if (!leaves.some((g) => touches(box([g])))) {
      target = box(leaves);
    }
    if (!target) return;
    const y = host.scrollTop + (target.top + target.bottom) / 2 - view.top - host.clientHeight / 2;
    const x = host.scrollLeft + (target.left + target.right) / 2 - view.left - host.clientWidth / 2;
    host.scrollTo({ top: Math.max(0, y), left: Math.max(0, x), behavior: 'smooth' });
  }

  function zoomBy(f) {
    S.zoomMode = 'manual';
    setZoom(S.zoom * f, true);
  }

  function toggleBreakpoint(kind, value, alt) {
    const existing = list(S.live && S.live.breakpoints).find((b) => b && b.kind === kind && (String(b.value) === value || (alt && String(b.value) === alt)));
    if (existing) forSelected({ type: 'removeBreakpoint', id: existing.id });
    else forSelected({ type: 'addBreakpoint', kind, value });
  }

  // ---------------------------------------------------------------- state panels

  function renderPanelsEmpty() {
    $('status').className = '';
    setText($('status'), '—');
    setText($('clock'), '');
    $('events').replaceChildren();
    S.eventsKey = null;
    renderList($('queued'), [], null, 'none');
    setText($('queued-count'), '0');
    renderList($('delayed'), [], null, 'none');
    setText($('delayed-count'), '0');
    renderList($('children'), [], null, 'none');
    setText($('children-count'), '0');
    renderList($('breakpoints'), [], null, 'none — add one below, or click a state or transition in the diagram');
    setText($('breakpoint-count'), '0');
    S.breakpointsKey = null;
    S.delayedKey = null;
    S.childrenKey = null;
    S.queuedKey = null;
    $('context').replaceChildren(h('p', 'muted', '—'));
    $('context-edit').hidden = true;
    $('context-buttons').hidden = true;
    $('context-note').hidden = true;
    setControls(null);
  }

  // Replaces `ul`'s items when `key` changed; `make(item)` builds one li.
  function renderList(ul, items, make, emptyText) {
    const nodes = items.map(make || (() => h('li')));
    if (!nodes.length) nodes.push(h('li', 'empty', emptyText || 'none'));
    ul.replaceChildren(...nodes);
  }

  function renderState(msg) {
    S.live = msg;
    const status = typeof msg.status === 'string' ? msg.status : '';
    const st = $('status');
    st.className = 'status-' + word(status);
    let text = status || '—';
    if (status === 'paused') text = 'paused' + (msg.pauseReason ? ' — ' + msg.pauseReason : '');
    if (msg.drivable === false) text += ' (read-only)';
    setText(st, text);
    setText($('clock'), (msg.clock ? msg.clock + ' clock' : '') + (msg.now ? ' · now ' + msg.now : ''));

    // event buttons
    const events = list(msg.enabledEvents).map(String);
    const eventsKey = events.join('\u0001') + '|' + (msg.drivable !== false);
    if (eventsKey !== S.eventsKey) {
      S.eventsKey = eventsKey;
      const box = $('events');
      const buttons = events.map((name) => {
        const b = h('button', 'event', name);
        b.type = 'button';
        b.dataset.event = name;
        b.title = 'send ' + name;
        b.disabled = msg.drivable === false;
        return b;
      });
      if (!buttons.length) buttons.push(h('span', 'empty', status === 'finished' ? 'finished: no events' : 'no event enabled'));
      box.replaceChildren(...buttons);
    }

    // held events
    const queued = list(msg.queued);
    const queuedKey = json(queued);
    if (queuedKey !== S.queuedKey) {
      S.queuedKey = queuedKey;
      renderList($('queued'), queued, (q) => {
        const li = h('li');
        li.append(h('span', 'name', q && q.event));
        if (q && q.data !== null && q.data !== undefined) {
          const d = json(q.data);
          const span = h('span', 'data', cut(d, 200));
          span.title = cut(d, 2000);
          li.append(span);
        }
        return li;
      }, 'none');
      setText($('queued-count'), String(queued.length));
    }

    // delayed events
    const delayed = list(msg.delayed);
    const delayedKey = json(delayed);
    if (delayedKey !== S.delayedKey) {
      S.delayedKey = delayedKey;
      renderList($('delayed'), delayed, (d) => {
        const li = h('li');
        li.append(h('span', 'name', d && d.event));
        li.append(h('span', 'data', d && d.id ? 'id ' + d.id : ''));
        li.append(h('span', 'when', d && d.due ? 'due ' + d.due : ''));
        return li;
      }, 'none pending');
      setText($('delayed-count'), String(delayed.length));
    }

    // invoked children
    const children = list(msg.children);
    const childrenKey = json(children);
    if (childrenKey !== S.childrenKey) {
      S.childrenKey = childrenKey;
      renderList($('children'), children, (c) => {
        const li = h('li');
        li.dataset.id = c && c.id;
        li.title = 'select ' + (c && c.id);
        li.append(h('span', 'name', c && (c.name || c.id)));
        li.append(h('span', 'data', c && c.id));
        return li;
      }, 'none');
      setText($('children-count'), String(children.length));
    }

    // breakpoints
    const bps = list(msg.breakpoints);
    const bpKey = json(bps);
    if (bpKey !== S.breakpointsKey) {
      S.breakpointsKey = bpKey;
      renderList($('breakpoints'), bps, (b) => {
        const li = h('li');
        li.dataset.id = b && b.id;
        li.append(h('span', 'bp-dot'));
        li.append(h('span', 'text', b && (b.text || (b.kind + ' ' + b.value))));
        const remove = h('button', 'remove', '×');
        remove.type = 'button';
        remove.dataset.id = b && b.id;
        remove.title = 'Remove this breakpoint';
        remove.setAttribute('aria-label', 'Remove breakpoint ' + (b && (b.text || b.value)));
        li.append(remove);
        return li;
      }, 'none — add one below, or click a state or transition in the diagram');
      setText($('breakpoint-count'), String(bps.length));
    }

    setControls(msg);
    markHead(msg.head);
    if (S.viewing === null) renderContext();
    if (S.viewing !== null) renderViewing();
    applyDiagram();
    updateTitle();
  }

  function setControls(msg) {
    const live = !!msg;
    const drivable = live && msg.drivable !== false;
    const status = live ? msg.status : '';
    const running = status === 'running';
    const paused = status === 'paused';
    $('send').disabled = !drivable;
    $('event-name').disabled = !drivable;
    $('event-data').disabled = !drivable;
    $('pause').disabled = !(drivable && running);
    $('resume').disabled = !(drivable && paused);
    $('step').disabled = !(drivable && paused && list(msg && msg.queued).length > 0);
    $('fire-next').disabled = !(drivable && list(msg && msg.delayed).length > 0);
    const virtual = live && msg.clock !== 'live';
    $('advance').disabled = !(drivable && virtual);
    $('advance-by').disabled = !(drivable && virtual);
    $('advance').title = live && !virtual ? 'This instance runs on the live clock' : 'Advance the virtual clock and fire what falls due';
    $('bp-add').disabled = !live;
  }

  // The context panel: the live context, or the viewed step's (read-only).
  function renderContext() {
    const past = S.viewing !== null;
    const ctx = past ? (S.detail && S.detail.context) : (S.live && S.live.context);
    const editable = !past && !!ctx && ctx.editable === true && !!S.live && S.live.drivable !== false;
    const key = (past ? 'past' + S.viewing : 'live') + '|' + json(ctx) + '|' + editable;
    const note = $('context-note');
    note.hidden = !past;
    setText(note, past ? 'At step #' + S.viewing + ' (read-only).' : '');
    if (key === S.contextKey) return;
    const box = $('context');
    const editor = $('context-edit');
    const buttons = $('context-buttons');
    if (!ctx) {
      S.contextKey = key;
      box.replaceChildren(h('p', 'muted', past ? 'loading…' : 'no context'));
      editor.hidden = true;
      buttons.hidden = true;
      return;
    }
    if (ctx.format === 'variables' || Array.isArray(ctx.variables)) {
      // keep what the user is typing in a variable's field
      const typing = new Map();
      let focused = null;
      for (const input of box.querySelectorAll('input[data-name]')) {
        if (input.dataset.dirty === '1') typing.set(input.dataset.name, input.value);
        if (document.activeElement === input) focused = input.dataset.name;
      }
      S.contextKey = key;
      const table = h('table');
      const head = h('tr');
      head.append(h('th', null, 'variable'), h('th', null, 'value'));
      table.append(head);
      for (const v of list(ctx.variables)) {
        if (!v) continue;
        const tr = h('tr');
        tr.append(h('td', 'var-name', v.name));
        const td = h('td', 'var-value');
        if (editable) {
          const input = h('input');
          input.type = 'text';
          input.spellcheck = false;
          input.dataset.name = String(v.name);
          input.value = typing.has(String(v.name)) ? typing.get(String(v.name)) : String(v.value);
          if (typing.has(String(v.name))) input.dataset.dirty = '1';
          input.title = 'A JSON value; Enter sets it';
          input.setAttribute('aria-label', 'value of ' + v.name);
          td.append(input);
        } else {
          td.textContent = String(v.value);
        }
        tr.append(td);
        table.append(tr);
      }
      if (!list(ctx.variables).length) {
        const tr = h('tr');
        const td = h('td', 'muted', 'no variables');
        td.colSpan = 2;
        tr.append(td);
        table.append(tr);
      }
      box.replaceChildren(table);
      if (focused) {
        const again = Array.from(box.querySelectorAll('input[data-name]')).find((i) => i.dataset.name === focused);
        if (again) again.focus();
      }
      editor.hidden = true;
      buttons.hidden = true;
      return;
    }
    const shown = ctx.format === 'text' ? String(ctx.value) : pretty(ctx.value);
    if (editable && ctx.format === 'json') {
      S.contextKey = key;
      box.replaceChildren();
      editor.hidden = false;
      buttons.hidden = false;
      if (!S.contextDirty) { editor.value = shown; editor.classList.remove('invalid'); }
      setText($('context-dirty'), S.contextDirty ? 'edited, not applied' : '');
      return;
    }
    S.contextKey = key;
    box.replaceChildren(h('pre', null, shown));
    editor.hidden = true;
    buttons.hidden = true;
  }

  // ---------------------------------------------------------------- timeline

  function clearTimeline() {
    $('timeline').replaceChildren();
    T.bySeq = new Map();
    T.count = 0;
    T.total = 0;
    T.removed = 0;
    T.capMarker = null;
    T.prev = null;
    T.gap = false;
    T.nextLane = 0;
    T.headLi = null;
    T.stick = true;
    setText($('step-count'), '0');
  }

  function droppedMarker(n) {
    const li = h('li', 'dropped', n + (n === 1 ? ' step dropped' : ' steps dropped'));
    li.title = 'The server dropped these steps (the page was slow, or the timeline is full).';
    return li;
  }

  function describeStep(step, li, branchFrom) {
    const seq = h('span', 'seq', '#' + step.seq);
    const time = h('span', 'time', step.time || '');
    time.title = step.time || '';
    const ev = h('span', 'ev');
    if (branchFrom !== null) ev.append(h('span', 'branch-mark', '↳ branch from #' + branchFrom));
    const kind = typeof step.kind === 'string' ? step.kind : 'event';
    if (kind !== 'event') ev.append(h('span', 'kind k-' + word(kind), kind));
    if (step.event && typeof step.event === 'object') {
      ev.append(h('span', 'name', step.event.name));
      if (step.event.data !== null && step.event.data !== undefined) {
        const d = json(step.event.data);
        const span = h('span', 'data', cut(d, 160));
        span.title = cut(d, 4000);
        ev.append(span);
      }
    }
    const what = h('span', 'what');
    const transitions = list(step.transitions);
    if (transitions.length) {
      what.append(h('span', 'trans', transitions.map((t) => (t && t.text) || ('#' + (t && t.id))).join('; ')));
    } else if (kind === 'event' || kind === 'delayed') {
      what.append(h('span', 'note', 'no transition'));
    }
    const exited = list(step.exited);
    const entered = list(step.entered);
    if (exited.length) what.append(h('span', 'exited', '− ' + exited.join(', ')));
    if (entered.length) what.append(h('span', 'entered', '+ ' + entered.join(', ')));
    const actions = list(step.actions);
    if (actions.length) what.append(h('span', 'actions', 'actions: ' + actions.join(', ')));
    if (typeof step.note === 'string' && step.note) what.append(h('span', 'note', step.note));
    if (step.detail === 'configurations') {
      const n = h('span', 'note', 'configurations only');
      n.title = 'Recorded while no page was open: exited and entered are the difference of the configurations; actions were not recorded.';
      what.append(n);
    }
    for (const e of list(step.errors)) what.append(h('span', 'err', '⚠ ' + e));
    const config = list(step.configuration).join(', ');
    const c = h('span', 'config', config);
    c.title = config;
    li.append(seq, time, ev, what, c);
  }

  // Appends the steps of a batch of `steps` messages in one go, keeping at most MAX_TIMELINE.
  function applySteps(batch) {
    const ol = $('timeline');
    let start = 0;
    for (let i = 0; i < batch.length; i++) if (batch[i].reset) start = i;
    if (batch[start] && batch[start].reset) clearTimeline();
    // how many rows this batch would add; skip building those the cap would remove at once
    let incoming = 0;
    for (let i = start; i < batch.length; i++) incoming += list(batch[i].steps).length;
    let skip = Math.max(0, incoming - MAX_TIMELINE);
    const frag = document.createDocumentFragment();
    for (let i = start; i < batch.length; i++) {
      const msg = batch[i];
      const dropped = Number(msg.dropped) || 0;
      if (dropped > 0) {
        if (skip === 0) frag.append(droppedMarker(dropped));
        T.gap = true;
      }
      for (const step of list(msg.steps)) {
        if (!step || typeof step.seq !== 'number') continue;
        const parent = typeof step.parent === 'number' ? step.parent : null;
        const parentInfo = parent !== null ? T.bySeq.get(parent) : null;
        const branch = parent !== null && T.prev !== null && parent !== T.prev && !T.gap;
        let lane = 0, depth = 0;
        if (branch) {
          lane = ++T.nextLane;
          depth = (parentInfo ? parentInfo.depth : 0) + 1;
        } else if (parentInfo) {
          lane = parentInfo.lane;
          depth = parentInfo.depth;
        } else if (T.prev !== null && T.bySeq.get(T.prev)) {
          lane = T.bySeq.get(T.prev).lane;
          depth = T.bySeq.get(T.prev).depth;
        }
        T.prev = step.seq;
        T.gap = false;
        T.total++;
        const info = { li: null, lane, depth };
        T.bySeq.set(step.seq, info);
        if (skip > 0) { skip--; T.removed++; continue; }
        const li = h('li', 'step');
        li.dataset.seq = String(step.seq);
        if (branch) li.classList.add('branch');
        if (lane > 0) li.classList.add('lane-' + (((lane - 1) % LANES) + 1));
        if (depth > 0) li.style.paddingLeft = (8 + 16 * Math.min(depth, 8)) + 'px';
        if (step.seq === S.viewing) li.classList.add('viewing');
        describeStep(step, li, branch ? parent : null);
        info.li = li;
        frag.append(li);
        T.count++;
      }
    }
    ol.append(frag);
    trimTimeline(ol);
    setText($('step-count'), String(T.total));
    if (S.live) markHead(S.live.head);
    if (T.stick && S.viewing === null) scrollTimelineToEnd();
  }

  // Follows new steps. Whether to follow changes only when the user scrolls (see `wire`), never
  // because of the page's own scrolling.
  function scrollTimelineToEnd() {
    const ol = $('timeline');
    ol.scrollTop = ol.scrollHeight;
  }

  function trimTimeline(ol) {
    while (T.count > MAX_TIMELINE) {
      const first = T.capMarker ? T.capMarker.nextElementSibling : ol.firstElementChild;
      if (!first) break;
      if (first.classList.contains('step')) {
        T.count--;
        T.removed++;
        const info = T.bySeq.get(Number(first.dataset.seq));
        if (info) info.li = null;
      }
      first.remove();
    }
    if (T.removed > 0) {
      if (!T.capMarker) {
        T.capMarker = h('li', 'dropped');
        ol.insertBefore(T.capMarker, ol.firstChild);
      }
      setText(T.capMarker, T.removed + ' older steps not shown (the timeline keeps the last ' + MAX_TIMELINE + ')');
    }
    // forget the oldest positions too, so that the map does not grow without end
    if (T.bySeq.size > MAX_TIMELINE * 4) {
      let extra = T.bySeq.size - MAX_TIMELINE * 2;
      for (const k of T.bySeq.keys()) { if (extra-- <= 0) break; T.bySeq.delete(k); }
    }
  }

  function stepLi(seq) {
    const info = T.bySeq.get(seq);
    return info ? info.li : null;
  }

  function markHead(seq) {
    const want = typeof seq === 'number' ? seq : null;
    const li = want !== null ? stepLi(want) : null;
    if (T.headLi && T.headLi !== li) T.headLi.classList.remove('head');
    if (li) { li.classList.add('head'); li.title = 'the instance is here'; }
    T.headLi = li;
  }

  // ---------------------------------------------------------------- viewing a past step

  function inspect(seq) {
    if (!S.selected) return;
    const old = S.viewing !== null ? stepLi(S.viewing) : null;
    if (old) old.classList.remove('viewing');
    S.viewing = seq;
    S.detail = null;
    const li = stepLi(seq);
    if (li) li.classList.add('viewing');
    renderViewing();
    renderContext();
    forSelected({ type: 'inspectStep', seq }, { kind: 'inspectStep', seq });
  }

  function onStepDetail(msg) {
    if (msg.instance !== S.selected || msg.seq !== S.viewing) return;
    S.detail = msg;
    renderViewing();
    renderContext();
    applyDiagram();
  }

  function renderViewing() {
    const banner = $('viewing');
    if (S.viewing === null) { banner.hidden = true; return; }
    banner.hidden = false;
    const text = $('viewing-text');
    const parts = [];
    const b = h('b', null, 'Viewing step #' + S.viewing);
    parts.push(b);
    if (!S.detail) {
      parts.push(document.createTextNode(' — loading…'));
    } else {
      parts.push(document.createTextNode(' — ' + (list(S.detail.configuration).join(', ') || 'no active state')));
      if (S.detail.restorable === false) {
        parts.push(document.createTextNode(' · cannot continue from here' + (S.detail.restoreNote ? ': ' + S.detail.restoreNote : '')));
      }
    }
    text.replaceChildren(...parts);
    const canRestore = !!S.detail && S.detail.restorable !== false && !!S.live && S.live.drivable !== false;
    $('continue-here').disabled = !canRestore;
    $('continue-here').title = canRestore ? 'Put the instance back in this step’s configuration and context' : (S.detail && S.detail.restoreNote) || '';
  }

  function backToLive() {
    const old = S.viewing !== null ? stepLi(S.viewing) : null;
    if (old) old.classList.remove('viewing');
    S.viewing = null;
    S.detail = null;
    renderViewing();
    S.contextKey = '';
    renderContext();
    applyDiagram();
  }

  // ---------------------------------------------------------------- commands from the page

  function sendEvent(name, dataText) {
    name = (name || '').trim();
    if (!name) { showError('Enter an event name.'); $('event-name').focus(); return; }
    const msg = { type: 'send', event: name };
    const text = (dataText || '').trim();
    if (text) {
      try {
        msg.data = JSON.parse(text);
      } catch (e) {
        $('event-data').classList.add('invalid');
        showError('The event data is not valid JSON: ' + e.message);
        return;
      }
    }
    forSelected(msg, { kind: 'send', event: name });
  }

  function addBreakpoint() {
    const kind = $('bp-kind').value;
    let value = $('bp-value').value.trim();
    if (!value) { showError('Enter what the breakpoint is on: ' + placeholderFor(kind) + '.'); return; }
    if (kind === 'transition') {
      const m = /^#?(\d+)/.exec(value);
      if (m) value = m[1];
    }
    forSelected({ type: 'addBreakpoint', kind, value }, { kind: 'addBreakpoint', clear: true });
  }

  function placeholderFor(kind) {
    switch (kind) {
      case 'transition': return 'a transition id, e.g. 3';
      case 'event': return 'an event name';
      case 'condition': return 'e.g. count >= 3';
      default: return 'a state name';
    }
  }

  function fillDatalist(dl, pairs) {
    dl.replaceChildren(...pairs.map(([value, label]) => {
      const o = document.createElement('option');
      o.value = value;
      if (label) o.label = label;
      return o;
    }));
  }

  function updateBreakpointChoices() {
    const kind = $('bp-kind').value;
    $('bp-value').placeholder = placeholderFor(kind);
    const c = S.chart;
    let pairs = [];
    if (c && kind === 'state') pairs = list(c.states).map((s) => [String(s.name), s.path && s.path !== s.name ? s.path : '']);
    if (c && kind === 'transition') pairs = list(c.transitions).map((t) => [String(t.id), t.text || '']);
    if (c && kind === 'event') pairs = list(c.events).map((e) => [String(e), '']);
    fillDatalist($('bp-values'), pairs);
  }

  function applyContextEdit() {
    const editor = $('context-edit');
    let value;
    try {
      value = JSON.parse(editor.value);
    } catch (e) {
      editor.classList.add('invalid');
      showError('The context is not valid JSON: ' + e.message);
      return;
    }
    editor.classList.remove('invalid');
    forSelected({ type: 'editContext', value }, { kind: 'editContext' });
  }

  function applyVariable(input) {
    let value;
    try {
      value = JSON.parse(input.value);
    } catch (e) {
      input.classList.add('invalid');
      showError('The value of ' + input.dataset.name + ' is not valid JSON (write strings in quotes): ' + e.message);
      return;
    }
    input.classList.remove('invalid');
    input.dataset.dirty = '';
    forSelected({ type: 'editVariable', name: input.dataset.name, value }, { kind: 'editVariable' });
  }

  // ---------------------------------------------------------------- wiring

  function wire() {
    $('instances').addEventListener('click', (e) => {
      const row = e.target.closest('li.instance');
      if (row) select(row.dataset.id);
    });
    $('instances').addEventListener('keydown', (e) => {
      const row = e.target.closest('li.instance');
      if (!row) return;
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); select(row.dataset.id); }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        let next = e.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
        while (next && next.hidden) next = e.key === 'ArrowDown' ? next.nextElementSibling : next.previousElementSibling;
        if (next) { next.focus(); select(next.dataset.id); }
      }
    });
    $('instance-filter').addEventListener('input', applyFilter);
    let listFrame = 0;
    const repaintList = () => {
      if (listFrame) return;
      listFrame = requestAnimationFrame(() => { listFrame = 0; paintRowsInView(); });
    };
    $('instances').addEventListener('scroll', repaintList, { passive: true });
    window.addEventListener('resize', repaintList);

    // diagram: click toggles a breakpoint, drag pans, ctrl+wheel zooms
    const diagram = $('diagram');
    let drag = null;
    let suppressClick = false;
    diagram.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || e.pointerType === 'touch') return;
      drag = { x: e.clientX, y: e.clientY, left: diagram.scrollLeft, top: diagram.scrollTop, moved: false };
    });
    window.addEventListener('pointermove', (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) > 5) { drag.moved = true; diagram.classList.add('panning'); }
      if (drag.moved) { diagram.scrollLeft = drag.left - dx; diagram.scrollTop = drag.top - dy; }
    });
    window.addEventListener('pointerup', () => {
      if (drag && drag.moved) suppressClick = true;
      drag = null;
      diagram.classList.remove('panning');
    });
    diagram.addEventListener('click', (e) => {
      if (suppressClick) { suppressClick = false; return; }
      const g = e.target.closest && e.target.closest('g.sc-state, g.sc-trans');
      if (!g || !S.selected) return;
      if (g.classList.contains('sc-state')) toggleBreakpoint('state', g.dataset.state, g.dataset.path);
      else toggleBreakpoint('transition', g.dataset.transition);
    });
    diagram.addEventListener('wheel', (e) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1);
    }, { passive: false });
    $('zoom-in').addEventListener('click', () => zoomBy(1.25));
    $('zoom-out').addEventListener('click', () => zoomBy(0.8));
    $('zoom-fit').addEventListener('click', fitWidth);
    $('zoom-all').addEventListener('click', fitAll);
    $('zoom-reset').addEventListener('click', () => { S.zoomMode = 'manual'; setZoom(1, true); });
    let resizeTimer = 0;
    window.addEventListener('resize', () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        refit();
      }, 100);
    });

    // events
    $('events').addEventListener('click', (e) => {
      const b = e.target.closest('button.event');
      if (b) sendEvent(b.dataset.event, '');
    });
    $('send').addEventListener('click', () => sendEvent($('event-name').value, $('event-data').value));
    $('event-name').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); sendEvent($('event-name').value, $('event-data').value); }
    });
    $('event-data').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); sendEvent($('event-name').value, $('event-data').value); }
    });
    $('event-data').addEventListener('input', () => {
      const text = $('event-data').value.trim();
      let ok = true;
      if (text) { try { JSON.parse(text); } catch (e) { ok = false; } }
      $('event-data').classList.toggle('invalid', !ok);
      $('event-data').title = ok ? '' : 'not valid JSON';
    });
    $('pause').addEventListener('click', () => forSelected({ type: 'pause' }));
    $('resume').addEventListener('click', () => forSelected({ type: 'resume' }));
    $('step').addEventListener('click', () => forSelected({ type: 'step' }));
    $('fire-next').addEventListener('click', () => forSelected({ type: 'fireNext' }));
    const advance = () => {
      const by = $('advance-by').value.trim();
      if (!by) { showError('Enter a duration to advance by, e.g. 1s, 100ms, 1m.'); return; }
      forSelected({ type: 'advance', by });
    };
    $('advance').addEventListener('click', advance);
    $('advance-by').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); advance(); } });
    $('error-close').addEventListener('click', clearError);

    // breakpoints
    $('bp-kind').addEventListener('change', updateBreakpointChoices);
    $('bp-add').addEventListener('click', addBreakpoint);
    $('bp-value').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); addBreakpoint(); } });
    $('breakpoints').addEventListener('click', (e) => {
      const b = e.target.closest('button.remove');
      if (b && b.dataset.id) forSelected({ type: 'removeBreakpoint', id: b.dataset.id });
    });

    // context
    $('context-edit').addEventListener('input', () => {
      S.contextDirty = true;
      setText($('context-dirty'), 'edited, not applied');
    });
    $('context-apply').addEventListener('click', applyContextEdit);
    $('context-revert').addEventListener('click', () => {
      S.contextDirty = false;
      S.contextKey = '';
      $('context-edit').classList.remove('invalid');
      renderContext();
    });
    $('context').addEventListener('input', (e) => {
      if (e.target.matches('input[data-name]')) e.target.dataset.dirty = '1';
    });
    $('context').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && e.target.matches('input[data-name]')) { e.preventDefault(); applyVariable(e.target); }
      if (e.key === 'Escape' && e.target.matches('input[data-name]')) { e.target.dataset.dirty = ''; S.contextKey = ''; renderContext(); }
    });

    // children
    $('children').addEventListener('click', (e) => {
      const li = e.target.closest('li[data-id]');
      if (li && li.dataset.id) select(li.dataset.id);
    });

    // timeline
    $('timeline').addEventListener('click', (e) => {
      const li = e.target.closest('li.step');
      if (li) inspect(Number(li.dataset.seq));
    });
    $('timeline-latest').addEventListener('click', () => {
      T.stick = true;
      scrollTimelineToEnd();
    });
    const timeline = $('timeline');
    const userScrolls = () => { T.userScroll = performance.now(); };
    for (const type of ['wheel', 'pointerdown', 'touchstart', 'keydown']) {
      timeline.addEventListener(type, userScrolls, { passive: true });
    }
    timeline.addEventListener('scroll', () => {
      if (performance.now() - T.userScroll > 1500) return;
      T.stick = timeline.scrollTop + timeline.clientHeight >= timeline.scrollHeight - 24;
    }, { passive: true });
    $('continue-here').addEventListener('click', () => {
      if (S.viewing === null) return;
      forSelected({ type: 'restore', seq: S.viewing }, { kind: 'restore', seq: S.viewing, instance: S.selected });
    });
    $('back-to-live').addEventListener('click', backToLive);
    document.addEventListener('keydown', (e) => {
      if (S.viewing === null) return;
      const tag = (e.target && e.target.tagName) || '';
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      if (e.key === 'Escape') { backToLive(); return; }
      if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        const li = stepLi(S.viewing);
        if (!li) return;
        let next = e.key === 'ArrowUp' ? li.previousElementSibling : li.nextElementSibling;
        while (next && !next.classList.contains('step')) next = e.key === 'ArrowUp' ? next.previousElementSibling : next.nextElementSibling;
        if (next) { e.preventDefault(); inspect(Number(next.dataset.seq)); next.scrollIntoView({ block: 'nearest' }); }
      }
    });
  }

  wire();
  renderPanelsEmpty();
  updateBreakpointChoices();
  connect();
})();

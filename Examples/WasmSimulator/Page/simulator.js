// Drives the traffic light's WebAssembly module (Examples/WasmSimulator/Module): states and
// events are numbered in their Swift declaration order, which is also the chart's document order,
// so state i is the diagram's node or cluster of class `sc-s<i + 1>` (StatechartsGraphviz's
// element classes number the states from 1 in document order).
"use strict";
const STATES = ["operating", "traffic", "cycle", "resume", "red", "green", "yellow", "night",
                "pedestrian", "dontWalk", "waiting", "walk"];
const EVENTS = ["timer", "button", "nightOn", "nightOff", "blink", "walkOver"];
const COUNTERS = ["cycles", "walks", "requests", "blinks"];
const CLOCK_STEPS = [1, 5, 10, 30];

let sim = null;
let memory = null;
let output = "";

function moduleBytes() {
  const text = document.getElementById("module").textContent.trim();
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// WASI's fd_write, the one import: what the module prints goes to the browser's console.
function fdWrite(fd, iovs, count, writtenPointer) {
  const view = new DataView(memory.buffer);
  let written = 0;
  for (let i = 0; i < count; i++) {
    const base = view.getUint32(iovs + 8 * i, true);
    const length = view.getUint32(iovs + 8 * i + 4, true);
    output += new TextDecoder().decode(new Uint8Array(memory.buffer, base, length));
    written += length;
  }
  view.setUint32(writtenPointer, written, true);
  const lines = output.split("\n");
  output = lines.pop();
  for (const line of lines) console.log(line);
  return 0;
}

function diagramGroup(index) {
  return document.querySelector(`#diagram svg g.sc-s${index + 1}`);
}

function log(text) {
  const item = document.createElement("li");
  item.textContent = text;
  const list = document.getElementById("log");
  list.appendChild(item);
  list.scrollTop = list.scrollHeight;
}

function render() {
  const active = [];
  STATES.forEach((name, i) => {
    const isActive = sim.sim_is_active(i) === 1;
    if (isActive) active.push(name);
    const group = diagramGroup(i);
    if (group) group.classList.toggle("active", isActive);
  });
  document.body.dataset.active = active.join(" ");
  EVENTS.forEach((name, i) => {
    document.querySelector(`button[data-event="${name}"]`).disabled = sim.sim_can(i) !== 1;
  });
  document.getElementById("clock").textContent =
    `now ${sim.sim_now()} s, ${sim.sim_pending()} delayed event(s) pending`;
  const counters = document.getElementById("counters");
  counters.replaceChildren();
  COUNTERS.forEach((name, i) => {
    const term = document.createElement("dt");
    term.textContent = name;
    const value = document.createElement("dd");
    value.textContent = String(sim.sim_counter(i));
    value.dataset.counter = name;
    counters.append(term, value);
  });
}

function leaves() {
  return ["red", "green", "yellow", "night", "dontWalk", "waiting", "walk"]
    .filter((name) => sim.sim_is_active(STATES.indexOf(name)) === 1).join(" ");
}

function start() {
  sim.sim_start();
  document.getElementById("log").replaceChildren();
  log(`start: ${leaves()}`);
  render();
}

async function main() {
  const { instance } = await WebAssembly.instantiate(moduleBytes(), {
    wasi_snapshot_preview1: { fd_write: fdWrite },
  });
  sim = instance.exports;
  memory = sim.memory;
  sim.sim_init();
  const events = document.getElementById("events");
  EVENTS.forEach((name, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = name;
    button.dataset.event = name;
    button.addEventListener("click", () => {
      const taken = sim.sim_send(i);
      log(`${name}: ${taken > 0 ? `took ${taken}` : "ignored"} → ${leaves()}`);
      render();
    });
    events.appendChild(button);
  });
  const clock = document.getElementById("clock-buttons");
  CLOCK_STEPS.forEach((seconds) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `+${seconds} s`;
    button.dataset.advance = String(seconds);
    button.addEventListener("click", () => {
      const delivered = sim.sim_advance(seconds);
      log(`+${seconds} s: ${delivered} delayed event(s) delivered → ${leaves()}`);
      render();
    });
    clock.appendChild(button);
  });
  document.getElementById("restart").addEventListener("click", start);
  start();
  document.body.dataset.ready = "1";
}

main().catch((error) => {
  document.body.dataset.error = String(error);
  console.error(error);
});

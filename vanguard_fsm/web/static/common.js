/* Shared by the live debugger page and the offline report: the flow diagram with the
   current state marked, the breadcrumbs of running machines, and the log grouped
   turn > phase > step. Plain browser JavaScript, no build step, no network. */
"use strict";

const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

/* replaceChildren, leaving out what is not there (DOM would print a null as "null") */
const fill = (host, ...children) => host.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));

/* ---- diagrams ------------------------------------------------------------ */
class FlowDiagram {
  /* host: the element holding the SVG; fetchSvg(machine) -> Promise<string>;
     onState(machine, path): a state (or phase) was clicked. */
  constructor(host, fetchSvg, onState) {
    this.host = host; this.fetchSvg = fetchSvg; this.onState = onState;
    this.svgs = new Map(); this.machine = null; this.breakStates = [];
    this.zoom = 1; this.dragged = false;        // 1: Graphviz's own size, where state names are readable
    host.addEventListener("click", (event) => this.clicked(event));
    this.zoomControls();
  }
  /* ---- zoom and pan: the wheel zooms at the pointer, a drag pans, buttons fit the whole
     machine or go back to its current state ---- */
  zoomControls() {
    const host = this.host, button = (label, title, fn) => el("button", { class: "small", title, onclick: fn }, label);
    this.bar = el("div", { class: "zoombar" },
      button("−", "zoom out (wheel)", () => this.zoomAt(this.zoom / 1.25)),
      button("+", "zoom in (wheel)", () => this.zoomAt(this.zoom * 1.25)),
      button("fit", "the whole machine in the pane", () => this.fit()),
      button("1:1", "Graphviz's own size", () => this.zoomAt(1)),
      button("current state", "scroll to the current state", () => this.goToCurrent()),
      el("span", { class: "zoomlevel" }, "100%"));
    host.parentElement.insertBefore(this.bar, host);
    host.addEventListener("wheel", (event) => {
      if (!this.svg()) return;
      event.preventDefault();
      this.zoomAt(this.zoom * Math.exp(-Math.max(-100, Math.min(100, event.deltaY)) * 0.002), event.clientX, event.clientY);
    }, { passive: false });
    host.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      const start = { x: event.clientX, y: event.clientY, left: host.scrollLeft, top: host.scrollTop };
      this.dragged = false;
      const move = (e) => {
        const dx = e.clientX - start.x, dy = e.clientY - start.y;
        if (!this.dragged && Math.hypot(dx, dy) < 5) return;     // a click, not a drag
        this.dragged = true; host.classList.add("dragging");
        host.scrollLeft = start.left - dx; host.scrollTop = start.top - dy;
      };
      const up = () => {
        window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up);
        host.classList.remove("dragging");
      };
      window.addEventListener("pointermove", move); window.addEventListener("pointerup", up);
    });
  }
  svg() { return this.host.querySelector("svg"); }
  natural() {
    const box = this.svg().viewBox.baseVal;
    return box && box.width ? { w: box.width, h: box.height } : { w: 600, h: 400 };
  }
  zoomAt(zoom, clientX, clientY) {
    const svg = this.svg();
    if (!svg) return;
    const host = this.host, frame = host.getBoundingClientRect();
    const x = clientX === undefined ? host.clientWidth / 2 : clientX - frame.left;    // keep this point still
    const y = clientY === undefined ? host.clientHeight / 2 : clientY - frame.top;
    const before = this.zoom, next = Math.min(4, Math.max(0.05, zoom));
    const px = (host.scrollLeft + x) / before, py = (host.scrollTop + y) / before;
    this.applyZoom(next);
    host.scrollLeft = px * next - x; host.scrollTop = py * next - y;
  }
  applyZoom(zoom) {
    const svg = this.svg();
    this.zoom = zoom;
    if (!svg) return;
    const { w, h } = this.natural();
    svg.style.width = `${w * zoom}px`; svg.style.height = `${h * zoom}px`;
    const level = this.bar.querySelector(".zoomlevel");
    if (level) level.textContent = `${Math.round(zoom * 100)}%`;
  }
  fit() {
    if (!this.svg()) return;
    const { w, h } = this.natural();
    this.applyZoom(Math.min(4, Math.max(0.05, Math.min(this.host.clientWidth / w, this.host.clientHeight / h) * 0.98)));
    this.host.scrollLeft = 0; this.host.scrollTop = 0;
  }
  goToCurrent() {
    const node = this.host.querySelector("g.node.current, g.cluster.current");
    if (node) this.reveal(node, true);
  }
  async show(machine) {
    if (this.machine === machine && this.host.querySelector("svg")) return;
    if (!this.svgs.has(machine)) this.svgs.set(machine, await this.fetchSvg(machine));
    this.host.innerHTML = this.svgs.get(machine);
    this.machine = machine;
    const svg = this.host.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width"); svg.removeAttribute("height"); svg.setAttribute("data-machine", machine);
      this.applyZoom(this.zoom);
    }
    for (const a of this.host.querySelectorAll("a")) a.removeAttribute("xlink:href"), a.removeAttribute("href");
    this.markBreakpoints(this.breakStates);
  }
  titled(selector) {
    const found = new Map();
    for (const g of this.host.querySelectorAll(selector)) {
      const title = g.querySelector(":scope > title");
      if (title) found.set(title.textContent, g);
    }
    return found;
  }
  /* no state is current (the game is over) */
  clear() {
    for (const g of this.host.querySelectorAll(".current, .current-phase, .came")) {
      g.classList.remove("current", "current-phase", "came");
    }
  }
  /* mark machine.path (and its enclosing phases, and the edge it came by) */
  async highlight(machine, path, cameFrom) {
    await this.show(machine);
    this.clear();
    if (!path) return null;
    const nodes = this.titled("g.node");
    const node = nodes.get(`${machine}.${path}`);
    if (node) node.classList.add("current");
    const clusters = this.titled("g.cluster");
    const parts = path.split(".");
    for (let i = 1; i < parts.length; i++) {
      const cluster = clusters.get(`cluster_${machine}.${parts.slice(0, i).join(".")}`);
      if (cluster) cluster.classList.add("current-phase");
    }
    if (cameFrom) {
      const edge = this.titled("g.edge").get(`${machine}.${cameFrom}->${machine}.${path}`);
      if (edge) edge.classList.add("came");
    }
    const phase = node ? null : clusters.get(`cluster_${machine}.${path}`);   // a phase entered, before its first step
    if (phase) phase.classList.add("current-phase", "current");
    if (node || phase) this.reveal(node || phase);
    return node || phase || null;
  }
  reveal(node, always) {
    const host = this.host, box = node.getBoundingClientRect(), frame = host.getBoundingClientRect();
    if (always || box.top < frame.top + 20 || box.bottom > frame.bottom - 20 || box.left < frame.left || box.right > frame.right) {
      const tall = box.height > frame.height - 40;                // a phase taller than the pane: show its top
      host.scrollTop += tall ? box.top - frame.top - 20 : box.top - frame.top - frame.height / 2 + box.height / 2;
      host.scrollLeft += box.left - frame.left - frame.width / 2 + box.width / 2;
    }
  }
  markBreakpoints(names) {
    this.breakStates = names;
    for (const [title, g] of this.titled("g.node")) {
      const hit = names.some((name) => title === name || title.endsWith("." + name));
      g.classList.toggle("bp", hit);
    }
  }
  clicked(event) {
    const anchor = event.target.closest("a");
    if (anchor) event.preventDefault();
    if (this.dragged) { this.dragged = false; return; }     // the end of a pan, not a click on a state
    const g = event.target.closest("g.node, g.cluster");
    if (!g || !this.machine) return;
    let title = g.querySelector(":scope > title")?.textContent || "";
    if (title.startsWith("cluster_")) title = title.slice(8);
    if (!title.startsWith(this.machine + ".")) return;
    const path = title.slice(this.machine.length + 1);
    if (path.startsWith("_")) return;          // the start dot, the legend
    this.onState(this.machine, path);
  }
}

function crumbs(host, machines, shown, onPick) {
  /* machines: [{machine, state}] outermost first */
  host.replaceChildren(...machines.flatMap((m, i) => [
    i ? el("span", { class: "sep" }, "›") : null,
    el("button", { class: "crumb" + (m.machine === shown ? " shown" : ""), "data-machine": m.machine,
                   title: m.doc || "", onclick: () => onPick(m.machine) },
       el("b", {}, m.machine), ".", m.state),
  ]).filter(Boolean));
}

/* ---- the machine stack seen from a trace ----------------------------------- */
function stackAfter(stack, row) {
  /* a `state` row names machine.path: that machine's current state changes, and any
     machine it had invoked has finished (it is below it on the stack) */
  if (row.event !== "state" || typeof row.path !== "string") return stack;
  const dot = row.path.indexOf(".");
  const machine = row.path.slice(0, dot), state = row.path.slice(dot + 1);
  const at = stack.findIndex((m) => m.machine === machine);
  const next = at >= 0 ? stack.slice(0, at) : stack.slice();
  next.push({ machine, state });
  return next;
}

/* ---- the log, grouped turn > phase > step ----------------------------------- */
const QUIET_FIELDS = new Set(["seq", "event", "turn", "turn_player"]);
const UNSEEN_ZONES = new Set(["hand", "deck"]);

function hiddenFields(row, viewer) {
  /* the fields of a trace row that seat `viewer` does not see (null: the debugger's view of
     both): the decks' order at the start (nobody's), and the other seat's cards moving between
     its hidden zones: a draw, a redraw's returned cards, a put from hand or deck (or face down
     G zone) to hand, deck or a face-down place */
  if (viewer === null || viewer === undefined) return null;
  if (row.event === "game_start") return new Set(["zones"]);
  if (row.player === viewer || row.player === undefined) return null;
  if (row.event === "draw") return new Set(["card"]);
  if (row.event === "redraw") return new Set(["returned"]);
  if (row.event === "put") {
    const from = UNSEEN_ZONES.has(row.from) || (row.from === "g_zone" && row.from_face !== "up");
    const to = UNSEEN_ZONES.has(row.to) || (row.face === "down" && row.to !== row.from);
    if (from && to) return new Set(["card"]);
  }
  return null;
}

function describe(row, names, hidden) {
  /* names: {card id: {name}} or null; a field naming a card shows the card's name;
     hidden: the fields shown as "(hidden)" (hiddenFields) */
  if (row.event === "state") return row.path;
  if (row.event === "timing") return row.name;
  const named = (v) => names && typeof v === "string" && names[v] ? names[v].name : v;
  return Object.entries(row).filter(([k]) => !QUIET_FIELDS.has(k))
    .map(([k, v]) => `${k}=${hidden && hidden.has(k) ? "(hidden)" : Array.isArray(v) ? JSON.stringify(v.map(named)) : typeof v === "object" && v !== null ? JSON.stringify(v) : named(v)}`)
    .join(" ");
}

class LogView {
  /* host: container; stateRules: {"machine.path": [rule ids]}; hooks: {hover(seq), leave(), pin(seq)};
     ruleTexts: {rule id: its text}, shown when a row's rule IDs are hovered */
  constructor(host, stateRules, hooks, ruleTexts) {
    this.host = host; this.stateRules = stateRules || {}; this.hooks = hooks; this.ruleTexts = ruleTexts || {};
    this.rows = []; this.items = []; this.names = null; this.viewer = null; this.reset();
    let timer = null;
    host.addEventListener("mouseover", (event) => {
      const item = event.target.closest(".ev");
      if (!item) return;
      clearTimeout(timer);
      timer = setTimeout(() => hooks.hover && hooks.hover(Number(item.dataset.seq)), 90);
    });
    host.addEventListener("mouseleave", () => { clearTimeout(timer); hooks.leave && hooks.leave(); });
    host.addEventListener("click", (event) => {
      const item = event.target.closest(".ev");
      if (item && event.target.closest(".more")) {          // the row's whole text, wrapped (or back to one line)
        item.classList.toggle("open");
        event.target.closest(".more").textContent = item.classList.contains("open") ? "▾" : "▸";
        return;
      }
      if (item && hooks.pin) hooks.pin(Number(item.dataset.seq));
    });
  }
  reset() {
    this.host.replaceChildren();
    this.rows = []; this.items = []; this.stack = []; this.turn = null;
    this.turnBox = this.phaseBox = this.stepBox = null; this.phase = this.step = null; this.rulesHere = [];
  }
  group(parent, cls, title, open, extra) {
    const box = el("details", { class: cls, open }, el("summary", {}, title, extra || null));
    parent.append(box);
    return box;
  }
  append(rows) {
    const frag = document.createDocumentFragment();
    for (const row of rows) {
      if (row.turn !== this.turn) {
        if (this.turnBox) this.turnBox.open = false;
        this.turn = row.turn;
        const who = row.turn_player === null || row.turn_player === undefined ? "" : ` · P${row.turn_player}`;
        this.turnBox = this.group(frag, "turn", row.turn ? `Turn ${row.turn}${who}` : "Setup", true);
        this.turnBox.dataset.turn = row.turn;
        this.phaseBox = this.stepBox = null; this.phase = this.step = null;
      }
      this.stack = stackAfter(this.stack, row);
      if (row.event === "state") this.regroup(row);
      const hidden = hiddenFields(row, this.viewer);
      const item = el("div", { class: `ev ev-${row.event}` + (hidden ? " masked" : ""), "data-seq": row.seq },
        el("span", { class: "more", title: "the whole row (click again: one line)" }, "▸"),
        el("span", { class: "seq" }, `#${row.seq}`), " ", el("span", { class: "name" }, row.event), " ",
        el("span", { class: "fields", title: describe(row, null, hidden) }, describe(row, this.names, hidden)),
        this.rulesOf(this.stack[this.stack.length - 1]));
      (this.stepBox || this.phaseBox || this.turnBox).append(item);
      this.items[row.seq] = item;
      this.rows.push(row);
    }
    this.host.append(frag);
  }
  rulesOf(entry) {
    /* every row carries the rule IDs of the flow state it happened in (the innermost running one) */
    const where = entry ? `${entry.machine}.${entry.state}` : null;
    const rules = where ? this.stateRules[where] || [] : [];
    if (!rules.length) return null;
    const text = rules.map((r) => `${r}: ${this.ruleTexts[r] || "(no text)"}`).join("\n");
    return el("span", { class: "rules", title: `${where}\n${text}` }, rules.join(", "));
  }
  regroup(row) {
    const stack = this.stack;
    const phaseEntry = stack.length > 1 ? stack[1] : stack[0];
    const phase = phaseEntry ? `${phaseEntry.machine}.${phaseEntry.state.split(".")[0]}` : null;
    if (phase !== this.phase) {
      this.phase = phase; this.step = null; this.stepBox = null;
      this.phaseBox = this.group(this.turnBox, "phase", phase, true,
        el("span", { class: "rules" }, (this.stateRules[phase] || []).join(", ")));
    }
    const deepest = stack[stack.length - 1];
    const full = deepest ? `${deepest.machine}.${deepest.state}` : null;
    const step = full && full !== phase && (stack.length > 2 || deepest.state.includes(".")) ? full : null;
    if (step && step !== this.step) {
      this.step = step;
      this.stepBox = this.group(this.phaseBox, "step", step, true,
        el("span", { class: "rules" }, (this.stateRules[step] || []).join(", ")));
    }
  }
  redraw() {
    /* every row again (the viewer changed what they show) */
    const all = this.rows;
    this.reset();
    this.append(all);
    this.scrollToEnd();
  }
  truncate(count) {
    if (count >= this.rows.length) return;
    const keep = this.rows.slice(0, count);
    this.reset();
    this.append(keep);
  }
  mark(seq, cls) {
    for (const item of this.host.querySelectorAll("." + cls)) item.classList.remove(cls);
    const item = this.items[seq];
    if (!item) return;
    item.classList.add(cls);
    for (let box = item.parentElement; box && box !== this.host; box = box.parentElement) {
      if (box.tagName === "DETAILS") box.open = true;
    }
    const frame = this.host.getBoundingClientRect(), box = item.getBoundingClientRect();
    if (box.top < frame.top || box.bottom > frame.bottom) this.host.scrollTop += box.top - frame.top - frame.height / 3;
  }
  scrollToEnd() { this.host.scrollTop = this.host.scrollHeight; }
}

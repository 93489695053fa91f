/* The live debugger page: one WebSocket to this tab's own debugger session.
   Every reply carries the new position (machines, board, decision) and the new
   trace rows; the page draws them and decides nothing about the rules. */
"use strict";

const $ = (id) => document.getElementById(id);
const app = {
  socket: null, nextId: 1, waiting: new Map(), view: null, flows: null,
  shownMachine: null, followMachine: true, preview: null, pinned: null, peeks: new Map(), busy: false,
  queue: Promise.resolve(), queued: 0, evaluation: null, evalIterations: 100,
};

/* ---- the socket --------------------------------------------------------- */
function connect() {
  /* the server opens a session only for the token of the URL it printed (issue 27) */
  const token = new URLSearchParams(location.search).get("token") || "";
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?token=${encodeURIComponent(token)}`;
  app.socket = new WebSocket(url);
  app.socket.onmessage = (event) => received(JSON.parse(event.data));
  app.socket.onclose = () => status(token
    ? "the connection to the debugger is closed: reload the page for a new session"
    : "no session: open the URL `vanguard-fsm web` printed (it ends with ?token=...)", "error");
}

function send(cmd, args = {}) {
  const id = app.nextId++;
  const started = performance.now();
  return new Promise((resolve) => {
    app.waiting.set(id, (reply) => { reply.elapsed = performance.now() - started; resolve(reply); });
    app.socket.send(JSON.stringify({ id, cmd, ...args }));
  });
}

function received(reply) {
  if (reply.cmd === "hello") {
    if (!reply.ok) { status(reply.error, "error"); return; }
    app.flows = reply;
    app.log = new LogView($("log"), reply.state_rules, { hover: previewAt, leave: endPreview, pin: pinAt },
                          reply.rule_texts);
    app.diagram = new FlowDiagram($("diagram"), fetchSvg, stateClicked);
    applyView(reply);
    if (reply.watch) watchRules();
    window.vanguardReadyMs = performance.now();      // first paint with the position drawn (measured, not tested)
    document.body.dataset.ready = "1";
    return;
  }
  const done = app.waiting.get(reply.id);
  if (done) { app.waiting.delete(reply.id); done(reply); }
}

async function fetchSvg(machine) {
  const reply = await send("diagram", { machine });
  return reply.ok ? reply.svg : `<p class="error">${reply.error}</p>`;
}

/* ---- commands ------------------------------------------------------------ */
function command(cmd, args = {}) {
  /* commands run one after another, in the order given (a key pressed while the
     previous command runs is not lost); at most a few wait, so a held key cannot pile up */
  if (app.queued >= 4) return Promise.resolve(null);
  app.queued = (app.queued || 0) + 1;
  const run = app.queue.then(() => runCommand(cmd, args)).finally(() => { app.queued -= 1; });
  app.queue = run.catch(() => null);
  return run;
}

async function runCommand(cmd, args) {
  app.busy = true; document.body.classList.add("busy");
  try {
    const reply = await send(cmd, args);
    absorb(reply);
    if (reply.ok) $("timing").textContent = `${cmd}: ${reply.elapsed.toFixed(0)} ms`;
    return reply;
  } finally {
    app.busy = false; document.body.classList.remove("busy");
  }
}

function absorb(reply) {
  /* a reply drawn: an error, the rules' problems or their new flows, the new position, a message */
  if (!reply.ok) { status(reply.error, "error"); return; }
  if (reply.rules_errors) showRuleErrors(reply.rules_errors);
  if (reply.rules_reloaded) newRules(reply);
  if (reply.position) { app.peeks.clear(); unpin(); applyView(reply); }
  if (reply.breakpoints) drawBreakpoints(reply.breakpoints);
  if (reply.message !== undefined) status(reply.message, reply.rules_errors && reply.rules_errors.length ? "error" : "info");
}

/* ---- the designer's edit loop (web --watch, and the "reload rules" button) ---------- */
function showRuleErrors(problems) {
  const box = $("rules-errors");
  box.hidden = !problems.length;
  box.replaceChildren(el("b", {}, "the rules do not load; the game stays where it was:"),
    el("ul", {}, problems.map((p) => el("li", {}, p))));
}

function newRules(reply) {
  /* other flows: their diagrams, rule IDs and docs again */
  app.flows = { ...app.flows, ...reply };
  app.log.stateRules = reply.state_rules; app.log.ruleTexts = reply.rule_texts;
  app.diagram.svgs.clear(); app.diagram.machine = null;
  app.stateShown = null;
}

function watchRules() {
  setInterval(async () => {
    if (app.busy || app.watching) return;
    app.watching = true;
    try {
      const reply = await send("watch");
      if (!reply.ok || reply.changed) absorb(reply);
    } finally { app.watching = false; }
  }, 1000);
}

function status(text, kind) {
  const box = $("status");
  box.className = kind || "info";
  box.textContent = text || "";
}

/* ---- drawing a position ----------------------------------------------------- */
function applyView(view) {
  app.view = view;
  if (view.cards) { app.cards = mat.cards = view.cards; app.log.names = view.cards; }   // once per start: names for ids
  const viewer = view.board.viewer === undefined ? null : view.board.viewer;
  if (viewer !== app.log.viewer) { app.log.viewer = viewer; app.log.redraw(); }          // "seen by" filters the log
  if (view.log) {
    app.log.truncate(view.log.from);
    app.log.append(view.log.rows);
    app.log.scrollToEnd();
  }
  $("label").textContent = view.label || "";
  const pos = view.position;
  const slider = $("slider");
  slider.min = pos.start; slider.max = Math.max(pos.furthest, pos.transitions); slider.value = pos.transitions;
  $("pos").textContent = `transition ${pos.transitions} / ${slider.max}` +
    (pos.recorded_ahead ? ` · ${pos.recorded_ahead} recorded choice(s) ahead` : "") + ` · ${pos.events} events`;
  drawMachines(pos.machines, pos.came_from);
  drawBoard($("board"), view.board);
  $("viewer").value = view.board.viewer === null || view.board.viewer === undefined ? "" : String(view.board.viewer);
  drawDecision(view.decision, view.board);
  if (view.breakpoints) drawBreakpoints(view.breakpoints);
  $("preview-banner").hidden = true;
}

function drawMachines(machines, cameFrom, previewing) {
  const inner = machines[machines.length - 1];
  if (!inner) {                       // the game is over: nothing is current any more
    $("crumbs").textContent = "no machine is running: the game is over";
    app.diagram.clear();
    return;
  }
  if (app.followMachine || !machines.some((m) => m.machine === app.shownMachine)) app.shownMachine = inner.machine;
  const shown = machines.find((m) => m.machine === app.shownMachine);
  crumbs($("crumbs"), machines, app.shownMachine, (machine) => {
    app.followMachine = machine === inner.machine; app.shownMachine = machine;
    drawMachines(machines, cameFrom, previewing);
  });
  app.diagram.highlight(shown.machine, shown.state, shown === inner && !previewing ? cameFrom : null);
}

/* ---- breakpoints ------------------------------------------------------------ */
function drawBreakpoints(items) {
  $("bp-list").replaceChildren(...items.map((b) => el("li", {},
    `${b.number}. ${b.kind} ${b.name} `,
    el("button", { class: "small", title: "delete", onclick: () => command("break_delete", { number: b.number }) }, "×"))));
  if (app.diagram) app.diagram.markBreakpoints(items.filter((b) => b.kind === "state").map((b) => b.name));
  app.breakpoints = items;
  drawStateInfo();
}

async function stateClicked(machine, path) {
  /* what the state means; a breakpoint only by its button (a click never sets one silently) */
  const reply = await send("state_info", { machine, path });
  if (!reply.ok) { status(reply.error, "error"); return; }
  app.stateShown = { machine, path, info: reply.state };
  drawStateInfo();
}

function drawStateInfo() {
  if (!app.stateShown) return;
  const { machine, path, info: s } = app.stateShown;
  const name = `${machine}.${path}`;
  const bp = (app.breakpoints || []).find((b) => b.kind === "state" && (b.name === name || name.endsWith("." + b.name)));
  const list = (items) => items.length ? items.join(", ") : "–";
  const toggle = bp
    ? el("button", { class: "small bp-toggle", onclick: () => command("break_delete", { number: bp.number }) }, `remove breakpoint ${bp.number}`)
    : el("button", { class: "small bp-toggle", title: "stop when this state is entered",
                     onclick: () => command("break_add", { kind: "state", name }) }, "break here");
  $("state-info").replaceChildren(
    el("h3", {}, name, " ", toggle),
    el("div", { class: "bpnote" }, bp ? `breakpoint ${bp.number} stops when ${name} is entered` : "no breakpoint on this state"),
    el("p", {}, s.doc || ""),
    el("div", { class: "where" }, s.where || ""),
    el("dl", {},
      el("dt", {}, "rules"), el("dd", {}, s.rules.length ? s.rules.map((r) => el("div", { class: "rule" }, el("b", {}, r.id), " ", r.text || "")) : "–"),
      el("dt", {}, "timings (fired on entry)"), el("dd", {}, list(s.timings)),
      el("dt", {}, "actions (do)"), el("dd", {}, list(s.do)),
      s.invoke ? [el("dt", {}, "runs machine"), el("dd", {}, el("button", { class: "small", onclick: () => {
        app.followMachine = false; app.shownMachine = s.invoke; app.diagram.highlight(s.invoke, null); } }, s.invoke))] : null,
      s.decision ? [el("dt", {}, "decision"), el("dd", {}, `${s.decision.who}: ${s.decision.kinds.join(" | ")}`)] : null,
      el("dt", {}, "transitions (first match wins)"),
      el("dd", {}, s.transitions.length ? el("ol", {}, s.transitions.map((t) => el("li", {},
        `→ ${t.to}`, t.choice ? ` on choice ${t.choice}` : "", t.if.length ? ` if ${t.if.join(" and ")}` : "",
        t.unless.length ? ` unless ${t.unless.join(" or ")}` : "", t.do.length ? ` do ${t.do.join(", ")}` : "",
        t.doc ? el("small", {}, ` — ${t.doc}`) : null))) : "–")));
}

/* ---- log preview -------------------------------------------------------------- */
async function peek(seq) {
  const key = `${app.view.position.transitions}:${app.view.position.events}:${seq}`;
  if (!app.peeks.has(key)) {
    const reply = await send("peek", { seq });
    if (!reply.ok) return null;
    app.peeks.set(key, reply.peek);
  }
  return app.peeks.get(key);
}

async function previewAt(seq) {
  if (app.pinned !== null || app.busy) return;
  const seen = await peek(seq);
  if (!seen || app.pinned !== null) return;
  showPreview(seen, `preview after #${seq} (transition ${seen.transitions}) — click to pin`);
}

function showPreview(seen, text) {
  drawBoard($("board"), seen.board);
  drawMachines(seen.machines, null, true);
  app.log.mark(seen.seq, "previewed");
  const banner = $("preview-banner");
  banner.hidden = false;
  $("preview-text").textContent = text;
  $("preview-go").dataset.transitions = seen.transitions;
}

function endPreview() {
  if (app.pinned !== null || !app.view) return;
  drawBoard($("board"), app.view.board);
  drawMachines(app.view.position.machines, app.view.position.came_from);
  $("preview-banner").hidden = true;
}

async function pinAt(seq) {
  app.pinned = null;
  const seen = await peek(seq);
  if (!seen) return;
  app.pinned = seq;
  showPreview(seen, `pinned after #${seq} (transition ${seen.transitions})`);
}

function unpin() { app.pinned = null; $("preview-banner").hidden = true; }

/* ---- files -------------------------------------------------------------------- */
async function save(what) {
  const reply = await command("save", { what });
  if (!reply || !reply.ok) return;
  const link = el("a", { href: URL.createObjectURL(new Blob([reply.content], { type: "text/plain" })),
                         download: reply.filename });
  document.body.append(link); link.click(); link.remove();
}

function load(file) {
  const what = file.name.endsWith(".jsonl") ? "trace" : file.name.endsWith(".replay") ? "replay" : "scenario";
  const reader = new FileReader();
  reader.onload = async () => {
    const reply = await command("load", { what, name: file.name, text: reader.result });
    if (reply && reply.ok && reply.report_html) {
      const url = URL.createObjectURL(new Blob([reply.report_html], { type: "text/html" }));
      window.open(url, "_blank");
      status(`opened the report of ${file.name} in a new tab`, "info");
    }
  };
  reader.readAsText(file);
}

/* ---- controls and keys -------------------------------------------------------- */
function bind() {
  $("b-step").onclick = () => command("step");
  $("b-next").onclick = () => command("next");
  $("b-continue").onclick = () => command("continue");
  $("b-back").onclick = () => command("back", { count: 1 });
  $("b-backn").onclick = () => command("back", { count: Math.max(1, Number($("back-n").value) || 1) });
  $("b-restart").onclick = () => command("restart");
  $("b-branch").onclick = () => command("branch", { run: true });
  $("slider").onchange = () => command("goto", { transitions: Number($("slider").value) });
  for (const what of ["scenario", "replay", "trace"]) $(`save-${what}`).onclick = () => save(what);
  $("upload").onchange = (event) => { if (event.target.files[0]) load(event.target.files[0]); event.target.value = ""; };
  $("b-keys").onclick = () => { $("keys").hidden = !$("keys").hidden; };
  $("viewer").onchange = () => command("view_as", { seat: $("viewer").value === "" ? null : Number($("viewer").value) });
  $("b-new").onclick = () => command("new", { seed: Math.max(0, Number($("seed").value) || 0) });
  $("b-reload").onclick = () => command("reload_rules");
  $("preview-go").onclick = () => command("goto", { transitions: Number($("preview-go").dataset.transitions) });
  $("preview-close").onclick = () => { unpin(); endPreview(); };
  $("board").addEventListener("click", cardClicked);
  $("decision").addEventListener("click", cardClicked);
  $("bp-form").onsubmit = (event) => {
    event.preventDefault();
    command("break_add", { kind: $("bp-kind").value, name: $("bp-name").value.trim() });
  };
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    const keys = { s: "step", n: "next", c: "continue", r: "restart", a: "auto" };
    if (event.key === "e") { evaluate(); return; }
    if (event.key === "?") { $("keys").hidden = !$("keys").hidden; return; }
    if (keys[event.key]) { command(keys[event.key]); event.preventDefault(); return; }
    if (event.key === "b") { command("back", { count: 1 }); return; }
    if (event.key === "B") { command("back", { count: Math.max(1, Number($("back-n").value) || 1) }); return; }
    if (event.key === "Escape") { unpin(); endPreview(); if ($("card-panel")) $("card-panel").hidden = true; return; }
    if (event.key === "v") {
      const box = $("viewer");
      box.selectedIndex = (box.selectedIndex + 1) % box.options.length;
      box.onchange();
      return;
    }
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const pos = app.view.position, delta = event.key === "ArrowLeft" ? -1 : 1;
      const target = Math.min(Math.max(pos.start, pos.transitions + delta), Math.max(pos.furthest, pos.transitions + 1));
      command("goto", { transitions: target });
      event.preventDefault();
      return;
    }
    const digit = Number(event.key);
    const buttons = document.querySelectorAll("#decision .actions button.action");
    if (digit >= 1 && digit <= 9 && buttons[digit - 1]) buttons[digit - 1].click();
  });
}

window.addEventListener("DOMContentLoaded", () => { bind(); connect(); });

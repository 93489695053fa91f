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
    if (!reply.ok) { status(reply.error, "error"); return reply; }
    if (reply.position) { app.peeks.clear(); unpin(); applyView(reply); }
    if (reply.breakpoints) drawBreakpoints(reply.breakpoints);
    if (reply.message !== undefined) status(reply.message, "info");
    $("timing").textContent = `${cmd}: ${reply.elapsed.toFixed(0)} ms`;
    return reply;
  } finally {
    app.busy = false; document.body.classList.remove("busy");
  }
}

function status(text, kind) {
  const box = $("status");
  box.className = kind || "info";
  box.textContent = text || "";
}

/* ---- drawing a position ----------------------------------------------------- */
function applyView(view) {
  app.view = view;
  if (view.cards) { app.cards = view.cards; app.log.names = view.cards; }   // once per start: names for ids
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
  if (!inner) { $("crumbs").textContent = "no machine is running: the game is over"; return; }
  if (app.followMachine || !machines.some((m) => m.machine === app.shownMachine)) app.shownMachine = inner.machine;
  const shown = machines.find((m) => m.machine === app.shownMachine);
  crumbs($("crumbs"), machines, app.shownMachine, (machine) => {
    app.followMachine = machine === inner.machine; app.shownMachine = machine;
    drawMachines(machines, cameFrom, previewing);
  });
  app.diagram.highlight(shown.machine, shown.state, shown === inner && !previewing ? cameFrom : null);
}

function cardText(card) { return card ? card.name : ""; }

function chip(card, extra = "", label) {
  /* a card by its name; its id on hover; a click opens the card panel */
  const known = card && card.id !== "?";
  return el("span", { class: "chip " + extra, "data-card": known ? card.id : null,
                      title: known ? `${card.id} · ${card.name} (grade ${card.grade})` : "" },
    label || (card ? card.name : "?"));
}

/* ---- the card panel: text, stats and (for a unit) its modifiers ---------------------- */
function showCard(id, unit) {
  const card = (app.cards || {})[id];
  if (!card) return;
  const stat = (name, value) => value === null || value === undefined ? null : el("span", { class: "stat" }, `${name} ${value}`);
  const panel = $("card-panel") || document.body.appendChild(el("aside", { id: "card-panel" }));
  panel.hidden = false;
  panel.replaceChildren(
    el("button", { class: "small close", title: "close (Esc)", onclick: () => { panel.hidden = true; } }, "×"),
    el("h3", {}, card.name), el("div", { class: "cid" }, `${id}${card.number ? " · " + card.number : ""}`),
    el("div", { class: "stats" }, stat("grade", card.grade), stat("power", card.power), stat("shield", card.shield),
       stat("critical", card.critical), stat("trigger", card.trigger)),
    el("div", { class: "kind" }, [card.clan, card.race, card.unit !== "normal" ? card.unit : null].filter(Boolean).join(" · ")),
    card.skills.length ? el("div", { class: "skills" }, `skills: ${card.skills.join(", ")}`) : null,
    card.abilities.length ? el("ul", { class: "texts" }, card.abilities.map((a) =>
      el("li", {}, el("b", {}, `${(a.kind || "").toUpperCase()} `), a.text || "(no text)"))) : el("p", { class: "hint" }, "no abilities"),
    unit ? el("div", { class: "now" }, el("b", {}, `now: ${unit.power} ★${unit.critical}`),
      unit.modifiers.length ? el("ul", {}, unit.modifiers.map((m) => el("li", {}, modText(m)))) : " (printed values)") : null);
}

function cardClicked(event) {
  const target = event.target.closest("[data-card]");
  if (!target || !target.closest("#board, #decision")) return;
  const seat = target.closest(".seat"), circle = target.dataset.circle;
  const board = app.drawnBoard;
  let unit = null;
  if (board && circle) {
    const where = seat ? board.seats[Number(seat.dataset.seat)] : null;
    unit = where ? where.circles[circle] : null;
  }
  showCard(target.dataset.card, unit && unit.id === target.dataset.card ? unit : null);
}

function modText(m) {
  const sign = m.value > 0 ? "+" : "";
  const what = m.what === "critical" ? "★" : "";
  const until = m.until === "battle" ? "this battle" : m.until === "turn" ? "this turn" : m.until || "";
  return `${what}${sign}${m.value} ${m.source}${until ? " · " + until : ""}`;
}

function lockedBox(circle, card) {
  /* a locked card (CR 10.22): no unit, face down on its lock circle until it is unlocked */
  return el("div", { class: "circle locked", "data-circle": circle, "data-card": card.id,
                     title: `${card.name} (${card.id}), locked: face down, not a unit; unlocked at the end of its owner's turn` },
    el("div", { class: "cname" }, circle, " · ", el("b", { class: "lockmark" }, "🔒 locked")),
    el("div", { class: "uname" }, card.name),
    el("div", { class: "uid" }, "face down"));
}

function unitBox(circle, unit, locked) {
  if (!unit && locked) return lockedBox(circle, locked);
  if (!unit) return el("div", { class: "circle empty", "data-circle": circle }, el("div", { class: "cname" }, circle));
  const mods = unit.modifiers.map(modText);
  const tip = [`printed: power ${unit.base_power}, critical ${unit.base_critical}`, ...mods].join("\n");
  return el("div", { class: "circle" + (unit.rested ? " rested" : ""), "data-circle": circle, "data-card": unit.id,
                     title: `${unit.name} (${unit.id})\n${tip}\nclick: the card's text` },
    el("div", { class: "cname" }, circle, unit.rested ? " · rested" : ""),
    el("div", { class: "uname" }, unit.name),
    el("div", { class: "uid" }, `G${unit.grade}`),
    el("div", { class: "power" + (unit.power !== unit.base_power ? " changed" : "") },
       `${unit.power}`, el("small", {}, ` ★${unit.critical}`),
       mods.length ? el("small", { class: "base" }, ` (printed ${unit.base_power} ★${unit.base_critical})`) : null),
    mods.length ? el("ul", { class: "mods" }, mods.map((m) => el("li", {}, m))) : null,
    unit.heart ? el("div", { class: "extra" }, `heart: ${cardText(unit.heart)}`) : null,
    unit.mate ? el("div", { class: "extra" }, `legion mate: ${cardText(unit.mate)} ${unit.mate.power}`) : null);
}

function zoneRow(name, cards, fmt) {
  return el("div", { class: "zone" }, el("span", { class: "zname" }, name),
    cards.length ? cards.map(fmt || ((c) => chip(c))) : el("span", { class: "none" }, "–"));
}

function drawSeat(seat, top) {
  const c = seat.circles;
  const locked = seat.locked || {};
  const front = ["front_left", "VC", "front_right"].map((n) => unitBox(n, c[n], locked[n]));
  const back = ["back_left", "back_center", "back_right"].map((n) => unitBox(n, c[n], locked[n]));
  const vcSoul = c.VC ? el("div", { class: "soul" }, `soul ${seat.soul.length}`) : null;
  if (c.VC) front[1].append(vcSoul);
  const rows = top ? [back, front] : [front, back];
  const marks = [seat.turn_player ? "turn player" : null, seat.first ? "first" : null].filter(Boolean).join(", ");
  return el("div", { class: "seat" + (seat.turn_player ? " active" : ""), "data-seat": seat.seat },
    el("div", { class: "seat-head" }, el("b", {}, `P${seat.seat}`), ` ${seat.deck_name}`, marks ? ` (${marks})` : "",
       el("span", { class: "counts" },
          `damage ${seat.damage.length}/${seat.damage_to_lose ?? "?"} · hand ${seat.hand_count} · deck ${seat.deck}`)),
    el("div", { class: "field" }, rows.map((row) => el("div", { class: "frow" }, row))),
    el("div", { class: "zones" },
      zoneRow("damage", seat.damage, (d) => chip(d, d.face_down ? "down" : "")),
      seat.hand ? zoneRow("hand", seat.hand, (h, i) => chip(h, "", `[${i}] ${h.name} G${h.grade}` +
        (h.shield ? ` · ${h.shield / 1000}k shield` : "")))
        : el("div", { class: "zone" }, el("span", { class: "zname" }, "hand"),
             el("span", { class: "none" }, `${seat.hand_count} card(s), hidden from P${1 - seat.seat}`)),
      zoneRow("soul", seat.soul),
      zoneRow("drop", seat.drop),
      zoneRow("G zone", seat.g_zone, (g) => chip(g, g.face_up ? "up" : "down")),
      seat.trigger.length ? zoneRow("trigger", seat.trigger) : null,
      seat.bind.length ? zoneRow("bind", seat.bind) : null,
      seat.removed.length ? zoneRow("removed", seat.removed) : null));
}

function drawBoard(host, board) {
  const me = board.viewer === null || board.viewer === undefined ? 0 : board.viewer;   // the viewer sits at the bottom
  const seats = [board.seats[1 - me], board.seats[me]];
  const guarding = board.seats.find((s) => s.gc.length);
  const battle = board.battle;
  const middle = el("div", { class: "mid" },
    el("span", {}, board.turn ? `turn ${board.turn}, P${board.turn_player} to play` : "setup"),
    battle ? el("span", { class: "battle" },
      ` · P${battle.player} ${battle.attacker}${battle.booster ? " (boost " + battle.booster + ")" : ""} → ${battle.target}` +
      (battle.attack_power !== undefined ? `: ${battle.attack_power} vs ${battle.defense_power}` : "")) : null,
    guarding ? el("div", { class: "gc" }, el("b", {}, `GC (P${guarding.seat})`),
      guarding.gc.map((u) => el("span", { class: "chip guard", title: `${u.id} · ${u.name}`, "data-card": u.id },
        `${u.name} shield ${u.shield ?? 0}${u.shield_battle ? "+" + u.shield_battle : ""} → ${u.guarding}`))) : null,
    board.result ? el("div", { class: "result" },
      `game over: P${board.result.winner} wins (${board.result.reason})`) : null);
  app.drawnBoard = board;
  host.replaceChildren(drawSeat(seats[0], true), middle, drawSeat(seats[1], false));
}

function positionKey(pos) { return `${pos.transitions}/${pos.choices_made}/${pos.events}`; }

function valueText(v) {
  return v.win === null ? "not searched" : `win ${(100 * v.win).toFixed(0)}% · ${v.visits} visits`;
}

function drawDecision(decision) {
  const host = $("decision");
  if (!decision) {
    host.replaceChildren(el("div", { class: "none" }, app.view.position.over ? "the game is over" : "no decision pending"));
    return;
  }
  const ev = app.evaluation && app.evaluation.at === positionKey(app.view.position) ? app.evaluation : null;
  const values = new Map(ev ? ev.actions.map((a) => [a.id, a]) : []);
  const best = ev && ev.actions[0].visits ? ev.actions[0] : null;
  host.replaceChildren(
    el("div", { class: "dhead" }, el("b", {}, `P${decision.player} decides`), ` at ${decision.kind}`,
       decision.prompt ? ` — ${decision.prompt}` : ""),
    el("div", { class: "actions" }, decision.actions.map((a, i) => {
      const v = values.get(a.id);
      const tip = [a.id, a.cards || a.kind, v && v.line.length ? `then: ${v.line.join(" › ")}` : null].filter(Boolean).join("\n");
      return el("button", { class: "action" + (a.id === decision.recorded ? " recorded" : "") + (best && best.id === a.id ? " best" : ""),
                            "data-action": a.id, title: tip, onclick: () => command("choose", { action: a.id }) },
        i < 9 ? el("kbd", {}, String(i + 1)) : null, " ", a.text || a.id,
        v ? el("span", { class: "value" }, valueText(v)) : null);
    })),
    ev ? el("div", { class: "evalnote" }, `ISMCTS, ${ev.iterations} iterations from P${ev.player}'s view (hidden cards re-dealt ` +
       `each time); win = P${ev.player}'s estimated chance.`,
       best ? el("div", {}, "principal line: ", el("b", {}, best.id), best.line.length ? ` › ${best.line.join(" › ")}` : "") : null) : null,
    el("div", { class: "dfoot" },
       decision.recorded ? `recorded choice: ${decision.recorded} (step/next replay it) · ` : "",
       decision.diverged ? "the recorded choice is not legal here · " : "",
       el("button", { onclick: () => command("auto") }, "let the agent choose (a)"), " ",
       el("button", { id: "b-evaluate", title: "what the search agent thinks of each action (e)", onclick: evaluate },
          "search values (e)"), " ",
       el("input", { id: "eval-n", type: "number", min: 1, max: 5000, value: app.evalIterations,
                     title: "ISMCTS iterations", onchange: (e) => { app.evalIterations = Number(e.target.value) || 100; } }),
       " iterations", " · ",
       (decision.concede || []).map((c) => el("button", { class: "concede", "data-action": c.id, title: c.id,
         onclick: () => { if (confirm(`${c.text}?`)) command("choose", { action: c.id }); } }, c.text))));
}

async function evaluate() {
  if (!app.view || !app.view.decision) return;
  const iterations = Math.min(5000, Math.max(1, app.evalIterations || 100));
  status(`searching: ${iterations} ISMCTS iterations…`, "info");
  const reply = await command("evaluate", { iterations });
  if (!reply || !reply.ok) return;
  app.evaluation = reply.evaluation;
  drawDecision(app.view.decision);
  status(`search values: ${iterations} iterations in ${reply.elapsed.toFixed(0)} ms`, "info");
}

/* ---- breakpoints ------------------------------------------------------------ */
function drawBreakpoints(items) {
  $("bp-list").replaceChildren(...items.map((b) => el("li", {},
    `${b.number}. ${b.kind} ${b.name} `,
    el("button", { class: "small", title: "delete", onclick: () => command("break_delete", { number: b.number }) }, "×"))));
  if (app.diagram) app.diagram.markBreakpoints(items.filter((b) => b.kind === "state").map((b) => b.name));
  app.breakpoints = items;
}

async function stateClicked(machine, path) {
  const reply = await send("state_info", { machine, path });
  if (!reply.ok) { status(reply.error, "error"); return; }
  const s = reply.state;
  const name = `${machine}.${path}`;
  const existing = (app.breakpoints || []).find((b) => b.kind === "state" && b.name === name);
  if (!existing) await command("break_add", { kind: "state", name });
  const bp = (app.breakpoints || []).find((b) => b.kind === "state" && b.name === name);
  const list = (items) => items.length ? items.join(", ") : "–";
  $("state-info").replaceChildren(
    el("h3", {}, name, " ", bp ? el("button", { class: "small", onclick: async () => {
      await command("break_delete", { number: bp.number }); $("state-info").querySelector(".bpnote").textContent = "no breakpoint"; } },
      `remove breakpoint ${bp.number}`) : null),
    el("div", { class: "bpnote" }, bp ? `breakpoint ${bp.number} stops when ${name} is entered` : ""),
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
  $("preview-go").onclick = () => command("goto", { transitions: Number($("preview-go").dataset.transitions) });
  $("preview-close").onclick = () => { unpin(); endPreview(); };
  $("board").addEventListener("click", cardClicked);
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
    const decision = app.view && app.view.decision;
    if (decision && digit >= 1 && digit <= 9 && decision.actions[digit - 1]) {
      command("choose", { action: decision.actions[digit - 1].id });
    }
  });
}

window.addEventListener("DOMContentLoaded", () => { bind(); connect(); });

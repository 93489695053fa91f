/* The offline report: a trace's timeline, the board at every event (rebuilt from the
   trace: `report_board` gives each row's changes), its log grouped turn > phase > step,
   and the flow diagram showing where each event happened; the winner and the damage,
   a link per turn (#turn-N, and #seq-N for one event), search in the log, autoplay and
   a "seen by" switch for hidden cards. Everything it shows is in the file. */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("report-data").textContent);
  const rows = data.events;
  mat.cards = data.cards || {};
  const stacks = [];                       // the machines running after each row
  let stack = [];
  for (const row of rows) { stack = stackAfter(stack, row); stacks.push(stack); }
  const stateRows = rows.map((r, i) => (r.event === "state" ? i : -1)).filter((i) => i >= 0);
  const turnStarts = new Map();
  rows.forEach((r, i) => { if (!turnStarts.has(r.turn)) turnStarts.set(r.turn, i); });
  const start = rows.find((r) => r.event === "game_start") || {};
  const overAt = rows.findIndex((r) => r.event === "game_over");
  let current = 0, shownMachine = null, follow = true, viewer = null, playing = null, hovering = false;

  /* ---- the board at row `index`, from the changes of rows 0..index ---------------------- */
  const CIRCLES = ["front_left", "VC", "front_right", "back_left", "back_center", "back_right"];
  const changes = data.board.changes;
  let zones = null, zonesAt = -1;
  function zonesAfter(index) {
    if (index < zonesAt) { zones = null; zonesAt = -1; }          // back: again from the start (cheap)
    zones = zones || [new Map(), new Map()];
    for (let i = zonesAt + 1; i <= index && i < changes.length; i++) {
      for (const [seat, zone, card, delta] of changes[i]) {
        const key = zones[seat].get(zone) || new Map();
        const count = (key.get(card) || 0) + delta;
        if (count) key.set(card, count); else key.delete(card);
        zones[seat].set(zone, key);
      }
    }
    zonesAt = index;
    return zones;
  }
  const named = (id) => ({ id, name: (mat.cards[id] || {}).name || id, grade: (mat.cards[id] || { grade: null }).grade });
  const hidden = { id: "?", name: "face down", grade: null };
  function cards(seatZones, zone) {
    const out = [];
    for (const [id, count] of [...(seatZones.get(zone) || new Map())].sort()) for (let k = 0; k < count; k++) out.push(id);
    return out;
  }
  function marked(seatZones, zone, faceZone, key) {
    /* the zone's cards, `key` true for as many copies as the face zone counts */
    const left = new Map(seatZones.get(faceZone) || new Map());
    return cards(seatZones, zone).map((id) => {
      const n = left.get(id) || 0;
      if (n) left.set(id, n - 1);
      return { ...named(id), [key]: n > 0 };
    });
  }
  function seatAt(all, seat, index) {
    const z = all[seat], open = viewer === null || viewer === seat, row = rows[index];
    const circles = {};
    for (const c of CIRCLES) {
      const here = cards(z, c);
      circles[c] = here.length ? { ...named(here[0]), mate: here[1] ? named(here[1]) : null } : null;
    }
    const hand = cards(z, "hand").map(named);
    return {
      seat, deck_name: (start.decks || [])[seat] || "", first: start.first === seat,
      turn_player: row.turn > 0 && row.turn_player === seat, circles, locked: {},
      soul: cards(z, "soul").map(named), drop: cards(z, "drop").map(named), trigger: cards(z, "trigger").map(named),
      bind: cards(z, "bind").map(named), removed: cards(z, "removed").map(named),
      gc: cards(z, "GC").map((id) => ({ ...named(id), shield: (mat.cards[id] || {}).shield || 0 })),
      damage: marked(z, "damage", "damage_down", "face_down"),
      damage_to_lose: (data.damage_to_lose || {})[start.format],
      g_zone: marked(z, "g_zone", "g_up", "face_up").map((g) => (g.face_up || open ? g : { ...hidden, face_up: false })),
      deck: cards(z, "deck").length, hand_count: hand.length, hand: open ? hand : null,
    };
  }
  function boardAt(index) {
    const usable = Math.min(index, data.board.at - 1);
    const row = rows[index], over = overAt >= 0 && index >= overAt ? rows[overAt] : null;
    if (usable < 0 || !changes[usable] || !start.zones) return null;
    const all = zonesAfter(usable);
    if (!all[0].size && !all[1].size) return null;
    return { turn: row.turn, turn_player: row.turn > 0 ? row.turn_player : null, viewer, battle: null,
             seats: [seatAt(all, 0, index), seatAt(all, 1, index)],
             result: over ? { winner: over.winner, loser: over.loser, reason: over.reason } : null };
  }

  /* ---- diagram, log, position ---------------------------------------------------------- */
  const diagram = new FlowDiagram($("diagram"), async (m) => data.diagrams[m] || `<p>no diagram of ${m}</p>`,
    (machine, path) => {
      const key = `${machine}.${path}`;
      $("state-info").replaceChildren(el("h3", {}, key), el("p", {}, data.state_docs[key] || ""),
        ...(data.state_rules[key] || []).map((r) => el("div", { class: "rule" }, el("b", {}, r), " ", data.rule_texts[r] || "")));
    });
  const log = new LogView($("log"), data.state_rules, {
    hover: (seq) => { hovering = true; show(indexOf(seq), true); },
    leave: () => { hovering = false; show(current, false); },
    pin: (seq) => go(indexOf(seq)),
  }, data.rule_texts);
  log.names = mat.cards;
  const indexOf = (seq) => { const i = rows.findIndex((r) => r.seq === seq); return i < 0 ? 0 : i; };

  function show(index, previewing) {
    const machines = stacks[index];
    const inner = machines[machines.length - 1];
    if (inner && !(overAt >= 0 && index >= overAt)) {
      if (follow || !machines.some((m) => m.machine === shownMachine)) shownMachine = inner.machine;
      crumbs($("crumbs"), machines, shownMachine, (m) => { follow = m === inner.machine; shownMachine = m; show(index, previewing); });
      const shown = machines.find((m) => m.machine === shownMachine);
      diagram.highlight(shown.machine, shown.state, null);
    } else if (overAt >= 0 && index >= overAt) {
      $("crumbs").textContent = "the game is over";
      diagram.clear();
    }
    const board = boardAt(index);
    if (board) drawBoard($("board"), board);
    else $("board").replaceChildren(el("p", { class: "hint" }, data.board.stopped || "the board begins with game_start"));
    const row = rows[index];
    log.mark(row.seq, previewing ? "previewed" : "pinned");
    $("pos").textContent = `event ${index + 1} / ${rows.length} · #${row.seq} ${row.event} · turn ${row.turn}` +
      (previewing ? " (preview)" : "");
  }

  function go(index, keepHash) {
    current = Math.max(0, Math.min(rows.length - 1, index));
    $("slider").value = current;
    for (const item of $("log").querySelectorAll(".previewed")) item.classList.remove("previewed");
    show(current, false);
    for (const a of $("turns").querySelectorAll("a")) a.classList.toggle("here", Number(a.dataset.turn) === rows[current].turn);
    if (!keepHash) history.replaceState(null, "", `#seq-${rows[current].seq}`);
  }

  function nextState(direction) {
    const list = direction > 0 ? stateRows.filter((i) => i > current) : stateRows.filter((i) => i < current).reverse();
    if (list.length) go(list[0]);
  }

  function nextTurn(direction) {
    const turns = [...turnStarts.keys()];
    const at = turns.indexOf(rows[current].turn) + direction;
    if (at >= 0 && at < turns.length) go(turnStarts.get(turns[at]));
  }

  function fromHash() {
    /* #turn-N: the turn's first event; #seq-N: that event */
    const found = /^#(turn|seq)-(\d+)$/.exec(location.hash);
    if (!found) return false;
    const n = Number(found[2]);
    const index = found[1] === "turn" ? turnStarts.get(n) : rows.findIndex((r) => r.seq === n);
    if (index === undefined || index < 0) return false;
    go(index, true);
    return true;
  }

  /* ---- autoplay, search, seen by -------------------------------------------------------- */
  function play(on) {
    clearInterval(playing);
    playing = null;
    $("r-play").textContent = on ? "❚❚ pause" : "▶ play";
    if (!on) return;
    playing = setInterval(() => {
      if (hovering) return;
      if (current >= rows.length - 1) { play(false); return; }
      go(current + 1);
    }, Number($("r-speed").value) || 250);
  }

  let matches = [], matchAt = -1;
  function search(step) {
    const query = $("search").value.trim().toLowerCase();
    if (!query) { matches = []; $("found").textContent = ""; return; }
    matches = rows.map((r, i) => [i, `#${r.seq} ${r.event} ${describe(r, mat.cards, hiddenFields(r, viewer))}`.toLowerCase()])
      .filter(([, text]) => text.includes(query)).map(([i]) => i);
    if (!matches.length) { $("found").textContent = "no match"; return; }
    const after = matches.findIndex((i) => (step > 0 ? i > current : i >= current));
    matchAt = step === 0 && after >= 0 ? after : after >= 0 ? after : 0;
    go(matches[matchAt]);
    $("found").textContent = `${matchAt + 1} of ${matches.length}`;
  }

  function summary() {
    const over = overAt >= 0 ? rows[overAt] : null;
    if (!over) return "no game_over: the game did not end in this trace";
    const damage = Array.isArray(over.damage) ? ` · damage P0 ${over.damage[0]}, P1 ${over.damage[1]}` : "";
    const who = over.winner === null || over.winner === undefined ? "a draw" : `P${over.winner} wins`;
    return `${who} (${over.reason}) on turn ${over.turn}${damage}`;
  }

  $("label").textContent = `${data.title} · ${rows.length} events`;
  $("summary").textContent = summary();
  $("slider").max = rows.length - 1;
  $("slider").oninput = () => go(Number($("slider").value));
  $("turns").replaceChildren(el("span", { class: "zname" }, "turns:"), ...[...turnStarts.keys()].map((t) =>
    el("a", { href: `#turn-${t}`, "data-turn": t, title: `the first event of ${t ? "turn " + t : "setup"}` }, t ? String(t) : "setup")));
  window.addEventListener("hashchange", fromHash);
  $("r-prev").onclick = () => nextState(-1);
  $("r-next").onclick = () => nextState(1);
  $("r-prev-turn").onclick = () => nextTurn(-1);
  $("r-next-turn").onclick = () => nextTurn(1);
  $("r-play").onclick = () => play(!playing);
  $("r-speed").onchange = () => { if (playing) play(true); };
  $("search").onkeydown = (event) => { if (event.key === "Enter") { search(1); event.preventDefault(); } };
  $("search").oninput = () => search(0);
  $("viewer").onchange = () => {
    viewer = $("viewer").value === "" ? null : Number($("viewer").value);
    log.viewer = viewer; log.redraw(); go(current);
  };
  $("board").addEventListener("click", cardClicked);
  if (data.board.stopped) { $("board-note").hidden = false; $("board-note").textContent = data.board.stopped; }
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select")) return;
    const keys = { ArrowLeft: () => nextState(-1), ArrowRight: () => nextState(1),
                   PageUp: () => nextTurn(-1), PageDown: () => nextTurn(1), " ": () => play(!playing),
                   Escape: () => { const panel = $("card-panel"); if (panel) panel.hidden = true; } };
    if (keys[event.key]) { keys[event.key](); event.preventDefault(); }
  });
  log.append(rows);
  if (!fromHash()) go(0, true);
  window.vanguardReadyMs = performance.now();        // the load time the report is measured by
  document.body.dataset.ready = "1";
})();

/* The offline report: a trace's timeline, its log grouped turn > phase > step, and the
   flow diagram showing where each event happened. Everything it shows is in the file. */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("report-data").textContent);
  const rows = data.events;
  const stacks = [];                       // the machines running after each row
  let stack = [];
  for (const row of rows) { stack = stackAfter(stack, row); stacks.push(stack); }
  const stateRows = rows.map((r, i) => (r.event === "state" ? i : -1)).filter((i) => i >= 0);
  const turnStarts = new Map();
  rows.forEach((r, i) => { if (!turnStarts.has(r.turn)) turnStarts.set(r.turn, i); });
  let current = 0, pinned = null, shownMachine = null, follow = true;

  const diagram = new FlowDiagram($("diagram"), async (m) => data.diagrams[m] || `<p>no diagram of ${m}</p>`,
    (machine, path) => {
      const key = `${machine}.${path}`;
      $("state-info").replaceChildren(el("h3", {}, key), el("p", {}, data.state_docs[key] || ""),
        ...(data.state_rules[key] || []).map((r) => el("div", { class: "rule" }, el("b", {}, r), " ", data.rule_texts[r] || "")));
    });
  const log = new LogView($("log"), data.state_rules, {
    hover: (seq) => { if (pinned === null) show(indexOf(seq), true); },
    leave: () => { if (pinned === null) show(current, false); },
    pin: (seq) => { pinned = null; go(indexOf(seq)); },
  }, data.rule_texts);
  const indexOf = (seq) => { const i = rows.findIndex((r) => r.seq === seq); return i < 0 ? 0 : i; };

  function show(index, previewing) {
    const machines = stacks[index];
    const inner = machines[machines.length - 1];
    if (inner) {
      if (follow || !machines.some((m) => m.machine === shownMachine)) shownMachine = inner.machine;
      crumbs($("crumbs"), machines, shownMachine, (m) => { follow = m === inner.machine; shownMachine = m; show(index, previewing); });
      const shown = machines.find((m) => m.machine === shownMachine);
      diagram.highlight(shown.machine, shown.state, null);
    }
    const row = rows[index];
    log.mark(row.seq, previewing ? "previewed" : "pinned");
    $("pos").textContent = `event ${index + 1} / ${rows.length} · #${row.seq} ${row.event} · turn ${row.turn}` +
      (previewing ? " (preview)" : "");
  }

  function go(index) {
    current = Math.max(0, Math.min(rows.length - 1, index));
    $("slider").value = current;
    for (const item of $("log").querySelectorAll(".previewed")) item.classList.remove("previewed");
    show(current, false);
    const turn = rows[current].turn;
    $("turn-jump").value = String(turn);
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

  $("label").textContent = `${data.title} · ${rows.length} events`;
  $("slider").max = rows.length - 1;
  $("slider").oninput = () => go(Number($("slider").value));
  $("turn-jump").replaceChildren(...[...turnStarts.keys()].map((t) => el("option", { value: t }, t ? `turn ${t}` : "setup")));
  $("turn-jump").onchange = () => go(turnStarts.get(Number($("turn-jump").value)));
  $("r-prev").onclick = () => nextState(-1);
  $("r-next").onclick = () => nextState(1);
  $("r-prev-turn").onclick = () => nextTurn(-1);
  $("r-next-turn").onclick = () => nextTurn(1);
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select")) return;
    const keys = { ArrowLeft: () => nextState(-1), ArrowRight: () => nextState(1),
                   PageUp: () => nextTurn(-1), PageDown: () => nextTurn(1) };
    if (keys[event.key]) { keys[event.key](); event.preventDefault(); }
  });
  log.append(rows);
  go(0);
  window.vanguardReadyMs = performance.now();        // the load time the report is measured by
  document.body.dataset.ready = "1";
})();

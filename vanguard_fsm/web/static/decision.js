/* The decision panel of the live page: the pending decision's legal actions as buttons
   (a click chooses and the game moves on: the choice and the transition it leads to), a decision over sets of
   hand cards (the redraw) as a hand picker, the search values with their intervals while
   the background search runs, and nothing of a decision the viewing seat cannot see.
   Uses app.js's `app`, `command`, `send` and `status`. */
"use strict";

const HAND_SET = /^([a-z_]+):hand\[(\d+(?:,\d+)*)\]$/;

function positionKey(pos) { return `${pos.transitions}/${pos.choices_made}/${pos.events}`; }

function pct(x) { return `${(100 * x).toFixed(0)}%`; }

function valueText(v) {
  if (v.win === null) return "not searched";
  return `win ${pct(v.win)} [${pct(v.low)}–${pct(v.high)}] · ${v.visits} playouts`;
}

function handSets(decision, board) {
  /* a decision whose options are many sets of hand cards of one kind (the redraw: any 0-5 of
     the hand): each set by the multiset of its card ids (the engine offers one per distinct
     set), so the picked cards find their option whatever copies were picked */
  const hand = board.seats[decision.player].hand;
  if (!hand) return null;
  const found = decision.actions.map((a) => [a, HAND_SET.exec(a.id)]).filter(([, m]) => m);
  if (found.length < 6 || !found.every(([, m]) => m[1] === found[0][1][1])) return null;
  const key = (indexes) => indexes.map((i) => (hand[i] ? hand[i].id : "?")).sort().join("|");
  const byCards = new Map(found.map(([a, m]) => [key(m[2].split(",").map(Number)), a]));
  return { kind: found[0][1][1], ids: new Set(found.map(([a]) => a.id)), byCards, key, hand };
}

function actionButton(decision, a, i, values, best) {
  const v = values.get(a.id);
  const tip = [a.id, a.cards || a.kind, v && v.line.length ? `then: ${v.line.join(" › ")}` : null].filter(Boolean).join("\n");
  return el("button", { class: "action" + (a.id === decision.recorded ? " recorded" : "") + (best && best.id === a.id ? " best" : ""),
                        "data-action": a.id, title: tip, onclick: () => choose(a.id) },
    i < 9 ? el("kbd", {}, String(i + 1)) : null, " ", a.text || a.id,
    v ? el("span", { class: "value" }, valueText(v)) : null);
}

function choose(actionId) { return command("choose", { action: actionId, then: "step" }); }   // chosen, and on to its effect

function handPicker(sets, values) {
  /* the hand as toggles; the button names the option the picked cards make */
  const picked = new Set(app.picked || []);
  const go = el("button", { class: "action pick-go" });
  const refresh = () => {
    const option = sets.byCards.get(sets.key([...picked]));
    app.picked = [...picked];
    go.disabled = !option || !picked.size;
    go.dataset.action = option ? option.id : "";
    const v = option && values.get(option.id);
    fill(go, picked.size ? `${sets.kind} these ${picked.size} card(s)` : `pick the cards to ${sets.kind}`,
      option && picked.size ? el("small", {}, ` (${option.id})`) : "",
      v ? el("span", { class: "value" }, valueText(v)) : "");
  };
  go.onclick = () => { if (!go.disabled) { app.picked = []; choose(go.dataset.action); } };
  const toggles = sets.hand.map((card, i) => el("button", {
    class: "pick" + (picked.has(i) ? " on" : ""), "data-index": i, title: `${card.id} · ${card.name}`,
    onclick: (event) => {
      if (picked.has(i)) picked.delete(i); else picked.add(i);
      event.currentTarget.classList.toggle("on", picked.has(i));
      refresh();
    } }, `[${i}] ${card.name} G${card.grade}`));
  refresh();
  return el("div", { class: "picker" }, el("div", { class: "hint" }, `choose the hand cards to ${sets.kind} (a click toggles one):`),
    el("div", { class: "picks" }, toggles), go);
}

function drawDecision(decision) {
  const host = $("decision");
  const board = app.view.board, viewer = board.viewer === undefined ? null : board.viewer;
  if (!decision) {
    app.picked = [];
    host.replaceChildren(el("div", { class: "none" }, app.view.position.over ? "the game is over" : "no decision pending"));
    return;
  }
  const head = el("div", { class: "dhead" }, el("b", {}, `P${decision.player} decides`), ` at ${decision.kind}`,
    decision.prompt ? ` — ${decision.prompt}` : "");
  const auto = el("button", { onclick: () => command("auto") }, "let the agent choose (a)");
  if (viewer !== null && viewer !== decision.player) {       // seen by the other seat: that it decides, not what
    host.replaceChildren(head, el("div", { class: "hidden-options" },
      `${decision.actions.length} option(s), hidden from P${viewer} (board seen by P${viewer}) `, auto));
    return;
  }
  const ev = app.evaluation && app.evaluation.at === positionKey(app.view.position) ? app.evaluation : null;
  const values = new Map(ev ? ev.actions.map((a) => [a.id, a]) : []);
  const best = ev && ev.actions[0].visits ? ev.actions[0] : null;
  const sets = handSets(decision, board);
  const plain = decision.actions.filter((a) => !sets || !sets.ids.has(a.id));
  fill(host, head,
    el("div", { class: "actions" }, plain.map((a, i) => actionButton(decision, a, i, values, best))),
    sets ? handPicker(sets, values) : null,
    ev ? searchNote(ev, best) : null,
    el("div", { class: "dfoot" },
       decision.recorded ? `recorded choice: ${decision.recorded} (step/next replay it) · ` : "",
       decision.diverged ? "the recorded choice is not legal here · " : "",
       auto, " ",
       el("button", { id: "b-evaluate", title: "what the search agent thinks of each action (e)", onclick: evaluate },
          "search values (e)"), " ",
       el("input", { id: "eval-n", type: "number", min: 1, max: 5000, value: app.evalIterations,
                     title: "ISMCTS iterations", onchange: (e) => { app.evalIterations = Number(e.target.value) || 100; } }),
       " iterations", " · ",
       (decision.concede || []).map((c) => el("button", { class: "concede", "data-action": c.id, title: c.id,
         onclick: () => { if (confirm(`${c.text}?`)) command("choose", { action: c.id }); } }, c.text))));
}

function searchNote(ev, best) {
  const running = ev.state === "running" || ev.state === "cancelling";
  const said = running ? `searching: ${ev.done} / ${ev.iterations} iterations` :
    ev.state === "done" ? `searched ${ev.done} iterations` :
    ev.state === "failed" ? `the search failed: ${ev.why}` : `search stopped after ${ev.done} / ${ev.iterations} (${ev.why})`;
  return el("div", { class: "evalnote" },
    el("div", { class: "progress" }, el("progress", { max: ev.iterations, value: ev.done }), ` ${said} `,
       running ? el("button", { class: "small", id: "b-cancel-search", onclick: cancelSearch }, "cancel") : null),
    `ISMCTS from P${ev.player}'s view (hidden cards re-dealt each time); win = P${ev.player}'s estimated chance ` +
    "with its 95% interval [low–high] (Wilson, over the playouts).",
    best ? el("div", {}, "principal line: ", el("b", {}, best.id), best.line.length ? ` › ${best.line.join(" › ")}` : "") : null);
}

async function evaluate() {
  if (!app.view || !app.view.decision) return;
  const iterations = Math.min(5000, Math.max(1, app.evalIterations || 100));
  const reply = await command("evaluate", { iterations });
  if (!reply || !reply.ok) return;
  const run = (app.searchRun || 0) + 1;
  app.searchRun = run;
  showSearch(reply.evaluation);
  while (app.searchRun === run && (app.evaluation.state === "running" || app.evaluation.state === "cancelling")) {
    await new Promise((done) => setTimeout(done, 200));
    const polled = await send("evaluate_poll");           // beside the command queue: stepping goes on meanwhile
    if (!polled.ok || app.searchRun !== run) return;
    showSearch(polled.evaluation);
  }
}

function showSearch(evaluation) {
  app.evaluation = evaluation;
  if (evaluation.at !== positionKey(app.view.position)) return;     // of a position left behind: said no more
  if (app.view.decision) drawDecision(app.view.decision);
  const running = evaluation.state === "running" || evaluation.state === "cancelling";
  status(running ? `searching: ${evaluation.done} / ${evaluation.iterations} ISMCTS iterations (the session goes on meanwhile)`
    : evaluation.state === "done" ? `search values: ${evaluation.done} iterations`
    : `search stopped after ${evaluation.done} / ${evaluation.iterations}: ${evaluation.why}`, evaluation.state === "failed" ? "error" : "info");
}

async function cancelSearch() {
  const reply = await send("evaluate_cancel");
  if (reply.ok) showSearch(reply.evaluation);
}

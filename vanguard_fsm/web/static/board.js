/* The Vanguard mat, drawn from a board as `web/views.board` (the live page) or
   `web/report.board_frames` (the report, rebuilt from the trace) gives it: the
   opponent mirrored above (back row at the top, left and right swapped), the viewer
   below; each seat's damage beside its field, its deck, drop, soul and G zone as
   piles with a count (a click lists the cards), its hand below (or above); between
   the seats the guardian circle with its guardians and their total shield. Cards go
   by name, their id on hover; a click opens the card panel. Decides nothing. */
"use strict";

const mat = { cards: {}, open: new Set(), drawn: null };   // the card catalogue; which piles are open

function cardText(card) { return card ? card.name : ""; }

function chip(card, extra = "", label) {
  /* a card by its name; its id on hover; a click opens the card panel */
  const known = card && card.id !== "?";
  return el("span", { class: "chip " + extra, "data-card": known ? card.id : null,
                      title: known ? `${card.id} · ${card.name}${card.grade === null || card.grade === undefined ? "" : ` (grade ${card.grade})`}` : "face down" },
    label || (card ? card.name : "?"));
}

function modText(m) {
  const sign = m.value > 0 ? "+" : "";
  const what = m.what === "critical" ? "★" : "";
  const until = m.until === "battle" ? "this battle" : m.until === "turn" ? "this turn" : m.until || "";
  return `${what}${sign}${m.value} ${m.source}${until ? " · " + until : ""}`;
}

/* ---- the card panel: text, stats and (for a unit) its modifiers ---------------------- */
function showCard(id, unit) {
  const card = mat.cards[id];
  if (!card) return;
  const stat = (name, value) => value === null || value === undefined ? null : el("span", { class: "stat" }, `${name} ${value}`);
  const panel = document.getElementById("card-panel") || document.body.appendChild(el("aside", { id: "card-panel" }));
  panel.hidden = false;
  fill(panel, 
    el("button", { class: "small close", title: "close (Esc)", onclick: () => { panel.hidden = true; } }, "×"),
    el("h3", {}, card.name), el("div", { class: "cid" }, `${id}${card.number ? " · " + card.number : ""}`),
    el("div", { class: "stats" }, stat("grade", card.grade), stat("power", card.power), stat("shield", card.shield),
       stat("critical", card.critical), stat("trigger", card.trigger)),
    el("div", { class: "kind" }, [card.clan, card.race, card.unit && card.unit !== "normal" ? card.unit : null].filter(Boolean).join(" · ")),
    (card.skills || []).length ? el("div", { class: "skills" }, `skills: ${card.skills.join(", ")}`) : null,
    (card.abilities || []).length ? el("ul", { class: "texts" }, card.abilities.map((a) =>
      el("li", {}, el("b", {}, `${(a.kind || "").toUpperCase()} `), a.text || "(no text)"))) : el("p", { class: "hint" }, "no abilities"),
    unit && unit.power !== undefined ? el("div", { class: "now" }, el("b", {}, `now: ${unit.power} ★${unit.critical}`),
      unit.modifiers.length ? el("ul", {}, unit.modifiers.map((m) => el("li", {}, modText(m)))) : " (printed values)") : null);
}

function cardClicked(event) {
  /* a click on a named card of the board or the decision: its panel (a unit: with its modifiers) */
  const target = event.target.closest("[data-card]");
  if (!target) return;
  const seat = target.closest(".seat"), circle = target.dataset.circle, board = mat.drawn;
  let unit = null;
  if (board && circle && seat) unit = board.seats[Number(seat.dataset.seat)].circles[circle] || null;
  showCard(target.dataset.card, unit && unit.id === target.dataset.card ? unit : null);
}

/* ---- circles ------------------------------------------------------------------ */
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
  const mods = (unit.modifiers || []).map(modText);
  const printed = unit.base_power !== undefined ? `printed: power ${unit.base_power}, critical ${unit.base_critical}` : "";
  const power = unit.power !== undefined ? unit.power : (mat.cards[unit.id] || {}).power;
  return el("div", { class: "circle" + (unit.rested ? " rested" : ""), "data-circle": circle, "data-card": unit.id,
                     title: [`${unit.name} (${unit.id})`, printed, ...mods, "click: the card's text"].filter(Boolean).join("\n") },
    el("div", { class: "cname" }, circle, unit.rested ? " · rested" : ""),
    el("div", { class: "uname" }, unit.name),
    el("div", { class: "uid" }, unit.grade === null || unit.grade === undefined ? "" : `G${unit.grade}`),
    power === undefined || power === null ? null :
      el("div", { class: "power" + (unit.base_power !== undefined && unit.power !== unit.base_power ? " changed" : "") },
         `${power}`, unit.critical !== undefined ? el("small", {}, ` ★${unit.critical}`) : null,
         mods.length ? el("small", { class: "base" }, ` (printed ${unit.base_power} ★${unit.base_critical})`) : null),
    mods.length ? el("ul", { class: "mods" }, mods.map((m) => el("li", {}, m))) : null,
    unit.heart ? el("div", { class: "extra" }, `heart: ${cardText(unit.heart)}`) : null,
    unit.mate ? el("div", { class: "extra" }, `legion mate: ${cardText(unit.mate)}`) : null);
}

/* ---- piles: a count, a click lists the cards (the open ones stay open while stepping) ---- */
function pile(seat, key, summary, cards, fmt) {
  const id = `${seat}:${key}`;
  const box = el("details", { class: `pile pile-${key.replace(/ /g, "_")}`, "data-pile": key, open: mat.open.has(id) },
    el("summary", {}, summary),
    cards.length ? el("div", { class: "plist" }, cards.map(fmt || ((c) => chip(c)))) : el("div", { class: "none" }, "empty"));
  box.addEventListener("toggle", () => { if (box.open) mat.open.add(id); else mat.open.delete(id); });
  return box;
}

function handZone(seat) {
  if (!seat.hand) {
    return el("div", { class: "zone hand" }, el("span", { class: "zname" }, "hand"),
      el("span", { class: "none" }, `${seat.hand_count} card(s), hidden from P${1 - seat.seat}`));
  }
  return el("div", { class: "zone hand" }, el("span", { class: "zname" }, `hand ${seat.hand.length}`),
    seat.hand.length ? seat.hand.map((h, i) => chip(h, "", `[${i}] ${h.name} G${h.grade}` + (h.shield ? ` · ${h.shield / 1000}k` : "")))
      : el("span", { class: "none" }, "–"));
}

function drawSeat(seat, top) {
  const c = seat.circles, locked = seat.locked || {};
  const cols = top ? ["right", "center", "left"] : ["left", "center", "right"];     // mirrored: facing the viewer
  const name = (row, col) => (col === "center" ? (row === "front" ? "VC" : "back_center") : `${row}_${col}`);
  const row = (which) => el("div", { class: "frow" }, cols.map((col) => unitBox(name(which, col), c[name(which, col)], locked[name(which, col)])));
  const field = top ? [row("back"), row("front")] : [row("front"), row("back")];
  const faceUp = seat.g_zone.filter((g) => g.face_up).length;
  const damage = el("div", { class: "side damage" },
    el("div", { class: "zname" }, `damage ${seat.damage.length}/${seat.damage_to_lose ?? "?"}`),
    seat.damage.map((d) => chip(d, d.face_down ? "down" : "", d.face_down ? `${d.name} (face down)` : undefined)));
  const piles = el("div", { class: "side piles" },
    el("div", { class: "deck" }, `deck ${seat.deck}`),
    pile(seat.seat, "soul", `soul ${seat.soul.length}`, seat.soul),
    pile(seat.seat, "drop", `drop ${seat.drop.length}`, seat.drop),
    pile(seat.seat, "G zone", `G zone ${seat.g_zone.length}: ${faceUp} up · ${seat.g_zone.length - faceUp} down`,
         seat.g_zone, (g) => chip(g, g.face_up ? "up" : "down")),
    seat.trigger.length ? pile(seat.seat, "trigger", `trigger ${seat.trigger.length}`, seat.trigger) : null,
    seat.bind.length ? pile(seat.seat, "bind", `bind ${seat.bind.length}`, seat.bind) : null,
    seat.removed.length ? pile(seat.seat, "removed", `removed ${seat.removed.length}`, seat.removed) : null);
  if (c.VC) field[top ? 1 : 0].querySelector("[data-circle='VC']").append(el("div", { class: "soul" }, `soul ${seat.soul.length}`));
  const marks = [seat.turn_player ? "turn player" : null, seat.first ? "first" : null].filter(Boolean).join(", ");
  const head = el("div", { class: "seat-head" }, el("b", {}, `P${seat.seat}`), ` ${seat.deck_name || ""}`, marks ? ` (${marks})` : "",
    el("span", { class: "counts" }, `damage ${seat.damage.length}/${seat.damage_to_lose ?? "?"} · hand ${seat.hand_count} · deck ${seat.deck}`));
  const mid = el("div", { class: "matrow" }, top ? piles : damage, el("div", { class: "field" }, field), top ? damage : piles);
  const hand = el("div", { class: "zones" }, handZone(seat));
  return el("div", { class: "seat" + (seat.turn_player ? " active" : "") + (top ? " top" : " bottom"), "data-seat": seat.seat },
    ...(top ? [head, hand, mid] : [head, mid, hand]));
}

function guardianCircle(board) {
  /* the guardian circle (CR 4.6.5): its guardians, each shield, the total */
  const guarding = board.seats.find((s) => s.gc.length);
  if (!guarding) return el("div", { class: "gc gc-empty", title: "the guardian circle" }, "GC");
  const shield = (u) => (u.shield || 0) + (u.shield_battle || 0);
  const total = guarding.gc.reduce((sum, u) => sum + shield(u), 0);
  return el("div", { class: "gc", title: `P${guarding.seat}'s guardians` },
    el("b", {}, `GC · P${guarding.seat}`),
    guarding.gc.map((u) => el("span", { class: "chip guard", title: `${u.id} · ${u.name}`, "data-card": u.id },
      `${u.name} ${shield(u)}${u.guarding ? " → " + u.guarding : ""}`)),
    el("div", { class: "total" }, `shield ${total}`));
}

function drawBoard(host, board) {
  const me = board.viewer === null || board.viewer === undefined ? 0 : board.viewer;   // the viewer sits at the bottom
  const battle = board.battle;
  const middle = el("div", { class: "mid" },
    el("div", { class: "midtext" },
      el("span", {}, board.turn ? `turn ${board.turn}, P${board.turn_player} to play` : "setup"),
      battle ? el("span", { class: "battle" },
        ` · P${battle.player} ${battle.attacker}${battle.booster ? " (boost " + battle.booster + ")" : ""} → ${battle.target}` +
        (battle.attack_power !== undefined ? `: ${battle.attack_power} vs ${battle.defense_power}` : "")) : null,
      board.result ? el("div", { class: "result" },
        board.result.winner === null || board.result.winner === undefined ? `game over: a draw (${board.result.reason})`
          : `game over: P${board.result.winner} wins (${board.result.reason})`) : null),
    guardianCircle(board));
  mat.drawn = board;
  host.replaceChildren(drawSeat(board.seats[1 - me], true), middle, drawSeat(board.seats[me], false));
}

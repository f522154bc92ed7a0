// The table page: draws each screen the server sends over the WebSocket and sends the
// player's choices back.  Every text comes from the server in the chosen language.
import { SUIT_SYMBOL, cardBack, cardFace } from "./cards.js";
import { retrier } from "./retry.js";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

let ws = null;
let current = null; // the last screen
let lang = localStorage.getItem("p2pcards.lang") || document.body.dataset.lang || "en";
let waitedAt = 0; // performance.now() when the screen's wait time was measured
// handing cards out (Thousand's two cards after the talon): the card clicked and not
// yet given, and card code -> the seat it goes to (-1: discarded); for one screen
let pick = { rev: -1, sel: null, to: {} };
let pickStep = 0;
// with more than nine move buttons, how many are shown as buttons (the rest: "More…")
const DIRECT = 5;

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

// one navigation only: a second one (the next screen while the first is under way)
// would abort the first
let leaving = false;
function go(to) {
  if (leaving) return;
  leaving = true;
  location.href = to;
}

const retry = retrier(connect, $("banner"));

function connect() {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(url);
  ws.onopen = () => {
    retry.ok();
    send({ lang });
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.nogame) {
      go("./"); // no game now: the lobby
    } else if (msg.screen) {
      render(msg.screen);
      requestAnimationFrame(() => send({ shown: msg.screen.rev }));
    } else if (msg.refused && current) {
      flash(current.labels.refused);
    }
  };
  ws.onclose = () => {
    const b = $("banner");
    b.hidden = false;
    if (current && current.left) {
      b.textContent = current.left_text; // the player left: nothing to reconnect to
      return;
    }
    if (current && current.over && !current.can_again && !current.lobby) {
      b.textContent = current.labels.closed; // the game is over and the program ended
      return;
    }
    retry.lost(current?.labels.lost); // the program may come back (a restart)
  };
}

function flash(text) {
  const b = $("banner");
  b.textContent = text;
  b.hidden = false;
  setTimeout(() => { b.hidden = true; }, 1500);
}

function play(move) {
  closeDialog();
  send({ play: move.id, rev: current.rev });
}

// A click on a card: the moves that use it; one plays at once, several open a dialog.
function chooseFrom(moves, title) {
  if (moves.length === 1) play(moves[0]);
  else if (moves.length > 1) openDialog(title, moves);
}

// the moves the choice dialog lists, and the screen they came from
let dialogMoves = [];
let dialogRev = -1;
let dialogGrid = false;

// grid: many short options (the rest of Thousand's bids), laid out in columns
function openDialog(title, moves, grid = false) {
  const d = $("dialog");
  dialogMoves = moves;
  dialogRev = current.rev;
  dialogGrid = grid;
  $("dialog-title").textContent = title;
  const box = $("dialog-options");
  box.classList.toggle("grid", grid);
  box.replaceChildren();
  moves.forEach((m, i) => {
    const b = el("button", "option", (i < 9 ? `${i + 1}. ` : "") + m.label);
    b.type = "button";
    b.onclick = () => play(m);
    box.appendChild(b);
  });
  $("dialog-cancel").textContent = current.labels.cancel;
  if (!d.open) d.showModal();
  box.firstChild?.focus();
}

function closeDialog() {
  const d = $("dialog");
  if (d.open) d.close();
}

// A new screen: the choice dialog stays open only while every move it lists is still
// one of the screen's legal moves (the same number, cards and words; after a language
// switch, the same screen: it is listed again in the new words); otherwise it closes,
// or its buttons would play what the newer screen numbers so.
function keepDialog(s) {
  if (!$("dialog").open) return;
  const same = (a, b) => a.id === b.id && a.back === b.back && a.cards.join() === b.cards.join();
  const now = dialogMoves.map((m) => s.moves.find((n) => same(m, n)
    && (s.rev === dialogRev || n.label === m.label)));
  if (!now.length || now.some((m) => !m)) closeDialog();
  else if (now.some((m, i) => m.label !== dialogMoves[i].label)) openDialog(s.labels.choose, now, dialogGrid);
  else dialogMoves = now;
  dialogRev = s.rev;
}

// Only one modal at a time: the end of the game closes the others.
function closeOthers(keep) {
  for (const d of document.querySelectorAll("dialog[open]")) if (d !== keep) d.close();
}

// Moves that each use two of the player's cards: "give" (each card to a seat: click a
// card, then the seat) or "discard" (click the two cards); null for any other screen.
function pickMode(s) {
  if (!s.moves.length || !s.moves.every((m) => m.cards.length === 2 && m.back === null)) return null;
  return s.moves.some((m) => m.to) ? "give" : "discard";
}

function pickDone(s) {
  const chosen = Object.keys(pick.to).map(Number);
  if (chosen.length < 2) return false;
  const m = s.moves.find((mv) => mv.cards.every((c, i) => chosen.includes(c)
    && (!mv.to || pick.to[c] === mv.to[i])));
  if (m) play(m);
  return !!m;
}

function repick() {
  document.body.dataset.pick = String(++pickStep);
  if (pickDone(current)) return;
  renderSeats(current);
  renderHand(current);
  // the keyboard goes on from here: to a seat for the card, else to the next card
  ($("seats").querySelector(".target") || $("hand").querySelector(".playable"))?.focus();
}

function pickCard(code) {
  if (pick.to[code] !== undefined) delete pick.to[code]; // clicked again: taken back
  else if (pickMode(current) === "discard") pick.to[code] = -1;
  else pick.sel = pick.sel === code ? null : code;
  repick();
}

function pickSeat(k) {
  if (pick.sel === null) return;
  pick.to[pick.sel] = k;
  pick.sel = null;
  repick();
}

function renderSeats(s) {
  const box = $("seats");
  box.replaceChildren();
  const used = new Set(Object.values(pick.to));
  const targets = new Set(pick.sel === null ? [] : s.moves.flatMap((m) => m.to || []));
  s.seats.forEach((seat, i) => {
    const div = el("div", "seat" + (seat.turn ? " turn" : "") + (seat.you ? " you" : ""));
    div.dataset.seat = String(i);
    if (targets.has(i) && !used.has(i)) { // the card clicked goes to this seat
      div.classList.add("target");
      div.tabIndex = 0;
      div.setAttribute("role", "button");
      div.onclick = () => pickSeat(i);
      div.onkeydown = (ev) => { if (ev.key === "Enter") pickSeat(i); };
    }
    div.appendChild(el("div", "name", seat.label));
    const fan = el("div", "fan");
    if (!seat.you) for (let k = 0; k < Math.min(seat.count, 12); k++) fan.appendChild(cardBack());
    div.appendChild(fan);
    div.appendChild(el("div", "count", seat.count_text));
    for (const line of seat.info) div.appendChild(el("div", "info", line));
    box.appendChild(div);
  });
}

function renderCentre(s) {
  const box = $("centre");
  box.replaceChildren();
  const picks = s.moves.filter((m) => m.back !== null);
  for (const pile of s.centre) {
    const div = el("div", "pile" + (pile.main ? " main" : "") + (pile.small ? " small" : "") + (pile.stack ? " stack" : ""));
    if (pile.title) div.appendChild(el("h3", "", pile.title));
    const row = el("div", "row");
    (pile.cards || []).forEach((c, i) => {
      const wrap = el("figure", "placed");
      wrap.appendChild(cardFace(c));
      if (pile.who) wrap.appendChild(el("figcaption", "", pile.who[i]));
      row.appendChild(wrap);
    });
    const backs = pile.backs || 0;
    for (let k = 0; k < backs; k++) {
      const m = pile.pick ? picks.find((p) => p.back === k) : null;
      const b = cardBack(m ? "button" : "div");
      if (m) {
        b.classList.add("playable");
        b.setAttribute("aria-label", m.label);
        b.title = m.label;
        b.onclick = () => play(m);
      }
      row.appendChild(b);
    }
    if (row.childNodes.length) div.appendChild(row);
    if (pile.text) div.appendChild(el("p", "text", pile.text));
    box.appendChild(div);
  }
}

function renderHand(s) {
  $("hand-title").textContent = s.labels.your_hand;
  const box = $("hand");
  box.replaceChildren();
  const mode = pickMode(s);
  const given = [];
  for (const c of s.hand) {
    const uses = s.moves.filter((m) => m.cards.includes(c.c));
    const face = cardFace(c, uses.length ? "button" : "div");
    if (mode && uses.length) {
      const to = pick.to[c.c];
      face.classList.add(to !== undefined ? "given" : pick.sel === c.c ? "picked" : "playable");
      face.onclick = () => pickCard(c.c);
      if (to !== undefined && to >= 0) given.push(`${c.r}${SUIT_SYMBOL[c.s]} → ${s.seats[to].name}`);
    } else if (uses.length) {
      face.classList.add("playable");
      face.title = uses.length === 1 ? uses[0].label : s.labels.choose;
      face.onclick = () => chooseFrom(uses, s.labels.choose);
    }
    box.appendChild(face);
  }
  const acts = $("actions");
  acts.replaceChildren();
  if (mode) { // what to do, over the hand; the cards given so far under it
    const hint = mode === "give" ? s.labels.give_hint : s.labels.discard_hint;
    $("hand-title").textContent = `${s.labels.your_hand} · ${hint}`;
    if (given.length) acts.appendChild(el("p", "hint given", given.join(" · ")));
  }
  // buttons for the moves that use no card; more than nine (Thousand's bids): the
  // first ones (pass, the lowest raise and a few above it) stay buttons, the rest are
  // one more button away, in a compact grid
  const buttons = s.moves.filter((m) => m.cards.length === 0 && m.back === null);
  const direct = buttons.length > 9 ? buttons.slice(0, DIRECT) : buttons;
  direct.forEach((m, i) => {
    const b = el("button", "action", `${i + 1}. ${m.label}`);
    b.type = "button";
    b.onclick = () => play(m);
    acts.appendChild(b);
  });
  if (buttons.length > direct.length) {
    const rest = buttons.slice(direct.length);
    const b = el("button", "action more", `${direct.length + 1}. ${s.labels.more}`);
    b.type = "button";
    b.onclick = () => openDialog(s.labels.choose, rest, true);
    acts.appendChild(b);
  }
  if (s.hand_over) {
    const b = el("button", "action next", s.labels.next_hand);
    b.type = "button";
    b.onclick = () => send({ continue: true });
    acts.appendChild(b);
  }
  $("keys").textContent = s.labels.keys;
}

function renderTable(t) {
  const wrap = el("div", "sheetbox");
  if (!t) return wrap;
  wrap.appendChild(el("h3", "", t.title));
  if (!t.rows.length) return wrap;
  const table = el("table", "sheet");
  const head = el("tr");
  for (const h of t.head) head.appendChild(el("th", "", h));
  table.appendChild(head);
  for (const r of t.rows) {
    const tr = el("tr");
    for (const c of r) tr.appendChild(el("td", "", c));
    table.appendChild(tr);
  }
  wrap.appendChild(table);
  return wrap;
}

function renderSide(s) {
  $("history-title").textContent = s.labels.history;
  const ol = $("history");
  ol.replaceChildren(...s.history.map((line) => el("li", "", line)));
  ol.lastChild?.scrollIntoView({ block: "nearest" });
  const sheet = $("sheet");
  sheet.replaceChildren(renderTable(s.sheet));
  const verdict = el("p", "verdict");
  if (s.log) { // the verdict links to the log viewer (a new tab: the game goes on here)
    const a = el("a", "", s.verdict);
    a.href = `logs#${s.log}`;
    a.target = "_blank";
    a.rel = "noopener";
    verdict.appendChild(a);
  } else verdict.textContent = s.verdict;
  sheet.appendChild(verdict);
}

function renderEnd(s) {
  const d = $("end");
  if (!s.result) {
    if (d.open) d.close();
    return;
  }
  $("end-title").textContent = s.labels.game_over;
  const body = $("end-body");
  body.replaceChildren(...s.result.map((line) => el("p", "", line)), renderTable(s.sheet));
  if (s.log) {
    const a = el("a", "open-log", s.labels.open_log);
    a.href = `logs#${s.log}`;
    body.appendChild(el("p", "")).appendChild(a);
  }
  const b = $("end-button");
  b.textContent = s.lobby ? s.labels.back_lobby : s.labels.play_again;
  b.hidden = !s.can_again && !s.lobby;
  b.onclick = s.lobby
    ? () => go("./")
    : () => { d.close(); send({ again: true }); };
  closeOthers(d);
  if (!d.open) d.showModal();
  const sheet = body.querySelector(".sheetbox");
  if (sheet) sheet.scrollTop = sheet.scrollHeight; // its last hands (the result is above)
}

function render(s) {
  if (s.rev !== pick.rev) pick = { rev: s.rev, sel: null, to: {} };
  current = s;
  waitedAt = performance.now();
  document.documentElement.lang = s.lang;
  document.title = `${s.title} · p2pcards`;
  $("title").textContent = s.title;
  $("code").textContent = s.code ? `${s.labels.code} ${s.code}` : "";
  $("langswitch").textContent = s.labels.lang;
  $("leave").textContent = s.labels.leave;
  $("rules").textContent = s.labels.rules;
  $("leave").hidden = !!s.result || s.left || s.leaving;
  const alerts = $("alerts");
  alerts.hidden = !s.alerts.length && !s.left && !s.leaving;
  alerts.textContent = s.left ? s.left_text : s.leaving ? s.labels.leaving : s.alerts.join(" · ");
  if (s.left && s.lobby) go("./");
  document.body.dataset.game = s.game;
  renderSeats(s);
  renderCentre(s);
  renderHand(s);
  renderSide(s);
  tick();
  keepDialog(s);
  renderEnd(s);
  document.body.dataset.rev = String(s.rev);
  const focused = document.activeElement;
  if (!focused || focused === document.body) $("hand").querySelector(".playable")?.focus();
}

function tick() {
  if (!current) return;
  const t = current.turn;
  let text = t.text;
  if (text && t.waited !== null && !document.body.dataset.offline) {
    const secs = Math.floor(t.waited + (performance.now() - waitedAt) / 1000);
    text += ` · ${secs} ${current.labels.seconds}`;
  }
  // the stall warning, once due (the seat controller's moment, as on the terminal); not
  // while the page is cut off from its program: the banner says that instead
  const due = t.warn && (performance.now() - waitedAt) / 1000 >= t.warn.in;
  if (due && !document.body.dataset.offline) text += ` · ${t.warn.text}`;
  $("turn").textContent = text;
}

// Keyboard: arrows move between the cards and buttons you may use, Enter plays the
// focused one, digits pick an action (or a dialog option), Escape closes a dialog.
document.addEventListener("keydown", (ev) => {
  if (ev.key === "?" && !document.querySelector("dialog[open]")) {
    ev.preventDefault();
    showRules();
    return;
  }
  const d = $("dialog");
  const scope = d.open ? d : document;
  if (/^[1-9]$/.test(ev.key)) {
    const opts = d.open ? [...d.querySelectorAll(".option")] : [...document.querySelectorAll("#actions .action")];
    const b = opts[Number(ev.key) - 1];
    if (b) { ev.preventDefault(); b.click(); }
    return;
  }
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) return;
  const items = [...scope.querySelectorAll(d.open ? ".option, #dialog-cancel" : "#seats .target, .playable, #actions .action")];
  if (!items.length) return;
  ev.preventDefault();
  const i = items.indexOf(document.activeElement);
  const step = ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? -1 : 1;
  items[(i + step + items.length) % items.length].focus();
});

$("langswitch").onclick = () => {
  lang = lang === "ru" ? "en" : "ru";
  localStorage.setItem("p2pcards.lang", lang);
  send({ lang });
};
$("dialog-cancel").onclick = closeDialog;
// leaving asks first; the server tells the others
$("leave").onclick = () => {
  if (!current) return;
  $("leave-title").textContent = current.labels.leave_title;
  $("leave-text").textContent = current.labels.leave_text;
  $("leave-yes").textContent = current.labels.leave_yes;
  $("leave-no").textContent = current.labels.leave_no;
  $("leave-dialog").showModal();
  $("leave-no").focus();
};
$("leave-no").onclick = () => $("leave-dialog").close();
// the rules of the game (the same page as ? in the terminal), in the page's language
async function showRules() {
  if (!current) return;
  const r = await fetch(new URL(`rules/${encodeURIComponent(current.game)}/${lang}`, location.href));
  if (!r.ok) return;
  $("rules-body").innerHTML = await r.text(); // our rules page, rendered with raw HTML off
  $("rules-close").textContent = current.labels.close;
  $("rules-dialog").showModal();
  $("rules-body").scrollTop = 0;
  $("rules-close").focus();
}
$("rules").onclick = showRules;
$("rules-close").onclick = () => $("rules-dialog").close();
$("leave-yes").onclick = () => { $("leave-dialog").close(); send({ leave: true }); };
setInterval(tick, 1000);
connect();

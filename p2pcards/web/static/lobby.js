// The lobby page: tables found on the LAN (live), host a table, join by name or
// address; the server sends every text in the chosen language.  When a game starts
// the page goes to the table page ("table"), which comes back here at the end.
import { retrier } from "./retry.js";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

let ws = null;
let current = null;
let lang = localStorage.getItem("p2pcards.lang") || document.body.dataset.lang || "en";
const saved = JSON.parse(localStorage.getItem("p2pcards.host") || "{}");

// one navigation only: a second one (the next lobby message while the first is under
// way) would abort the first
let leaving = false;
function go(to) {
  if (leaving) return;
  leaving = true;
  location.href = to;
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

const retry = retrier(connect, $("banner"));

function connect() {
  const url = new URL("lobby", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(url);
  ws.onopen = () => { retry.ok(); send({ lang }); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.lobby) render(msg.lobby);
    else if (msg.refused && current) flash(current.labels[msg.refused] || msg.refused);
  };
  ws.onclose = () => retry.lost(current?.labels.lost); // the program may come back
}

function flash(text) {
  const b = $("banner");
  b.textContent = text;
  b.hidden = false;
  setTimeout(() => { b.hidden = true; }, 4000);
}

function renderTables(s) {
  const L = s.labels;
  const t = $("tables");
  t.replaceChildren();
  $("none").textContent = s.tables.length ? "" : (s.browse_error || L.none);
  if (!s.tables.length) return;
  const head = el("tr");
  for (const h of [L.col_table, L.col_game, L.col_seats, L.col_host, L.col_fingerprint, L.col_code, ""]) head.appendChild(el("th", "", h));
  t.appendChild(head);
  const titles = Object.fromEntries(s.games.map((g) => [g.name, g.title]));
  for (const row of s.tables) {
    const tr = el("tr", "found");
    tr.dataset.name = row.name;
    for (const c of [row.name, titles[row.game] || row.game, `${row.taken}/${row.seats}`, row.host]) tr.appendChild(el("td", "", c));
    tr.appendChild(el("td", "fp", row.fingerprint));
    // the table code comes from the genesis: there is none before the game starts
    tr.appendChild(row.code ? el("td", "fp", row.code) : el("td", "later", L.code_later));
    if (row.mine) {  // the table we host: announced, not to be joined from here
      tr.appendChild(el("td", "later", L.yours));
      t.appendChild(tr);
      continue;
    }
    const td = el("td");
    const b = el("button", "join", L.join);
    b.type = "button";
    b.disabled = row.taken >= row.seats || busy(s);
    b.onclick = () => send({ join: row.address });
    td.appendChild(b);
    tr.appendChild(td);
    t.appendChild(tr);
  }
}

function renderUnfinished(s) {
  const L = s.labels;
  $("unfinishedbox").hidden = !s.unfinished.length;
  $("unfinished-title").textContent = L.unfinished;
  $("unfinished-help").textContent = L.unfinished_help;
  const t = $("unfinished");
  t.replaceChildren();
  for (const u of s.unfinished) {
    const tr = el("tr", "unfinished");
    tr.dataset.id = u.id;
    for (const c of [u.title, u.names.join(", "), u.date]) tr.appendChild(el("td", "", c));
    const td = el("td");
    for (const [what, cls] of [["resume", "resume"], ["drop", "drop"]]) {
      const b = el("button", cls, L[what]);
      b.type = "button";
      b.disabled = busy(s);
      b.onclick = () => send({ [what]: u.id });
      td.appendChild(b);
    }
    tr.appendChild(td);
    t.appendChild(tr);
  }
}

function busy(s) { return ["hosting", "joining", "playing"].includes(s.status); }

function options(n, from = 0) { return Array.from({ length: n - from + 1 }, (_, i) => from + i); }

function fill(select, values, chosen, label = (v) => String(v)) {
  select.replaceChildren(...values.map((v) => {
    const o = el("option", "", label(v));
    o.value = String(v);
    return o;
  }));
  if (values.map(String).includes(String(chosen))) select.value = String(chosen);
}

function renderHost(s) {
  const L = s.labels;
  const gameSel = $("game");
  const chosen = gameSel.value || saved.game || s.games[0].name;
  fill(gameSel, s.games.map((g) => g.name), chosen, (n) => s.games.find((g) => g.name === n).title);
  renderGame(s);
  $("host-button").textContent = L.host;
  $("host-button").disabled = busy(s);
}

function renderGame(s) {
  const L = s.labels;
  const g = s.games.find((x) => x.name === $("game").value) || s.games[0];
  const same = saved.game === g.name;
  const seats = Number($("seats").dataset.game === g.name ? $("seats").value : (same && saved.seats) || g.default);
  fill($("seats"), options(g.max, g.min), seats);
  $("seats").dataset.game = g.name;
  const n = Number($("seats").value);
  const bots = $("bots").dataset.game === g.name ? $("bots").value : (same ? saved.bots : n - 1);
  fill($("bots"), options(n - 1), Math.min(Number(bots ?? n - 1), n - 1));
  $("bots").dataset.game = g.name;
  renderLevels(s, g, Number($("bots").value), same);
  // the options, folded behind "More rules": our variant unless the host changes it
  const box = $("options");
  const keep = {};
  for (const inp of box.querySelectorAll("[data-option]")) if (box.dataset.game === g.name) keep[inp.dataset.option] = inp.value;
  const wasOpen = box.dataset.game === g.name && box.open;
  box.replaceChildren(el("summary", "", L.more_rules), el("p", "help", L.more_rules_help));
  box.dataset.game = g.name;
  let changed = false;
  for (const o of g.options) {
    const row = el("label", "option-row");
    row.title = o.help; // what it does, at length (the rules page says more)
    row.appendChild(el("span", "option-label", o.label));
    let inp;
    if (o.choices) {
      inp = el("select");
      const labels = Object.fromEntries(o.choices.map((c, i) => [c, o.choice_labels[i]]));
      fill(inp, o.choices, o.default,
        (v) => labels[v] + (String(v) === o.default ? ` (${L.ours})` : ""));
    } else {
      inp = el("input");
      inp.type = o.kind === "int" ? "number" : "text";
      if (o.low !== null) inp.min = String(o.low);
      if (o.high !== null) inp.max = String(o.high);
      inp.value = o.default;
    }
    inp.dataset.option = o.name;
    const prev = keep[o.name] ?? (same && saved.options ? saved.options[o.name] : undefined);
    if (prev !== undefined) inp.value = prev;
    changed ||= inp.value !== o.default;
    row.appendChild(inp);
    if (!o.choices) row.appendChild(el("span", "help", `${L.ours}: ${o.default_label}`));
    box.appendChild(row);
  }
  box.open = wasOpen || changed; // a changed rule is never hidden
}

// a level for each bot seat ("Бот 1: сильный, Бот 2: средний"), as host --bots hard,medium:
// the ones chosen kept, else the last table's, else the easy level
function renderLevels(s, g, n, same) {
  const box = $("levels");
  const keep = box.dataset.game === g.name ? [...box.querySelectorAll("select.level")].map((x) => x.value) : [];
  const last = same ? (saved.levels || []) : [];
  box.dataset.game = g.name;
  box.hidden = n === 0;
  box.querySelectorAll(".level-row").forEach((x) => x.remove());
  for (let i = 1; i <= n; i++) {
    const row = el("label", "level-row");
    row.appendChild(el("span", "", s.labels.bot_n.replace("{n}", String(i))));
    const sel = el("select", "level");
    sel.dataset.bot = String(i);
    fill(sel, g.bots, keep[i - 1] ?? last[i - 1] ?? saved.level ?? "basic",
      (v) => (g.bot_labels || {})[v] || v);
    row.append(" ", sel);
    box.appendChild(row);
  }
}

function renderStatus(s) {
  $("status").textContent = s.status_text;
  // the table we host: how the others join it (a heading, then a command per address)
  const [head, ...lines] = s.join_lines;
  const joins = $("join-lines");
  joins.hidden = !head;
  joins.replaceChildren(...(head ? [el("p", "", head), ...lines.map((x) => el("code", "join-line", x))] : []));
  const box = $("status-actions");
  box.replaceChildren();
  if (s.status === "playing") {
    const a = el("a", "button", s.labels.to_table);
    a.href = "table";
    box.appendChild(a);
  }
  if (["hosting", "joining", "playing"].includes(s.status)) {
    const b = el("button", "leave", s.labels.leave);
    b.type = "button";
    b.onclick = () => send({ cancel: true });
    box.appendChild(b);
  }
}

function renderAsks(s) {
  const box = $("asks");
  box.replaceChildren();
  for (const a of s.asks) {
    const div = el("div", "ask" + (a.status === "changed" ? " warning" : ""));
    div.dataset.fingerprint = a.fingerprint;
    div.appendChild(el("p", "", a.text));
    const host = a.role !== "joiner";
    for (const [ok, label] of [[true, host ? s.labels.sit : s.labels.admit], [false, host ? s.labels.dont : s.labels.refuse]]) {
      const b = el("button", ok ? "yes" : "no", label);
      b.type = "button";
      b.onclick = () => send({ answer: { fingerprint: a.fingerprint, ok } });
      div.appendChild(b);
    }
    box.appendChild(div);
  }
}

function render(s) {
  current = s;
  const L = s.labels;
  document.documentElement.lang = s.lang;
  document.title = L.title;
  $("langswitch").textContent = L.lang;
  $("me-label").textContent = L.you;
  $("me-name").textContent = s.me.name;
  $("me-fp").textContent = s.me.fingerprint;
  $("me-fp").title = L.fingerprint_help;
  $("tables-title").textContent = L.tables;
  $("join-title").textContent = L.join_title;
  $("join-target").placeholder = L.join_placeholder;
  $("join-button").textContent = L.join;
  $("join-button").disabled = busy(s);
  $("host-title").textContent = L.host_title;
  $("game-label").textContent = L.game;
  $("seats-label").textContent = L.seats;
  $("bots-label").textContent = L.bots;
  $("level-label").textContent = L.level;
  $("logs-link").textContent = L.logs;
  renderUnfinished(s);
  renderTables(s);
  renderHost(s);
  renderStatus(s);
  renderAsks(s);
  document.body.dataset.status = s.status;
  document.body.dataset.rev = String(s.rev);
  if (s.status === "playing") go("table"); // the game is on: to the table
}

$("game").onchange = () => current && renderGame(current);
$("seats").onchange = () => { $("bots").dataset.game = ""; current && renderGame(current); };
$("bots").onchange = () => current && renderGame(current);
$("host-form").onsubmit = (ev) => {
  ev.preventDefault();
  const opts = {};
  for (const inp of $("options").querySelectorAll("[data-option]")) opts[inp.dataset.option] = inp.value;
  const levels = [...$("levels").querySelectorAll("select.level")].map((x) => x.value);
  const spec = { game: $("game").value, seats: Number($("seats").value), bots: Number($("bots").value), levels, options: opts };
  localStorage.setItem("p2pcards.host", JSON.stringify(spec));
  send({ host: spec });
};
$("join-form").onsubmit = (ev) => {
  ev.preventDefault();
  send({ join: $("join-target").value });
};
$("langswitch").onclick = () => {
  lang = lang === "ru" ? "en" : "ru";
  localStorage.setItem("p2pcards.lang", lang);
  send({ lang });
};
connect();

// The log viewer: a table's log audited by the program, hand by hand and step by step,
// with every card, each entry's check and the audit's verdict.  Texts come from the
// server in the chosen language.
import { cardFace } from "./cards.js";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

let lang = localStorage.getItem("p2pcards.lang") || document.body.dataset.lang || "en";
let L = {};
let view = null;
let hand = 0;
let step = 0;
let source = null; // {id} or {file}

async function getJSON(url, init) {
  const r = await fetch(url, init);
  if (!r.ok) throw new Error(`${r.status}`);
  return r.json();
}

async function loadList() {
  const data = await getJSON(`logs/list?lang=${lang}`);
  L = data.labels;
  document.documentElement.lang = lang;
  document.title = L.title;
  $("title").textContent = L.title;
  $("back").textContent = L.back;
  $("langswitch").textContent = L.lang;
  $("past-title").textContent = L.past;
  $("file-text").textContent = L.open_file;
  const ul = $("past");
  ul.replaceChildren();
  if (!data.games.length) ul.appendChild(el("li", "", L.none));
  for (const g of data.games) {
    const li = el("li");
    const a = el("a", "", `${g.date} · ${g.title} · ${g.names.join(", ")}`);
    a.href = `#${g.id}`;
    a.dataset.id = g.id;
    li.appendChild(a);
    ul.appendChild(li);
  }
}

async function load() {
  let data;
  if (source && source.file) {
    data = await getJSON(`logs/view?lang=${lang}`, { method: "POST", body: source.file });
  } else if (source && source.id) {
    data = await getJSON(`logs/view?id=${encodeURIComponent(source.id)}&lang=${lang}`);
  } else return;
  view = data;
  hand = Math.min(hand, Math.max(0, (view.hands || []).length - 1));
  if (hand === 0 && view.hands && view.hands.length > 1) hand = 1; // the first hand, not the seating
  step = 0;
  render();
}

function renderCards(box, cards) {
  box.replaceChildren(...cards.map((c) => cardFace(c)));
}

function render() {
  $("view").hidden = false;
  $("verdict").textContent = view.verdict_text;
  // (a game ended by a forfeit is no failure: its result stands, nobody cheated)
  $("verdict").className = ["verified", "forfeited"].includes(view.verdict) ? "ok" : "bad";
  document.body.dataset.verdict = view.verdict;
  if (!view.hands) {
    $("game").textContent = "";
    $("result").replaceChildren();
    $("hands").replaceChildren();
    for (const id of ["hand-text", "stepno", "step-text"]) $(id).textContent = "";
    return;
  }
  $("game").textContent = `${view.title} · ${view.seats.join(", ")}`;
  $("result").replaceChildren(...view.result.map((line) => el("p", "", line)));
  const nav = $("hands");
  nav.replaceChildren();
  view.hands.forEach((h, i) => {
    const b = el("button", "hand" + (i === hand ? " current" : "") + (h.verified ? " ok" : " bad"),
      h.hand === 0 ? "0" : `${view.hand_label || L.hand} ${h.hand} ${h.verified ? "✓" : "✗"}`);
    b.type = "button";
    b.onclick = () => { hand = i; step = 0; render(); };
    nav.appendChild(b);
  });
  const h = view.hands[hand];
  $("hand-text").textContent = h.text;
  const n = h.steps.length;
  $("prev").textContent = L.prev;
  $("next").textContent = L.next;
  $("prev").disabled = step <= 0;
  $("next").disabled = step >= n - 1;
  $("stepno").textContent = n ? L.step.replace("{i}", step + 1).replace("{n}", n) : "";
  const s = h.steps[step];
  $("step-text").textContent = s ? s.text : "";
  renderCards($("step-cards"), s ? s.cards : []);
  $("cards-title").textContent = s ? L.cards_of : "";
  const seats = $("seat-hands");
  seats.replaceChildren();
  if (s) s.hands.forEach((cards, i) => {
    const div = el("div", "seat-row");
    div.appendChild(el("div", "name", view.seats[i]));
    const row = el("div", "row");
    renderCards(row, cards);
    div.appendChild(row);
    seats.appendChild(div);
  });
  const ol = $("steps");
  ol.replaceChildren(...h.steps.map((x, i) => {
    const li = el("li", i === step ? "current" : "", x.text);
    li.onclick = () => { step = i; render(); };
    return li;
  }));
  ol.children[step]?.scrollIntoView({ block: "nearest" });
  $("entries-title").textContent = `${L.entries} (${h.entries.length})`;
  const t = $("entry-table");
  t.replaceChildren(...h.entries.map((e) => {
    const tr = el("tr", (e.ok ? "ok" : "bad") + (e.evidence ? " evidence" : ""));
    for (const c of [e.seq === null ? "?" : String(e.seq), e.seat, e.kind, e.text]) {
      tr.appendChild(el("td", "", c));
    }
    return tr;
  }));
  document.body.dataset.hand = String(h.hand);
  document.body.dataset.step = String(step);
  document.body.dataset.loaded = source.id || "file";
}

function go(dh, ds) {
  if (!view || !view.hands) return;
  if (dh) {
    hand = Math.max(0, Math.min(view.hands.length - 1, hand + dh));
    step = 0;
  } else {
    const n = view.hands[hand].steps.length;
    step = Math.max(0, Math.min(n - 1, step + ds));
  }
  render();
}

function fromHash() {
  const id = location.hash.slice(1);
  if (id) { source = { id }; hand = 0; load().catch(fail); }
}

function fail(e) {
  const b = $("banner");
  b.textContent = `${e}`;
  b.hidden = false;
}

$("prev").onclick = () => go(0, -1);
$("next").onclick = () => go(0, 1);
document.addEventListener("keydown", (ev) => {
  const k = { ArrowLeft: [0, -1], ArrowRight: [0, 1], PageUp: [-1, 0], PageDown: [1, 0] }[ev.key];
  if (k) { ev.preventDefault(); go(...k); }
});
$("file").onchange = () => {
  const f = $("file").files[0];
  if (f) { source = { file: f }; hand = 0; load().catch(fail); }
};
$("langswitch").onclick = () => {
  lang = lang === "ru" ? "en" : "ru";
  localStorage.setItem("p2pcards.lang", lang);
  loadList().then(load).catch(fail);
};
window.addEventListener("hashchange", fromHash);
loadList().then(fromHash).catch(fail);

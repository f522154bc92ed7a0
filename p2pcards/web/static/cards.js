// Cards drawn by the page: rank in two corners, the suit's own shape (from the SVG
// sprite in index.html: spade, heart, diamond and club differ in outline, not only in
// colour), red or black.  Backs are a CSS pattern.
const SVGNS = "http://www.w3.org/2000/svg";
export const SUIT_SYMBOL = ["♠", "♥", "♦", "♣"];
// Russian cards print В, Д, К, Т (валет, дама, король, туз) for J, Q, K, A.
const RANK_RU = { J: "В", Q: "Д", K: "К", A: "Т" };
export function rankText(r) {
  return document.documentElement.lang === "ru" ? RANK_RU[r] || r : r;
}

function suitIcon(s, cls) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVGNS, "use");
  use.setAttribute("href", `#suit${s}`);
  svg.appendChild(use);
  return svg;
}

// A card face for {c, r, s}; `tag` "button" makes it clickable.
export function cardFace(card, tag = "div") {
  const el = document.createElement(tag);
  el.className = `card ${card.s === 1 || card.s === 2 ? "red" : "black"} suit${card.s}`;
  el.dataset.code = String(card.c);
  el.setAttribute("aria-label", `${rankText(card.r)}${SUIT_SYMBOL[card.s]}`);
  if (tag === "button") el.type = "button";
  for (const corner of ["tl", "br"]) {
    const c = document.createElement("span");
    c.className = `corner ${corner}`;
    c.textContent = rankText(card.r);
    c.appendChild(suitIcon(card.s, "pip"));
    el.appendChild(c);
  }
  el.appendChild(suitIcon(card.s, "big"));
  return el;
}

export function cardBack(tag = "div") {
  const el = document.createElement(tag);
  el.className = "card back";
  if (tag === "button") el.type = "button";
  return el;
}

// Zoom and pan for a board: the drawing fits the box's width (and the window's height)
// at zoom 1, so the whole board is in sight; "+" makes it larger and the box scrolls
// both ways to pan (touch: drag; mouse: the scroll bars or drag). The level is kept per
// page kind in localStorage, so the next move keeps the reader's zoom. A reader who has
// chosen none starts, on a narrow screen, at the first level whose smallest board text
// is legible (LEGIBLE_PX); the whole board is then one tap away (the fit button). A
// drawing that marks a part of it as its facts in words (`data-facts`, e.g. a panel
// beside the map) gets a facts button: one tap zooms in as far as that part still fits
// the box's width and scrolls the box and the page to it.
import { tr } from "./common.js";

const LEVELS = [1, 1.5, 2, 3, 4];
const LEGIBLE_PX = 8;
const NARROW = "(max-width: 699px)";

// the smallest text of the drawing as drawn at zoom `zoom` (CSS pixels)
function smallestText(board, zoom) {
  const svg = board.querySelector("svg");
  const width = svg?.viewBox?.baseVal?.width;
  if (!width) return Infinity;
  let smallest = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(text).fontSize);
    if (size > 0 && text.textContent.trim()) smallest = Math.min(smallest, size);
  }
  return (smallest * board.clientWidth * zoom) / width;
}

export function zoomable(board, key) {
  const stored = Number(localStorage.getItem(`stellwerk.zoom.${key}`));
  let level = Math.max(0, LEVELS.indexOf(stored));
  let chosen = LEVELS.includes(stored);
  const bar = document.createElement("div");
  bar.className = "zoom-bar";
  const make = (id, text, label, step) => {
    const button = document.createElement("button");
    button.type = "button";
    button.id = id;
    button.textContent = text;
    button.title = label;
    button.setAttribute("aria-label", label);
    button.addEventListener("click", () => {
      chosen = true;
      const before = LEVELS[level];
      level = step === 0 ? 0 : Math.min(LEVELS.length - 1, Math.max(0, level + step));
      apply(before);
    });
    bar.append(button);
  };
  make("zoom-out", "−", tr("web.table.zoom_out"), -1);
  make("zoom-fit", "⤢", tr("web.table.zoom_fit"), 0);
  make("zoom-in", "+", tr("web.table.zoom_in"), 1);
  const facts = document.createElement("button");
  facts.type = "button";
  facts.id = "zoom-facts";
  facts.textContent = tr("web.table.zoom_facts");
  facts.title = tr("web.table.zoom_facts_label");
  facts.setAttribute("aria-label", facts.title);
  facts.hidden = true;
  facts.addEventListener("click", () => showFacts());
  bar.prepend(facts);
  board.before(bar);
  new MutationObserver(() => { facts.hidden = !board.querySelector("svg [data-facts]"); })
    .observe(board, { childList: true });

  // the drawing's facts part as wide as the box allows (never wider), in sight
  function showFacts() {
    const svg = board.querySelector("svg");
    const part = svg?.querySelector("[data-facts]");
    const width = svg?.viewBox?.baseVal?.width;
    if (!part || !width) return;
    const wide = part.getBBox().width;
    const before = LEVELS[level];
    let fit = 0;
    LEVELS.forEach((z, i) => { if (wide * z <= width) fit = i; });
    chosen = true;
    level = fit;
    apply(before);
    const drawn = part.getBoundingClientRect();
    const shown = board.getBoundingClientRect();
    board.scrollLeft += drawn.left - shown.left - board.clientLeft;
    board.scrollTop += drawn.top - shown.top - board.clientTop;
    // the box's bottom at the window's: its top stays clear of the sticky status bar
    board.scrollIntoView({ block: "end" });
  }

  // keep the middle of what was shown in the middle when zooming
  function apply(before, keep = true) {
    const now = LEVELS[level];
    const cx = (board.scrollLeft + board.clientWidth / 2) / before;
    const cy = (board.scrollTop + board.clientHeight / 2) / before;
    board.style.setProperty("--zoom", String(now));
    board.classList.toggle("zoomed", now > 1);
    board.scrollLeft = cx * now - board.clientWidth / 2;
    board.scrollTop = cy * now - board.clientHeight / 2;
    if (keep) localStorage.setItem(`stellwerk.zoom.${key}`, String(now));
  }
  apply(LEVELS[level], false);

  // at zoom 1 the drawing is no taller than the window below the box's top (style.css)
  const fitHeight = () => {
    const top = board.getBoundingClientRect().top + window.scrollY;
    board.style.setProperty("--fit-height", `${Math.max(240, window.innerHeight - top - 12)}px`);
  };
  new MutationObserver(fitHeight).observe(board, { childList: true });
  window.addEventListener("resize", fitHeight);

  // the first drawing on a narrow screen, for a reader who chose no zoom: legible
  if (!chosen && window.matchMedia(NARROW).matches) {
    const watch = new MutationObserver(() => {
      if (!board.querySelector("svg")) return;
      watch.disconnect();
      const fit = LEVELS.findIndex((z) => smallestText(board, z) >= LEGIBLE_PX);
      const before = LEVELS[level];
      level = fit < 0 ? LEVELS.length - 1 : fit;
      apply(before, false);
      board.scrollLeft = 0;   // from the drawing's start (its top left), not its middle
      board.scrollTop = 0;
    });
    watch.observe(board, { childList: true });
  }

  // drag to pan with a mouse (touch screens pan the scrolling box natively)
  let drag = null;
  board.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse" || LEVELS[level] === 1) return;
    drag = { x: event.clientX, y: event.clientY, left: board.scrollLeft, top: board.scrollTop, moved: false };
  });
  board.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    board.scrollLeft = drag.left - dx;
    board.scrollTop = drag.top - dy;
  });
  const stop = () => { setTimeout(() => { drag = null; }, 0); };
  board.addEventListener("pointerup", stop);
  board.addEventListener("pointerleave", stop);
  // a drag is not a click on the board
  board.addEventListener("click", (event) => {
    if (drag && drag.moved) { event.stopImmediatePropagation(); event.preventDefault(); }
  }, true);
}

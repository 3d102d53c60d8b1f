// Zoom and pan for a board: the drawing always fits the box's width at zoom 1 (its
// viewBox scales it, so a phone sees the whole board); "+" makes it larger and the box
// scrolls both ways to pan (touch: drag; mouse: the scroll bars or drag). The level is
// kept per page kind in localStorage, so the next move keeps the reader's zoom.
import { tr } from "./common.js";

const LEVELS = [1, 1.5, 2, 3, 4];

export function zoomable(board, key) {
  const stored = Number(localStorage.getItem(`stellwerk.zoom.${key}`));
  let level = Math.max(0, LEVELS.indexOf(stored));
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
      const before = LEVELS[level];
      level = step === 0 ? 0 : Math.min(LEVELS.length - 1, Math.max(0, level + step));
      apply(before);
    });
    bar.append(button);
  };
  make("zoom-out", "−", tr("web.table.zoom_out"), -1);
  make("zoom-fit", "⤢", tr("web.table.zoom_fit"), 0);
  make("zoom-in", "+", tr("web.table.zoom_in"), 1);
  board.before(bar);

  // keep the middle of what was shown in the middle when zooming
  function apply(before) {
    const now = LEVELS[level];
    const cx = (board.scrollLeft + board.clientWidth / 2) / before;
    const cy = (board.scrollTop + board.clientHeight / 2) / before;
    board.style.setProperty("--zoom", String(now));
    board.classList.toggle("zoomed", now > 1);
    board.scrollLeft = cx * now - board.clientWidth / 2;
    board.scrollTop = cy * now - board.clientHeight / 2;
    localStorage.setItem(`stellwerk.zoom.${key}`, String(now));
  }
  apply(LEVELS[level]);

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

// Building a simultaneous order by pointing: a game's "place a tile" input (Linie 1).
// Everything game-specific comes from the game's drawing of the board:
// - squares `[data-square]`, each with `data-fits="TILE@ROTATION ..."`: the hand's tiles
//   and turns that may lie there on the board as it stands (marked once a tile is chosen);
// - each hand tile drawn at each rotation in `<defs>` (`[data-drawing="TILE@ROTATION"]`,
//   named by `data-name` in the viewer's language), and the hand itself
//   (`[data-hand-tile]`) under the board;
// - the order's words as templates on the group `[data-order-placement]`: one placement
//   ("{square} {tile} {rotation}"), the join between placements and the empty order.
// A placement is shown as a ghost of its tile on its square before anything is sent;
// the placements are listed by priority (1 first) and may be moved earlier or removed.
// The engine checks the order on arrival and its reason is shown if it refuses. An order
// answers one decision: once the seat has acted (from this tab, another tab or by the
// deadline's default), it starts empty.
import { tr } from "./common.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

export class OrderBuilder {
  constructor(send) {
    this.send = send;
    this.placements = [];
    this.hand = {};
    this.square = null;
    this.tile = null;
    this.rotation = 0;
    this.ownSeq = null;   // the seat's newest logged action when this order was begun
    $("picker-add").addEventListener("click", () => this.add());
    $("order-send").addEventListener("click", () => this.submit());
    for (const button of document.querySelectorAll("#picker-rotations .rotation")) {
      button.addEventListener("click", () => this.pickRotation(Number(button.dataset.rotation)));
    }
  }

  board() { return $("board"); }

  templates() { return this.board().querySelector("[data-order-placement]")?.dataset || {}; }

  // the drawing of a tile at a rotation (a copy, placed at x, y), or null
  drawing(tile, rotation, x = 0, y = 0) {
    const found = this.board().querySelector(`defs [data-drawing="${CSS.escape(`${tile}@${rotation}`)}"]`);
    if (!found) return null;
    const copy = found.cloneNode(true);
    copy.removeAttribute("data-drawing");
    copy.setAttribute("transform", `translate(${x} ${y})`);
    return copy;
  }

  // a small picture of a tile for a button or a list entry, named for screen readers
  icon(tile, rotation) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "-2 -2 44 44");
    svg.setAttribute("class", "tile-icon");
    svg.setAttribute("aria-hidden", "true");
    const drawn = this.drawing(tile, rotation);
    if (drawn) svg.append(drawn);
    return svg;
  }

  tileName(tile) {
    return this.board().querySelector(`[data-hand-tile="${CSS.escape(tile)}"]`)?.dataset.name || tile;
  }

  fits(square, tile, rotation) {
    const element = this.board().querySelector(`[data-square="${CSS.escape(square)}"]`);
    const tokens = (element?.dataset.fits || "").split(" ");
    return rotation === undefined ? tokens.some((t) => t.startsWith(`${tile}@`))
      : tokens.includes(`${tile}@${rotation}`);
  }

  show(active, hand, ownSeq) {
    $("order").hidden = !active;
    if (ownSeq !== null && ownSeq !== undefined && ownSeq !== this.ownSeq) {
      if (this.ownSeq !== null) this.reset();
      this.ownSeq = ownSeq;
    }
    if (!active) { this.reset(); return; }
    this.hand = hand || {};
    if (this.tile && !(this.tile in this.hand)) this.tile = null;
    this.render();
    this.openPicker();   // the hand in sight: a tile may be chosen before a square
  }

  reset() {
    this.placements = [];
    this.square = null;
    this.tile = null;
    this.rotation = 0;
    $("picker").hidden = true;
    this.render();
  }

  mark(selector, chosen) {
    for (const b of document.querySelectorAll(selector)) b.classList.toggle("chosen", b === chosen);
  }

  left(tile) {
    const used = this.placements.filter((p) => p.tile === tile).length;
    return (this.hand[tile] || 0) - used;
  }

  // a rotation the chosen tile fits in on the chosen square, the current one first
  fitting() {
    if (!this.square || !this.tile || this.fits(this.square, this.tile, this.rotation)) return;
    const button = [...document.querySelectorAll("#picker-rotations .rotation")]
      .find((b) => this.fits(this.square, this.tile, Number(b.dataset.rotation)));
    if (button) this.rotation = Number(button.dataset.rotation);
  }

  pickSquare(square) {
    this.square = square;
    this.fitting();
    this.openPicker();
  }

  pickTile(tile) {
    if (this.left(tile) <= 0) return;
    this.tile = tile;
    this.fitting();
    this.openPicker();
  }

  pickRotation(rotation) {
    this.rotation = rotation;
    this.openPicker();
  }

  openPicker() {
    $("picker").hidden = false;
    $("picker-square").textContent = this.square
      ? tr("web.table.order_square", { square: this.square })
      : (this.tile ? tr("web.table.order_no_square") : "");
    const tiles = $("picker-tiles");
    tiles.replaceChildren();
    for (const tile of Object.keys(this.hand)) {
      const left = this.left(tile);
      if (left <= 0) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.dataset.tile = tile;
      const label = `${this.tileName(tile)} ×${left}`;
      button.setAttribute("aria-label", label);
      button.classList.toggle("fits", Boolean(this.square) && this.fits(this.square, tile));
      const text = document.createElement("span");
      text.textContent = label;
      button.append(this.icon(tile, 0), text);
      button.addEventListener("click", () => this.pickTile(tile));
      tiles.append(button);
      if (tile === this.tile) button.classList.add("chosen");
    }
    for (const button of document.querySelectorAll("#picker-rotations .rotation")) {
      const rotation = Number(button.dataset.rotation);
      const label = this.tile ? `${this.tileName(this.tile)} ${rotation}°` : `${rotation}°`;
      button.setAttribute("aria-label", label);
      const text = document.createElement("span");
      text.textContent = `${rotation}°`;
      button.replaceChildren(...(this.tile ? [this.icon(this.tile, rotation)] : []), text);
      button.classList.toggle("fits", Boolean(this.square && this.tile)
        && this.fits(this.square, this.tile, rotation));
      button.classList.toggle("chosen", rotation === this.rotation);
    }
    this.drawMarks();
  }

  add() {
    if (!this.square || !this.tile || this.left(this.tile) <= 0) return;
    this.placements = this.placements.filter((p) => p.square !== this.square);
    this.placements.push({ square: this.square, tile: this.tile, rotation: this.rotation });
    this.square = null;
    if (this.left(this.tile) <= 0) this.tile = null;
    this.render();
    this.openPicker();
  }

  // the squares the chosen tile may go to, and a ghost of every placement of the order
  // (and of the one being chosen) on its square, with its priority
  drawMarks() {
    const board = this.board();
    for (const element of board.querySelectorAll("[data-square]")) {
      element.classList.toggle("fits", Boolean(this.tile) && !$("order").hidden
        && this.fits(element.dataset.square, this.tile));
      element.classList.toggle("picked", element.dataset.square === this.square);
    }
    for (const element of board.querySelectorAll("[data-hand-tile]")) {
      element.classList.toggle("chosen", element.dataset.handTile === this.tile);
    }
    board.querySelector("#order-ghosts")?.remove();
    const svg = board.querySelector("svg");
    if (!svg || $("order").hidden) return;
    const layer = document.createElementNS(SVG, "g");
    layer.id = "order-ghosts";
    layer.setAttribute("pointer-events", "none");
    const ghosts = this.placements.map((p, i) => ({ ...p, label: String(i + 1) }));
    if (this.square && this.tile) {
      ghosts.push({ square: this.square, tile: this.tile, rotation: this.rotation, label: "", now: true });
    }
    for (const ghost of ghosts) {
      const at = board.querySelector(`[data-square="${CSS.escape(ghost.square)}"]`);
      const drawn = at && this.drawing(ghost.tile, ghost.rotation, Number(at.getAttribute("x")),
        Number(at.getAttribute("y")));
      if (!drawn) continue;
      drawn.classList.add("ghost");
      if (ghost.now) drawn.classList.add("ghost-now");
      if (!this.fits(ghost.square, ghost.tile, ghost.rotation)) drawn.classList.add("ghost-bad");
      drawn.dataset.ghost = ghost.square;
      if (ghost.label) {
        const number = document.createElementNS(SVG, "text");
        number.setAttribute("x", "33");
        number.setAttribute("y", "12");
        number.setAttribute("font-size", "11");
        number.setAttribute("text-anchor", "middle");
        number.textContent = ghost.label;
        drawn.append(number);
      }
      layer.append(drawn);
    }
    svg.append(layer);
  }

  render() {
    const list = $("order-list");
    list.replaceChildren();
    this.placements.forEach((p, i) => {
      const item = document.createElement("li");
      item.dataset.placement = `${p.square} ${p.tile} ${p.rotation}`;
      item.append(this.icon(p.tile, p.rotation), ` ${p.square} ${this.tileName(p.tile)} ${p.rotation}° `);
      const up = document.createElement("button");
      up.type = "button";
      up.className = "up";
      up.textContent = `↑ ${tr("web.table.order_up")}`;
      up.disabled = i === 0;
      up.addEventListener("click", () => {
        [this.placements[i - 1], this.placements[i]] = [this.placements[i], this.placements[i - 1]];
        this.render();
      });
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "remove";
      remove.textContent = `✕ ${tr("web.table.order_remove")}`;
      remove.addEventListener("click", () => { this.placements.splice(i, 1); this.render(); });
      item.append(up, " ", remove);
      list.append(item);
    });
    $("order-send").textContent = this.placements.length
      ? tr("web.table.order_send") : tr("web.table.order_empty");
    this.drawMarks();
  }

  // the order in the game's words, from the templates its drawing gives
  text() {
    const { orderPlacement = "", orderJoin = "", orderEmpty = "" } = this.templates();
    if (!this.placements.length) return orderEmpty;
    return this.placements.map((p) => orderPlacement.replace("{square}", p.square)
      .replace("{tile}", p.tile).replace("{rotation}", String(p.rotation))).join(orderJoin);
  }

  submit() {
    const text = this.text();
    if (text) this.send(text);
  }
}

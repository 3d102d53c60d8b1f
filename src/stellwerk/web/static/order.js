// Building a simultaneous order by pointing (Linie 1): a square on the board, then a
// tile from the hand and its rotation; the placements are listed by priority (1 first)
// and may be moved earlier or removed before the whole order is sent in the game's
// notation ("H2 straight 90; G3 curve 270", or "pass"). The engine checks it on arrival
// and its reason is shown if it refuses. An order answers one decision: once the seat
// has acted (from this tab, another tab or by the deadline's default), it starts empty.
import { tr } from "./common.js";

const $ = (id) => document.getElementById(id);

export class OrderBuilder {
  constructor(send) {
    this.send = send;
    this.placements = [];
    this.hand = {};
    this.square = null;
    this.tile = null;
    this.rotation = null;
    this.ownSeq = null;   // the seat's newest logged action when this order was begun
    $("picker-add").addEventListener("click", () => this.add());
    $("order-send").addEventListener("click", () => this.submit());
    for (const button of document.querySelectorAll("#picker-rotations .rotation")) {
      button.addEventListener("click", () => {
        this.rotation = Number(button.dataset.rotation);
        this.mark("#picker-rotations .rotation", button);
      });
    }
  }

  show(active, hand, ownSeq) {
    $("order").hidden = !active;
    if (ownSeq !== null && ownSeq !== undefined && ownSeq !== this.ownSeq) {
      if (this.ownSeq !== null) this.reset();
      this.ownSeq = ownSeq;
    }
    if (!active) { this.reset(); return; }
    this.hand = hand || {};
    this.render();
  }

  reset() {
    this.placements = [];
    this.square = null;
    $("picker").hidden = true;
    this.render();
  }

  mark(selector, chosen) {
    for (const b of document.querySelectorAll(selector)) b.classList.toggle("chosen", b === chosen);
  }

  pickSquare(square) {
    this.square = square;
    this.tile = null;
    this.rotation = 0;
    $("picker").hidden = false;
    $("picker-square").textContent = tr("web.table.order_square", { square });
    const tiles = $("picker-tiles");
    tiles.replaceChildren();
    const used = {};
    for (const p of this.placements) used[p.tile] = (used[p.tile] || 0) + 1;
    for (const [tile, count] of Object.entries(this.hand)) {
      const left = count - (used[tile] || 0);
      if (left <= 0) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.dataset.tile = tile;
      button.textContent = `${tile} ×${left}`;
      button.addEventListener("click", () => { this.tile = tile; this.mark("#picker-tiles .tile", button); });
      tiles.append(button);
    }
    this.mark("#picker-rotations .rotation", document.querySelector("#picker-rotations [data-rotation='0']"));
  }

  add() {
    if (!this.square || !this.tile) return;
    this.placements = this.placements.filter((p) => p.square !== this.square);
    this.placements.push({ square: this.square, tile: this.tile, rotation: this.rotation || 0 });
    this.square = null;
    $("picker").hidden = true;
    this.render();
  }

  render() {
    const list = $("order-list");
    list.replaceChildren();
    this.placements.forEach((p, i) => {
      const item = document.createElement("li");
      item.dataset.placement = `${p.square} ${p.tile} ${p.rotation}`;
      item.append(`${p.square} ${p.tile} ${p.rotation}° `);
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
  }

  submit() {
    const text = this.placements.length
      ? this.placements.map((p) => `${p.square} ${p.tile} ${p.rotation}`).join("; ") : "pass";
    this.send(text);
  }
}

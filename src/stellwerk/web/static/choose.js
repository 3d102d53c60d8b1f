// A decision made by pointing at pictures. The game names, for each legal action, its
// parts (a card, a station, a die, a payment: core/pointing.py); some are pointed at on
// the board (its elements list them in data-part), the others are drawn here. Each
// part chosen keeps the actions holding it; the first group whose parts still tell the
// actions left apart is offered, its lowest-ranked part preselected; when one action is
// left it is sent. Nothing here knows a game or its notation: the words and pictures
// are the game's.
import { placeSvg, tr } from "./common.js";

export class Chooser {
  constructor(box, send, changed) {
    this.box = box;
    this.send = send;          // (notation) => the move goes to the server
    this.changed = changed;    // the board's pointable parts changed
    this.data = null;
    this.chosen = [];
    this.offered = null;       // the parts one board element stood for, to pick among
  }

  get active() { return this.data !== null; }

  show(data) {
    this.data = data && data.actions && data.actions.length ? data : null;
    this.chosen = [];
    this.offered = null;
    this.render();
  }

  reset() {
    this.chosen = [];
    this.offered = null;
    this.render();
  }

  candidates(chosen = this.chosen) {
    return this.data.actions.filter((a) => chosen.every((p) => a.parts.includes(p)));
  }

  // the parts that still tell the actions left apart; of a sole action, its parts
  // (pointing at one of them sends it)
  open(chosen = this.chosen) {
    const left = this.candidates(chosen);
    if (left.length === 1) return new Set(left[0].parts.filter((p) => !chosen.includes(p)));
    const counts = new Map();
    for (const action of left) for (const p of action.parts) counts.set(p, (counts.get(p) || 0) + 1);
    return new Set([...counts].filter(([p, n]) => n < left.length && !chosen.includes(p)).map(([p]) => p));
  }

  // whether an element stands for a part chosen so far
  holds(tokens) {
    return this.active && tokens.some((t) => this.chosen.includes(t));
  }

  // which of an element's parts may be pointed at now
  live(tokens) {
    if (!this.active) return [];
    const open = this.open();
    return tokens.filter((t) => open.has(t));
  }

  // a board element pointed at: true if it meant something now
  point(tokens) {
    if (!this.active) return false;
    let hits = this.live(tokens);
    if (!hits.length && this.chosen.length) {
      const fresh = this.open([]);
      hits = tokens.filter((t) => fresh.has(t));
      if (hits.length) { this.chosen = []; this.offered = null; }
    }
    if (!hits.length) return false;
    if (hits.length === 1) this.take(hits[0]);
    else { this.offered = hits; this.render(); }
    return true;
  }

  take(part) {
    this.chosen.push(part);
    this.offered = null;
    const left = this.candidates();
    if (left.length === 1) {
      this.sending();
      this.send(left[0].notation);
      return;
    }
    this.render();
  }

  option(id, preselected) {
    const part = this.data.parts[id];
    const button = document.createElement("button");
    button.type = "button";
    button.className = `choose-option${preselected ? " preselected" : ""}`;
    button.dataset.part = id;
    if (part.svg) {
      const picture = document.createElement("span");
      picture.className = "choose-picture";
      placeSvg(picture, part.svg);
      const svg = picture.querySelector("svg");
      if (svg) {
        // drawn at a size of its own: up to twice its size, within 220 x 110 pixels
        const [, , w, h] = (svg.getAttribute("viewBox") || "0 0 100 100").split(/\s+/).map(Number);
        const scale = Math.min(2, 110 / (h || 1), 220 / (w || 1));
        svg.setAttribute("width", String(Math.round(w * scale)));
        svg.setAttribute("height", String(Math.round(h * scale)));
        svg.setAttribute("aria-hidden", "true");
      }
      button.append(picture);
    }
    const label = document.createElement("span");
    label.className = "choose-label";
    label.textContent = preselected ? `${part.label} · ${tr("web.table.choose_suggested")}` : part.label;
    button.append(label);
    button.addEventListener("click", () => this.take(id));
    return button;
  }

  // the answer is complete: say what goes to the server until the table moves on
  sending() {
    const note = document.createElement("p");
    note.className = "choose-chosen";
    note.textContent = `${this.chosen.map((p) => this.data.parts[p].label).join(" · ")} · ${tr("web.table.choose_sending")}`;
    this.box.replaceChildren(note);
    this.box.dataset.sent = "";
    this.box.hidden = false;
  }

  render() {
    delete this.box.dataset.sent;
    const box = this.box;
    box.replaceChildren();
    if (!this.active) {
      box.hidden = true;
      this.changed();
      return;
    }
    const open = this.open();
    const rank = (p) => this.data.parts[p].rank ?? Infinity;
    const byRank = (a, b) => rank(a) - rank(b);
    let group = null;
    let shown;
    if (this.offered) {
      shown = [...this.offered].sort(byRank);
    } else {
      group = this.data.groups.find((g) => [...open].some((p) => this.data.parts[p].group === g.key));
      shown = [...open].filter((p) => this.data.parts[p].group === group?.key).sort(byRank);
    }
    const heading = document.createElement("p");
    heading.className = "choose-title";
    const offeredGroup = this.offered && this.data.groups.find((g) => g.key === this.data.parts[this.offered[0]].group);
    heading.textContent = (group ?? offeredGroup)?.title ?? tr("web.table.choose");
    box.append(heading);
    if (this.chosen.length) {
      const sofar = document.createElement("p");
      sofar.className = "choose-chosen";
      sofar.textContent = this.chosen.map((p) => this.data.parts[p].label).join(" · ");
      box.append(sofar);
    }
    const drawn = this.offered ? shown : shown.filter((p) => !this.data.parts[p].board);
    if (drawn.length < shown.length) {
      const hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = tr("web.table.choose_board");
      box.append(hint);
    }
    const options = document.createElement("div");
    options.className = "choose-options";
    // the lowest rank is preselected where the game ranks its parts (a cheaper payment)
    drawn.forEach((p, i) => options.append(this.option(p, i === 0 && rank(p) !== Infinity)));
    box.append(options);
    if (this.chosen.length || this.offered) {
      const again = document.createElement("button");
      again.type = "button";
      again.className = "choose-again";
      again.textContent = tr("web.table.choose_again");
      again.addEventListener("click", () => this.reset());
      box.append(again);
    }
    box.hidden = false;
    box.querySelector(".preselected")?.focus({ preventScroll: true });
    this.changed();
  }
}

// A path drawn milepost by milepost by pointing (Benelux Rails' build). Generic: a
// board whose drawing has a group with data-path="VERB {path}" (and optionally
// data-goto="VERB {last}", and data-goto2 for a second train, each with an optional
// data-goto-label / data-goto2-label) and targets with data-milepost gets this builder; each step
// asks the server's preview (the game's own cost query, from this seat's knowledge) and
// shows the cost and its reasons, or the rule that refuses the path, before anything
// is sent.
import { api, tr } from "./common.js";

const $ = (id) => document.getElementById(id);

export class PathBuilder {
  constructor(tableId, token, send) {
    this.tableId = tableId;
    this.token = token;
    this.send = send;
    this.steps = [];
    this.asked = 0;
    $("path-build").addEventListener("click", () => this.send(this.fill("path")));
    $("path-goto").addEventListener("click", () => this.send(this.fill("goto")));
    $("path-goto2").addEventListener("click", () => this.send(this.fill("goto2")));
    this.gotoText = $("path-goto").textContent;
    $("path-back").addEventListener("click", () => { this.steps.pop(); this.changed(); });
    $("path-clear").addEventListener("click", () => { this.steps = []; this.changed(); });
  }

  group() { return $("board").querySelector("[data-path]"); }

  fill(kind) {
    const pattern = this.group()?.dataset[kind] || "";
    return pattern.replace("{path}", this.steps.join(" "))
      .replace("{last}", this.steps[this.steps.length - 1] || "");
  }

  // after each board load: shown when the board offers paths and it is this seat's turn
  show(active) {
    const group = this.group();
    $("path").hidden = !(active && group);
    if (!active) this.steps = [];
    $("path-goto").hidden = !group?.dataset.goto;
    $("path-goto").textContent = group?.dataset.gotoLabel || this.gotoText;
    $("path-goto2").hidden = !group?.dataset.goto2;   // a second train (Benelux Rails)
    $("path-goto2").textContent = group?.dataset.goto2Label || "";
    this.mark();
  }

  pick(milepost) {
    if (this.steps[this.steps.length - 1] === milepost) return;
    this.steps.push(milepost);
    this.changed();
  }

  mark() {
    const on = new Set(this.steps);
    for (const el of $("board").querySelectorAll("[data-milepost]")) {
      el.classList.toggle("on-path", on.has(el.dataset.milepost));
    }
    $("path-steps").textContent = this.steps.join(" → ") || tr("web.table.path_empty");
  }

  async changed() {
    this.mark();
    const box = $("path-preview");
    const ready = this.steps.length > 0;
    $("path-build").disabled = this.steps.length < 2;
    $("path-goto").disabled = !ready;
    $("path-goto2").disabled = !ready;
    const mine = ++this.asked;
    if (this.steps.length < 2) { box.textContent = ""; box.dataset.for = ""; return; }
    const asked = this.fill("path");
    const { ok, data } = await api(
      `/web/tables/${this.tableId}/preview?text=${encodeURIComponent(asked)}`, { token: this.token });
    if (mine !== this.asked) return;
    box.textContent = ok ? data.text : (data.error || String(data));
    box.dataset.for = asked;   // which path the words are about (tests wait for it)
    box.className = ok && data.ok ? "preview ok" : "preview refused";
  }
}

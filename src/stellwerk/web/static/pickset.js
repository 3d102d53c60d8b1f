// Choosing a set of drawn things by pointing (Benelux Rails: the three demand cards to
// keep from the deal). Generic: a board whose drawing has a group with
// data-choose="VERB {members}", data-choose-size (how many) and data-choose-label (the
// send button's words, in the reader's language) around members with
// data-choose-member="ID" gets this chooser; pointing at a member takes it in or out,
// and the set is sent once it holds as many as asked for.
import { tr } from "./common.js";

const $ = (id) => document.getElementById(id);

export class SetChooser {
  constructor(send) {
    this.send = send;
    this.chosen = [];
    $("pickset-send").addEventListener("click", () => this.submit());
    $("pickset-clear").addEventListener("click", () => { this.chosen = []; this.mark(); });
  }

  group() { return $("board").querySelector("[data-choose]"); }

  size() { return Number(this.group()?.dataset.chooseSize || 0); }

  // after each board load: shown when the board offers a set and it is this seat's turn
  show(active) {
    const group = this.group();
    $("pickset").hidden = !(active && group);
    if (!active || !group) this.chosen = [];
    const members = new Set([...this.members()].map((m) => m.dataset.chooseMember));
    this.chosen = this.chosen.filter((id) => members.has(id));
    this.mark();
  }

  members() { return this.group()?.querySelectorAll("[data-choose-member]") ?? []; }

  toggle(id) {
    if (this.chosen.includes(id)) this.chosen = this.chosen.filter((c) => c !== id);
    else if (this.chosen.length < this.size()) this.chosen.push(id);
    this.mark();
  }

  mark() {
    for (const member of this.members()) {
      const on = this.chosen.includes(member.dataset.chooseMember);
      member.classList.toggle("chosen", on);
      member.setAttribute("aria-pressed", String(on));
    }
    const group = this.group();
    $("pickset-send").textContent = group?.dataset.chooseLabel || tr("web.table.send");
    $("pickset-send").disabled = !group || this.chosen.length !== this.size();
    $("pickset-text").textContent = tr("web.table.pickset_count",
      { n: this.chosen.length, size: this.size() });
  }

  submit() {
    const group = this.group();
    if (!group || this.chosen.length !== this.size()) return;
    this.send(group.dataset.choose.replace("{members}", this.chosen.join(" ")));
  }
}

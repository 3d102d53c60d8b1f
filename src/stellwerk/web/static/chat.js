// The table's chat (negotiated deals travel here too) and, for the admin's link, the
// admin's controls: hand a seat to a bot, set or clear the deadline. Every message is
// put on the page as text (textContent), never as HTML.
import { api, showError, tr } from "./common.js";

const $ = (id) => document.getElementById(id);

export class Chat {
  constructor(tableId, token) {
    this.tableId = tableId;
    this.token = token;
    this.seen = 0;        // the newest message id shown
    this.table = null;
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.say();
    });
  }

  who(seat) {
    if (!Number.isInteger(seat)) return tr("web.table.chat_host");
    return this.table?.seats[seat]?.name ?? `#${seat + 1}`;
  }

  // after each table load: spectators read but cannot write
  show(table) {
    const first = this.table === null;
    this.table = table;
    $("chat-form").hidden = table.role === "spectator";
    if (first) this.fetch();
  }

  async fetch() {
    const { ok, data } = await api(`/api/tables/${this.tableId}/chat?after=${this.seen}`,
      { token: this.token });
    if (ok) this.add(data);
  }

  add(messages) {
    const list = $("chat");
    for (const message of messages) {
      if (message.id <= this.seen) continue;
      this.seen = message.id;
      const item = document.createElement("li");
      const name = document.createElement("b");
      name.textContent = `${this.who(message.seat)}: `;
      item.append(name, document.createTextNode(message.text));
      list.append(item);
    }
    list.scrollTop = list.scrollHeight;
  }

  async say() {
    const input = $("chat-text");
    const text = input.value.trim();
    if (!text) return;
    const { ok, data } = await api(`/api/tables/${this.tableId}/chat`,
      { token: this.token, method: "POST", body: { text } });
    if (!ok) { showError($("error"), data.error || String(data)); return; }
    input.value = "";
    this.fetch();
  }
}

export class AdminControls {
  constructor(tableId, token, reload) {
    this.tableId = tableId;
    this.token = token;
    this.reload = reload;
    this.kinds = null;
    $("deadline-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const minutes = Number($("deadline-minutes").value);
      this.deadline(Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes * 60) : null);
    });
    $("deadline-clear").addEventListener("click", () => this.deadline(null));
    $("admin-invitation").addEventListener("click", () => this.freshLink("invitation",
      tr("web.table.admin_invitation_new")));
  }

  // A fresh link replaces the old one at once (it went astray, or a friend lost it);
  // the host copies it from the field to hand it over.
  async freshLink(what, label) {
    const { ok, data } = await api(`/api/tables/${this.tableId}/${what}`,
      { token: this.token, method: "POST", body: {} });
    if (!ok) { showError($("error"), data.error || String(data)); return; }
    showError($("error"), "");
    $("admin-link-label").textContent = `${label} `;
    $("admin-link").value = data.link;
    $("admin-link-out").hidden = false;
    $("admin-link").select();
  }

  async show(table) {
    $("admin-panel").hidden = table.role !== "admin";
    if (table.role !== "admin") return;
    if (this.kinds === null) {
      const { ok, data } = await api("/api/games");
      const game = ok ? data.find((g) => g.id === table.game) : null;
      this.kinds = (game?.seat_kinds ?? ["greedy"]).filter((k) => k !== "human");
    }
    const list = $("admin-seats");
    list.replaceChildren();
    for (const seat of table.seats) {
      const item = document.createElement("li");
      const label = document.createElement("span");
      const claimed = seat.kind === "human" ? `, ${tr(seat.free ? "web.table.admin_free" : "web.table.admin_taken")}` : "";
      label.textContent = `${seat.name} (${seat.kind}${claimed}) `;
      item.append(label);
      if (seat.kind === "human" && !table.finished) {
        const fresh = document.createElement("button");
        fresh.type = "button";
        fresh.className = "new-link";
        fresh.dataset.seat = String(seat.seat);
        fresh.textContent = tr("web.table.admin_new_link");
        fresh.addEventListener("click", () => this.freshLink(`seats/${seat.seat}/link`,
          tr("web.table.admin_link_for", { name: seat.name })));
        item.append(fresh, " ");
        const select = document.createElement("select");
        select.id = `bot-kind-${seat.seat}`;
        select.setAttribute("aria-label", tr("web.table.admin_bot_for", { name: seat.name }));
        for (const kind of this.kinds) {
          const label = tr(`web.bot.${kind}`);  // the bot in the page's words, if named
          select.append(new Option(label === `web.bot.${kind}` ? kind : label, kind));
        }
        const button = document.createElement("button");
        button.type = "button";
        button.className = "to-bot";
        button.dataset.seat = String(seat.seat);
        button.textContent = tr("web.table.admin_to_bot");
        button.addEventListener("click", () => this.toBot(seat.seat, select.value));
        item.append(select, button);
      }
      list.append(item);
    }
    $("deadline-now").textContent = table.deadline_seconds
      ? tr("web.table.admin_deadline_now", { minutes: Math.round(table.deadline_seconds / 6) / 10 })
      : tr("web.table.admin_no_deadline");
  }

  async toBot(seat, kind) {
    const { ok, data } = await api(`/api/tables/${this.tableId}/seats/${seat}/bot`,
      { token: this.token, method: "POST", body: { kind } });
    if (!ok) { showError($("error"), data.error || String(data)); return; }
    showError($("error"), "");
    this.reload();
  }

  async deadline(seconds) {
    const { ok, data } = await api(`/api/tables/${this.tableId}/deadline`,
      { token: this.token, method: "POST", body: { seconds } });
    if (!ok) { showError($("error"), data.error || String(data)); return; }
    showError($("error"), "");
    this.reload();
  }
}

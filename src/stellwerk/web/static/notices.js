// Where this seat's turn notices go (an e-mail address, a webhook), or the admin's
// webhooks for the whole table; the list, adding and removing. Every text comes from
// the page's catalogue (web/terms.py).
import { api, showError, tr } from "./common.js";

const $ = (id) => document.getElementById(id);

export class NoticeForm {
  constructor(tableId, token) {
    this.tableId = tableId;
    this.token = token;
    this.loaded = false;
    $("notices-email-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.add({ email: $("notices-email").value.trim() }, $("notices-email"));
    });
    $("notices-webhook-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const body = { webhook: $("notices-webhook").value.trim() };
      if ($("notices-style").value) body.style = $("notices-style").value;
      this.add(body, $("notices-webhook"));
    });
  }

  show(table) {
    const mine = (table.role === "seat" || table.role === "admin") && !table.finished;
    $("notices-panel").hidden = !mine;
    if (!mine || this.loaded) return;
    this.loaded = true;
    $("notices-hint").textContent = tr(table.role === "admin" ? "web.table.notices_shared_hint"
      : "web.table.notices_hint");
    this.refresh();
  }

  async refresh() {
    const { ok, data } = await api(`/api/tables/${this.tableId}/notices`, { token: this.token });
    if (!ok) return;
    const seat = data.seat !== null && data.seat !== undefined;
    $("notices-email-form").hidden = !(seat && data.mail);
    $("notices-mail-off").hidden = !seat || data.mail;
    const list = $("notices-list");
    list.replaceChildren();
    for (const target of data.targets) {
      const item = document.createElement("li");
      item.append(target.address);
      if (!target.confirmed) item.append(` (${tr("web.table.notices_unconfirmed")})`);
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = tr("web.table.notices_remove");
      remove.addEventListener("click", () => this.remove(target.id));
      item.append(" ", remove);
      list.append(item);
    }
  }

  async add(body, input) {
    if (!Object.values(body)[0]) return;
    const { ok, data } = await api(`/api/tables/${this.tableId}/notices`, {
      token: this.token, method: "POST", body,
    });
    if (!ok) {
      showError($("error"), data.error || String(data));
      return;
    }
    showError($("error"), "");
    input.value = "";
    const secret = $("notices-secret");
    secret.hidden = !data.secret;
    secret.textContent = data.secret ? tr("web.table.notices_secret", { secret: data.secret }) : "";
    this.refresh();
  }

  async remove(id) {
    const { ok, data } = await api(`/api/tables/${this.tableId}/notices/${id}`, {
      token: this.token, method: "DELETE",
    });
    if (!ok) showError($("error"), data.error || String(data));
    this.refresh();
  }
}

// The invitation link: a friend picks a free seat and a name, and receives the seat's
// own link, which this browser keeps ("My tables") and opens at once.
import { api, keepTable, showError } from "./common.js";

const $ = (id) => document.getElementById(id);

export class SeatClaim {
  constructor(tableId, token) {
    this.tableId = tableId;
    this.token = token;
    this.title = "";
    $("claim-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.claim();
    });
  }

  show(table) {
    $("claim-panel").hidden = table.role !== "guest";
    if (table.role !== "guest") return;
    this.title = table.title;
    const free = table.seats.filter((seat) => seat.free && !table.finished);
    $("claim-form").hidden = free.length === 0;
    $("claim-none").hidden = free.length > 0;
    const chosen = document.querySelector("input[name=claim-seat]:checked")?.value;
    const box = $("claim-seats");
    box.replaceChildren();
    free.forEach((seat, index) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "claim-seat";
      input.value = String(seat.seat);
      input.checked = chosen ? chosen === input.value : index === 0;
      label.append(input, ` ${seat.name}`);
      box.append(label);
    });
  }

  async claim() {
    const picked = document.querySelector("input[name=claim-seat]:checked");
    const name = $("claim-name").value.trim();
    if (!picked || !name) return;
    $("claim-button").disabled = true;
    const { ok, data } = await api(`/api/tables/${this.tableId}/claim`, {
      token: this.token, method: "POST", body: { seat: Number(picked.value), name },
    });
    $("claim-button").disabled = false;
    if (!ok) {
      showError($("error"), data.error || String(data));
      return;
    }
    keepTable({ table: this.tableId, token: data.token, title: this.title, seat: data.seat, name: data.name });
    location.hash = encodeURIComponent(data.token);
    location.reload();
  }
}

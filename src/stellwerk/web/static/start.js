import { api, showError, tr } from "./common.js";

const games = JSON.parse(document.getElementById("games").textContent);
const form = document.getElementById("create");
const seats = document.getElementById("seats");
const rowTemplate = document.getElementById("seat-row");
const gameSelect = document.getElementById("game");

function current() {
  return games.find((g) => g.id === gameSelect.value) || games[0];
}

function addSeat(kind) {
  const game = current();
  if (seats.children.length >= game.max) return;
  const row = rowTemplate.content.firstElementChild.cloneNode(true);
  const select = row.querySelector(".kind");
  // exactly the bots this game offers (the server's bots_for), named in the page's language
  for (const bot of game.bots) select.append(new Option(bot.label, bot.kind));
  select.value = kind;
  seats.append(row);
}

function resetSeats() {
  seats.replaceChildren();
  const game = current();
  const count = Math.max(game.min, Math.min(3, game.max));
  // the game's own table (BotKnowledge.default_seats: Linie 1 sits you with its planners)
  const kinds = game.default_seats;
  for (let i = 0; i < count; i += 1) addSeat(kinds[Math.min(i, kinds.length - 1)] || "human");
}

// "sheet=II, challenges=1,3" -> {sheet: "II", challenges: "1,3"} (a value may hold commas)
export function parseOptions(text) {
  const out = {};
  const pattern = /([A-Za-z][\w-]*)\s*=\s*([^=]*?)\s*(?=,\s*[A-Za-z][\w-]*\s*=|$)/g;
  for (const match of text.trim().matchAll(pattern)) out[match[1]] = match[2].replace(/,\s*$/, "");
  return out;
}

gameSelect.addEventListener("change", resetSeats);
document.getElementById("add-seat").addEventListener("click", () => addSeat("human"));
document.getElementById("remove-seat").addEventListener("click", () => {
  if (seats.children.length > current().min) seats.lastElementChild.remove();
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("create-error");
  const minutes = document.getElementById("deadline").value.trim();
  const body = {
    game: gameSelect.value,
    options: parseOptions(document.getElementById("options").value),
    seats: [...seats.children].map((row) => {
      const name = row.querySelector(".name").value.trim();
      return name ? { kind: row.querySelector(".kind").value, name } : { kind: row.querySelector(".kind").value };
    }),
  };
  if (minutes) body.deadline_seconds = Math.round(Number(minutes) * 60);
  const { ok, data } = await api("/api/tables", { method: "POST", body });
  if (!ok) {
    showError(error, data.error || String(data));
    return;
  }
  showError(error, "");
  showLinks(data);
});

function showLinks(data) {
  const list = document.getElementById("links");
  list.replaceChildren();
  const title = current().title;
  const lines = [tr("web.start.invite_text", { game: title })];
  for (const seat of data.seats) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = seat.link;
    link.textContent = `${seat.name}: ${tr("web.start.open_seat")}`;
    link.className = "seat-link";
    link.dataset.seat = seat.seat;
    item.append(link);
    list.append(item);
    lines.push(`${seat.name}: ${seat.link}`);
  }
  for (const [key, entry] of [["web.start.spectators", data.spectator], ["web.start.admin", data.admin]]) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = entry.link;
    link.textContent = tr(key);
    link.className = key === "web.start.admin" ? "admin-link" : "spectator-link";
    item.append(link);
    list.append(item);
  }
  lines.push(`${tr("web.start.spectators")}: ${data.spectator.link}`);
  document.getElementById("invitation").value = lines.join("\n");
  document.getElementById("created").hidden = false;
}

document.getElementById("copy").addEventListener("click", async () => {
  const text = document.getElementById("invitation");
  text.select();
  try {
    await navigator.clipboard.writeText(text.value);
  } catch {
    document.execCommand("copy");
  }
  document.getElementById("copied").hidden = false;
});

resetSeats();

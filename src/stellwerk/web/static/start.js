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

// One field per option the game declares (core/options.py), labelled and explained in
// the page's language; the server reads what they hold as it reads `-o name=value`.
const optionsBox = document.getElementById("options");

function optionField(option) {
  const field = document.createElement("div");
  field.className = "option";
  field.dataset.name = option.name;
  field.dataset.kind = option.kind;
  // a subset is several checkboxes, each in a label of its own (labels do not nest)
  const label = document.createElement(option.kind === "subset" ? "div" : "label");
  label.append(`${option.label} `);
  if (option.kind === "subset") {
    const chosen = new Set(option.default.split(",").filter(Boolean));
    for (const choice of option.choices) {
      const box = document.createElement("label");
      const input = Object.assign(document.createElement("input"), { type: "checkbox" });
      input.value = String(choice.value);
      input.checked = chosen.has(input.value);
      box.append(input, ` ${choice.label} `);
      label.append(box);
    }
  } else if (option.kind === "choice") {
    const select = document.createElement("select");
    for (const choice of option.choices) select.append(new Option(choice.label, choice.value));
    select.value = option.default;
    label.append(select);
  } else if (option.kind === "bool") {
    const input = Object.assign(document.createElement("input"), { type: "checkbox" });
    input.checked = option.default === "yes";
    label.append(input);
  } else {
    const input = Object.assign(document.createElement("input"), { type: "number", step: 1 });
    if (option.low !== undefined) Object.assign(input, { min: option.low, max: option.high });
    input.value = option.default;
    label.append(input);
  }
  label.querySelectorAll("input, select").forEach((input) => { input.name = `option-${option.name}`; });
  const help = Object.assign(document.createElement("small"), { textContent: option.help });
  field.append(label, help);
  return field;
}

function resetOptions() {
  const game = current();
  document.getElementById("about").textContent = [game.credits, game.about].filter(Boolean).join(" · ");
  optionsBox.replaceChildren(...game.options.map(optionField));
  if (!game.options.length) optionsBox.textContent = tr("web.start.no_options");
}

// the options as the API takes them: {name: "text", ...}, a subset as "1,3"
export function chosenOptions() {
  const out = {};
  for (const field of optionsBox.querySelectorAll(".option")) {
    const inputs = [...field.querySelectorAll("input, select")];
    if (field.dataset.kind === "subset") {
      out[field.dataset.name] = inputs.filter((i) => i.checked).map((i) => i.value).join(",");
    } else if (field.dataset.kind === "bool") {
      out[field.dataset.name] = inputs[0].checked ? "yes" : "no";
    } else {
      out[field.dataset.name] = inputs[0].value.trim();
    }
  }
  return out;
}

gameSelect.addEventListener("change", () => { resetSeats(); resetOptions(); });
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
    options: chosenOptions(),
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

function linkItem(href, text, className, seat) {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = href;
  link.textContent = text;
  link.className = className;
  if (seat !== undefined) link.dataset.seat = seat;
  item.append(link);
  return item;
}

// The host opens their own seat; friends get one invitation, at which each claims a
// free seat under their name (no text that hands every seat to whoever reads it). Each
// seat's own link stays available for a host who hands them out one by one.
function showLinks(data) {
  const list = document.getElementById("links");
  list.replaceChildren();
  const [own, ...others] = data.seats;
  if (own) list.append(linkItem(own.link, tr("web.start.your_seat", { name: own.name }), "seat-link", own.seat));
  list.append(linkItem(data.invitation.link, tr("web.start.invitation_link"), "invitation-link"));
  list.append(linkItem(data.spectator.link, tr("web.start.spectators"), "spectator-link"));
  list.append(linkItem(data.admin.link, tr("web.start.admin"), "admin-link"));
  const one = document.getElementById("seat-links");
  const byOne = document.getElementById("seat-links-list");
  byOne.replaceChildren(...others.map((seat) =>
    linkItem(seat.link, `${seat.name}: ${tr("web.start.open_seat")}`, "seat-link", seat.seat)));
  one.hidden = others.length === 0;
  const title = current().title;
  document.getElementById("invitation").value = [
    tr("web.start.invite_text", { game: title }), data.invitation.link,
    "", `${tr("web.start.spectators")}: ${data.spectator.link}`].join("\n");
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
resetOptions();

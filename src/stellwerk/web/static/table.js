// A seat's table (or a spectator's): board, whose turn, legal actions as a list and by
// pointing at the board, live updates over the server's WebSocket, the log in words,
// and the result at the end. Everything shown comes from this token's API payloads.
import { api, dateText, deadlineText, keepTable, lang, placeSvg, showError, tr } from "./common.js";
import { AdminControls, Chat } from "./chat.js";
import { Chooser } from "./choose.js";
import { SeatClaim } from "./claim.js";
import { NoticeForm } from "./notices.js";
import { TurnCue } from "./cue.js";
import { OrderBuilder } from "./order.js";
import { PathBuilder } from "./path.js";
import { SetChooser } from "./pickset.js";
import { zoomable } from "./zoom.js";

const tableId = document.body.dataset.table;
const token = decodeURIComponent(location.hash.slice(1));
const $ = (id) => document.getElementById(id);
let table = null;       // the newest table payload
let legal = [];         // this seat's legal actions now
let loading = 0;        // a newer load makes older answers stale
let sending = false;
let refused = false;    // the error shown is a refusal of this page's move: it stays
let newestSeq = -1;     // the newest seq the live connection told of
const order = new OrderBuilder((text) => send(text));
const path = new PathBuilder(tableId, token, (text) => send(text));
const pickset = new SetChooser((text) => send(text));
const chat = new Chat(tableId, token);
const admin = new AdminControls(tableId, token, () => load());
const claim = new SeatClaim(tableId, token);
const notices = new NoticeForm(tableId, token);
const cue = new TurnCue();
// a game that draws its options: every decision by pointing (choose.js)
const chooser = new Chooser($("choose"), (text) => send(text), () => markBoard());

// a simultaneous decision with a sampled list (Linie 1) is built by pointing
function ordering() {
  return Boolean(table && table.your_turn && table.decision?.kind === "simultaneous");
}

function namesOf(seats) {
  return seats.map((s) => table.seats[s]?.name ?? `#${s + 1}`).join(", ");
}

function partsOf(element) {
  return (element.dataset.part || "").split("|").filter(Boolean);
}

function matching(element) {
  const tokens = (element.dataset.pick || "").split("|").filter(Boolean);
  const hits = legal.filter((a) => tokens.some((t) => a.notation === t || a.notation.startsWith(`${t} `)));
  return { tokens, hits };
}

function renderStatus() {
  const status = $("status");
  const game = table.title;
  if (table.finished) {
    // the end in one line: over, and who won (a solo game's score is in the result)
    const result = table.result;
    status.textContent = result && table.seats.length > 1
      ? `${tr("web.table.finished")} ${tr("web.table.winner", { names: namesOf(result.winners) })}`
      : tr("web.table.finished");
    status.className = "status over";
    document.title = `${game} · Stellwerk`;
    return;
  }
  const decision = table.decision;
  let text;
  if (table.your_turn) {
    text = `${tr("web.table.your_turn")}: ${decision.text}`;
  } else {
    text = tr("web.table.waiting_for", { names: namesOf(decision.seats) });
    if (table.role !== "seat") text = `${tr("web.table.spectating")} ${text}`;
  }
  status.textContent = text;
  if (table.your_turn) {   // a narrow screen has the actions below the board: one tap
    const jump = document.createElement("a");
    jump.href = "#actions-panel";
    jump.id = "to-actions";
    jump.className = "to-actions";
    jump.textContent = tr("web.table.to_actions");
    status.append(jump);
  }
  if (table.deadline_at) {
    const until = document.createElement("span");
    until.id = "deadline";
    until.dataset.at = String(table.deadline_at);
    until.textContent = ` · ${tr("web.table.deadline", { time: deadlineText(table.deadline_at) })}`;
    status.append(until);
  }
  status.className = table.your_turn ? "status mine" : "status";
  document.title = table.your_turn ? tr("web.table.title_turn", { game }) : `${game} · Stellwerk`;
}

// A seat past the deadline whose game names no move in its place: the table waits
// (server/deadlines.py); the late seat is asked to move, the host told what to do.
function renderLate() {
  const late = table.late_without_default;
  $("late").hidden = !late;
  if (!late) return;
  $("late-text").textContent = tr("web.table.late", { names: namesOf(late.seats) });
  const mine = table.seat !== null && late.seats.includes(table.seat);
  const action = $("late-action");
  action.textContent = table.role === "admin" ? tr("web.table.late_admin")
    : mine ? tr("web.table.late_you") : "";
  action.hidden = !action.textContent;
}

function renderPlayers() {
  const list = $("players");
  list.replaceChildren();
  const waiting = new Set(table.decision ? table.decision.seats : []);
  for (const seat of table.seats) {
    const item = document.createElement("li");
    item.className = `seat-${seat.seat}${waiting.has(seat.seat) ? " to-move" : ""}`;
    let text = seat.name;
    if (seat.kind !== "human") text += ` (${tr("web.table.bot")}: ${seat.kind})`;
    if (seat.seat === table.seat) text += ` · ${tr("web.table.you")}`;
    item.textContent = (waiting.has(seat.seat) ? "▶ " : "") + text;
    list.append(item);
  }
}

// The end explains itself: why the game ended (the game's words), the winner by name
// (solo: the score against the game's yardstick), each player's total with its parts in
// the players' words, one column a player so no total is ever cut off, then the rematch
// and the replay.
function renderResult() {
  const box = $("result");
  const result = table.result;
  box.hidden = !result;
  if (!result) return;
  box.replaceChildren();
  const heading = document.createElement("h2");
  heading.textContent = tr("web.table.result");
  const reason = document.createElement("p");
  reason.className = "reason";
  reason.textContent = table.ending?.reason ?? tr("web.table.finished");
  box.append(heading, reason);
  if (table.seats.length > 1) {
    const winner = document.createElement("p");
    winner.className = "winner";
    winner.textContent = tr("web.table.winner", { names: namesOf(result.winners) });
    box.append(winner);
  }
  const yardstick = table.ending?.yardstick ?? [];
  if (yardstick.length) {
    const list = document.createElement("ul");
    list.className = "yardstick";
    for (const line of yardstick) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    box.append(list);
  }
  box.append(scoreTable(result));
  const buttons = document.createElement("p");
  buttons.className = "end-buttons";
  const replay = document.createElement("a");
  replay.href = `/viewer?table=${encodeURIComponent(tableId)}#${encodeURIComponent(token)}`;
  replay.className = "record-link button";
  replay.id = "replay";
  replay.textContent = tr("web.table.record");
  buttons.append(rematchButton(), replay);
  box.append(buttons);
}

// players by rank as columns, the score's parts as rows, the total last
function scoreTable(result) {
  const grid = document.createElement("table");
  grid.className = "score";
  const order = result.scores.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  const labels = table.result_labels ?? {};
  const parts = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))];
  const row = (label, values, className) => {
    const line = grid.insertRow();
    if (className) line.className = className;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = label;
    line.append(th);
    for (const value of values) line.insertCell().textContent = String(value ?? "–");
    return line;
  };
  const names = row(tr("web.table.player"), order.map((s) => table.seats[s].name), "names");
  for (const cell of names.querySelectorAll("td")) cell.className = "name";
  if (order.length > 1) row(tr("web.table.rank"), order.map((s) => result.ranks[s]), "rank");
  for (const part of parts) {
    row(labels[part] ?? part, order.map((s) => result.breakdown[s]?.[part] ?? ""), "part");
  }
  row(tr("web.table.score"), order.map((s) => result.scores[s]), "total");
  return grid;
}

// A rematch (same seats, a new deal): the first to ask opens it; each player then
// takes the same seat there with a link of their own, kept in this browser.
function rematchButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "rematch";
  button.className = "primary";
  button.hidden = table.role !== "seat" && table.role !== "admin";
  button.textContent = tr(table.rematch ? "web.table.rematch_join" : "web.table.rematch");
  button.addEventListener("click", async () => {
    button.disabled = true;
    const { ok, data } = await api(`/api/tables/${tableId}/rematch`, { token, method: "POST", body: {} });
    button.disabled = false;
    if (!ok) { showError($("error"), data.error || String(data)); return; }
    if (data.token) {
      keepTable({ table: data.table, token: data.token, title: table.title, seat: data.seat,
        name: table.seats[data.seat]?.name });
    }
    location.href = data.link;
  });
  return button;
}

// the newest logged action of this seat (by this tab, another or the deadline's
// default), null when the log is unknown: an order begun before it is done with
function ownLast({ ok, data }) {
  if (!ok || table.seat === null) return null;
  const own = data.actions.filter((a) => a.seat === table.seat);
  return own.length ? own[own.length - 1].seq : 0;
}

// an action in the page's language (the game's words for it); the notation, the same
// in every language, is what the button sends
function actionLabel(action) {
  return action.text || action.notation;
}

function renderActions(ownSeq, choices) {
  const panel = $("actions-panel");
  panel.hidden = !table.your_turn;
  $("choice").hidden = true;
  const list = $("actions");
  list.replaceChildren();
  for (const action of legal) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.notation = action.notation;
    button.textContent = actionLabel(action);
    button.addEventListener("click", () => send(action.notation));
    item.append(button);
    list.append(item);
  }
  order.show(ordering(), table.view?.me?.hand, ownSeq);
  path.show(Boolean(table.your_turn && table.role === "seat"));
  chooser.show(choices);
  pickset.show(Boolean(table.your_turn && table.role === "seat"));
}

// what the board offers now: the game's drawn parts (choose.js), else its notations
function markBoard() {
  if (!table) return;
  for (const element of $("board").querySelectorAll("[data-pick], [data-part]")) {
    const can = chooser.active ? chooser.live(partsOf(element)).length > 0
      : "pick" in element.dataset && matching(element).hits.length > 0;
    element.classList.toggle("can", Boolean(table.your_turn) && can);
    element.classList.toggle("chosen", chooser.holds(partsOf(element)));
  }
  keyboardBoard();
}

// The parts of the board one may point at now are reachable with Tab and act on Enter
// or Space like a click, each named for a screen reader by its title or its name.
const POINTABLE = "[data-pick], [data-part], [data-square], [data-milepost], [data-hand-tile], [data-choose-member]";

function keyboardBoard() {
  const mine = Boolean(table.your_turn && table.role === "seat");
  for (const element of $("board").querySelectorAll(POINTABLE)) {
    const live = element.classList.contains("can")
      || (mine && ("milepost" in element.dataset || "chooseMember" in element.dataset))
      || (ordering() && ("square" in element.dataset || "handTile" in element.dataset));
    if (!live) {
      element.removeAttribute("tabindex");
      continue;
    }
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    if (!element.hasAttribute("aria-label")) {
      const { square, milepost, card, pick, part, handTile, chooseMember } = element.dataset;
      const title = element.querySelector(":scope > title")?.textContent;
      element.setAttribute("aria-label", title || square || milepost || card || handTile
        || chooseMember || (pick || part).split("|")[0]);
    }
  }
}

$("board").addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const element = event.target.closest?.(POINTABLE);
  if (!element || !element.hasAttribute("tabindex")) return;
  event.preventDefault();
  element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
});

// the games write "Seat 2: lay B13"; the table shows the player's name instead
function withName(event) {
  const seat = table.seats[event.seat];
  if (!Number.isInteger(event.seat) || !seat) return event.text;
  const label = tr("web.table.seat_label", { n: event.seat + 1 }).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return event.text.replace(new RegExp(`${label}(?!\\d)`), () => seat.name);
}

// the last move on the board: the squares, cells and cards the newest action names if
// this seat may see it ("lay A07", "open B1 with ..."), and for simultaneous orders the
// placements of the newest resolved round (their events name a square)
function markLastMove(data) {
  const board = $("board");
  for (const old of board.querySelectorAll(".last")) old.classList.remove("last");
  const names = new Set();
  const newest = data.actions[data.actions.length - 1];
  if (newest && newest.notation) {
    for (const word of newest.notation.split(/[\s;+=]+/)) names.add(word);
  }
  const placed = data.events.filter((e) => typeof e.square === "string");
  const lastRound = placed.length ? placed[placed.length - 1].round : undefined;
  for (const e of placed) if (e.round === lastRound) names.add(e.square);
  for (const name of names) {
    if (!/^[A-Z][0-9]{1,2}$/.test(name)) continue;
    for (const el of board.querySelectorAll(`[data-card="${name}"], [data-cell="${name}"], [data-square="${name}"]`)) {
      el.classList.add("last");
    }
  }
}

// the countdown ticks on its own; the rest of the status changes only with the table
setInterval(() => {
  const until = $("deadline");
  if (until) until.textContent = ` · ${tr("web.table.deadline", { time: deadlineText(Number(until.dataset.at)) })}`;
}, 1000);

// Moves the server made because a seat's time ran out: when, and for whom.
function renderMissed(actions) {
  const list = $("missed");
  list.replaceChildren();
  for (const entry of actions.filter((a) => a.by === "deadline").slice(-10).reverse()) {
    const item = document.createElement("li");
    item.textContent = tr("web.table.missed", { time: dateText(entry.at),
      name: table.seats[entry.seat]?.name ?? String(entry.seat + 1),
      move: entry.notation ?? tr("web.table.hidden_move") });
    list.append(item);
  }
  list.hidden = list.children.length === 0;
}

function renderLog({ ok, data }) {
  if (!ok) return;
  markLastMove(data);
  renderMissed(data.actions);
  const list = $("log");
  list.replaceChildren();
  const events = data.events.slice(-40).reverse();
  events.forEach((event, i) => {
    const item = document.createElement("li");
    item.textContent = withName(event);
    if (i === 0) item.className = "last";
    list.append(item);
  });
}

async function load() {
  const mine = ++loading;
  const { ok, data } = await api(`/api/tables/${tableId}`, { token });
  if (mine !== loading) return;
  if (!ok) {
    deadLink(data, mine);
    return;
  }
  $("dead-link").hidden = true;
  document.querySelector(".layout").hidden = false;
  await show(data, mine);
}

// A link that opens nothing (no such table, a replaced or cut-off token) or a server
// that does not answer: a page that says what happened and what to do, not a sentence
// over an empty board. An unreachable server is tried again until it answers.
function deadLink(data, mine) {
  const kind = { "srv.no_table": "table", "srv.bad_token": "token", "srv.no_token": "token" }[data.key]
    ?? (data.key ? null : "server");
  $("status").textContent = "";
  if (kind === null) {
    showError($("error"), data.error || String(data));
    return;
  }
  showError($("error"), "");
  document.querySelector(".layout").hidden = true;
  $("dead-link-title").textContent = tr(`web.table.dead_${kind}`);
  $("dead-link-text").textContent = tr(`web.table.dead_${kind}_text`);
  $("dead-link").hidden = false;
  document.body.dataset.dead = kind;
  if (kind === "server") setTimeout(() => { if (mine === loading) load(); }, 4000);
}

async function show(payload, mine) {
  table = payload;
  if (table.role === "seat") {
    keepTable({ table: tableId, token, title: table.title, seat: table.seat,
      name: table.seats[table.seat]?.name });
  }
  const mineNow = table.your_turn && table.role === "seat";
  const [board, moves, log, drawn] = await Promise.all([
    api(`/web/tables/${tableId}/board`, { token }),
    table.your_turn ? api(`/api/tables/${tableId}/legal`, { token }) : Promise.resolve(null),
    api(`/api/tables/${tableId}/log`, { token }),
    mineNow ? api(`/web/tables/${tableId}/choices`, { token }) : Promise.resolve(null),
  ]);
  if (mine !== loading) return;
  if (board.ok) placeSvg($("board"), board.data);
  legal = moves && moves.ok ? moves.data.actions : [];
  renderStatus();
  renderLate();
  renderPlayers();
  renderResult();
  $("undo-bar").hidden = !table.can_undo;
  renderActions(ownLast(log), drawn && drawn.ok && drawn.data.seq === table.seq
    ? drawn.data.choices : null);
  chat.show(table);
  claim.show(table);
  notices.show(table);
  cue.show(Boolean(table.your_turn));
  await admin.show(table);
  renderLog(log);
  if (mine !== loading) return;
  // what the page shows is complete: tests (and scripts) may wait for this
  document.body.dataset.seq = String(table.seq);
  document.body.dataset.turn = table.your_turn ? "mine" : (table.finished ? "over" : "other");
}

async function send(notation) {
  if (sending || !table) return;
  sending = true;
  const { ok, data } = await api(`/api/tables/${tableId}/actions`, {
    token, method: "POST", body: { notation, expected_seq: table.seq },
  });
  sending = false;
  if (!ok) {
    refuse(data);
    return;
  }
  refused = false;
  showError($("error"), "");
  path.steps = [];
  pickset.chosen = [];
  order.reset();
  await showAnswer(data.table);
}

// The table an action's answer carries; news of later moves (a bot's, told over the
// live connection while the answer was on its way) is fetched after it, not lost.
async function showAnswer(answer) {
  const mine = ++loading;
  await show(answer, mine);
  if (mine === loading && newestSeq > answer.seq) load();
}

// A refused move says why and stays in sight until a move goes in: a live update
// (another tab of this seat, another player) must not wipe it. When the table had
// moved on, the page shows where it stands now.
function refuse(data) {
  const movedOn = ["srv.stale", "srv.conflict", "srv.not_your_turn", "srv.game_over"]
    .includes(data.key);
  refused = true;
  chooser.reset();
  showError($("error"), movedOn ? tr("web.table.refused_moved_on")
    : tr("web.table.refused", { reason: data.error || String(data) }));
  if (movedOn) load();
}

// Take back this seat's newest move: offered only while the server says it may be
// (the seat's own move, nobody else's since, nothing drawn or shown by it).
async function undo() {
  if (sending || !table) return;
  sending = true;
  const { ok, data } = await api(`/api/tables/${tableId}/undo`, {
    token, method: "POST", body: { expected_seq: table.seq },
  });
  sending = false;
  if (!ok) {
    refuse(data);
    return;
  }
  refused = false;
  showError($("error"), "");
  path.steps = [];
  await showAnswer(data.table);
}

$("undo").addEventListener("click", undo);

function offerChoice(hits) {
  const box = $("choice");
  box.replaceChildren();
  const label = document.createElement("p");
  label.textContent = tr("web.table.choose");
  box.append(label);
  for (const action of hits) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.textContent = actionLabel(action);
    button.addEventListener("click", () => send(action.notation));
    box.append(button);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = tr("web.table.cancel");
  cancel.addEventListener("click", () => { box.hidden = true; });
  box.append(cancel);
  box.hidden = false;
}

zoomable($("board"), "table");

$("board").addEventListener("click", (event) => {
  const square = event.target.closest("[data-square]");
  if (square && ordering()) {
    order.pickSquare(square.dataset.square);
    return;
  }
  const handTile = event.target.closest("[data-hand-tile]");
  if (handTile && ordering()) {
    order.pickTile(handTile.dataset.handTile);
    return;
  }
  const member = event.target.closest("[data-choose-member]");
  if (member && table?.your_turn && table.role === "seat") {
    pickset.toggle(member.dataset.chooseMember);
    return;
  }
  const milepost = event.target.closest("[data-milepost]");
  if (milepost && table?.your_turn && table.role === "seat") {
    path.pick(milepost.dataset.milepost);
    return;
  }
  if (!table || table.role !== "seat") return;
  const drawnPart = event.target.closest("[data-part]");
  if (drawnPart && chooser.active && chooser.point(partsOf(drawnPart))) return;
  const element = event.target.closest("[data-pick]");
  if (!element) {
    if (drawnPart) showError($("error"), tr("web.table.nothing_here"));
    return;
  }
  const { tokens, hits } = chooser.active ? { tokens: matching(element).tokens, hits: [] }
    : matching(element);
  if (hits.length === 1) send(hits[0].notation);
  else if (hits.length > 1) offerChoice(hits);
  else if (table.your_turn && tokens.length) send(tokens[0]); // the engine says why not
  else showError($("error"), tr("web.table.nothing_here"));
});

$("type-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("notation").value.trim();
  if (text) send(text).then(() => { $("notation").value = ""; });
});

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${tableId}/live?lang=${lang}`);
  socket.addEventListener("open", () => socket.send(JSON.stringify({ token })));
  socket.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message.type === "table") newestSeq = Math.max(newestSeq, message.table.seq);
    if (message.type === "table" && (!table || message.table.seq !== table.seq
        || message.table.finished !== table.finished
        || message.table.deadline_seconds !== table.deadline_seconds
        || message.table.rematch !== table.rematch
        || JSON.stringify(message.table.late_without_default)
          !== JSON.stringify(table.late_without_default)
        || JSON.stringify(message.table.seats) !== JSON.stringify(table.seats))) {
      if (!refused) showError($("error"), "");
      load();
    } else if (message.type === "chat") {
      chat.add(message.messages);
    } else if (message.error) {
      showError($("error"), message.error);
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4403 || event.code === 4400) return;
    // 1013: the server holds its limit of live connections (its message is shown)
    setTimeout(connect, event.code === 1013 ? 15000 : 1500);
  });
}

if (!token) {
  deadLink({ key: "srv.no_token" }, loading);
} else {
  // a link that opens nothing gets no live connection (its refusal is on the page already)
  load().then(() => { if (!["table", "token"].includes(document.body.dataset.dead)) connect(); });
}

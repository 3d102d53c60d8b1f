// The record viewer: step through a finished table's record or an imported record
// file, like an analysis board. The server replays and draws (public view only).
// A record is sent back as the server gave it (its seed a decimal string) or as the
// file's text, never re-encoded from numbers JavaScript may have rounded.
import { api, placeSvg, showError, tr } from "./common.js";
import { zoomable } from "./zoom.js";

const $ = (id) => document.getElementById(id);
let record = null;
let step = 0;
let total = 0;

async function showStep(wanted) {
  const { ok, data } = await api("/web/replay", { method: "POST", body: { record, step: wanted } });
  if (!ok) {
    showError($("error"), data.error || String(data));
    $("viewer").hidden = true;
    return;
  }
  showError($("error"), "");
  step = data.step;
  total = data.total;
  $("viewer").hidden = false;
  $("viewer-title").textContent = `${tr("web.viewer.title")}: ${data.title}`;
  $("where").textContent = tr("web.viewer.step", { n: step, total });
  if (data.svg) placeSvg($("board"), data.svg);
  const moves = $("moves");
  moves.replaceChildren();
  data.moves.forEach((move, i) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = i + 1 === step ? "move current" : "move";
    button.textContent = `${move.name}: ${move.notation}`;
    button.addEventListener("click", () => showStep(i + 1));
    item.append(button);
    moves.append(item);
  });
  const log = $("log");
  log.replaceChildren();
  for (const text of data.events) {
    const item = document.createElement("li");
    item.textContent = text;
    log.append(item);
  }
  const box = $("result");
  box.hidden = !data.result;
  if (data.result) {
    box.textContent = `${tr("web.table.result")}: ` + data.result.scores
      .map((score, seat) => `${data.names[seat]} ${score}`).join(" · ")
      + ` · ${tr("web.table.winner", { names: data.result.winners.map((s) => data.names[s]).join(", ") })}`;
  }
}

$("file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  const text = await file.text();
  try {
    JSON.parse(text); // only to say at once when the file is no JSON at all
  } catch (err) {
    showError($("error"), `${file.name}: ${err.message}`);
    return;
  }
  // the server reads the text itself: JSON.parse here would round a seed beyond 2**53
  record = text;
  showStep(0);
});
$("first").addEventListener("click", () => showStep(0));
$("back").addEventListener("click", () => showStep(Math.max(0, step - 1)));
$("next").addEventListener("click", () => showStep(Math.min(total, step + 1)));
$("last").addEventListener("click", () => showStep(total));
document.addEventListener("keydown", (event) => {
  if (!record || event.target.tagName === "INPUT") return;
  if (event.key === "ArrowLeft") showStep(Math.max(0, step - 1));
  if (event.key === "ArrowRight") showStep(Math.min(total, step + 1));
});

// /viewer?table=ID#token: the record of a finished table
const params = new URLSearchParams(location.search);
const tableId = params.get("table");
const token = decodeURIComponent(location.hash.slice(1));
if (tableId && token) {
  api(`/api/tables/${encodeURIComponent(tableId)}/record`, { token }).then(({ ok, data }) => {
    if (!ok) { showError($("error"), data.error || String(data)); return; }
    record = data;
    showStep(0);
  });
}

zoomable($("board"), "viewer");

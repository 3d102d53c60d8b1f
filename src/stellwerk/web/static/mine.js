// "My tables": the seat links this browser has opened (kept in localStorage), with
// whose turn it is from the server (POST /api/my-tables with the tokens).
import { api, deadlineText, forgetTable, keptTables, tr } from "./common.js";

async function render() {
  const kept = keptTables();
  const list = document.getElementById("tables");
  list.replaceChildren();
  document.getElementById("empty").hidden = kept.length > 0;
  if (!kept.length) return;
  const { ok, data } = await api("/api/my-tables", { method: "POST", body: { tokens: kept.map((t) => t.token) } });
  const live = new Map();
  if (ok) for (const entry of data) live.set(`${entry.table}/${entry.seat}`, entry);
  const rows = kept.map((t) => ({ kept: t, now: live.get(`${t.table}/${t.seat}`) }));
  // yours to move first, the soonest deadline first among them; finished ones last
  const rank = (row) => [row.now?.your_turn ? 0 : row.now?.finished ? 2 : 1,
    row.now?.deadline_at ?? Infinity];
  rows.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
  for (const { kept: entry, now } of rows) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/t/${encodeURIComponent(entry.table)}#${encodeURIComponent(entry.token)}`;
    link.textContent = `${entry.title || entry.table} · ${entry.name || ""}`;
    const state = document.createElement("span");
    state.className = "state";
    state.textContent = now ? (now.finished ? tr("web.mine.over")
      : now.your_turn ? tr("web.mine.turn") : tr("web.mine.waiting")) : "?";
    if (now?.deadline_at && !now.finished) {
      state.textContent += ` · ${tr("web.mine.due", { time: deadlineText(now.deadline_at) })}`;
    }
    if (now?.your_turn) item.className = "mine";
    const forget = document.createElement("button");
    forget.type = "button";
    forget.textContent = tr("web.mine.forget");
    forget.addEventListener("click", () => { forgetTable(entry.token); render(); });
    item.append(link, " ", state, " ", forget);
    list.append(item);
  }
}

render();

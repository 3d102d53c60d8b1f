// Shared by every page: texts in the page's language, the JSON API, the language
// switch and the seat links this browser keeps ("my tables"). No third-party code.

const TEXTS = JSON.parse(document.getElementById("texts")?.textContent || "{}");
export const lang = document.body.dataset.lang || "en";

export function tr(key, params = {}) {
  const template = TEXTS[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

export async function api(path, { token, method = "GET", body } = {}) {
  const headers = { "Accept-Language": lang };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const sep = path.includes("?") ? "&" : "?";
  let response;
  try {
    response = await fetch(`${path}${sep}lang=${lang}`, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    return { ok: false, status: 0, data: { error: tr("web.table.offline") } };
  }
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, data };
}

// A deadline as a person reads it: the date and time in the viewer's own time zone and
// language, and how long is left ("Sat 29 Nov, 02:36 · 23 h 12 min left").
// A moment (seconds since 1970) as day and time in the viewer's zone and language.
export function dateText(at) {
  return new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
  }).format(new Date(at * 1000));
}

export function deadlineText(at, now = Date.now()) {
  const date = dateText(at);
  let left = Math.round((at * 1000 - now) / 1000);
  if (left <= 0) return `${date} · ${tr("web.time.overdue")}`;
  const parts = [];
  for (const [size, unit] of [[86400, "d"], [3600, "h"], [60, "min"], [1, "s"]]) {
    const count = Math.floor(left / size);
    if (count > 0 || (unit === "s" && parts.length === 0)) parts.push(tr(`web.time.${unit}`, { n: count }));
    left -= count * size;
    if (parts.length === 2) break;
  }
  return `${date} · ${tr("web.time.left", { span: parts.join(" ") })}`;
}

export function showError(element, text) {
  element.textContent = text || "";
  element.hidden = !text;
}

// the drawing comes from our own server as SVG text; parse it as XML (never as HTML)
export function placeSvg(container, svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const root = doc.documentElement;
  container.replaceChildren();
  if (root && root.nodeName === "svg") container.append(document.importNode(root, true));
}

const STORE = "stellwerk.tables";

export function keptTables() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && typeof t.token === "string") : [];
  } catch {
    return [];
  }
}

export function keepTable(entry) {
  const list = keptTables().filter((t) => t.token !== entry.token);
  list.unshift({ ...entry, at: Date.now() });
  localStorage.setItem(STORE, JSON.stringify(list.slice(0, 200)));
}

export function forgetTable(token) {
  localStorage.setItem(STORE, JSON.stringify(keptTables().filter((t) => t.token !== token)));
}

document.getElementById("lang-switch")?.addEventListener("click", (event) => {
  const next = event.currentTarget.dataset.lang;
  document.cookie = `stellwerk-lang=${next}; path=/; max-age=31536000; SameSite=Lax`;
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    location.replace(url.toString()); // keeps the #token
  } else {
    location.reload();
  }
});

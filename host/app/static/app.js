// dicetable's page: the table's state, live (server-sent events), and its controls.
// It knows no game: each game describes itself in a small vocabulary (host/games/page.py,
// docs/games.md): its setup and pick-up forms (the catalog), its state (the "view": a
// headline, seats with dials, lists, tracks, tables, the dice), and everything it waits
// for as "answers" (a title, one-tap choices, or a small form); the page draws them.
// Changes carry the table PIN (kept for this tab only); without it the page is read-only.
// Every string it shows goes through t() (its own words: host/app/locales/LANG.json); what
// the server sends (the games' words, notices, refusals) comes in the page's language.
"use strict";

const PIN_KEY = "dicetable-pin";
const LANG_KEY = "dicetable-lang"; // the language chosen with the switch (kept on this device)
const SOURCE_ICONS = { camera: "📷", button: "🔘", page: "📱", timer: "⏱", recording: "▶", import: "📄" };
// where an input came from, in words (the icon's tooltip)
const sourceName = (source) => ({ camera: t("camera"), button: t("button"), page: t("page"), timer: t("timer"), recording: t("recording"), import: t("import") })[source] || source;

let state = null; // the table's state, as the server last sent it
let catalog = null; // what the setup forms offer, per game
let pin = sessionStorage.getItem(PIN_KEY) || "";
let seenNotice = null; // the last notice this page knows of (null: before its first state)
let drawn = {}; // section -> the JSON it was last drawn from (redraw only what changed)
let windowTimer = null;
let lang = "en"; // the page's language: every request asks for it
let texts = {}; // the page's own words in it: English text -> translation
let listJoins = [", ", " and "]; // how it joins a list: between items, before the last
let sentenceJoin = "; "; // how it joins sentences said one after another
let languages = { en: "English" }; // the languages the table speaks, each in itself
let events = null; // the live stream of states
let panelFollowed = null; // the part of the state an open panel follows, as it was drawn from
let clockOffset = 0; // the server's clock minus this device's (ms): countdowns are the server's
const ODDS_KEY = "dicetable-odds"; // the keep advisor shown (kept on this device)
const PIN_TAG_KEY = "dicetable-pin-tag"; // which PIN the one kept is (a new game draws a new one)
let pinTag = sessionStorage.getItem(PIN_TAG_KEY) || "";
let pinSince = 0; // the state's version the tag was given at (an older state has the old one)
const tableView = () => document.body.classList.contains("table-view");

// ---- words ----------------------------------------------------------------------------

// The page's own words in its language: `key` is the English text (a template whose
// {name} fields are filled from `fields`, a number as the language writes it); one missing
// in the language is said in English.
function t(key, fields) {
  if (!fields) return textOf(key);
  return worded(key, fields).replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? fieldText(fields[name]) : whole));
}

// The text of `key` in the page's language (English where it has none), and the same with
// its counts' forms chosen and French's elisions made for `fields`: t()'s and tn()'s.
function textOf(key) { return Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key; }
function worded(key, fields) { return elided(plurals(textOf(key), fields), fields); }

// A count's words in the page's language: each plural argument of a template ("{n, plural,
// one {# finished game} other {# finished games}}", ICU MessageFormat's) said in the form
// the browser's Intl.PluralRules chooses for the count (French "one" for 0 and 1, English
// for 1 alone, Japanese "other" always), "other" where the language's file writes no such
// form (French "many", a round million); `#` is the count. The server's: host.games.text.plurals.
const PLURAL = /\{(\w+), plural,((?:\s*\w+\s*\{(?:[^{}]|\{[^{}]*\})*\})+)\s*\}/g;
const PLURAL_FORM = /\s*(\w+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g;
let pluralRules = null; // Intl.PluralRules of the page's language (made again when it changes)
function plurals(template, fields) {
  if (!template.includes(", plural,")) return template;
  if (!pluralRules || pluralRules.resolvedOptions().locale.split("-")[0] !== lang) pluralRules = new Intl.PluralRules(lang);
  return template.replace(PLURAL, (whole, name, body) => {
    const forms = Object.fromEntries([...body.matchAll(PLURAL_FORM)].map((m) => [m[1], m[2]]));
    const count = fields[name];
    const form = forms[typeof count === "number" ? pluralRules.select(count) : "other"] ?? forms.other;
    return form === undefined ? whole : form.replace(/#/g, `{${name}}`);
  });
}

// French elides "de" and "que" before a field whose value starts with a vowel ("le
// résultat d'Aiko", "de Bruno"), as the server's texts do (host.games.text.ELIDING).
function elided(template, fields) {
  if (lang !== "fr") return template;
  return template.replace(/(^|[^\p{L}'’])([Dd]e|[Qq]ue) \{(\w+)\}/gu, (whole, before, word, name) =>
    (typeof fields[name] === "string" && /^[aeiouàâäéèêëîïôöùûüœæ]/iu.test(fields[name]) ? `${before}${word.slice(0, -1)}'{${name}}` : whole));
}

// A number as the page's language writes it ("0,8" in French, "0.8" in English and
// Japanese: host.games.text.decimal says the server's alike), `digits` decimals if given.
function number(x, digits) {
  const exact = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return x.toLocaleString(lang, { useGrouping: false, ...exact });
}
const fieldText = (value) => (typeof value === "number" ? number(value) : String(value));

// Items as the page's language lists them ("a, b and c"; "a、bとc").
function listed(items) {
  const [between, last] = listJoins;
  return items.length < 2 ? items.join("") : items.slice(0, -1).join(between) + last + items[items.length - 1];
}

// Sentences said one after another, as the page's language joins them ("a; b"; "a。b"):
// teach.js's "Still to do: a; b." (the dice teaching), with the host's `sentence_join`.
const sentences = (items) => items.join(sentenceJoin);

// The same, for a sentence holding elements: the nodes of the filled template, each field
// in its place (a translation may move it).
function tn(key, fields) {
  const template = worded(key, fields);
  return template.split(/(\{\w+\})/).filter((part) => part !== "").map((part) => {
    const name = part.match(/^\{(\w+)\}$/);
    if (!name || !(name[1] in fields)) return part;
    const value = fields[name[1]];
    return typeof value === "number" ? number(value) : value;
  });
}

// Every request asks for the page's language (Accept-Language; the event stream, which
// cannot set headers, with ?lang=).
const LANG_HEADER = "Accept-Language";
const get = (path) => fetch(path, { headers: { [LANG_HEADER]: lang } });

// The language: the one chosen on this device, else the browser's first the table speaks
// (the server chooses among navigator.languages), else English.
async function loadLanguage(wanted) {
  const asked = wanted || localStorage.getItem(LANG_KEY) || (navigator.languages || [navigator.language]).join(",");
  const data = await (await fetch(`/api/locale?lang=${encodeURIComponent(asked)}`)).json().catch(() => null);
  if (!data) return;
  lang = data.lang;
  texts = data.texts;
  listJoins = data.list_joins || listJoins;
  sentenceJoin = data.sentence_join || sentenceJoin;
  languages = data.languages;
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) {
    el.dataset.t = el.dataset.t || el.textContent.trim();
    el.textContent = t(el.dataset.t);
  }
  for (const el of document.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  const choose = $("language");
  choose.textContent = "";
  for (const [code, name] of Object.entries(languages)) choose.append(h("option", { value: code, selected: code === lang, lang: code }, name));
  choose.setAttribute("aria-label", t("Language"));
}

async function switchLanguage(code) {
  localStorage.setItem(LANG_KEY, code);
  await loadLanguage(code);
  catalog = await (await get("/api/catalog")).json();
  drawn = {};
  const panel = $("panel");
  const open = panel.dataset.name && !panel.hidden ? panel.dataset.name : null;
  const typed = open ? typedIn(panel) : null; // (the game's forms keep theirs: draft())
  setPin(pin); // the lock's words, and everything drawn again
  if (open) { await openPanel(open); retype(panel, typed); }
  connect(); // the live state, in the new language
}

// What was typed and chosen in a panel's fields (a setup half filled in, an input's JSON),
// put back by retype() once the panel is drawn again in another language: the game chosen
// and the number of players first (they draw the rest), then each field in order.
const FIELDS = "input:not([type=file]), select, textarea";
function typedIn(root) {
  const chosen = root.querySelector("select[data-keep=game]");
  return {
    game: chosen && chosen.value,
    rows: root.querySelectorAll("input[name=name]").length,
    fields: [...root.querySelectorAll(FIELDS)].map((el) => ({
      tag: el.tagName, type: el.type, name: el.name, value: el.value, checked: el.checked,
      options: el.multiple ? [...el.selectedOptions].map((o) => o.value) : null,
    })),
  };
}
// what a field shows (its value, tick, options chosen), to compare
const shows = (el) => JSON.stringify([el.value, el.checked, [...(el.selectedOptions || [])].map((o) => o.value)]);
function retype(root, typed) {
  const chosen = root.querySelector("select[data-keep=game]");
  if (chosen && typed.game && chosen.value !== typed.game) {
    chosen.value = typed.game;
    chosen.dispatchEvent(new Event("change"));
  }
  const rows = () => root.querySelectorAll("input[name=name]").length;
  for (let n = 0; n < 20 && rows() !== typed.rows; n++) {
    const button = root.querySelector(rows() < typed.rows ? "[data-test=more-players]" : "[data-test=fewer-players]");
    if (!button || button.disabled) break;
    button.click();
  }
  [...root.querySelectorAll(FIELDS)].forEach((el, i) => {
    const was = typed.fields[i];
    if (!was || was.tag !== el.tagName || was.type !== el.type || was.name !== el.name) return;
    const before = shows(el);
    if (el.type === "checkbox") el.checked = was.checked;
    else if (was.options) for (const o of el.options) o.selected = was.options.includes(o.value);
    else el.value = was.value;
    if (before === shows(el)) return;
    el.dispatchEvent(new Event("input", { bubbles: true })); // (the names refill the lists of
    el.dispatchEvent(new Event("change", { bubbles: true })); // players, fields follow others)
  });
}

// What a form of the game holds so far (the dice tapped, the cards chosen, a field's
// choice), by the form without its words: drawn again while the game has not moved (a
// language switch draws every word anew, twice: at once, then with the state in the new
// language), it starts where it was. Forgotten at the game's next move (render()). Kept
// in the tab's session as the page goes (a reload, a phone's tab put away): three dice of
// four tapped were gone on a reload, to tap again; taken back if the game has not moved.
const drafts = new Map();
let draftsAt = null;
const DRAFTS_KEY = "dicetable-drafts";
let draftsKept = (() => { try { return JSON.parse(sessionStorage.getItem(DRAFTS_KEY)); } catch { return null; } })();
function keepDrafts() {
  const entries = [...drafts].map(([key, v]) => [key, v instanceof Set ? { set: [...v] } : v]);
  sessionStorage.setItem(DRAFTS_KEY, JSON.stringify({ at: draftsAt, entries }));
}
function takeKeptDrafts(at) {
  const kept = draftsKept;
  draftsKept = null;
  if (!kept || kept.at !== at || !Array.isArray(kept.entries)) return;
  for (const [key, v] of kept.entries) drafts.set(key, v && !Array.isArray(v) && Array.isArray(v.set) ? new Set(v.set) : v);
}
const WORDING = new Set(["label", "note", "submit", "title", "find"]);
function draft(kind, form, fresh) {
  const key = kind + JSON.stringify(form, (k, v) => (WORDING.has(k) ? undefined : v));
  if (!drafts.has(key)) drafts.set(key, fresh());
  return drafts.get(key);
}

// ---- small helpers ------------------------------------------------------------------

// An element made with its attributes and children (null, undefined and false left out:
// an element's own append() writes them as text, "null", so what it may leave out is "").
function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    // through the CSSOM: the page's Content-Security-Policy drops a style attribute
    else if (key === "style") el.style.cssText = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

const $ = (id) => document.getElementById(id);
const unlocked = () => pin !== "";
const game = () => (state && state.game) || null;
const view = () => (game() && game().view) || null;
const gameCatalog = () => (catalog && game() && catalog.games.find((g) => g.game === game().kind)) || (catalog && catalog.games[0]);
const diceFaces = () => { const c = gameCatalog(); return (c && c.dice && c.dice.faces) || []; };
const faceLabel = (face) => { const f = diceFaces().find((d) => d.face === face); return f ? f.label : face; };
// a face in words, for a screen reader and a tooltip (a label that is a sign, ♥, is said so)
const faceSaid = (face) => { const f = diceFaces().find((d) => d.face === face); return f ? f.said || f.label : face; };
const canPickUp = () => !catalog || catalog.games.some((c) => c.pickup);

// A list of many choices gets a search box when its choices say what they are found by
// (`find`: a card's name in every language, its cost): an option stays shown if each word
// typed is in one of its terms (a number: the start of one, so "4" finds a cost of 4).
function searchable(selects, choices) {
  if (!Array.isArray(choices) || !choices.some((c) => c.find)) return null;
  const fold = (text) => String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const terms = new Map(choices.map((c) => [c.value, [c.label, ...(c.find || [])].map(fold)]));
  const found = (value, word) => (terms.get(value) || []).some((term) => (/^\d+$/.test(word) ?
    term.split(/\s+/).some((part) => part.startsWith(word) && !/^\d/.test(part.slice(word.length))) : term.includes(word)));
  // a short placeholder (a long one is cut on a phone); the whole hint as its label and tooltip
  const hint = t("Search: a name in any language, or a cost");
  const box = h("input", { type: "search", class: "search", placeholder: t("Search…"), "aria-label": hint, title: hint });
  box.addEventListener("input", () => {
    const words = fold(box.value).split(/\s+/).filter(Boolean);
    for (const select of selects) {
      for (const option of select.options) option.hidden = !!option.value && !words.every((w) => found(option.value, w));
      const first = [...select.options].find((o) => o.value && !o.hidden);
      if (!select.multiple && select.selectedOptions[0] && select.selectedOptions[0].hidden && first) first.selected = true;
    }
  });
  return box;
}

// Choices that can be searched (names) are listed in the page language's alphabetical order.
const ordered = (choices) => (Array.isArray(choices) && choices.some((c) => c.find) ?
  [...choices].sort((a, b) => String(a.label).localeCompare(String(b.label), lang)) : choices);
// A die drawn as a die: our own glyph of its face (the design the vision renderer draws,
// sent as SVG with the game's dice), else its label.
function dieGlyph(face) {
  const f = diceFaces().find((d) => d.face === face);
  const label = f ? f.label : face || "?";
  const said = f ? faceSaid(face) : label;
  const el = h("span", { class: "die", "data-face": face || null, role: "img", "aria-label": said, title: said });
  if (f && f.svg) el.innerHTML = f.svg;
  else el.textContent = label;
  return el;
}
const diceRow = (faces) => h("span", { class: "dice" }, faces.map(dieGlyph));

function say(text, level = "info") {
  const box = $("message");
  box.textContent = text;
  box.className = level;
  box.hidden = false;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { box.hidden = true; }, level === "info" ? 5000 : 9000);
}

async function send(path, body, withPin = true) {
  if (send.busy) return null; // a second tap while the first is on its way: it is the same
  send.busy = true;
  document.body.classList.add("busy");
  try {
    return await sendNow(path, body, withPin);
  } finally {
    send.busy = false;
    document.body.classList.remove("busy");
  }
}

async function sendNow(path, body, withPin) {
  const headers = { "Content-Type": "application/json" };
  if (withPin) headers["X-Table-PIN"] = pin;
  let response;
  try {
    response = await fetch(path, { method: "POST", headers: { ...headers, [LANG_HEADER]: lang }, body: JSON.stringify(body) });
  } catch (error) {
    say(t("The table cannot be reached: {error}", { error: error.message }), "error");
    return null;
  }
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    if (response.status === 403 && pin) setPin("");
    if (data.stale) await refresh(); // the table moved on: show it as it is now
    say(data.error || response.statusText, data.stale ? "warning" : "error");
    return null;
  }
  return data;
}

// Every change says which state it was made against: a double tap, or two phones at
// once, is refused by the table instead of being done twice.
const act = (action) => send("/api/action", { ...action, version: state ? state.version : null });

async function refresh() {
  const response = await get("/api/state").catch(() => null);
  if (!response) return;
  const fresh = await response.json().catch(() => null);
  const now = Number(response.headers.get("X-Table-Time"));
  if (now) clockOffset = now * 1000 - Date.now();
  if (fresh && (!state || fresh.version >= state.version)) { state = fresh; render(); }
}
const answer = (input) => act({ do: "input", input });

function setPin(value, tag, since) {
  pin = value;
  if (tag !== undefined) { pinTag = tag || ""; pinSince = since || (state ? state.version : 0); }
  if (value) { sessionStorage.setItem(PIN_KEY, value); sessionStorage.setItem(PIN_TAG_KEY, pinTag); }
  else { sessionStorage.removeItem(PIN_KEY); sessionStorage.removeItem(PIN_TAG_KEY); }
  $("lock").textContent = value ? t("🔓 Unlocked") : t("🔒 PIN");
  $("lock").classList.toggle("open", !!value);
  document.body.classList.toggle("readonly", !value);
  drawn = {};
  render();
}

function describe(input) {
  const rest = Object.entries(input)
    .filter(([k]) => k !== "type" && k !== "player")
    .map(([k, v]) => Array.isArray(v) ? `${k}: ${v.map(faceLabel).join(" ") || "–"}` : `${k}: ${v}`);
  const who = input.player ? `${input.player} ` : "";
  return `${who}${String(input.type).replace(/_/g, " ")}${rest.length ? " · " + rest.join(" · ") : ""}`;
}

// ---- live state ---------------------------------------------------------------------

// A phone asleep for minutes wakes with its event stream dead: the host dropped it (30 s
// unanswered) and the phone was not told, so nothing comes and the page showed the game as
// it was, marked live. The host sends a beat at least every 15 s (web.py HEARTBEAT): a page
// that heard nothing for longer, or wakes having heard nothing for a while, connects again.
const QUIET_MS = 40000; // nothing heard this long: the stream is dead
const WOKEN_MS = 20000; // woken, nothing heard this long: it may be dead (a beat was due)
let heard = 0; // when the stream last said something

function connect() {
  if (events) events.close();
  heard = Date.now();
  events = new EventSource(`/api/events?lang=${encodeURIComponent(lang)}`);
  events.addEventListener("beat", () => { heard = Date.now(); });
  events.addEventListener("state", (e) => {
    heard = Date.now();
    if (e.lastEventId) clockOffset = Number(e.lastEventId) * 1000 - Date.now(); // the server's time
    const fresh = JSON.parse(e.data);
    // a version lower than the last: the host started again, numbering its states afresh
    // (from anywhere): the PIN's tag is judged by the new run's states from now on
    if (state && fresh.version < state.version) pinSince = 0;
    state = fresh;
    online(true);
    render();
  });
  events.onerror = () => online(false);
}

function connectAgain(quiet) {
  if (!events || Date.now() - heard < quiet) return;
  online(false); // (its buttons unusable until the table as it is now has come)
  connect();
}

// A lost server is said plainly, and the buttons look (and are) unusable until it is back.
function online(on) {
  $("live").className = on ? "dot on" : "dot off";
  $("live").title = on ? t("live") : t("reconnecting…");
  document.body.classList.toggle("offline", !on);
  $("offline").hidden = on;
}

function render() {
  if (!state) return;
  document.body.dataset.version = state.version;
  const g = game();
  const at = g ? `${g.id} ${g.inputs} ${!!g.window}` : "";
  if (at !== draftsAt) { drafts.clear(); draftsAt = at; takeKeptDrafts(at); }
  $("title").textContent = g ? t("{title} · game {n}", { title: g.title, n: g.id }) + (g.paused ? ` · ${t("paused")}` : "") : "";
  const v = view();
  checkPin();
  section("status", [v && v.headline, g && g.awaiting, g && g.paused, !!(g && g.window), !!catalog], drawStatus);
  section("summary", [g && g.summary, v && v.seats, unlocked()], drawSummary);
  section("overview", [v && v.tracks, v && v.seats, tableView()], drawOverview);
  section("answers", [g && g.answers, unlocked(), !!catalog, g && foldedKind(g), g && g.throw && g.throw.status === "misfit" && g.throw.guess], drawAnswers);
  section("window", [g && g.window, unlocked(), !!catalog], drawWindow);
  for (const [name, data, draw] of TEACHING.sections()) section(name, data, draw); // teach.js
  section("throw", [g && g.throw, v && v.dice, v && v.odds, !!catalog, localStorage.getItem(ODDS_KEY)], drawThrow);
  section("places", [v && v.places, v && v.seats, tableView()], drawPlaces);
  section("players", [v && v.seats], drawPlayers);
  section("lists", [v && v.lists], drawLists);
  section("tracks", [v && v.tracks, g && g.answers, unlocked()], drawTracks);
  section("tables", [v && v.tables], drawTables);
  section("log", [g && g.log, g && g.inputs, !!catalog], drawLog);
  drawMenu();
  followPanel();
  // a notice is said as it comes; those told before the page opened are not said again
  // (a table with none yet: its first notice is said too)
  const fresh = state.notices.filter((n) => n.id > (seenNotice || 0));
  if (fresh.length) {
    const last = fresh[fresh.length - 1];
    if (seenNotice !== null) say(last.text, last.level);
    seenNotice = last.id;
  } else if (seenNotice === null) seenNotice = 0;
}

// A new game draws a new PIN: a page unlocked with the old one learns it is locked now
// (its next tap would only fail, and count as a wrong PIN).
function checkPin() {
  if (!unlocked() || !state.pin_tag || !pinTag || state.pin_tag === pinTag || state.version < pinSince) return;
  setPin("", "");
  say(t("A new game has a new table PIN: enter it to change the game from this page."), "warning");
}

function section(name, data, draw) {
  const key = JSON.stringify(data);
  let el = document.querySelector(`#main > [data-section="${name}"]`);
  if (!el) {
    if (name === "status") $("main").textContent = "";
    el = h("section", { "data-section": name, "data-test": name });
    $("main").append(el);
  }
  if (drawn[name] === key) return;
  drawn[name] = key;
  el.textContent = "";
  draw(el);
  el.hidden = !el.childNodes.length;
  if (name === "answers") spreadAnswers();
}

// On a tablet (app.css: 48rem and wider) three or more answers sit side by side across the
// screen when, one under the other in their column, they would stand taller than the
// screen (seven answers with a runner or a space to pick each: 2,300 px); else they keep
// their column beside the dice and the seats (three short ones, 400 px: a row across pushed
// the dice and the seats down by the tallest of them, the page 170 px taller).
function spreadAnswers() {
  const el = document.querySelector('#main > [data-section="answers"]');
  if (!el) return;
  el.classList.remove("across");
  const many = el.querySelectorAll(":scope > .answer").length >= 3;
  if (many && matchMedia("(min-width: 48rem)").matches && el.offsetHeight > innerHeight) el.classList.add("across");
}
addEventListener("resize", spreadAnswers);

// ---- the sections ---------------------------------------------------------------------

function drawStatus(el) {
  const g = game();
  if (!g) {
    el.append(h("p", {}, t("No game on the table.")),
      unlocked() ? h("p", {}, h("button", { onclick: () => openPanel("setup") }, t("Set up a game")), " ",
        canPickUp() ? h("button", { onclick: () => openPanel("pickup") }, t("Pick up a game in progress")) : null) :
        h("p", { class: "quiet" }, t("Enter the table PIN to set up a game.")));
    return;
  }
  el.append(h("h2", { "data-test": "turn" }, g.view.headline));
  if (g.paused) el.append(h("p", { class: "paused", "data-test": "paused" }, t("⏸ Paused: the camera and the buttons are ignored until the game resumes.")));
  if (g.awaiting && !g.window) el.append(h("p", { class: "quiet", "data-test": "awaited" }, t("Waiting for {what}", { what: g.awaiting })));
}

function drawAnswers(el) {
  const g = game();
  if (!g || !g.answers.length) return;
  if (!unlocked()) {
    el.append(h("p", { class: "quiet" }, t("Read-only: enter the table PIN to answer.")));
    return;
  }
  const folded = foldedKind(g);
  if (!folded) unfolded.clear();
  const answers = g.answers.filter((a) => a.kind !== folded).concat(g.answers.filter((a) => a.kind === folded));
  // the answer that ends a rethrow ("use this result", the form's `ends`), one button, is
  // drawn in the rethrow's form, above its grid: on a phone it stood below, off the screen
  const ends = new Map();
  for (const a of answers) {
    if (a.kind === folded || !a.form || a.form.type !== "dice" || !a.form.ends) continue;
    const end = answers.find((b) => b.kind === a.form.ends && b.player === a.player && b.choices.length === 1 && !b.form);
    if (end) ends.set(a, end);
  }
  const inside = new Set(ends.values());
  for (const a of answers.filter((x) => !inside.has(x))) {
    const fold = a.kind === folded;
    const heading = h("h3", {}, a.title);
    const box = fold ?
      h("details", {
        class: "answer folded", "data-kind": a.kind, "data-player": a.player, open: unfolded.has(`${a.kind} ${a.player}`),
        ontoggle: (e) => unfolded[e.currentTarget.open ? "add" : "delete"](`${a.kind} ${a.player}`),
      },
        h("summary", { "data-test": "unfold" }, heading, h("span", { class: "quiet" }, FOLDED[a.kind]()))) :
      h("div", { class: "answer", "data-kind": a.kind, "data-player": a.player }, heading);
    const base = { type: a.kind, player: a.player };
    if (a.choices.length > 8) {
      box.append(picker(a.choices.map((c, i) => ({ value: i, label: c.label, find: c.find })), a.title, (i) => answer(a.choices[i].input)));
    } else {
      box.append(h("div", { class: "choices" }, a.choices.map((c) => h("button", { "data-input": JSON.stringify(c.input), onclick: () => answer(c.input) }, c.label))));
    }
    if (a.form && a.form.type === "dice") box.append(diceForm(a.form, ends.get(a)));
    if (a.form && a.form.type === "correct") box.append(correctForm(a.form, base));
    if (a.form && a.form.type === "fields") box.append(fieldsForm(guessed(a, g.throw)));
    el.append(box);
  }
}

// A throw entered by hand and a misread die fixed are both a grid of the dice as they lie:
// the page opens the one that fits the moment and folds the other, under a title saying
// when it is for (at the end of the answers). The dice read by the camera: fixing a
// misread die is what fits, the next throw is the camera's. Entered by hand (or the
// camera could not read the last throw): entering the throw fits.
const FOLDED = {
  throw: () => t("Enter the next throw by hand, only if the camera cannot read it"),
  correct: () => t("Fix a die of this throw, only if one is wrong"),
};

const unfolded = new Set(); // the folded answers a player opened ("kind player"): kept open as the game moves

function foldedKind(g) {
  const kinds = new Set(g.answers.map((a) => a.kind));
  const entry = g.answers.find((a) => a.kind === "throw" && a.form && a.form.type === "dice" && !a.form.only);
  if (!entry || !kinds.has("correct")) return null; // one grid only: nothing to tell apart
  return cameraRead(g) ? "throw" : "correct";
}

// The dice on the table were read by the camera: its last throw in the game's log, unless
// the camera has seen a throw since that it could not use (then it is to be entered).
function cameraRead(g) {
  const seen = g.throw;
  if (seen && !seen.cards && ["misfit", "refused", "asking"].includes(seen.status)) return false;
  const last = g.log.slice().reverse().find((e) => e.input && e.input.type === "throw");
  return !!last && last.source === "camera";
}

// The dice entered by tapping them: one tap on a face per die, in any order; a die tapped
// in the row is taken back. The last die entered sends the throw. A rethrow starts from
// the dice as they lay: only a die that shows another face is tapped, then the throw is
// sent. A form that counts one face only (a game's roll-off may count one face) asks how
// many.
function diceForm(form, end = null) {
  if (form.only) return countForm(form);
  // (one die alone, a beast's or a curse's: "the die", not "the dice")
  const noted = () => (form.count === 1 ? t("Enter the die: {note}.", { note: form.note }) : t("Enter the dice: {note}.", { note: form.note }));
  const intro = (text) => h("p", { class: "quiet" }, form.note ? noted() : text);
  if (form.current.length === form.count) {
    const dice = draft("rethrow", form, () => form.current.slice());
    // the result kept as it lies (`end`, the answer that ends the throws) first: under the
    // grid it stood off a phone's screen
    return h("div", { class: "dice-form", "data-test": "dice-form" },
      end ? h("p", { class: "choices" }, h("button", {
        "data-test": "throw-end", "data-input": JSON.stringify(end.choices[0].input), onclick: () => answer(end.choices[0].input),
      }, end.choices[0].label)) : null,
      intro(t("Tap the new face of each die that changed, then send the throw:")),
      diceGrid(form.current, form.faces, (i, f) => { dice[i] = f; }, form.groups, dice),
      h("button", { "data-test": "throw-done", onclick: () => act({ do: "throw", faces: dice.slice() }) }, t("Send this throw")));
  }
  const chosen = draft("dice", form, () => []);
  const slots = h("div", { class: "dice slots", "data-test": "dice-slots" });
  // how a die tapped wrong is taken back, said once one is tapped: a throw refused left the
  // row full, every face tapped then doing nothing, and nothing said a die could be taken back
  const back = h("small", { class: "quiet note", "data-test": "take-back" }, t("Tap a die in the row to take it back."));
  const draw = () => {
    back.hidden = !chosen.length;
    slots.textContent = "";
    for (let i = 0; i < form.count; i++) {
      const face = chosen[i];
      slots.append(h("button", {
        class: "die-slot", "data-slot": i, "aria-label": t("die {n}", { n: i + 1 }),
        onclick: () => { if (face !== undefined) { chosen.splice(i, 1); draw(); } },
      }, face === undefined ? h("span", { class: "die empty" }, "?") : dieGlyph(face)));
    }
  };
  draw();
  const button = (f) => h("button", {
    class: "die-button", "data-face": f, "aria-label": faceSaid(f),
    onclick: () => {
      if (chosen.length >= form.count) return;
      chosen.push(f);
      draw();
      if (chosen.length === form.count) act({ do: "throw", faces: chosen.slice() });
    },
  }, dieGlyph(f));
  // dice of several kinds: each kind's faces a row of their own, named (a game's other die
  // may show a face drawn as the main dice's: tapped in its own row)
  const rows = (form.groups || [form.faces])
    .map((g, i) => ({ name: (form.group_names || [])[i], faces: form.faces.filter((f) => g.includes(f)) }))
    .filter((row) => row.faces.length);
  const palette = h("div", { class: "palette", "data-test": "dice-palette" }, rows.map((row) => h("div", { class: "choices palette-row" },
    rows.length > 1 && row.name ? h("span", { class: "quiet palette-name" }, row.name) : null, row.faces.map(button))));
  const before = form.current.length ? h("p", { class: "quiet" }, t("Before this throw:"), " ", diceRow(form.current)) : null;
  return h("div", { class: "dice-form", "data-test": "dice-form" },
    // a throw of dice of several kinds says them (the game's `dice`: "6 dice and ...")
    intro(form.dice ? t("Tap each die's face, one tap per die ({dice}):", { dice: listed(form.dice) }) :
      t("Tap each die's face, one tap per die:")), before, slots, back, palette);
}

// Every die a column of the faces it can show, the face it shows marked: one tap on
// another face of a die says that die shows it (`pick(die, face)`). With `groups` (the
// faces of each kind of die a game throws), a die's column holds its own kind's faces.
function diceGrid(dice, faces, pick, groups, shown = dice) {
  const grid = h("div", { class: "dice-grid", "data-test": "dice-grid", style: `--dice: ${dice.length}` });
  dice.forEach((face, i) => {
    const column = h("div", { class: "dice-column", "data-die": i, "data-from": face });
    const own = (groups || []).find((g) => g.includes(face)) || faces;
    column.append(...own.map((f) => h("button", {
      type: "button", class: "die-button", "data-face": f, "aria-pressed": String(f === shown[i]),
      "aria-label": t("die {n}: {face}", { n: i + 1, face: faceSaid(f) }),
      onclick: (event) => {
        for (const b of column.children) b.setAttribute("aria-pressed", String(b === event.currentTarget));
        pick(i, f);
      },
    }, dieGlyph(f))));
    grid.append(column);
  });
  return grid;
}

function countForm(form) {
  const faces = (n) => [...Array(form.count)].map((_, i) => (i < n ? form.only : form.other));
  return h("div", { class: "dice-form", "data-test": "dice-form" },
    h("p", { class: "quiet" }, tn("How many {face} does the throw show?", { face: dieGlyph(form.only) })),
    h("div", { class: "choices counts" }, [...Array(form.count + 1)].map((_, n) => h("button", {
      "data-count": n, onclick: () => act({ do: "throw", faces: faces(n) }),
    }, String(n)))));
}

// A choice from a long list (cards): a search box over the names in every language (and
// whatever else a choice can be found by, e.g. its cost), and the matching names to tap.
function picker(choices, label, pick, chosen = null) {
  const box = h("div", { class: "search-picker", "data-test": "picker" });
  const search = h("input", { type: "search", placeholder: t("Search…"), "aria-label": label, "data-test": "picker-search" });
  const list = h("div", { class: "choices picks" });
  const norm = (x) => String(x).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const fill = () => {
    const words = norm(search.value).split(/\s+/).filter(Boolean);
    list.textContent = "";
    if (chosen && !words.length) return; // choosing several (a form): the list once searched
    const found = choices.filter((c) => {
      const text = norm([c.label, c.value, ...(c.find || [])].join(" "));
      return words.every((w) => text.includes(w));
    });
    for (const c of found.slice(0, 80)) {
      list.append(h("button", {
        type: "button", class: chosen && chosen.has(c.value) ? "pick chosen" : "pick", "data-value": c.value,
        "aria-pressed": chosen ? String(chosen.has(c.value)) : null,
        onclick: () => { pick(c.value); fill(); },
      }, c.label));
    }
    if (found.length > 80) list.append(h("span", { class: "quiet" }, t("{n} more: type to narrow", { n: found.length - 80 })));
    if (!found.length) list.append(h("span", { class: "quiet" }, t("Nothing matches")));
  };
  search.addEventListener("input", fill);
  fill();
  box.append(search, list);
  return box;
}

// A form that completes an input: a list to choose from, or a whole number, per field;
// a dotted name ("heal.Bob") is a count inside an object field of the input. Several
// fields of one long list (a hand laid down: a card each) are one list and a slot each.
function fieldsForm(form, send = answer) {
  if (sameLongLists(form.fields)) return slotsForm(form, send);
  let submit = null;
  const kept = draft("fields", form, () => form.fields.map(() => null)); // a field's value so far
  const keep = (el, i) => {
    if (kept[i] !== null) el.value = kept[i];
    el.addEventListener("change", () => { kept[i] = el.value; });
    return el;
  };
  const inputs = form.fields.map((f, i) => {
    if (!f.choices) return keep(h("input", { type: "number", min: f.min, max: f.max, value: f.min, "aria-label": f.label }), i);
    if (f.choices.length <= 8) {
      return keep(h("select", { "aria-label": f.label }, h("option", { value: "" }, `${f.label}…`),
        ordered(f.choices).map((c) => h("option", { value: optionValue(c, f.choices) }, c.label))), i);
    }
    const held = { value: "" }; // a long list: searched, and one tap on the name chooses it
    held.el = picker(ordered(f.choices), f.label, (v) => { held.value = v; if (form.fields.length === 1) submit.click(); }, null);
    return held;
  });
  const rows = form.fields.map((f, i) => inputs[i].el || (f.choices ? inputs[i] : h("label", { class: "dial" }, t("{label} (0–{most})", { label: f.label, most: f.max }) + " ", inputs[i])));
  submit = h("button", {
    "data-test": "fields-submit",
    onclick: () => {
      const input = JSON.parse(JSON.stringify(form.input));
      for (const [i, f] of form.fields.entries()) {
        const raw = inputs[i].value;
        if (raw === "") return say(t("Choose {what} first", { what: f.label }), "warning");
        const value = f.choices ? chosenValue(f, raw) : Number(raw);
        const path = f.name.split(".");
        let into = input;
        for (const key of path.slice(0, -1)) into = into[key] = into[key] || {};
        into[path[path.length - 1]] = value;
      }
      send(input);
    },
  }, form.submit);
  // one long list alone: its tap sends the input, so no button ("Lay down these cards" under
  // a hand's one card, "Enter it" under the card turned over, did nothing a tap had not)
  const tapSends = form.fields.length === 1 && inputs[0].el;
  return h("div", { class: "fields-form" }, h("div", { class: "choices" }, rows), tapSends ? "" : submit);
}

// A form of a player's hand the camera saw laid but could not read whole: filled in with
// its reading (each card's likeliest, those not read marked), to confirm in one tap or
// fix the card not read (the camera's `guess`).
function guessed(a, seen) {
  const guess = seen && seen.status === "misfit" && seen.guess;
  if (!guess || guess.player !== a.player || !sameLongLists(a.form.fields) || guess.cards.length !== a.form.fields.length) return a.form;
  return { ...a.form, current: guess.cards, unsure: guess.unsure };
}

function sameLongLists(fields) {
  if (fields.length < 2 || !fields.every((f) => f.choices && f.choices.length > 8)) return false;
  const first = JSON.stringify(fields[0].choices);
  return fields.every((f) => JSON.stringify(f.choices) === first);
}

// Several fields of one long list (a hand of cards): a slot per field, showing what it
// holds, and one list searched; a tap on a name fills the first empty slot, a tap on a
// slot empties it again, and the last slot filled sends the input (as the dice are
// entered). Each field its own list, 8 of them for 8 cards, stood a screen each and
// showed nothing of what was chosen.
function slotsForm(form, send) {
  const choices = ordered(form.fields[0].choices);
  // each slot: the choice in it, or null (filled with `current`: the cards the camera read)
  const chosen = draft("slots", form, () => form.fields.map((f, i) => choices.find((c) => JSON.stringify(c.value) === JSON.stringify((form.current || [])[i])) || null));
  const slots = h("div", { class: "choices slots", "data-test": "slots" });
  // `least`: that many slots or more may be sent, the ones filled, in order (several cards
  // laid at once); else every slot is filled
  const fewer = form.least !== undefined;
  const sent = () => {
    const input = JSON.parse(JSON.stringify(form.input));
    const filled = chosen.filter(Boolean);
    for (const [i, f] of form.fields.slice(0, filled.length).entries()) {
      const path = f.name.split(".");
      let into = input;
      for (const key of path.slice(0, -1)) into = into[key] = into[key] || {};
      into[path[path.length - 1]] = filled[i].value;
    }
    send(input);
  };
  chosen.forEach((c, i) => { // (drawn again in another language: its choice's words now)
    if (c) chosen[i] = choices.find((x) => JSON.stringify(x.value) === JSON.stringify(c.value)) || c;
  });
  const unsure = draft("unsure", form, () => new Set(form.unsure || [])); // a guess: marked until changed
  const submit = h("button", { "data-test": "fields-submit", onclick: () => sent() }, form.submit);
  const draw = () => {
    slots.textContent = "";
    form.fields.forEach((f, i) => slots.append(h("button", {
      type: "button", class: !chosen[i] ? "slot empty" : unsure.has(i) ? "slot doubt" : "slot", "data-slot": i, "aria-label": f.label,
      onclick: () => { if (chosen[i]) { chosen[i] = null; unsure.delete(i); draw(); } },
    }, chosen[i] ? (unsure.has(i) ? `${chosen[i].label} ?` : chosen[i].label) : "?")));
    // a guess, all filled: one tap sends it; several cards: once `least` are chosen
    submit.hidden = fewer ? chosen.filter(Boolean).length < form.least : !form.unsure || chosen.includes(null);
  };
  draw();
  const list = picker(choices, form.fields[0].label, (v) => {
    const i = chosen.indexOf(null);
    if (i < 0) return;
    chosen[i] = choices.find((c) => c.value === v);
    draw();
    const search = list.querySelector("input[type=search]");
    if (search.value) { search.value = ""; search.dispatchEvent(new Event("input")); }
    if (!chosen.includes(null)) sent();
  });
  return h("div", { class: "fields-form slots-form", "data-test": "slots-form" },
    form.unsure ? h("p", { class: "quiet" }, t("Filled in as the camera read them (? not sure): send them, or tap a card above to take it back and tap the right one in the list.")) :
      form.note ? h("p", { class: "quiet" }, form.note) : "", slots, submit, list);
}

// A choice's value as an <option>'s: itself, or (a card, a target: a JSON object) its
// place in the field's list, which chosenValue() turns back into it.
function optionValue(c, choices) { return typeof c.value === "object" ? String(choices.indexOf(c)) : c.value; }
function chosenValue(f, raw) {
  if (typeof raw !== "string") return raw; // a picker's choice is the value itself
  const objects = f.choices.length && typeof f.choices[0].value === "object";
  return objects ? f.choices[Number(raw)].value : raw;
}

// Fixing a misread die: one tap on the face it really shows, in its column.
function correctForm(form, base) {
  const faces = form.faces || diceFaces().map((f) => f.face);
  return h("div", { class: "correct" }, h("p", { class: "quiet" }, t("Tap the face a misread die really shows:")),
    diceGrid(form.dice, faces, (i, f) => { if (f !== form.dice[i]) answer({ ...base, from: form.dice[i], to: f }); }, form.groups));
}

// The correction window: its countdown is to the server's deadline (the same on every
// page, a reloaded one too, and started again by each fix).
function drawWindow(el) {
  clearInterval(windowTimer);
  const w = game() && game().window;
  if (!w) return;
  const counter = h("strong", { "data-test": "countdown" });
  const until = w.ends_at === null || w.ends_at === undefined ? null : w.ends_at * 1000;
  const tick = () => {
    const left = Math.max(0, (until - (Date.now() + clockOffset)) / 1000);
    counter.textContent = t("{seconds} s", { seconds: number(left, 1) });
  };
  if (w.paused || until === null) {
    el.append(h("p", {}, t("{player}'s result waits until the game resumes; fix a misread die now.", { player: w.player })));
  } else {
    tick();
    windowTimer = setInterval(tick, 100);
    el.append(h("p", {}, tn("{player}'s result counts in {countdown}: fix a misread die now.", { player: w.player, countdown: counter })));
  }
  // what else may be done first (a beast's die thrown once more after its last throw):
  // offered again by "Not yet"; unsaid, the window shut on it
  if (w.also) el.append(h("p", { "data-test": "window-also" }, t("Still possible first (tap “{button}”): {what}", { button: t("Not yet: more throws"), what: w.also })));
  if (unlocked()) {
    el.append(h("div", { class: "choices" },
      h("button", { "data-test": "use-now", onclick: () => answer(w.input) }, t("Use it now")),
      h("button", { "data-test": "not-yet", onclick: () => act({ do: "undo" }) }, t("Not yet: more throws"))));
  }
}

function drawThrow(el) {
  const g = game();
  if (!g) return;
  const seen = g.throw;
  const dice = g.view.dice;
  if (dice && dice.faces.length) {
    el.append(h("div", { class: "result", "data-test": "result" },
      h("h3", {}, t("The dice (throw {n} of {most})", { n: dice.throw, most: dice.throws })),
      h("span", { class: "dice" }, dice.faces.map((f, i) => {
        const die = dieGlyph(f);
        if (dice.used && dice.used[i]) die.classList.add("used"); // a die already used (a race's action)
        return die;
      }))));
  }
  const odds = g.view.odds;
  if (odds) el.append(drawOdds(odds));
  // a throw entered by hand, its dice no longer shown (the next player's turn): nothing of
  // it to see, and 'Last throw: entered by hand' alone under the dice to tap told of none
  const unseen = seen && !seen.cards && !seen.snapshot && !seen.dice.length && !(dice && dice.faces.length);
  if (seen && !tableView() && !unseen) {
    const fig = h("figure", {});
    const alt = seen.cards ? t("the camera's view of the cards") : t("the camera's view of the throw");
    if (seen.snapshot) fig.append(h("img", { src: `/api/snapshot/${seen.snapshot}.jpg`, alt, "data-test": "snapshot" }));
    const status = { read: t("read by the camera"), misfit: t("not read"), refused: t("refused by the rules"), ignored: t("ignored"), entered: t("entered by hand"), confirmed: t("as entered on the page"), noted: t("to complete on the page"), fixed: t("fixed on the page"), differs: t("not as entered on the page") }[seen.status] || seen.status;
    const said = { status, reason: seen.reason };
    const caption = seen.cards ?
      (seen.reason ? t("Cards seen last: {status} — {reason}", said) : t("Cards seen last: {status}", said)) :
      (seen.reason ? t("Last throw: {status} — {reason}", said) : t("Last throw: {status}", said));
    fig.append(h("figcaption", { "data-test": "seen" }, caption));
    if (seen.cards) {  // a card game's: every card read in the camera's view, in the game's words
      // (teach.js's cardLabel: "9 jaune", "黄の9"; the ids "yellow 9" read as English)
      fig.append(h("ul", { class: "readings", "data-test": "readings" }, seen.dice.map((d) => h("li", {
        class: d.value === "unknown" || d.color === "unknown" ? "doubt" : "",
      }, h("b", {}, d.value === "unknown" || d.color === "unknown" ?
        t("? ({card})", { card: cardLabel({ color: d.best_color, value: d.best_value }) }) : cardLabel(d)),
      ` ${Math.round(Math.min(d.confidence, d.color_confidence) * 100)}%`))));
    } else if (seen.dice.length) {
      fig.append(h("ul", { class: "readings", "data-test": "readings" }, seen.dice.map((d) => h("li", {
        class: d.confidence < 0.8 || d.face === "unknown" ? "doubt" : "",
      }, d.face === "unknown" ? h("b", {}, "? ", dieGlyph(d.best_guess || "")) : dieGlyph(d.face),
      ` ${Math.round(d.confidence * 100)}%`, d.kept ? " · " + t("kept") : ""))));
    }
    if (seen.cards && seen.fix && seen.status === "read" && unlocked()) fig.append(cardsFix(seen.fix));
    if (seen.cards && seen.entered && seen.status === "differs" && unlocked()) fig.append(cardsDiffer(seen));
    el.append(fig);
  }
}

// Cards the camera read unlike those just entered on the page for a play: tapped wrong
// while the camera read them, or the next play? Neither is taken until a person says
// (table.py's "differs"): one tap each.
function cardsDiffer(seen) {
  const player = seen.entered.player;
  return h("p", { class: "choices", "data-test": "cards-differ" },
    seen.fixed ? h("button", { "data-test": "differ-fix", onclick: () => act({ do: "replace", input: seen.fixed }) },
      t("They are {player}'s: fix what was entered", { player })) : null,
    seen.next ? h("button", { "data-test": "differ-next", onclick: () => answer(seen.next) },
      t("They are the next play ({player}'s)", { player: seen.next.player })) : null);
}

// The cards the camera read, taken by the rules, fixed in one tap: what the page offered
// for that input, each choice replacing the reading (a hand: its cards in their slots, one
// tapped out and the right one tapped in). Folded under what was read: most readings are
// right.
function cardsFix(fix) {
  const replace = (input) => act({ do: "replace", input });
  const box = h("details", { class: "answer folded", "data-test": "cards-fix" },
    h("summary", { "data-test": "unfold" }, h("h3", {}, t("Not what the camera read? Tap what was laid instead"))));
  if (fix.choices.length > 8) {
    box.append(picker(fix.choices.map((c, i) => ({ value: i, label: c.label, find: c.find })), fix.title, (i) => replace(fix.choices[i].input)));
  } else if (fix.choices.length) {
    box.append(h("div", { class: "choices" }, fix.choices.map((c) => h("button", { onclick: () => replace(c.input) }, c.label))));
  }
  if (fix.form && fix.form.type === "fields") box.append(fieldsForm(fix.form, replace));
  return box;
}

// The game's advice for the next throw (its odds): off by default, one tap away.
function drawOdds(odds) {
  const shown = localStorage.getItem(ODDS_KEY) === "1";
  const toggle = h("button", {
    class: "odds-toggle", "data-test": "odds-toggle", "aria-expanded": String(shown),
    onclick: () => { localStorage.setItem(ODDS_KEY, shown ? "0" : "1"); render(); },
  }, shown ? t("Hide the odds") : t("Show the odds"));
  const box = h("div", { class: "odds", "data-test": "odds" }, toggle);
  if (!shown) return box;
  box.append(h("h3", {}, odds.label), h("table", {}, odds.rows.map((r) => h("tr", {},
    h("td", {}, r.keep.length ? diceRow(r.keep) : t("nothing kept")),
    h("td", {}, r.goal, h("br"), h("small", { class: "quiet" }, r.need)),
    h("td", { class: "chance" }, t("{percent} %", { percent: Math.round(r.chance * 1000) / 10 }))))),
    odds.note ? h("p", { class: "quiet" }, odds.note) : "");
  return box;
}

// Where everyone is (the places a game's board has), drawn as our own map, with
// every seat's dials large: the view for a tablet or a screen in the middle of the table.
function drawPlaces(el) {
  const v = view();
  if (!v || !v.places || !v.places.length) return;
  const seat = (name) => v.seats.find((s) => s.player === name);
  el.append(h("div", { class: "places" }, v.places.map((p) => h("div", { class: `place-box place-${p.name}`, "data-place": p.name },
    h("svg", { class: "skyline", viewBox: "0 0 120 40", "aria-hidden": "true" }),
    h("h3", {}, p.label),
    p.players.length ? p.players.map((name) => {
      const s = seat(name);
      return h("p", { class: "occupant", "data-player": name }, h("b", {}, name), s && s.role ? " " + s.role : "");
    }) : h("p", { class: "quiet" }, t("empty"))))));
  for (const svg of el.querySelectorAll("svg.skyline")) {
    svg.innerHTML = '<path d="M0 40V22h8V12h6v10h6V6h8v16h5V16h7v24zM44 40V18h6V8h4v10h8v22zM66 40V14h10v26zM80 40V20h6V10h8v10h6V4h6v36zM108 40V24h12v16z" fill="currentColor"/>';
  }
}

// The seats: each player's name and role, dials ("♥ 7/10"), place, tags and lists.
function drawPlayers(el) {
  const v = view();
  if (!v || !v.seats.length) return;
  el.append(h("div", { class: "players" }, v.seats.map((s) => {
    const classes = ["player"];
    if (s.active) classes.push("active");
    if (s.out) classes.push("out");
    if (s.winner) classes.push("winner");
    const dials = s.dials.map((d) => h("span", { class: "dial", "data-dial": d.name },
      `${d.label} ${d.value}${d.max === null || d.max === undefined ? "" : "/" + d.max}`));
    return h("article", { class: classes.join(" "), "data-player": s.player },
      h("h3", {}, s.player, s.role ? h("small", {}, " " + s.role) : null),
      dials.length ? h("div", { class: "dials" }, dials) : null,
      s.place ? h("p", { class: "place" }, "📍 " + s.place) : null,
      s.tags.length ? h("p", { class: "tags" }, s.tags.join(" · ")) : null,
      s.lists.filter((l) => l.items.length).map((l) => h("p", { class: `items ${l.name}`, "data-list": l.name },
        [l.label, l.items.join(listJoins[0])].filter(Boolean).join(" "))));
  })));
}

// Lists of things on the table: cards on offer, a discard pile...
function drawLists(el) {
  const v = view();
  if (!v) return;
  for (const l of v.lists) {
    el.append(h("div", { class: "list" }, h("h3", {}, l.label),
      h("p", { "data-test": l.name, "data-list": l.name }, l.items.length ? l.items.join(" · ") : t("none")),
      l.note ? h("p", { class: "quiet" }, l.note) : null));
  }
}

// Tracks of spaces (a race's course): each space's mark and the tokens lying on it. A
// choice of the answers that acts on a space or a token (its "on") makes that thing
// tappable: one choice is done at once (undo is there), several are offered beneath.
function drawTracks(el) {
  const v = view();
  if (!v) return;
  const choices = unlocked() && game() ? game().answers.flatMap((a) => a.choices).filter((c) => c.on) : [];
  for (const t of v.tracks) {
    const picker = h("div", { class: "choices picker", "data-test": "track-picker" });
    const offer = (found) => {
      picker.textContent = "";
      if (found.length === 1) return answer(found[0].input);
      picker.append(...found.map((c) => h("button", { onclick: () => answer(c.input) }, c.label)));
    };
    const tappable = (node, found) => {
      if (!found.length) return node;
      node.classList.add("tap");
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.title = found.map((c) => c.label).join("\n");
      node.addEventListener("click", (e) => { e.stopPropagation(); offer(found); });
      return node;
    };
    const on = (i, player) => choices.filter((c) => c.on.track === t.name && c.on.space === i && (c.on.player || null) === player);
    el.append(h("h3", {}, t.label), h("ol", { class: "track", "data-track": t.name }, t.spaces.map((mark, i) =>
      tappable(h("li", { class: mark ? "space marked" : "space", "data-space": i, "data-mark": mark || null, "data-look": (t.looks && t.looks[i]) || null },
        h("small", {}, mark ? `${i} ${mark}` : String(i)),
        t.tokens.filter((k) => k.at === i).map((k) => tappable(h("span", {
          class: k.flipped ? "token flipped" : "token", "data-player": k.player, title: k.note || k.player,
          style: k.colour ? `background:${k.colour};color:${ink(k.colour)}` : null,
        }, k.label, k.note ? h("span", { class: "sr" }, ` (${k.note})`) : null), on(i, k.player)))), on(i, null)))),
      picker, t.note ? h("p", { class: "quiet" }, t.note) : "");
  }
}

// Where each player stands on a track (a race's course), drawn small under the headline: a
// lane per player, its tokens as dots in their colours along the track (a number: how many
// share a space). On a phone the course itself lies under the answers and the dice, 3,000
// px down the page: this is seen at once, as the seats' dials of other games. A tap goes
// to the course. (Not in the table view: it shows the course first, large.)
function drawOverview(el) {
  const v = view();
  if (!v || tableView()) return;
  for (const t of v.tracks) {
    if (!t.tokens.length) continue;
    const n = t.spaces.length;
    const at = (i) => `left:${((i + 0.5) / n) * 100}%`;
    const lakes = t.spaces.map((_, i) => i).filter((i) => t.looks && t.looks[i] === "water")
      .map((i) => h("span", { class: "lake", style: `${at(i)};width:${100 / n}%` }));
    const players = [...new Set(t.tokens.map((k) => k.player || k.label))];
    const go = () => {
      const course = document.querySelector(`[data-track="${t.name}"]`);
      if (course) course.scrollIntoView({ block: "start" });
    };
    el.append(h("div", { class: "overview", "data-overview": t.name, role: "button", tabindex: "0", onclick: go,
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } } },
      h("h3", {}, t.label),
      players.map((p) => {
        const mine = t.tokens.filter((k) => (k.player || k.label) === p);
        const spaces = [...new Set(mine.map((k) => k.at))].sort((a, b) => a - b);
        const seat = v.seats.find((s) => s.player === p);
        return h("div", { class: seat && seat.active ? "lane active" : "lane", "data-player": p },
          h("span", { class: "lane-name" }, p),
          h("span", { class: "lane-bar" }, lakes.map((l) => l.cloneNode()), spaces.map((i) => {
            const here = mine.filter((k) => k.at === i);
            const k = here[0];
            return h("span", {
              class: here.every((x) => x.flipped) ? "pip flipped" : "pip", "data-space": i, "data-count": here.length,
              title: here.map((x) => `${i}: ${x.note || x.player}`).join("\n"),
              style: `${at(i)}` + (k.colour ? `;background:${k.colour};color:${ink(k.colour)}` : ""),
            }, here.length > 1 ? String(here.length) : "");
          })));
      })));
  }
}

// Dark or light letters on a token of colour "#rrggbb".
function ink(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#000" : "#fff";
}

// Tables of figures (points per round): a heading per column, a row per player.
function drawTables(el) {
  const v = view();
  if (!v) return;
  for (const t of v.tables) {
    el.append(h("h3", {}, t.label), h("table", { "data-table": t.name },
      h("tr", {}, h("th", {}), t.columns.map((c) => h("th", {}, c))),
      t.rows.map((r) => h("tr", { "data-row": r.label }, h("th", {}, r.label), r.cells.map((c) => h("td", {}, String(c)))))));
  }
}

// What happened, in words: each step the game took and what it did, the last first.
function drawLog(el) {
  const g = game();
  if (!g || !g.log.length) return;
  const entry = (e) => h("li", { value: e.n, "data-step": e.n },
    h("span", { class: "source", title: sourceName(e.source) }, SOURCE_ICONS[e.source] || "·"), " ", e.said || describe(e.input),
    e.did && e.did.length ? h("ul", { class: "did" }, e.did.map((d) => h("li", {}, d))) : null);
  const latest = g.log.slice(-3).reverse();
  el.append(h("h3", {}, t("What happened")), h("ol", { reversed: true, class: "feed", "data-test": "feed" }, latest.map(entry)));
  if (g.log.length > latest.length) {
    const details = h("details", {}, h("summary", {}, t("Game log ({n, plural, one {# step} other {# steps}})", { n: g.inputs })));
    details.open = !!drawLog.open;
    details.addEventListener("toggle", () => { drawLog.open = details.open; });
    details.append(h("ol", { reversed: true, "data-test": "log" }, g.log.slice().reverse().map(entry)));
    el.append(details);
  }
}

// The game over: who won, the final dials, how long it took, its turning points; and what
// comes next, a new game (its setup form; a locked page is told to enter the PIN).
function drawSummary(el) {
  const g = game();
  const s = g && g.summary;
  if (!s) return;
  const v = view();
  el.append(h("h2", { "data-test": "winner" }, s.winners.length ? t("🏆 {players} won!", { players: listed(s.winners) }) : t("Nobody won.")),
    h("p", {}, t("{turns, plural, one {# turn} other {# turns}}, {minutes} min, {n, plural, one {# step} other {# steps}}", { turns: s.turns, minutes: s.minutes, n: s.inputs })),
    h("table", { class: "final", "data-test": "final" }, v.seats.map((seat) => h("tr", { class: seat.winner ? "winner" : null },
      h("th", {}, seat.player, seat.role ? h("small", {}, " " + seat.role) : null),
      seat.dials.map((d) => h("td", {}, `${d.label} ${d.value}`))))));
  if (s.key.length) {
    el.append(h("h3", {}, t("Turning points")), h("ol", { class: "turning" }, s.key.map((k) =>
      h("li", {}, k.turn ? t("turn {n}: {what}", { n: k.turn, what: k.text }) : k.text))));
  }
  el.append(unlocked() ? h("p", {}, h("button", { "data-test": "next-game", onclick: () => openPanel("setup") }, t("Set up a game"))) :
    h("p", { class: "quiet" }, t("Enter the table PIN to set up a game.")));
}

function drawMenu() {
  const g = game();
  const key = JSON.stringify([unlocked(), !!g, g && g.paused, g && g.inputs, g && g.redo, !!(g && g.summary), canPickUp(), lang]);
  if (drawn.menu === key) return;
  drawn.menu = key;
  const menu = $("menu");
  menu.textContent = "";
  if (unlocked() && g) {
    menu.append(
      h("button", { "data-test": "undo", onclick: () => act({ do: "undo" }), disabled: !g.inputs && !g.window }, t("↶ Undo")),
      h("button", { "data-test": "redo", onclick: () => act({ do: "redo" }), disabled: !g.redo }, t("↷ Redo")),
      // a game over has nothing to pause (its Pause drew only a refusal: 'the game is over')
      g.summary && !g.paused ? "" :
        h("button", { "data-test": "pause", onclick: () => act({ do: g.paused ? "resume" : "pause" }) }, g.paused ? t("▶ Resume") : t("⏸ Pause")));
  }
  menu.append(h("button", { "data-test": "more", onclick: () => openPanel("more") }, t("☰ More")));
}

// ---- panels: setup, pick up, games, statistics, an input as JSON ---------------------------

async function openPanel(name) {
  if (!catalog) catalog = await (await get("/api/catalog")).json();
  const panel = $("panel");
  // (a panel followed, drawn again as a state came while it was opened, was swapped in
  // and then this one's drawing added below it: the games listed twice after an import)
  const drawing = ++openPanel.drawing;
  panel.textContent = "";
  panel.dataset.name = name;
  panelFollowed = followed(name);
  panel.append(closeButton());
  try {
    await PANELS[name](panel);
  } finally {
    if (openPanel.drawing === drawing) openPanel.drawing = -drawing; // (drawn: none in flight)
  }
  panel.hidden = false;
  panel.scrollIntoView({ block: "start" });
  if (followed(name) !== panelFollowed) followPanel(); // (what changed meanwhile)
}
openPanel.drawing = 0; // the last panel opened's number, negative once it is drawn

const closeButton = () => h("button", { class: "close", "aria-label": t("close"), onclick: closePanel }, "✕");
const followed = (name) => (PANEL_FOLLOWS[name] ? JSON.stringify(PANEL_FOLLOWS[name]()) : null);

// A panel drawn from what it fetched that follows a part of the live state (the dice sets:
// their refits, as they start, wait and end) is drawn again where it stands, the part
// changed: the state pushed is how the page follows the table (no polling of its own).
async function followPanel() {
  const panel = $("panel");
  const name = panel.dataset.name;
  if (!name || panel.hidden || !PANEL_FOLLOWS[name] || followed(name) === panelFollowed) return;
  const opened = openPanel.drawing;
  if (opened > 0) return; // a panel being opened: it follows what changed once drawn
  const key = (panelFollowed = followed(name));
  const into = h("div"); // (drawn aside, then swapped in: the page does not jump meanwhile)
  await PANELS[name](into);
  if (panel.dataset.name === name && !panel.hidden && panelFollowed === key && openPanel.drawing === opened) panel.replaceChildren(closeButton(), ...into.childNodes);
}

function closePanel() {
  $("panel").hidden = true;
  $("panel").textContent = "";
}

// A game's setup (or pick-up) form, drawn from its catalog entry: a row per player (the
// name, then the seat's fields), then the game's fields; each field's value is set at its
// dotted name in the setup ("{i}": the row, "{player}": the name entered in it).
function setupForm(panel, pickup) {
  const games = catalog.games.filter((c) => (pickup ? c.pickup : c.setup));
  const current = game() && games.find((c) => c.game === game().kind);
  const box = h("div", {});
  const draw = (c) => {
    box.textContent = "";
    if (!c) return box.append(h("p", { class: "quiet" }, t("No game here can be picked up in progress.")));
    const choose = games.length > 1 ? h("p", {}, h("label", {}, t("Game") + " ", h("select", {
      "aria-label": t("game"), "data-keep": "game", onchange: (e) => draw(games.find((x) => x.game === e.target.value)),
    }, games.map((x) => h("option", { value: x.game, selected: x === c }, x.title))))) : null;
    box.append(gameForm(c, pickup, choose));
  };
  draw(current || games[0]);
  panel.append(box);
}

function gameForm(c, pickup, choose) {
  const spec = pickup ? c.pickup : c.setup;
  const before = game() ? game().id : null; // the game on the table as the form was opened
  const { min: least, max: most, start } = spec.players;
  const rows = h("div", { class: "rows" });
  const named = []; // the lists to pick a player from: refilled as names are typed
  const names = () => [...rows.querySelectorAll("[name=name]")].map((i) => i.value.trim()).filter(Boolean);
  const refreshNames = () => named.forEach((refill) => refill(names()));
  // a field only with an option (`only_with`: an expansion's, in a pick-up: every one stood
  // in every row, its option unticked) is shown while the option is on, what was typed in
  // it kept; the rows drawn before the form's own fields follow them once those are drawn
  let formControls = null;
  const showWith = (ctl) => {
    const other = formControls && ctl.field.only_with && formControls.find((x) => x.field.name === ctl.field.only_with);
    if (!other) return;
    const follow = () => ctl.show(other.on());
    other.els.forEach((el) => el.addEventListener("change", follow));
    follow();
  };
  const addRow = () => {
    const i = rows.children.length;
    if (i >= most) return;
    const row = h("fieldset", { class: "row" }, h("input", {
      name: "name", placeholder: t("Player {n}", { n: i + 1 }), "aria-label": t("player {n} name", { n: i + 1 }), required: true,
      maxlength: catalog.name_length, oninput: refreshNames,
    }));
    row.controls = spec.seat.map((f) => control(f, t("player {n} {field}", { n: i + 1, field: f.label }), i, named));
    row.controls.forEach((ctl) => row.append(...[ctl.inRow()].flat()));
    row.controls.forEach(showWith);
    rows.append(row);
    refreshNames();
    seatsNote();
  };
  // a game for more players than the board has seats: say who plays without a seat
  const seats = catalog.board_seats;
  const beyond = h("p", { class: "quiet note", "data-test": "seats-note", hidden: true });
  // a player more or fewer: the button greyed out at the game's limit (a tap did nothing)
  const more = h("button", { type: "button", "data-test": "more-players", onclick: () => addRow() }, t("+ player"));
  const fewer = h("button", {
    type: "button", "data-test": "fewer-players",
    onclick: () => { if (rows.children.length > least) rows.lastChild.remove(); refreshNames(); seatsNote(); },
  }, t("− player"));
  const seatsNote = () => {
    const n = rows.children.length;
    more.disabled = n >= most;
    fewer.disabled = n <= least;
    beyond.hidden = !seats || n <= seats;
    // one player beyond the seats is said alone ("player 3 has", never "players 3 to 3")
    beyond.textContent = n === seats + 1
      ? t("The board has {seats, plural, one {# seat} other {# seats}}: player {n} has no display or button, and plays on the page", { seats, n })
      : t("The board has {seats, plural, one {# seat} other {# seats}}: players {first} to {n} have no display or button, and play on the page", { seats, first: seats + 1, n });
  };
  for (let i = 0; i < start; i++) addRow();
  const controls = spec.fields.map((f) => control(f, f.label, 0, named));
  formControls = controls;
  // a field for when another is blank (`only_without`: a race's board parts, for a
  // course of your own, not a preset): greyed out and left out while the other has a value
  for (const ctl of controls.filter((x) => x.field.only_without)) {
    const other = controls.find((x) => x.field.name === ctl.field.only_without);
    if (!other) continue;
    const follow = () => ctl.enable(!other.filled());
    other.els.forEach((el) => el.addEventListener("change", follow));
    follow();
  }
  // a choice that brings others (`sets`: an edition's box, which fills its dice, cards and more):
  // picking it fills those fields still blank; each may then be changed on its own
  for (const ctl of controls.filter((x) => x.field.sets)) {
    ctl.els[0].addEventListener("change", () => {
      const brings = ctl.field.sets[ctl.els[0].value] || {};
      for (const [name, value] of Object.entries(brings)) {
        const other = controls.find((x) => x.field.name === name);
        if (other && !other.filled()) other.fill(value);
      }
    });
  }
  const form = h("form", { "data-test": pickup ? "pickup-form" : "setup-form" },
    // (the game named: only some games can be picked up, and the form did not say which:
    // a table playing another game met this one's characters, not told whose)
    h("h2", {}, pickup ? t("Pick up a game of {title} in progress", { title: c.title }) : t("New game of {title}", { title: c.title })),
    choose, rows,
    h("p", {}, more, " ", fewer),
    beyond,
    controls.filter((ctl) => !ctl.field.check).map((ctl) => ctl.alone()),
    h("p", { class: "options" }, controls.filter((ctl) => ctl.field.check).map((ctl) => ctl.alone())),
    h("button", { type: "submit", "data-test": "start" }, pickup ? t("Pick up the game") : t("Start the game")));
  [...controls, ...[...rows.children].flatMap((row) => row.controls)].forEach(showWith);
  refreshNames();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    // two players of one name: said here, at the field (the game's refusal named the
    // field as a script does, "players[1].name")
    const inputs = [...rows.querySelectorAll("[name=name]")];
    const twice = inputs.find((el, i) => inputs.findIndex((o) => o.value.trim() === el.value.trim()) < i);
    if (twice) {
      twice.focus();
      return say(t("Two players are named {name}: give each player a name of their own.", { name: twice.value.trim() }), "error");
    }
    const setup = {};
    [...rows.children].forEach((row, i) => {
      const name = row.querySelector("[name=name]").value.trim();
      put(setup, ["players", i, "name"], name);
      for (const ctl of row.controls) ctl.into(setup, i, name);
    });
    for (const ctl of controls) ctl.into(setup, 0, "");
    const g = game();
    // a game played, or one set up meanwhile on another phone (it has no input yet: a second
    // setup sent after the first took the table from it without a word)
    const other = g && !g.summary && g.id !== before;
    if (g && !g.summary && (g.inputs || other) && !form.querySelector("[data-test=confirm-new]")) {
      const said = other && !g.inputs ?
        t("Game {n} was just set up on another page: it stays in the list of games, and this one takes the table.", { n: g.id }) :
        t("Game {n} is in progress: it stays in the list of games, and this one takes the table.", { n: g.id });
      form.append(h("p", { class: "confirm warning" }, said, " ",
        h("button", { type: "submit", "data-test": "confirm-new" }, t("Start the new game anyway"))));
      return;
    }
    const done = await act({ do: "new_game", game: c.game, setup });
    if (done) {
      setPin(done.pin, done.pin_tag, done.version);
      closePanel();
      say(done.pin_kept ? t("The game is on. The table PIN is still {pin}.", { pin: done.pin }) :
        t("The game is on. The new table PIN is {pin} (on the board too).", { pin: done.pin }));
    }
  });
  return form;
}

// One field of a form: its element(s), drawn in a player's row (`inRow()`) or on their own
// (`alone()`), and `into(setup, row, name)` to set its value in the setup.
function control(f, aria, row, named) {
  const key = f.name.split(".").pop();
  const count = f.count || 1;
  const defaultAt = (k) => (Array.isArray(f.default) ? f.default[k] : f.default);
  let els;
  if (f.check) {
    els = [h("input", { type: "checkbox", name: key, checked: !!f.default, "aria-label": aria })];
  } else if (f.choices) {
    els = [...Array(count)].map((_, k) => h("select", {
      name: key, multiple: !!f.multiple, size: f.multiple ? 3 : null, "aria-label": count > 1 ? t("{field} {n}", { field: aria, n: k + 1 }) : aria,
    }));
    const fill = (choices) => els.forEach((select, k) => {
      const keep = [...select.selectedOptions].map((o) => o.value);
      select.textContent = "";
      if (f.blank !== undefined) select.append(h("option", { value: "" }, f.blank));
      choices.forEach((ch, n) => select.append(h("option", {
        value: optionValue(ch, f.choices),
        selected: keep.length ? keep.includes(optionValue(ch, f.choices)) : (f.distinct ? n === row : JSON.stringify(ch.value) === JSON.stringify(defaultAt(k))),
      }, ch.label)));
    });
    if (f.choices === "players") named.push((names) => fill(names.map((n) => ({ value: n, label: n }))));
    else fill(ordered(f.choices));
  } else if (f.units) { // a number and what it counts beside it (points or rounds): {unit: n}
    const at = Object.keys(f.default || {})[0] || f.units[0].value;
    const unit = f.units.find((u) => u.value === at) || f.units[0];
    const number = h("input", {
      type: "number", name: key, min: f.min, max: unit.max, value: (f.default || {})[unit.value] ?? unit.default,
      inputmode: "numeric", "aria-label": aria,
    });
    const units = h("select", { name: `${key}-unit`, "aria-label": t("{field}: counted in", { field: aria }) },
      f.units.map((u) => h("option", { value: u.value, selected: u === unit }, u.label)));
    // each unit its own most, and its own number when chosen (500 points became 500 rounds)
    const typed = new Map([[unit.value, number.value]]);
    let was = unit.value;
    units.addEventListener("change", () => {
      typed.set(was, number.value);
      const now = f.units.find((u) => u.value === units.value);
      number.max = now.max;
      number.value = typed.get(now.value) ?? now.default;
      was = now.value;
    });
    els = [number, units];
  } else if (f.text) { // a line of text (a board part's spaces): the blank ones left out
    els = [...Array(count)].map((_, k) => h("input", {
      type: "text", name: key, pattern: f.pattern, maxlength: f.maxlength, value: defaultAt(k) ?? "",
      autocomplete: "off", spellcheck: "false", class: "text-field",
      "aria-label": count > 1 ? t("{field} {n}", { field: aria, n: k + 1 }) : aria,
    }));
  } else {
    els = [...Array(count)].map((_, k) => h("input", {
      type: "number", name: key, min: f.min, max: f.max, value: defaultAt(k) ?? f.min ?? 0,
      "aria-label": count > 1 ? t("{field} {n}", { field: aria, n: k + 1 }) : aria,
    }));
  }
  // (a number and its unit kept together on a line: the unit fell alone on the next)
  const withSearch = f.units ? [h("span", { class: "with-unit" }, ...els)] :
    [f.choices ? searchable(els, f.choices) : null, ...els].filter(Boolean);
  const shown = f.label.charAt(0).toUpperCase() + f.label.slice(1);
  const note = f.note ? h("small", { class: "quiet note" }, f.note) : null;
  const value = () => {
    if (f.check) return [true, els[0].checked];
    if (f.units) return els[0].value.trim() === "" ? [false] : [true, { [els[1].value]: Number(els[0].value) }];
    const raw = els.map((el) => (f.multiple ? [...el.selectedOptions].map((o) => o.value) : el.value));
    if (f.multiple) return [true, raw[0]];
    const typed = (v) => (f.choices ? chosenValue(f, v) : f.text ? v.trim() : Number(v));
    if (f.count) {
      const chosen = raw.filter((v) => v.trim() !== "").map(typed);
      return [chosen.length > 0, chosen];
    }
    if (raw[0] === "") return "blank_value" in f ? [true, f.blank_value] : [false];
    return [true, typed(raw[0])];
  };
  let enabled = true;
  let shownNow = true; // (`only_with`: hidden while its option is off, and left out)
  let drawn = []; // what inRow() or alone() drew, hidden with it
  const drawing = (x) => { drawn = [x].flat().filter(Boolean); return x; };
  return {
    field: f,
    els,
    filled: () => value()[0],
    // ticked, or a value chosen (an option another field is only with)
    on: () => { const [present, v] = value(); return present && !!v && !(Array.isArray(v) && !v.length); },
    enable: (on) => {
      enabled = on;
      els.forEach((el) => { el.disabled = !on; });
    },
    show: (on) => {
      shownNow = on;
      drawn.forEach((el) => { el.hidden = !on; });
    },
    fill: (v) => { // a list's choice of this value, or a box ticked or not
      if (f.check) els[0].checked = !!v;
      else if (f.units) {
        const [unit, n] = Object.entries(v)[0];
        els[1].value = unit;
        els[1].dispatchEvent(new Event("change"));
        els[0].value = n;
      } else els[0].value = v;
      // (the fields only with it follow: the Dark Edition's box fills the deck, which a
      // zombie is only with)
      if (!f.units) els[0].dispatchEvent(new Event("change"));
    },
    inRow: () => drawing(f.check ? h("label", { class: "check" }, els[0], " " + shown) :
      f.choices ? (f.icon ? h("label", { class: "dial" }, f.icon, withSearch) :
        // a list of several picked in a player's row says what it lists: two lists of names
        // side by side were told apart by their names alone
        f.multiple ? h("div", { class: "multi" }, h("span", { class: "quiet" }, shown), withSearch) : withSearch) :
        h("label", { class: "dial" }, f.icon || shown, els)),
    alone: () => drawing(f.check ? (note ? h("div", { class: "check-field" }, h("label", { class: "check" }, els[0], " " + f.label), note) :
      h("label", { class: "check" }, els[0], " " + f.label)) : h("p", {}, h("label", {}, shown + " ", withSearch), note)),
    into: (setup, i, name) => {
      const [present, v] = value();
      if (!present || !enabled || !shownNow) return;
      put(setup, f.name.split(".").map((seg) => (seg === "{i}" ? i : seg === "{player}" ? name : seg)), v);
    },
  };
}

// Set `value` at `path` (keys and array indexes) in `obj`, making what is missing.
function put(obj, path, value) {
  let into = obj;
  path.slice(0, -1).forEach((key, n) => {
    if (into[key] === undefined) into[key] = typeof path[n + 1] === "number" ? [] : {};
    into = into[key];
  });
  into[path[path.length - 1]] = value;
}

// a game's name as the catalog says it (its kind where the catalog does not know it)
const gameTitle = (kind) => { const c = catalog && catalog.games.find((x) => x.game === kind); return c ? c.title : kind; };

async function gamesPanel(panel) {
  const list = (await (await get("/api/games")).json()).games;
  const current = game() && game().id;
  panel.append(h("h2", {}, t("Games")));
  const file = h("input", { type: "file", accept: ".json,application/json", "data-test": "import-file" });
  file.addEventListener("change", async () => {
    const text = await file.files[0].text();
    let script;
    try { script = JSON.parse(text); } catch { return say(t("{file} is not a game file: it is not JSON (cut short or damaged)", { file: file.files[0].name }), "error"); }
    // (sent without the page's state version: a file depends on nothing the page shows)
    const done = await send("/api/action", { do: "import", script });
    if (done) { say(done.known ? t("Already in the list as game {n}", { n: done.imported }) : t("Imported as game {n}", { n: done.imported })); openPanel("games"); }
  });
  if (unlocked()) panel.append(h("p", {}, h("label", {}, t("Import a game script:") + " ", file)));
  if (!list.length) return panel.append(h("p", { class: "quiet" }, t("No games yet.")));
  panel.append(h("table", { "data-test": "games" },
    h("tr", {}, h("th", {}, "#"), h("th", {}, t("date")), h("th", {}, t("players")), h("th", {}, t("status")), h("th", {})),
    list.map((g) => h("tr", { "data-game": g.id },
      h("td", {}, g.id),
      // the game's name under its date: a table's games with the same friends were told
      // apart only by the roles beside the names
      h("td", { class: "date" }, new Date(g.updated * 1000).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" }),
        h("small", { class: "quiet game-name", "data-test": "game-name" }, gameTitle(g.kind))),
      // players with a role: one a line, the role small beside the name as on the seats
      // ('Ann (role), Bob (role)' in a narrow cell broke 'Ann (role' / '), Bob'); names
      // alone: a list
      h("td", { class: "players-cell" }, g.players.some((p) => p.role) ?
        g.players.map((p) => h("span", { class: "player-line" }, p.name, p.role ? [" ", h("small", { class: "quiet" }, p.role)] : null)) :
        g.players.map((p) => p.name).join(t(", "))),
      h("td", {}, g.status === "over" ? (g.winners.length ? t("won by {players}", { players: listed(g.winners) }) : t("nobody won")) :
        g.paused ? t("paused, {n, plural, one {# input} other {# inputs}}", { n: g.inputs }) : t("playing, {n, plural, one {# input} other {# inputs}}", { n: g.inputs })),
      h("td", {},
        unlocked() && g.id !== current ? h("button", { onclick: async () => { if (await act({ do: "open", id: g.id })) closePanel(); } }, t("Open")) : null,
        " ", h("a", { class: "link", href: `/api/games/${g.id}/script`, download: `dicetable-game-${g.id}.json` }, t("Export")))))));
}

async function statsPanel(panel) {
  const s = await (await get("/api/stats")).json();
  panel.append(h("h2", {}, t("Statistics")), h("p", {}, t("{n, plural, one {# finished game} other {# finished games}}", { n: s.games })));
  if (!s.games) return;
  // each game's roles in a table of its own, headed by its own word for them (the word of
  // the game on the table stood over every game's roles)
  const kinds = [...new Set(s.roles.map((r) => r.kind))];
  for (const kind of kinds) {
    const c = catalog.games.find((x) => x.game === kind) || {};
    const several = kinds.length > 1;
    panel.append(several ? h("h3", {}, c.title || kind) : "", h("table", { "data-test": "stats", "data-game": kind },
      h("tr", {}, h("th", {}, c.role || t("role")), h("th", {}, t("wins")), h("th", {}, t("played"))),
      s.roles.filter((r) => r.kind === kind).map((r) => h("tr", {}, h("td", {}, r.role), h("td", {}, r.wins), h("td", {}, r.played)))));
  }
  if (s.players.length) panel.append(h("p", {}, t("Wins: {list}", { list: s.players.map((p) => `${p.player} ${p.wins}`).join(t(", ")) })));
  // a range, or one number in its count's form when its ends are equal ("1 minute", "1分",
  // never "1–1 minutes": Japanese has no form to tell them apart, so the number has its text)
  const spread = (x, range, one) => (!x ? "–" : x.min === x.max ? one({ n: x.min }) : range({ min: x.min, max: x.max, median: x.median }));
  panel.append(h("p", {}, t("Game length: {turns}; {minutes}", {
    turns: spread(s.turns, (x) => t("{min}–{max} turns (median {median})", x), (x) => t("{n, plural, one {# turn} other {# turns}}", x)),
    minutes: spread(s.minutes, (x) => t("{min}–{max} minutes (median {median})", x), (x) => t("{n, plural, one {# minute} other {# minutes}}", x)),
  })));
}

function jsonPanel(panel) {
  const g = game();
  const w = g && g.answers[0];
  const area = h("textarea", { rows: 5, "aria-label": t("input as JSON"), "data-test": "json-input" },
    JSON.stringify(w ? { type: w.kind, player: w.player } : {}, null, 1));
  panel.append(h("h2", {}, t("Send an input as JSON")),
    h("p", { class: "quiet" }, t("Any input the game takes (see docs/game-script.md); the rules check it like any other.")),
    area, h("p", {}, h("button", {
      onclick: async () => {
        let input;
        try { input = JSON.parse(area.value); } catch (error) { return say(t("Not JSON: {error}", { error: error.message }), "error"); }
        // one input is an object: anything else was refused in the API's own words (English)
        if (!input || typeof input !== "object" || Array.isArray(input)) {
          return say(t("One input is a JSON object: {example}", { example: '{"type": "...", "player": "..."}' }), "error");
        }
        if (await answer(input)) closePanel();
      },
    }, t("Send"))));
}

// Everything else, one tap from the bottom menu.
function morePanel(panel) {
  const g = game();
  const item = (name, label) => h("button", { "data-test": `open-${name}`, onclick: () => openPanel(name) }, label);
  panel.append(h("h2", {}, t("More")), h("div", { class: "choices menu-items" },
    unlocked() ? item("setup", t("New game")) : null,
    unlocked() && canPickUp() ? item("pickup", t("Pick up")) : null,
    item("games", t("Games")), item("stats", t("Statistics")), item("join", t("Join by QR code")),
    h("button", { "data-test": "table-view", onclick: () => { document.body.classList.toggle("table-view"); drawn = {}; closePanel(); render(); } },
      tableView() ? t("Phone view") : t("Table view (tablet)")),
    unlocked() && g ? item("json", t("Send an input as JSON")) : null, ...TEACHING.menu()));
}

// The table's address as a QR code (and as text), for phones to join.
async function joinPanel(panel) {
  const j = await (await get("/api/join")).json();
  const code = h("div", { class: "qr", "data-test": "qr", role: "img", "aria-label": t("QR code of {url}", { url: j.urls[0] }) });
  code.innerHTML = j.qr;
  panel.append(h("h2", {}, t("Join by QR code")), code,
    h("p", {}, t("Or open:"), " ", j.urls.map((u) => h("code", { "data-test": "join-url" }, u)).reduce((acc, x) => (acc.length ? [...acc, " ", x] : [x]), [])),
    j.network ? "" : h("p", { class: "quiet" }, t("This table serves this machine only: start it with --serve-network for phones to join.")),
    unlocked() && state.pin ? h("p", { "data-test": "shown-pin" }, t("Table PIN: {pin}", { pin: pin })) : "");
}

// An unlocked page can show the PIN (to tell a friend), and lock itself.
function pinPanel(panel) {
  panel.append(h("h2", {}, t("Table PIN")), h("p", { class: "big-pin", "data-test": "shown-pin" }, pin),
    h("button", { "data-test": "lock-now", onclick: () => { setPin("", ""); closePanel(); say(t("Locked: this page is read-only now.")); } }, t("Lock this page")));
}

const PANELS = { setup: (p) => setupForm(p, false), pickup: (p) => setupForm(p, true), games: gamesPanel, stats: statsPanel, json: jsonPanel, more: morePanel, join: joinPanel, pin: pinPanel, ...TEACHING.panels };
// panel -> the part of the state it follows (the games list: the game on the table, its
// inputs and pause; left open, it said 'playing, 22 inputs' under a game just won)
const PANEL_FOLLOWS = { ...TEACHING.follows, games: () => game() && [game().id, game().inputs, game().paused] };

// ---- start -------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", async () => {
  $("lock").addEventListener("click", () => {
    if (unlocked()) { openPanel("pin"); return; }
    $("pin-form").hidden = false;
    $("pin").focus();
  });
  $("pin-cancel").addEventListener("click", () => { $("pin-form").hidden = true; });
  $("pin-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const value = $("pin").value.trim();
    const done = await send("/api/login", { pin: value }, false);
    if (done) {
      $("pin-form").hidden = true;
      $("pin").value = "";
      setPin(value, done.pin_tag);
      say(t("Unlocked: you can change the game from this page."));
    }
  });
  $("language").addEventListener("change", (e) => switchLanguage(e.target.value));
  // the page's end is padded by the bottom bar's height: the bar never covers the page
  new ResizeObserver(() => { document.body.style.paddingBottom = `${$("bottom").offsetHeight + 12}px`; }).observe($("bottom"));
  await loadLanguage();
  setPin(pin);
  if (new URLSearchParams(location.search).get("view") === "table") document.body.classList.add("table-view");
  get("/api/catalog").then((r) => r.json()).then((c) => { catalog = c; drawn = {}; render(); });
  connect();
  setInterval(() => connectAgain(QUIET_MS), 5000);
  const woken = () => { if (document.visibilityState !== "hidden") connectAgain(WOKEN_MS); };
  document.addEventListener("visibilitychange", woken);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keepDrafts(); });
  window.addEventListener("pagehide", keepDrafts);
  document.addEventListener("resume", woken); // (a tab the browser froze, thawed)
  window.addEventListener("pageshow", woken); // (a page kept in the back-forward cache)
});

// dicetable's page: the table's state, live (server-sent events), and its controls.
// Everything the game waits for comes from the server as "answers" (a title, one-tap
// choices, or a small form); the page draws them without knowing the game's rules.
// Changes carry the table PIN (kept for this tab only); without it the page is read-only.
"use strict";

const PIN_KEY = "dicetable-pin";
const DIAL_LABELS = { hp: "♥", vp: "★", energy: "⚡" };
const PLACES = { city: "Tokyo City", bay: "Tokyo Bay" };
const SOURCE_ICONS = { camera: "📷", button: "🔘", page: "📱", timer: "⏱", recording: "▶", import: "📄" };

let state = null; // the table's state, as the server last sent it
let catalog = null; // what the setup forms offer, per game
let pin = sessionStorage.getItem(PIN_KEY) || "";
let seenNotice = 0;
let drawn = {}; // section -> the JSON it was last drawn from (redraw only what changed)
let windowTimer = null;

// ---- small helpers ------------------------------------------------------------------

function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
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
const gameCatalog = () => (catalog && game() && catalog.games.find((g) => g.game === game().kind)) || (catalog && catalog.games[0]);
const faceLabel = (face) => { const c = gameCatalog(); return (c && c.face_labels && c.face_labels[face]) || face; };

function say(text, level = "info") {
  const box = $("message");
  box.textContent = text;
  box.className = level;
  box.hidden = false;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { box.hidden = true; }, level === "info" ? 5000 : 9000);
}

async function send(path, body, withPin = true) {
  const headers = { "Content-Type": "application/json" };
  if (withPin) headers["X-Table-PIN"] = pin;
  let response;
  try {
    response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  } catch (error) {
    say("The table cannot be reached: " + error.message, "error");
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
  const fresh = await (await fetch("/api/state")).json().catch(() => null);
  if (fresh && (!state || fresh.version >= state.version)) { state = fresh; render(); }
}
const answer = (input) => act({ do: "input", input });

function setPin(value) {
  pin = value;
  if (value) sessionStorage.setItem(PIN_KEY, value);
  else sessionStorage.removeItem(PIN_KEY);
  $("lock").textContent = value ? "🔓 Unlocked" : "🔒 PIN";
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

function connect() {
  const events = new EventSource("/api/events");
  events.addEventListener("state", (e) => {
    state = JSON.parse(e.data);
    $("live").className = "dot on";
    $("live").title = "live";
    render();
  });
  events.onerror = () => { $("live").className = "dot off"; $("live").title = "reconnecting…"; };
}

function render() {
  if (!state) return;
  document.body.dataset.version = state.version;
  const g = game();
  $("title").textContent = g ? `${g.title} · game ${g.id}` : "";
  section("status", [g && g.state, g && g.paused, g && g.window], drawStatus);
  section("answers", [g && g.answers, unlocked()], drawAnswers);
  section("window", [g && g.window, unlocked()], drawWindow);
  section("throw", [g && g.throw, g && g.state.dice], drawThrow);
  section("players", [g && g.state.players, g && g.state.active_player, g && g.roles], drawPlayers);
  section("market", [g && g.state.face_up, g && g.state.deck_size], drawMarket);
  section("log", [g && g.log], drawLog);
  drawMenu();
  const fresh = state.notices.filter((n) => n.id > seenNotice);
  if (fresh.length) {
    const last = fresh[fresh.length - 1];
    if (seenNotice) say(last.text, last.level);
    seenNotice = last.id;
  }
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
}

// ---- the sections ---------------------------------------------------------------------

function drawStatus(el) {
  const g = game();
  if (!g) {
    el.append(h("p", {}, "No game on the table."),
      unlocked() ? h("p", {}, h("button", { onclick: () => openPanel("setup") }, "Set up a game"), " ",
        h("button", { onclick: () => openPanel("pickup") }, "Pick up a game in progress")) :
        h("p", { class: "quiet" }, "Enter the table PIN to set up a game."));
    return;
  }
  const s = g.state;
  let line;
  if (s.game_over) line = s.winners.length ? `Game over: ${s.winners.join(" and ")} won!` : "Game over: nobody won.";
  else if (settingOut(s)) line = "Set out the cards on offer: turn over the deck's top cards";
  else if (s.active_player) line = `Turn ${s.turn}: ${s.active_player} (${g.roles[s.active_player]})`;
  else line = "Roll-off: who throws the most claws starts";
  el.append(h("h2", { "data-test": "turn" }, line));
  if (g.paused) el.append(h("p", { class: "paused", "data-test": "paused" }, "⏸ Paused: the camera and the buttons are ignored until the game resumes."));
  if (g.awaiting && !g.window) el.append(h("p", { class: "quiet", "data-test": "awaited" }, "Waiting for " + g.awaiting));
}

// Before the first turn of a game whose deck is shuffled by hand, the cards face up are
// entered one by one (the turn starts once they are known).
const settingOut = (s) => (s.phase === "roll" || s.phase === "rolloff") && !s.throws &&
  s.waiting_for.length > 0 && s.waiting_for.every((w) => w.kind === "reveal");

function drawAnswers(el) {
  const g = game();
  if (!g || !g.answers.length) return;
  if (!unlocked()) {
    el.append(h("p", { class: "quiet" }, "Read-only: enter the table PIN to answer."));
    return;
  }
  for (const a of g.answers) {
    const box = h("div", { class: "answer", "data-kind": a.kind, "data-player": a.player }, h("h3", {}, a.title));
    const base = { type: a.kind, player: a.player };
    if (a.choices.length > 8) {
      const select = h("select", { "aria-label": a.title }, a.choices.map((c, i) => h("option", { value: i }, c.label)));
      box.append(select, h("button", { onclick: () => answer(a.choices[select.value].input) }, "OK"));
    } else {
      box.append(h("div", { class: "choices" }, a.choices.map((c) => h("button", { onclick: () => answer(c.input) }, c.label))));
    }
    if (a.form && a.form.type === "dice") box.append(diceForm(a.form));
    if (a.form && a.form.type === "correct") box.append(correctForm(a.form, base));
    if (a.form && a.form.type === "fields") box.append(fieldsForm(a.form));
    el.append(box);
  }
}

function diceForm(form) {
  const faces = form.faces;
  const start = form.current.length === form.count ? form.current : Array(form.count).fill("");
  const selects = start.map((face, i) => h("select", { "aria-label": `die ${i + 1}` },
    h("option", { value: "" }, "?"), faces.map((f) => h("option", { value: f, selected: f === face }, faceLabel(f)))));
  return h("div", { class: "dice-form" },
    h("p", { class: "quiet" }, form.note ? `Enter the dice: ${form.note}.` : form.current.length ? "The dice as they lie after this throw:" : "Enter the dice if the camera cannot:"),
    h("div", { class: "choices" }, selects),
    h("button", {
      "data-test": "enter-throw",
      onclick: () => {
        const chosen = selects.map((s) => s.value);
        if (chosen.includes("")) return say("Choose a face for every die", "warning");
        act({ do: "throw", faces: chosen });
      },
    }, "Enter this throw"));
}

// A form that completes an input: a list to choose from, or a whole number, per field;
// a dotted name ("heal.Bob") is a count inside an object field of the input.
function fieldsForm(form) {
  const inputs = form.fields.map((f) => f.choices ?
    h("select", { "aria-label": f.label }, h("option", { value: "" }, `${f.label}…`),
      f.choices.map((c) => h("option", { value: c.value }, c.label))) :
    h("input", { type: "number", min: f.min, max: f.max, value: f.min, "aria-label": f.label }));
  const rows = form.fields.map((f, i) => f.choices ? inputs[i] : h("label", { class: "dial" }, `${f.label} (0–${f.max}) `, inputs[i]));
  return h("div", { class: "fields-form" }, h("div", { class: "choices" }, rows), h("button", {
    "data-test": "fields-submit",
    onclick: () => {
      const input = JSON.parse(JSON.stringify(form.input));
      for (const [i, f] of form.fields.entries()) {
        const raw = inputs[i].value;
        if (raw === "") return say(`Choose ${f.label} first`, "warning");
        const value = f.choices ? raw : Number(raw);
        const path = f.name.split(".");
        let into = input;
        for (const key of path.slice(0, -1)) into = into[key] = into[key] || {};
        into[path[path.length - 1]] = value;
      }
      answer(input);
    },
  }, form.submit));
}

function correctForm(form, base) {
  const faces = (gameCatalog() || {}).faces || [];
  const box = h("div", { class: "correct" });
  const row = h("div", { class: "choices dice" });
  const picker = h("div", { class: "choices picker" });
  form.dice.forEach((face) => {
    row.append(h("button", {
      class: "die", "data-face": face, title: "fix this die",
      onclick: () => {
        picker.textContent = "";
        picker.append(h("span", { class: "quiet" }, `${faceLabel(face)} should be:`),
          ...faces.filter((f) => f !== face).map((f) => h("button", { "data-face": f, onclick: () => answer({ ...base, from: face, to: f }) }, faceLabel(f))));
      },
    }, faceLabel(face)));
  });
  box.append(h("p", { class: "quiet" }, "Tap a misread die to fix it:"), row, picker);
  return box;
}

function drawWindow(el) {
  clearInterval(windowTimer);
  const w = game() && game().window;
  if (!w) return;
  const counter = h("strong", { "data-test": "countdown" });
  const until = w.seconds === null ? null : performance.now() + w.seconds * 1000;
  const tick = () => {
    counter.textContent = w.paused || until === null ? "paused" : `${Math.max(0, (until - performance.now()) / 1000).toFixed(1)} s`;
  };
  tick();
  windowTimer = setInterval(tick, 100);
  el.append(h("p", {}, `${w.player}'s result resolves in `, counter, " — fix a misread die now."));
  if (unlocked()) {
    el.append(h("div", { class: "choices" },
      h("button", { onclick: () => answer({ type: "resolve", player: w.player }) }, "Use it now"),
      h("button", { onclick: () => act({ do: "undo" }) }, "Not yet: more throws")));
  }
}

function drawThrow(el) {
  const g = game();
  if (!g) return;
  const t = g.throw;
  const s = g.state;
  if (t) {
    const fig = h("figure", {});
    if (t.snapshot) fig.append(h("img", { src: `/api/snapshot/${t.snapshot}.jpg`, alt: "the camera's view of the throw", "data-test": "snapshot" }));
    const status = { read: "read by the camera", misfit: "not read", refused: "refused by the rules", ignored: "ignored", entered: "entered by hand" }[t.status] || t.status;
    fig.append(h("figcaption", {}, `Last throw: ${status}`, t.reason ? ` — ${t.reason}` : ""));
    el.append(fig);
    if (t.dice.length) {
      el.append(h("ul", { class: "readings", "data-test": "readings" }, t.dice.map((d) => h("li", {
        class: d.confidence < 0.8 || d.face === "unknown" ? "doubt" : "",
      }, h("b", {}, d.face === "unknown" ? `? (${faceLabel(d.best_guess || "")})` : faceLabel(d.face)),
      ` ${Math.round(d.confidence * 100)}%`, d.kept ? " · kept" : ""))));
    }
  }
  if (s.dice && s.dice.length) {
    el.append(h("p", { "data-test": "result" }, `Result (throw ${s.throws} of ${s.throws_allowed}): `,
      s.dice.map((f) => h("span", { class: "die" }, faceLabel(f)))));
  }
}

function drawPlayers(el) {
  const g = game();
  if (!g) return;
  const dials = (gameCatalog() || {}).dials || ["hp", "vp", "energy"];
  el.append(h("div", { class: "players" }, g.state.players.map((p) => {
    const classes = ["player"];
    if (p.name === g.state.active_player) classes.push("active");
    if (!p.alive) classes.push("out");
    if (g.state.winners.includes(p.name)) classes.push("winner");
    const values = dials.map((d) => h("span", { class: "dial", "data-dial": d },
      `${DIAL_LABELS[d] || d} ${p[d]}${d === "hp" && p.max_hp ? "/" + p.max_hp : ""}`));
    const tokens = Object.entries(p.tokens || {}).filter(([, n]) => n).map(([t, n]) => `${t} ×${n}`);
    return h("article", { class: classes.join(" "), "data-player": p.name },
      h("h3", {}, p.name, h("small", {}, " " + (p.monster || g.roles[p.name] || ""))),
      h("div", { class: "dials" }, values),
      p.location ? h("p", { class: "place" }, "📍 " + (PLACES[p.location] || p.location)) : null,
      !p.alive ? h("p", { class: "place" }, "eliminated") : null,
      p.cards.length ? h("p", { class: "cards" }, "🃏 " + p.cards.join(", ")) : null,
      tokens.length ? h("p", { class: "cards" }, tokens.join(", ")) : null);
  })));
}

function drawMarket(el) {
  const g = game();
  if (!g || !g.state.face_up) return;
  el.append(h("h3", {}, "Cards on offer"),
    h("p", { "data-test": "face-up" }, g.state.face_up.length ? g.state.face_up.join(" · ") : "none"),
    h("p", { class: "quiet" }, `${g.state.deck_size} cards in the deck`));
}

function drawLog(el) {
  const g = game();
  if (!g || !g.log.length) return;
  const details = h("details", {}, h("summary", {}, `Game log (${g.state.inputs} inputs)`));
  details.open = drawLog.open;
  details.addEventListener("toggle", () => { drawLog.open = details.open; });
  details.append(h("ol", { reversed: true, "data-test": "log" }, g.log.slice().reverse().map((e) =>
    h("li", { value: e.seq + 1 }, h("span", { title: e.source }, SOURCE_ICONS[e.source] || "·"), " ", describe(e.input)))));
  el.append(details);
}

function drawMenu() {
  const g = game();
  const key = JSON.stringify([unlocked(), !!g, g && g.paused, g && g.state.inputs]);
  if (drawn.menu === key) return;
  drawn.menu = key;
  const menu = $("menu");
  menu.textContent = "";
  if (unlocked() && g) {
    menu.append(
      h("button", { "data-test": "undo", onclick: () => act({ do: "undo" }) }, "↶ Undo"),
      h("button", { "data-test": "pause", onclick: () => act({ do: g.paused ? "resume" : "pause" }) }, g.paused ? "▶ Resume" : "⏸ Pause"));
  }
  if (unlocked()) {
    menu.append(h("button", { onclick: () => openPanel("setup") }, "New game"),
      h("button", { onclick: () => openPanel("pickup") }, "Pick up"));
  }
  menu.append(h("button", { onclick: () => openPanel("games") }, "Games"),
    h("button", { onclick: () => openPanel("stats") }, "Stats"));
  if (unlocked() && g) menu.append(h("button", { onclick: () => openPanel("json") }, "{…}"));
}

// ---- panels: setup, pick up, games, statistics, an input as JSON ---------------------------

async function openPanel(name) {
  if (!catalog) catalog = await (await fetch("/api/catalog")).json();
  const panel = $("panel");
  panel.textContent = "";
  panel.dataset.name = name;
  panel.append(h("button", { class: "close", "aria-label": "close", onclick: closePanel }, "✕"));
  await PANELS[name](panel);
  panel.hidden = false;
  panel.scrollIntoView({ block: "start" });
}

function closePanel() {
  $("panel").hidden = true;
  $("panel").textContent = "";
}

function setupForm(panel, pickup) {
  const c = catalog.games[0];
  const [least, most] = c.players;
  const rows = h("div", { class: "rows" });
  const first = h("select", { name: "first_player", "aria-label": "first player" });
  const active = h("select", { name: "active_player", "aria-label": "whose turn" });
  const refreshNames = () => {
    const names = [...rows.querySelectorAll("[name=name]")].map((i) => i.value.trim()).filter(Boolean);
    for (const [select, lead] of [[first, "Roll-off (most claws starts)"], [active, null]]) {
      const keep = select.value;
      select.textContent = "";
      if (lead) select.append(h("option", { value: "" }, lead));
      names.forEach((n) => select.append(h("option", { value: n, selected: n === keep }, n)));
    }
  };
  const addRow = () => {
    const i = rows.children.length;
    if (i >= most) return;
    const fields = [
      h("input", { name: "name", placeholder: `Player ${i + 1}`, "aria-label": `player ${i + 1} name`, required: true, maxlength: catalog.name_length, oninput: refreshNames }),
      h("select", { name: "role", "aria-label": `player ${i + 1} ${c.role}` }, c.roles.map((r, k) => h("option", { value: r, selected: k === i }, r))),
    ];
    if (pickup) {
      for (const [dial, value] of [["hp", 10], ["vp", 0], ["energy", 0]]) {
        fields.push(h("label", { class: "dial" }, DIAL_LABELS[dial] || dial,
          h("input", { name: dial, type: "number", min: 0, value, "aria-label": `player ${i + 1} ${dial}` })));
      }
      fields.push(h("select", { name: "location", "aria-label": `player ${i + 1} place` }, h("option", { value: "" }, "outside Tokyo"),
        c.places.map((p) => h("option", { value: p }, PLACES[p] || p))));
      fields.push(h("select", { name: "cards", multiple: true, size: 3, "aria-label": `player ${i + 1} cards` },
        c.cards.map((card) => h("option", { value: card }, card))));
    }
    rows.append(h("fieldset", { class: "row" }, fields));
    refreshNames();
  };
  for (let i = 0; i < (pickup ? least : 4); i++) addRow();
  const options = c.options.map((o) => h("label", {}, h("input", { type: "checkbox", name: o.name, checked: !!o.default }), " " + o.label));
  const faceUp = [0, 1, 2].map((i) => h("select", { name: "face_up", "aria-label": `card on offer ${i + 1}` },
    h("option", { value: "" }, "(unknown)"), c.cards.map((card) => h("option", { value: card }, card))));
  const turn = h("input", { name: "turn", type: "number", min: 1, value: 1, "aria-label": "turn" });
  const form = h("form", { "data-test": pickup ? "pickup-form" : "setup-form" },
    h("h2", {}, pickup ? "Pick up a game in progress" : `New game of ${c.title}`),
    rows,
    h("p", {}, h("button", { type: "button", onclick: addRow }, "+ player"), " ",
      h("button", { type: "button", onclick: () => { if (rows.children.length > least) rows.lastChild.remove(); refreshNames(); } }, "− player")),
    pickup ? h("p", {}, h("label", {}, "Whose turn ", active), " ", h("label", {}, "Turn ", turn)) : h("p", {}, h("label", {}, "First player ", first)),
    pickup ? h("p", {}, "Cards on offer ", faceUp) : null,
    h("p", { class: "options" }, options),
    h("button", { type: "submit", "data-test": "start" }, pickup ? "Pick up the game" : "Start the game"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const players = [...rows.children].map((row) => ({ name: row.querySelector("[name=name]").value.trim(), monster: row.querySelector("[name=role]").value }));
    const setup = { players, options: Object.fromEntries(c.options.map((o) => [o.name, form.querySelector(`[name=${o.name}]`).checked])) };
    if (pickup) {
      const monsters = {};
      [...rows.children].forEach((row, i) => {
        const num = (n) => Number(row.querySelector(`[name=${n}]`).value);
        monsters[players[i].name] = {
          hp: num("hp"), vp: num("vp"), energy: num("energy"),
          location: row.querySelector("[name=location]").value || null,
          cards: [...row.querySelector("[name=cards]").selectedOptions].map((o) => o.value),
        };
      });
      setup.position = { monsters, active_player: active.value, turn: Number(turn.value) };
      const offer = faceUp.map((s) => s.value).filter(Boolean);
      if (offer.length) setup.position.face_up = offer;
    } else if (first.value) setup.first_player = first.value;
    const done = await act({ do: "new_game", game: c.game, setup });
    if (done) {
      setPin(done.pin);
      closePanel();
      say(`The game is on. The new table PIN is ${done.pin} (on the board too).`);
    }
  });
  panel.append(form);
}

async function gamesPanel(panel) {
  const list = (await (await fetch("/api/games")).json()).games;
  const current = game() && game().id;
  panel.append(h("h2", {}, "Games"));
  const file = h("input", { type: "file", accept: ".json,application/json", "data-test": "import-file" });
  file.addEventListener("change", async () => {
    const text = await file.files[0].text();
    let script;
    try { script = JSON.parse(text); } catch (error) { return say(`${file.files[0].name} is not a game file (JSON): ${error.message}`, "error"); }
    const done = await act({ do: "import", script });
    if (done) { say(`Imported as game ${done.imported}`); openPanel("games"); }
  });
  if (unlocked()) panel.append(h("p", {}, h("label", {}, "Import a game script: ", file)));
  if (!list.length) return panel.append(h("p", { class: "quiet" }, "No games yet."));
  panel.append(h("table", { "data-test": "games" },
    h("tr", {}, h("th", {}, "#"), h("th", {}, "players"), h("th", {}, "status"), h("th", {})),
    list.map((g) => h("tr", { "data-game": g.id },
      h("td", {}, g.id),
      h("td", {}, g.players.map((p) => `${p.name} (${p.role})`).join(", ")),
      h("td", {}, g.status === "over" ? `won by ${g.winners.join(", ") || "nobody"}` : `${g.paused ? "paused" : "playing"}, ${g.inputs} inputs`),
      h("td", {},
        unlocked() && g.id !== current ? h("button", { onclick: async () => { if (await act({ do: "open", id: g.id })) closePanel(); } }, "Open") : null,
        " ", h("a", { href: `/api/games/${g.id}/script`, download: `dicetable-game-${g.id}.json` }, "Export"))))));
}

async function statsPanel(panel) {
  const s = await (await fetch("/api/stats")).json();
  panel.append(h("h2", {}, "Statistics"), h("p", {}, `${s.games} finished games`));
  if (!s.games) return;
  panel.append(h("table", { "data-test": "stats" }, h("tr", {}, h("th", {}, "monster"), h("th", {}, "wins"), h("th", {}, "played")),
    s.roles.map((r) => h("tr", {}, h("td", {}, r.role), h("td", {}, r.wins), h("td", {}, r.played)))));
  if (s.players.length) panel.append(h("p", {}, "Wins: " + s.players.map((p) => `${p.player} ${p.wins}`).join(", ")));
  const spread = (x, unit) => x ? `${x.min}–${x.max} ${unit} (median ${x.median})` : "–";
  panel.append(h("p", {}, `Game length: ${spread(s.turns, "turns")}; ${spread(s.minutes, "minutes")}`));
}

function jsonPanel(panel) {
  const g = game();
  const w = g && g.state.waiting_for[0];
  const area = h("textarea", { rows: 5, "aria-label": "input as JSON", "data-test": "json-input" },
    JSON.stringify(w ? { type: w.kind, player: w.player } : {}, null, 1));
  panel.append(h("h2", {}, "Send an input as JSON"),
    h("p", { class: "quiet" }, "Any input the game takes (see docs/game-script.md); the rules check it like any other."),
    area, h("p", {}, h("button", {
      onclick: async () => {
        let input;
        try { input = JSON.parse(area.value); } catch (error) { return say("Not JSON: " + error.message, "error"); }
        if (await answer(input)) closePanel();
      },
    }, "Send")));
}

const PANELS = { setup: (p) => setupForm(p, false), pickup: (p) => setupForm(p, true), games: gamesPanel, stats: statsPanel, json: jsonPanel };

// ---- start -------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  $("lock").addEventListener("click", () => {
    if (unlocked()) { setPin(""); say("Locked: this page is read-only now."); return; }
    $("pin-form").hidden = false;
    $("pin").focus();
  });
  $("pin-cancel").addEventListener("click", () => { $("pin-form").hidden = true; });
  $("pin-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const value = $("pin").value.trim();
    if (await send("/api/login", { pin: value }, false)) {
      $("pin-form").hidden = true;
      $("pin").value = "";
      setPin(value);
      say("Unlocked: you can change the game from this page.");
    }
  });
  setPin(pin);
  fetch("/api/catalog").then((r) => r.json()).then((c) => { catalog = c; drawn = {}; render(); });
  connect();
});

// The table learns its dice (host/app/teaching.py): "Teach your dice" (throw them a few
// times, name each group of dice that look alike, the set is fitted, checked and used),
// a throw with dice the camera could not read (tap what each shows: it also teaches the
// set), and the table's dice sets with their versions (roll back).
// It uses the page's helpers (app.js: h, $, act, say, state, game, faceLabel, diceFaces,
// sentences, unlocked, openPanel); every word people read is in WORDS, through the page's t() (host/app/locales).
"use strict";

const NOT_A_DIE = ""; // the face of a cut that is no die (vision.learning.store.NONE)

const WORDS = {
  teach: () => t("🎲 Teach your dice"),
  sets: () => t("Dice sets"),
  teachTitle: () => t("Teach the table your dice"),
  teachIntro: () => t("Throw all your dice under the camera, about ten times. The table cuts out every die it sees and groups those that look alike; you name each group with a tap, and it learns your dice in a few seconds."),
  theGameDice: () => t("The dice of the game on the table"),
  otherSet: () => t("Or other dice:"),
  whichSet: () => t("Which dice?"),
  start: () => t("Start"),
  throwing: (n, want, dice) => t("Throw all your dice under the camera: {n} of {want} throws seen ({dice, plural, one {# die} other {# dice}} so far).", { n, want, dice }),
  throwingNote: () => t("Pick them all up and throw them again each time; the table waits until they lie still."),
  sortNow: () => t("That's enough: sort them"),
  cancel: () => t("Cancel"),
  grouping: () => t("Sorting the dice by look…"),
  nameGroups: () => t("Tap what each group of dice shows"),
  nameGroupsNote: () => t("A die in the wrong group: tap it, then its face."),
  guess: (face) => t("looks like {face}", { face }),
  noGuess: () => t("which face?"),
  notADie: () => t("not a die"),
  thisDie: () => t("This die shows:"),
  colours: () => t("Which dice are these?"),
  coloursNote: () => t("The game tells its dice apart by these roles."),
  left: (items) => t("Still to do: {items}.", { items: sentences(items) }),
  missing: (faces) => t("no die shows {faces} yet: throw again to show it", { faces }),
  learn: () => t("Learn these dice"),
  fitting: () => t("Learning your dice… (a few seconds)"),
  fittingElsewhere: (name) => t("{name}: another refit of these dice is running, begun outside this table (from the command line, or by another table); your dice are learnt as soon as it ends (Cancel stops waiting)…", { name }),
  fittingWaits: (name) => t("{name}: the table is still learning these dice from the throws played, which began before your teaching; your dice are learnt as soon as it ends…", { name }),
  failed: (why) => t("The dice could not be learnt: {why}", { why }),
  kept: (name, version) => t("{name}: learnt. The table now reads these dice with version {version}.", { name, version }),
  notKept: (name) => t("{name}: the new version was not kept: the version in use reads your dice better.", { name }),
  check: (f) => t("Checked on {checked} of your dice it did not learn from: {right} read right, {wrong} read wrong, {unknown} left for you to say.", f),
  before: (f) => t("The set before read {right} of them right and {wrong} wrong.", f),
  meaning: (n) => n ? t("It is never sure of a face it is not: a die it doubts, the page asks you about. {n, plural, one {# die shows} other {# dice show}} an error rate below about {rate} % at worst; every throw you play teaches it more.", { n, rate: Math.min(100, Math.ceil(300 / n)) }) : t("Every throw you play teaches it more."),
  done: () => t("Done"),
  rollBack: () => t("Roll back"),
  askTitle: () => t("The camera could not read these dice: what does each show?"),
  askGuess: (face, confidence) => t("maybe {face} ({percent} %)", { face, percent: Math.round(confidence * 100) }),
  said: (face) => t("✓ {face}", { face }),
  throwAgain: () => t("Throw them again instead"),
  setsTitle: () => t("The table's dice sets"),
  setsNone: () => t("No dice sets yet."),
  inUse: () => t("in use"),
  shipped: () => t("as shipped"),
  version: (v) => t("version {v}", { v }),
  examples: (n) => t("{n, plural, one {# die learnt from} other {# dice learnt from}}", { n }),
  refitting: () => t("learning now…"),
  refitWaits: () => t("learning waits for another refit of these dice, begun outside this table (from the command line, or by another table)…"),
  kept_status: () => t("kept (read no worse)"),
  rejected_status: () => t("not kept (read worse)"),
  imported_status: () => t("imported"),
  cancelled_status: () => t("not used (its teaching was cancelled)"),
  useThis: () => t("Use this one"),
  useShipped: () => t("Back to the set as shipped"),
  // its deck of cards (host/app/card_teaching.py)
  teachCards: () => t("🃏 Teach your cards"),
  cardsTitle: (game) => t("Teach the table your cards ({game})", { game }),
  cardsIntro: () => t("Lay a few cards of your deck face up under the camera, apart. The table cuts out each card it sees with what it reads; you confirm or fix each one. Then take them away and lay the next ones. Teach every kind of card of your deck: the set learnt reads only the kinds it was taught."),
  cardsTaught: () => t("The table reads the cards with the set it was taught here."),
  cardsShipped: () => t("The table reads the cards with the set as shipped."),
  cardsKept: () => t("Sets taught before, kept aside (the newest first):"),
  cardsKeptWhen: (when) => t("taught {when}", { when }),
  cardsPutBack: () => t("Read with this one again"),
  // 1 card seen has a sentence of its own: "Confirm or fix it", not "each one", a word
  // beyond the count that a plural form cannot say (French's "one" is also 0 cards seen)
  cardsLaying: (n) => n === 1 ? t("Lay cards under the camera: 1 card seen so far. Confirm or fix it.") : t("Lay cards under the camera: {n, plural, one {# card} other {# cards}} seen so far. Confirm or fix each one.", { n }),
  cardsSoFar: (n, k, kinds) => t("Taught so far: {n, plural, one {# card} other {# cards}}, {k, plural, one {# kind} other {# kinds}} ({kinds}).", { n, k, kinds }),
  cardsNone: () => t("No card confirmed yet."),
  cardRead: (card) => t("read as {card}", { card }),
  cardGuess: (card) => t("not sure: maybe {card}", { card }),
  cardColour: () => t("Colour"),
  cardValue: () => t("Value"),
  cardRight: () => t("✓ Right"),
  cardConfirmed: (card) => t("✓ {card}", { card }),
  cardLeaveOut: () => t("Not a card"),
  cardLeftOut: () => t("left out"),
  cardsLearn: () => t("Learn these cards"),
  cardsFitting: () => t("Learning your cards… (a few seconds)"),
  cardsFailed: (why) => t("The cards could not be learnt: {why}", { why }),
  cardsDone: (kinds, cards) => t("The table now reads your cards with the set it was taught: {kinds, plural, one {# kind} other {# kinds}}, from {cards, plural, one {# card} other {# cards}}.", { kinds, cards }),
  cardsUntaught: (n) => t("{n, plural, one {# kind of the deck is not taught: a card of it may be misread; fix it on the page, or teach it too.} other {# kinds of the deck are not taught: a card of those may be misread; fix it on the page, or teach them too.}}", { n }),
  cardsMissing: (n, kinds) => t("Still to teach ({n}): {kinds}.", { n, kinds }),
};

const tw = (key, ...args) => WORDS[key](...args);
// the words of the dice taught: the faces' are those of the game whose dice they are (the
// game on the table's, else a game whose dice show every face of the set: a set taught that
// is not the dice of the game on the table); the colour roles of the shipped sets, in COLOURS
const taughtGame = (tg) => [gameCatalog(), ...((catalog && catalog.games) || [])].find((c) =>
  c && c.dice && tg.faces.every((f) => c.dice.faces.some((d) => d.face === f)));
const teachFace = (tg, face) => {
  if (face === NOT_A_DIE) return tw("notADie");
  const c = taughtGame(tg), f = c && c.dice.faces.find((d) => d.face === face);
  return f ? f.label : face;
};
const COLOURS = { black: () => t("black"), green: () => t("green") };
const teachColour = (color) => (COLOURS[color] ? COLOURS[color]() : color);
const cutImage = (id, big) => h("img", { src: `/api/teach/cut/${id}.png`, alt: "", class: big ? "cut big" : "cut" });
// (an answer about dice names the teaching the page shows and a group's dice as shown:
// another teaching, or one resumed with a die lost, gives their numbers to other dice)
const teach = (step, more) => act({ do: "teach", step, ...more });

// ---- teaching -------------------------------------------------------------------------

function drawTeaching(el) {
  const tg = state && state.teaching;
  if (!tg) return;
  el.append(h("h2", {}, tw("teachTitle")));
  if (tg.step === "throwing") {
    el.append(h("p", { "data-test": "teach-throws" }, tw("throwing", tg.throws, tg.want, tg.cuts.length)),
      h("p", { class: "quiet" }, tw("throwingNote")),
      h("div", { class: "cuts" }, tg.cuts.slice(-12).map((c) => cutImage(c.id))));
    if (unlocked()) {
      el.append(h("div", { class: "choices" },
        tg.cuts.length ? h("button", { "data-test": "teach-sort", onclick: () => teach("sort") }, tw("sortNow")) : null,
        h("button", { "data-test": "teach-cancel", onclick: () => teach("cancel") }, tw("cancel"))));
    }
  } else if (tg.step === "grouping") {
    el.append(h("p", { class: "quiet" }, tw("grouping")));
  } else if (tg.step === "sorting") {
    drawGroups(el, tg);
  } else if (tg.step === "fitting") { // (a cancel wins: the set is not used, its dice forgotten)
    el.append(h("p", { class: "quiet", "data-test": "teach-fitting" }, tg.waiting ? tw("fittingWaits", tg.title) : tg.elsewhere ? tw("fittingElsewhere", tg.title) : tw("fitting")),
      unlocked() ? h("div", { class: "choices" }, h("button", { "data-test": "teach-cancel", onclick: () => teach("cancel") }, tw("cancel"))) : "");
  } else if (tg.step === "done") {
    drawResult(el, tg);
  }
}

function drawGroups(el, tg) {
  el.append(h("p", {}, tw("nameGroups")), h("p", { class: "quiet" }, tw("nameGroupsNote")));
  const faces = [...tg.faces, NOT_A_DIE];
  // (the groups side by side on a tablet, where the teaching spans the screen: teach.css)
  const looks = h("div", { class: "groups" });
  for (const g of tg.groups) {
    const picker = h("div", { class: "choices picker" });
    const cuts = g.cuts.map((id) => {
      const c = tg.cuts[id];
      const moved = c.face !== null && c.face !== g.face;
      return h("button", {
        class: moved ? "cut moved" : "cut", "data-test": "teach-cut", "data-cut": id,
        onclick: () => {
          picker.textContent = "";
          picker.append(h("span", { class: "quiet" }, tw("thisDie")),
            ...faces.map((f) => h("button", { "data-face": f, onclick: () => teach("move", { teaching: tg.teaching, cut: id, face: f }) }, teachFace(tg, f))));
        },
      }, cutImage(id), moved ? h("small", {}, teachFace(tg, c.face)) : null);
    });
    looks.append(h("div", { class: g.face === null ? "group" : "group named", "data-test": "teach-group", "data-group": g.id },
      h("div", { class: "cuts" }, cuts),
      h("p", { class: "quiet" }, g.guess === null ? tw("noGuess") : tw("guess", teachFace(tg, g.guess))),
      h("div", { class: "choices names" }, faces.map((f) => h("button", {
        class: [f === g.face ? "chosen" : "", f === g.guess ? "guessed" : ""].join(" ").trim() || null,
        "data-face": f, onclick: () => teach("name", { teaching: tg.teaching, group: g.id, dice: g.cuts, face: f }),
      }, teachFace(tg, f)))),
      picker));
  }
  el.append(looks);
  if (tg.colour_groups.length) {
    el.append(h("h3", {}, tw("colours")), h("p", { class: "quiet" }, tw("coloursNote")));
    const colours = h("div", { class: "groups" });
    for (const g of tg.colour_groups) {
      const picker = h("div", { class: "choices picker" });
      const cuts = g.cuts.map((id) => {
        const c = tg.cuts[id];
        const moved = c.color !== null && c.color !== g.face;
        return h("button", {
          class: moved ? "cut moved" : "cut", "data-cut": id,
          onclick: () => {
            picker.textContent = "";
            picker.append(h("span", { class: "quiet" }, tw("thisDie")),
              ...tg.colors.map((col) => h("button", { "data-color": col, onclick: () => teach("recolor", { teaching: tg.teaching, cut: id, color: col }) }, teachColour(col))));
          },
        }, cutImage(id), moved ? h("small", {}, teachColour(c.color)) : null);
      });
      colours.append(h("div", { class: g.face === null ? "group" : "group named", "data-test": "teach-colour-group", "data-group": g.id },
        h("div", { class: "cuts" }, cuts), picker,
        h("div", { class: "choices names" }, tg.colors.map((c) => h("button", {
          class: [c === g.face ? "chosen" : "", c === g.guess ? "guessed" : ""].join(" ").trim() || null,
          "data-color": c, onclick: () => teach("colour", { teaching: tg.teaching, group: g.id, dice: g.cuts, color: c }),
        }, teachColour(c))))));
    }
    el.append(colours);
  }
  const missing = tg.missing || [];
  const left = [...tg.left, ...(missing.length ? [tw("missing", listed(missing.map((f) => teachFace(tg, f))))] : [])];
  if (left.length) el.append(h("p", { class: "quiet", "data-test": "teach-left" }, tw("left", left)));
  el.append(h("div", { class: "choices" },
    h("button", { "data-test": "teach-fit", disabled: left.length > 0, onclick: () => teach("fit") }, tw("learn")),
    h("button", { onclick: () => teach("cancel") }, tw("cancel"))));
}

function drawResult(el, tg) {
  const r = tg.result || {};
  const box = h("div", { "data-test": "teach-result" });
  if (r.error) box.append(h("p", {}, tw("failed", r.error)));
  else {
    box.append(h("p", {}, r.kept ? tw("kept", tg.title, r.version) : tw("notKept", tg.title)),
      h("p", { "data-test": "teach-check" }, tw("check", r.figures)),
      r.before ? h("p", { class: "quiet" }, tw("before", r.before)) : "",
      h("p", { class: "quiet" }, tw("meaning", r.figures.checked)));
  }
  box.append(h("div", { class: "choices" },
    h("button", { "data-test": "teach-close", onclick: () => teach("close") }, tw("done")),
    r.kept ? h("button", { "data-test": "teach-roll-back", onclick: () => act({ do: "roll_back", face_set: tg.name }) }, tw("rollBack")) : null));
  el.append(box);
}

async function teachPanel(panel) {
  const sets = (await (await fetch("/api/sets")).json()).sets;
  const g = game();
  const theGame = g && diceFaces().length; // (its dice first, one tap; the others listed)
  const label = tw(theGame ? "otherSet" : "whichSet");
  const select = h("select", { "aria-label": label }, sets.map((s) => h("option", { value: s.name }, s.title)));
  panel.append(h("h2", {}, tw("teachTitle")), h("p", {}, tw("teachIntro")));
  if (theGame) {
    panel.append(h("p", {}, h("button", {
      "data-test": "teach-start", onclick: async () => { if (await teach("start")) closePanel(); },
    }, tw("theGameDice"))));
  }
  if (sets.length) {
    panel.append(h("p", {}, h("label", {}, label + " ", select), " ", h("button", {
      "data-test": "teach-start-set", onclick: async () => { if (await teach("start", { face_set: select.value })) closePanel(); },
    }, tw("start"))));
  }
}

// ---- a throw with dice not read -----------------------------------------------------------

function drawAsking(el) {
  const g = game();
  const a = g && g.asking;
  if (!a) return;
  el.append(h("h3", {}, tw("askTitle")));
  const faces = diceFaces().map((f) => f.face);
  for (const d of a.dice) {
    const order = d.guess ? [d.guess, ...faces.filter((f) => f !== d.guess)] : faces;
    el.append(h("figure", { class: "ask", "data-test": "ask-die", "data-die": d.die },
      h("img", { src: d.cut, alt: "", class: "cut big" }),
      h("figcaption", {}, d.said ? tw("said", faceLabel(d.said)) : d.guess ? tw("askGuess", faceLabel(d.guess), d.confidence) : ""),
      unlocked() && !d.said ? h("div", { class: "choices" }, order.map((f) => h("button", {
        "data-face": f, class: f === d.guess ? "guessed" : null, onclick: () => act({ do: "name_die", die: d.die, face: f }),
      }, faceLabel(f)))) : null));
  }
  if (unlocked()) el.append(h("p", {}, h("button", { "data-test": "throw-again", onclick: () => act({ do: "throw_again" }) }, tw("throwAgain"))));
}

// ---- the dice sets -------------------------------------------------------------------------

async function setsPanel(panel) {
  const sets = (await (await fetch("/api/sets")).json()).sets;
  panel.append(h("h2", {}, tw("setsTitle")));
  if (!sets.length) return panel.append(h("p", { class: "quiet" }, tw("setsNone")));
  for (const s of sets) {
    const learnt = Object.values(s.examples).reduce((a, b) => a + b, 0);
    const rows = s.versions.map((v) => h("tr", { "data-version": v.version },
      h("td", {}, tw("version", v.version)),
      h("td", {}, (WORDS[`${v.status}_status`] ? tw(`${v.status}_status`) : v.status) + (v.version === s.in_use ? ` · ${tw("inUse")}` : "")),
      h("td", {}, v.figures.check ? tw("check", v.figures.check) : ""),
      h("td", {}, unlocked() && v.usable && v.version !== s.in_use ?
        h("button", { onclick: async () => { if (await act({ do: "roll_back", face_set: s.name, set_version: v.version })) openPanel("sets"); } }, tw("useThis")) : null)));
    // its title, then its name as typed in commands (`--faces NAME`), which no language
    // translates, when the title is another
    const named = s.title !== s.name ? [h("code", { class: "set-name", translate: "no" }, s.name), " · "] : [];
    const status = s.in_use === 0 ? tw("shipped") : s.in_use ? tw("version", s.in_use) : "";
    panel.append(h("h3", {}, s.title, " ", h("small", { class: "quiet set-status" }, ...(status ? named : named.slice(0, 1)), status)),
      h("p", { class: "quiet", "data-refit": s.refit || "" }, tw("examples", learnt), s.refit ? ` · ${tw(s.refit === "waits" ? "refitWaits" : "refitting")}` : ""),
      rows.length ? h("table", { "data-set": s.name }, rows) : "",
      unlocked() && s.shipped && s.in_use !== 0 ?
        h("p", {}, h("button", { onclick: async () => { if (await act({ do: "roll_back", face_set: s.name, set_version: 0 })) openPanel("sets"); } }, tw("useShipped"))) : "");
  }
}

// ---- the deck of cards ---------------------------------------------------------------------

const teachCards = (step, more) => act({ do: "teach_cards", step, ...more });
const cardNames = () => (state && state.cards && state.cards.names) || {};
const cardWord = (id) => cardNames()[id] || id;
const cardLabel = (c) => (c.color === "black" ? cardWord(c.value) : t("{color} {value}", { color: cardWord(c.color), value: cardWord(c.value) }));

function drawCardTeaching(el) {
  const cs = state && state.cards;
  const flow = cs && cs.flow;
  if (!flow) return;
  el.append(h("h2", {}, tw("cardsTitle", cs.game)));
  if (flow.step === "fitting") { // (a cancel wins: the set is not saved, nor read with)
    el.append(h("p", { class: "quiet", "data-test": "cards-fitting" }, tw("cardsFitting")),
      unlocked() ? h("div", { class: "choices" }, h("button", { "data-test": "cards-cancel", onclick: () => teachCards("cancel") }, tw("cancel"))) : "");
    return;
  }
  if (flow.step === "done") {
    const r = flow.result;
    const untaught = flow.deck.length - r.kinds;
    el.append(h("div", { "data-test": "cards-result" }, h("p", {}, tw("cardsDone", r.kinds, r.cards)),
      untaught > 0 ? h("p", { class: "quiet" }, tw("cardsUntaught", untaught)) : null,
      unlocked() ? h("div", { class: "choices" }, h("button", { "data-test": "cards-close", onclick: () => teachCards("close") }, tw("done"))) : null));
    return;
  }
  const soFar = flow.kinds.length ? tw("cardsSoFar", flow.confirmed, flow.kinds.length, listed(flow.kinds.map(cardLabel))) : tw("cardsNone");
  // the kinds not taught yet, named: a set reads surely only what it was taught
  const taught = new Set(flow.kinds.map((k) => `${k.color}/${k.value}`));
  const missing = flow.deck.filter((k) => !taught.has(`${k.color}/${k.value}`));
  el.append(h("p", { "data-test": "cards-seen" }, tw("cardsLaying", flow.cards.length)),
    h("p", { "data-test": "cards-taught" }, soFar),
    flow.kinds.length && missing.length ? h("p", { class: "quiet", "data-test": "cards-missing" }, tw("cardsMissing", missing.length, listed(missing.map(cardLabel)))) : "");
  if (flow.result && flow.result.error) el.append(h("p", { class: "warn", "data-test": "cards-failed" }, tw("cardsFailed", flow.result.error)));
  const colours = [...new Set(flow.deck.map((k) => k.color))];
  const values = [...new Set(flow.deck.map((k) => k.value))];
  const cards = h("div", { class: "taught-cards" });
  for (const c of [...flow.cards].reverse()) { // the newest first
    const now = c.card || c.guess;
    const pick = (label, test, options, chosen) => h("label", {}, label + " ", h("select", { "data-test": test },
      options.map((o) => h("option", { value: o, selected: o === chosen }, cardWord(o)))));
    const colour = pick(tw("cardColour"), "card-color", colours, now.color);
    const value = pick(tw("cardValue"), "card-value", values, now.value);
    const said = c.left_out ? tw("cardLeftOut") : c.card ? tw("cardConfirmed", cardLabel(c.card)) : c.sure ? tw("cardRead", cardLabel(c.guess)) : tw("cardGuess", cardLabel(c.guess));
    const state_ = c.left_out ? "left-out" : c.card ? "confirmed" : "pending";
    cards.append(h("figure", { class: `taught-card ${state_}`, "data-test": "teach-card", "data-card": c.id, "data-state": state_ },
      h("img", { src: `/api/teach-cards/cut/${c.id}.png`, alt: "", class: "card-cut" }),
      h("figcaption", {}, said),
      // (beside the picture what was read and the taps; under both, its colour and value)
      unlocked() ? h("div", { class: "choices card-taps" },
        h("button", { "data-test": "card-confirm", onclick: () => teachCards("confirm", { card: c.id, color: colour.querySelector("select").value, value: value.querySelector("select").value }) }, tw("cardRight")),
        h("button", { "data-test": "card-leave-out", onclick: () => teachCards("leave_out", { card: c.id }) }, tw("cardLeaveOut"))) : null,
      unlocked() ? h("div", { class: "choices card-kind" }, colour, value) : null));
  }
  el.append(cards);
  if (unlocked()) {
    el.append(h("div", { class: "choices" },
      h("button", { "data-test": "cards-learn", disabled: flow.confirmed === 0, onclick: () => teachCards("learn") }, tw("cardsLearn")),
      h("button", { "data-test": "cards-cancel", onclick: () => teachCards("cancel") }, tw("cancel"))));
  }
}

async function teachCardsPanel(panel) {
  const cs = state && state.cards;
  if (!cs) return;
  panel.append(h("h2", {}, tw("cardsTitle", cs.game)), h("p", {}, tw("cardsIntro")),
    h("p", { "data-test": "cards-set" }, cs.taught ? tw("cardsTaught") : tw("cardsShipped")),
    h("div", { class: "choices" },
      h("button", { "data-test": "cards-start", onclick: async () => { if (await teachCards("start")) closePanel(); } }, tw("start")),
      cs.taught ? h("button", { "data-test": "cards-shipped", onclick: async () => { if (await teachCards("shipped")) closePanel(); } }, tw("useShipped")) : null));
  // the sets kept aside (a teaching replaced them, or they were sent back to the set as
  // shipped): one tap reads with one again, the one in use kept aside in turn
  if (cs.kept && cs.kept.length) {
    panel.append(h("p", {}, tw("cardsKept")), h("ul", { "data-test": "cards-kept" }, cs.kept.map((k) => h("li", { "data-file": k.file },
      tw("cardsKeptWhen", new Date(k.taught * 1000).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" })), " ",
      h("small", { class: "quiet", translate: "no" }, k.file), " ",
      unlocked() ? h("button", { "data-test": "cards-put-back", onclick: async () => { if (await teachCards("put_back", { file: k.file })) closePanel(); } }, tw("cardsPutBack")) : null))));
  }
}

// What app.js asks of this file: its sections, its menu buttons, its panels.
const TEACHING = {
  sections: () => [
    ["asking", [game() && game().asking, unlocked(), !!catalog], drawAsking],
    ["teaching", [state.teaching, unlocked(), !!catalog], drawTeaching],
    ["cards-teaching", [state.cards, unlocked(), !!catalog], drawCardTeaching],
  ],
  menu: () => [
    unlocked() ? h("button", { "data-test": "teach", onclick: () => openPanel("teach") }, tw("teach")) : null,
    unlocked() && state.cards ? h("button", { "data-test": "teach-cards", onclick: () => openPanel("teachCards") }, tw("teachCards")) : null,
    h("button", { "data-test": "sets", onclick: () => openPanel("sets") }, tw("sets")),
  ].filter(Boolean), // (menu.append would write a null as the text "null")
  panels: { teach: teachPanel, sets: setsPanel, teachCards: teachCardsPanel },
  follows: { sets: () => state && state.refits }, // the sets list follows their refits live
};

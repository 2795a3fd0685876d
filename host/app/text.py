"""The table app's words for people: the page's own (app.js's `t()`) and the server's
messages (notices, refusals), in one catalogue per language: host/app/locales/LANG.json
(see host.games.text)."""

from host.games.text import Words

_ = Words("host.app")

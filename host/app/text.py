"""The table app's words for people: the page's own (app.js's `t()`) and the server's
messages (notices, refusals), in one catalogue per language: host/app/locales/LANG.json
(see host.games.text)."""

from host.games.text import Words

# where an input came from, as the page's feed names it under its icon (app.js sourceName)
SOURCES = ("page", "button", "camera", "timer", "recording", "import")

_ = Words("host.app", names=lambda: SOURCES)

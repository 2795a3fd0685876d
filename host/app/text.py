"""The table app's words for people: the page's own (app.js's `t()`) and the server's
messages (notices, refusals), in one catalogue per language: host/app/locales/LANG.json
(see host.games.text)."""

from host.games.text import Text, Words

# where an input came from, as a notice names it (the table's `source`)
SOURCES = ("page", "button", "camera", "timer", "recording", "import")

_ = Words("host.app", names=lambda: SOURCES)


def source_name(source: str) -> Text:
    return _.name(source)

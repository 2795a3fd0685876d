"""KaTO's words for people: every player-facing string of the package goes through `_`
(host.games.text), where the page's languages are added."""

from host.games.text import Words

_ = Words(__package__ or "host.games.kato")

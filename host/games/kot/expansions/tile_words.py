"""Each wickedness tile's effect in a line, for the page (the rules are in `wickedness`,
docs/kot-expansions.md's table): said beside the tile when it is taken, "you" being its
owner."""

from __future__ import annotations

from host.games.kot.text import _
from host.games.text import Text

EFFECTS: dict[str, Text] = {
    # the front side (orange, red)
    "Devious": _("One more throw each turn."),
    "Eternal": _("+1 HP at the start of your turn."),
    "Skulking": _("+1 VP for three or more 1s."),
    "Tireless": _("+1 energy at the start of your turn."),
    "Cyberbrain": _("One more die."),
    "Evil Lair": _("Cards cost 1 energy less."),
    "Full Regeneration": _("Max HP 12, and healed to 12 now."),
    "Widespread Panic": _("Every other monster loses 4 VP; then discarded."),
    "Antimatter Beam": _("Your claws count double."),
    "Skybeam": _("+1 energy per energy die, +1 HP per heart die, in Tokyo too."),
    # the green side
    "Barbs": _("A result with 2 claws or more gets one more."),
    "Final Roar": _("If eliminated with 16 VP or more, you win instead."),
    "Poison Spit": _("Each monster your claws wound takes a poison token."),
    "Underdog": _("Each monster with more VP that your claws wound gives you 1 VP."),
    "Defender of Tokyo": _(
        "Every other monster loses 1 VP when you enter Tokyo and each turn you start there."
    ),
    "Fluxling": _(
        "A copy of a monster's keep card, its own too (not {mimic}), chosen each turn.",
        mimic=_.name("Mimic"),
    ),
    "Have It All!": _("+1 VP per keep card now, then +1 VP per card bought."),
    "Sonic Boomer": _("+1 VP at the start of your turn."),
    "Final Push": _("+2 HP, +2 energy and another turn after this one; then discarded."),
    "Starburst": _("+12 energy; then discarded."),
}

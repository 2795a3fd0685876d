"""Each curse's three effects in words, for the page (the rules are in `curse_cards`):
(permanent, ankh, snake), "you" being the active monster and "the holder" the Golden
Scarab's."""

from __future__ import annotations

from host.games.kot.text import _
from host.games.text import Text

SCARAB = _("Take the Golden Scarab.")

EFFECTS: dict[str, tuple[Text, Text, Text]] = {
    "Pharaonic Ego": (
        _("Yielding is forbidden: a wounded monster in Tokyo stays there."),
        _("You leave Tokyo now and cannot enter it this turn."),
        _("You take control of Tokyo."),
    ),
    "Isis's Disgrace": (_("Only the holder can gain HP."), SCARAB, _("-1 HP.")),
    "Thot's Blindness": (_("Only the holder can gain energy."), SCARAB, _("-2 energy.")),
    "Tutankhamun's Curse": (_("Only the holder can gain VP."), SCARAB, _("-2 VP.")),
    "Buried in Sand": (
        _("One throw fewer (never below 1)."),
        _("No throw fewer while the die of fate shows the ankh."),
        _("Your claws do nothing this turn."),
    ),
    "Raging Flood": (
        _("Every monster throws one die fewer."),
        _("Add one die to your result, at the face you choose."),
        _("Remove one of your dice (your choice) before resolving."),
    ),
    "Hotep's Peace": (
        _("The claws of every monster but the holder do nothing."),
        SCARAB,
        _("-1 energy per claw in your result."),
    ),
    "Set's Storm": (
        _("Each monster loses 1 HP at the start of its turn."),
        _("+2 HP."),
        _("-1 HP."),
    ),
    "Builders' Uprising": (
        _("Each monster loses 2 VP at the start of its turn."),
        _("If you are not in Tokyo: another turn after this one, without the die of fate."),
        _("-2 VP."),
    ),
    "Inadequate Offering": (
        _("Power cards cost 2 energy more."),
        _("Put the top card of the power deck into play, free."),
        _("Discard one of your keep cards (your choice)."),
    ),
    "Bow Before Ra": (
        _("Max HP 2 lower."),
        _("+2 HP."),
        _("-2 HP."),
    ),
    "Vengeance of Horus": (
        _("A die showing a claw cannot be thrown again."),
        _("+1 VP per claw in your result."),
        _("-1 HP per claw in your result."),
    ),
    "Ordeal of the Mighty": (
        _("At the start of every turn, the monster(s) with the most HP lose 1 HP."),
        _("+2 HP."),
        _("The monster(s) with the most HP lose 1 HP."),
    ),
    "Ordeal of the Wealthy": (
        _("At the start of every turn, the monster(s) with the most VP lose 1 VP."),
        _("+2 VP."),
        _("The monster(s) with the most VP lose 1 VP."),
    ),
    "Ordeal of the Spiritual": (
        _("At the start of every turn, the monster(s) with the most energy lose 1 energy."),
        _("+2 energy."),
        _("The monster(s) with the most energy lose 1 energy."),
    ),
    "Resurrection of Osiris": (
        _("Heart dice heal only monsters in Tokyo; outside Tokyo they do nothing."),
        _("You take control of Tokyo."),
        _("You leave Tokyo now and cannot enter it this turn."),
    ),
    "Forbidden Library": (
        _("Only the holder can buy power cards."),
        SCARAB,
        _("Discard one of your keep cards (your choice)."),
    ),
    "Confused Senses": (
        _(
            "After the die of fate, the holder (if not you) may make you throw again up to "
            "2 of your dice, of its choice."
        ),
        SCARAB,
        _("This turn the holder gains, instead of you, all HP and energy you would gain."),
    ),
    "Pharaonic Skin": (
        _("The holder cannot lose HP."),
        SCARAB,
        _("Give the holder 2 in any mix of HP, energy and VP (your choice)."),
    ),
    "Khepri's Rebellion": (
        _(
            "At the start of each turn, the holder (if not the active monster) gives it 1 HP, "
            "1 energy or 1 VP (the holder's choice)."
        ),
        _("Take the Golden Scarab, then give it to any monster you choose."),
        _("Take the Golden Scarab."),
    ),
    "Body, Spirit and Ka": (
        _("Only claw, heart and energy faces count; numbers do nothing."),
        _("The curse is lifted this turn: every face counts."),
        _("Reversed this turn: claws, hearts and energy do nothing; numbers count."),
    ),
    "False Blessing": (
        _(
            "Every monster throws 2 extra dice and has 1 extra throw; after resolving, it "
            "loses 1 HP per different face in its result."
        ),
        _("Pick up to 2 of your dice; throw each again or remove it."),
        _("The monster on your left picks 2 of your dice; you throw them again."),
    ),
    "Gaze of the Sphinx": (
        _("Keep cards have no effect."),
        _("+3 energy."),
        _("-3 energy."),
    ),
    "Scribe's Perseverance": (
        _("A die showing 1 cannot be thrown again."),
        _("+1 energy per 1 in your result."),
        _("Remove one of your dice showing 1 before resolving."),
    ),
}

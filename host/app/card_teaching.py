"""The table learns its own deck: the page's "Teach your cards" (vision.cards.flow does the
work; this wires it to the table's cameras and page).

- Teaching (`act`): {"step": "start"} turns the camera's cards (host.app.card_camera's
  watcher) to the teaching instead of the game; every card laid under the camera is cut
  out with the shipped set's reading, and people confirm or fix each one ("confirm" {card,
  color, value}, "leave_out" {card}); "learn" fits the deck's set from the confirmed cards
  in a thread (seconds), saves it as the table's taught set under the name the game reads
  its cards with (vision.cards.cardset.user_path: a taught set is read before the shipped
  one of its name) and every camera reads with it at once; "close" after it, "cancel".
- "shipped": back to the set as shipped (the taught one is set aside, not lost);
  "put_back" {file}: a set kept aside (`view`'s "kept", the newest taught first) is read
  with again at once, the one in use kept aside in turn (vision.cards.taught: the newest
  KEEP_ASIDE are kept).
- Kept (`keep_in` the table's learning store, vision.learning.store): the teaching, each
  card seen (the frame around it, its corners, the reading) and what people said of it are
  kept as they change, and a restart resumes the teaching where it was. A cancel wins over
  a fit under way: the set it makes (written aside, `cards.npz.new.npz`, until it is used)
  is not saved, and not read with; the people are told, the cards seen are forgotten.

The words of the game's cards (its colours and values) come from the card game's kind
(host.games.kind.Cards.names): the app names no game's cards itself.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from host.app.kept import Keeping, Words
from host.app.text import _
from host.errors import UserError
from host.games.kind import GameKind, cards_of
from host.games.text import Quoted, Text, message

if TYPE_CHECKING:
    from pathlib import Path

    from host.app.card_camera import CardWatcher
    from vision.cards.flow import CardTeachFlow
    from vision.cards.reader import CardReader
    from vision.learning.store import KeptCut, LearningStore

STEPS = ("start", "confirm", "leave_out", "learn", "close", "cancel", "shipped", "put_back")


# the words of keeping the teaching (host.app.kept)
WORDS = Words(
    _("the teaching of the cards"),
    lambda flow: _(
        "cards seen: {cards}, confirmed: {confirmed}",
        cards=len(flow.cards),
        confirmed=len(flow.confirmed()),
    ),
)


def card_kind(playing: GameKind | None) -> GameKind | None:
    """The card game whose deck is taught: the game on the table if it has cards, else the
    first known game that has (None: no game reads cards)."""
    from host.games.registry import kinds

    if playing is not None and cards_of(playing) is not None:
        return playing
    return next((k for k in kinds().values() if cards_of(k) is not None), None)


def deck_title(name: str, playing: GameKind | None) -> str:
    """The title of the game whose cards are read with the set `name` (the game on the
    table's first), as people know the deck; else `name`."""
    from host.games.registry import kinds

    for kind in [playing, *kinds().values()]:
        cards = cards_of(kind) if kind is not None else None
        if kind is not None and cards is not None and cards.card_set == name:
            return kind.title
    return name


def kept_before(aside: Path) -> Text:
    """For people: the set taught before is kept aside, and where to put it back."""
    return _(
        "the set taught before is kept aside ({file}): Teach your cards lists it, to put it back",
        file=aside.name,
    )


class CardTeaching:
    """What the table learns of its deck. `changed()` tells the table its state changed
    (the page redraws); `notice(level, text)` tells the people."""

    def __init__(self, changed: Callable[[], None], notice: Callable[[str, str], None]) -> None:
        self.changed = changed
        self.notice = notice
        self.cameras: list[CardWatcher] = []
        self.flow: CardTeachFlow | None = None
        self.kept: Keeping[CardTeachFlow] = Keeping("cards", WORDS)  # (in a store: keep_in)
        self._reader: CardReader | None = None
        self._lock = threading.RLock()

    def attach(self, watcher: CardWatcher) -> None:
        """A camera's card watcher: it is taught with, and reads with the taught set."""
        from vision.cards.flow import LAYING

        with self._lock:
            self.cameras.append(watcher)
            if self.flow is not None and self.flow.step == LAYING:
                watcher.teach(self._seen)

    def keep_in(self, store: LearningStore) -> None:
        """Keep the teaching in `store` as it changes, and resume the one kept there (the
        table stopped mid-teaching: host.app.kept)."""
        from vision.cards.flow import LAYING, CardTeachFlow

        def resumed(state: str, cuts: list[KeptCut]) -> tuple[CardTeachFlow, int]:
            flow, unread = CardTeachFlow.resume(state, cuts)
            self._reader = self._reader_for(flow.name)
            return flow, unread

        try:
            with self._lock:
                self.flow = self.kept.resume(store, resumed) or self.flow
                if self.flow is not None and self.flow.step == LAYING:
                    for watcher in self.cameras:
                        watcher.teach(self._seen)
        finally:
            self._tell()
        self.changed()

    def _tell(self) -> None:
        """Say what keeping the teaching said (outside the lock)."""
        self.kept.tell(self.notice)

    # ---- the page's steps ------------------------------------------------------------------

    def act(self, action: Mapping[str, Any], playing: GameKind | None) -> None:
        """One step from the page (see the module's doc); UserError if it cannot be taken."""
        from vision.cards.flow import CardFlowError

        step = action.get("step")
        try:
            with self._lock:
                try:
                    if step == "start":
                        self._start(playing)
                    elif step in ("cancel", "close"):
                        self._stop(playing, cancelled=step == "cancel")
                    elif step == "shipped":
                        self._back_to_shipped(playing)
                    elif step == "put_back":
                        self._put_back(playing, action.get("file"))
                    else:
                        self._answer(str(step), action)
                except CardFlowError as error:
                    raise UserError(message(error)) from None
        finally:
            self._tell()
        self.changed()

    def _start(self, playing: GameKind | None) -> None:
        from vision.cards.flow import DONE, CardTeachFlow

        if self.flow is not None and self.flow.step != DONE:
            raise UserError(_("a teaching of the cards is going on: finish it or cancel it first"))
        kind = card_kind(playing)
        if kind is None:
            raise UserError(_("no game here reads cards: there is no deck to teach"))
        cards = cards_of(kind)
        assert cards is not None
        name = cards.card_set
        reader = self._reader_for(name)
        kinds = [k for k in reader.cards.kinds if k[1] not in (reader.cards.facedown, "")]
        self.flow, self._reader = CardTeachFlow(name, kinds), reader
        self.kept.begin(self.flow)  # (in place of any teaching kept before)
        if not self.cameras:
            self.notice("warning", _("no camera is open: the cards cannot be seen to teach them"))
        for watcher in self.cameras:
            watcher.teach(self._seen)

    @staticmethod
    def _reader_for(name: str) -> CardReader:
        """The reader of the set `name` as shipped: it reads what the cards seem to be (it
        knows every kind)."""
        from vision.cards import cardset
        from vision.cards.reader import CardReader
        from vision.errors import VisionError

        shipped = cardset.SHIPPED / f"{name}.npz"
        try:
            return CardReader.load(shipped if shipped.is_file() else name)
        except VisionError as error:
            raise UserError(
                _("the card set '{name}' cannot be loaded: {why}", name=name, why=message(error))
            ) from None

    def _stop(self, playing: GameKind | None, cancelled: bool = False) -> None:
        """The teaching ends (`cancelled`: people are told). A fit under way is not used:
        the set it makes, written aside, is not moved in place (`_learn`'s fit sees the
        teaching gone), nor read with."""
        from vision.cards.flow import DONE, FITTING

        for watcher in self.cameras:
            watcher.teach(None)
        flow, self.flow, self._reader = self.flow, None, None
        if flow is None:
            return
        self.kept.forget()
        if not cancelled or flow.step == DONE:  # (learnt before the cancel: the set is in use)
            return
        game = deck_title(flow.name, playing)
        self.notice(
            "info",
            _(
                "{game}: the teaching of the cards was cancelled: the cards seen are "
                "forgotten and the set being learnt is not used",
                game=game,
            )
            if flow.step == FITTING
            else _(
                "{game}: the teaching of the cards was cancelled: the cards seen are forgotten",
                game=game,
            ),
        )

    def _answer(self, step: str, action: Mapping[str, Any]) -> None:
        flow = self.flow
        if flow is None:
            raise UserError(_("no teaching of the cards is going on: start one first"))
        if step not in STEPS:
            raise UserError(
                _(
                    "unknown teaching step {step} ({steps})",
                    step=Quoted(step),
                    steps=list(STEPS),
                )
            )
        from vision.cards.flow import FITTING, LAYING

        if flow.step == FITTING:  # (another phone, or a second tap: said as it is)
            raise UserError(
                _(
                    "the cards are being learnt now (asked for on another page, or twice): "
                    "nothing more was done; their result comes in a few seconds"
                )
            )
        if flow.step != LAYING:
            raise UserError(_("the cards are learnt already: close the teaching first"))
        if step == "learn":
            self._learn(flow)
            return
        card = action.get("card")
        if not isinstance(card, int) or isinstance(card, bool):
            raise UserError(_('the "{step}" step names a card (a number)', step=step))
        if step == "leave_out":
            flow.leave_out(card)
        else:
            color, value = action.get("color"), action.get("value")
            if not isinstance(color, str) or not isinstance(value, str):
                raise UserError(
                    _('the "{step}" step names a card, its colour and value', step=step)
                )
            flow.confirm(card, color, value)
        self.kept.keep_current(flow, self.flow, said=card)

    def _learn(self, flow: CardTeachFlow) -> None:
        """Fit the deck's set in a thread of its own (seconds): the page and the camera
        never wait for it."""
        from vision.cards.flow import DONE, FITTING, LAYING

        flow.check()
        flow.step = FITTING
        self.kept.keep_current(flow, self.flow)

        def fit() -> None:
            from vision.cards import taught
            from vision.cards.cardset import user_path
            from vision.errors import VisionError

            fresh: Path | None = None
            before: Path | None = None
            try:
                made = flow.learn()
                path = user_path(flow.name)
                fresh = made.save(path.with_name(f"{path.name}.new.npz"))
                with self._lock:  # (a cancel meanwhile wins: the set is not used)
                    if self.flow is not flow:
                        return
                    before = taught.keep_aside(flow.name)  # (the set before: kept, not lost)
                    os.replace(fresh, path)
                    fresh = None
                    cameras = list(self.cameras)
                    flow.step = DONE
                    flow.result = {"kinds": len(made.kinds), "cards": len(flow.confirmed())}
                    self.kept.keep_current(flow, self.flow)
            except VisionError as error:  # (the confirmed cards cannot teach a set)
                with self._lock:
                    flow.step, flow.result = LAYING, {"error": message(error)}
                    self.kept.keep_current(flow, self.flow)
            except OSError as error:  # the disk (full, read-only): said, the cards kept
                unwritable = _(
                    "the card set cannot be written in {folder} ({why}): free some space on "
                    "its disk, or check that the folder may be written, then Learn these cards "
                    "again (the cards taught are kept)",
                    folder=str(user_path(flow.name).parent),
                    why=error.strerror or str(error),
                )
                with self._lock:
                    flow.step, flow.result = LAYING, {"error": unwritable}
                    self.kept.keep_current(flow, self.flow)
                    said = self.flow is flow
                if said:
                    self.notice("error", unwritable)
            except Exception as error:  # a bug: said, the cards kept
                with self._lock:
                    flow.step, flow.result = LAYING, {"error": repr(error)}
                    self.kept.keep_current(flow, self.flow)
                    said = self.flow is flow
                if said:
                    self.notice(
                        "error", _("internal error learning the cards: {error}", error=repr(error))
                    )
            else:
                for watcher in cameras:  # (back to the game's cards, read with it)
                    watcher.teach(None)
                    watcher.reload(flow.name)
                self.notice(
                    "info",
                    _(
                        "the table now reads the cards with the set it was taught ({kinds, plural, "
                        "one {# kind} other {# kinds}}, from {cards, plural, one {# card} other "
                        "{# cards}})",
                        kinds=len(made.kinds),
                        cards=len(flow.confirmed()),
                    ),
                )
                if before is not None:
                    self.notice("info", kept_before(before))
            finally:
                if fresh is not None:  # (not used: cancelled, or failed on the way)
                    fresh.unlink(missing_ok=True)
                self._tell()
            self.changed()

        threading.Thread(target=fit, name="teach-cards", daemon=True).start()

    def _deck_set(self, playing: GameKind | None) -> str | None:
        """The name of the set the deck taught is read with (None: no game reads cards)."""
        kind = card_kind(playing)
        cards = cards_of(kind) if kind is not None else None
        return None if cards is None else cards.card_set

    def _back_to_shipped(self, playing: GameKind | None) -> None:
        from vision.cards import taught
        from vision.cards.cardset import user_path

        name = self._deck_set(playing)
        if name is None or not taught.in_use(name):
            raise UserError(_("the table reads the cards with the set as shipped already"))
        try:
            taught.to_shipped(name)  # (kept aside, not lost)
        except OSError as error:
            raise UserError(
                _(
                    "the taught card set {file} cannot be set aside ({why}): check that its "
                    "folder may be written",
                    file=str(user_path(name)),
                    why=error.strerror or str(error),
                )
            ) from None
        for watcher in self.cameras:
            watcher.reload(name)
        self.notice("info", _("the table reads the cards with the set as shipped again"))

    def _put_back(self, playing: GameKind | None, file: Any) -> None:
        """The set kept aside as `file` read with again, at once; the one in use kept aside."""
        from vision.cards import taught

        name = self._deck_set(playing)
        if name is None:
            raise UserError(_("no game here reads cards: there is no deck to teach"))
        try:
            if not isinstance(file, str):
                raise LookupError(file)
            before = taught.put_back(name, file)
        except LookupError:
            raise UserError(_("no card set is kept aside as {file}", file=Quoted(file))) from None
        except OSError as error:
            raise UserError(
                _(
                    "the card set kept aside as {file} cannot be put back ({why}): check that "
                    "its folder may be written",
                    file=file,
                    why=error.strerror or str(error),
                )
            ) from None
        for watcher in self.cameras:
            watcher.reload(name)
        self.notice(
            "info",
            _("the table reads the cards with the set kept aside as {file} again", file=file)
            if before is None
            else _(
                "the table reads the cards with the set kept aside as {file} again; the one it "
                "read with is kept aside in turn ({before})",
                file=file,
                before=before.name,
            ),
        )

    # ---- the camera ------------------------------------------------------------------------

    def _seen(self, frame: Any) -> None:
        """A camera frame while teaching (the camera's thread)."""
        with self._lock:
            flow, reader = self.flow, self._reader
            if flow is None or reader is None:
                return
            before = len(flow.cards)
            if not flow.seen(frame, reader):
                return
            self.kept.keep_current(flow, self.flow, new=range(before, len(flow.cards)))
        self._tell()
        self.changed()

    # ---- the page --------------------------------------------------------------------------

    def view(self, playing: GameKind | None) -> dict[str, Any] | None:
        """For the page: the deck's set (taught or as shipped), the game's words for its
        cards, and the teaching going on (cards cut out as /api/teach-cards/cut/N.png);
        None when no game reads cards."""
        from vision.cards import taught

        kind = card_kind(playing)
        cards = cards_of(kind) if kind is not None else None
        if kind is None or cards is None:
            return None
        with self._lock:
            flow = None if self.flow is None else self.flow.to_json()
        names: dict[str, Text | str] = dict(cards.names())
        return {
            "game": kind.title,
            "set": cards.card_set,
            "taught": taught.in_use(cards.card_set),
            # the sets kept aside, the newest taught first, each with when (seconds)
            "kept": [
                {"file": a.file.name, "taught": round(a.taught)}
                for a in taught.kept_aside(cards.card_set)
            ],
            "names": names,
            "flow": flow,
        }

    def cut(self, number: int) -> bytes:
        """Card `number` of the teaching, cut out, as PNG."""
        import cv2

        from vision.cards.flow import CardFlowError

        with self._lock:
            if self.flow is None:
                raise UserError(_("no teaching of the cards is going on: start one first"))
            try:
                shown = self.flow.shown(number)
            except CardFlowError as error:
                raise UserError(message(error)) from None
        _ok, png = cv2.imencode(".png", shown)
        return bytes(png)

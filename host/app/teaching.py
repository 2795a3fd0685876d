"""The table learns its dice: the page's "Teach your dice", examples from play, refits in
the background. vision.learning does the work; this wires it to the table.

- Teaching (`act` with "teach" steps): the camera's dice go to a teaching flow
  (vision.learning.flow) instead of the game; the page shows every die cut out, grouped
  by look; people name the groups; the set is fitted (a refit in a process of its own),
  checked, installed and read with at once. The teaching is kept in the learning store as
  it changes (host.app.kept: each die cut out, what people said of it and of its group),
  and a table started again resumes it where it was. A cancel wins over a fit under way:
  the refit is stopped, a version it made before it was (its report not yet in) is
  recorded cancelled (never offered: Version.usable), the dice taught are forgotten, and
  the people are told. A refit of the set already running when the teaching's fit is
  asked for (a play refit, which read its examples before the teaching's were added) is
  waited for: the page says so, the play refit's outcome is said as a play refit's, and
  the teaching's own fit starts once it ended; only that fit's report is the teaching's
  (its version learnt the dice taught). A refit of the set another process runs (`dicetable
  vision refit`, a second table on the same store) is waited for too: the teaching's refit
  process looks at its lock every half second, the page says what it waits for, and a
  cancel stops the waiting (that other refit runs on).
- Play (`from_throw`, `from_answer`): every die a person fixed in the correction window
  or said the face of, and every die of a resolved throw nobody fixed that the reader
  was sure of, is kept as an example with its cut. Once REFIT_AFTER new examples of a
  set came, it is refitted in the background; the game never waits: the camera reads
  with the set in use until a refit is kept, then with the new one.
- Sets (`sets_view`, `roll_back`): the versions of each set with their figures. People
  see a set by its title (`set_title`: the one the game whose dice it reads gives it,
  vision's for a set no game owns, else its name as taught), in the order `ordered`
  gives: the game on the table's first.

Every call is quick (the store's commits, a thread started): refits run in a process
(vision.learning.refit.Background), grouping the cuts in a thread.
"""

from __future__ import annotations

import contextlib
import threading
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from host.app.kept import Keeping, Words
from host.app.teach_answers import regrouped
from host.app.text import _
from host.errors import UserError
from host.games.kind import dice_sets
from host.games.registry import dice_set_titles, kinds
from host.games.text import Quoted, as_text, message, say

if TYPE_CHECKING:
    from host.app.camera import DiceWatcher
    from vision.learning.flow import TeachFlow, TeachReader
    from vision.learning.store import KeptCut, LearningStore, NewExample

REFIT_AFTER = 10  # new examples of a set from which it is refitted
SURE = 0.95  # a die nobody fixed is kept as an example only if it was read this sure

# the words of keeping the teaching (host.app.kept)
WORDS = Words(
    _("the teaching of the dice"),
    lambda flow: _(
        "throws: {throws}, dice cut out: {cuts}", throws=flow.throws, cuts=len(flow.cuts)
    ),
)


class Learning:
    """What the table learns. `changed()` tells the table its state changed (the page
    redraws); `notice(level, text)` tells the people. With `play` False (a recorded
    session), resolved throws teach nothing: rehearsals stay out of the table's sets."""

    def __init__(
        self,
        store: LearningStore,
        changed: Callable[[], None],
        notice: Callable[[str, str], None],
        play: bool = True,
    ) -> None:
        from vision.learning.refit import Background

        self.store = store
        self.changed = changed
        self.notice = notice
        self.play = play
        self.cameras: list[DiceWatcher] = []
        self.flow: TeachFlow | None = None
        self._reader: TeachReader | None = None
        self._lock = threading.RLock()
        self._fitting: str | None = None  # the set a teaching is being fitted for
        self._fit_after = 0  # the newest version of that set when its fit was asked for
        self._fit_started = False  # its refit started (else it waits for one running)
        self._elsewhere: set[str] = set()  # sets whose refit waits for another process's
        self.kept: Keeping[TeachFlow] = Keeping("dice", WORDS)
        self.refits = Background(store.path, self._refit_done, self._refit_waits)
        for note in store.notes:
            notice("error", as_text(note))
        self._resume()

    def _resume(self) -> None:
        """The teaching kept in the store, if the table stopped mid-teaching, goes on."""
        from vision.learning import sets
        from vision.learning.flow import GROUPING, TeachFlow, start

        def resumed(state: str, cuts: list[KeptCut]) -> tuple[TeachFlow, int]:
            flow, unread = TeachFlow.resume(state, cuts)
            known = [sets.current(flow.name), sets.shipped(flow.name)]
            _fresh, self._reader = start(flow.name, flow.faces, flow.colors, known)
            return flow, unread

        with self._lock:
            self.flow = self.kept.resume(self.store, resumed)
            if self.flow is not None and self.flow.step == GROUPING:
                self._group(self.flow)  # (cut off by the stop)
        self.kept.tell(self.notice)

    def close(self) -> None:
        self.refits.stop()
        self.store.close()

    def attach(self, camera: DiceWatcher) -> None:
        """A camera of the table: it is taught with, and reads with the new sets."""
        with self._lock:
            self.cameras.append(camera)
            if self.flow is not None and self._reader is not None and self.flow.step == "throwing":
                camera.teach(self._reader, self._seen)

    # ---- teaching -----------------------------------------------------------------------

    def act(self, action: Mapping[str, Any], context: Mapping[str, Any] | None) -> None:
        """One step of the teaching, from the page: {"step": "start", "face_set": NAME} (the
        game on the table's dice if it names none: `context`), "sort" (no more throws),
        "name" {"group", "face"}, "move" {"cut", "face"}, "colour" {"group", "color"},
        "recolor" {"cut", "color"}, "fit", "close" (after the fit), "cancel"."""
        from vision.learning.flow import FlowError

        step = action.get("step")
        try:
            with self._lock:
                try:
                    if step == "start":
                        self._start(action, context)
                    elif step == "cancel" or step == "close":
                        self._stop(cancelled=step == "cancel")
                    else:
                        self._answer(str(step), action)
                except FlowError as error:
                    raise UserError(message(error)) from None
        finally:
            self.kept.tell(self.notice)
        self.changed()

    def _start(self, action: Mapping[str, Any], context: Mapping[str, Any] | None) -> None:
        from vision.learning import sets
        from vision.learning.flow import DONE, start

        # (grouping and fitting too: a start from another phone then replaced the teaching,
        # its dice lost, and the fit under way ended on the new one as if it were learnt)
        if self.flow is not None and self.flow.step != DONE:
            raise UserError(_("a teaching is going on: finish it or cancel it first"))
        name = action.get("face_set") or (context or {}).get("face_set")
        if not isinstance(name, str) or not name:
            raise UserError(
                _(
                    "say which dice to teach: {example}",
                    example='{"step": "start", "face_set": NAME}',
                )
            )
        faces = colors = None
        if context is not None and context.get("face_set") == name:
            faces, colors = context.get("faces"), context.get("colors")
        known = [sets.current(name), sets.shipped(name)]
        if faces is not None and all(k is None or tuple(faces) != k.faces for k in known):
            described = self.store.description(name)
            faces = described[0] if described else faces
        self.flow, self._reader = start(name, faces, colors, known)
        self.kept.begin(self.flow)  # (in place of any teaching kept before)
        if not self.cameras:
            self.notice("warning", _("no camera is open: the dice cannot be seen to teach them"))
        for camera in self.cameras:
            camera.teach(self._reader, self._seen)

    def _stop(self, cancelled: bool = False) -> None:
        """The teaching ends (`cancelled`: people are told). A fit under way is not used:
        its refit is stopped, a version it made is recorded cancelled, and the dice taught
        are forgotten."""
        from vision.learning.flow import FITTING
        from vision.learning.store import LearningError

        self._stop_teaching()
        flow, self.flow = self.flow, None
        if flow is None:
            return
        self.kept.forget()
        fitting = flow.step == FITTING
        if fitting and self._fitting == flow.name:
            self._fitting, self._fit_started = None, False
            # (returns once the refit ended: it adds no more; a play refit the fit waited
            # for is stopped too: it may have read the dice taught; play learns on after)
            self.refits.cancel(flow.name)
            self._elsewhere.discard(flow.name)
            with contextlib.suppress(LearningError):  # (else kept, but not in use)
                self._cancel_fitted(flow.name)
            try:
                self.store.forget(flow.name, flow.key_prefix)
            except LearningError as error:
                self.notice(
                    "warning",
                    _("the dice taught are not forgotten: {error}", error=message(error)),
                )
                return
            self._maybe_refit(flow.name)  # (the play refit stopped, if it was one)
        if cancelled:
            name = set_title(flow.name)
            self.notice(
                "info",
                _(
                    "{name}: the teaching was cancelled: the dice taught are forgotten and "
                    "the set being learnt is not used",
                    name=name,
                )
                if fitting
                else _(
                    "{name}: the teaching was cancelled: the dice cut out are forgotten", name=name
                ),
            )

    def _cancel_fitted(self, name: str) -> None:
        """The versions a cancelled teaching's fit made are never used: one that ended just
        before the cancel has its report dropped with the refit (refit.Background.cancel),
        so it is found in the store: newer than the fit's start, not in use."""
        from vision.learning import sets

        in_use = sets.in_use(self.store, name)
        for version in self.store.versions(name):
            fresh = version.version > self._fit_after and version.version != in_use
            if fresh and version.status in ("kept", "rejected"):
                self.store.cancel_version(name, version.version)

    def _stop_teaching(self) -> None:
        for camera in self.cameras:
            camera.teach(None, None)

    def _seen(self, frame: Any, dice: list[Any]) -> None:
        """The camera's dice lying still, while teaching (the camera's thread)."""
        with self._lock:
            flow = self.flow
            if flow is None or flow.step != "throwing":
                return
            before = len(flow.cuts)
            if not flow.seen(frame, dice):
                return
            self.kept.keep_current(flow, self.flow, new=range(before, len(flow.cuts)))
            enough = flow.throws >= flow.want
        self.kept.tell(self.notice)
        if enough:
            self._sort()
        self.changed()

    def _sort(self) -> None:
        """Group the cuts (a second or two of embedding): in a thread of its own, outside
        the lock, so the page and the table never wait for it."""
        from vision.learning.flow import GROUPING, THROWING

        with self._lock:
            if self.flow is None or self.flow.step != THROWING:
                return
            self._stop_teaching()
            self.flow.step = GROUPING
            self.kept.keep(self.flow)
            self._group(self.flow)
        self.kept.tell(self.notice)

    def _group(self, flow: TeachFlow) -> None:
        """Group the dice of `flow` in a thread (see `_sort`)."""
        from vision.learning.flow import THROWING

        def group() -> None:
            try:
                grouped = flow.grouping()
            except Exception as error:  # a bug: say it, keep the dice seen
                with self._lock:
                    flow.step = THROWING
                    self.kept.keep_current(flow, self.flow)
                self.notice(
                    "error", _("internal error grouping the dice: {error}", error=repr(error))
                )
            else:
                with self._lock:
                    flow.sorted(grouped)
                    self.kept.keep_current(flow, self.flow)
            self.kept.tell(self.notice)
            self.changed()

        threading.Thread(target=group, name="teach-sort", daemon=True).start()

    def _answer(self, step: str, action: Mapping[str, Any]) -> None:
        flow = self.flow
        if flow is None:
            raise UserError(_("no teaching is going on: start one first"))
        if step == "sort":
            if not flow.cuts:
                raise UserError(_("no dice seen yet: throw them under the camera first"))
            self._sort()
            return
        if step == "fit":
            self._fit(flow)
            return
        handlers: dict[str, Callable[[int, str], None]] = {
            "name": flow.name_group,
            "move": flow.move,
            "colour": flow.name_colour,
            "recolor": flow.recolor,
        }
        if step not in handlers:
            raise UserError(
                _(
                    "unknown teaching step {step} ({steps})",
                    step=Quoted(step),
                    steps=list(_STEPS),
                )
            )
        which = action.get("cut" if step in ("move", "recolor") else "group")
        value = action.get("color" if step in ("colour", "recolor") else "face")
        if not isinstance(which, int) or isinstance(which, bool) or not isinstance(value, str):
            raise UserError(
                _(
                    'the "{step}" step names a group or cut (a number) and a face or colour',
                    step=step,
                )
            )
        if regrouped(flow, step, which, action):
            raise UserError(
                _(
                    "these dice were sorted anew since this page showed them (another teaching "
                    "began, or the table started again): nothing was done: look again and tap"
                )
            )
        handlers[step](which, value)
        said = which if step in ("move", "recolor") else None
        self.kept.keep_current(flow, self.flow, said=said)

    def _fit(self, flow: TeachFlow) -> None:
        from vision.learning.flow import DONE, FITTING

        if flow.step in (FITTING, DONE):  # asked again: on another phone, or a second tap
            # (before, a second fit took the first's result for a play refit's, set it
            # aside as cancelled, and the teaching waited for ever)
            raise UserError(
                _(
                    "these dice are learnt already, or being learnt (asked for on another "
                    "page, or twice): nothing more was done"
                )
            )
        left = flow.unnamed()
        if left:
            raise UserError(_("not yet: {left}", left=[as_text(x) for x in left]))
        from vision.learning import sets

        if sets.shipped(flow.name) is None:
            self.store.describe(flow.name, flow.faces, flow.box_fit)
        self.store.add(flow.name, flow.examples())
        flow.step = "fitting"
        self.kept.keep_current(flow, self.flow)
        self._fitting = flow.name
        self._fit_after = max((v.version for v in self.store.versions(flow.name)), default=0)
        self._start_fit(flow.name)

    def _start_fit(self, name: str) -> None:
        """The teaching's refit of `name` (installed when done: a cancel wins); if a refit of
        it is running (a play refit: it learns without the dice taught), the teaching waits
        for it and starts its own once it ended (`_refit_done`)."""
        self._fit_started = self.refits.start(name, install=False)

    def view(self) -> dict[str, Any] | None:
        """The teaching for the page (cuts as /api/teach/cut/N.png)."""
        with self._lock:
            if self.flow is None:
                return None
            fitting = self.flow.step == "fitting" and self._fitting == self.flow.name
            # its refit (or the play refit it waits for) waits for one another process runs
            elsewhere = fitting and self.flow.name in self._elsewhere
            return {
                **self.flow.to_json(),
                "title": set_title(self.flow.name),
                "waiting": fitting and not self._fit_started and not elsewhere,  # a play refit
                "elsewhere": elsewhere,  # (the command line's, another table's)
            }

    def cut(self, number: int) -> bytes:
        with self._lock:
            if self.flow is None or not 0 <= number < len(self.flow.cuts):
                raise UserError(_("no die {n} in the teaching", n=number))
            return self.flow.cuts[number].crop

    # ---- play ------------------------------------------------------------------------------

    def from_throw(
        self,
        face_set: str,
        dice: Sequence[Mapping[str, Any]],
        cuts: Sequence[bytes],
        fixes: Sequence[tuple[str, str]],
        said: Mapping[int, str],
        key: str,
        roles: Mapping[str, str] | None = None,
    ) -> int:
        """A resolved throw: its dice (as the camera read them, with their cuts), the fixes
        people made (from face, to face: each is the least sure die read as `from`) and the
        faces people said of unknown dice (`said`, kept already). Keeps the fixed dice and
        the sure unfixed ones, each as an example of its set (`face_set`, or the set of its
        colour's role in `roles`: dice of other kinds thrown with them); returns how many
        examples it kept."""
        if not self.play or len(cuts) != len(dice):
            return 0
        faces = [said.get(i, str(d.get("face"))) for i, d in enumerate(dice)]
        fixed: set[int] = set()
        for wrong, right in fixes:
            candidates = [i for i, f in enumerate(faces) if f == wrong and i not in fixed]
            if candidates:
                i = min(candidates, key=lambda k: float(dice[k].get("confidence", 0.0)))
                faces[i] = right
                fixed.add(i)
        keep: dict[str, list[NewExample]] = {}
        for i, d in enumerate(dice):
            if i in said and i not in fixed:
                continue  # kept when it was said
            sure = d.get("face") != "unknown" and float(d.get("confidence", 0.0)) >= SURE
            if i in fixed or sure:
                kept = _example(d, cuts[i], faces[i], i in fixed, f"{key} die {i}")
                keep.setdefault(set_of(d, face_set, roles), []).append(kept)
        return sum(self._keep(name, examples) for name, examples in keep.items())

    def from_answer(
        self,
        face_set: str,
        die: Mapping[str, Any],
        cut: bytes,
        face: str,
        key: str,
        roles: Mapping[str, str] | None = None,
    ) -> int:
        """A person said what an unknown die shows (a die of its role's set, in `roles`)."""
        if not self.play:
            return 0
        name = set_of(die, face_set, roles)
        if die.get("color") not in (roles or {}):  # a die whose kind was unsure: its face says
            name = next((s for s in (roles or {}).values() if face in _faces(s)), face_set)
        return self._keep(name, [_example(die, cut, face, True, key, "asked")])

    def _keep(self, face_set: str, examples: list[NewExample]) -> int:
        if not examples:
            return 0
        from vision.learning.store import LearningError

        try:
            added = self.store.add(face_set, examples)
        except LearningError as error:  # the game goes on; the examples are lost alone
            self.notice("error", _("the dice examples are not kept: {error}", error=message(error)))
            return 0
        self._maybe_refit(face_set)
        return added

    def _maybe_refit(self, face_set: str) -> None:
        from vision.learning.fit import MIN_FACE

        versions = self.store.versions(face_set)
        upto = versions[-1].upto if versions else 0
        if self.store.count_after(face_set, upto) < REFIT_AFTER:
            return
        counts = self.store.counts(face_set)
        from vision.learning import sets

        current = sets.current(face_set)
        faces = current.faces if current is not None else ()
        if faces and any(counts.get(f, 0) < MIN_FACE + 1 for f in faces):
            return  # a fit needs examples of every face: wait for them
        if self.refits.start(face_set):
            self.changed()  # (the sets list says it learns)

    def _refit_waits(self, name: str, waiting: bool) -> None:
        """A refit of `name` (the teaching's, or a play refit) waits for one another process
        runs (`waiting`), or no longer (Background's thread)."""
        with self._lock:
            if waiting:
                self._elsewhere.add(name)
            else:
                self._elsewhere.discard(name)
        self.changed()  # (the teaching's view and the sets list say what it waits for)

    def _refit_done(self, said: dict[str, Any]) -> None:
        """A refit ended (Background's thread)."""
        from vision.learning import sets
        from vision.learning.store import LearningError

        name = str(said.get("face_set"))
        with self._lock:
            self._elsewhere.discard(name)  # (its refit ended)
            flow = self.flow
            fitting = self._fitting == name and flow is not None and flow.name == name
            # the teaching's report is its own fit's, never a play refit's (one it waited
            # for, or one that ended just as its own began): those did not learn its dice
            teaching = fitting and self._fit_started and said.get("install") is not True
            waiting = fitting and not self._fit_started
            if teaching:
                assert flow is not None
                self._fitting, self._fit_started = None, False
                if said.get("kept") and not said.get("installed", True):
                    try:  # (the teaching's fit: used now, unless it was cancelled before)
                        sets.install(self.store, name, int(said["version"]))
                        said = {**said, "installed": True}
                    except LearningError as error:
                        said = {"error": message(error), "face_set": name}
                flow.result = said
                flow.step = "done" if "error" not in said else "sorting"
                self.kept.keep_current(flow, self.flow)
            elif said.get("kept") and not said.get("installed", True):
                # a teaching's fit no teaching waits for (cancelled): never used
                with contextlib.suppress(LearningError):  # (else kept, but not in use)
                    self.store.cancel_version(name, int(said["version"]))
                self.changed()
                return
        self.kept.tell(self.notice)
        if "error" in said:
            self.notice(
                "warning",
                _(
                    "{name}: could not learn from the dice kept: {error}",
                    name=set_title(name),
                    error=said["error"],
                ),
            )
        elif said.get("kept"):
            for camera in self.cameras:
                camera.reload(name)
            f = said["figures"]
            self.notice(
                "info",
                _(
                    "{name}: learnt from {examples} dice (version {version}); of {checked} "
                    "kept aside, {right} read right, {wrong} wrong, {unknown} left to you",
                    name=set_title(name),
                    examples=said["examples"],
                    version=said["version"],
                    checked=f["checked"],
                    right=f["right"],
                    wrong=f["wrong"],
                    unknown=f["unknown"],
                ),
            )
        else:
            self.notice(
                "info",
                _(
                    "{name}: a new version was learnt but not kept: it read the dice kept "
                    "aside worse than the version in use",
                    name=set_title(name),
                ),
            )
        if waiting:  # the play refit ended: the teaching's own fit starts now
            with self._lock:
                if self._fitting == name and not self._fit_started:
                    self._start_fit(name)
        self.changed()
        if not teaching and "error" not in said:
            self._maybe_refit(name)  # examples may have come meanwhile

    # ---- sets ------------------------------------------------------------------------------

    def refitting(self) -> dict[str, str]:
        """The sets being refitted now -> "learning", or "waits" while the refit waits for
        one another process runs: in the table's state, so the page's sets list follows
        them live (`changed()` as a refit starts, waits, fits and ends)."""
        with self._lock:
            elsewhere = set(self._elsewhere)
        return {name: "waits" if name in elsewhere else "learning" for name in self.refits.names()}

    def sets_view(self, lang: str, on_table: Sequence[str] = ()) -> list[dict[str, Any]]:
        """Every set the table has learnt (and the shipped ones), with its title and its
        versions, in the order the page lists them in `lang` (`ordered`)."""
        from vision.faceset import shipped as shipped_names
        from vision.learning import sets

        names = ordered(set(shipped_names()) | set(self.store.face_sets()), on_table, lang)
        refitting = self.refitting()
        out = []
        for name in names:
            out.append(
                {
                    "name": name,
                    "title": set_title(name),
                    "shipped": sets.shipped(name) is not None,
                    "in_use": sets.in_use(self.store, name),
                    "examples": self.store.counts(name),
                    # "learning", "waits" (for one another process runs), or None
                    "refit": refitting.get(name),
                    "versions": [v.to_json() for v in self.store.versions(name)],
                }
            )
        return out

    def roll_back(self, name: str, version: int | None) -> int:
        """Put an earlier version of a set in use (default: the one before); returns it."""
        from vision.learning import sets
        from vision.learning.store import LearningError

        try:
            number = sets.previous(self.store, name) if version is None else version
            sets.install(self.store, name, number)
        except LearningError as error:
            raise UserError(message(error)) from None
        for camera in self.cameras:
            camera.reload(name)
        self.notice(
            "info", _("{name}: back at version {number}", name=set_title(name), number=number)
        )
        self.changed()
        return number


_STEPS = ("start", "sort", "name", "move", "colour", "recolor", "fit", "close", "cancel")


def set_titles() -> dict[str, str]:
    """Every dice set with a title for players -> it (a `Text`): each game's own dice's
    (host.games.kind.Dice.sets), and vision's for the shipped sets no game owns."""
    from vision.faceset import TITLES

    return {name: set_title(name) for name in [*TITLES, *dice_set_titles()]}


def set_title(name: str) -> str:
    """A dice set as players know it (host.games.text.set_title): its title, else its name
    as it was taught (a set a person named, shown as they typed it)."""
    from vision.faceset import set_name

    title: str = as_text(set_name(name))
    return title


def ordered(names: Iterable[str], on_table: Sequence[str], lang: str) -> list[str]:
    """Dice sets in the order the page lists them: the game on the table's (`on_table`, in
    its order: the set its dice are read with now first), then the others by title in
    `lang`, a game's together (under its first set's title, in the order it lists them).

    >>> ordered(["my-d6", "d6-pips", "Zed"], ["Zed"], "en")  # (no game's: by their titles)
    ['Zed', 'my-d6', 'd6-pips']
    """
    group: dict[str, tuple[str, int]] = {}  # a game's set -> (its first set, its place)
    for kind in kinds().values():
        sets = list(dice_sets(kind))
        for n, name in enumerate(sets):
            group.setdefault(name, (sets[0], n))
    first = {name: n for n, name in enumerate(dict.fromkeys(on_table))}

    def key(name: str) -> tuple[int, int, str, int]:
        if name in first:
            return (0, first[name], "", 0)
        head, n = group.get(name, (name, 0))
        return (1, 0, _folded(say(set_title(head), lang)), n)

    return sorted(names, key=key)


def _folded(title: str) -> str:
    """A title as it is sorted: accents and case aside ("Écu" between "Dé" and "Fer")."""
    plain = unicodedata.normalize("NFKD", title)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def set_of(die: Mapping[str, Any], face_set: str, roles: Mapping[str, str] | None) -> str:
    """The set a die read in a throw is an example of: its colour's role's, else the
    throw's own."""
    return (roles or {}).get(str(die.get("color")), face_set)


def _faces(face_set: str) -> tuple[str, ...]:
    from vision.learning import sets

    current = sets.current(face_set)
    return current.faces if current is not None else ()


def _example(
    die: Mapping[str, Any], cut: bytes, face: str, certain: bool, key: str, source: str = ""
) -> NewExample:
    from vision.learning.store import NewExample

    return NewExample(
        face=face,
        crop=cut,
        angle=float(die.get("angle", 0.0)),
        certain=certain,
        source=source or ("fixed" if certain else "read"),
        color=die.get("color"),
        read_as=str(die.get("face")),
        confidence=float(die.get("confidence", 0.0)),
        key=key,
    )

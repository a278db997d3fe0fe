"""What a field of a state or move is called in the reader's language.

A game's own fields are labelled by its ``present`` (``games/<package>/present.py``, msgids
of the game's domain); the fields several games share are labelled here (msgids of the core
domain). The page's editor and the malformed-input errors use the same labels, so that an
error names a field as the form shows it. The titles of the example states are here
too: the page's example select and the reference's cases pages show them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import CORE, N_, N_plural, gettext, ngettext

if TYPE_CHECKING:
    from .game import Game

#: The labels of the fields that several games share (the JSON key and its label).
SHARED_FIELDS = {
    "active": N_("Active player"),
    "blue": N_("Blue"),
    "colour": N_("Colour"),
    "cost": N_("Cost"),
    "count": N_("Count"),
    "green": N_("Green"),
    "grey": N_("Grey"),
    "kind": N_("Kind"),
    "market": N_("Market"),
    "name": N_("Name"),
    "over": N_("Game over"),
    "player": N_("Player"),
    "players": N_("Players"),
    "red": N_("Red"),
    "source": N_("From"),
    "space": N_("Space"),
    "target": N_("Target"),
    "to": N_("To"),
    "total": N_("Total"),
    "transfer": N_("Transfer"),
    "turn": N_("Turn"),
    "type": N_("Kind of action"),
    "yellow": N_("Yellow"),
}


def field_label(game: Game | None, key: str, lang: str, default: str | None = None) -> str:
    """A field's label in ``lang``: a board space's name in the vocabulary (the board's
    fields are its spaces), else the game's own label, else a shared one, else ``default``
    (the field's own name when ``default`` is ``None``)."""
    present = game.present if game is not None else None
    vocab = getattr(game, "vocab", None)
    if vocab is not None and vocab.has("space", key):
        return str(vocab.name("space", key, lang))  # a board space has one name everywhere
    if game is not None and present is not None and key in present.fields:
        return gettext(game.domain, lang, present.fields[key])
    if key in SHARED_FIELDS:
        return gettext(CORE, lang, SHARED_FIELDS[key])
    return key.replace("_", " ") if default is None else default


#: An item of a list, counted from 1: "Attacks 2" (Chinese: 攻擊（第 2 項）).
ITEM = N_("{label} {number}")


def item_label(label: str, number: int, lang: str) -> str:
    """The ``number``-th item of the list labelled ``label``, in ``lang``."""
    return gettext(CORE, lang, ITEM).format(label=label, number=number)


#: The titles of the example states every game has (a game titles its own in ``present``).
EXAMPLES = {"mid-game": N_("Mid-game"), "end": N_("Game over")}
SETUP = N_plural("Setup, {count} player", "Setup, {count} players")


def example_title(game: Game, name: str, lang: str) -> str:
    """An example state's title in ``lang`` ("setup-3p" is "Setup, 3 players")."""
    present = game.present
    if present is not None and name in present.examples:
        return gettext(game.domain, lang, present.examples[name])
    if name in EXAMPLES:
        return gettext(CORE, lang, EXAMPLES[name])
    count = name[len("setup-") : -1]
    if name.startswith("setup-") and name.endswith("p") and count.isdigit():
        n = int(count)
        return ngettext(CORE, lang, SETUP.singular, SETUP.plural, n).format(count=n)
    return name.replace("-", " ")

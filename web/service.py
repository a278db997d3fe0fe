"""What the pages and the API share: finding games and rules, running verdicts safely."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app
from werkzeug.exceptions import NotFound

from adjudicator.core.catalog import Rule
from adjudicator.core.errors import FieldError, MalformedInput
from adjudicator.core.game import Game
from adjudicator.core.i18n import CORE, N_, Message
from adjudicator.games import available_games

T = TypeVar("T")
log = logging.getLogger(__name__)


class Missing(NotFound):
    """A 404 with a message in the game's or the page's words."""

    def __init__(self, message: Message) -> None:
        super().__init__()
        self.message = message


def all_games() -> list[Game]:
    configured = current_app.config.get("ADJ_GAMES")
    return list(configured) if configured is not None else available_games()


def find_game(game_id: str) -> Game:
    """The game called ``game_id``, or a 404."""
    for game in all_games():
        if game.id == game_id:
            return game
    raise Missing(Message(CORE, N_("There is no game called “{name}”."), {"name": game_id}))


def find_rule(game: Game, rule_id: str) -> Rule:
    rule = game.rule(rule_id)
    if rule is None:
        raise Missing(Message(CORE, N_("There is no rule {name} in this game."), {"name": rule_id}))
    return rule


def safely(func: Callable[..., T], *args: Any) -> T:
    """Run a game's verdict; a failure inside the game becomes malformed input, not a 500."""
    try:
        return func(*args)
    except MalformedInput:
        raise
    except Exception:  # a game's bug must not show a traceback to a player
        log.exception("the game failed on this input")
        message = Message(CORE, N_("The adjudicator cannot decide on this input."))
        raise MalformedInput([FieldError("", message)]) from None


def rule_json(game: Game, rule: Rule, lang: str) -> dict[str, Any]:
    """A rule as the CLI prints it with ``--format json`` (:meth:`Game.rule_json`)."""
    return game.rule_json(rule, lang)


def docs_href(game: Game, rule_id: str, lang: str) -> str:
    """The link to a rule in the built reference."""
    rule = game.rule(rule_id)
    anchor = rule.anchor if rule is not None else f"rule-{rule_id.lower()}"
    return f"/docs/{lang}/games/{game.id}/rules.html#{anchor}"


def warm_catalogs(app: Any) -> None:
    """Compile the catalogs of every language and domain (every page needs them): what a
    server does before its first answer (a fraction of a second)."""
    from adjudicator.core.i18n import LANGS, translations

    with app.app_context():
        games = all_games()
    for lang in LANGS:
        for domain in (CORE, *(game.domain for game in games)):
            translations(domain, lang)


def warm_up(app: Any, pause: Callable[[], None] = lambda: None) -> None:
    """Do, before the first player of a game waits, what the first request of each kind
    would otherwise do: compile the catalogs, read the games' cases (YAML), build their
    schemas, editors and templates. About a second per game, in steps: ``pause`` is called
    between two (a server's worker warms up in the background, its requests answered in
    between)."""
    warm_catalogs(app)
    client = app.test_client()
    with app.app_context():
        games = all_games()
    for game in games:
        pause()
        client.post(f"/api/v1/{game.id}/check", data=b"{}", content_type="application/json")
        for page in ("check", "move", "score"):
            pause()
            client.get(f"/en/{game.id}/{page}")

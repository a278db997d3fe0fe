"""No text a player reads in Greek, Portuguese or Chinese leaks the machine (issue 11).

Two sweeps, per game, with the detector of :mod:`adjudicator.core.leaks`:

- ``templates``: every message template of the game (the ``.pot`` entries taken from its
  code) rendered with representative parameters (names from its vocabulary, counts 1, 2
  and 5) in el, pt and zh_TW;
- ``cases``: ``check``, ``move`` and ``score`` on every case of the game, in those
  languages, as the CLI and the API answer them (``to_json``): violations, notices,
  errors, alternatives, effects, score steps, tie-breaks and names;
- ``options``: the legal actions ("what may I do?") of every distinct state of the cases:
  each action's description, group and effects, and the list's notes.

Run one game: ``.venv/bin/python -m pytest -q tests/test_leaks.py -k quarantine``; the
failure lists every leak found, grouped by kind.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from adjudicator.core.cases import Case
from adjudicator.core.errors import MalformedInput
from adjudicator.core.game import Game
from adjudicator.core.i18n import TRANSLATED_LANGS, Message, Name
from adjudicator.core.leak_samples import message_templates, param_kinds, samples
from adjudicator.core.leaks import Leak, LeakDetector, find_leaks
from adjudicator.core.registry import game_ids, load_game

#: The (game, sweep) pairs that still leak: expected to fail, strictly. When a game stops
#: leaking its test fails ("XPASS(strict)") until its pair is removed from this set.
LEAKING_GAMES: set[tuple[str, str]] = set()
REASON = "issue 11: the game's messages still leak ids/JSON/hacks (its owner removes this)"


def _params(sweep: str) -> list[Any]:
    return [
        pytest.param(
            game_id,
            id=game_id,
            marks=[pytest.mark.xfail(strict=True, reason=REASON)]
            if (game_id, sweep) in LEAKING_GAMES
            else [],
        )
        for game_id in game_ids()
    ]


def _report(leaks: list[tuple[str, Leak]], limit: int = 60) -> str:
    counts = Counter(leak.kind for _, leak in leaks)
    lines = [f"{len(leaks)} leak(s): " + ", ".join(f"{k} {n}" for k, n in counts.most_common())]
    seen = set()
    for where, leak in sorted(leaks, key=lambda item: (item[1].kind, item[0])):
        key = (leak.kind, leak.found, where.split(" ")[0])
        if key in seen:
            continue
        seen.add(key)
        lines.append(f"  [{leak.kind}] {leak.found!r} <- {where}: {leak.text[:160]}")
        if len(lines) > limit:
            lines.append("  ...")
            break
    return "\n".join(lines)


# --- sweep 1: every message template ---------------------------------------------------


def template_leaks(game: Game, templates: list[Any] | None = None) -> list[tuple[str, Leak]]:
    detector = LeakDetector.for_game(game)
    kinds = param_kinds(game.package_dir)
    found: list[tuple[str, Leak]] = []
    for template in templates if templates is not None else message_templates(game.domain):
        for sample in samples(game, template, kinds.get(template, {})):
            where = str(template)[:50]
            for kind in sample.missing_kinds:
                found.append((where, Leak("vocabulary", kind, f"no {kind} in the vocabulary")))
            english = sample.message.render("en")
            for lang in TRANSLATED_LANGS:
                text = sample.message.render(lang)
                found += [(f"{lang} {where}", x) for x in detector.scan(text, lang, english)]
    return found


@pytest.mark.parametrize("game_id", _params("templates"))
def test_message_templates_do_not_leak(game_id):
    leaks = template_leaks(load_game(game_id))
    assert not leaks, _report(leaks)


# --- sweep 2: check, move and score on every case --------------------------------------


def _texts(answer: dict[str, Any]) -> list[str]:
    """The texts for players in an answer of the CLI/API (``to_json``)."""
    texts = [v["message"] for v in answer.get("violations", [])]
    texts += [n["message"] for n in answer.get("notices", [])]
    texts += [e["message"] for e in answer.get("errors", [])]
    texts += [a["description"] for a in answer.get("alternatives", [])]
    texts += list(answer.get("effects", [])) + list(answer.get("steps", []))
    texts += list(answer.get("tiebreaks", []))
    texts += list(answer.get("names", {}).values())
    for action in answer.get("actions", []):
        texts += [action["description"], *action["effects"]]
        texts += [action["group"]] if action.get("group") else []
    texts += list(answer.get("notes", []))
    return texts


def _answers(game: Game, case: Case, lang: str) -> list[dict[str, Any]]:
    state = case.build_state(game)
    try:
        if case.kind == "move":
            return [game.adjudicate(state, dict(case.move or {})).to_json(lang)]
        if case.kind == "score":
            return [game.score(state).to_json(lang)]
        return [game.check(state).to_json(lang)]
    except MalformedInput as exc:
        return [{"errors": exc.to_json(lang)}]


def _scan(
    detector: LeakDetector, where: str, texts_in: Callable[[str], list[str]]
) -> list[tuple[str, Leak]]:
    """The leaks of the texts ``texts_in(lang)`` in each translated language, each text
    beside its English (to find an untranslated one) when both lists match."""
    english = texts_in("en")
    found: list[tuple[str, Leak]] = []
    for lang in TRANSLATED_LANGS:
        texts = texts_in(lang)
        for i, text in enumerate(texts):
            en = english[i] if len(english) == len(texts) else None
            found += [(f"{lang} {where}", x) for x in detector.scan(text, lang, en)]
    return found


def _case_texts(game: Game, case: Case, lang: str) -> list[str]:
    return [t for a in _answers(game, case, lang) for t in _texts(a)]


def case_leaks(game: Game, cases: tuple[Case, ...] | None = None) -> list[tuple[str, Leak]]:
    detector = LeakDetector.for_game(game)
    found: list[tuple[str, Leak]] = []
    for case in game.cases if cases is None else cases:
        texts = partial(
            lambda c, lang: [t for a in _answers(game, c, lang) for t in _texts(a)], case
        )
        found += _scan(detector, case.id, texts)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game_id", _params("cases"))
def test_case_answers_do_not_leak(game_id):
    leaks = case_leaks(load_game(game_id))
    assert not leaks, _report(leaks)


# --- sweep 3: the legal actions of every state of the cases ---------------------------


def _case_states(game: Game) -> list[tuple[str, Any]]:
    """Each distinct state of the game's cases, with the first case that builds it."""
    seen: dict[str, tuple[str, Any]] = {}
    for case in game.cases:
        state = case.build_state(game)
        seen.setdefault(json.dumps(state, sort_keys=True), (case.id, state))
    return list(seen.values())


def option_leaks(game: Game, states: list[tuple[str, Any]] | None = None) -> list[tuple[str, Leak]]:
    detector = LeakDetector.for_game(game)
    found: list[tuple[str, Leak]] = []
    said: set[str] = set()
    for where, state in _case_states(game) if states is None else states:
        try:
            options = game.options_of(state)
        except MalformedInput:
            continue  # its errors are in the cases sweep
        # An action whose messages (templates and parameters) an earlier state's action
        # already had renders the same texts in every language: scanned once (most of the
        # Manhattan Project's 16,000 actions over 141 states repeat).
        fresh = tuple(a for a in options.actions if _first_time(said, _messages_of(a)))
        options = replace(options, actions=fresh)
        found += _scan(detector, where, lambda lang, o=options: _texts(o.to_json(lang)))
    return found


def _messages_of(action: Any) -> str:
    return repr((action.description, action.effects, action.group))


def _first_time(seen: set[str], key: str) -> bool:
    if key in seen:
        return False
    seen.add(key)
    return True


@pytest.mark.slow
@pytest.mark.parametrize("game_id", _params("options"))
def test_legal_actions_do_not_leak(game_id):
    game = load_game(game_id)
    assert game.options is not None, "every game lists its legal actions"
    leaks = option_leaks(game)
    assert not leaks, _report(leaks)


def test_the_set_of_leaking_games_names_real_games():
    assert {g for g, _ in LEAKING_GAMES} <= set(game_ids())
    assert {s for _, s in LEAKING_GAMES} <= {"templates", "cases", "options"}


# --- the detector can fail --------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "text", "kinds"),
    [
        (
            "el",
            "Ο blue έχει ακόμη 2 Μαχητικό(ά) και δεν μπορεί να βομβαρδιστεί.",
            {"id", "plural-hack"},
        ),
        ("el", "Είναι η σειρά του AH, όχι του IT.", {"id"}),
        ("pt", "Fábrica: uma fábrica em prague; o rondel custa 6M.", {"id"}),
        ("zh_TW", '合法的 treat 行動：{"colour":"red"}', {"id", "json"}),
        ("zh_TW", "轟炸red的第 0 號建築", {"id", "zero-place"}),
        ("el", "Ο/Η Ben χρειάζεται 8M", {"gender-slash"}),
        ("pt", "2 Caça(s)", {"plural-hack"}),
        ("pt", "o(a) jogador(a) Ben", {"plural-hack"}),
        ("el", "Το Κτίριο της θέσης 0 κοστίζει $2", {"zero-place"}),
        ("pt", "Mova para o prédio 0 de Ben.", {"zero-place"}),
        ("pt", "Legal: {rooms} livres.", {"placeholder"}),
        ("el", "/: the active player 'green' is not a player", {"id", "english"}),
        ("zh_TW", "合法：[[0, 1], [-1, 0]]", {"json"}),
    ],
)
def test_the_detector_finds_planted_leaks(lang, text, kinds):
    ids = {"blue", "AH", "IT", "prague", "treat", "red", "green", "colour"}
    assert {leak.kind for leak in find_leaks(text, lang, ids)} == kinds


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("el", "Ο Μπλε έχει ακόμη 2 Μαχητικά και δεν μπορεί να βομβαρδιστεί."),
        ("el", "Είναι η σειρά της Αυστρο-Ουγγαρίας, όχι της Ιταλίας."),
        ("pt", "O 2º prédio do Vermelho (Mina) custa $3; MP-602 se aplica."),
        ("zh_TW", "合法：轟炸紅色玩家的第 1 棟建築。"),
        ("el", "Οι παίκτες 1/2 και 10/0 δεν είναι άρθρα."),
        ("pt", "Hospital de Ben: a sala na linha 2, coluna 3."),
    ],
)
def test_the_detector_passes_clean_texts(lang, text):
    ids = {"blue", "AH", "IT", "prague", "treat", "red"}
    assert find_leaks(text, lang, ids) == []


def test_the_english_of_an_untranslated_portuguese_text_is_found():
    text = "The move is not legal here."
    assert [x.kind for x in find_leaks(text, "pt", english=text)] == ["english"]
    assert find_leaks("O lance não é legal aqui.", "pt", english=text) == []


def test_a_planted_template_leak_fails_the_template_sweep():
    game = load_game("quarantine")
    # a template no catalog translates, with a plural hack, filled with a raw id
    planted = ["{who} has {count} cube(s) of {colour}."]
    leaks = template_leaks(game, planted)
    assert {leak.kind for _, leak in leaks} >= {"plural-hack", "english"}
    rendered = Message(game.domain, "{x}", {"x": Name(game.domain, "no-such-kind", "red")})
    detector = LeakDetector.for_game(game)
    assert [x.kind for x in detector.scan(rendered.render("el"), "el")] == ["id"]


def test_a_planted_case_leak_fails_the_case_sweep(monkeypatch):
    game = load_game("imperial")
    case = next(c for c in game.cases if c.kind == "state" and c.expected_violations)

    def leaky(self, lang="en"):
        return {"violations": [{"message": "Είναι η σειρά του AH, όχι του IT.", "rule": "x"}]}

    monkeypatch.setattr(type(game.check(case.build_state(game))), "to_json", leaky)
    kinds = {leak.kind for _, leak in case_leaks(game, (case,))}
    assert "id" in kinds


def test_a_planted_notice_leak_fails_the_case_sweep(monkeypatch):
    game = load_game("quarantine")
    case = next(c for c in game.cases if c.kind == "state" and c.expect.get("notices"))
    clean = game.check(case.build_state(game))
    assert clean.notices and not case_leaks(game, (case,))
    notice = clean.notices[0]
    leaky = type(notice)(notice.rule, Message(game.domain, "{x}", {"x": '{"box": null}'}))
    monkeypatch.setattr(type(game), "report", lambda self, state: type(clean)((), (leaky,)))
    assert "json" in {leak.kind for _, leak in case_leaks(game, (case,))}


def test_a_planted_option_leak_fails_the_options_sweep(monkeypatch):
    game = load_game("manhattan-project")
    state = game.example()
    assert not option_leaks(game, [("example", state)])
    provider = game.options
    assert provider is not None
    said = lambda state, move: Message(game.domain, "{x}", {"x": f"{move['type']} 2 Caça(s)"})  # noqa: E731
    planted = replace(provider, describe=said)
    monkeypatch.setattr(game, "options", planted)
    kinds = {leak.kind for _, leak in option_leaks(game, [("example", state)])}
    assert {"id", "plural-hack"} <= kinds

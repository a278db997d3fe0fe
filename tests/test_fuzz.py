"""Fuzzing: hostile states and moves to the CLI and the API, and random edits of examples.

Not one traceback and not one 5xx; malformed input exits 2 on the command line and gets
a 422 (or a 413 when too large) from the API, and every rejection names the place in the
input (each error has a ``path``).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import MalformedInput, Report, cli
from adjudicator.core.errors import pointer
from adjudicator.games import available_games
from tests.logged import LOGGED, assert_no_crash_since, watched_client

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
FEW = settings(FUZZ, max_examples=20)

# --- hostile values -------------------------------------------------------------------------

SCRIPTS = [
    "Ελληνικά ΆΈΉ ΐΰ",
    "繁體中文：轟炸機、工程師",
    "Português: ação, pão, avó",
    "العربية والأرقام ١٢٣",
    "עברית",
    "हिन्दी देवनागरी",
    "ภาษาไทย",
    "한국어 ᄀᄁ",
    "日本語カタカナ",
    "Кириллица",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🂡🃏🏳️‍🌈",
    "e\u0301\u0302\u0303 combining",
    "\u202etxet desrever\u202c",
    "zero\u200bwidth\ufeff",
    "\x00\x01\x1f control",
    "",
    " ",
    "null",
    "-1",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "%s%n{0}{player}",
    "x" * 10_000,
]
HUGE = [
    10**30,
    -(10**30),
    2**63,
    -(2**63) - 1,
    2**64,
    10**300,
    1e308,
    -1e308,
    5e-324,
    0.1,
    -0.0,
    -1,
    0,
]

texts = st.one_of(st.sampled_from(SCRIPTS), st.text(max_size=30))
keys = st.one_of(st.sampled_from(["type", "players", "zz_unknown", "", "__proto__"]), texts)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(HUGE),
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
)
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(keys, children, max_size=4)
    ),
    max_leaves=12,
)
not_objects = st.one_of(scalars, st.lists(json_values, max_size=3))

#: Raw JSON texts that Python's parser reads into something no real state can hold.
RAW_HOSTILE = [
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 5_000 + "1" + "}" * 5_000,
    "[" * 70 + "]" * 70,
    "1" * 5_000,
    '{"players": NaN}',
    '{"players": Infinity}',
    '{"players": [-Infinity]}',
    '{"players": "\\ud800\\udfff\\ud800"}',
    '{"players": [], "players": {}}',
    "",
    "   ",
    "nul",
    "{",
    '{"players": [}',
    '"\\u0000"',
    "\ufeff{}",
]


def games() -> list[Any]:
    return available_games()


GAMES = games()
IDS = [g.id for g in GAMES]
pytestmark = [pytest.mark.fuzz, pytest.mark.skipif(not GAMES, reason="no game yet")]


# --- edits of a JSON document ---------------------------------------------------------------


def walk(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from walk(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from walk(value, (*path, index))


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


def nest(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = [value] if i % 2 else {"n": value}
    return value


@st.composite
def random_edit(draw: st.DrawFn, document: Any) -> Any:
    """One to three random edits: replace, delete, add a key, append, duplicate, nest."""
    data = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        path, value = draw(st.sampled_from(list(walk(data))))
        action = draw(st.sampled_from(["replace", "delete", "add", "append", "dup", "nest"]))
        if action == "replace" or (action in ("delete", "dup") and not path):
            data = put(data, path, draw(json_values))
        elif action == "delete":
            parent = get(data, path[:-1])
            del parent[path[-1]]
        elif action == "add" and isinstance(value, dict):
            value[draw(keys)] = draw(json_values)
        elif action == "append" and isinstance(value, list):
            value.append(draw(json_values) if not value or draw(st.booleans()) else value[0])
        elif action == "dup" and isinstance(get(data, path[:-1]), list):
            get(data, path[:-1]).append(copy.deepcopy(value))
        elif action == "nest":
            data = put(data, path, nest(draw(st.integers(1, 80))))
        else:
            data = put(data, path, draw(scalars))
    return data


@st.composite
def wrong_container(draw: st.DrawFn, document: Any) -> tuple[Any, str]:
    """A value swapped for a container of another kind; returns the document and its path."""
    data = copy.deepcopy(document)
    candidates = [(p, v) for p, v in walk(data) if p and v is not None]
    path, value = draw(st.sampled_from(candidates))
    if isinstance(value, dict):
        new: Any = [draw(json_values)]
    elif isinstance(value, list):
        new = {"zz_unknown": draw(json_values)}
    else:
        new = draw(st.sampled_from([{"unexpected": value}, [value, value]]))
    return put(data, path, new), pointer(path)


@st.composite
def unknown_field(draw: st.DrawFn, document: Any) -> tuple[Any, str]:
    """An object of the document with one field more; returns the document and its path."""
    data = copy.deepcopy(document)
    objects = [(p, v) for p, v in walk(data) if isinstance(v, dict)]
    path, value = draw(st.sampled_from(objects))
    name = "zz_" + draw(st.sampled_from(SCRIPTS[:12]))
    value[name] = draw(json_values)
    return data, pointer((*path, name))


# --- running the CLI in process -------------------------------------------------------------


@contextlib.contextmanager
def files() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="adj-fuzz-") as tmp:
        yield Path(tmp)


def write(folder: Path, name: str, data: Any, raw: bool = False) -> str:
    path = folder / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(
            data if raw else json.dumps(data, ensure_ascii=False),
            encoding="utf-8",
            errors="surrogatepass",
        )
    return str(path)


def run_cli(*argv: str) -> tuple[int, dict[str, Any] | list[Any] | None, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([*argv, "--format", "json"])
    assert "Traceback" not in err.getvalue() + out.getvalue()
    assert code in (0, 1, 2), code
    text = out.getvalue()
    return code, (json.loads(text) if text.strip() else None), err.getvalue()


def assert_names_fields(body: Any) -> list[dict[str, Any]]:
    assert isinstance(body, dict), body
    errors = body.get("errors")
    assert isinstance(errors, list) and errors, body
    for error in errors:
        assert isinstance(error, dict) and isinstance(error.get("path"), str), error
        assert isinstance(error.get("message"), str) and error["message"], error
    return errors


def cli_check(game: Any, state: Any, *, raw: bool = False) -> tuple[int, Any]:
    with files() as folder:
        code, body, _ = run_cli("check", game.id, write(folder, "state.json", state, raw=raw))
    if code == 2:
        assert_names_fields(body)
    else:
        assert isinstance(body, dict) and body["valid"] == (code == 0)
    return code, body


def cli_move(game: Any, state: Any, move: Any, *, raw: bool = False) -> tuple[int, Any]:
    with files() as folder:
        code, body, _ = run_cli(
            "move",
            game.id,
            write(folder, "state.json", state),
            write(folder, "move.json", move, raw=raw),
        )
    if code == 2:
        assert_names_fields(body)
    else:
        assert isinstance(body, dict) and body["legal"] == (code == 0)
    return code, body


# --- the API --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client():
    yield from watched_client()


def api(client: Any, game: Any, which: str, body: bytes) -> tuple[int, Any]:
    before = len(LOGGED.records)
    response = client.post(f"/api/v1/{game.id}/{which}", data=body, content_type="application/json")
    assert_no_crash_since(before)
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    assert response.status_code in (200, 413, 422), response.status_code
    data = response.get_json(silent=True)
    assert data is not None, response.get_data()[:200]
    if response.status_code != 200:
        assert_names_fields(data)
    return response.status_code, data


def dumps(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")


def a_legal_move(game: Any) -> Any:
    from adjudicator.soak import one_legal_move

    found = one_legal_move(game, random.Random(0))
    return found[1] if found else {"type": next(iter(game.move_types), "x")}


# --- the tests: states ----------------------------------------------------------------------


@FUZZ
@given(data=st.data())
def test_random_edits_of_the_example_never_crash_check(game, data):
    state = data.draw(random_edit(game.example()))
    try:
        report = game.check(state)
    except MalformedInput as exc:
        assert exc.errors and all(isinstance(e.path, str) for e in exc.errors)
    else:
        assert isinstance(report, Report)
        for v in report.violations:
            assert v.rule.startswith(game.prefix + "-"), v


@FEW
@given(data=st.data())
def test_random_edits_never_crash_score(game, data):
    state = data.draw(random_edit(game.example()))
    with contextlib.suppress(MalformedInput):
        game.score(state)


@FEW
@given(data=st.data())
def test_random_edits_through_cli_and_api(game, data, client):
    state = data.draw(random_edit(game.example()))
    code, _ = cli_check(game, state)
    status, body = api(client, game, "check", dumps(state))
    assert (code == 2) == (status == 422), (code, status, body)


@FUZZ
@given(data=st.data())
def test_wrong_types_are_malformed_and_named(game, data, client):
    state, where = data.draw(wrong_container(game.example()))
    status, body = api(client, game, "check", dumps(state))
    assert status == 422, body
    paths = [e["path"] for e in body["errors"]]
    assert any(p.startswith(where) or where.startswith(p + "/") for p in paths), (where, paths)


@FUZZ
@given(data=st.data())
def test_unknown_fields_are_malformed_and_named(game, data, client):
    state, where = data.draw(unknown_field(game.example()))
    status, body = api(client, game, "check", dumps(state))
    assert status == 422, body
    # the unknown field itself or a place inside it, or the object that holds it (a
    # mapping keyed by ID takes any key, then refuses the value or the set of keys)
    parent = where.rsplit("/", 1)[0]
    paths = [e["path"] for e in body["errors"]]
    assert any(p in (where, parent) or p.startswith(where + "/") for p in paths), (where, paths)


@FEW
@given(state=not_objects)
def test_a_state_that_is_not_an_object(game, state, client):
    status, _ = api(client, game, "check", dumps(state))
    assert status == 422
    code, _ = cli_check(game, state)
    assert code == 2


@FEW
@given(state=json_values)
def test_any_json_as_a_state(game, state, client):
    status, _ = api(client, game, "check", dumps(state))
    assert status in (200, 422)
    status, _ = api(client, game, "score", dumps(state))
    assert status in (200, 422)


@pytest.mark.parametrize("raw", RAW_HOSTILE, ids=range(len(RAW_HOSTILE)))
def test_hostile_json_text(game, raw, client):
    body = raw.encode("utf-8", "surrogatepass")
    for which in ("check", "move", "score"):
        status, _ = api(client, game, which, body)
        assert status == 422, (which, raw[:40])
    code, _ = cli_check(game, raw, raw=True)
    assert code == 2


def test_deep_nesting_inside_the_example(game, client):
    state = game.example()
    first = next(iter(state))
    state[first] = nest(200)
    status, _body = api(client, game, "check", dumps(state))
    assert status == 422
    code, _ = cli_check(game, state)
    assert code == 2


def test_bytes_that_are_not_utf8(game, client):
    for body in (b"\xff\xfe\x00{", b'{"players": "\xc3\x28"}', b"\x80" * 100):
        status, _ = api(client, game, "check", body)
        assert status == 422
        with files() as folder:
            code, out, _ = run_cli("check", game.id, write(folder, "s.json", body))
        assert code == 2 and out is not None
        assert_names_fields(out)


def test_one_megabyte_bodies(game, client):
    big_name = dict(game.example())
    first = next(iter(big_name))
    big_name[first] = "x" * (1024 * 1024)
    garbage = "[" + ",".join(["1"] * 500_000) + "]"  # 1 MB of valid JSON, not a state
    for body in (dumps(big_name), garbage.encode()):
        for which in ("check", "move", "score"):
            status, _data = api(client, game, which, body)
            assert status == 413, (which, status)
    code, _ = cli_check(game, big_name)
    assert code == 2
    code, _ = cli_check(game, garbage, raw=True)
    assert code == 2
    code, _ = cli_check(game, "[" + "1," * 1_500_000 + "1]", raw=True)  # over the 2 MB limit
    assert code == 2


@FEW
@given(data=st.data())
def test_lone_surrogates_in_any_text(game, data, client):
    state = game.example()
    texts_at = [p for p, v in walk(state) if isinstance(v, str)]
    path = data.draw(st.sampled_from(texts_at))
    put(
        state, path, data.draw(st.sampled_from(["\ud800", "\udfff", "a\udc80b"])) + get(state, path)
    )
    body = json.dumps(state).encode("ascii")  # the surrogates travel as \\u escapes
    for which in ("check", "score"):
        api(client, game, which, body)
    cli_check(game, body.decode("ascii"), raw=True)


# --- the tests: moves -----------------------------------------------------------------------


@FUZZ
@given(data=st.data())
def test_random_edits_of_a_move(game, data, client):
    move = data.draw(random_edit(a_legal_move(game)))
    state = game.example()
    try:
        verdict = game.adjudicate(state, move)
    except MalformedInput as exc:
        assert exc.errors
        assert all(e.path.startswith("/move") for e in exc.errors), exc.errors
        expected = 422
    else:
        assert all(v.rule for v in verdict.violations)
        expected = 200
    status, body = api(client, game, "move", dumps({"state": state, "move": move}))
    assert status == expected, body


@FUZZ
@given(data=st.data())
def test_hostile_moves(game, data, client):
    types = sorted(game.move_types)
    kind = data.draw(st.sampled_from([*types, "zz_no_such_move", ""]) if types else texts)
    fields = data.draw(st.dictionaries(keys, json_values, max_size=5))
    move = {**fields, "type": kind}
    status, body = api(client, game, "move", dumps({"state": game.example(), "move": move}))
    if kind not in types:
        assert status == 422
        assert any(e["path"].startswith("/move") for e in body["errors"]), body
    if status == 422:
        assert all(
            e["path"].startswith(("/move", "/state")) or e["path"] == "" for e in body["errors"]
        )


@FEW
@given(move=not_objects, junk=json_values)
def test_move_bodies_of_the_wrong_shape(game, move, junk, client):
    status, body = api(client, game, "move", dumps({"state": game.example(), "move": move}))
    assert status == 422
    assert any(e["path"].startswith("/move") for e in body["errors"]), body
    status, body = api(client, game, "move", dumps(junk))
    assert status == 422
    status, body = api(client, game, "move", dumps({"state": junk, "move": move}))
    assert status == 422


@FEW
@given(move=st.one_of(not_objects, st.dictionaries(keys, json_values, max_size=3)))
def test_cli_move_with_hostile_moves(game, move):
    code, _ = cli_move(game, game.example(), move)
    assert code in (1, 2)


# --- the command line as a process ----------------------------------------------------------


def run_process(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", *argv],
        input=stdin.decode("utf-8", "surrogateescape") if stdin is not None else None,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stderr + result.stdout, result.stderr[-2000:]
    return result


@pytest.mark.slow
def test_cli_processes_reject_hostile_input():
    game = GAMES[0]
    with files() as folder:
        deep = write(folder, "deep.json", "[" * 100_000 + "]" * 100_000, raw=True)
        big = write(folder, "big.json", "[" + "1," * 1_500_000 + "1]", raw=True)
        binary = write(folder, "binary.json", bytes(range(256)))
        state = write(folder, "state.json", game.example())
        hostile_move = write(folder, "move.json", {"type": SCRIPTS[1], "zz": 10**400})
        for argv in (
            ("check", game.id, deep),
            ("check", game.id, big),
            ("check", game.id, binary),
            ("check", game.id, str(folder / "missing.json")),
            ("score", game.id, deep),
            ("move", game.id, state, hostile_move),
            ("move", game.id, deep, binary),
        ):
            result = run_process(*argv, "--format", "json")
            assert result.returncode == 2, (argv, result.stdout[-500:], result.stderr[-500:])
            assert_names_fields(json.loads(result.stdout))
    result = run_process("check", game.id, "-", "--format", "json", stdin=b'{"a": [1, 2')
    assert result.returncode == 2
    assert_names_fields(json.loads(result.stdout))


# --- the playout machinery (adjudicator.soak), on the mini game -----------------------------


def minigame_with_sampler(mutation: bool = True, legal: bool = True) -> Any:
    import dataclasses
    import types

    from tests.minigame import GAME as MINIGAME

    sampler = types.ModuleType("minigame_sampler")

    def sample_moves(state: Any, rng: random.Random) -> list[dict[str, Any]]:
        return [
            {"type": "take", "player": i, "count": n if legal else 3}
            for i, p in enumerate(state.players)
            for n in (1, 2)
            if p.tokens + n <= 5
        ]

    def mutate_move(state: Any, move: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        return {**move, "count": rng.choice([0, 3, 4])} if mutation else None

    def setup(rng: random.Random) -> dict[str, Any]:
        return MINIGAME.example()

    sampler.setup = setup  # type: ignore[attr-defined]
    sampler.sample_moves = sample_moves  # type: ignore[attr-defined]
    sampler.mutate_move = mutate_move  # type: ignore[attr-defined]
    return dataclasses.replace(MINIGAME, sampler=sampler)


def test_soak_plays_restarts_and_rejects_mutants():
    from adjudicator.soak import soak_game

    result = soak_game(minigame_with_sampler(), moves=300, seed=3)
    assert result.ok, result.failures
    assert result.moves == 300 and result.playouts > 1
    assert result.mutants > 0 and set(result.rules_hit) == {"XX-201"}
    assert result.move_types == {"take": 300}


def test_soak_reports_what_it_could_not_check():
    from adjudicator.soak import soak_game

    result = soak_game(minigame_with_sampler(mutation=False), moves=20)
    assert result.ok and result.mutants == 0
    assert any("mutation" in note for note in result.notes)
    bad = soak_game(minigame_with_sampler(legal=False), moves=20, max_failures=3)
    assert not bad.ok and len(bad.failures) == 3
    assert "illegal" in bad.failures[0] and "XX-201" in bad.failures[0]


def test_soak_command_line(capsys):
    from adjudicator import soak

    code = soak.main(["--moves", "5", "--seed", "1", "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    assert [r["game"] for r in found] == IDS
    assert code == (0 if all(not r["failures"] for r in found) else 1)
    for r in found:
        assert r["moves"] == 5 or r["notes"] or r["failures"]

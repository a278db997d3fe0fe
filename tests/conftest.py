from __future__ import annotations

import os

import pytest

from adjudicator.core.checks import STRICT_ENV
from adjudicator.games import available_games

from .tabledb import pg_cluster

__all__ = ["pg_cluster"]  # one throwaway PostgreSQL cluster per test run (per xdist worker)

# A check that raises a rule it does not declare fails every test run (issues 15, 24), even
# when the environment turned strict mode off.
os.environ[STRICT_ENV] = "1"
# The command line speaks the system's language when told none: the tests expect English
# whatever the machine's locale (a test that wants another sets it itself).
os.environ["LANGUAGE"] = "en"


#: The kinds of heavy test (pyproject.toml's markers): each is also ``slow``.
HEAVY = ("browser", "playout", "fuzz", "load", "serving", "postgres", "docs")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "built_docs" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.docs)  # it waits for the four-language build
        if any(item.get_closest_marker(name) for name in HEAVY):
            item.add_marker(pytest.mark.slow)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        games = available_games()
        metafunc.parametrize("game", games, ids=[g.id for g in games])
    if "case_and_game" in metafunc.fixturenames:
        pairs = [(g, c) for g in available_games() for c in g.cases]
        metafunc.parametrize("case_and_game", pairs, ids=[c.id for _, c in pairs])


@pytest.fixture(scope="session")
def built_docs():
    """The reference in all four languages, built once per test run (incrementally).

    Under pytest-xdist each worker asks for it: the first builds while the others wait on
    a file lock, then use it as it is (the run's ID, stamped beside it, says it is fresh).
    ``ADJ_TEST_DOCS=DIR`` uses an already built tree instead: ``scripts/test`` builds it
    once beside the types and the catalog gates, before pytest starts its workers.
    """
    import fcntl
    from pathlib import Path

    from adjudicator.docs import build_docs

    if os.environ.get("ADJ_TEST_DOCS"):
        return Path(os.environ["ADJ_TEST_DOCS"])

    out = Path(__file__).resolve().parent.parent / "docs" / "_build" / "html"
    out.mkdir(parents=True, exist_ok=True)
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")  # the same in every worker of a run
    stamp = out.parent / ".test-build.stamp"
    with open(out.parent / ".test-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if run and stamp.is_file() and stamp.read_text() == run:
            return out  # another worker of this run built it
        stamp.unlink(missing_ok=True)
        results = build_docs(out)
        failed = {lang: code for lang, (code, _) in results.items() if code != 0}
        assert not failed, f"docs build failed: {failed}"
        if run:
            stamp.write_text(run)
    return out

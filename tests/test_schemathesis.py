"""schemathesis against the API's own ``/openapi.json``, in process, bounded: every
operation, the shared table's included (on a database of its own).

For every operation the spec declares, schemathesis generates requests (valid and
invalid, and sequences of calls in the stateful phase) and checks that the server never
answers with a 5xx, that each status, content type, header and body is the one the spec
declares, that an invalid request is refused, and that a valid one is accepted (or, where
the repository's ``schemathesis.toml`` says so with its reason, refused with the documented
422 for a rule between fields that JSON Schema cannot state; :func:`only_rules_between_fields`
holds the games' verdicts to that).

The long run (``-m slow``); the fast tier has the contract's named gaps in
``tests/test_api_contract.py``. The same sweep from the command line, on a running server:
``schemathesis run http://127.0.0.1:PORT/openapi.json --checks all
--phases examples,coverage,fuzzing,stateful -n 30 --generation-deterministic`` from the
repository's root (it reads ``schemathesis.toml``); ``scripts/schemathesis_sweep`` runs it
one operation at a time.
"""

from __future__ import annotations

import logging
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")
web = pytest.importorskip("web")

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.config import SchemathesisConfig  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.fuzz

#: schemathesis's configuration (the repository's ``schemathesis.toml``): the operations
#: that answer a documented 422 to some schema-valid requests, each with its reason.
CONFIG = SchemathesisConfig.from_path(Path(__file__).resolve().parent.parent / "schemathesis.toml")
#: The operations whose 422 to a schema-valid request may only be a rule between a state's
#: fields (an error at the state's root): every rule of a single field is in the document.
GAME_VERDICTS = re.compile(r"^POST /api/v1/(imperial|manhattan-project|quarantine)/")

_FOLDER = tempfile.TemporaryDirectory(prefix="adj-schemathesis-")
app = web.create_app(
    {"TESTING": False, "ADJ_DATABASE_URL": f"sqlite:///{Path(_FOLDER.name) / 't.sqlite3'}"}
)
schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=CONFIG)
# The coverage phase enumerates boundary values of every state field while collecting,
# which alone takes longer than the whole budget of this file; the fuzzing phase
# (valid and invalid requests) stays, bounded by max_examples.
schema.config.phases.coverage.enabled = False


#: The rules between a state's fields (its names must be its own players'), in English: the
#: only refusals of a schema-valid state (every rule of a single field is in the document).
BETWEEN_FIELDS = re.compile(
    r"Two players have the same (name|colour)\.|is not a player\.|is not at the table\."
    r"|but no player has it\.|but it does not exist\."
)


def only_rules_between_fields(ctx, response, case):  # type: ignore[no-untyped-def]
    """A schema-valid state refused as malformed breaks a rule between its fields, never the
    rule of one field: that one the document states. (The same request is asked again in
    English, whose messages name the rule.)"""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    if not GAME_VERDICTS.match(case.operation.label):
        return None
    english = case.call(params={**(case.query or {}), "lang": "en"})
    messages = [e["message"] for e in english.json().get("errors", [])]
    own = [m for m in messages if not BETWEEN_FIELDS.search(m)]
    assert not own, f"a schema-valid request refused for a field's own rule: {own}"
    return None


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    only_rules_between_fields,
]


@schema.parametrize()
@settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforms_to_its_openapi(case):
    # the API turns a game's crash into a 422 and logs it: a logged error fails too
    errors = Errors()
    logger = logging.getLogger("web")
    logger.addHandler(errors)
    try:
        case.call_and_validate(checks=CHECKS)
    finally:
        logger.removeHandler(errors)
    assert not errors.records, logging.Formatter().format(errors.records[0])[-3000:]


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

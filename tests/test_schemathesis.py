"""schemathesis against the API's own ``/openapi.json``, in process, bounded.

For every operation the spec declares, schemathesis generates requests (valid and
invalid) and checks that the server never answers with a 5xx and that each answer
matches the schema the spec declares for its status.
"""

from __future__ import annotations

import logging

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")
web = pytest.importorskip("web")

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import response_schema_conformance  # noqa: E402

pytestmark = pytest.mark.fuzz

app = web.create_app({"TESTING": False})
schema = schemathesis.openapi.from_wsgi("/openapi.json", app)
# The shared tables keep state in a database and stream for a minute: their operations are
# called on real tables, each as documented, in tests/test_table_openapi.py.
schema = schema.exclude(path_regex=r"^/api/v1/tables")
# The coverage phase enumerates boundary values of every state field while collecting,
# which alone takes longer than the whole budget of this file; the fuzzing phase
# (valid and invalid requests) stays, bounded by max_examples.
schema.config.phases.coverage.enabled = False

CHECKS = [not_a_server_error, response_schema_conformance]


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

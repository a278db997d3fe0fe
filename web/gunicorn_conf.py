"""How gunicorn serves the adjudicator: ``gunicorn -c python:web.gunicorn_conf 'web:create_app()'``.

``adjudicator serve``, the bench and the load test read the same settings from here.

The worker model is gevent: each connection is a greenlet of a few kilobytes, so a client
that sends its request slowly, or opens a socket and says nothing, holds a greenlet and
never a worker. gunicorn's sync workers answer one connection at a time, so two such
sockets stopped two workers for the whole timeout; its gthread workers (gunicorn 27) give
each connection a thread that blocks until the request has arrived, so as many slow
sockets as threads stop a worker just the same. A check is about half a millisecond of
CPU and nothing in it waits, so the cooperative switching of gevent costs nothing there.
"""

from __future__ import annotations

from typing import Any

#: Two workers on the two cores of the machines the targets were set for.
workers = 2
worker_class = "gevent"
#: Connections one worker holds at once (slow and idle ones included).
worker_connections = 1000
#: Seconds a connection may take to send each request's line and headers, and may stay
#: idle between two requests; a slower one is closed.
keepalive = 5
#: A worker that does not report for this long is restarted (no answer takes a second).
timeout = 30
graceful_timeout = 10
#: The request line and the headers: gunicorn's own limits, named here on purpose.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

#: The application is loaded once, in the master, and warmed there (see ``when_ready``);
#: the workers start from a copy of it, ready for their first connection.
preload_app = True


def when_ready(server: Any) -> None:
    """Migrate the shared tables' database once and warm the application, before the
    workers start (the first page of a game would otherwise take a few seconds: reading
    its cases and building its editor)."""
    import gc

    from web.links import announce
    from web.service import warm_up
    from web.table import migrate_at_start

    announce(server.app.wsgi(), server)  # the join links' address, before the workers fork
    migrate_at_start(server.app.wsgi())
    warm_up(server.app.wsgi())
    # What the warm-up built lives as long as the workers do: moved out of the collector's
    # sight, it is never scanned again, and its pages stay shared by the forked workers.
    gc.collect()
    gc.freeze()


def post_worker_init(worker: Any) -> None:
    """Each worker accepts one connection at a time, so that the workers share a burst of
    new connections instead of the first one awake taking them all (gevent's advice for
    several processes on one listening socket)."""
    from gevent import baseserver

    baseserver.BaseServer.max_accept = 1

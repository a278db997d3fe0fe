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

import contextlib
import logging
import os
import socket
import sys
import tempfile
import weakref
from pathlib import Path
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
#: How long a stopping server waits for its workers: they stop in about a second (their
#: live streams end at once, see ``post_worker_init``); a worker still busy after this is
#: killed.
graceful_timeout = 3
#: The request line and the headers: gunicorn's own limits, named here on purpose.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

#: The application is loaded once, in the master, with its catalogs compiled (see
#: ``when_ready``); the workers start from a copy of it and answer at once, while each
#: warms up its games in the background (see ``post_worker_init``).
preload_app = True


def when_ready(server: Any) -> None:
    """Migrate the shared tables' database once and compile the catalogs (both at once),
    before the workers start. The games' warm-up (their cases, schemas and editors: about a second a
    game) is left to the workers, in the background, so that the first answer does not
    wait for it."""
    import gc

    from web.links import announce
    from web.service import warm_catalogs
    from web.table import finish_migration, start_migration

    app = server.app.wsgi()
    announce(app, server)  # the join links' address, before the workers fork
    migrating = start_migration(app)  # a child process: the catalogs compile meanwhile
    warm_catalogs(app)
    finish_migration(migrating)
    # What the master built lives as long as the workers do: moved out of the collector's
    # sight, it is never scanned again, and its pages stay shared by the forked workers.
    gc.collect()
    gc.freeze()


def _control_socket() -> str:
    """This server's own control socket (``gunicorn --control-socket``): gunicorn's default,
    ``~/.gunicorn/gunicorn.ctl``, is one path for every server a user starts. It is named
    by the master's process id (these settings are read in the master), in the instance
    folder, or in the temporary folder where that path would be too long for a socket."""
    name = f"gunicorn-{os.getpid()}.ctl"
    folder = Path(__file__).resolve().parent.parent / "instance"
    if len(str(folder / name)) > 100:
        folder = Path(tempfile.gettempdir())
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / name)


control_socket = _control_socket()


def post_worker_init(worker: Any) -> None:
    """Each worker accepts one connection at a time, so that the workers share a burst of
    new connections instead of the first one awake taking them all (gevent's advice for
    several processes on one listening socket).

    Ctrl-C (SIGINT), SIGQUIT and SIGTERM all stop a worker the same quiet way: it stops
    accepting, ends its live streams, lets the requests under way finish and closes its
    idle keep-alive connections, so that it is gone in about a second. (gunicorn's own
    quick stop calls ``sys.exit`` inside a greenlet, which gevent prints as a traceback;
    an open stream or an idle connection would hold its graceful stop to the timeout.)"""
    import signal

    import gevent
    from gevent import baseserver

    baseserver.BaseServer.max_accept = 1
    sockets = _track_sockets(worker.wsgi)

    def close_all() -> None:
        store = worker.wsgi.extensions.get("adjudicator.tables")
        if store is not None:
            store.stop()
        gevent.sleep(0.2)  # the requests just accepted read their bodies
        for sock in list(sockets):
            # its next request: none. The operating system's shutdown, under gevent's socket
            # (whose own cancels a waiting read with an error): the read sees the end.
            with contextlib.suppress(OSError):
                getattr(sock, "_sock", sock).shutdown(socket.SHUT_RD)

    def stop(_signum: int, _frame: Any) -> None:
        # A signal handler runs in whatever greenlet was running: it takes no lock itself
        worker.alive = False
        gevent.spawn(close_all)

    for signum in (signal.SIGINT, signal.SIGQUIT, signal.SIGTERM):
        signal.signal(signum, stop)
    gevent.spawn(_warm_up, worker.wsgi)


def _warm_up(app: Any) -> None:
    """The games' warm-up, a step at a time: between two steps the worker's requests run
    (a request for a game not warmed yet builds what it needs itself)."""
    import gevent

    from web.service import warm_up

    try:
        warm_up(app, pause=lambda: gevent.sleep(0.01))
    except Exception:  # a warm-up that fails leaves the work to the first requests
        logging.getLogger(__name__).warning("warm-up failed", exc_info=True)


def _track_sockets(app: Any) -> Any:
    """The connections the application has had requests on (weakly held)."""
    sockets: weakref.WeakSet[Any] = weakref.WeakSet()
    inner = app.wsgi_app

    def tracking(environ: dict[str, Any], start_response: Any) -> Any:
        sock = environ.get("gunicorn.socket")
        if sock is not None:
            sockets.add(sock)
        return inner(environ, start_response)

    app.wsgi_app = tracking
    return sockets


def child_exit(server: Any, worker: Any) -> None:
    """In the master, when a worker has exited (stopped, restarted or killed): the streams
    it held no longer count against their tables and addresses (see web/table/shared.py)."""
    from web.table.shared import release

    release(worker.pid)


def worker_exit(server: Any, worker: Any) -> None:
    """A worker that has stopped leaves at once: its database closed and its output
    flushed, without the interpreter's teardown, where gevent's patched threading makes
    the logging module print tracebacks."""
    import logging

    store = worker.wsgi.extensions.get("adjudicator.tables")
    if store is not None:
        store.close()
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)

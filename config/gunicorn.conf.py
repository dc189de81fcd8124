"""gunicorn settings for Tenbo: `gunicorn -c config/gunicorn.conf.py config.wsgi`.

Environment: GUNICORN_BIND (default 127.0.0.1:8000), WEB_CONCURRENCY (workers, default 2),
GUNICORN_THREADS (threads per worker, default 1; more than one runs gunicorn's threaded worker),
FORWARDED_ALLOW_IPS (proxies trusted for X-Forwarded-Proto; gunicorn's own variable, default
127.0.0.1).

Both logs go to stderr: the access log one line per request with its status, size and duration
in milliseconds; the error log gunicorn's own messages and, through Django's LOGGING, every
error with its traceback.
"""

import os
from types import SimpleNamespace
from typing import Any

from gunicorn.glogging import Logger

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
# A request still running after this long is stuck: its worker is restarted (and logged).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
accesslog = "-"


class ClientAddressLogger(Logger):  # type: ignore[misc]  # gunicorn is untyped
    """gunicorn's logger, with the access log's address (``%(h)s``) read as the lockouts read it
    (django-ipware through django-axes: DJANGO_PROXY_COUNT), not the proxy's."""

    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> Any:
        atoms = super().atoms(resp, req, environ, request_time)
        from config.throttle import client_address  # in the worker, once Django is set up

        atoms["h"] = client_address(SimpleNamespace(META=environ))  # type: ignore[arg-type]
        return atoms


logger_class = ClientAddressLogger
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# client address (as the lockouts read it), request, status, bytes, ms, referrer, user agent
access_log_format = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(f)s" "%(a)s"'
# Bound what a client can send before Django sees it.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

# A body larger than Django accepts (DATA_UPLOAD_MAX_MEMORY_SIZE, 64 KB) is refused unread, and
# gunicorn drains at most 64 KB of an unread body before reusing the connection: past that it
# closed the connection after answering "Connection: keep-alive", and the client's next request
# on it was lost. Such a request (or a chunked one, of unknown length) is answered with
# "Connection: close" instead, so the client knows to open a new connection.
LARGEST_KEPT_BODY = 64 * 1024


def pre_request(worker: object, req: object) -> None:
    headers = dict(getattr(req, "headers", []))
    length = headers.get("CONTENT-LENGTH", "0").strip()
    chunked = "chunked" in headers.get("TRANSFER-ENCODING", "").lower()
    if chunked or not length.isdigit() or int(length) > LARGEST_KEPT_BODY:
        req.must_close = True  # type: ignore[attr-defined]

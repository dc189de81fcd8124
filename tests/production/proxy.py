"""nginx (Debian's) in front of the app servers, configured with the README's own server block, and
HTTP clients that each come from their own loopback address (127.0.0.0/8 is all loopback on
Linux), so that the proxy sees as many clients as a real one would."""

from __future__ import annotations

import http.client
import http.cookies
import re
import shutil
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.production.servers import REPO, free_port, running

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def readme_server_block() -> str:
    """The nginx configuration the README's Deployment section tells operators to use."""
    readme = (REPO / "README.md").read_text("utf-8")
    found = re.search(r"```nginx\n(.*?)```", readme, re.S)
    assert found, "the README's Deployment section shows its nginx configuration"
    return found.group(1)


def nginx_conf(tmp: Path, port: int, upstreams: list[str]) -> str:
    """A whole nginx.conf: the README's block, listening on ``port`` and passing to
    ``upstreams`` (host:port; more than one: nginx balances between them)."""
    block = readme_server_block()
    block = re.sub(r"\n\s*# \.\.\. listen 443 ssl;[^\n]*", f"\n    listen 127.0.0.1:{port};", block)
    assert f"listen 127.0.0.1:{port};" in block, "the README's block has its listen placeholder"
    block = block.replace("http://127.0.0.1:8000", "http://tenbo_app")
    servers = "".join(f"    server {u};\n" for u in upstreams)
    temp = "".join(
        f"{kind}_temp_path {tmp}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi")
    ) + "".join(f"{kind}_temp_path {tmp}/{kind};\n" for kind in ("uwsgi", "scgi"))
    return (
        f"daemon off;\nworker_processes 1;\npid {tmp}/nginx.pid;\n"
        f"error_log {tmp}/error.log warn;\nevents {{ worker_connections 256; }}\n"
        f"http {{\naccess_log {tmp}/access.log;\n{temp}"
        f"upstream tenbo_app {{\n{servers}}}\n{block}\n}}\n"
    )


@contextmanager
def nginx(tmp: Path, upstreams: list[str]) -> Iterator[str]:
    """nginx in front of ``upstreams``; yields its base URL; stopped (and reaped) after."""
    assert Path(NGINX).exists(), "nginx is missing: make test installs it (apt-get install nginx)"
    tmp.mkdir(parents=True, exist_ok=True)
    port = free_port()
    conf = tmp / "nginx.conf"
    conf.write_text(nginx_conf(tmp, port, upstreams), "utf-8")
    command = [NGINX, "-c", str(conf), "-p", str(tmp), "-e", str(tmp / "error.log")]
    base = f"http://127.0.0.1:{port}"
    with running(command, None, tmp / "nginx.out", base + "/api/score"):
        yield base


class Client:
    """One browser on its own loopback address: its cookies, its CSRF token."""

    def __init__(self, base: str, address: str) -> None:
        url = urllib.parse.urlsplit(base)
        self.host, self.port = url.hostname or "127.0.0.1", url.port or 80
        self.address = address
        self.cookies: dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        data: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], str]:
        """One request on a fresh connection from this client's address: status, headers, body."""
        connection = http.client.HTTPConnection(
            self.host, self.port, timeout=60, source_address=(self.address, 0)
        )
        sent = {"Host": "127.0.0.1", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Referer"] = f"http://127.0.0.1:{self.port}{path}"
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for value in response.headers.get_all("Set-Cookie") or []:
                jar = http.cookies.SimpleCookie(value)
                for name, morsel in jar.items():
                    if morsel["max-age"] == "0" or morsel.value == "":
                        self.cookies.pop(name, None)
                    else:
                        self.cookies[name] = morsel.value
            return response.status, dict(response.headers.items()), text
        finally:
            connection.close()

    def token(self, path: str) -> str:
        status, _headers, page = self.request("GET", path)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found, (status, page[:300])
        return found.group(1)

    def post_form(
        self,
        path: str,
        data: dict[str, str],
        headers: dict[str, str] | None = None,
        form: str | None = None,
    ) -> tuple[int, dict[str, str], str]:
        """GET the form (at ``form``, default ``path``: a CSRF token), then POST it."""
        token = self.token(form or path)
        return self.request("POST", path, {"csrfmiddlewaretoken": token, **data}, headers)

#!/usr/bin/env python3
"""Serve the built site on 127.0.0.1 (stdlib only).

    python3 build_scripts/serve.py [--dir dist/site] [--port 8000] [--quiet]

Importable: ``serve_in_thread(directory, port=0, quiet=True) -> (server, url)``;
stop with ``server.shutdown(); server.server_close()``.

Every response (errors included) carries the site's security headers,
``site_checks.SECURITY_HEADERS`` (the Content-Security-Policy header,
``build.CONTENT_SECURITY_POLICY``: the same policy as the pages'
<meta http-equiv> tag). The build stamps the same table into sw.js, so the
service worker's responses (every visit after the first, and offline) carry
the same headers. The header covers more than the tag: a worker loaded
from a URL (the engine's worker.js, the service worker sw.js) gets the policy
of its own script's response, not its page's (HTML standard, Chromium,
Firefox), and a <meta> policy cannot govern a worker. On static hosts that
cannot send headers (GitHub Pages) the pages still get the <meta> policy.

Precompressed files: for a GET or HEAD of a file with a ``<file>.gz`` sibling
(written by build.py) whose request accepts gzip (Accept-Encoding, with q-values;
``*`` counts), the response is the .gz bytes with ``Content-Encoding: gzip``,
the original file's Content-Type and the .gz's Content-Length; otherwise the
original bytes. Both carry ``Vary: Accept-Encoding``. A .gz older than its
file or of another length (the file was edited after the build) is ignored.

A port in use is an error (exit status 1) reported before any address is printed.
"""
from __future__ import annotations

import argparse
import datetime
import email.utils
import errno
import functools
import os
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
# one table for this server, the meta tags' policy and the service worker's responses
from site_checks import CONTENT_SECURITY_POLICY, SECURITY_HEADERS  # noqa: E402

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether an Accept-Encoding header value accepts gzip: listed (or x-gzip) with
    q > 0, or not listed and `*` with q > 0. No header: no."""
    q_gzip = q_star = None
    for item in (accept_encoding or "").split(","):
        coding, *params = item.split(";")
        coding, q = coding.strip().lower(), 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value.strip())
                except ValueError:
                    q = 0.0
        if coding in ("gzip", "x-gzip"):
            q_gzip = q if q_gzip is None else max(q_gzip, q)
        elif coding == "*":
            q_star = q
    return q_gzip > 0 if q_gzip is not None else q_star is not None and q_star > 0


def fresh_gzip_sibling(path: str) -> str | None:
    """`path`.gz when it exists and is a copy of `path` as it is now (not older, and
    its gzip trailer has the file's length); else None."""
    gz = path + ".gz"
    try:
        st, gz_st = os.stat(path), os.stat(gz)
        with open(gz, "rb") as f:
            f.seek(-4, os.SEEK_END)
            isize = int.from_bytes(f.read(4), "little")
    except OSError:
        return None
    return gz if gz_st.st_mtime_ns >= st.st_mtime_ns and isize == st.st_size % (1 << 32) else None


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    security_headers = SECURITY_HEADERS
    csp = CONTENT_SECURITY_POLICY  # its Content-Security-Policy (a subclass may extend it, e.g. report-uri)
    _vary = False  # this response depends on Accept-Encoding

    def _requested_file(self) -> str | None:
        """The file a GET/HEAD names (a folder's index.html), or None (no such file, a
        folder redirect or listing: left to SimpleHTTPRequestHandler)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return None
            path = os.path.join(path, "index.html")
        return path if not path.endswith("/") and os.path.isfile(path) else None

    def send_head(self):
        self._vary = False
        path = self._requested_file()
        gz = fresh_gzip_sibling(path) if path and not path.endswith(".gz") else None
        if gz is None:
            return super().send_head()
        self._vary = True
        if not accepts_gzip(self.headers.get("Accept-Encoding")):
            return super().send_head()
        try:
            f = open(gz, "rb")
        except OSError:
            return super().send_head()
        try:
            mtime = os.stat(path).st_mtime
            if self._not_modified_since(mtime):
                f.close()
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                return None
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-type", self.guess_type(path))  # the original file's type
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
            self.send_header("Last-Modified", self.date_time_string(mtime))
            self.end_headers()
            return f
        except BaseException:
            f.close()
            raise

    def _not_modified_since(self, mtime: float) -> bool:
        """If-Modified-Since (without If-None-Match) is not older than `mtime` (as
        SimpleHTTPRequestHandler.send_head decides it)."""
        if "If-Modified-Since" not in self.headers or "If-None-Match" in self.headers:
            return False
        try:
            ims = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"])
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if ims.tzinfo is None:
            ims = ims.replace(tzinfo=datetime.timezone.utc)
        if ims.tzinfo is not datetime.timezone.utc:
            return False
        return datetime.datetime.fromtimestamp(mtime, datetime.timezone.utc).replace(microsecond=0) <= ims

    def end_headers(self):
        if self._vary:
            self.send_header("Vary", "Accept-Encoding")
        # every response (pages, scripts incl. worker.js and sw.js, errors): a
        # worker is governed by the policy of its own script's response
        for name, value in self.security_headers.items():
            if name.lower() == "content-security-policy":
                value = self.csp
            if value:
                self.send_header(name, value)
        # the service worker script is always revalidated, so a new build is
        # noticed at once (browsers also bypass their HTTP cache for it after 24 h)
        if self.path.split("?", 1)[0].endswith("/sw.js"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(directory: str | Path, port: int = 0, host: str = "127.0.0.1", quiet: bool = False):
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory} is not a folder (run build_scripts/build.py first)")
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    server = _Server((host, port), functools.partial(handler, directory=str(directory)))
    return server, f"http://{host}:{server.server_address[1]}/"


def serve_in_thread(directory: str | Path, port: int = 0, quiet: bool = True):
    """Start a server in a daemon thread; return (server, base_url ending with '/')."""
    server, url = make_server(directory, port, quiet=quiet)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, url


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the built Boardwright site on 127.0.0.1")
    ap.add_argument("directory", nargs="?", default=None, help="folder to serve (default dist/site)")
    ap.add_argument("--dir", dest="dir_opt", default=None, help="same as the positional folder")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--quiet", "-q", action="store_true", help="no per-request log lines")
    args = ap.parse_args(argv)
    directory = Path(args.directory or args.dir_opt or ROOT / "dist" / "site")
    try:
        server, url = make_server(directory, args.port, quiet=args.quiet)
    except OSError as exc:  # FileNotFoundError included
        if exc.errno == errno.EADDRINUSE:
            print(f"[serve] ERROR: port {args.port} is in use: choose another with --port N", file=sys.stderr)
        else:
            print(f"[serve] ERROR: {exc}", file=sys.stderr)
        return 1
    print(f"[serve] serving {directory} at {url}  (open it in a browser; Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\n[serve] stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

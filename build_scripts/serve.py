#!/usr/bin/env python3
"""Serve the built site on 127.0.0.1 (stdlib only).

    python3 build_scripts/serve.py [--dir dist/site] [--port 8000] [--quiet]

Importable: ``serve_in_thread(directory, port=0, quiet=True) -> (server, url)``;
stop with ``server.shutdown(); server.server_close()``.

Every response (errors included) carries the site's Content-Security-Policy
header, ``build.CONTENT_SECURITY_POLICY``: the same policy as the pages'
<meta http-equiv> tag. The header covers more than the tag: a worker loaded
from a URL (the engine's worker.js, the service worker sw.js) gets the policy
of its own script's response, not its page's (HTML standard, Chromium,
Firefox), and a <meta> policy cannot govern a worker. On static hosts that
cannot send headers (GitHub Pages) the pages still get the <meta> policy.
"""
from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import CONTENT_SECURITY_POLICY  # noqa: E402 (one policy for the meta tags and this header)

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


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    csp = CONTENT_SECURITY_POLICY

    def end_headers(self):
        # every response (pages, scripts incl. worker.js and sw.js, errors): a
        # worker is governed by the policy of its own script's response
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
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
    except (FileNotFoundError, OSError) as exc:
        print(f"[serve] ERROR: {exc}", file=sys.stderr)
        return 1
    print(f"[serve] serving {directory} at {url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\n[serve] stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

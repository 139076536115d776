"""build_scripts/serve.py over HTTP (urllib, no browser): precompressed .gz siblings sent with
Content-Encoding: gzip when the request accepts gzip, the identity bytes otherwise, the
policy and sw.js headers on both, and a clear error for a port in use."""
from __future__ import annotations

import gzip
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))
import build  # noqa: E402
import serve  # noqa: E402

APP_JS = b"export const answer = 42; // " + b"the same words again and again " * 100 + b"\n"
SW_JS = b"self.addEventListener('fetch', () => {}); // " + b"x" * 2000 + b"\n"
INDEX = b"<!doctype html><title>t</title>" + b"<p>board</p>" * 200 + b"\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    (root / "app.js").write_bytes(APP_JS)
    (root / "sw.js").write_bytes(SW_JS)
    (root / "index.html").write_bytes(INDEX)
    (root / "small.css").write_bytes(b"p { margin: 0 }\n")  # too small for a .gz
    (root / "pyodide").mkdir()
    (root / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0" + bytes(4000))
    written = {rel for rel, _size, _gz in build.write_gzip_siblings(root)}
    assert written == {"app.js", "sw.js", "index.html", "pyodide/pyodide.asm.wasm"}
    server, url = serve.serve_in_thread(root, port=0)
    yield root, url
    server.shutdown()
    server.server_close()


def get(url, accept_encoding=None, method="GET", headers=None):
    req = urllib.request.Request(url, method=method, headers=headers or {})
    if accept_encoding is not None:
        req.add_header("Accept-Encoding", accept_encoding)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


@pytest.mark.parametrize("accept", ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "GZIP", "x-gzip",
                                    "*", "identity, *;q=0.5", "gzip;q=0.001"])
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_gzip_accepted_sends_the_gz_sibling(site, accept, method):
    root, url = site
    status, headers, body = get(url + "app.js", accept, method)
    gz = (root / "app.js.gz").read_bytes()
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"] == "text/javascript; charset=utf-8"  # the original's type
    assert headers["Content-Length"] == str(len(gz))
    assert headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Security-Policy"] == build.CONTENT_SECURITY_POLICY
    assert body == (gz if method == "GET" else b"")
    if method == "GET":
        assert gzip.decompress(body) == APP_JS


@pytest.mark.parametrize("accept", [None, "identity", "gzip;q=0", "gzip; q=0.0, *", "br", "deflate, br",
                                    "*;q=0", "", "gzip;q=zero"])
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_gzip_not_accepted_sends_the_original(site, accept, method):
    _root, url = site
    # urllib sends "Accept-Encoding: identity" when the request names none
    status, headers, body = get(url + "app.js", accept, method)
    assert status == 200
    assert headers["Content-Encoding"] is None
    assert headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert headers["Content-Length"] == str(len(APP_JS))
    assert headers["Vary"] == "Accept-Encoding"  # the answer depends on the header
    assert body == (APP_JS if method == "GET" else b"")


def test_other_files_folders_and_headers(site):
    root, url = site
    # the folder's index.html, gzipped
    status, headers, body = get(url, "gzip")
    assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == INDEX
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    # wasm keeps application/wasm (WebAssembly.instantiateStreaming needs it)
    status, headers, body = get(url + "pyodide/pyodide.asm.wasm", "gzip, deflate")
    assert headers["Content-Type"] == "application/wasm" and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (root / "pyodide" / "pyodide.asm.wasm").read_bytes()
    # sw.js: still always revalidated, gzipped or not
    for accept in ("gzip", "identity"):
        status, headers, _ = get(url + "sw.js", accept)
        assert status == 200 and headers["Cache-Control"] == "no-cache", accept
    # a file without a sibling: as before, no Vary
    status, headers, body = get(url + "small.css", "gzip")
    assert body == b"p { margin: 0 }\n" and headers["Content-Encoding"] is None and headers["Vary"] is None
    # errors and redirects: unchanged
    status, headers, _ = get(url + "missing.js", "gzip")
    assert status == 404 and headers["Content-Security-Policy"] == build.CONTENT_SECURITY_POLICY
    # the .gz itself is a plain file
    status, headers, body = get(url + "app.js.gz", "gzip")
    assert body == (root / "app.js.gz").read_bytes() and headers["Content-Encoding"] is None
    # a conditional request for the gzipped file: 304
    status, headers, _ = get(url + "app.js", "gzip")
    status, headers, body = get(url + "app.js", "gzip", headers={"If-Modified-Since": headers["Last-Modified"]})
    assert status == 304 and body == b"" and headers["Vary"] == "Accept-Encoding"


def test_a_stale_gz_is_never_sent(tmp_path):
    (tmp_path / "a.js").write_bytes(APP_JS)
    build.write_gzip_siblings(tmp_path)
    server, url = serve.serve_in_thread(tmp_path, port=0)
    try:
        assert get(url + "a.js", "gzip")[1]["Content-Encoding"] == "gzip"
        # edited after the build (as a test copying the site does): the original, until rebuilt
        (tmp_path / "a.js").write_bytes(APP_JS + b"// changed\n")
        status, headers, body = get(url + "a.js", "gzip")
        assert headers["Content-Encoding"] is None and body == APP_JS + b"// changed\n"
        # a .gz newer than its file but of another content length: ignored too
        gz = tmp_path / "a.js.gz"
        gz.write_bytes(build.gzip_bytes(APP_JS))
        os.utime(gz, ns=(gz.stat().st_atime_ns, (tmp_path / "a.js").stat().st_mtime_ns + 10**9))
        assert get(url + "a.js", "gzip")[2] == APP_JS + b"// changed\n"
    finally:
        server.shutdown()
        server.server_close()


def test_every_response_carries_the_security_headers(site):
    _root, url = site
    assert build.SECURITY_HEADERS["Content-Security-Policy"] == build.CONTENT_SECURITY_POLICY
    for path, accept, code in (("index.html", "gzip", 200), ("app.js", "identity", 200), ("sw.js", "gzip", 200),
                               ("small.css", None, 200), ("missing.js", "gzip", 404)):
        status, headers, _ = get(url + path, accept)
        assert status == code, path
        for name, value in build.SECURITY_HEADERS.items():
            assert headers.get_all(name) == [value], (path, name)


@pytest.mark.parametrize("header, expected", [
    (None, False), ("", False), ("gzip", True), ("deflate, gzip", True), ("gzip;q=0", False),
    ("gzip;q=0, *", False), ("*", True), ("*;q=0", False), ("identity", False), ("x-gzip; q=0.5", True),
    ("gzip;q=0, x-gzip", True), (" GZip ; Q=1 ", True), ("br, *;q=0.1", True), ("gzip;q=nope", False),
])
def test_accept_encoding_parsing(header, expected):
    assert serve.accepts_gzip(header) is expected


def test_a_port_in_use_is_an_error_before_any_address(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html>\n")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = subprocess.run([sys.executable, str(ROOT / "build_scripts" / "serve.py"), str(tmp_path),
                               "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert f"port {port} is in use: choose another with --port N" in proc.stderr
    assert "http://" not in proc.stdout + proc.stderr and "serving" not in proc.stdout


def test_serve_sh_prints_no_address_before_serve_py():
    text = (ROOT / "build_scripts" / "serve.sh").read_text()
    echoed = [line for line in text.splitlines() if line.strip().startswith("echo")]
    assert not [line for line in echoed if "http" in line], echoed

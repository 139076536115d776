"""The site's reference and Content-Security-Policy checks (stdlib only).

Used by build_scripts/build.py (which re-exports every name here, so
``build.CONTENT_SECURITY_POLICY`` etc. keep working) and by
build_scripts/serve.py (the policy header).

* find_bad_references(site): html/js/css/json outside pyodide/ must not refer
  to another origin or to an absolute path (the site works under any sub-path);
* find_csp_problems(site): every page has the strict CONTENT_SECURITY_POLICY
  as its first <meta>, and the site's own files have no inline scripts,
  event-handler attributes, style attributes, javascript: URLs, eval/new
  Function or string timers.
* find_service_worker_problems(site): the built sw.js carries SECURITY_HEADERS
  (the headers serve.py sends) in its build stamp and applies them to the
  responses it makes.

Precompressed siblings (``<file>.gz``) are never scanned: they hold the same
bytes as the file next to them.
"""
from __future__ import annotations

import base64
import hashlib
import html.parser
import json
import re
from pathlib import Path

# XML namespace identifiers are URIs that are never fetched (e.g. the SVG
# namespace passed to document.createElementNS); they are allowed.
ALLOWED_URLS = {
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/1999/xhtml",
    "http://www.w3.org/1999/xlink",
    "http://www.w3.org/1998/Math/MathML",
    "http://www.w3.org/XML/1998/namespace",
    "http://www.w3.org/2000/xmlns/",
}
# The site's Content-Security-Policy: the <meta http-equiv> of every page (static
# hosts such as GitHub Pages cannot send headers) and the header that
# build_scripts/serve.py sends with every response (a worker script is governed
# by its own response's policy, not by the page's meta tag). Nothing but the
# site's own files: no inline script or style, no eval (WebAssembly compilation
# only, for Pyodide), no other origin. No frame-ancestors: the board is meant to
# be embedded in iframes on other sites (a meta tag ignores it anyway).
# Two exceptions, both for the bot sandbox (web/bots/botclient.js): its frame is an
# <iframe sandbox="allow-scripts" srcdoc=...> (an opaque origin: a person's bot must not
# reach the site's storage), which inherits this policy. Its one inline script is
# web/bots/bot-frame.js, admitted by its sha256 (BOT_FRAME_HASH) and by nothing else; and the
# bot's worker and the runtime it imports are blob: URLs made inside the sandbox (the
# sandbox can fetch nothing: the page hands it the bytes). blob: URLs are made by
# script only, so they admit nothing that was not already running.
WEB = Path(__file__).resolve().parent.parent / "web"
BOT_FRAME_SCRIPT = "bots/bot-frame.js"
BOT_FRAME_HASH = "'sha256-" + base64.b64encode(
    hashlib.sha256((WEB / BOT_FRAME_SCRIPT).read_bytes()).digest()).decode() + "'"
CSP_DIRECTIVES = {
    "default-src": "'none'",
    "script-src": f"'self' 'wasm-unsafe-eval' blob: {BOT_FRAME_HASH}",
    "script-src-attr": "'none'",  # no event-handler attributes, whatever script-src admits
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "worker-src": "'self' blob:",
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'none'",
}
CONTENT_SECURITY_POLICY = "; ".join(f"{k} {v}" for k, v in CSP_DIRECTIVES.items())
# The security headers of every response of the site, one table for both places that answer
# requests: build_scripts/serve.py sends them with every response, and build.py stamps them
# into sw.js, whose answers (pages, the engine's worker script and everything else it serves
# from its cache, on every visit after the first and offline) carry the same ones. A worker's
# policy is the one of its own script's response, so without them an engine worker served by
# the service worker would run with no policy at all.
SECURITY_HEADERS = {"Content-Security-Policy": CONTENT_SECURITY_POLICY}
CHECKED_SUFFIXES = {".html", ".htm", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg"}
_URL_RE = re.compile(r"https?://[^\s\"'`<>)]*", re.I)
_Q = r"""["'`]"""
GZIP_SUFFIX = ".gz"


def is_gzip_sibling(path: Path) -> bool:
    """True for a precompressed copy `<file>.gz` of a file next to it (never scanned:
    it holds the same bytes as its original)."""
    return path.name.endswith(GZIP_SUFFIX) and path.with_name(path.name[:-len(GZIP_SUFFIX)]).is_file()


# absolute ("/x") or protocol-relative ("//host/x") references in places that load things
_ABS_RES = [
    re.compile(r"\b(?:src|href|action|poster|srcset)\s*=\s*" + _Q + r"?\s*/", re.I),  # html attrs
    re.compile(r"\bfrom\s*" + _Q + r"/"),                      # import x from "/..."
    re.compile(r"\bimport\s*\(?\s*" + _Q + r"/"),              # import "/..." / import("/...")
    re.compile(r"\b(?:fetch|importScripts)\s*\(\s*" + _Q + r"/"),
    re.compile(r"\bnew\s+(?:Worker|SharedWorker|URL|Request|EventSource|WebSocket)\s*\(\s*" + _Q + r"/"),
    re.compile(r"\b(?:navigator\.serviceWorker\.register|open)\s*\(\s*" + _Q + r"/"),
    re.compile(r"url\(\s*" + _Q + r"?\s*/", re.I),               # css url(/...)
    re.compile(r"@import\s+" + _Q + r"/", re.I),
    re.compile(r"\b(?:src|href|url|wheel|start_url|scope)" + _Q + r"\s*:\s*" + _Q + r"/", re.I),  # JSON/JS object keys
]


# --------------------------------------------------------------------------- checks
def find_bad_references(site: Path) -> list[str]:
    """Return 'file:line: text' for external-origin or absolute-path references
    in html/js/css/json files under `site` (the pyodide/ runtime is excluded)."""
    problems = []
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site)
        if (not p.is_file() or rel.parts[0] == "pyodide" or p.suffix.lower() not in CHECKED_SUFFIXES
                or is_gzip_sibling(p)):
            continue
        text = p.read_text(encoding="utf-8", errors="replace")
        for lineno, line in enumerate(text.splitlines(), 1):
            for m in _URL_RE.finditer(line):
                if m.group(0).rstrip("/") not in {u.rstrip("/") for u in ALLOWED_URLS}:
                    problems.append(f"{rel.as_posix()}:{lineno}: other origin {m.group(0)!r}")
            for rx in _ABS_RES:
                m = rx.search(line)
                if m:
                    problems.append(f"{rel.as_posix()}:{lineno}: absolute URL path near {line.strip()[:120]!r}")
                    break
    return problems


# --------------------------------------------------------------------------- content security policy
def parse_csp(policy: str) -> tuple[dict[str, list[str]], list[str]]:
    """({directive: [source tokens]}, [duplicate directive names]) of a policy
    string; names are lower-cased, a repeated directive is ignored (as browsers do)."""
    directives: dict[str, list[str]] = {}
    duplicates = []
    for part in policy.split(";"):
        tokens = part.split()
        if not tokens:
            continue
        name = tokens[0].lower()
        if name in directives:
            duplicates.append(name)
        else:
            directives[name] = tokens[1:]
    return directives, duplicates


# fetch directives and where a browser looks, in order, when one is absent
_CSP_FALLBACK = {
    "script-src": ["script-src", "default-src"],
    "script-src-elem": ["script-src-elem", "script-src", "default-src"],
    "script-src-attr": ["script-src-attr", "script-src", "default-src"],
    "style-src": ["style-src", "default-src"],
    "style-src-elem": ["style-src-elem", "style-src", "default-src"],
    "style-src-attr": ["style-src-attr", "style-src", "default-src"],
    "worker-src": ["worker-src", "child-src", "script-src", "default-src"],
    "child-src": ["child-src", "default-src"],
    "frame-src": ["frame-src", "child-src", "default-src"],
}
_CSP_SCRIPT_LIKE = ("script-src", "script-src-elem", "script-src-attr", "worker-src", "child-src", "frame-src")
_CSP_STYLE_LIKE = ("style-src", "style-src-elem", "style-src-attr")
_CSP_OTHER_FETCH = ("default-src", "img-src", "connect-src", "font-src", "media-src", "manifest-src")
# ignored by browsers in a <meta> policy (and frame-ancestors would stop other sites embedding the board)
CSP_NOT_IN_META = ("frame-ancestors", "report-uri", "report-to", "sandbox")


def _effective(directives: dict[str, list[str]], name: str) -> tuple[str, list[str] | None]:
    """(the directive that governs `name`, its sources), or (name, None) when none does."""
    for candidate in _CSP_FALLBACK.get(name, [name, "default-src"]):
        if candidate in directives:
            return candidate, directives[candidate]
    return name, None


def csp_weaknesses(policy: str) -> list[str]:
    """What makes `policy` weaker than the site needs (empty list: strict): every
    fetch directive limited to the site's own origin ('self'/'none'; data: and
    blob: only for images, media and fonts), no 'unsafe-inline'/'unsafe-eval'/
    hashes/nonces for scripts or styles ('wasm-unsafe-eval', which Pyodide needs
    to compile its WebAssembly, is the one exception), object-src 'none', and
    base-uri and form-action restricted."""
    directives, duplicates = parse_csp(policy)
    out = [f"directive {d} appears twice (the second one is ignored)" for d in duplicates]
    if "default-src" not in directives:
        out.append("no default-src")
    seen = set()
    for name in _CSP_SCRIPT_LIKE + _CSP_STYLE_LIKE + _CSP_OTHER_FETCH:
        source, tokens = _effective(directives, name)
        if tokens is None:
            continue  # no restriction at all: reported as "no default-src"
        allowed = {"'self'", "'none'"}
        if name in _CSP_SCRIPT_LIKE:
            allowed.add("'wasm-unsafe-eval'")  # WebAssembly compilation only (Pyodide); no JS eval
        if name in ("script-src", "script-src-elem", "worker-src"):
            allowed.add("blob:")  # the bot sandbox's worker and runtime (see CSP_DIRECTIVES)
        if name in ("script-src", "script-src-elem"):
            allowed.add(BOT_FRAME_HASH.lower())  # the bot sandbox's frame script, and no other
        if name in ("img-src", "media-src", "font-src"):
            allowed |= {"data:", "blob:"}
        bad = [t for t in tokens if t.lower() not in allowed]
        if bad and (source, tuple(bad)) not in seen:
            seen.add((source, tuple(bad)))
            via = "" if source == name else f" (via {source})"
            out.append(f"{name}{via} allows {' '.join(bad)}")
        if "'none'" in [t.lower() for t in tokens] and len(tokens) > 1 and (source, "none") not in seen:
            seen.add((source, "none"))
            out.append(f"{source}: 'none' mixed with other sources")
    source, tokens = _effective(directives, "object-src")
    if tokens is None or [t.lower() for t in tokens] != ["'none'"]:
        out.append("object-src is not 'none'")
    for name in ("base-uri", "form-action"):  # no fallback to default-src
        tokens = directives.get(name)
        if tokens is None:
            out.append(f"no {name}")
        elif any(t.lower() not in ("'self'", "'none'") for t in tokens):
            out.append(f"{name} allows {' '.join(tokens)}")
    return out


class _PageScanner(html.parser.HTMLParser):
    """Collects CSP-relevant facts of one html (or svg) file."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[tuple[int, str]] = []
        self.csp_metas: list[tuple[int, str, bool]] = []  # (line, policy, came before any resource)
        self.resource_seen = False
        self.in_script = False

    def _note(self, text: str) -> None:
        self.problems.append((self.getpos()[0], text))

    def handle_starttag(self, tag, attrs):
        tag = tag.lower()
        names = {k.lower(): (v or "") for k, v in attrs}
        for name, value in names.items():
            if name.startswith("on"):
                self._note(f"inline event handler {name}= on <{tag}>")
            elif name == "style":
                self._note(f"style attribute on <{tag}> (blocked by style-src 'self': use a class)")
            if re.match(r"\s*javascript\s*:", re.sub(r"[\x00-\x20]", "", value), re.I):
                self._note(f"javascript: URL in {name}= on <{tag}>")
        if tag == "meta" and names.get("http-equiv", "").lower() == "content-security-policy":
            self.csp_metas.append((self.getpos()[0], names.get("content", ""), not self.resource_seen))
        if tag == "script":
            if not names.get("src"):
                self._note("inline <script> (scripts must be files: <script src=...>)")
            self.in_script = True
        if tag == "style":
            self._note("<style> element (blocked by style-src 'self': use a .css file)")
        if tag in ("script", "link", "style", "img", "iframe", "object", "embed", "base", "form"):
            self.resource_seen = True

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag.lower() == "script":
            self.in_script = False

    def handle_endtag(self, tag):
        if tag.lower() == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script and data.strip():
            self._note("inline <script> body")


_JS_RULES = [
    (re.compile(r"(?<![\w$])eval\s*\("), "eval(...)"),
    (re.compile(r"\bnew\s+Function\s*\(|(?<![\w$.])Function\s*\(\s*[\"'`]"), "new Function(...)"),
    (re.compile(r"\bset(?:Timeout|Interval)\s*\(\s*[\"'`]"), "setTimeout/setInterval with a string"),
    (re.compile(r"javascript\s*:", re.I), "javascript: URL"),
    (re.compile(r"\.setAttribute\s*\(\s*[\"'`]style[\"'`]", re.I), "setAttribute('style', ...) (blocked by style-src 'self')"),
    (re.compile(r"\.setAttribute\s*\(\s*[\"'`]on\w+[\"'`]", re.I), "setAttribute('on...', ...) (inline event handler)"),
]


def find_csp_problems(site: Path, policy: str = None) -> list[str]:
    """Return 'file[:line]: text' for everything in the site's own files (not
    pyodide/) that breaks or weakens the Content-Security-Policy: an html page
    without the policy as a <meta http-equiv> before any script or stylesheet,
    or with another or a weak one; inline <script>, event-handler attributes
    (onclick=...), style attributes and <style>, javascript: URLs (html and svg);
    eval, new Function, string timers, javascript: URLs and
    setAttribute('style'|'on...') in js."""
    policy = CONTENT_SECURITY_POLICY if policy is None else policy
    wanted, _ = parse_csp(policy)
    problems = [f"CONTENT_SECURITY_POLICY: {w}" for w in csp_weaknesses(policy)]
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site)
        suffix = p.suffix.lower()
        if not p.is_file() or rel.parts[0] == "pyodide" or is_gzip_sibling(p):
            continue
        name = rel.as_posix()
        if suffix in (".html", ".htm", ".svg"):
            scanner = _PageScanner()
            scanner.feed(p.read_text(encoding="utf-8", errors="replace"))
            scanner.close()
            problems += [f"{name}:{line}: {text}" for line, text in scanner.problems]
            if suffix == ".svg":
                continue
            if not scanner.csp_metas:
                problems.append(f"{name}: no <meta http-equiv=\"Content-Security-Policy\"> "
                                "(static hosts cannot send the header)")
                continue
            if len(scanner.csp_metas) > 1:
                problems.append(f"{name}: {len(scanner.csp_metas)} Content-Security-Policy <meta> tags (one only)")
            line, content, early = scanner.csp_metas[0]
            if not early:
                problems.append(f"{name}:{line}: the Content-Security-Policy <meta> must come before "
                                "any script, stylesheet or other resource (it only governs what follows it)")
            got, _ = parse_csp(content)
            for w in csp_weaknesses(content):
                problems.append(f"{name}:{line}: weak Content-Security-Policy: {w}")
            for d in CSP_NOT_IN_META:
                if d in got:
                    problems.append(f"{name}:{line}: {d} is ignored in a <meta> policy")
            if got != wanted:
                problems.append(f"{name}:{line}: the Content-Security-Policy <meta> is not build.CONTENT_SECURITY_POLICY "
                                f"(the header serve.py sends): {content!r}")
        elif suffix in (".js", ".mjs"):
            for lineno, text in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                for rx, what in _JS_RULES:
                    if rx.search(text):
                        problems.append(f"{name}:{lineno}: {what} near {text.strip()[:100]!r}")
    return problems


# --------------------------------------------------------------------------- service worker
SW_FILE = "sw.js"
# the one line of sw.js that the build rewrites (build.stamp_service_worker)
SW_STAMP_RE = re.compile(r"^const BUILD = .*; // @build-stamp\b.*$", re.M)


def read_service_worker_stamp(site: Path) -> dict | None:
    """The {version, files, headers} stamped into <site>/sw.js (None if unstamped)."""
    m = SW_STAMP_RE.search((site / SW_FILE).read_text(encoding="utf-8"))
    if not m:
        return None
    value = m.group(0)[len("const BUILD = "):m.group(0).index("; // @build-stamp")]
    return json.loads(value)


def find_service_worker_problems(site: Path, headers: dict[str, str] | None = None) -> list[str]:
    """Return what is wrong with the built <site>/sw.js (nothing when there is none): not
    stamped, stamped without exactly `headers` (default SECURITY_HEADERS, the ones serve.py
    sends), or code that does not apply the stamped headers (BUILD.headers) to its responses."""
    headers = SECURITY_HEADERS if headers is None else headers
    sw = site / SW_FILE
    if not sw.is_file():
        return []
    try:
        stamp = read_service_worker_stamp(site)
    except ValueError as exc:
        return [f"{SW_FILE}: unreadable build stamp ({exc})"]
    if stamp is None:
        return [f"{SW_FILE}: not stamped by the build (no 'const BUILD = {{...}}; // @build-stamp' line)"]
    problems = []
    got = stamp.get("headers") if isinstance(stamp, dict) else None
    if got != headers:
        problems.append(f"{SW_FILE}: the stamped security headers {got!r} are not the ones serve.py sends "
                        f"{headers!r} (the service worker's responses would run without them)")
    if "BUILD.headers" not in SW_STAMP_RE.sub("", sw.read_text(encoding="utf-8")):
        problems.append(f"{SW_FILE}: the code never uses BUILD.headers (its responses would carry no "
                        "Content-Security-Policy)")
    return problems

"""Checks of the build output: the wheel, the shipped Pyodide lock file, the site's URLs."""
from __future__ import annotations

import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))
import build  # noqa: E402


@pytest.fixture(scope="module")
def wheel(built_site) -> Path:
    wheels = sorted((ROOT / "dist" / "wheels").glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_is_pure_python_without_dependencies(wheel):
    assert wheel.name.startswith("boardwright-") and wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert "pygame_core/__init__.py" in names
        assert "pygame_core/data/codex_cards.json" in names  # Codex card data ships as package data
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode())
    runtime = [r for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r.replace("extra==", "extra ==")]
    assert runtime == [], f"runtime dependencies: {runtime}"


def test_site_layout(built_site, wheel):
    info = json.loads((built_site / "build.json").read_text())
    site_wheel = built_site / info["wheel"]
    digest = hashlib.sha256(site_wheel.read_bytes()).hexdigest()
    # a new wheel is a new URL: the worker fetches it without a cache-buster
    assert info["wheel"] == f"wheels/{digest[:16]}/{wheel.name}" == build.wheel_site_path(wheel.name, digest)
    assert info["wheel_sha256"] == digest
    assert [p.relative_to(built_site).as_posix() for p in (built_site / "wheels").rglob("*") if p.is_file()] == [
        info["wheel"]]
    assert "built" not in info  # no clock in the build output (reproducible builds)
    assert info["pyodide"] == build.PYODIDE_VERSION
    stdlib = built_site / "pyodide" / "python_stdlib.zip"
    assert info["stdlib_sha256"] == hashlib.sha256(stdlib.read_bytes()).hexdigest()
    for f in build.RUNTIME_FILES:
        assert (built_site / "pyodide" / f).is_file(), f
    assert (built_site / "engine" / "worker.js").is_file()


def _pyc_flags(data: bytes) -> int:
    return int.from_bytes(data[4:8], "little")


def test_the_site_ships_bytecode_for_what_a_start_imports(built_site, wheel):
    """The site's wheel is the engine wheel plus x.pyc beside the x.py a start imports (listed
    in its RECORD); the site's stdlib zip has those modules as .pyc; unchecked-hash pycs of
    Pyodide's Python (flags 0b01: hash-based, not checked against the source)."""
    info = json.loads((built_site / "build.json").read_text())
    with zipfile.ZipFile(wheel) as plain, zipfile.ZipFile(built_site / info["wheel"]) as site:
        names = set(site.namelist())
        for name in plain.namelist():  # everything of the plain wheel, the same bytes
            if not name.endswith("RECORD"):
                assert site.read(name) == plain.read(name), name
        pycs = sorted(n for n in names if n.endswith(".pyc"))
        assert "pygame_core/bridge/__init__.pyc" in pycs and "pygame_core/__init__.pyc" in pycs
        assert all(n[:-1] in names for n in pycs)  # the sources stay
        record = site.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        assert all(f"{n},sha256=" in record for n in pycs)
        magic = site.read(pycs[0])[:4]
        assert all(_pyc_flags(site.read(n)) == 0b01 and site.read(n)[:4] == magic for n in pycs)
    assert magic[2:] == b"\r\n"
    with zipfile.ZipFile(built_site / "pyodide" / "python_stdlib.zip") as std:
        names = set(std.namelist())
        for module in ("encodings/__init__", "json/decoder", "random", "zipimport"):
            assert module + ".pyc" in names and module + ".py" not in names, module
            assert std.read(module + ".pyc")[:4] == magic and _pyc_flags(std.read(module + ".pyc")) == 0b01
        assert "xml/dom/minidom.py" in names and "xml/dom/minidom.pyc" not in names  # the rest as it was


def test_the_page_preloads_its_modules_and_boot_json(built_site):
    from site_preload import module_graph

    page = (built_site / "index.html").read_text()
    modules = module_graph(built_site, ["page/offline.js", "page/app.js"])
    assert {"page/state.js", "board/render.js", "board/board.js", "engine/engine.js",
            "engine/engine-boot.js"} <= set(modules)
    for m in modules:
        assert f'<link rel="modulepreload" href="{m}">' in page, m
    assert '<link rel="preload" href="boot.json" as="fetch" crossorigin="anonymous">' in page
    assert "<!-- preloads -->" not in page
    # the async scripts (the reader's language and its messages; the first board) and their
    # modules are asked for first
    asyncs = ["i18n/choice.js", "page/first.js"]
    assert all(f'<script type="module" async src="{a}"></script>' in page for a in asyncs)
    first = asyncs + module_graph(built_site, asyncs)
    order = [line.split('"')[3] for line in page.splitlines() if line.startswith('<link rel="modulepreload"')]
    assert order[:len(first)] == first and "board/board.js" not in first, order


def test_lock_file_matches_shipped_wheels(built_site):
    lock = json.loads((built_site / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.")
    assert sorted(lock["packages"]) == sorted(build.SHIPPED_PACKAGES) == ["micropip"]
    assert lock["packages"]["micropip"]["depends"] == []  # micropip vendors what it needs
    for name, entry in lock["packages"].items():
        f = built_site / "pyodide" / entry["file_name"]
        assert f.is_file(), f"{name}: {f.name} not shipped"
        assert hashlib.sha256(f.read_bytes()).hexdigest() == entry["sha256"], name


def test_no_external_or_absolute_urls(built_site):
    offenders = []
    for p in built_site.rglob("*"):
        rel = p.relative_to(built_site)
        if p.is_file() and rel.parts[0] != "pyodide" and p.suffix in (".html", ".js", ".mjs", ".css"):
            text = p.read_text(encoding="utf-8", errors="replace")
            for url in build.ALLOWED_URLS:  # XML namespace identifiers, never fetched
                text = text.replace(url, "")
            if "http://" in text or "https://" in text:
                offenders.append(str(rel))
    assert offenders == []
    assert build.find_bad_references(built_site) == []
    for f in ("pyodide.mjs", "pyodide.asm.mjs"):
        assert b"sourceMappingURL" not in (built_site / "pyodide" / f).read_bytes()


def test_reference_checker_catches_bad_urls(tmp_path):
    (tmp_path / "a.html").write_text('<script src="/abs.js"></script>')
    (tmp_path / "b.js").write_text('import x from "https://cdn.example/x.js";')
    (tmp_path / "c.css").write_text("body { background: url(/img.png); }")
    (tmp_path / "ok.js").write_text('import y from "./y.js"; const ns = "http://www.w3.org/2000/svg";')
    bad = build.find_bad_references(tmp_path)
    assert len(bad) == 3 and not any(b.startswith("ok.js") for b in bad), bad


def test_wheel_installs_into_fresh_venv(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check", str(wheel)],
                   check=True)
    out = subprocess.run([str(py), "-c", "import pygame_core; print(pygame_core.__version__)"],
                         check=True, capture_output=True, text=True, cwd=tmp_path)
    assert out.stdout.strip() == json.loads((ROOT / "dist" / "site" / "build.json").read_text())["version"]
    # the documented API and the CLI work from the installed wheel (not from the checkout)
    script = (
        "import pygame_core, json\n"
        "from pygame_core import agents\n"
        "g = pygame_core.new_game('hex', seed=3, size=5)\n"
        "bots = [agents.get('astar')(seed=1), agents.get('smart')(seed=2)]\n"
        "while not g.is_over: g.play(bots[g.current_player].choose(g))\n"
        "again = pygame_core.replay(json.loads(json.dumps(g.record())))\n"
        "assert again.render_text() == g.render_text()\n"
        "from pygame_core.games.codex import load_cards\n"
        "cards, objectives = load_cards()  # package data read from the installed wheel\n"
        "assert len(cards) == 86 and len(objectives) == 16\n"
        "print(pygame_core.__file__); print(g.winners)\n")
    out = subprocess.run([str(py), "-c", script], check=True, capture_output=True, text=True, cwd=tmp_path)
    assert str(venv) in out.stdout.splitlines()[0]
    assert out.stdout.splitlines()[1] in ("[0]", "[1]")
    cli = subprocess.run([str(py), "-m", "pygame_core", "play", "hex", "--size", "3", "--players", "human,human"],
                         input="a1\nb1\na2\nb2\na3\n", capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert cli.returncode == 0 and "Blue wins" in cli.stdout


# --------------------------------------------------------------------------- offline (service worker, manifest)
def _shipped(site: Path) -> set[str]:
    """Every file of the site but the precompressed <file>.gz siblings."""
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and not build.is_gzip_sibling(p)}


def test_service_worker_lists_every_shipped_file(built_site):
    text = (built_site / "sw.js").read_text()
    assert "const BUILD = null;" not in text
    stamp = build.read_service_worker_stamp(built_site)
    assert stamp is not None
    files = stamp["files"]
    # every file of the site but sw.js itself (nothing is left out, nothing extra)
    assert set(files) == _shipped(built_site) - {"sw.js"}
    for rel, digest in files.items():
        assert not rel.startswith(("/", ".")) and "//" not in rel, rel
        assert build.sha256_file(built_site / rel) == digest, rel
    for needed in ("index.html", "page/app.js", "engine/worker.js", "page/offline.js", "manifest.webmanifest", "build.json",
                   json.loads((built_site / "build.json").read_text())["wheel"],
                   *(f"pyodide/{f}" for f in build.RUNTIME_FILES), "icons/icon-192.png", "icons/icon-512.png"):
        assert needed in files, needed
    assert len(stamp["version"]) == 16 and int(stamp["version"], 16) >= 0
    assert stamp["version"] == build.site_version(text, files)


def _mini_site(folder: Path) -> Path:
    folder.mkdir()
    shutil.copyfile(ROOT / "web" / "sw.js", folder / "sw.js")
    (folder / "index.html").write_text("<!doctype html><title>x</title>\n")
    (folder / "pyodide").mkdir()
    (folder / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0")
    (folder / "pyodide" / "pyodide.mjs.map").write_text("{}")  # source maps are not precached
    return folder


def test_version_changes_whenever_a_shipped_file_changes(tmp_path):
    site = _mini_site(tmp_path / "site")
    v1 = build.stamp_service_worker(site)
    sw1 = (site / "sw.js").read_bytes()
    assert build.read_service_worker_stamp(site)["files"].keys() == {"index.html", "pyodide/pyodide.asm.wasm"}
    # stamping again (an already stamped sw.js) is stable
    assert build.stamp_service_worker(site) == v1 and (site / "sw.js").read_bytes() == sw1
    # one changed byte in any file: a new version, so new sw.js bytes (browsers install the new worker)
    (site / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\2\0\0\0")
    v2 = build.stamp_service_worker(site)
    assert v2 != v1 and (site / "sw.js").read_bytes() != sw1
    # a new file, a renamed file: new versions too; an excluded file does not count
    (site / "extra.css").write_text("body {}\n")
    v3 = build.stamp_service_worker(site)
    (site / "extra.css").rename(site / "other.css")
    v4 = build.stamp_service_worker(site)
    (site / "pyodide" / "pyodide.mjs.map").write_text('{"changed": 1}')
    assert len({v1, v2, v3, v4}) == 4 and build.stamp_service_worker(site) == v4
    # the same files in another folder give the same version (it depends on content only)
    other = _mini_site(tmp_path / "other")
    (other / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\2\0\0\0")
    (other / "other.css").write_text("body {}\n")
    assert build.stamp_service_worker(other) == v4


def test_stamping_needs_the_marker_line(tmp_path):
    (tmp_path / "sw.js").write_text("const BUILD = null;\n")
    with pytest.raises(ValueError):
        build.stamp_service_worker(tmp_path)


def test_service_worker_is_stamped_with_the_servers_security_headers(built_site):
    import serve  # build_scripts/ is on sys.path
    stamp = build.read_service_worker_stamp(built_site)
    # one table: what serve.py sends with every response is what the service worker puts on its own
    assert stamp["headers"] == build.SECURITY_HEADERS == serve.SiteHandler.security_headers
    assert stamp["headers"]["Content-Security-Policy"] == build.CONTENT_SECURITY_POLICY
    assert build.find_service_worker_problems(built_site) == []


def test_service_worker_check_catches_missing_or_other_headers(tmp_path):
    site = _mini_site(tmp_path / "site")
    sw = site / "sw.js"
    assert build.find_service_worker_problems(site) == ["sw.js: not stamped by the build "
                                                        "(no 'const BUILD = {...}; // @build-stamp' line)"]
    v1 = build.stamp_service_worker(site)
    assert build.find_service_worker_problems(site) == []
    # a stamp without the headers (as before this check), with fewer or with other ones
    text = sw.read_text()
    stamp = build.read_service_worker_stamp(site)
    for headers in (None, {}, {"Content-Security-Policy": "default-src *"}):
        other = dict(stamp)
        if headers is None:
            del other["headers"]
        else:
            other["headers"] = headers
        line = f"const BUILD = {json.dumps(other)}; // @build-stamp (written by build_scripts/build.py)"
        sw.write_text(build.SW_STAMP_RE.sub(lambda _m: line, text))
        problems = build.find_service_worker_problems(site)
        assert len(problems) == 1 and "are not the ones serve.py sends" in problems[0], (headers, problems)
    # other headers are a new version (browsers install the new worker)
    sw.write_text(text)
    v2 = build.stamp_service_worker(site, headers={"Content-Security-Policy": "default-src 'self'"})
    assert v2 != v1 and build.find_service_worker_problems(site) != []
    assert build.stamp_service_worker(site) == v1 and sw.read_text() == text
    # a service worker whose code no longer applies the stamped headers
    sw.write_text(text.replace("BUILD.headers", "BUILD.nothing"))
    assert build.find_service_worker_problems(site) == [
        "sw.js: the code never uses BUILD.headers (its responses would carry no Content-Security-Policy)"]
    # no sw.js at all: nothing to check (the build warns about it)
    sw.unlink()
    assert build.find_service_worker_problems(site) == []


def test_build_fails_when_sw_js_lacks_the_headers(built_site, tmp_path, monkeypatch, capsys):
    real = build.stamp_service_worker
    monkeypatch.setattr(build, "stamp_service_worker", lambda site: real(site, headers={}))
    out = tmp_path / "site"
    assert build.main(["--out", str(out)]) == 1
    assert "sw.js: the stamped security headers {} are not the ones serve.py sends" in capsys.readouterr().err
    assert not out.exists() and not out.with_name("site.tmp").exists()


def test_manifest_is_valid_and_relative(built_site):
    manifest = json.loads((built_site / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"] == "Boardwright"
    assert manifest["display"] == "standalone"
    urls = [manifest["start_url"], manifest["scope"], manifest.get("id", "./")]
    urls += [icon["src"] for icon in manifest["icons"]]
    for url in urls:
        assert not url.startswith("/") and "://" not in url, url
    assert (built_site / manifest["start_url"]).is_file()
    sizes = {}
    for icon in manifest["icons"]:
        assert (built_site / icon["src"]).is_file(), icon["src"]
        sizes[icon["sizes"]] = icon
    assert sizes["any"]["type"] == "image/svg+xml"
    for n in (192, 512):
        icon = sizes[f"{n}x{n}"]
        assert icon["type"] == "image/png"
        data = (built_site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
        assert int.from_bytes(data[16:20], "big") == n and int.from_bytes(data[20:24], "big") == n
    html = (built_site / "index.html").read_text()
    assert 'rel="manifest" href="manifest.webmanifest"' in html and 'src="page/offline.js"' in html


def test_png_writer_round_trips():
    import zlib
    data = build.icon_png(16)
    chunks, pos = {}, 8
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        assert int.from_bytes(data[pos + 8 + length:pos + 12 + length], "big") == zlib.crc32(kind + body)
        chunks[kind] = body
        pos += 12 + length
    raw = zlib.decompress(chunks[b"IDAT"])
    assert len(raw) == 16 * (1 + 16 * 4)
    rows = [raw[r * 65 + 1:(r + 1) * 65] for r in range(16)]
    assert rows[0][:4] == b"\0\0\0\0"                      # corner: transparent
    assert rows[8][8 * 4:8 * 4 + 4] == bytes((0xCF, 0x3A, 0x32, 255))  # centre: the red hexagon
    assert rows[8][2 * 4:2 * 4 + 4] == bytes((0x25, 0x63, 0xC9, 255))  # left: the blue one


# --------------------------------------------------------------------------- Content-Security-Policy (issue 9)
def _csp_page(body: str = "", head: str = "", policy: str | None = None) -> str:
    policy = build.CONTENT_SECURITY_POLICY if policy is None else policy
    return (f'<!doctype html><html><head><meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n{head}'
            f'<script type="module" src="app.js"></script></head><body>{body}</body></html>\n')


def test_built_site_keeps_the_strict_policy(built_site):
    assert build.csp_weaknesses(build.CONTENT_SECURITY_POLICY) == []
    assert build.find_csp_problems(built_site) == []
    for page in ("index.html",):
        html = (built_site / page).read_text()
        assert f'<meta http-equiv="Content-Security-Policy" content="{build.CONTENT_SECURITY_POLICY}">' in html
        assert html.index("Content-Security-Policy") < html.index("<script")
    assert 'rel="stylesheet" href="styles/offline.css"' in (built_site / "index.html").read_text()


def test_csp_checker_accepts_a_clean_site(tmp_path):
    (tmp_path / "index.html").write_text(_csp_page('<p class="x">ok</p><a href="./other.html">x</a>'))
    (tmp_path / "app.js").write_text('el.style.color = "red"; setTimeout(() => run(), 10);\n'
                                     '// revalidates; the evaluation of a position\nconst retrieval = 1;\n')
    (tmp_path / "icon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>')
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "runtime.js").write_text("eval(code); new Function('a', body);")  # not ours
    assert build.find_csp_problems(tmp_path) == []


@pytest.mark.parametrize("body, head, expected", [
    ("<script>alert(1)</script>", "", "inline <script>"),
    ("", "<script>\n  start();\n</script>\n", "inline <script>"),
    ('<button onclick="go()">Go</button>', "", "inline event handler onclick="),
    ('<img src="x.png" onerror="go()">', "", "inline event handler onerror="),
    ('<a href="javascript:void(0)">x</a>', "", "javascript: URL"),
    ('<a href=" JavaScript:go()">x</a>', "", "javascript: URL"),
    ('<p style="color:red">x</p>', "", "style attribute"),
    ("", "<style>p { color: red; }</style>", "<style> element"),
])
def test_csp_checker_catches_inline_code_in_pages(tmp_path, body, head, expected):
    (tmp_path / "index.html").write_text(_csp_page(body, head))
    problems = build.find_csp_problems(tmp_path)
    assert problems and all(p.startswith("index.html:") for p in problems), problems
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize("code, expected", [
    ("const f = eval(text);", "eval("),
    ("window.eval (text);", "eval("),
    ("const f = new Function('a', body);", "new Function("),
    ("const f = Function('return 1');", "new Function("),
    ("setTimeout('go()', 10);", "setTimeout/setInterval with a string"),
    ("a.href = 'javascript:go()';", "javascript: URL"),
    ("node.setAttribute('style', 'color: red');", "setAttribute('style'"),
    ('node.setAttribute("onclick", "go()");', "setAttribute('on...'"),
])
def test_csp_checker_catches_eval_and_inline_code_in_scripts(tmp_path, code, expected):
    (tmp_path / "index.html").write_text(_csp_page())
    (tmp_path / "app.js").write_text(f"// fine\n{code}\n")
    problems = build.find_csp_problems(tmp_path)
    assert len(problems) == 1 and problems[0].startswith("app.js:2: ") and expected in problems[0], problems


def test_csp_checker_catches_a_missing_late_other_or_weak_meta(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><head><title>x</title></head><body></body>")
    assert any("no <meta" in p for p in build.find_csp_problems(tmp_path))
    late = _csp_page().replace('<script type="module" src="app.js"></script>', "")
    late = late.replace("<meta charset=\"utf-8\">\n", '<meta charset="utf-8">\n<link rel="stylesheet" href="a.css">\n')
    (tmp_path / "index.html").write_text(late)
    assert any("must come before" in p for p in build.find_csp_problems(tmp_path))
    weak = build.CONTENT_SECURITY_POLICY.replace("'wasm-unsafe-eval'", "'unsafe-eval' 'unsafe-inline'")
    (tmp_path / "index.html").write_text(_csp_page(policy=weak))
    problems = build.find_csp_problems(tmp_path)
    assert any("weak Content-Security-Policy: script-src allows 'unsafe-eval' 'unsafe-inline'" in p
               for p in problems), problems
    assert any("is not build.CONTENT_SECURITY_POLICY" in p for p in problems), problems
    framed = build.CONTENT_SECURITY_POLICY + "; frame-ancestors 'none'"
    (tmp_path / "index.html").write_text(_csp_page(policy=framed))
    assert any("frame-ancestors is ignored in a <meta>" in p for p in build.find_csp_problems(tmp_path))
    # svg files: no scripts or handlers (an svg opened as a document runs them)
    (tmp_path / "index.html").write_text(_csp_page())
    (tmp_path / "icon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" onload="go()"><script>go()</script></svg>')
    problems = build.find_csp_problems(tmp_path)
    assert len(problems) == 3 and all(p.startswith("icon.svg:1: ") for p in problems), problems


@pytest.mark.parametrize("policy, expected", [
    ("script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'", "no default-src"),
    ("default-src 'self' https://cdn.example", "script-src (via default-src) allows https://cdn.example"),
    ("default-src 'none'; script-src 'self' 'unsafe-eval'", "script-src allows 'unsafe-eval'"),
    ("default-src 'none'; script-src 'self' 'sha256-abc='", "script-src allows 'sha256-abc='"),
    ("default-src 'none'; script-src 'self' data:", "script-src allows data:"),
    ("default-src 'none'; style-src 'self' 'unsafe-inline'", "style-src allows 'unsafe-inline'"),
    ("default-src 'none'; connect-src *", "connect-src allows *"),
    ("default-src 'none'; worker-src data:", "worker-src allows data:"),
    ("default-src 'none'; connect-src blob:", "connect-src allows blob:"),  # blob: for the bot sandbox's scripts only
    ("default-src 'none'; script-src 'self' 'sha256-AAAA'", "script-src allows 'sha256-AAAA'"),  # only bot-frame.js's
    ("default-src 'self'", "object-src is not 'none'"),
    ("default-src 'none'", "no base-uri"),
    ("default-src 'none'; base-uri *", "base-uri allows *"),
    ("default-src 'none'", "no form-action"),
    ("default-src 'none'; default-src *", "default-src appears twice"),
])
def test_csp_weaknesses_names_what_is_loose(policy, expected):
    weaknesses = build.csp_weaknesses(policy)
    assert any(expected in w for w in weaknesses), weaknesses
    # data: images (e.g. a favicon) are not a weakness; the site's own policy has none
    assert build.csp_weaknesses(build.CONTENT_SECURITY_POLICY.replace("img-src 'self'", "img-src 'self' data:")) == []


# --------------------------------------------------------------------------- instant start (issue 17)
def test_gzip_siblings_are_deterministic_copies_of_the_big_files(built_site):
    import gzip
    siblings = sorted(p for p in built_site.rglob("*.gz") if p.is_file())
    assert siblings
    for gz in siblings:
        original = gz.with_name(gz.name[:-3])
        assert original.is_file(), gz
        data = gz.read_bytes()
        assert gzip.decompress(data) == original.read_bytes(), gz
        # deterministic header: deflate, no FNAME (nor any other flag), mtime 0, level 9 (XFL 2)
        assert data[:4] == b"\x1f\x8b\x08\x00" and data[4:8] == b"\0\0\0\0" and data[8] == 2, gz
        assert data == build.gzip_bytes(original.read_bytes()), gz
    have = {p.relative_to(built_site).as_posix()[:-3] for p in siblings}
    for must in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.mjs", "index.html",
                 "page/app.js", "engine/worker.js", "styles/style.css", "sw.js"):
        assert must in have, must
    for p in built_site.rglob("*"):
        rel = p.relative_to(built_site).as_posix()
        if not p.is_file() or build.is_gzip_sibling(p):
            continue
        size = p.stat().st_size
        if p.suffix in (".js", ".mjs", ".css", ".html", ".json", ".svg") and size > 1024:
            assert rel in have, rel
        if p.suffix in (".zip", ".whl"):  # already deflated: a .gz only if it saves 10 %
            saves = 1 - len(build.gzip_bytes(p.read_bytes())) / size
            assert (rel in have) == (saves >= 0.10), (rel, saves)
        if p.suffix == ".png" or size < 1024:
            assert rel not in have, rel


def test_precache_list_has_no_gzip_siblings_nor_test_pages(built_site):
    files = build.read_service_worker_stamp(built_site)["files"]
    assert not [f for f in files if f.endswith(".gz")]
    assert not [f for f in files if "worker-smoke" in f]
    assert not (built_site / "worker-smoke.html").exists() and not (ROOT / "web" / "worker-smoke.js").exists()
    assert build.precache_files(built_site) == files


def test_checks_skip_gzip_siblings(tmp_path):
    (tmp_path / "index.html").write_text(_csp_page())
    (tmp_path / "app.js").write_text("const ok = 1;\n" * 200)
    assert build.write_gzip_siblings(tmp_path) == [("app.js", 2800, len(build.gzip_bytes(b"const ok = 1;\n" * 200)))]
    assert build.find_csp_problems(tmp_path) == [] and build.find_bad_references(tmp_path) == []
    assert set(build.precache_files(tmp_path)) == {"index.html", "app.js"}


def _source_copy(dest: Path) -> Path:
    """The files a fresh clone has (sources, web/, build scripts), with the Pyodide
    download and the micropip wheel of this checkout's .cache/ linked in."""
    for name in ("pygame_core", "web", "docs", "build_scripts"):
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    for name in ("pyproject.toml", "README.md", "setup.cfg", "setup.py", "MANIFEST.in", "LICENSE"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, dest / name)
    (dest / ".cache").mkdir()
    for name in (f"pyodide-{build.PYODIDE_VERSION}", "wheels"):
        (dest / ".cache" / name).symlink_to(ROOT / ".cache" / name, target_is_directory=True)
    return dest


def _hashes(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): build.sha256_file(p) for p in sorted(site.rglob("*")) if p.is_file()}


def test_builds_are_reproducible(built_site, tmp_path):
    """Two fresh clones (other paths, one with group-writable files as under umask 002), the
    second built with --force: byte-identical sites, so the same service-worker version."""
    clone1 = _source_copy(tmp_path / "clone1")
    clone2 = shutil.copytree(clone1, tmp_path / "clone2", symlinks=True)  # one snapshot of the sources
    for p in (clone2 / "pygame_core").rglob("*"):
        p.chmod(p.stat().st_mode | 0o020)
    sites = []
    for src, extra in ((clone1, []), (clone2, ["--force"])):
        env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
        proc = subprocess.run([sys.executable, str(src / "build_scripts" / "build.py"), "--out", "out", *extra],
                              cwd=src, capture_output=True, text=True, env=env)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        sites.append(src / "out")
    first, second = (_hashes(s) for s in sites)
    assert first == second
    versions = [build.read_service_worker_stamp(s)["version"] for s in sites]
    assert versions[0] == versions[1]
    info = json.loads((sites[0] / "build.json").read_text())
    assert "built" not in info and info["wheel"] in first

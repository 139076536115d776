"""Third-party JavaScript the site ships, fetched at build time from npm, pinned and checked.

    npm_tarball(name, version, integrity, cache, log) -> Path   # .cache/<name>-<version>.tgz, checked
    vendor(site, cache, log) -> list[str]                        # writes <site>/vendor/..., returns the paths

Each package is named with its exact version and the sha512 ``integrity`` string the npm
registry publishes for that tarball (``npm view NAME@VERSION dist.integrity``). ``npm pack``
fetches the tarball into ``.cache/`` once; the build checks its sha512 against the pin every
time it uses it (a tarball that does not match is deleted and the build stops), then copies only
the listed files, licence files included, into the site. Nothing is loaded from another origin
at run time, and no registry address is written here: ``npm`` uses its own configuration.

Shipped:

* ``qr`` 0.7.0 (Paul Miller, MIT or Apache-2.0): the QR code encoder of the friend card
  (``web/panels/qr.js`` loads it when a card first shows a code). Chosen over an encoder of our
  own because it is maintained, has no dependencies, no DOM or ``eval``, runs as an ES module
  as it is, encodes bytes up to version 40 with every error-correction level, and its package
  also holds a decoder (``decode.js``, not shipped) that the tests use to read the rendered
  code back. ``tests/test_qr_vendor.py`` compares its modules with those of PyPI's ``qrcode``.
"""
from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import tarfile
from pathlib import Path

# name -> version, integrity (sha512 of the tarball), files {path in the package: path in the site}
VENDORED = {
    "qr": {
        "version": "0.7.0",
        "integrity": "sha512-/VrrACmOAwZVipuRITwfEwOL5oAMEHH5PTmBWaGtlTom2Thxaa+rhmna4zU9PRN2uLw2wdccbkHOLGZb1Q9SdA==",
        "files": {"index.js": "vendor/qr/index.js", "LICENSE": "vendor/qr/LICENSE",
                  "LICENSE-MIT": "vendor/qr/LICENSE-MIT"},
    },
}


def integrity_of(path: Path) -> str:
    """The npm ``integrity`` string (sha512, base64) of a file."""
    h = hashlib.sha512()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return "sha512-" + base64.b64encode(h.digest()).decode()


def npm_tarball(name: str, version: str, integrity: str, cache: Path, log) -> Path:
    """The package's tarball in ``cache`` (fetched with ``npm pack`` when missing), checked
    against ``integrity``; ``RuntimeError`` when npm is missing or the bytes do not match."""
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"{name}-{version}.tgz"
    if not tgz.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(f"npm is required to fetch {name}@{version} (apt-get install -y npm)")
        log(f"$ npm pack {name}@{version}")
        subprocess.run([npm, "pack", f"{name}@{version}", "--pack-destination", str(cache), "--silent"],
                       cwd=cache, check=True, stdout=subprocess.DEVNULL)
        if not tgz.is_file():
            raise RuntimeError(f"npm pack did not produce {tgz}")
    got = integrity_of(tgz)
    if got != integrity:
        tgz.unlink()
        raise RuntimeError(f"{name}@{version}: the tarball's {got} is not the pinned {integrity} (deleted; "
                           "a changed package needs a new pin)")
    return tgz


def package_files(name: str, cache: Path, log) -> dict[str, bytes]:
    """{path in the package: bytes} of a vendored package's listed files (fetched and checked)."""
    pin = VENDORED[name]
    tgz = npm_tarball(name, pin["version"], pin["integrity"], cache, log)
    out = {}
    with tarfile.open(tgz) as tf:
        for member in pin["files"]:
            f = tf.extractfile(f"package/{member}")
            if f is None:
                raise RuntimeError(f"{name}@{pin['version']} lacks {member}")
            out[member] = f.read()
    return out


def vendor(site: Path, cache: Path, log) -> list[str]:
    """Copy every vendored package's files into ``site``; returns their site paths."""
    written = []
    for name, pin in VENDORED.items():
        files = package_files(name, cache, log)
        for member, rel in pin["files"].items():
            dest = site / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(files[member])
            written.append(rel)
        log(f"vendor: {name}@{pin['version']} (integrity checked) -> {', '.join(pin['files'].values())}")
    return written

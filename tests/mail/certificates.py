"""Certificates for the TLS tests, made with the `openssl` program: a CA of the tests'
own, a server certificate it signed for 127.0.0.1 and localhost, and a second CA that
signed nothing (trusting it must not make the server trusted)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

EC_KEY = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]


@dataclass(frozen=True)
class Certificates:
    ca: Path              # the CA that signed the server's certificate (PEM)
    other_ca: Path        # a CA that signed nothing here
    server_cert: Path
    server_key: Path


def openssl_missing() -> str | None:
    return None if shutil.which("openssl") else "the openssl program is not installed"


def _run(*args: str | Path) -> None:
    done = subprocess.run(["openssl", *map(str, args)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _ca(folder: Path, name: str) -> tuple[Path, Path]:
    key, cert = folder / f"{name}.key", folder / f"{name}.pem"
    _run("req", "-x509", *EC_KEY, "-keyout", key, "-out", cert, "-days", "2",
         "-subj", f"/CN=Stellwerk tests {name}",
         "-addext", "basicConstraints=critical,CA:TRUE",
         "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    return key, cert


def make_certificates(folder: Path) -> Certificates:
    folder.mkdir(parents=True, exist_ok=True)
    ca_key, ca = _ca(folder, "ca")
    _, other = _ca(folder, "other-ca")
    key, request, cert = folder / "server.key", folder / "server.csr", folder / "server.pem"
    _run("req", *EC_KEY, "-keyout", key, "-out", request, "-subj", "/CN=localhost")
    (folder / "server.ext").write_text(
        "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n"
        "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
        "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid,issuer\n")
    _run("x509", "-req", "-in", request, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial",
         "-out", cert, "-days", "2", "-extfile", folder / "server.ext")
    key.chmod(0o644)        # Dovecot's config process reads it as root; the tests own it
    return Certificates(ca, other, cert, key)

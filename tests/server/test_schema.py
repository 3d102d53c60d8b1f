"""Schemathesis over the OpenAPI schema: generated requests for every operation (valid
and invalid bodies, parameters, a real table and a real seat token as well as random
ones) never get a 5xx, and every answer's status is one the schema declares (with the
body model it declares). Bounded to a few examples per operation to stay fast."""

from __future__ import annotations

import tempfile
import warnings
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error, status_code_conformance

from stellwerk.server.app import Settings, create_app
from stellwerk.server.limits import Limits

warnings.filterwarnings("ignore", message=".*httpx2.*")

_FOLDER = Path(tempfile.mkdtemp(prefix="stellwerk-schema-"))
APP = create_app(Settings(database=f"sqlite:///{_FOLDER / 'schema.sqlite3'}",
                          bot_workers=0, background=False,
                          # the fuzzer creates many tables; each must meet the checks
                          # of the body, not the rate limit (tests/server/test_limits.py)
                          limits=Limits(create_rate=0)))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


def _table() -> tuple[str, dict[str, str]]:
    from fastapi.testclient import TestClient

    with TestClient(APP) as client:
        made = client.post("/api/tables", json={
            "game": "linie1", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    return made["table"], {"seat": made["seats"][0]["token"], "admin": made["admin"]["token"]}


TABLE, TOKENS = _table()


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True, database=None)
def test_no_request_gets_a_server_error(case: Any) -> None:
    # most generated ids are unknown tables; aim half the requests at a real one
    ids = case.path_parameters or {}
    if "table_id" in ids and len(str(ids["table_id"])) % 2 == 0:
        ids["table_id"] = TABLE
    role = "admin" if "/seats/" in case.path or "deadline" in case.path else "seat"
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {TOKENS[role]}"}
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error, status_code_conformance])


def test_every_refusal_status_is_declared_with_its_body() -> None:
    from fastapi.testclient import TestClient

    with TestClient(APP) as client:
        spec = client.get("/openapi.json").json()
    submit = spec["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]
    for status in ("401", "403", "404", "409", "413", "422", "503"):
        body = submit[status]["content"]["application/json"]["schema"]
        assert body == {"$ref": "#/components/schemas/ErrorBody"}, (status, body)
    assert set(spec["components"]["schemas"]["ErrorBody"]["required"]) == {"error", "key"}
    assert "HTTPValidationError" not in spec["components"]["schemas"]


def test_the_schema_describes_what_exists_and_no_page_loads_a_cdn() -> None:
    from fastapi.testclient import TestClient

    with TestClient(APP) as client:
        spec = client.get("/openapi.json").json()
        description = spec["info"]["description"]
        assert "next issue" not in description and "/t/{table}" in description
        # Swagger UI and ReDoc load their scripts from a CDN, against the pages' policy
        assert client.get("/docs").status_code == 404
        assert client.get("/redoc").status_code == 404
        for page in ("/", "/mine", "/viewer", "/t/abc"):
            html = client.get(page).text
            assert "cdn" not in html.lower() and "https://" not in html, page

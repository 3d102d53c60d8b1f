"""Webhooks to a real HTTP server on loopback: signed bodies (HMAC-SHA256) a receiver can
check, Discord's and Slack's forms, a table's shared channel that never carries a seat's
link or its own missed action, no redirect followed, and the refusal of private,
loopback and link-local addresses unless the operator allows them."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from stellwerk.server.notices import webhooks
from tests.notices.conftest import notice_client, worker_of
from tests.notices.receivers import Hook
from tests.notices.test_mail_notices import play_until, tokens_of
from tests.server.conftest import create


def test_a_seats_webhook_body_is_signed_and_checkable(client: TestClient, hook: Hook) -> None:
    made = create(client, "rail-line", ["human", "human"])
    answer = made.seats[1].post("notices", {"webhook": hook.url})
    assert answer.status_code == 200, answer.text
    secret = answer.json()["secret"]
    assert "secret" not in json.dumps(made.seats[1].get("notices").json())  # shown once
    play_until(made, 1)
    assert worker_of(client).run_once(time.time()) == 1
    _path, headers, body = hook.wait_for(1)[0]
    stamp = headers["X-Stellwerk-Timestamp"]
    expected = "sha256=" + hmac.new(secret.encode(), stamp.encode() + b"." + body,
                                    hashlib.sha256).hexdigest()
    assert hmac.compare_digest(headers["X-Stellwerk-Signature"], expected)
    notice = json.loads(body)
    assert notice["kind"] == "turn" and notice["seats"] == [1]
    assert notice["table"] == made.table and "turn" in notice["text"]
    assert headers["X-Stellwerk-Notice"] == str(notice["id"])


def test_the_tables_shared_channel_carries_no_seat_link(client: TestClient, hook: Hook) -> None:
    made = create(client, "rail-line", ["human", "human"])
    assert made.seats[1].post("notices", {"webhook": hook.url}).status_code == 200  # seat's
    shared = made.admin.post("notices", {"webhook": hook.url, "style": "discord"})
    assert shared.status_code == 200, shared.text
    assert made.admin.get("notices").json()["seat"] is None
    play_until(made, 1)
    worker_of(client).run_once(time.time())
    bodies = [body.decode() for _p, _h, body in hook.wait_for(2)]
    for body in bodies:
        for token in tokens_of(made):
            assert token not in body
    discord = [json.loads(b) for b in bodies if "content" in json.loads(b)]
    assert len(discord) == 1 and discord[0]["allowed_mentions"] == {"parse": []}


def test_a_redirect_is_not_followed(client: TestClient, hook: Hook) -> None:
    made = create(client, "rail-line", ["human", "human"])
    assert made.seats[1].post("notices", {"webhook": hook.url}).status_code == 200
    hook.answer, hook.location = 302, hook.url + "/elsewhere"
    play_until(made, 1)
    worker_of(client).run_once(time.time())
    time.sleep(0.3)
    assert [path for path, _h, _b in hook.received] == ["/hook"]  # never /hook/elsewhere


def test_loopback_and_private_webhooks_are_refused_without_the_operators_leave(
        tmp_path: Path, hook: Hook) -> None:
    with notice_client(f"sqlite:///{tmp_path}/strict.sqlite3", None,
                       allow_private=False) as client:
        made = create(client, "rail-line", ["human", "human"])
        for url in (hook.url, "http://10.1.2.3/x", "http://169.254.169.254/latest",
                    "http://[::1]:80/", "http://192.168.0.1/"):
            answer = client.post(f"/api/tables/{made.table}/notices",
                                 headers={"Authorization": f"Bearer {made.seats[1].token}",
                                          "Accept-Language": "de"}, json={"webhook": url})
            assert answer.status_code == 422, url
            assert "privaten" in answer.json()["error"]
        for url in ("ftp://example.org/x", "file:///etc/passwd", "http://", "javascript:1"):
            assert made.seats[1].post("notices", {"webhook": url}).status_code == 422
        assert made.seats[1].get("notices").json()["targets"] == []


@given(st.ip_addresses())
def test_only_public_addresses_count_as_public(address: object) -> None:
    import ipaddress

    ip = ipaddress.ip_address(str(address))
    judged = webhooks.public(str(ip))
    if ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast:
        assert not judged
    mapped = ipaddress.IPv6Address(f"::ffff:{ip}") if ip.version == 4 else None
    if mapped is not None:
        assert webhooks.public(str(mapped)) == judged


@pytest.mark.parametrize("url,style", [
    ("https://discord.com/api/webhooks/1/abc", "discord"),
    ("https://hooks.slack.com/services/T/B/x", "slack"),
    ("https://example.org/hook", "json")])
def test_known_receivers_get_their_own_body(url: str, style: str) -> None:
    assert webhooks.guess_style(url) == style
    body = json.loads(webhooks.body(style, {"kind": "turn"}, "hello"))
    assert {"discord": "content", "slack": "text", "json": "kind"}[style] in body


def test_removing_what_is_not_there_is_refused_and_changes_nothing(client: TestClient,
                                                                   hook: Hook) -> None:
    made = create(client, "rail-line", ["human", "human"])
    mine = made.seats[1].post("notices", {"webhook": hook.url}).json()["id"]
    seat0 = {"Authorization": f"Bearer {made.seats[0].token}", "Accept-Language": "de"}
    for target in (mine, 10**20, -1, "x"):  # another seat's, too large, negative, no number
        answer = client.delete(f"/api/tables/{made.table}/notices/{target}", headers=seat0)
        assert answer.status_code in (404, 422), (target, answer.text)
        assert "error" in answer.json()
    assert [t["id"] for t in made.seats[1].get("notices").json()["targets"]] == [mine]
    both = made.seats[1].post("notices", {"webhook": hook.url, "email": "a@example.org"})
    assert both.status_code == 422 and "email" in both.json()["error"]

"""Confirmation, known players and a spoofed mDNS answer, inside a private netns
(``_lobby_trust.py``, run once for the module): issue 13 items 3-5."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from _netns import run_in_netns

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def trust() -> Any:
    out = run_in_netns([sys.executable, str(HERE / "_lobby_trust.py")], timeout=120)
    for line in out.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT ") :])
    pytest.fail(f"the scenario printed no RESULT:\n{out[-3000:]}")


def test_a_stranger_is_not_seated_until_the_host_confirms_it(trust: Any) -> None:
    s = trust["stranger"]
    assert s["taken_while_asking"] == 1 and s["started_while_asking"] is False
    [asked] = s["asked"]
    assert asked["name"] == "Boris" and asked["fingerprint"] == trust["boris"][0]
    assert asked["status"] == "new" and asked["role"] == "joiner"
    assert s["joined"] is True
    assert "did not let you in" in s["said_no"] and s["said_no"].endswith("<not admitted>")


def test_the_first_table_remembers_each_other(trust: Any) -> None:
    r = trust["stranger"]["remembered"]
    assert r["anna"] == [["Boris", trust["boris"][1]]]
    assert r["boris"] == [["Аня", trust["anna"][1]]]
    assert trust["stranger"]["known_mode"] == "0o600"


def test_a_known_name_with_another_key_is_refused_without_an_explicit_yes(trust: Any) -> None:
    c = trust["changed_joiner"]
    assert "another key under the name Boris" in c["open_no_admit"]  # open table, no one asked
    assert c["open_no_admit"].endswith("<name taken>")
    assert c["explicit_yes"] == ""
    [asked] = c["asked"]
    assert asked["status"] == "changed" and asked["fingerprint"] == c["mallory_fp"]
    assert asked["known_fingerprint"] == trust["boris"][0]


def test_a_joiner_warns_about_a_known_host_name_with_another_key(trust: Any) -> None:
    c = trust["changed_host"]
    assert c["with_yes"].startswith("WARNING: the host says it is Аня")
    assert c["mallory_fp"] in c["with_yes"] and trust["anna"][0] in c["with_yes"]
    assert c["with_yes"].endswith("<key changed>")
    assert c["explicit_yes"] == ""
    [asked] = c["asked"]
    assert asked["role"] == "host" and asked["status"] == "changed"


def test_a_spoofed_mdns_answer_is_listed_with_both_fingerprints_and_joining_it_warns(
    trust: Any,
) -> None:
    s = trust["spoofed"]
    real, fake = s["names"]
    assert real == "Стол Ани" and fake.startswith("Стол Ани") and fake != real
    lines = s["list"]
    i_real, i_fake = lines.index(real), lines.index(fake)
    assert s["anna_fp"] in lines[i_real + 1] and s["mallory_fp"] in lines[i_fake + 1]
    assert (
        lines[i_fake + 2].strip() == f"WARNING: not the Аня you played with before [{s['anna_fp']}]"
    )
    assert sum("WARNING" in x for x in lines) == 1  # the real Anna is not warned about
    assert s["join"].startswith("WARNING: the host says it is Аня") and s["mallory_fp"] in s["join"]

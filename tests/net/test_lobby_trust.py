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


def test_an_impostor_under_the_same_instance_name_is_listed_beside_the_real_table(
    trust: Any,
) -> None:
    """``p2pcards list`` (the player knows neither host): both tables, each with its
    host's fingerprint, and a warning that two tables have one name with different keys."""
    s = trust["spoofed"]
    assert s["real_name"] == "Стол Ани"  # the real host kept its name
    rc, lines, err = s["list"]
    assert rc == 0, err
    assert lines.count("Стол Ани") == 2
    details = [x for x in lines if x.startswith("   Akulina")]
    assert len(details) == 2
    assert {s["anna_fp"], s["mallory_fp"]} == {x.split("[")[1].split("]")[0] for x in details}
    assert lines[-1] == (
        "WARNING: 2 tables are called 'Стол Ани', with different host keys: ask the host "
        "which fingerprint is theirs (someone may be pretending to be them)"
    )
    assert not any("not the Аня you played with" in x for x in lines)  # nobody is known


def test_joining_the_shared_name_or_the_impostor_warns(trust: Any) -> None:
    """``p2pcards join 'Стол Ани' --yes`` of a player who knows the real Anna: joins
    neither, lists both with their fingerprints and marks the impostor; joining the
    impostor by its address with ``yes``: refused with the warning naming both
    fingerprints."""
    s = trust["spoofed"]
    rc, lines, err = s["join_name"]
    assert rc == 1, err
    assert lines[1].startswith("WARNING: 2 tables are called 'Стол Ани'")
    i_fake = next(i for i, x in enumerate(lines) if s["mallory_fp"] in x)
    assert lines[i_fake + 1].strip() == (
        f"WARNING: not the Аня you played with before [{s['anna_fp']}]"
    )
    assert any(s["anna_fp"] in x for x in lines)
    assert sum("not the Аня" in x for x in lines) == 1  # the real Anna is not warned about
    assert lines[-1] == "join one by its address: p2pcards join HOST:PORT"
    said = s["join_impostor"]
    assert said.startswith("WARNING: the host says it is Аня") and s["mallory_fp"] in said
    assert s["anna_fp"] in said and said.endswith("<key changed>")


def test_a_host_that_took_a_name_at_the_same_moment_as_another_takes_name_2(
    trust: Any,
) -> None:
    r = trust["renamed"]
    assert r["first"] == ["Стол Веры", ""]
    assert r["update"] == ["Стол Веры-2", "Стол Веры", ["Вера"]]
    assert r["lobby"] == ["Стол Веры-2", "Стол Веры-2"]  # and probes answer with it

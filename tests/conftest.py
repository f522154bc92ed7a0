"""Every test runs with its own data directory unless it sets one: nothing a test does
(a remembered ``--lang``, an identity, a table log) reaches the user's real one."""

from __future__ import annotations

import os
import tempfile

if "P2PCARDS_HOME" not in os.environ:
    os.environ["P2PCARDS_HOME"] = tempfile.mkdtemp(prefix="p2pcards-tests-")
os.environ.pop("P2PCARDS_LANG", None)

from p2pcards.peer import remove_rbcl_copy

remove_rbcl_copy()

"""The local web page: play a seat in the browser (``p2pcards play``).

The peer process serves the page itself on 127.0.0.1 (Starlette on Hypercorn's trio
worker, in the same trio run as the game); a per-run secret token in the URL and Origin
and Host checks keep other local users and web pages out (docs/web.md).

Public API::

    table = OfflineTable(game, human=0, bots=[...], names=[...], seed=7)
    async with trio.open_nursery() as n:
        page = await start_page(n, table, lang="ru")   # page.url has the token
        n.start_soon(table.run)

Any :class:`SeatSource` (snapshot / wait_change / play / continue_hand / play_again)
can stand behind the page; :func:`screen` turns a :class:`Snapshot` into the JSON the
page draws.
"""

from p2pcards.web._offline import OfflineTable, new_seed
from p2pcards.web._screen import screen
from p2pcards.web._seat import HistoryItem, SeatSource, Snapshot
from p2pcards.web._serve import WebPage, start_page

__all__ = [
    "HistoryItem",
    "OfflineTable",
    "SeatSource",
    "Snapshot",
    "WebPage",
    "new_seed",
    "screen",
    "start_page",
]

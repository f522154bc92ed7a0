"""The terminal's lines for the warnings of the network and the table, in the chosen
language (:mod:`p2pcards._say`); the log file keeps the English records."""

from __future__ import annotations

import logging

from p2pcards._say import Msgid
from p2pcards.cli._i18n import current_lang, tr


class TerminalFormatter(logging.Formatter):
    """A record in words for the terminal: "p2pcards: " and its ``say`` message id in the
    language of the command line (:func:`p2pcards.cli._i18n.current_lang`), else its own
    (English) message.  ``lang`` fixes the language (tests)."""

    def __init__(self, lang: str | None = None) -> None:
        super().__init__()
        self.lang = lang

    def format(self, record: logging.LogRecord) -> str:
        msgid = getattr(record, "say", None)
        if isinstance(msgid, str):
            lang = self.lang or current_lang()
            params = {
                k: tr(lang, v) if isinstance(v, Msgid) else v
                for k, v in (getattr(record, "say_params", None) or {}).items()
            }
            text = tr(lang, msgid, **params)
        else:
            text = record.getMessage()
        return f"p2pcards: {text}"


def mdns_unavailable(e: Exception, lang: str) -> str:
    """The line when mDNS cannot run here (no multicast, a firewall): what it means and
    what works instead, in ``lang``; the English detail goes to the log file."""
    logging.getLogger("p2pcards.cli").info("mDNS unavailable: %s", e)
    return tr(
        lang,
        "p2pcards: mDNS is unavailable here, so tables on the network cannot be seen: join "
        "by address (p2pcards join HOST:PORT)",
    )

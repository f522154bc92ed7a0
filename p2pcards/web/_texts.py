"""Every fixed text of the web page (buttons, headings, messages), English and Russian
in one place.  The page gets them with each screen, so the browser code holds no text."""

from __future__ import annotations

LABELS: dict[str, tuple[str, str]] = {
    "your_hand": ("Your hand", "Ваши карты"),
    "history": ("What happened", "Что было"),
    "sheet": ("Score sheet", "Запись счёта"),
    "table": ("Table", "Стол"),
    "cancel": ("Cancel", "Отмена"),
    "choose": ("Choose", "Выберите"),
    "next_hand": ("Next hand", "Следующая раздача"),
    "play_again": ("Play again", "Играть ещё"),
    "game_over": ("Game over", "Игра окончена"),
    "hand_over": ("Hand over", "Раздача окончена"),
    "cards": ("cards", "карт"),
    "you": ("you", "вы"),
    "lang": ("Русский", "English"),
    "connecting": ("Connecting…", "Соединение…"),
    "lost": (
        "The connection to the game was lost. Is p2pcards still running? Retrying…",
        "Связь с игрой потеряна. p2pcards ещё работает? Пробуем снова…",
    ),
    "refused": ("That move is not allowed now.", "Этот ход сейчас нельзя."),
    "closed": (
        "The game is over and p2pcards has stopped; you can close this page.",
        "Игра окончена, p2pcards завершил работу; страницу можно закрыть.",
    ),
    "keys": (
        "Keys: ←/→ choose, Enter plays, 1–9 pick an action",
        "Клавиши: ←/→ выбор, Ввод — ход, 1–9 — действие",
    ),
    "seconds": ("s", "с"),
    "offline": ("offline game: local dealer, bots", "игра без сети: местная раздача, боты"),
    "verified": ("hand verified ✓", "раздача проверена ✓"),
    "seat_out": ("out", "вышел"),
    "playing": ("hands are verified as they end", "каждая раздача проверяется в конце"),
    "disconnected": ("connection lost", "нет связи"),
}


WAIT_REASONS: dict[str, tuple[str, str]] = {
    "accept": ("to sit down", "чтобы сесть за стол"),
    "shuffle": ("to shuffle", "перемешать колоду"),
    "keys": ("for keys to {x}'s cards", "ключи к картам: {x}"),
    "receive": ("{x} to take the cards", "{x} принимает карты"),
    "open": ("for keys to open cards", "ключи, чтобы открыть карты"),
    "random": ("for a joint draw", "общий жребий"),
    "order": ("{x} to order the hand", "{x} перекладывает карты"),
    "give": ("{x} to hand a card over", "{x} отдаёт карту"),
    "move": ("", ""),
    "reveal": ("for the end-of-hand check", "проверка раздачи"),
    "abandon": ("votes to go on without {x}", "голоса: продолжить без {x}"),
}
"""What the table waits for, in words (``{x}``: the seat it is about)."""


def waiting_text(lang: str, who: str, reason: str, about: str) -> str:
    """ "waiting for Boris · for keys to Vera's cards": ``who`` is awaited, ``reason``
    one of :data:`WAIT_REASONS` (a controller's ``Awaiting.reason``), ``about`` the name
    of the seat it concerns."""
    i = 1 if lang == "ru" else 0
    head = ("waiting for {w}", "ждём: {w}")[i].format(w=who)
    what = WAIT_REASONS.get(reason, ("", ""))[i].format(x=about)
    return f"{head} · {what}" if what else head


def labels(lang: str) -> dict[str, str]:
    """All labels in ``lang`` ("ru" or anything else for English)."""
    i = 1 if lang == "ru" else 0
    return {k: v[i] for k, v in LABELS.items()}

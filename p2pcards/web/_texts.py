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
    "keys": (
        "Keys: ←/→ choose, Enter plays, 1–9 pick an action",
        "Клавиши: ←/→ выбор, Ввод — ход, 1–9 — действие",
    ),
    "seconds": ("s", "с"),
    "offline": ("offline game: local dealer, bots", "игра без сети: местная раздача, боты"),
    "verified": ("hand verified ✓", "раздача проверена ✓"),
    "seat_out": ("out", "вышел"),
}


def labels(lang: str) -> dict[str, str]:
    """All labels in ``lang`` ("ru" or anything else for English)."""
    i = 1 if lang == "ru" else 0
    return {k: v[i] for k, v in LABELS.items()}

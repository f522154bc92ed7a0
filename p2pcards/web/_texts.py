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
    "back_lobby": ("Back to the lobby", "Назад к столам"),
    "open_log": ("Step through the game's log", "Посмотреть запись игры по шагам"),
    "code": ("table code", "код стола"),
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
    "peer_lost": (
        "connection to {name} lost, reconnecting…",
        "связь с игроком {name} потеряна, переподключаемся…",
    ),
    "leave": ("Leave the table", "Уйти из-за стола"),
    "leave_title": ("Leave the table?", "Уйти из-за стола?"),
    "leave_text": (
        "The others are told that you left; the game cannot go on without you.",
        "Остальным сообщат, что вы ушли; без вас игра не продолжится.",
    ),
    "leave_yes": ("Leave", "Уйти"),
    "leave_no": ("Stay", "Остаться"),
    "left": (
        "You left the table. You can close this page.",
        "Вы ушли из-за стола. Страницу можно закрыть.",
    ),
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


LOBBY_LABELS: dict[str, tuple[str, str]] = {
    "title": ("p2pcards: tables", "p2pcards: столы"),
    "you": ("You are", "Вы"),
    "fingerprint": ("fingerprint", "отпечаток"),
    "fingerprint_help": (
        "Compare it aloud: the same letters on everyone's screen mean it is really you",
        "Сверьте вслух: одинаковые буквы у всех на экране значат, что это действительно вы",
    ),
    "tables": ("Tables on the network", "Столы в сети"),
    "none": (
        "No table found on the network yet (the list refreshes by itself). Host one below, "
        "or join by address if the Wi-Fi isolates computers from each other.",
        "Столов в сети пока нет (список обновляется сам). Откройте свой ниже или "
        "подключитесь по адресу, если Wi-Fi не пускает компьютеры друг к другу.",
    ),
    "col_table": ("Table", "Стол"),
    "col_game": ("Game", "Игра"),
    "col_seats": ("Seats", "Места"),
    "col_host": ("Host", "Хозяин"),
    "col_fingerprint": ("Host's fingerprint", "Отпечаток хозяина"),
    "col_code": ("Table code", "Код стола"),
    "join": ("Join", "Сесть"),
    "join_title": ("Join by name or address", "Сесть по имени или адресу"),
    "join_placeholder": ("table name or host:port", "имя стола или адрес:порт"),
    "host_title": ("Host a table", "Открыть стол"),
    "game": ("Game", "Игра"),
    "seats": ("Seats", "Мест"),
    "options": ("Options", "Настройки"),
    "default": ("default", "по умолчанию"),
    "bots": ("Bots for empty seats", "Боты на свободные места"),
    "level": ("Bots' level", "Уровень ботов"),
    "host": ("Open the table", "Открыть стол"),
    "leave": ("Leave", "Уйти"),
    "to_table": ("Go to the table", "К столу"),
    "lang": ("Русский", "English"),
    "connecting": ("Connecting…", "Соединение…"),
    "lost": (
        "The connection to p2pcards was lost. Is it still running? Retrying…",
        "Связь с p2pcards потеряна. Программа ещё работает? Пробуем снова…",
    ),
    "busy": ("Leave the current table first.", "Сначала уйдите из-за текущего стола."),
    "empty": ("Type a table's name or an address.", "Введите имя стола или адрес."),
    "logs": ("Past games", "Прошлые игры"),
    "admit": ("Let them in", "Впустить"),
    "refuse": ("Refuse", "Отказать"),
    "sit": ("Sit at this table", "Сесть за этот стол"),
    "dont": ("Do not join", "Не садиться"),
    "true": ("yes", "да"),
    "false": ("no", "нет"),
}
"""The lobby page's fixed texts."""


def lobby_labels(lang: str) -> dict[str, str]:
    """The lobby page's labels in ``lang``."""
    i = 1 if lang == "ru" else 0
    return {k: v[i] for k, v in LOBBY_LABELS.items()}


def lobby_status(lang: str, st: dict[str, object]) -> str:
    """The lobby's state in words: the table being formed and who sits there, the game
    running, how the last one ended, or an error."""
    ru = lang == "ru"
    seated = st.get("seated") or []
    assert isinstance(seated, list)
    seats = f"{len(seated)}/{st.get('total')}: {', '.join(str(x) for x in seated)}"
    status, table, address = st.get("status"), st.get("table"), st.get("address")
    if status == "hosting":
        if ru:
            return f"Стол «{table}» открыт ({address}) · мест {seats} · ждём игроков…"
        return f"Table “{table}” is open ({address}) · seats {seats} · waiting for players…"
    if status == "joining":
        if not table:
            return "Ищем стол…" if ru else "Looking for the table…"
        if ru:
            return f"За столом «{table}» · мест {seats} · ждём начала…"
        return f"At the table “{table}” · seats {seats} · waiting for the start…"
    if status == "playing":
        return "Игра идёт." if ru else "The game is on."
    if status == "over":
        ending = str(st.get("ending"))
        words = {
            "finished": ("finished, every hand verified", "окончена, все раздачи проверены"),
            "cheat": ("stopped: a cheat was found", "остановлена: найден обман"),
            "abandoned": ("stopped: a player left", "остановлена: игрок ушёл"),
            "left": ("you left", "вы ушли"),
        }.get(ending, (ending, ending))
        return f"Последняя игра: {words[1]}." if ru else f"The last game: {words[0]}."
    error = st.get("error")
    if error:
        return f"Не получилось: {error}" if ru else f"That did not work: {error}"
    return ""


def ask_text(lang: str, a: dict[str, object]) -> str:
    """The question about a player (``PlayerCheck.to_plain()``): a joiner asking for a
    seat, a host new to us, or a known name that comes with another key (a warning)."""
    ru = lang == "ru"
    name, fp = a.get("name"), a.get("fingerprint")
    if a.get("status") == "changed":
        known = a.get("known_fingerprint")
        if ru:
            return (
                f"ВНИМАНИЕ: {name} [{fp}] — НЕ тот {name}, с кем вы играли [{known}]: другой "
                "компьютер или кто-то выдаёт себя за него. Принять новый ключ?"
            )
        return (
            f"WARNING: {name} [{fp}] is NOT the {name} you played with before [{known}]: "
            "another computer, or someone pretending to be them. Accept the new key anyway?"
        )
    also = ""
    if a.get("status") == "renamed":
        k = a.get("known_name")
        also = f" (этот ключ вам известен как {k})" if ru else f" (you know this key as {k})"
    if a.get("role") == "joiner":
        if ru:
            return f"{name} [{fp}]{also} просит место: сверьте отпечаток с его экраном. Впустить?"
        return (
            f"{name} [{fp}]{also} asks for a seat: compare the fingerprint with theirs. "
            "Let them in?"
        )
    if ru:
        return (
            f"Хозяин стола {name} [{fp}]{also} вам не знаком: сверьте отпечаток с экраном "
            "хозяина. Сесть за этот стол?"
        )
    return (
        f"The host {name} [{fp}]{also} is new to you: compare the fingerprint with the "
        "host's screen. Sit at this table?"
    )


LOGVIEW_LABELS: dict[str, tuple[str, str]] = {
    "title": ("p2pcards: game log", "p2pcards: запись игры"),
    "past": ("Past games", "Прошлые игры"),
    "none": ("No game played here yet.", "Здесь ещё не играли."),
    "open_file": ("Open a log file", "Открыть файл записи"),
    "back": ("Back to the lobby", "Назад к столам"),
    "hand": ("Hand", "Раздача"),
    "prev": ("◀ Previous", "◀ Назад"),
    "next": ("Next ▶", "Вперёд ▶"),
    "step": ("Step {i} of {n}", "Шаг {i} из {n}"),
    "entries": ("Entries of the log, each checked", "Записи журнала, каждая проверена"),
    "seating": (
        "Seating: the table's genesis and every seat's acceptance",
        "Рассадка: начало стола и согласие каждого места",
    ),
    "hand_verified": ("hand {n} verified ✓", "раздача {n} проверена ✓"),
    "hand_unverified": ("hand {n} not verified ✗", "раздача {n} не проверена ✗"),
    "entry_ok": ("✓ signed by {who}, chained, checked", "✓ подписано: {who}, в цепочке, проверено"),
    "entry_cheat": ("✗ cheat, rule {rule}: {message}", "✗ обман, правило {rule}: {message}"),
    "verified": (
        "Audit: verified, every hand checked ({n})",
        "Проверка: всё честно, проверены все раздачи ({n})",
    ),
    "cheating": (
        "Audit: CHEATING by {who} at entry {seq}, rule {rule}: {message}",
        "Проверка: ОБМАН, {who}, запись {seq}, правило {rule}: {message}",
    ),
    "abandoned": (
        "Audit: a hand was abandoned (a player stopped responding); hands checked: {n}",
        "Проверка: раздача прервана (игрок перестал отвечать); проверено раздач: {n}",
    ),
    "incomplete": (
        "Audit: no cheating found, but the log stops before the end; hands checked: {n}",
        "Проверка: обмана нет, но запись обрывается до конца игры; проверено раздач: {n}",
    ),
    "unreadable": (
        "Not a p2pcards log, or damaged: ",
        "Это не запись p2pcards или она повреждена: ",
    ),
    "cards_of": ("Every seat's cards after this step", "Карты всех мест после этого шага"),
    "lang": ("Русский", "English"),
}
"""The log viewer's fixed texts (``{n}``, ``{who}``… filled in by str.format)."""


def logview_labels(lang: str) -> dict[str, str]:
    """The log viewer's labels in ``lang``."""
    i = 1 if lang == "ru" else 0
    return {k: v[i] for k, v in LOGVIEW_LABELS.items()}

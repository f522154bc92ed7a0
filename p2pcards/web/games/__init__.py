"""The per-game parts of the web page's screen, one module per game, each with a
``Screen`` class (a :class:`p2pcards.web._screen.GameScreen`)."""

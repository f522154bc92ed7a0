"""``python -m p2pcards``: the ``p2pcards`` command (as ``python -m p2pcards.cli``)."""

import sys

from p2pcards.cli import main

if __name__ == "__main__":
    sys.exit(main())

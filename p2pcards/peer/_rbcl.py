"""Housekeeping for ``rbcl``, the Ristretto255 binding under :mod:`p2pcards.mental_poker`.

rbcl writes its bundled libsodium to a fresh temporary file at every import and never
removes it (2.7 MB a process).  Once the library is loaded (mapped) the file can go.  This
is I/O, so it lives here and not in the pure layers: the peer package runs it when it is
imported, and the command line once the group library has passed its self-test.
"""

from __future__ import annotations

import os
import sys


def remove_rbcl_copy() -> bool:
    """Remove rbcl's temporary copy of libsodium if rbcl is loaded and the file is still
    there; True if removed.  Never raises: on systems that refuse (Windows: a file in use)
    the file stays, as rbcl leaves it."""
    path = getattr(sys.modules.get("rbcl._sodium"), "lib_path", None)
    if not isinstance(path, str):
        return False
    try:
        os.unlink(path)
    except OSError:
        return False
    return True

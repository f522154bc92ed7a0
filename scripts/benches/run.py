"""Dispatch ``scripts/bench NAME args`` to ``scripts/benches/NAME.py``'s ``main(argv)``.
With no NAME, run every benchmark with its default parameters."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).parent


def load(name: str):  # type: ignore[no-untyped-def]
    path = HERE / f"{name}.py"
    if not path.exists():
        names = ", ".join(
            sorted(p.stem for p in HERE.glob("*.py") if p.stem != "run" and p.stem[0] != "_")
        )
        sys.exit(f"unknown benchmark {name!r} (benchmarks: {names})")
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def main() -> None:
    sys.path.insert(0, str(HERE))
    args = sys.argv[1:]
    if not args:
        for p in sorted(HERE.glob("*.py")):
            if p.stem != "run" and not p.stem.startswith("_"):
                load(p.stem).main([])
        return
    load(args[0]).main(args[1:])


if __name__ == "__main__":
    main()

"""The shape of the production code (bridge/, recorder/, projections/, handrec/): its lines, the
modules over 500 lines and the functions over 60, the bounds the code keeps to (docs/design.md).
ROOT: another checkout to measure (default: this one).

    python bench/shape.py [ROOT]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bridge", "formats", "recorder", "projections", "handrec")
MODULE_MAX, FUNCTION_MAX = 500, 60


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    total, modules, functions = 0, [], []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            n = len(text.splitlines())
            total += n
            name = path.relative_to(root)
            if n > MODULE_MAX:
                modules.append((n, str(name)))
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                    if length > FUNCTION_MAX:
                        functions.append((length, f"{name}:{node.lineno} {node.name}"))
    print(f"production lines: {total:,}")
    print(f"modules over {MODULE_MAX} lines: {len(modules)}")
    for n, name in sorted(modules, reverse=True):
        print(f"  {n:5d}  {name}")
    print(f"functions over {FUNCTION_MAX} lines: {len(functions)}")
    for n, name in sorted(functions, reverse=True):
        print(f"  {n:5d}  {name}")


if __name__ == "__main__":
    main()

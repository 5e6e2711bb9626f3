"""The package's import graph, read from its source: floors, arrows up, circles, imports in functions.

``python tests/layout.py`` prints the picture that ``docs/architecture.md`` shows; ``tests/test_layout.py``
holds the package to it.  Imports under ``if TYPE_CHECKING:`` do not run and are not counted;
doctest lines are text, not imports.

A module's floor is its package's (the top-level module's, for the modules directly under
``pokerengine/``): :data:`FLOORS`, bottom first.  An import from a higher floor is an *arrow up*.
"""

from __future__ import annotations

import ast
import os
import sys
from collections import defaultdict
from pathlib import Path

#: Bottom first: each floor's packages and top-level modules, in the order the data flows.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("errors and checks", ("errors", "_checks", "_json", "_plot", "_deprecated")),
    ("cards and hands", ("cards", "hands", "games")),
    ("pots and settlement", ("seats", "pots", "split", "rake", "runs", "settlement", "explain", "hand_json",
                             "strategies")),
    ("the PHH record and the rule book", ("phh", "rules")),
    ("the engine", ("live",)),
    ("the readers", ("formats",)),
    ("replay", ("replay",)),
    ("payout models", ("models",)),
    ("tournament", ("tournament",)),
    ("decisions", ("decisions",)),
    ("the command line and what draws", ("charts", "generate", "cli", "__main__", "history", "pokerengine")),
)

#: Imports inside functions that are allowed, with why: (importing module, imported module prefix).
LATE_IMPORTS: dict[tuple[str, str], str] = {
    ("pokerengine.cli", "pokerengine"): "each command loads only what it runs (``pokerengine --help`` in 0.1 s)",
    ("pokerengine.formats", "pokerengine.formats"): "the registry loads a site's reader when a file in its format comes",
    ("pokerengine.tournament", "pokerengine.tournament.postgres_store"): "the PostgreSQL store needs psycopg, an extra",
    ("pokerengine.tournament", "pokerengine.tournament.sqlite_store"): "stores are loaded by the URL's scheme",
    ("pokerengine.history", "pokerengine"): "the deprecated alias resolves a name when it is used",
    ("pokerengine.models.dcm", "pokerengine.models._dcm_tree"): "NumPy is loaded when a model runs, not by settle",
    ("pokerengine.models.icm", "pokerengine.models._subsets"): "NumPy is loaded when a model runs, not by settle",
    ("pokerengine.models.icm", "pokerengine.models.icm_large"): "NumPy is loaded when a model runs, not by settle",
}


def floor_of(module: str) -> int:
    parts = module.split(".")
    key = parts[1] if len(parts) > 1 else "pokerengine"
    for k, (_, names) in enumerate(FLOORS):
        if key in names:
            return k
    raise KeyError(f"{module}: not on any floor (add its package to FLOORS)")


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "pokerengine"


def modules(root: Path) -> dict[str, Path]:
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).with_suffix("")
        name = ".".join(rel.parts)
        out[name[: -len(".__init__")] if name.endswith(".__init__") else name] = path
    return out


def _resolve(mods: dict[str, Path], current: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    is_package = mods[current].name == "__init__.py"
    package = current if is_package else current.rpartition(".")[0]
    found = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join(parts + ([base] if base else []))
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
    for name in names:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        if name and name != current:
            found.append(name)
    return found


def graph(root: Path) -> tuple[dict[str, Path], dict[str, set[str]], dict[str, set[str]], dict[str, set[str]]]:
    """The modules, and each module's imports at its top, inside its functions, and for type checking only."""
    mods = modules(root)
    top: dict[str, set[str]] = defaultdict(set)
    late: dict[str, set[str]] = defaultdict(set)
    typing: dict[str, set[str]] = defaultdict(set)

    def visit(module: str, node: ast.AST, where: dict[str, set[str]]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                where[module].update(_resolve(mods, module, child))
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                visit(module, child, typing)
            else:
                inner = late if where is top and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
                visit(module, child, inner)

    for module, path in mods.items():
        visit(module, ast.parse(path.read_text(encoding="utf-8")), top)
    return mods, top, late, typing


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    m = stack.pop()
                    on.discard(m)
                    comp.append(m)
                    if m == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def late_allowed(module: str, target: str) -> bool:
    return any(module.startswith(a) and target.startswith(b) for a, b in LATE_IMPORTS)


def report(root: Path) -> dict[str, object]:
    mods, top, late, typing = graph(root)
    both: dict[str, set[str]] = defaultdict(set)
    for src in (top, late):
        for a, bs in src.items():
            both[a] |= bs
    with_types: dict[str, set[str]] = defaultdict(set)
    for src in (top, late, typing):
        for a, bs in src.items():
            with_types[a] |= bs
    up = sorted((a, b) for a, bs in both.items() for b in bs if floor_of(b) > floor_of(a))
    comps = circles(both)
    across = [c for c in comps if len({package_of(m) for m in c}) > 1]
    hidden = sorted((a, b) for a, bs in late.items() for b in bs if not late_allowed(a, b))
    lines = {m: sum(1 for _ in p.open(encoding="utf-8")) for m, p in mods.items()}
    return {"modules": len(mods), "lines": sum(lines.values()), "arrows_up": up, "circles": comps,
            "circles_across": across, "type_circles": circles(with_types), "late_imports": hidden, "largest": max(lines.items(), key=lambda kv: kv[1]),
            "lines_by_module": lines, "top": top}


def public_classes(root: Path) -> dict[str, list[str]]:
    """Each public class name (a module-level ``class`` not starting with ``_``) and the modules defining it."""
    out: dict[str, list[str]] = defaultdict(list)
    for module, path in modules(root).items():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                out[node.name].append(module)
    return out


def renamed_exports(root: Path) -> list[tuple[str, str, str]]:
    """``(package, name, alias)`` for every ``from x import name as alias`` in a package's ``__init__``
    where the alias differs from the name: a re-export under another name."""
    out = []
    for module, path in modules(root).items():
        if path.name != "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                out += [(module, a.name, a.asname) for a in node.names if a.asname and a.asname != a.name]
    return out


def hand_reaches(root: Path) -> dict[str, int]:
    """Reaches into the live :class:`~pokerengine.live.Hand`'s private names (its slots and methods that start
    with one underscore) from other modules: ``x._name`` where ``x`` is not ``self`` or ``cls``."""
    hand = root / "live" / "hand.py"
    private = set()
    for node in ast.walk(ast.parse(hand.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == "Hand":
            for item in node.body:
                if isinstance(item, ast.Assign) and ast.unparse(item.targets[0]) == "__slots__":
                    private |= {e.value for e in getattr(item.value, "elts", ()) if isinstance(e, ast.Constant)
                                and isinstance(e.value, str) and e.value.startswith("_") and not e.value.startswith("__")}
                elif isinstance(item, ast.FunctionDef) and item.name.startswith("_") and not item.name.startswith("__"):
                    private.add(item.name)
    out: dict[str, int] = {}
    for module, path in modules(root).items():
        if path == hand:
            continue
        n = sum(1 for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.Attribute) and node.attr in private
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")))
        if n:
            out[module] = n
    return out


def picture(root: Path) -> str:
    r = report(root)
    lines_by = r["lines_by_module"]
    assert isinstance(lines_by, dict)
    out = []
    for k in range(len(FLOORS) - 1, -1, -1):
        title, names = FLOORS[k]
        parts = []
        for name in names:
            mods = [m for m in lines_by if package_of(m) == name]
            if mods:
                total = sum(lines_by[m] for m in mods)
                parts.append(f"{name} ({len(mods)} modules, {total:,} lines)" if len(mods) > 1 else f"{name} ({total:,})")
        out.append(f"{k:2} {title:34} {', '.join(parts)}")
    largest = r["largest"]
    assert isinstance(largest, tuple)
    out.append("")
    out.append(f"{r['modules']} modules, {r['lines']:,} lines; largest {largest[0]} ({largest[1]} lines)")
    out.append(f"arrows up: {len(r['arrows_up'])}; circles: {len(r['circles'])} "  # type: ignore[arg-type]
               f"({len(r['circles_across'])} across packages); imports in functions that are not "  # type: ignore[arg-type]
               f"allowed lazy loads: {len(r['late_imports'])}")  # type: ignore[arg-type]
    dupes = {k: v for k, v in public_classes(root).items() if len(v) > 1}
    reaches = hand_reaches(root)
    out.append(f"public class names defined twice: {len(dupes)}; re-exports under another name: "
               f"{len(renamed_exports(root))}; reaches into the live Hand's private names: {sum(reaches.values())}")
    for name, where in sorted(dupes.items()):
        out.append(f"  class {name}: " + ", ".join(where))
    for c in r["circles"]:  # type: ignore[attr-defined]
        out.append("  circle: " + " <-> ".join(m.replace("pokerengine.", "") for m in c))
    for c in r["type_circles"]:  # type: ignore[attr-defined]
        if c not in r["circles"]:  # type: ignore[operator]
            out.append("  circle with the imports for type checking: " + " <-> ".join(m.replace("pokerengine.", "") for m in c))
    for a, b in r["arrows_up"]:  # type: ignore[attr-defined]
        out.append(f"  arrow up: {a} -> {b}")
    for a, b in r["late_imports"]:  # type: ignore[attr-defined]
        out.append(f"  import in a function: {a} -> {b}")
    return "\n".join(out)


if __name__ == "__main__":
    import pokerengine

    print(picture(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(os.path.dirname(pokerengine.__file__))))

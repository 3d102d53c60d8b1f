"""No import circle crosses from one part of the product to another (core, bots,
frontends, research, server, web, each game, the command line): one part depends on the
other, never both ways, counting imports inside functions too (they only hide a circle
from the interpreter). Circles inside one part are that part's own business."""

from __future__ import annotations

import ast
from pathlib import Path

from .source import SRC, modules

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, name: str) -> set[str]:
    """The modules `path` (module `name`) names in any import, wherever it stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def import_graph() -> Graph:
    names = {module_name(path): path for path in modules()}
    return {name: {other for other in imported(path, name) if other in names and other != name}
            for name, path in names.items()}


def part(module: str) -> str:
    """`stellwerk.games.linie1.rules` -> `games.linie1`; `stellwerk.server.app` -> `server`."""
    parts = module.split(".")[1:]
    if parts[:1] == ["games"] and len(parts) > 1:
        return ".".join(parts[:2])
    return parts[0] if parts else "stellwerk"


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_import_circle_joins_two_parts() -> None:
    crossing = [group for group in circles(import_graph())
                if len({part(module) for module in group}) > 1]
    assert crossing == []


def test_the_circle_finder_finds_a_circle_hidden_in_a_function(tmp_path: Path) -> None:
    graph: Graph = {"stellwerk.a.x": {"stellwerk.b.y"}, "stellwerk.b.y": {"stellwerk.a.x"},
                    "stellwerk.a.z": {"stellwerk.a.x"}}
    assert circles(graph) == [["stellwerk.a.x", "stellwerk.b.y"]]
    assert part("stellwerk.games.linie1.rules") == "games.linie1" and part("stellwerk.web") == "web"
    lazy = tmp_path / "lazy.py"
    lazy.write_text("def f():\n    from stellwerk.b import y\n    from . import z\n")
    assert imported(lazy, "stellwerk.a.lazy") >= {"stellwerk.b.y", "stellwerk.a.z"}

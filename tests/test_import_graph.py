"""The project's modules import one another without a cycle, and lessons/ and puzzles/ import at
module level only.

The graph is built from the source with :mod:`ast`, over every module of ``tutor``, ``lessons``,
``puzzles``, ``classes`` and ``reviews`` (migrations aside), counting deferred imports too: a
cycle hidden behind an import inside a function still ties two modules together, so that
neither can be read, tested or moved without the other.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tutor", "lessons", "puzzles", "classes", "reviews")
MODULE_LEVEL_ONLY = ("lessons", "puzzles")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> dict[str, Path]:
    return {
        _module_name(p): p
        for package in PACKAGES
        for p in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in p.relative_to(ROOT).parts
    }


def _targets(node: ast.Import | ast.ImportFrom, name: str, is_package: bool) -> set[str]:
    """The dotted names an import statement may load, its imported names included (``from .
    import services`` loads the module ``services``)."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names}
    if node.level:
        base = name if is_package else name.rpartition(".")[0]
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        target = f"{base}.{node.module}" if node.module else base
    else:
        target = node.module or ""
    return {target} | {f"{target}.{a.name}" for a in node.names}


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """Every project module ``path`` imports, wherever in the file the import sits."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in _targets(node, name, path.name == "__init__.py"):
                # ``from tutor.engine.tiles import tile_str`` loads tutor.engine.tiles
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target:
                    found.add(target)
    return found - {name}


def _graph() -> dict[str, set[str]]:
    paths = _sources()
    known = set(paths)
    graph = {name: _imports(path, name, known) for name, path in paths.items()}
    # A package importing its own submodules (re-exports in __init__) is not a cycle.
    return {
        name: {m for m in deps if not m.startswith(name + ".") and not name.startswith(m + ".")}
        for name, deps in graph.items()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return path[path.index(dep) :] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def _function_level_imports(path: Path) -> list[str]:
    """``path:line`` of every import inside a function, except in an ``AppConfig.ready`` of an
    ``apps.py``: Django's documented place to connect signals, where the app's models (and
    whatever imports them) cannot yet be loaded at module level."""
    out: list[str] = []
    tree = ast.parse(path.read_text())
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if path.name == "apps.py" and func.name == "ready":
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Import | ast.ImportFrom):
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return sorted(set(out))


def test_the_import_graph_has_no_cycle() -> None:
    graph = _graph()
    assert "puzzles.tasks" in graph["puzzles.views_staff"]  # the graph sees the apps' imports
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_services_queue_no_task_themselves() -> None:
    """Queueing lives in each app's tasks.py, registered with on_commit by the caller."""
    graph = _graph()
    for app in ("puzzles", "reviews"):
        assert f"{app}.services" in graph[f"{app}.tasks"]
        assert not any(m.endswith(".tasks") for m in graph[f"{app}.services"])


def test_lessons_and_puzzles_import_at_module_level() -> None:
    found = [
        where
        for package in MODULE_LEVEL_ONLY
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.relative_to(ROOT).parts
        for where in _function_level_imports(path)
    ]
    assert found == []


def test_the_cycle_finder_sees_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_a_deferred_import_counts() -> None:
    source = ROOT / "var" / "import_graph_probe.py"
    source.parent.mkdir(exist_ok=True)
    source.write_text("def f():\n    from puzzles import tasks\n")
    try:
        assert _function_level_imports(source) == [f"{source.relative_to(ROOT)}:2"]
        loaded = _imports(source, "probe", {"puzzles", "puzzles.tasks"})
        assert loaded == {"puzzles", "puzzles.tasks"}
    finally:
        source.unlink()

"""The house's layout (issue 11): one package per game, and no module outside it names that game."""

from __future__ import annotations

import ast
from pathlib import Path

import parlour

PARLOUR = Path(parlour.__file__).parent
GAMES = {info.name for info in parlour.list_games()}
PACKAGES = {p.name for p in (PARLOUR / "games").iterdir() if (p / "__init__.py").exists()}


def _outside_the_games() -> list[Path]:
    """Every module but the games' own. The pack catalogue (``parlour/cards``) is left out: a pack is
    named after the deck a source describes ("roquet60" is Dana's 60-card deck), not after a game."""
    return [p for p in PARLOUR.rglob("*.py") if p.relative_to(PARLOUR).parts[0] not in ("games", "cards")]


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            ids.add(id(node.value))  # a bare string: an attribute's docstring
    return ids


def test_no_module_outside_a_games_package_names_that_game() -> None:
    """Not by import, not as a string in code (docstrings may name games as examples)."""
    for path in _outside_the_games():
        tree = ast.parse(path.read_text())
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("parlour.games."):
                raise AssertionError(f"{path}: imports {node.module}")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                named = [g for g in GAMES if g in node.value] + [
                    p for p in PACKAGES if f"parlour.games.{p}" in node.value
                ]
                assert not named, f"{path}:{node.lineno} names {named} in {node.value!r}"


def test_every_game_is_a_package_declared_by_its_manifest() -> None:
    assert len(PACKAGES) == len(GAMES)
    for name in GAMES:
        manifest = parlour.engine.manifest(name)
        module = manifest.game.__module__
        assert module.startswith("parlour.games."), module
        package = PARLOUR / "games" / module.split(".")[2]
        assert (package / "rules.md").exists() and (package / "__init__.py").exists()
        assert manifest.game.rules_text().strip()

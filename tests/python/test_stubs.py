"""The type stub (python/ply/__init__.pyi) says what the module has: no more, no less."""
import ast
import pathlib

import ply

STUB = pathlib.Path(ply.__file__).with_name("__init__.pyi")
# Names of the stub that only describe types (no object of the module).
TYPING_ONLY = {"PythonGame", "AnyGame"}


def stub_tree():
    return ast.parse(STUB.read_text())


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_names(body):
    names = set()
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def test_the_stub_names_every_public_object_of_the_module():
    declared = public(stub_names(stub_tree().body)) - TYPING_ONLY - {"Callable"}
    assert declared == public(dir(ply)) - {"annotations"}


def test_each_result_class_has_the_attributes_the_stub_gives_it():
    classes = {n.name: n for n in stub_tree().body if isinstance(n, ast.ClassDef)}
    for name, node in classes.items():
        if name in TYPING_ONLY or name in {"Outcome"}:
            continue
        declared = public(stub_names(node.body))
        # ply.Game is the base: what a game can do is on each game's class.
        actual = public(dir(ply.Chess if name == "Game" else getattr(ply, name)))
        assert declared <= actual, (name, declared - actual)


def test_every_builtin_game_has_a_class_in_the_stub():
    classes = {n.name for n in stub_tree().body if isinstance(n, ast.ClassDef)}
    games = {cls.name: cls for cls in ply.Game.__subclasses__()}
    assert set(games) == set(ply.games())
    for cls in games.values():
        assert cls.__name__ in classes

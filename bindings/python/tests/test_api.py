"""The whole public surface at once: every name ``perpixel`` and
``perpixel.pygame_compat`` export has a docstring, and so does every public attribute of
every exported class; every name and attribute that comes from the native module is typed
in ``_native.pyi``."""

import ast
import inspect
import os

import perpixel
import perpixel.pygame_compat as pm


def _stub():
    path = os.path.join(os.path.dirname(perpixel.__file__), "_native.pyi")
    tree = ast.parse(open(path, encoding="utf-8").read())
    top, members = set(), {}

    def walk(nodes, into):
        for node in nodes:
            if isinstance(node, ast.If):  # `if sys.version_info >= ...:` blocks
                walk(node.body + node.orelse, into)
            elif isinstance(node, ast.ClassDef):
                into.add(node.name)
                names = members.setdefault(node.name, set())
                for base in node.bases:  # stub-only bases carry methods too
                    if isinstance(base, ast.Name):
                        names.add("<base>" + base.id)
                inner = set()
                walk(node.body, inner)
                names |= inner
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                into.add(node.name)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                into.add(node.target.id)
            elif isinstance(node, ast.Assign):
                into.update(t.id for t in node.targets if isinstance(t, ast.Name))

    walk(tree.body, top)
    return top, members


def _stub_members(members, cls):
    """A stub class's names, with those of its stub-only bases."""
    seen, todo = set(), [cls]
    while todo:
        c = todo.pop()
        for n in members.get(c, ()):
            if n.startswith("<base>"):
                todo.append(n[len("<base>"):])
            else:
                seen.add(n)
    return seen


def test_every_public_name_is_documented_and_typed():
    top, members = _stub()
    undocumented, untyped, checked = [], [], 0
    for module in (perpixel, pm):
        for name in module.__all__:
            if name.startswith("__"):
                continue
            obj = getattr(module, name)
            if inspect.ismodule(obj):
                continue
            checked += 1
            if not (getattr(obj, "__doc__", None) or "").strip():
                undocumented.append(f"{module.__name__}.{name}")
            # Python-level functions and classes carry their own annotations; the
            # native module's names are typed by the stub.
            native = not inspect.isfunction(obj) and not (
                inspect.isclass(obj) and any(inspect.isfunction(v) for v in vars(obj).values()))
            if not native:
                funcs = [obj] if inspect.isfunction(obj) else [
                    v for k, v in vars(obj).items()
                    if inspect.isfunction(v) and (not k.startswith("_") or k == "__init__")]
                for f in funcs:
                    sig = inspect.signature(f)
                    params = [p for p in sig.parameters.values() if p.name != "self"]
                    if sig.return_annotation is inspect.Signature.empty or any(
                            p.annotation is inspect.Parameter.empty for p in params):
                        untyped.append(f"{module.__name__}.{name}: {f.__qualname__}")
            elif getattr(obj, "__name__", name) not in top and name not in top:
                untyped.append(f"{module.__name__}.{name}")
            if not inspect.isclass(obj):
                continue
            typed = _stub_members(members, obj.__name__)
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                checked += 1
                if not (getattr(value, "__doc__", None) or "").strip():
                    undocumented.append(f"{module.__name__}.{name}.{attr}")
                if native and members.get(obj.__name__) is not None and attr not in typed:
                    untyped.append(f"{module.__name__}.{name}.{attr}")
    print(f"{checked} public names and attributes checked")
    assert undocumented == [], f"without a docstring: {undocumented}"
    assert untyped == [], f"not typed (in _native.pyi, or annotated): {untyped}"


CLIENT = '''
"""A game's use of perpixel, type-checked against the package's stubs."""
import perpixel
import perpixel.pygame_compat as mask
from perpixel import Mask, Sprite, Transform, TransformedSprite, World

a = Mask((32, 32), fill=True)
b: Mask = a.copy()
hit: tuple[int, int] | None = a.overlap(b, (4, 4))
area: int = a.overlap_area(b, (4, 4))
m2 = mask.Mask((8, 8))
s = Sprite(a, (0, 0)).sweep(Sprite(b, (0, 64)), (0, 100))
if s.hit is not None:
    at: tuple[int, int] = s.hit.at
spin = TransformedSprite(a, Transform(x=10.0, y=10.0, rotation=30.0))
touching: bool = spin.collides(TransformedSprite(b, Transform(0.0, 0.0)))
for poly in a.polygons():
    ring: list[tuple[float, float]] = list(poly.outer)
world = World()
body = world.create_body(a, (0, 0), user_data="player")
other = world.create_body(b, (10, 10), kind="static")
events = world.update()
for pair in events.begins:
    first: perpixel.BodyId = pair.a
ray = world.raycast((0, 0), (1, 0), 100)
if ray is not None and ray.normal is not None:
    nx, ny = ray.normal.x, ray.normal.y
c = world.contact(body, other)
pushed = c.push_out.dx if c.push_out is not None else 0
'''


def test_the_package_type_checks_strictly(tmp_path):
    """``mypy --strict`` on the package's Python files, its stubs and a client using the
    API as a game would: the stubs say what the native module takes and gives."""
    import subprocess
    import sys

    client = tmp_path / "client.py"
    client.write_text(CLIENT)
    # `-p perpixel`: the package where it is installed (a wheel in site-packages or an
    # editable build), its .py files and its stub checked as a package; then the client
    # against it.
    # The private `_surface` (pygame's pixel rules, on untyped pygame objects) is exempt
    # from strict's annotation rules; every public module and the stub are not.
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\n\n[mypy-perpixel._surface]\n"
                      "disallow_untyped_defs = False\ndisallow_untyped_calls = False\n"
                      "disallow_incomplete_defs = False\n")
    for target in (["-p", "perpixel"], [str(client)]):
        out = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(config), "--no-incremental",
             "--cache-dir", str(tmp_path / "cache"), *target],
            capture_output=True, text=True, cwd=tmp_path)
        print(" ".join(target), "->", out.stdout.strip().splitlines()[-1]
              if out.stdout.strip() else out.stderr)
        assert out.returncode == 0, out.stdout + out.stderr

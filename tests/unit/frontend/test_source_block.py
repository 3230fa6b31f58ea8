"""A kernel's source block is found by indentation where that is plain, and is always
what `inspect.getsourcelines` finds (asc_xdsl/frontend/kernel_source.py)."""

from __future__ import annotations

import inspect
import textwrap

import pytest

from asc_xdsl.frontend.kernel_source import source_block

CASES = {
    "plain": """
        def f(a, b):
            c = a + b

            return c
        x = 1
    """,
    "decorated": """
        @decorate(
            option=True,
        )
        @other
        def f(a):
            return a
    """,
    "string reaching column 0": '''
        def f():
            s = """
        text at column 0
        """
            return s
        y = 2
    ''',
    "bracket reaching column 0": """
        def f():
            t = (1,
        2)
            return t
    """,
    "comment at column 0 inside": """
        def f():
            a = 1
        # a comment at column 0
            return a
    """,
    "trailing comment indented as the body": """
        def f():
            return 1
            # kept by inspect

        z = 3
    """,
    "trailing comment at column 0": """
        def f():
            return 1
        # not part of f
        z = 3
    """,
    "one line": """
        def f(): return 1
        z = 3
    """,
    "nested": """
        class C:
            def f(self):
                def g():
                    return 1
                return g()
            def h(self):
                pass
    """,
    "signature closed at the def's column": """
        def f(
            a: int,
            b: int,
        ) -> int:
            return a + b
        w = 4
    """,
    "tabs": "def f():\n\treturn 1\nz = 3\n",
    "at the end of the file": """
        def f():
            return 1""",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_block_is_inspects(name: str, tmp_path) -> None:
    text = CASES[name]
    text = text if "\t" in text else textwrap.dedent(text).lstrip("\n")
    path = tmp_path / "kernels.py"
    path.write_text(text)
    code = compile(text, str(path), "exec")
    functions = [c for c in code.co_consts if inspect.iscode(c)]
    for outer in list(functions):  # (methods and nested functions too)
        functions += [c for c in outer.co_consts if inspect.iscode(c)]
        for inner in [c for c in outer.co_consts if inspect.iscode(c)]:
            functions += [c for c in inner.co_consts if inspect.iscode(c)]
    assert functions
    for fn in functions:
        lines, first, tree = source_block(fn)
        assert (lines, first) == inspect.getsourcelines(fn), fn.co_name
        if tree is not None:  # (found by indentation: the parse of the block)
            assert tree.body[0].name == fn.co_name


@pytest.mark.parametrize(
    ("name", "length"), [("decorated", 6), ("signature closed at the def's column", 5)]
)
def test_plain_blocks_are_found_by_indentation(name: str, length: int, tmp_path) -> None:
    path = tmp_path / "kernels.py"
    path.write_text(textwrap.dedent(CASES[name]).lstrip("\n"))
    code = compile(path.read_text(), str(path), "exec")
    (fn,) = [c for c in code.co_consts if inspect.iscode(c)]
    lines, first, tree = source_block(fn)
    assert tree is not None and first == 1 and len(lines) == length


G = 0


def _binds_everything(a, b=1):  # (a sample, never called)
    global G
    G = a
    x, (y, z) = a, (b, 2)
    w: int
    squares = [i * i for i in range(a) if (kept := i)]
    for k in range(3):
        del k
    try:
        pass
    except ValueError as err:
        print(err)
    import os.path as alias

    class Inner:
        field = 1

    def nested(q):
        nonlocal x
        inside = q
        return inside

    lam = lambda p: (r := p)  # noqa: E731, F841
    return x, y, z, squares, kept, alias, Inner, nested, lam, w  # noqa: F821


def test_bound_names_cover_every_name_the_tree_assigns() -> None:
    """`FunctionSource.bound_names` (from the code objects) holds every name the AST
    assigns anywhere (what `codegen._assigned_names` finds by walking it): the quick
    "no" the code generator asks first never hides an assignment."""
    import ast
    import inspect
    import textwrap

    from asc_xdsl.frontend.codegen import _assigned_names
    from asc_xdsl.frontend.kernel_source import FunctionSource

    lines, first = inspect.getsourcelines(_binds_everything)
    tree = ast.parse(textwrap.dedent("".join(lines))).body[0]
    assert isinstance(tree, ast.FunctionDef)
    source = FunctionSource(_binds_everything, tree, __file__, first, lines, 0)
    assigned = _assigned_names(source)
    assert assigned <= source.bound_names
    assert {"G", "x", "y", "z", "w", "i", "kept", "k", "err", "alias", "Inner"} <= assigned
    assert {"field", "inside", "r", "nested", "lam"} <= assigned
    # without `global`, the names a function only reads are not among them
    plain = FunctionSource(_reads, _reads_tree(), __file__, 1, [], 0)
    assert {"n", "total"} <= plain.bound_names
    assert not {"range", "print", "G"} & plain.bound_names


def _reads(n):  # (a sample, never called)
    total = G
    for _ in range(n):
        print(total)
    return total


def _reads_tree():
    import ast

    lines, _ = inspect.getsourcelines(_reads)
    return ast.parse(textwrap.dedent("".join(lines))).body[0]


def test_the_opcode_table_reads_each_opcode_as_its_kind() -> None:
    """`kernel_source._KINDS` (what `_shape` does with each opcode) is `dis`'s opcode
    lists taken in `_shape`'s order: dropped, EXTENDED_ARG, a name, a local or cell, a
    constant, a jump, else the argument itself."""
    import dis

    from asc_xdsl.frontend import kernel_source as ks

    def kind(op: int) -> int:
        if op in ks._DROPPED:
            return ks._DROP
        if op == ks._EXTENDED_ARG:
            return ks._EXTEND
        if op in dis.hasname:
            return ks._NAME
        if op in dis.hasfree or op in dis.haslocal:
            return ks._LOCAL
        if op in dis.hasconst:
            return ks._CONST
        return ks._JUMP if op in ks._JUMPS else ks._ARG

    assert tuple(kind(op) for op in range(256)) == ks._KINDS


MODULE_TEXT = """\
import os
import os.path as osp
from textwrap import dedent


def helper(x):
    return x


def keep(f):
    return f


@keep
def uses(a):
    b = os.getcwd()
    c = osp.join(a, b)
    return dedent(c) + helper(a) + str(len(b))
"""


def _module(tmp_path, text: str):
    """`text` imported as a module from a file (its functions' code as Python made it)."""
    import importlib.util

    path = tmp_path / "same_code_module.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("same_code_module", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, path


def test_a_module_level_function_is_its_module_s_code_again(tmp_path) -> None:
    """`kernel_source._same_code`: a function of a module, its block compiled where it
    stands with the names it reads that were imported bound by an import, gives the very
    code object Python made (the calls on imported modules load attributes, as in the
    module); the vector add's four functions too."""
    import sys

    from asc_xdsl.frontend.kernel_source import _same_code, code_mismatch, snapshot

    module, path = _module(tmp_path, MODULE_TEXT)
    for fn in (module.helper, module.uses):
        lines, first, tree = source_block(fn, snapshot(fn))
        text = "".join(lines)
        assert _same_code(fn.__code__, text, first, str(path), fn.__globals__)
        assert code_mismatch(fn.__code__, text, tree, first, str(path), fn.__globals__) is None
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parents[3] / "examples"))
    try:
        import vector_add
    finally:
        sys.path.pop(0)
    for jf in (vector_add.vadd_kernel, vector_add.copy_in, vector_add.compute):
        fn = jf.fn
        lines, first, _ = source_block(fn, snapshot(fn))
        assert _same_code(
            fn.__code__, "".join(lines), first, fn.__code__.co_filename, fn.__globals__
        )


def test_a_changed_text_is_not_the_same_code_and_is_reported(tmp_path) -> None:
    """A text that compiles to other code (a constant, an operator, a line moved) is not
    `_same_code`, and `code_mismatch` (its slower comparison) says how it differs; a
    method (indented) or a closure is left to that comparison, which accepts it."""
    import ast

    from asc_xdsl.frontend.kernel_source import _same_code, code_mismatch

    module, path = _module(tmp_path, MODULE_TEXT)
    fn = module.uses
    first = fn.__code__.co_firstlineno
    lines, _, _ = source_block(fn)
    text = "".join(lines)
    for edited in (
        text.replace("str(len(b))", "str(len(a))"),
        text.replace(") + helper", ") - helper"),
        text.replace("def uses(a):", "def uses(a):\n"),
    ):
        assert not _same_code(fn.__code__, edited, first, str(path), fn.__globals__)
        tree = ast.parse(edited)
        assert code_mismatch(fn.__code__, edited, tree, first, str(path), fn.__globals__)
    # without the module's globals, and for an indented block, the slower path decides
    tree = ast.parse(text)
    assert code_mismatch(fn.__code__, text, tree, first, str(path)) is None
    assert not _same_code(fn.__code__, "    " + text, first, str(path), fn.__globals__)

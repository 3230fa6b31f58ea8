"""`structured.may_jump`: a function whose text has none of `break`, `continue` and
`return` is left as it is by `lower_jumps`, so the JIT skips the walk; one that has
them is rewritten."""

from __future__ import annotations

import ast
import textwrap

import pytest

from asc_xdsl.frontend.structured import lower_jumps, may_jump

WITHOUT = {
    "loops": """
        def f(n, x):
            total = 0
            for i in range(n):
                for j in range(i):
                    total = total + j
            k = 0
            while k < n:
                k = k + 1
            x[0] = total
    """,
    "branches": """
        def f(n, x):
            if n > 2:
                x[0] = 1
            elif n > 1:
                x[0] = 2
            else:
                x[1] = 3
    """,
}

WITH = {
    "break": """
        def f(n, x):
            for i in range(n):
                if i > 3:
                    break
                x[i] = i
    """,
    "continue": """
        def f(n, x):
            for i in range(n):
                if i == 2:
                    continue
                x[i] = i
    """,
    "early return": """
        def f(n, x):
            if n > 2:
                return 1
            x[0] = 3
            return 2
    """,
}


def _tree(text: str) -> ast.FunctionDef:
    fdef = ast.parse(textwrap.dedent(text)).body[0]
    assert isinstance(fdef, ast.FunctionDef)
    return fdef


@pytest.mark.parametrize("name", sorted(WITHOUT))
def test_a_function_without_the_words_is_left_as_it_is(name: str) -> None:
    text = WITHOUT[name]
    assert not may_jump(text)
    before = ast.dump(_tree(text), include_attributes=True)
    assert ast.dump(lower_jumps(_tree(text)), include_attributes=True) == before


@pytest.mark.parametrize("name", sorted(WITH))
def test_a_function_that_jumps_is_rewritten(name: str) -> None:
    text = WITH[name]
    assert may_jump(text)
    assert ast.dump(lower_jumps(_tree(text))) != ast.dump(_tree(text))


def test_the_words_in_a_comment_or_string_only_cost_the_walk() -> None:
    """`may_jump` reads words, not statements: a comment naming `break` costs the walk,
    which then changes nothing."""
    text = """
        def f(x):
            # no break here
            x[0] = 1
    """
    assert may_jump(text)
    assert ast.dump(lower_jumps(_tree(text))) == ast.dump(_tree(text))

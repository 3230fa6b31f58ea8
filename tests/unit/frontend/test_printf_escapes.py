"""printf formats take C escapes as pyasc's do (pyasc pastes the format between quotes in
the C++ it prints): the simulator prints what C prints, the emitted C++ literal means the
same bytes, and no format can end the literal early."""

import re
import shutil
import subprocess

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.backends.ascendc.cpp_types import c_string
from asc_xdsl.dialects.ascendc.debug import c_unescape
from asc_xdsl.frontend.errors import CompileError

# (the Python text a pyasc user writes, what C makes of it)
C_ESCAPES = [
    ("done\\n", "done\n"),
    ("a\\tb\\n", "a\tb\n"),
    ("back\\\\slash\\n", "back\\slash\n"),
    ('say \\"hi\\"\\n', 'say "hi"\n'),
    ("\\'\\?\\a\\b\\f\\v\\r", "'?\a\b\f\v\r"),
    ("\\101\\102C \\60\\0601", "ABC 001"),  # octal takes at most three digits
    ("\\x41\\x4a\\x4B!", "AJK!"),
    ("\\303\\274 \\xc3\\xa9 \\u00e9 \\U0001F600", "ü é é \U0001f600"),
    ("real\nnewline\tand tab", "real\nnewline\tand tab"),  # Python's own escapes stand
    ('a bare " quote', 'a bare " quote'),
    ("100%% \\045d \\x25i", "100%% %d %i"),  # an escaped % is a conversion, as in C
    ("no escapes", "no escapes"),
]


@pytest.mark.parametrize(("text", "meant"), C_ESCAPES)
def test_c_unescape_reads_the_text_as_c_does(text, meant):
    assert c_unescape(text) == meant


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ends in \\", r"a lone backslash ends the format \(offset 8\)"),
        ("\\q", r"\\q is no C escape \(offset 0\)"),
        ("\\8", r"\\8 is no C escape"),
        ("\\xg", r"\\x needs hex digits"),
        ("\\x100", "out of a byte's range"),
        ("\\777", "out of a byte's range"),
        ("\\u12", "needs 4 hex digits"),
        ("\\ud800", "is no Unicode character"),
        ("\\xff", "not UTF-8"),
        ("cut\\0here", "holds a NUL at offset 3"),
        ("cut\0here", "holds a NUL at offset 3"),
    ],
)
def test_c_unescape_refuses_what_c_refuses_or_would_cut(text, message):
    with pytest.raises(ValueError, match=message):
        c_unescape(text)


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a host C compiler")
def test_the_emitted_literal_means_what_pyasc_s_literal_means(tmp_path):
    """A C compiler reads pyasc's literal (the text between quotes) and ours (`c_string`
    of the decoded text) as the same bytes; a format that would close pyasc's literal
    stays inside ours."""
    # pasted as pyasc does, a real newline or a bare quote would break its literal
    cases = [text for text, _ in C_ESCAPES if not re.search(r'[\n\t]|(?<!\\)"', text)]
    lines = [
        "#include <stdio.h>",
        "static void hex(const char *s) {",
        '  while (*s) printf("%02x", (unsigned char)*s++);',
        "  putchar('\\n');",
        "}",
        "int main(void) {",
    ]
    for text in cases:
        lines.append(f'  hex({c_string(c_unescape(text))}); hex("{text}");')
    escape_attempt = '"); evil(); hex("'
    lines.append(f"  hex({c_string(c_unescape(escape_attempt))});")
    lines += ["  return 0;", "}"]
    (tmp_path / "lit.c").write_text("\n".join(lines) + "\n")
    subprocess.run(["cc", "-w", "-o", str(tmp_path / "lit"), str(tmp_path / "lit.c")], check=True)
    rows = subprocess.run(
        [tmp_path / "lit"], capture_output=True, text=True, check=True
    ).stdout.split()
    for i, text in enumerate(cases):
        assert rows[2 * i] == rows[2 * i + 1], text
        assert bytes.fromhex(rows[2 * i]) == c_unescape(text).encode()
    assert bytes.fromhex(rows[-1]) == escape_attempt.encode()


@asc.jit
def print_escapes(x: asc.GlobalAddress, n: int):
    asc.printf("n=%d\\tdone\\n", n)
    asc.printf('quote \\" backslash \\\\ octal \\101 hex \\x42 end\\n')
    asc.printf('bare " and a last backslash \\\\')
    asc.printf(f"f-string {n}\\n")


def test_simulator_prints_what_c_prints(capsys):
    x = np.zeros(8, np.float32)
    print_escapes[1](x, 7)
    out = capsys.readouterr().out
    assert "] n=7\tdone\n" in out
    assert '] quote " backslash \\ octal A hex B end\n' in out
    assert '] bare " and a last backslash \\' in out
    assert "f-string 7\n" in out
    assert "\\n" not in out


def test_emitted_cpp_keeps_the_escapes_inside_one_literal():
    x = np.zeros(8, np.float32)
    cpp = print_escapes.compile(x, 7, always_compile=True).asm["ascendc"]
    assert 'AscendC::printf("n=%d\\tdone\\n", n);' in cpp
    assert 'AscendC::printf("quote \\" backslash \\\\ octal A hex B end\\n");' in cpp
    assert 'AscendC::printf("bare \\" and a last backslash \\\\");' in cpp


@asc.jit
def print_lone_backslash(x: asc.GlobalAddress):
    asc.printf("trailing \\")


@asc.jit
def print_unknown_escape(x: asc.GlobalAddress):
    asc.printf("50\\% off")


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (print_lone_backslash, "a lone backslash ends the format"),
        (print_unknown_escape, r"\\% is no C escape"),
    ],
)
def test_bad_escapes_are_located_compile_errors(kernel, message):
    with pytest.raises(CompileError, match=message) as info:
        kernel.compile(np.zeros(8, np.float32), always_compile=True)
    assert "test_printf_escapes.py" in str(info.value)
    assert "asc.printf(" in str(info.value)


def test_the_verifier_refuses_a_nul_in_the_format():
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.dialects.ascendc.debug import PrintfOp

    with pytest.raises(VerifyException, match="holds a NUL character"):
        PrintfOp("cut\0here").verify()

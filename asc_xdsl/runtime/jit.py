"""pyasc's `asc.runtime.jit`: the `@jit` decorator, `JITFunction`, and the mock
arguments of compile-only tests.

    data = MockTensor(asc.float16)       # compiles as a GM pointer to float16
    kernel[1](data, MockValue(asc.int32)) # with the launch mocked: IR and Ascend C only

The compiler itself is `asc_xdsl.frontend.jit`.
"""

from asc_xdsl.frontend.jit import ConstExpr, JITFunction, MockTensor, MockValue, jit

__all__ = ["ConstExpr", "JITFunction", "MockTensor", "MockValue", "jit"]

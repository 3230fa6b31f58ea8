"""pyasc's `asc.adv` (`asc.language.adv`): the advanced APIs, made from the op specs
whose Python name is in the `adv` namespace (`adv_math.py`, `adv_misc.py`, ...)."""

from asc_xdsl.language.spec_functions import spec_functions as _spec_functions

_SPEC_FUNCTIONS = _spec_functions("adv")
globals().update(_SPEC_FUNCTIONS)

__all__ = [*_SPEC_FUNCTIONS]

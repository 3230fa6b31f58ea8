"""The frontend's name for the kernel-language functions made from op specs
(`spec_functions`, `api_function`): defined in the language, in
`asc_xdsl.language.spec_forms`."""

from asc_xdsl.language.spec_forms import _Form, _form_doc, api_function, spec_functions

__all__ = ["_Form", "_form_doc", "api_function", "spec_functions"]

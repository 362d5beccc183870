"""The one shape of a malformed request's answer (422), whatever found it: pydantic at the
boundary, or a route that checks a field against the server's state (a profile it offers).

The body keeps ``detail``, the English sentences an API client or a log reads
("body.name: String should have at least 1 character"), and adds ``code`` ("invalid_fields"),
``params`` (``fields``: the bad fields' paths) and ``errors``: for each failure, ``field`` (its
path in the body, the URL or the query: ``["seats", 3, "name"]``), ``code`` (pydantic's error
``type``, such as ``string_too_short`` or ``greater_than_equal``, or this project's own,
``name_empty``, ``profile_not_for_game``…), ``params`` (what the failure names: ``min_length``,
``ge``, ``input``…), ``loc`` and ``msg`` (pydantic's). The pages word each one in their own
language with the field's own label (``fieldText`` in ``api/static/core.js``, ``invalid.<code>``
in ``api/static/i18n.js``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from fastapi.exceptions import RequestValidationError

from engine.errors import Refusal

#: Where a failing value came from: the first part of pydantic's ``loc``, left out of ``field``.
_SOURCES = frozenset({"body", "path", "query", "header", "cookie"})
#: The longest input text a failure names back (a name, a table's name); longer ones are left out.
_MAX_INPUT = 100


class Invalid(Refusal):
    """A request that names something this server does not take (a session name that is not
    one, a clip where there is no video): answered 422 with its code and params."""


def _plain(value: Any) -> bool:
    """A value a JSON body carries as it is: a number, a short text, a list of those."""
    if isinstance(value, float):
        return math.isfinite(value)  # NaN and the infinities are no JSON
    if isinstance(value, bool | int):
        return True
    if isinstance(value, str):
        return len(value) <= _MAX_INPUT
    if isinstance(value, list | tuple):
        return all(_plain(item) for item in value)
    return False


def _failure(error: dict[str, Any]) -> dict[str, Any]:
    """One of pydantic's errors as the body's ``errors`` names it."""
    loc = list(error.get("loc", ()))
    context = dict(error.get("ctx") or {})
    # the project's own validators put their code in the context (PydanticCustomError)
    code = context.pop("code", None) or error.get("type", "value_error")
    params = {key: value for key, value in context.items() if _plain(value)}
    if "input" not in params and _plain(error.get("input")):
        params["input"] = error["input"]
    field = loc[1:] if loc and loc[0] in _SOURCES else loc
    return {"loc": loc, "field": field, "msg": error.get("msg", ""), "code": code, "params": params}


def invalid_body(errors: Sequence[Any]) -> dict[str, Any]:
    """The 422 body of pydantic's ``errors`` (``RequestValidationError.errors()``)."""
    failures = [_failure(dict(error)) for error in errors]
    detail = "; ".join(f"{'.'.join(map(str, f['loc']))}: {f['msg']}" for f in failures)
    fields = [".".join(map(str, f["field"])) for f in failures]
    return {
        "detail": detail,
        "code": "invalid_fields",
        "params": {"fields": fields},
        "errors": failures,
    }


def field_error(
    field: Sequence[str | int], code: str, message: str, **params: Any
) -> RequestValidationError:
    """A failure of one field of the body found by a route, to raise: answered as pydantic's."""
    return RequestValidationError(
        [{"type": code, "loc": ("body", *field), "msg": message, "input": None, "ctx": params}]
    )

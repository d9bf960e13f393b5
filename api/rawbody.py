"""Request parsing for the hot routes (publish) that skip FastAPI's dependency layer: the same
checks, and the same RequestValidationError, as a route with a body model and a header
parameter, so they leave the API as the same problem+json."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from hookline.json_text import decode

M = TypeVar("M", bound=BaseModel)


def parse_body(model: type[M], body: bytes, content_type: str | None,
               errors: list[dict[str, Any]]) -> M | None:
    """The model, or None with the reasons appended to `errors` (located as FastAPI does).
    A body `jsonbody.decode` refuses for more than its syntax raises its DomainError."""
    if not body:
        errors.append({"type": "missing", "loc": ("body",), "msg": "Field required",
                       "input": None})
        return None
    try:
        # from_attributes: the mode FastAPI validates bodies in, so the messages match too
        return model.model_validate(decode(body, content_type), from_attributes=True)
    except json.JSONDecodeError as exc:
        errors.append({"type": "json_invalid", "loc": ("body", exc.pos),
                       "msg": "JSON decode error", "input": {}, "ctx": {"error": exc.msg}})
    except ValidationError as exc:
        errors.extend({**e, "loc": ("body", *e["loc"])} for e in exc.errors())
    return None


def short_header(name: str, value: str | None, max_length: int,
                 errors: list[dict[str, Any]]) -> str | None:
    if value is not None and len(value) > max_length:
        errors.append({"type": "string_too_long", "loc": ("header", name),
                       "msg": f"String should have at most {max_length} characters",
                       "input": value, "ctx": {"max_length": max_length}})
        return None
    return value


def request_body_doc(model: type[BaseModel]) -> dict[str, Any]:
    """`openapi_extra` documenting a JSON body a route reads itself."""
    schema = model.model_json_schema(by_alias=True)
    return {"requestBody": {"required": True,
                            "content": {"application/json": {"schema": schema}}}}

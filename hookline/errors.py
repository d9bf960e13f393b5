"""Domain errors. Each carries its HTTP status and problem type; api/errors.py renders them."""

from __future__ import annotations

from typing import Any

PROBLEM_BASE = "https://hookline.dev/problems/"


class DomainError(Exception):
    status: int = 400
    slug: str = "bad-request"
    title: str = "Bad request"

    def __init__(
        self,
        detail: str | None = None,
        *,
        title: str | None = None,
        slug: str | None = None,
        errors: list[dict[str, str]] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(detail or self.title)
        self.detail = detail
        if title:
            self.title = title
        if slug:
            self.slug = slug
        self.errors = errors
        self.headers = headers or {}

    @property
    def type_uri(self) -> str:
        return PROBLEM_BASE + self.slug

    def body(self, instance: str | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {
            "type": self.type_uri,
            "title": self.title,
            "status": self.status,
            "detail": self.detail or self.title,
            "instance": instance,
        }
        if self.errors is not None:
            body["errors"] = self.errors
        return body


class Unauthorized(DomainError):
    status, slug, title = 401, "unauthorized", "Authentication required"


class PlanLimitReached(DomainError):
    status, slug, title = 402, "plan-limit", "Plan limit reached"


class Forbidden(DomainError):
    status, slug, title = 403, "forbidden", "Forbidden"


class NotFound(DomainError):
    status, slug, title = 404, "not-found", "Not found"


class MethodNotAllowed(DomainError):
    status, slug, title = 405, "method-not-allowed", "Method not allowed"


class Conflict(DomainError):
    status, slug, title = 409, "conflict", "Conflict"


class PayloadErased(Conflict):
    """A retry or replay of an Event or Message whose payload was erased."""

    slug, title = "payload-erased", "Payload erased"

    def __init__(self, what: str, item_id: str) -> None:
        super().__init__(f"the payload of {what} {item_id} was erased; there is nothing "
                         "to send")


class PayloadTooLarge(DomainError):
    status, slug, title = 413, "payload-too-large", "Payload too large"


class UnsupportedMediaType(DomainError):
    status, slug, title = 415, "unsupported-media-type", "Unsupported media type"


class ValidationFailed(DomainError):
    status, slug, title = 422, "validation", "Validation failed"

    def __init__(self, detail: str, *, field: str | None = None,
                 errors: list[dict[str, str]] | None = None, **kwargs: Any) -> None:
        if errors is None:
            errors = [{"field": field or "", "message": detail}]
        super().__init__(detail, errors=errors, **kwargs)


class RateLimited(DomainError):
    status, slug, title = 429, "rate-limited", "Too many requests"


class Unavailable(DomainError):
    status, slug, title = 503, "unavailable", "Service unavailable"


def invalid(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(f"{field}: {message}", field=field)

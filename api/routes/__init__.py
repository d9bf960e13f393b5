"""One router per resource; ROUTERS is the order they are mounted in."""

from fastapi import APIRouter

from api.routes import consumers, event_types, health

ROUTERS: list[APIRouter] = [health.router, consumers.router, event_types.router]

"""The provider catalogue: what each provider signs, its settings, its event id."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import AuthDep
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS
from api.schemas.sources import ProviderOut
from hookline.providers import catalogue

router = APIRouter(prefix="/v1/ingest/providers", tags=["providers"],
                   responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


@router.get("", response_model=list[ProviderOut])
def list_providers(auth: AuthDep) -> list[ProviderOut]:
    return [ProviderOut.model_validate(row) for row in catalogue.rows()]

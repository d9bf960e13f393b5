"""The provider catalogue: what each provider signs, its settings, its event id."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import AuthDep
from api.jsonbody import JSONRoute
from api.schemas.common import COMMON_PROBLEMS
from api.schemas.sources import ConfigFieldOut, ProviderOut
from hookline.providers.base import Provider
from hookline.providers.registry import PROVIDERS
from hookline.services.ingest import stripped_headers

router = APIRouter(prefix="/v1/ingest/providers", tags=["ingestion"],
                   responses=COMMON_PROBLEMS,
                   route_class=JSONRoute)


def _out(provider: Provider) -> ProviderOut:
    return ProviderOut(
        code=provider.code, name=provider.name, scheme=provider.scheme,
        needs_secret=provider.needs_secret,
        config_fields=[ConfigFieldOut(name=f.name, description=f.description,
                                      required=f.required) for f in provider.config_fields],
        event_id_location=provider.event_id_location,
        stripped_headers=stripped_headers(provider))


@router.get("", response_model=list[ProviderOut])
def list_providers(auth: AuthDep) -> list[ProviderOut]:
    return [_out(p) for p in PROVIDERS.values()]

from enum import StrEnum

class EndpointPatchInSignatureHeadersType0(StrEnum):
    SVIX = "svix"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class EndpointCreatedSignatureheaders(StrEnum):
    SVIX = "svix"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class EndpointOutSignatureheaders(StrEnum):
    SVIX = "svix"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class EndpointInSignatureSchemeType0(StrEnum):
    V1 = "v1"
    V1A = "v1a"

    def __str__(self) -> str:
        return str(self.value)

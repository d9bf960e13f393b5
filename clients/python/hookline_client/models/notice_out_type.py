from enum import StrEnum

class NoticeOutType(StrEnum):
    DIGEST = "digest"
    ENDPOINT_DISABLED = "endpoint.disabled"
    ENDPOINT_FAILING = "endpoint.failing"
    ENDPOINT_RECOVERED = "endpoint.recovered"

    def __str__(self) -> str:
        return str(self.value)

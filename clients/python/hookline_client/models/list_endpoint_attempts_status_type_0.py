from enum import StrEnum

class ListEndpointAttemptsStatusType0(StrEnum):
    FAILED = "failed"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)

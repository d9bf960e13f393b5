from enum import StrEnum

class ListMessagesVerificationType0(StrEnum):
    FAILED = "failed"
    NOT_CONFIGURED = "not_configured"
    SKIPPED = "skipped"
    VERIFIED = "verified"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class RecoveryOutStatusesItem(StrEnum):
    CANCELLED = "cancelled"
    EXHAUSTED = "exhausted"

    def __str__(self) -> str:
        return str(self.value)

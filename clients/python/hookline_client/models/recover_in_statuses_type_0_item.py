from enum import StrEnum

class RecoverInStatusesType0Item(StrEnum):
    CANCELLED = "cancelled"
    EXHAUSTED = "exhausted"

    def __str__(self) -> str:
        return str(self.value)

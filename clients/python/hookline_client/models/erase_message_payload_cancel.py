from enum import StrEnum

class EraseMessagePayloadCancel(StrEnum):
    FALSE = "false"
    TRUE = "true"

    def __str__(self) -> str:
        return str(self.value)

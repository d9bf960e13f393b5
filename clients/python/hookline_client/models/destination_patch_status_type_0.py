from enum import StrEnum

class DestinationPatchStatusType0(StrEnum):
    DISABLED = "disabled"
    ENABLED = "enabled"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class EndpointOutStatus(StrEnum):
    DISABLEDAUTOMATICALLY = "DisabledAutomatically"
    DISABLEDMANUALLY = "DisabledManually"
    ENABLED = "Enabled"

    def __str__(self) -> str:
        return str(self.value)

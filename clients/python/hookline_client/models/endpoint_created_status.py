from enum import StrEnum

class EndpointCreatedStatus(StrEnum):
    DISABLEDAUTOMATICALLY = "DisabledAutomatically"
    DISABLEDMANUALLY = "DisabledManually"
    ENABLED = "Enabled"

    def __str__(self) -> str:
        return str(self.value)

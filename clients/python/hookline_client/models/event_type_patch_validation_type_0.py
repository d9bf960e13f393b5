from enum import StrEnum

class EventTypePatchValidationType0(StrEnum):
    ENFORCE = "enforce"
    OFF = "off"
    WARN = "warn"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class RecoveryOutStatus(StrEnum):
    CANCELLED = "cancelled"
    DONE = "done"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)

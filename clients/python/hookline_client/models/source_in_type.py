from enum import StrEnum

class SourceInType(StrEnum):
    CRON = "cron"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)

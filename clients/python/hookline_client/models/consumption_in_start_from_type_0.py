from enum import StrEnum

class ConsumptionInStartFromType0(StrEnum):
    EARLIEST = "earliest"
    LATEST = "latest"

    def __str__(self) -> str:
        return str(self.value)

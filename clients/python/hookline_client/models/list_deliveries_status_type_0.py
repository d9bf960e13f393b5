from enum import StrEnum

class ListDeliveriesStatusType0(StrEnum):
    CANCELLED = "cancelled"
    DELIVERED = "delivered"
    EXHAUSTED = "exhausted"
    HELD = "held"
    PENDING = "pending"
    PROCESSING = "processing"
    RETRYING = "retrying"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class SourceInType(StrEnum):
    AMQP = "amqp"
    CRON = "cron"
    KAFKA = "kafka"
    SQS = "sqs"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)

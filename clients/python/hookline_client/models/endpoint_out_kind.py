from enum import StrEnum

class EndpointOutKind(StrEnum):
    AMQP = "amqp"
    EVENTBRIDGE = "eventbridge"
    HTTP = "http"
    KAFKA = "kafka"
    KINESIS = "kinesis"
    POLLING = "polling"
    S3 = "s3"
    SNS = "sns"
    SQS = "sqs"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class EnvironmentOutTargetKindsItem(StrEnum):
    AMQP = "amqp"
    EVENTBRIDGE = "eventbridge"
    HTTP = "http"
    KAFKA = "kafka"
    KINESIS = "kinesis"
    S3 = "s3"
    SNS = "sns"
    SQS = "sqs"

    def __str__(self) -> str:
        return str(self.value)

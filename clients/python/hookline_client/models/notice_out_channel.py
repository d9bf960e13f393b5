from enum import StrEnum

class NoticeOutChannel(StrEnum):
    EMAIL = "email"
    SLACK = "slack"
    TEAMS = "teams"

    def __str__(self) -> str:
        return str(self.value)

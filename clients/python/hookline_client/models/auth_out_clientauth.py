from enum import StrEnum

class AuthOutClientauth(StrEnum):
    BASIC = "basic"
    POST = "post"
    PRIVATE_KEY_JWT = "private_key_jwt"

    def __str__(self) -> str:
        return str(self.value)

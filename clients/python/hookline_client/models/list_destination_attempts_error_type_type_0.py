from enum import StrEnum

class ListDestinationAttemptsErrorTypeType0(StrEnum):
    BLOCKED_URL = "blocked_url"
    BROKER_AUTH = "broker_auth"
    BROKER_REFUSED = "broker_refused"
    BROKER_UNREACHABLE = "broker_unreachable"
    CIRCUIT_OPEN = "circuit_open"
    CONNECTION = "connection"
    DNS = "dns"
    HTTP_STATUS = "http_status"
    MAIL_REFUSED = "mail_refused"
    NOT_POLLED = "not_polled"
    OAUTH = "oauth"
    PROXY = "proxy"
    TIMEOUT = "timeout"
    TLS = "tls"
    TRANSFORMATION = "transformation"

    def __str__(self) -> str:
        return str(self.value)

""" Contains all the data models used in inputs/outputs """

from .accepted import Accepted
from .attempt_out import AttemptOut
from .auth_in import AuthIn
from .auth_in_clientauth import AuthInClientauth
from .auth_out import AuthOut
from .auth_out_clientauth import AuthOutClientauth
from .batch import Batch
from .commit_in import CommitIn
from .commit_out import CommitOut
from .config_field_out import ConfigFieldOut
from .consumer_in import ConsumerIn
from .consumer_out import ConsumerOut
from .consumer_patch import ConsumerPatch
from .consumption_in import ConsumptionIn
from .consumption_in_start_from_type_0 import ConsumptionInStartFromType0
from .consumption_out import ConsumptionOut
from .contacts import Contacts
from .contacts_out import ContactsOut
from .credentials_in import CredentialsIn
from .credentials_in_mechanism_type_0 import CredentialsInMechanismType0
from .credentials_out import CredentialsOut
from .delivery_counts import DeliveryCounts
from .delivery_out import DeliveryOut
from .destination_created import DestinationCreated
from .destination_created_circuit import DestinationCreatedCircuit
from .destination_created_customheaders import DestinationCreatedCustomheaders
from .destination_created_signaturescheme import DestinationCreatedSignaturescheme
from .destination_in import DestinationIn
from .destination_in_headers_type_0 import DestinationInHeadersType0
from .destination_in_signaturescheme import DestinationInSignaturescheme
from .destination_out import DestinationOut
from .destination_out_circuit import DestinationOutCircuit
from .destination_out_customheaders import DestinationOutCustomheaders
from .destination_out_signaturescheme import DestinationOutSignaturescheme
from .destination_patch import DestinationPatch
from .destination_patch_headers_type_0 import DestinationPatchHeadersType0
from .destination_patch_status_type_0 import DestinationPatchStatusType0
from .endpoint_created import EndpointCreated
from .endpoint_created_circuit import EndpointCreatedCircuit
from .endpoint_created_customheaders import EndpointCreatedCustomheaders
from .endpoint_created_kind import EndpointCreatedKind
from .endpoint_created_signatureheaders import EndpointCreatedSignatureheaders
from .endpoint_created_signaturescheme import EndpointCreatedSignaturescheme
from .endpoint_created_status import EndpointCreatedStatus
from .endpoint_in import EndpointIn
from .endpoint_in_headers_type_0 import EndpointInHeadersType0
from .endpoint_in_kind_type_0 import EndpointInKindType0
from .endpoint_in_signature_scheme_type_0 import EndpointInSignatureSchemeType0
from .endpoint_in_signatureheaders import EndpointInSignatureheaders
from .endpoint_out import EndpointOut
from .endpoint_out_circuit import EndpointOutCircuit
from .endpoint_out_customheaders import EndpointOutCustomheaders
from .endpoint_out_kind import EndpointOutKind
from .endpoint_out_signatureheaders import EndpointOutSignatureheaders
from .endpoint_out_signaturescheme import EndpointOutSignaturescheme
from .endpoint_out_status import EndpointOutStatus
from .endpoint_patch_in import EndpointPatchIn
from .endpoint_patch_in_signature_headers_type_0 import EndpointPatchInSignatureHeadersType0
from .endpoint_patch_in_status_type_0 import EndpointPatchInStatusType0
from .endpoint_test_result import EndpointTestResult
from .environment_out import EnvironmentOut
from .environment_out_target_kinds_item import EnvironmentOutTargetKindsItem
from .environment_patch import EnvironmentPatch
from .environment_patch_target_kinds_type_0_item import EnvironmentPatchTargetKindsType0Item
from .erase_event_payload_cancel import EraseEventPayloadCancel
from .erase_message_payload_cancel import EraseMessagePayloadCancel
from .event_detail import EventDetail
from .event_out import EventOut
from .event_preview_in import EventPreviewIn
from .event_type_in import EventTypeIn
from .event_type_in_schema_type_0 import EventTypeInSchemaType0
from .event_type_in_validation import EventTypeInValidation
from .event_type_out import EventTypeOut
from .event_type_out_schema_type_0 import EventTypeOutSchemaType0
from .event_type_out_validation import EventTypeOutValidation
from .event_type_patch import EventTypePatch
from .event_type_patch_schema_type_0 import EventTypePatchSchemaType0
from .event_type_patch_validation_type_0 import EventTypePatchValidationType0
from .field_error import FieldError
from .headers_in import HeadersIn
from .headers_in_headers import HeadersInHeaders
from .healthz_response_healthz import HealthzResponseHealthz
from .http_validation_error import HTTPValidationError
from .lag_out import LagOut
from .last_failure import LastFailure
from .list_deliveries_error_type_type_0 import ListDeliveriesErrorTypeType0
from .list_deliveries_status_type_0 import ListDeliveriesStatusType0
from .list_destination_attempts_error_type_type_0 import ListDestinationAttemptsErrorTypeType0
from .list_destination_attempts_status_type_0 import ListDestinationAttemptsStatusType0
from .list_endpoint_attempts_error_type_type_0 import ListEndpointAttemptsErrorTypeType0
from .list_endpoint_attempts_status_type_0 import ListEndpointAttemptsStatusType0
from .list_events_status_type_0 import ListEventsStatusType0
from .list_messages_verification_type_0 import ListMessagesVerificationType0
from .mapping_in import MappingIn
from .mapping_out import MappingOut
from .matching import Matching
from .message_detail import MessageDetail
from .message_detail_headers import MessageDetailHeaders
from .message_item import MessageItem
from .message_preview_in import MessagePreviewIn
from .message_preview_in_headers_type_0 import MessagePreviewInHeadersType0
from .notice_delivery import NoticeDelivery
from .notice_out import NoticeOut
from .notice_out_channel import NoticeOutChannel
from .notice_out_type import NoticeOutType
from .notice_preview_in import NoticePreviewIn
from .notice_preview_in_type import NoticePreviewInType
from .notice_preview_out import NoticePreviewOut
from .notice_preview_out_email import NoticePreviewOutEmail
from .notice_preview_out_slack import NoticePreviewOutSlack
from .notice_preview_out_teams import NoticePreviewOutTeams
from .operational_endpoint_in import OperationalEndpointIn
from .operational_endpoint_in_headers_type_0 import OperationalEndpointInHeadersType0
from .operational_endpoint_in_signature_scheme_type_0 import OperationalEndpointInSignatureSchemeType0
from .operational_endpoint_in_signatureheaders import OperationalEndpointInSignatureheaders
from .ordering import Ordering
from .ordering_onexhausted import OrderingOnexhausted
from .page_attempt_out import PageAttemptOut
from .page_consumer_out import PageConsumerOut
from .page_delivery_out import PageDeliveryOut
from .page_event_out import PageEventOut
from .page_event_type_out import PageEventTypeOut
from .page_message_item import PageMessageItem
from .page_notice_out import PageNoticeOut
from .page_schema_version_out import PageSchemaVersionOut
from .poll_out import PollOut
from .poll_page import PollPage
from .poll_token_out import PollTokenOut
from .polled_message import PolledMessage
from .polled_message_headers import PolledMessageHeaders
from .portal_link_in import PortalLinkIn
from .portal_link_out import PortalLinkOut
from .portal_settings_in import PortalSettingsIn
from .portal_settings_out import PortalSettingsOut
from .preview_out import PreviewOut
from .preview_out_headers_type_0 import PreviewOutHeadersType0
from .problem import Problem
from .provider_out import ProviderOut
from .publish_in import PublishIn
from .publish_in_data import PublishInData
from .recover_in import RecoverIn
from .recover_in_statuses_type_0_item import RecoverInStatusesType0Item
from .recovery_out import RecoveryOut
from .recovery_out_status import RecoveryOutStatus
from .recovery_out_statuses_item import RecoveryOutStatusesItem
from .recovery_started import RecoveryStarted
from .replay_out import ReplayOut
from .retry_out import RetryOut
from .schema_error import SchemaError
from .schema_version_out import SchemaVersionOut
from .schema_version_out_schema import SchemaVersionOutSchema
from .secret_in import SecretIn
from .secret_in_signature_scheme_type_0 import SecretInSignatureSchemeType0
from .secret_out import SecretOut
from .seek_in import SeekIn
from .seek_out import SeekOut
from .set_endpoint_headers_response_set_endpoint_headers import SetEndpointHeadersResponseSetEndpointHeaders
from .skipped_out import SkippedOut
from .source_in import SourceIn
from .source_in_type import SourceInType
from .source_out import SourceOut
from .source_out_provider_config_type_0 import SourceOutProviderConfigType0
from .source_patch import SourcePatch
from .source_patch_provider_config_type_0 import SourcePatchProviderConfigType0
from .source_patch_status_type_0 import SourcePatchStatusType0
from .source_secret_in import SourceSecretIn
from .target_stats_out import TargetStatsOut
from .target_stats_out_attempts import TargetStatsOutAttempts
from .target_stats_out_deliveries import TargetStatsOutDeliveries
from .tls_in import TlsIn
from .tls_out import TlsOut
from .validation_error import ValidationError
from .validation_error_context import ValidationErrorContext

__all__ = (
    "Accepted",
    "AttemptOut",
    "AuthIn",
    "AuthInClientauth",
    "AuthOut",
    "AuthOutClientauth",
    "Batch",
    "CommitIn",
    "CommitOut",
    "ConfigFieldOut",
    "ConsumerIn",
    "ConsumerOut",
    "ConsumerPatch",
    "ConsumptionIn",
    "ConsumptionInStartFromType0",
    "ConsumptionOut",
    "Contacts",
    "ContactsOut",
    "CredentialsIn",
    "CredentialsInMechanismType0",
    "CredentialsOut",
    "DeliveryCounts",
    "DeliveryOut",
    "DestinationCreated",
    "DestinationCreatedCircuit",
    "DestinationCreatedCustomheaders",
    "DestinationCreatedSignaturescheme",
    "DestinationIn",
    "DestinationInHeadersType0",
    "DestinationInSignaturescheme",
    "DestinationOut",
    "DestinationOutCircuit",
    "DestinationOutCustomheaders",
    "DestinationOutSignaturescheme",
    "DestinationPatch",
    "DestinationPatchHeadersType0",
    "DestinationPatchStatusType0",
    "EndpointCreated",
    "EndpointCreatedCircuit",
    "EndpointCreatedCustomheaders",
    "EndpointCreatedKind",
    "EndpointCreatedSignatureheaders",
    "EndpointCreatedSignaturescheme",
    "EndpointCreatedStatus",
    "EndpointIn",
    "EndpointInHeadersType0",
    "EndpointInKindType0",
    "EndpointInSignatureheaders",
    "EndpointInSignatureSchemeType0",
    "EndpointOut",
    "EndpointOutCircuit",
    "EndpointOutCustomheaders",
    "EndpointOutKind",
    "EndpointOutSignatureheaders",
    "EndpointOutSignaturescheme",
    "EndpointOutStatus",
    "EndpointPatchIn",
    "EndpointPatchInSignatureHeadersType0",
    "EndpointPatchInStatusType0",
    "EndpointTestResult",
    "EnvironmentOut",
    "EnvironmentOutTargetKindsItem",
    "EnvironmentPatch",
    "EnvironmentPatchTargetKindsType0Item",
    "EraseEventPayloadCancel",
    "EraseMessagePayloadCancel",
    "EventDetail",
    "EventOut",
    "EventPreviewIn",
    "EventTypeIn",
    "EventTypeInSchemaType0",
    "EventTypeInValidation",
    "EventTypeOut",
    "EventTypeOutSchemaType0",
    "EventTypeOutValidation",
    "EventTypePatch",
    "EventTypePatchSchemaType0",
    "EventTypePatchValidationType0",
    "FieldError",
    "HeadersIn",
    "HeadersInHeaders",
    "HealthzResponseHealthz",
    "HTTPValidationError",
    "LagOut",
    "LastFailure",
    "ListDeliveriesErrorTypeType0",
    "ListDeliveriesStatusType0",
    "ListDestinationAttemptsErrorTypeType0",
    "ListDestinationAttemptsStatusType0",
    "ListEndpointAttemptsErrorTypeType0",
    "ListEndpointAttemptsStatusType0",
    "ListEventsStatusType0",
    "ListMessagesVerificationType0",
    "MappingIn",
    "MappingOut",
    "Matching",
    "MessageDetail",
    "MessageDetailHeaders",
    "MessageItem",
    "MessagePreviewIn",
    "MessagePreviewInHeadersType0",
    "NoticeDelivery",
    "NoticeOut",
    "NoticeOutChannel",
    "NoticeOutType",
    "NoticePreviewIn",
    "NoticePreviewInType",
    "NoticePreviewOut",
    "NoticePreviewOutEmail",
    "NoticePreviewOutSlack",
    "NoticePreviewOutTeams",
    "OperationalEndpointIn",
    "OperationalEndpointInHeadersType0",
    "OperationalEndpointInSignatureheaders",
    "OperationalEndpointInSignatureSchemeType0",
    "Ordering",
    "OrderingOnexhausted",
    "PageAttemptOut",
    "PageConsumerOut",
    "PageDeliveryOut",
    "PageEventOut",
    "PageEventTypeOut",
    "PageMessageItem",
    "PageNoticeOut",
    "PageSchemaVersionOut",
    "PolledMessage",
    "PolledMessageHeaders",
    "PollOut",
    "PollPage",
    "PollTokenOut",
    "PortalLinkIn",
    "PortalLinkOut",
    "PortalSettingsIn",
    "PortalSettingsOut",
    "PreviewOut",
    "PreviewOutHeadersType0",
    "Problem",
    "ProviderOut",
    "PublishIn",
    "PublishInData",
    "RecoverIn",
    "RecoverInStatusesType0Item",
    "RecoveryOut",
    "RecoveryOutStatus",
    "RecoveryOutStatusesItem",
    "RecoveryStarted",
    "ReplayOut",
    "RetryOut",
    "SchemaError",
    "SchemaVersionOut",
    "SchemaVersionOutSchema",
    "SecretIn",
    "SecretInSignatureSchemeType0",
    "SecretOut",
    "SeekIn",
    "SeekOut",
    "SetEndpointHeadersResponseSetEndpointHeaders",
    "SkippedOut",
    "SourceIn",
    "SourceInType",
    "SourceOut",
    "SourceOutProviderConfigType0",
    "SourcePatch",
    "SourcePatchProviderConfigType0",
    "SourcePatchStatusType0",
    "SourceSecretIn",
    "TargetStatsOut",
    "TargetStatsOutAttempts",
    "TargetStatsOutDeliveries",
    "TlsIn",
    "TlsOut",
    "ValidationError",
    "ValidationErrorContext",
)

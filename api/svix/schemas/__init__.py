"""Svix's request and response bodies, with the names and required fields of svix-webhooks'
`server/openapi.json`; one module per resource."""

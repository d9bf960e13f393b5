"""The Svix-compatible API under /api/v1: the operations of svix-webhooks' open-source
server, in its shapes, so that Svix's SDKs work by changing their server URL only. Each
route is a thin layer over Hookline's services (an application is a Consumer, an event
type an event type); `routes.install` mounts them, `errors` renders their errors, `paging`
answers their lists."""

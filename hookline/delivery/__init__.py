"""The delivery engine: how a webhook gets out.

A new Delivery is committed with its workflow start in the outbox (`services/outbox`). The
workers' relay (`hookline.relay`) admits starts through the per-target gate
(`delivery.gate`) and starts one workflow per admitted Delivery (`workflows/delivery`). Each
attempt (`activities/http`) reads what to send (`services/attempts`), passes the gate if it
holds no lease, sends (`hookline.sender`) and records its outcome, which moves the Delivery,
its target's failure count and its breaker on. The reconciler (`hookline.reconciler`)
restarts Deliveries whose workflow was lost.
"""

"""The delivery engine: how a webhook gets out.

1. A new Delivery is committed with its workflow start in the outbox (`outbox.add`).
2. The workers' relay (`relay`) takes the starts the per-target gate (`gate`) admits and
   starts one workflow per Delivery (`workflows/delivery.py`), eagerly.
3. Each attempt (`engine`, which the activity in `activities/delivery.py` calls once) reads
   what to send (`attempts.prepare_attempt`), asks the gate if it holds no lease, runs
   the target's transformation (`shaping`), sends (`sender`) and records its outcome
   (`attempts.record_attempt`), which moves the Delivery, its target's failure count and
   breaker on. What the steps pass one another is in `model`.
4. The reconciler (`reconciler`) restarts Deliveries whose workflow was lost; `starts`
   builds a workflow start for any stored Delivery.
5. The retry schedule is a window: an open circuit holds a Delivery until the end of it
   (creation + the sum of the delays), not after. The relay ends those held in the outbox
   (`outbox.ended`, `attempts.end_held`), an attempt those held in their workflow
   (`attempts.waiting`), both with a `circuit_open` attempt; `outcomes` does what follows.
6. How many attempts the gate lets out to one target at once is that target's adaptive
   concurrency limit (`limit`), which every recorded outcome may move (`gate.adapt`).
"""

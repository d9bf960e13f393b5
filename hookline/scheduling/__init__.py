"""The cron and Schedule code in one home: cron expressions read as Temporal reads them
(`cron`), the cron Sources as their Schedules see them (`sources`), and the Temporal
Schedules themselves (`schedules`: one per cron Source, the silence check, the retention
pass). The workflows and activities they start live with the others, in `workflows/` and
`activities/`."""

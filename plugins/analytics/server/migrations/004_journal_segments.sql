-- The tracking journal's segments whose events are written (server/journal.ts, issue 59): a batch
-- adds its segments' ids in the transaction that writes their events, so a segment whose file
-- outlived its write (its process killed between the two) is not counted again. Ids older than a
-- week are removed by the journal's look (every 30 s), which takes up a segment within seconds
-- of its process's restart or of any other process's look.
create table audience_journal_segments (
  id uuid primary key,
  written_at timestamptz not null default now()
);
create index audience_journal_segments_written_at on audience_journal_segments (written_at);

/**
 * Writes on a hot path (each message's delivery record, each batch of audience events) commit
 * without waiting for the WAL to reach the disk, where that is safe: a PostgreSQL server keeps
 * its WAL buffers when our process dies and its WAL writer flushes them within a fraction of a
 * second. PGlite lives in our process and has no WAL writer: an asynchronous commit stays in its
 * buffers until some later synchronous one, and a killed process loses seconds of records (a
 * send would repeat those messages). So the engine says which it is: PGlite starts with
 * `masthead.quick_commit` set to 'on' (wait for the WAL), PostgreSQL leaves it unset ('off').
 */
import { sql } from 'kysely';

/** The setting each engine starts with (core/server/db/pglite.ts). */
export const quickCommitSetting = 'masthead.quick_commit';

/** A select that sets synchronous_commit for the current transaction only: use it in a CTE or before the transaction's writes. */
export const quickCommit = sql`select set_config('synchronous_commit', coalesce(nullif(current_setting('masthead.quick_commit', true), ''), 'off'), true)`;

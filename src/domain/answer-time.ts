/**
 * How long a read or write of the server may go unanswered before a person is told: long enough for a slow connection
 * to answer, short enough that a person offline is told so rather than left waiting. The database worker fails a call
 * after it (src/remote/database/answers.ts); a write of the account's password record, which may still land, is then
 * told as not known yet and followed to its answer (src/state/record-writes.ts).
 */
export const ANSWER_WITHIN_MS = 15_000;

/** Cards' details as an unencrypted device stores them (`sleeve/details`), for `renderApp`'s raw seed. */
import type { CardDetails } from '../../src/domain/card-details';
import { NO_DETAILS, writeDetailsPlain } from '../../src/domain/card-details';

export function plainDetailsJson(byCard: Record<string, Partial<CardDetails>>): string {
  const details = Object.fromEntries(
    Object.entries(byCard).map(([id, given]) => [
      id,
      {
        id,
        data: writeDetailsPlain({ details: { ...NO_DETAILS, ...given }, unknown: {} }),
        modifiedAt: 1_700_000_000_000,
      },
    ]),
  );
  return JSON.stringify({ type: 'UNENCRYPTED', details });
}

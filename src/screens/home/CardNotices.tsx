/**
 * What Home says beyond the list: cards that could not be opened (stored, kept, waiting for the person's decision),
 * server entries that are not cards, and changes waiting to reach the server. Each is counted in plain words.
 */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { cardsState } from '../../state/cards';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function CardNotices() {
  const { unreadable, kept, malformed, waiting } = useSnapshot(cardsState);
  const unopened = unreadable.filter((card) => !kept.includes(card.id)).length;
  if (unopened === 0 && malformed.length === 0 && waiting === 0) return null;
  return (
    <div className="card-notices">
      {(unopened > 0 || malformed.length > 0) && (
        <p className="card-notice card-notice-warning" role="status">
          <span>
            {unopened > 0 && `${plural(unopened, 'card', 'cards')} could not be opened`}
            {unopened > 0 && malformed.length > 0 && '. '}
            {malformed.length > 0 && `${plural(malformed.length, 'entry', 'entries')} on the server could not be read`}
          </span>{' '}
          <Link href="/unreadable" className="link-button">
            Review
          </Link>
        </p>
      )}
      {waiting > 0 && (
        <p className="card-notice" role="status">
          {plural(waiting, 'change', 'changes')} waiting to sync
        </p>
      )}
    </div>
  );
}

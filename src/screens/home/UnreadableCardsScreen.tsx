/**
 * /home/unreadable: the stored cards that could not be opened (damaged, or written by another client in a form this
 * version does not know), listed by id and date. Nothing here is deleted unless the person says so: each can be kept
 * (it stays stored, and Home stops counting it) or deleted after a confirmation.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Page } from '../../app/Page';
import { afterSheetCloses, ConfirmDialog } from '../../components/ConfirmDialog';
import { NETWORK_LABELS, type UnreadableCard } from '../../domain/card';
import { cardsState, deleteUnreadableCard, keepUnreadableCard } from '../../state/cards';
import { keepCardSavedWithOldKey } from '../../state/saved-with-old-key';
import { showError, showToast } from '../../state/toast';

const when = (modifiedAt: number) =>
  modifiedAt > 0
    ? new Date(modifiedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : 'unknown';

/** A card kept apart as what it is: its network, last digits and cardholder. */
const seenAs = ({ network, last4, cardholder }: NonNullable<UnreadableCard['seen']>) =>
  `${NETWORK_LABELS[network]} ending ${last4}${cardholder ? `, ${cardholder}` : ''}`;

/** The person keeps a card saved with the old key: it joins their cards, under the current key. */
async function keepSavedWithOldKey(id: string) {
  try {
    await keepCardSavedWithOldKey(id);
    showToast('Card kept');
  } catch (error) {
    showError(error);
  }
}

export function UnreadableCardsScreen() {
  const { unreadable, kept, malformed } = useSnapshot(cardsState);
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = async (id: string) => {
    try {
      await deleteUnreadableCard(id);
      showToast('Card deleted');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Page title="Cards that could not be opened" back={{ to: '~/home' }}>
      {unreadable.length === 0 && malformed.length === 0 && (
        <p className="empty-state">Every card opened. Nothing needs your attention.</p>
      )}
      {unreadable.length > 0 && (
        <>
          <p className="lead">
            These cards are stored but could not be opened, so they are not in your list. They stay exactly as they are
            until you delete them.
          </p>
          {unreadable.some((card) => card.seen) && (
            <p className="lead">
              A card saved with your old key after the key was replaced may come from one of your devices that had not
              heard of the new key yet, or from someone who knows your old password. Keep it only if you know it.
            </p>
          )}
          <ul className="row-list unreadable-list" aria-label="Cards that could not be opened">
            {unreadable.map((card) => (
              <li key={card.id} className="unreadable-item">
                <p className="unreadable-title">Card {card.id}</p>
                {card.seen && <p className="unreadable-detail">{seenAs(card.seen)}</p>}
                <p className="unreadable-detail">Last changed {when(card.modifiedAt)}</p>
                <p className="unreadable-detail">Why: {card.reason}</p>
                <div className="button-row">
                  {card.seen ? (
                    <button type="button" className="button" onClick={() => void keepSavedWithOldKey(card.id)}>
                      Keep
                    </button>
                  ) : kept.includes(card.id) ? (
                    <span className="unreadable-kept">Kept</span>
                  ) : (
                    <button type="button" className="button" onClick={() => keepUnreadableCard(card.id)}>
                      Keep
                    </button>
                  )}
                  <button type="button" className="button button-danger" onClick={() => setDeleting(card.id)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {malformed.length > 0 && (
        <section aria-label="Entries on the server that could not be read">
          <h2 className="settings-heading">On the server</h2>
          <p className="lead">
            These entries on the server are not cards Sleeve can read. They are left there untouched, and nothing this
            device writes replaces them.
          </p>
          <ul className="row-list unreadable-list">
            {malformed.map((entry) => (
              <li key={entry.key} className="unreadable-item">
                <p className="unreadable-title">Entry {entry.key || '(the whole list)'}</p>
                <p className="unreadable-detail">Why: {entry.reason}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete card"
        texts={['Are you sure you want to delete this card?', 'This action cannot be undone.']}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting;
          afterSheetCloses(
            () => setDeleting(null),
            () => {
              if (id) void remove(id);
            },
          );
        }}
      />
    </Page>
  );
}

/**
 * /home/cards/:id — one card, its fields with copy buttons, Edit and Delete (SPEC.md §2), and below them its details
 * when it has any. The CVV, the card PIN, and the number while 'Mask card number' is on, stay hidden until revealed;
 * with 'Ask before showing PINs' on, revealing or copying the card PIN asks for the PIN or password first.
 */
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { HOME_PATH } from '../../app/unlocked-address';
import { CardPreview } from '../../components/CardPreview';
import { afterSheetCloses, ConfirmDialog } from '../../components/ConfirmDialog';
import { lazyScreen } from '../../components/lazy-screen';
import { RETURNING } from '../../components/scroll-position';
import { cardsState, deleteCard } from '../../state/cards';
import { preferencesState } from '../../state/preferences';
import { detailsState } from '../../state/store';
import { showError, showToast } from '../../state/toast';
import { CardFields } from './CardFields';

const CardDetailsSection = lazyScreen(() => import('./CardDetailsSection'), 'CardDetailsSection');

export function CardDetailScreen({ id }: { id: string }) {
  const { cards } = useSnapshot(cardsState);
  const details = useSnapshot(detailsState).byCard[id];
  const { maskCardNumber } = useSnapshot(preferencesState).userInterface;
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  // With 'Mask card number' on, the number stays masked here too until the person reveals it.
  const [numberRevealed, setNumberRevealed] = useState(false);
  const numberHidden = maskCardNumber && !numberRevealed;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const found = cards.find((candidate) => candidate.id === id);
  // A card deleted while its screen is up (here, where the store may show the deletion before `remove` below
  // navigates, or in another tab) stays as it was shown until Home takes its place: Home is built as a transition
  // (src/app/unlocked-address.ts), and the screen would otherwise be empty meanwhile. Kept in a ref, as what this
  // screen last showed, rather than in state, which would render the screen again to keep it.
  const shown = useRef(found);
  if (found) shown.current = found;
  const card = found ?? shown.current;
  // To Home, where the list was left, once: whichever comes first, the card found gone or `remove` below, goes, and
  // the other finds the address already Home's (each navigation costs the page a same-document navigation).
  const leave = useCallback(() => {
    if (window.location.pathname !== HOME_PATH) navigate('~/home', { replace: true, ...RETURNING });
  }, [navigate]);
  useLayoutEffect(() => {
    if (!found) leave();
  }, [found, leave]);
  // An unknown id (a stale link) shows nothing while it goes.
  if (!card) return null;

  const remove = async () => {
    // The person confirmed, so the card goes even if they leave this screen during the short delay.
    try {
      await deleteCard(id);
    } catch (error) {
      showError(error);
      return;
    }
    if (mounted.current) leave();
    showToast('Card deleted');
  };

  return (
    <Page
      title="Card"
      back={{ to: '~/home' }}
      actions={
        <Link href={`/cards/${id}/edit`} className="header-action">
          Edit
        </Link>
      }
    >
      <div className="card-detail-preview" aria-hidden="true">
        <CardPreview data={card.data} masked={numberHidden} />
      </div>
      <CardFields
        data={card.data}
        numberHidden={numberHidden}
        onToggleNumber={maskCardNumber ? () => setNumberRevealed((revealed) => !revealed) : undefined}
      />
      {details && (
        // Nothing in its place while its script arrives (a moment, once): the card's own fields are all there.
        <Suspense fallback={null}>
          <CardDetailsSection id={id} details={details} />
        </Suspense>
      )}
      <div className="button-row">
        <button type="button" className="button button-danger button-block" onClick={() => setConfirming(true)}>
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete card"
        texts={['Are you sure you want to delete this card?', 'This action cannot be undone.']}
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          afterSheetCloses(
            () => setConfirming(false),
            () => void remove(),
          )
        }
      />
    </Page>
  );
}

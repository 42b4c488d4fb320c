/** /home/cards/:id/edit — the card form filled in; Done or Update saves and goes back one step (SPEC.md §2). */
import { useSnapshot } from 'valtio';
import { Redirect } from 'wouter';
import { Page } from '../../app/Page';
import { CardForm } from '../../components/CardForm';
import { DoneAction } from '../../components/DoneAction';
import type { CardData } from '../../domain/card';
import { cardsState, saveCard } from '../../state/cards';
import { goBack } from '../../state/going-back';
import { showToast } from '../../state/toast';

const FORM_ID = 'edit-card-form';

export function EditCardScreen({ id }: { id: string }) {
  const { cards } = useSnapshot(cardsState);
  const card = cards.find((candidate) => candidate.id === id);
  if (!card) return <Redirect to="~/" replace />;

  const update = async (data: CardData) => {
    await saveCard({ id, data });
    goBack(1, `/home/cards/${id}`);
    showToast('Card updated');
  };

  return (
    <Page title="Edit Card" back={{ to: `/cards/${id}` }} actions={<DoneAction form={FORM_ID} sameAs="Update" />}>
      <CardForm id={FORM_ID} initial={{ ...card.data }} submitLabel="Update" onSubmit={update} />
    </Page>
  );
}

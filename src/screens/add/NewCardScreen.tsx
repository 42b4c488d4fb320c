/** /add/editor — a blank card form with a random theme; Done or Save stores it and opens the card. */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { CardForm } from '../../components/CardForm';
import type { CardData } from '../../domain/card';
import { saveCard } from '../../state/cards';
import { showToast } from '../../state/toast';
import { randomTheme } from './random-theme';

const FORM_ID = 'new-card-form';

const blankCard = (): CardData => ({
  number: '',
  expiry: '',
  cardholder: '',
  issuer: '',
  cvv: '',
  network: 'OTHER',
  theme: randomTheme(),
});

export function NewCardScreen() {
  const [, navigate] = useLocation();
  // Drawn once per visit, so the preview keeps its colour while the person types.
  const [initial] = useState(blankCard);

  const save = async (data: CardData) => {
    const id = await saveCard({ data });
    navigate(`~/home/cards/${id}`);
    showToast('Card saved');
  };

  return (
    <Page
      title="New Card"
      back={{ to: '~/add' }}
      actions={
        <button type="submit" form={FORM_ID} className="header-action">
          Done
        </button>
      }
    >
      <CardForm id={FORM_ID} initial={initial} submitLabel="Save" onSubmit={save} />
    </Page>
  );
}

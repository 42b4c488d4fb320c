/**
 * Home's text laid out once, unseen, while a locked screen waits for its PIN or password. The browser looks up each
 * font a text's family, size and weight need the first time it lays that text out (on Linux each is a call to the
 * browser's own process), and without this those lookups fall in Home's first frame after the unlock: the frame a
 * person is waiting on, which on a slow phone they made a long task. Rendered a moment after the screen is shown,
 * so the lock screen's own first frame does not pay for it instead.
 */
import { useEffect, useState } from 'react';
import { CardPreview } from '../../components/CardPreview';
import type { CardData } from '../../domain/card';

/** Every part a row of Home can show: an issuer, a network, a number, a holder, and an expiry with its flag. */
const SAMPLE: CardData = {
  number: '4111111111111111',
  expiry: '01/20',
  cardholder: 'Sample',
  issuer: 'Sample',
  cvv: '',
  network: 'VISA',
  theme: 'BLUE',
};

/** Past the lock screen's first frame, and well before anyone has typed a PIN. */
const DELAY_MS = 150;

export function HomeTextWarmUp() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  // Home's own classes, so each text takes the sizes and weights it has there: a card row, a tab of the bottom
  // navigation, the sort button and 'Lock now'.
  return (
    <div className="home-text-warm-up" aria-hidden="true">
      <CardPreview data={SAMPLE} masked decorative />
      <span className="bottom-nav-tab">Home</span>
      <span className="button toggle-button">Expiring first</span>
      <span className="header-action">Lock now</span>
    </div>
  );
}

/**
 * The card's details as read-only rows, each with its own copy button. The CVV stays hidden until the person reveals
 * it, and so does the number's middle while 'Mask card number' is on: a hidden value is neither in the page's text
 * nor in any accessible name until then (its copy button still copies it).
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import type { CardData } from '../../domain/card';
import { NETWORK_LABELS } from '../../domain/card';
import { groupCardNumber } from '../../domain/card-form';

interface Reveal {
  hidden: boolean;
  /** What the value is called on its toggle: 'Reveal CVV', 'Hide CVV'. */
  name: string;
  onToggle: () => void;
}

interface Row {
  label: string;
  shown: ReactNode;
  /** What the copy button puts on the clipboard: the number without its spaces. */
  copied: string;
  reveal?: Reveal;
}

/** The CVV while hidden: dots for the eye, one word for a screen reader. */
const HIDDEN_CVV = (
  <>
    <span aria-hidden="true">•••</span>
    <span className="visually-hidden">Hidden</span>
  </>
);

/** The number with its middle eight digits hidden, as the card preview masks it. */
function maskedNumber(number: string): ReactNode {
  return (
    <>
      {number.slice(0, 4)} <span aria-hidden="true">•••• ••••</span>
      <span className="visually-hidden">middle digits hidden</span> {number.slice(12)}
    </>
  );
}

export interface CardFieldsProps {
  data: CardData;
  /** 'Mask card number' is on and the person has not revealed the number. */
  numberHidden: boolean;
  /** Present when the number can be masked: reveals it, or hides it again. */
  onToggleNumber?: () => void;
}

function rows(data: CardData, props: CardFieldsProps, cvvHidden: boolean, toggleCvv: () => void): Row[] {
  const network = NETWORK_LABELS[data.network];
  const numberReveal: Reveal | undefined = props.onToggleNumber && {
    hidden: props.numberHidden,
    name: 'card number',
    onToggle: props.onToggleNumber,
  };
  return [
    {
      label: 'Card number',
      shown: props.numberHidden && data.number.length === 16 ? maskedNumber(data.number) : groupCardNumber(data.number),
      copied: data.number,
      reveal: numberReveal,
    },
    { label: 'Expiry', shown: data.expiry, copied: data.expiry },
    { label: 'Cardholder', shown: data.cardholder, copied: data.cardholder },
    { label: 'Issuer', shown: data.issuer, copied: data.issuer },
    {
      label: 'CVV',
      shown: data.cvv && cvvHidden ? HIDDEN_CVV : data.cvv,
      copied: data.cvv,
      // Nothing to hide when there is no CVV.
      reveal: data.cvv ? { hidden: cvvHidden, name: 'CVV', onToggle: toggleCvv } : undefined,
    },
    { label: 'Network', shown: network, copied: network },
  ];
}

export function CardFields(props: CardFieldsProps) {
  const [cvvHidden, setCvvHidden] = useState(true);
  return (
    <dl className="card-fields">
      {rows(props.data, props, cvvHidden, () => setCvvHidden((hidden) => !hidden)).map((row) => (
        <div key={row.label} className="card-field">
          <div className="card-field-text">
            <dt className="card-field-label">{row.label}</dt>
            <dd className="card-field-value">{row.shown || <span className="muted">Not set</span>}</dd>
          </div>
          {row.reveal && (
            <button type="button" className="link-button reveal-button" onClick={row.reveal.onToggle}>
              {row.reveal.hidden ? `Reveal ${row.reveal.name}` : `Hide ${row.reveal.name}`}
            </button>
          )}
          {/* Nothing to copy for an empty optional field. */}
          {row.copied && <CopyButton field={row.label} value={row.copied} />}
        </div>
      ))}
    </dl>
  );
}

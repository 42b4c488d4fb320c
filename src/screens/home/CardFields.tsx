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
import { CHECKSUM_WARNING, EXPIRY_LABELS, expiryStatus, maskedNumberParts, passesLuhn } from '../../domain/card-checks';
import { groupCardNumber } from '../../domain/number-groups';

interface Reveal {
  hidden: boolean;
  /** What the value is called on its toggle: 'Reveal CVV', 'Hide CVV'. */
  name: string;
  onToggle: () => void;
}

interface Row {
  label: string;
  shown: ReactNode;
  /** What the copy button puts on the clipboard: the number without its spaces; nothing to copy when empty. */
  copied: string;
  reveal?: Reveal;
  /** A doubt about the value shown under it (a number that fails its checksum). */
  warning?: string | undefined;
}

/** The CVV while hidden: dots for the eye, one word for a screen reader. */
const HIDDEN_CVV = (
  <>
    <span aria-hidden="true">•••</span>
    <span className="visually-hidden">Hidden</span>
  </>
);

/**
 * The number with its middle digits hidden, as the card preview masks it: the dots for the eye, three words for a
 * screen reader, never the hidden digits.
 */
function maskedNumber(data: CardData): ReactNode {
  const { start, middle, end } = maskedNumberParts(data.number, data.network);
  // The words need a space before the digits after them when the groups do not put one there ('•0005').
  const spoken = end === '' || end.startsWith(' ') ? 'middle digits hidden' : 'middle digits hidden ';
  return (
    <>
      {start}
      <span aria-hidden="true">{middle}</span>
      <span className="visually-hidden">{spoken}</span>
      {end}
    </>
  );
}

/** The expiry with its flag once the card has expired or expires soon (device's clock). */
function expiryShown(expiry: string): ReactNode {
  const status = expiryStatus(expiry, new Date());
  if (!status) return expiry;
  return (
    <>
      {expiry}{' '}
      <span className="expiry-flag" data-status={status}>
        {EXPIRY_LABELS[status]}
      </span>
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
      shown: props.numberHidden ? maskedNumber(data) : groupCardNumber(data.number, data.network),
      copied: data.number,
      reveal: numberReveal,
      warning: data.number && !passesLuhn(data.number) ? CHECKSUM_WARNING : undefined,
    },
    { label: 'Expiry', shown: expiryShown(data.expiry), copied: data.expiry },
    { label: 'Cardholder', shown: data.cardholder, copied: data.cardholder },
    { label: 'Issuer', shown: data.issuer, copied: data.issuer },
    {
      label: 'CVV',
      shown: data.cvv && cvvHidden ? HIDDEN_CVV : data.cvv,
      copied: data.cvv,
      // Nothing to hide when there is no CVV.
      reveal: data.cvv ? { hidden: cvvHidden, name: 'CVV', onToggle: toggleCvv } : undefined,
    },
    // OTHER means no network was given: 'Other' is shown, but there is no name to copy.
    { label: 'Network', shown: network, copied: data.network === 'OTHER' ? '' : network },
  ];
}

export function CardFields(props: CardFieldsProps) {
  const [cvvHidden, setCvvHidden] = useState(true);
  // One description list: each row a <div> holding its term and description, the row's buttons inside the description,
  // since a list may hold nothing else.
  return (
    <dl className="card-fields">
      {rows(props.data, props, cvvHidden, () => setCvvHidden((hidden) => !hidden)).map((row) => (
        <div key={row.label} className="card-field">
          <dt className="card-field-label">{row.label}</dt>
          <dd className="card-field-value">
            <span className="card-field-text">
              {row.shown || <span className="muted">Not set</span>}
              {row.warning && <span className="card-field-warning">{row.warning}</span>}
            </span>
            {row.reveal && (
              <button type="button" className="link-button reveal-button" onClick={row.reveal.onToggle}>
                {row.reveal.hidden ? `Reveal ${row.reveal.name}` : `Hide ${row.reveal.name}`}
              </button>
            )}
            {/* Nothing to copy for an empty optional field. */}
            {row.copied && <CopyButton field={row.label} value={row.copied} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

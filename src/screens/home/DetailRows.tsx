/**
 * A card's details (card-details.ts) as read-only rows under their own heading, in CardFields' pattern, to stand
 * below the card's fields. Only the details that were given are shown, and nothing at all when none were.
 *
 * The PIN is hidden until revealed, as the CVV is: neither in the page's text nor in any accessible name. Revealing
 * or copying it first asks `confirm` when there is one ('Ask before showing PINs'); hiding it never asks.
 */
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ExternalIcon } from '../../components/Icons';
import type { Confirm } from '../../components/use-confirmed';
import { useConfirmed } from '../../components/use-confirmed';
import type { CardDetails } from '../../domain/card-details';
import { hasDetails, websiteHref } from '../../domain/card-details';
import { phoneHref } from '../../domain/card-details-rules';

export interface DetailRowsProps {
  details: CardDetails;
  /** Asked before the PIN is revealed or copied; without it, both happen at once. */
  confirm?: Confirm | undefined;
  /** Asked before the PIN is copied, in place of `confirm` (which then guards revealing only). */
  confirmCopy?: Confirm | undefined;
  /** The PIN starts revealed: the person came back from the verification they were asked for to reveal it. */
  pinShownAtFirst?: boolean | undefined;
}

interface Row {
  label: string;
  shown: ReactNode;
  copied: string;
  /** Beside the value, before its copy button: the PIN's Reveal, the phone's call link. */
  action?: ReactNode;
  confirmCopy?: Confirm | undefined;
}

/** The PIN while hidden: dots for the eye, one word for a screen reader. */
const HIDDEN_PIN = (
  <>
    <span aria-hidden="true">••••</span>
    <span className="visually-hidden">Hidden</span>
  </>
);

/** The bank's site in a new tab that cannot reach back into this one; plain text when it is no web address. */
function website(address: string): ReactNode {
  const href = websiteHref(address);
  if (!href) return address;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {address} <ExternalIcon />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function rows(details: CardDetails, pin: { hidden: boolean; toggle: () => void }, confirm?: Confirm): Row[] {
  const { notes, validFrom, phone } = details;
  const call = phoneHref(phone);
  const all: Row[] = [
    {
      label: 'Card PIN',
      shown: pin.hidden ? HIDDEN_PIN : details.pin,
      copied: details.pin,
      action: (
        <button type="button" className="link-button reveal-button" onClick={pin.toggle}>
          {pin.hidden ? 'Reveal card PIN' : 'Hide card PIN'}
        </button>
      ),
      confirmCopy: confirm,
    },
    // Its own line breaks kept (white-space: pre-wrap).
    { label: 'Notes', shown: <span className="card-field-notes">{notes}</span>, copied: notes },
    { label: 'Valid from', shown: validFrom, copied: validFrom },
    {
      label: 'Bank phone number',
      shown: phone,
      copied: phone,
      action: call && (
        <a className="link-button card-field-link" href={call}>
          Call your bank
        </a>
      ),
    },
    { label: 'Bank website', shown: website(details.website), copied: details.website },
  ];
  // A detail that was not given has no row: '' is 'not kept', not a value to show.
  return all.filter((row) => row.copied !== '');
}

export function DetailRows({ details, confirm, confirmCopy = confirm, pinShownAtFirst = false }: DetailRowsProps) {
  const headingId = useId();
  const [pinHidden, setPinHidden] = useState(!pinShownAtFirst);
  const confirmed = useConfirmed(confirm);
  if (!hasDetails(details)) return null;
  const togglePin = () => (pinHidden ? confirmed(() => setPinHidden(false)) : setPinHidden(true));
  return (
    <section className="details-rows" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-heading">
        More details
      </h2>
      <dl className="card-fields">
        {rows(details, { hidden: pinHidden, toggle: togglePin }, confirmCopy).map((row) => (
          <div key={row.label} className="card-field">
            <dt className="card-field-label">{row.label}</dt>
            <dd className="card-field-value">
              <span className="card-field-text">{row.shown}</span>
              {row.action}
              <CopyButton field={row.label} value={row.copied} confirm={row.confirmCopy} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

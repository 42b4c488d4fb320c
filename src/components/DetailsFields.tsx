/**
 * The editor's 'More details' section: what a person keeps about a card beyond its seven fields (card-details.ts).
 * Closed until opened, since most cards need none of it. It opens by itself when one of its fields gets an error, and
 * while closed with errors inside, the button says so, so an error is never out of sight unannounced.
 *
 * The fields' names are their CardDetails keys, so a form can find the first field in error by `[name="pin"]`. A
 * closed section's fields are in the page but hidden, so they keep what was typed and can take focus once it opens.
 *
 * The PIN is drawn as dots until revealed, in a text field rather than a password field: a password manager would
 * offer to save it as this site's password. The notes have no maxlength, which counts an emoji as two: their count
 * is the person's own (characterCount), and a note that is too long is an error, like any other.
 */
import { useId, useState } from 'react';
import type { CardDetails } from '../domain/card-details';
import { DETAIL_FIELDS } from '../domain/card-details';
import type { CardDetailsErrors } from '../domain/card-details-rules';
import {
  CARD_PIN_MAX,
  CARD_PIN_MIN,
  characterCount,
  NOTES_MAX,
  PHONE_MAX,
  WEBSITE_MAX,
} from '../domain/card-details-rules';
import { EXPIRY_LENGTH, shapeExpiry } from '../domain/card-form';
import { groupThousands } from '../domain/counts';
import { ChevronIcon } from './Icons';
import { TextField } from './TextField';
import type { Confirm } from './use-confirmed';
import { useConfirmed } from './use-confirmed';

export interface DetailsFieldsProps {
  value: CardDetails;
  onChange: (next: CardDetails) => void;
  /** Each shown under its field, as the card's own errors are. */
  errors: CardDetailsErrors;
  /** Asked before the PIN is revealed ('Ask before showing PINs'); without it, Reveal shows the PIN at once. */
  confirm?: Confirm | undefined;
  /** The PIN starts revealed: the person came back from the verification they were asked for to reveal it. */
  pinShownAtFirst?: boolean | undefined;
}

/**
 * What the PIN field keeps of what was typed or pasted: digits only, at most CARD_PIN_MAX. The field has no
 * maxlength, which would cut a pasted '1234 5678' short before its digits are picked out.
 */
const cleanPin = (typed: string): string => typed.replace(/\D/g, '').slice(0, CARD_PIN_MAX);

/** Said under the closed section's button while fields inside it have errors. */
const closedErrors = (n: number): string =>
  n === 1 ? 'One detail in here needs fixing' : `${groupThousands(n)} details in here need fixing`;

/**
 * Open or closed: closed at first unless errors are already there (or the PIN in it is to show), and opened again whenever the fields in error
 * change, so a new error always shows. The person can still close it.
 */
function useOpen(errors: CardDetailsErrors, openAtFirst: boolean) {
  const inError = DETAIL_FIELDS.filter((field) => errors[field]);
  const key = inError.join(' ');
  const [open, setOpen] = useState(openAtFirst || key !== '');
  const [seen, setSeen] = useState(key);
  // Set while rendering, from what changed since the last render (React's pattern for state that follows props).
  if (seen !== key) {
    setSeen(key);
    if (key !== '') setOpen(true);
  }
  return { open, toggle: () => setOpen((was) => !was), errorCount: inError.length };
}

export function DetailsFields({ value, onChange, errors, confirm, pinShownAtFirst = false }: DetailsFieldsProps) {
  const id = useId();
  const { open, toggle, errorCount } = useOpen(errors, pinShownAtFirst);
  const [pinShown, setPinShown] = useState(pinShownAtFirst);
  const confirmed = useConfirmed(confirm);
  const toggleId = `${id}-toggle`;
  const fieldsId = `${id}-fields`;
  const noteId = `${id}-note`;
  const showNote = !open && errorCount > 0;
  const togglePin = () => (pinShown ? setPinShown(false) : confirmed(() => setPinShown(true)));
  /** What every field of the section has: its id and name, value and error, and what it keeps of what is typed. */
  const fieldOf = (field: keyof CardDetails, keep: (typed: string) => string = (typed) => typed) => ({
    id: `${id}-${field}`,
    name: field,
    value: value[field],
    error: errors[field],
    onValue: (typed: string) => onChange({ ...value, [field]: keep(typed) }),
  });

  return (
    <div className="details-section">
      <button
        type="button"
        id={toggleId}
        className="details-toggle"
        aria-expanded={open}
        aria-controls={fieldsId}
        aria-describedby={showNote ? noteId : undefined}
        onClick={toggle}
      >
        <span>More details</span>
        <ChevronIcon />
      </button>
      {showNote && (
        <p id={noteId} className="field-error">
          {closedErrors(errorCount)}
        </p>
      )}
      {/* Named by the button, which says it all; a legend would say it twice. */}
      <fieldset id={fieldsId} className="details-fields" aria-labelledby={toggleId} hidden={!open}>
        <TextField
          {...fieldOf('pin', cleanPin)}
          label="Card PIN"
          hint={`${CARD_PIN_MIN} to ${CARD_PIN_MAX} digits`}
          inputMode="numeric"
          secret={pinShown ? 'shown' : 'hidden'}
          action={
            <button type="button" className="link-button reveal-button" aria-controls={`${id}-pin`} onClick={togglePin}>
              {pinShown ? 'Hide' : 'Reveal'}
              <span className="visually-hidden"> card PIN</span>
            </button>
          }
        />
        <TextField
          {...fieldOf('notes')}
          label="Notes"
          hint={`${groupThousands(characterCount(value.notes))} of ${groupThousands(NOTES_MAX)} characters`}
          rows={4}
        />
        <TextField
          {...fieldOf('validFrom', (typed) => shapeExpiry(typed, value.validFrom))}
          label="Valid from"
          hint="MM/YY"
          inputMode="numeric"
          maxLength={EXPIRY_LENGTH}
          placeholder="MM/YY"
        />
        <TextField {...fieldOf('phone')} label="Bank phone number" type="tel" maxLength={PHONE_MAX} />
        <TextField
          {...fieldOf('website')}
          label="Bank website"
          inputMode="url"
          maxLength={WEBSITE_MAX}
          placeholder="bank.example"
        />
      </fieldset>
    </div>
  );
}

/**
 * The card editor (SPEC.md §5) with a live preview above it. Input is shaped as it is typed; errors appear only
 * after the first submit attempt and then follow every edit. The header's Done action submits this form through
 * the `form` attribute, so pass the same `id` to both.
 *
 * The network follows the number's issuer range as it is typed (card-brands.ts) until the person picks one in the
 * picker; from then on their choice stays. A card opened for editing whose network is not the one its number
 * shows was picked by hand, so it stays too. The number is grouped, and the number and CVV are as long as the
 * network in effect allows.
 *
 * A card the person already saved in their browser can be filled in: the number, expiry and name say what they
 * hold (`cc-number`, `cc-exp`, `cc-name`). The CVV stays unfilled ('off' rather than `cc-csc`), and so does the
 * issuer, which browsers do not keep.
 *
 * Given the card's details, the form ends with its 'More details' section (DetailsFields), checked with the card:
 * the first field in error takes the focus, the section opening first when that field is in it.
 */
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CardData, Network } from '../domain/card';
import { NETWORK_LABELS, NETWORKS } from '../domain/card';
import { BRAND_RULES, detectNetwork, displayLength } from '../domain/card-brands';
import type { CardDetails } from '../domain/card-details';
import { DETAIL_FIELDS } from '../domain/card-details';
import type { CardDetailsErrors } from '../domain/card-details-rules';
import { validateDetails } from '../domain/card-details-rules';
import type { CardFormErrors } from '../domain/card-form';
import {
  CARDHOLDER_MAX,
  cleanCardNumber,
  cleanCvv,
  EXPIRY_LENGTH,
  ISSUER_MAX,
  normaliseCard,
  numberWarning,
  shapeExpiry,
  validateCard,
} from '../domain/card-form';
import { groupCardNumber } from '../domain/number-groups';
import { prepareToSave } from '../state/cards';
import { showError } from '../state/toast';
import { CardPreview } from './CardPreview';
import { DetailsFields } from './DetailsFields';
import { TextField } from './TextField';
import { ThemePicker } from './ThemePicker';
import type { Confirm } from './use-confirmed';

export interface CardFormProps {
  id: string;
  initial: CardData;
  /** The card's details, for its 'More details' section; without them the form does not offer the section. */
  initialDetails?: CardDetails | undefined;
  /** Asked before the card PIN in 'More details' is revealed ('Ask before showing PINs'). */
  confirmPinReveal?: Confirm | undefined;
  /** The card PIN starts revealed (the person came back from verifying to reveal it). */
  pinShownAtFirst?: boolean | undefined;
  submitLabel: string;
  /**
   * Receives the trimmed card, and its details as typed when the section is offered (the save trims them); a
   * rejection is shown as an error toast and the form stays as it is.
   */
  onSubmit: (data: CardData, details: CardDetails | undefined) => Promise<void>;
  /** Told the card and its details as they stand after every edit (the editor keeps them for a step between). */
  onEdit?: (data: CardData, details: CardDetails | undefined) => void;
}

type ErrorField = keyof CardFormErrors | keyof CardDetails;
const FIELD_ORDER: readonly (keyof CardFormErrors)[] = ['number', 'expiry', 'cardholder', 'cvv'];

/** The first field in error, in the form's order: the card's fields, then its details'. */
const firstInError = (card: CardFormErrors, details: CardDetailsErrors): ErrorField | undefined =>
  FIELD_ORDER.find((field) => card[field]) ?? DETAIL_FIELDS.find((field) => details[field]);

export function CardForm(props: CardFormProps) {
  const { id, initial, initialDetails, submitLabel, onSubmit, onEdit } = props;
  const [data, setData] = useState<CardData>(initial);
  const [details, setDetails] = useState(initialDetails);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The field to focus once the render that shows its error (and opens its section) is on screen. */
  const [focusing, setFocusing] = useState<{ field: ErrorField } | null>(null);
  const fieldId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [networkPicked, setNetworkPicked] = useState(() => initial.network !== detectNetwork(initial.number));
  const errors: CardFormErrors = submitted ? validateCard(data) : {};
  const detailErrors: CardDetailsErrors = submitted && details ? validateDetails(details) : {};
  const rule = BRAND_RULES[data.network];
  // Saving needs the engine: started as the form opens, so a worker that cannot start is said before anything is typed.
  useEffect(prepareToSave, []);
  useEffect(() => onEdit?.(data, details), [data, details, onEdit]);
  useEffect(() => {
    if (focusing) form.current?.querySelector<HTMLElement>(`[name="${focusing.field}"]`)?.focus();
  }, [focusing]);

  const set = <K extends keyof CardData>(key: K, value: CardData[K]) => setData((old) => ({ ...old, [key]: value }));

  const setNumber = (typed: string) =>
    setData((old) => {
      const network = networkPicked ? old.network : detectNetwork(typed.replace(/\D/g, ''));
      return { ...old, network, number: cleanCardNumber(typed, network) };
    });

  const pickNetwork = (network: Network) => {
    setNetworkPicked(true);
    set('network', network);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const first = firstInError(validateCard(data), details ? validateDetails(details) : {});
    if (first) {
      setFocusing({ field: first });
      return;
    }
    setBusy(true);
    onSubmit(normaliseCard(data), details)
      .catch(showError)
      .finally(() => setBusy(false));
  };

  return (
    <>
      {/* Hidden from assistive technology: it repeats what the fields below say (its expiry flag is said in words on
          the saved card's detail screen). */}
      <div className="card-form-preview" aria-hidden="true">
        <CardPreview data={data} placeholders />
      </div>
      <form id={id} ref={form} className="card-form" noValidate onSubmit={submit}>
        <TextField
          id={`${fieldId}-number`}
          name="number"
          label="Card number"
          value={groupCardNumber(data.number, data.network)}
          error={errors.number}
          warning={numberWarning(data.number, data.network)}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={displayLength(data.network)}
          placeholder={groupCardNumber('0'.repeat(rule.minDigits), data.network)}
          onValue={setNumber}
        />
        <div className="field-pair">
          <TextField
            id={`${fieldId}-expiry`}
            name="expiry"
            label="Expiry"
            hint="MM/YY"
            value={data.expiry}
            error={errors.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={EXPIRY_LENGTH}
            placeholder="MM/YY"
            onValue={(typed) => set('expiry', shapeExpiry(typed, data.expiry))}
          />
          <TextField
            id={`${fieldId}-cvv`}
            name="cvv"
            label="CVV"
            hint="Optional"
            value={data.cvv}
            error={errors.cvv}
            inputMode="numeric"
            maxLength={rule.cvvDigits}
            placeholder={'1234'.slice(0, rule.cvvDigits)}
            onValue={(typed) => set('cvv', cleanCvv(typed, data.network))}
          />
        </div>
        <TextField
          id={`${fieldId}-cardholder`}
          name="cardholder"
          label="Cardholder"
          value={data.cardholder}
          error={errors.cardholder}
          autoComplete="cc-name"
          maxLength={CARDHOLDER_MAX}
          placeholder="Your Name"
          onValue={(typed) => set('cardholder', typed)}
        />
        <TextField
          id={`${fieldId}-issuer`}
          name="issuer"
          label="Issuer"
          hint="Optional"
          value={data.issuer}
          maxLength={ISSUER_MAX}
          placeholder="Issuer/bank"
          onValue={(typed) => set('issuer', typed)}
        />
        <div className="field">
          <label className="field-label" htmlFor={`${fieldId}-network`}>
            Network
          </label>
          <select
            id={`${fieldId}-network`}
            name="network"
            className="field-input"
            value={data.network}
            onChange={(event) => pickNetwork(event.target.value as Network)}
          >
            {NETWORKS.map((network) => (
              <option key={network} value={network}>
                {NETWORK_LABELS[network]}
              </option>
            ))}
          </select>
        </div>
        <ThemePicker name="theme" value={data.theme} onChange={(theme) => set('theme', theme)} />
        {details && (
          <DetailsFields
            value={details}
            onChange={setDetails}
            errors={detailErrors}
            confirm={props.confirmPinReveal}
            pinShownAtFirst={props.pinShownAtFirst}
          />
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {submitLabel}
        </button>
      </form>
    </>
  );
}

/**
 * The card editor (SPEC.md §5) with a live preview above it. Input is shaped as it is typed; errors appear only
 * after the first submit attempt and then follow every edit. The header's Done action submits this form through
 * the `form` attribute, so pass the same `id` to both.
 */
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import type { CardData, Network } from '../domain/card';
import { NETWORK_LABELS, NETWORKS } from '../domain/card';
import type { CardFormErrors } from '../domain/card-form';
import {
  CARD_NUMBER_DISPLAY_LENGTH,
  CARDHOLDER_MAX,
  CVV_DIGITS,
  cleanCardNumber,
  cleanCvv,
  EXPIRY_LENGTH,
  groupCardNumber,
  hasErrors,
  ISSUER_MAX,
  normaliseCard,
  shapeExpiry,
  validateCard,
} from '../domain/card-form';
import { showError } from '../state/toast';
import { CardPreview } from './CardPreview';
import { TextField } from './TextField';
import { ThemePicker } from './ThemePicker';

export interface CardFormProps {
  id: string;
  initial: CardData;
  submitLabel: string;
  /** Receives the trimmed card; a rejection is shown as an error toast and the form stays as it is. */
  onSubmit: (data: CardData) => Promise<void>;
}

type ErrorField = keyof CardFormErrors;
const FIELD_ORDER: readonly ErrorField[] = ['number', 'expiry', 'cardholder', 'cvv'];

export function CardForm({ id, initial, submitLabel, onSubmit }: CardFormProps) {
  const [data, setData] = useState<CardData>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const form = useRef<HTMLFormElement>(null);
  const errors: CardFormErrors = submitted ? validateCard(data) : {};

  const set = <K extends keyof CardData>(key: K, value: CardData[K]) => setData((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateCard(data);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    onSubmit(normaliseCard(data))
      .catch(showError)
      .finally(() => setBusy(false));
  };

  return (
    <>
      {/* Hidden from assistive technology: it repeats exactly what the fields below say. */}
      <div className="card-form-preview" aria-hidden="true">
        <CardPreview data={data} />
      </div>
      <form id={id} ref={form} className="card-form" noValidate onSubmit={submit}>
        <TextField
          id={`${fieldId}-number`}
          name="number"
          label="Card number"
          value={groupCardNumber(data.number)}
          error={errors.number}
          inputMode="numeric"
          maxLength={CARD_NUMBER_DISPLAY_LENGTH}
          placeholder="0000 0000 0000 0000"
          onValue={(typed) => set('number', cleanCardNumber(typed))}
        />
        <div className="field-pair">
          <TextField
            id={`${fieldId}-expiry`}
            name="expiry"
            label="Expiry"
            value={data.expiry}
            error={errors.expiry}
            inputMode="numeric"
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
            maxLength={CVV_DIGITS}
            placeholder="123"
            onValue={(typed) => set('cvv', cleanCvv(typed))}
          />
        </div>
        <TextField
          id={`${fieldId}-cardholder`}
          name="cardholder"
          label="Cardholder"
          value={data.cardholder}
          error={errors.cardholder}
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
            onChange={(event) => set('network', event.target.value as Network)}
          >
            {NETWORKS.map((network) => (
              <option key={network} value={network}>
                {NETWORK_LABELS[network]}
              </option>
            ))}
          </select>
        </div>
        <ThemePicker name="theme" value={data.theme} onChange={(theme) => set('theme', theme)} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {submitLabel}
        </button>
      </form>
    </>
  );
}

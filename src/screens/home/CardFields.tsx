/** The card's details as read-only rows, each with its own copy button. */
import { CopyButton } from '../../components/CopyButton';
import type { CardData } from '../../domain/card';
import { NETWORK_LABELS } from '../../domain/card';
import { groupCardNumber } from '../../domain/card-form';

interface Row {
  label: string;
  shown: string;
  /** What the copy button puts on the clipboard: the number without its spaces. */
  copied: string;
}

function rows(data: CardData): Row[] {
  const network = NETWORK_LABELS[data.network];
  return [
    { label: 'Card number', shown: groupCardNumber(data.number), copied: data.number },
    { label: 'Expiry', shown: data.expiry, copied: data.expiry },
    { label: 'Cardholder', shown: data.cardholder, copied: data.cardholder },
    { label: 'Issuer', shown: data.issuer, copied: data.issuer },
    { label: 'CVV', shown: data.cvv, copied: data.cvv },
    { label: 'Network', shown: network, copied: network },
  ];
}

export function CardFields({ data }: { data: CardData }) {
  return (
    <dl className="card-fields">
      {rows(data).map((row) => (
        <div key={row.label} className="card-field">
          <div className="card-field-text">
            <dt className="card-field-label">{row.label}</dt>
            <dd className="card-field-value">{row.shown || <span className="muted">Not set</span>}</dd>
          </div>
          {/* Nothing to copy for an empty optional field. */}
          {row.copied && <CopyButton field={row.label} value={row.copied} />}
        </div>
      ))}
    </dl>
  );
}

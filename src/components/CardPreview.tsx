/**
 * The card as a picture: its theme's gradient, the number in its network's groups (or masked), expiry with a flag
 * once the card has expired or expires soon, cardholder, issuer and network. Only the new-card form's live preview
 * shows placeholders for empty fields, so it previews a believable card; a saved card shows only what it has.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { CardData } from '../domain/card';
import { NETWORK_LABELS } from '../domain/card';
import { EXPIRY_LABELS, expiryStatus, maskCardNumber } from '../domain/card-checks';
import { groupCardNumber } from '../domain/number-groups';
import { themeBackground } from './card-themes';

export interface CardPreviewProps {
  data: CardData;
  /** Show only the first and last four digits (the maskCardNumber preference). */
  masked?: boolean;
  /** Fixed height for list rows; otherwise the card keeps a payment card's proportions. */
  height?: number;
  /** Placeholders for the fields still empty: the editor's preview of a card being typed. */
  placeholders?: boolean;
  /**
   * Hidden from assistive technology, where something beside the picture names the card (a list row's link): set on
   * the picture itself rather than on a wrapper, so a list of cards lays out one box fewer per row.
   */
  decorative?: boolean;
}

const NUMBER_PLACEHOLDER = '•••• •••• •••• ••••';

export function CardPreview({
  data,
  masked = false,
  height,
  placeholders = false,
  decorative = false,
}: CardPreviewProps) {
  const number = data.number
    ? masked
      ? maskCardNumber(data.number, data.network)
      : groupCardNumber(data.number, data.network)
    : '';
  const value = (text: string, placeholder: string): ReactNode =>
    text || (placeholders ? <span className="card-preview-placeholder">{placeholder}</span> : null);
  const status = expiryStatus(data.expiry, new Date());
  const style: CSSProperties = { backgroundImage: themeBackground(data.theme) };
  if (height !== undefined) style.height = height;
  return (
    <div className="card-preview" data-theme={data.theme} style={style} aria-hidden={decorative || undefined}>
      <div className="card-preview-top">
        <span className="card-preview-issuer">{value(data.issuer, 'Issuer/bank')}</span>
        {data.network !== 'OTHER' && <span className="card-preview-network">{NETWORK_LABELS[data.network]}</span>}
      </div>
      <span className="card-preview-chip" aria-hidden="true" />
      <div className="card-preview-number" data-testid="card-number">
        {value(number, NUMBER_PLACEHOLDER)}
      </div>
      <div className="card-preview-bottom">
        <span className="card-preview-holder">{value(data.cardholder, 'Your Name')}</span>
        {(data.expiry || placeholders) && (
          <span className="card-preview-expiry">
            {status && (
              <span className="card-preview-flag" data-status={status}>
                {EXPIRY_LABELS[status]}
              </span>
            )}
            <span className="card-preview-caption">Valid thru</span>
            {value(data.expiry, 'MM/YY')}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The card as a picture: its theme's gradient, the number in groups of four (or masked), expiry, cardholder,
 * issuer and network. Empty fields show placeholders so the new-card form previews a believable card.
 */
import type { CSSProperties } from 'react';
import type { CardData } from '../domain/card';
import { NETWORK_LABELS } from '../domain/card';
import { groupCardNumber, maskCardNumber } from '../domain/card-form';
import { themeBackground } from './card-themes';

export interface CardPreviewProps {
  data: CardData;
  /** Show only the first and last four digits (the maskCardNumber preference). */
  masked?: boolean;
  /** Fixed height for list rows; otherwise the card keeps a payment card's proportions. */
  height?: number;
}

const NUMBER_PLACEHOLDER = '•••• •••• •••• ••••';

function Value({ text, placeholder }: { text: string; placeholder: string }) {
  return text ? text : <span className="card-preview-placeholder">{placeholder}</span>;
}

export function CardPreview({ data, masked = false, height }: CardPreviewProps) {
  const number = data.number ? (masked ? maskCardNumber(data.number) : groupCardNumber(data.number)) : '';
  const style: CSSProperties = { backgroundImage: themeBackground(data.theme) };
  if (height !== undefined) style.height = height;
  return (
    <div className="card-preview" data-theme={data.theme} style={style}>
      <div className="card-preview-top">
        <span className="card-preview-issuer">
          <Value text={data.issuer} placeholder="Issuer/bank" />
        </span>
        {data.network !== 'OTHER' && <span className="card-preview-network">{NETWORK_LABELS[data.network]}</span>}
      </div>
      <span className="card-preview-chip" aria-hidden="true" />
      <div className="card-preview-number" data-testid="card-number">
        <Value text={number} placeholder={NUMBER_PLACEHOLDER} />
      </div>
      <div className="card-preview-bottom">
        <span className="card-preview-holder">
          <Value text={data.cardholder} placeholder="Your Name" />
        </span>
        <span className="card-preview-expiry">
          <span className="card-preview-caption">Valid thru</span>
          <Value text={data.expiry} placeholder="MM/YY" />
        </span>
      </div>
    </div>
  );
}

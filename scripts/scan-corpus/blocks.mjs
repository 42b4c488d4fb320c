// The pieces a card face is made of, as HTML with the CSS that styles them: the number in its groups, the expiry
// block (dates with their words), the holder's lines, and what surrounds them (chip, contactless mark, the bank, the
// network's mark). Positions are the layouts' (layouts.mjs); printed text goes through emboss.mjs's `printed`.

import { drawBank } from './card-text.mjs';
import { between, pick } from './cards.mjs';
import { printed } from './emboss.mjs';

/** The widest digit of the typefaces in em (DejaVu's 0.636), so a number fitted by it never runs off the card. */
const DIGIT_EM = 0.64;

/**
 * The font size (px) that fits a number's groups in `share` of `width`, at most `most` px.
 * @param {string[]} groups
 * @param {number} width
 * @param {number} share
 * @param {number} most
 * @param {{ spacing: number, gap: number }} set letter spacing and the gap between groups, in em
 */
export function fitNumber(groups, width, share, most, set) {
  const ems = groups.join('').length * (DIGIT_EM + set.spacing) + (groups.length - 1) * set.gap;
  return Math.min(most, (width * share) / ems);
}

/**
 * The number: each group a span, apart by `gap` em (or one group to a line when `stacked`).
 * @param {string[]} groups
 * @param {{ foil: string }} style
 * @param {boolean} [stacked]
 */
export function numberBlock(groups, style, stacked = false) {
  const spans = groups.map((group) => `<span class="group">${group}</span>`).join(stacked ? '<br>' : '');
  return printed(spans, 't number', style);
}

/**
 * CSS for the printed pieces: the tiny words beside a date are flat print in a sans face (the relief layer shows
 * them, the foil layer keeps their room but hides them, so both layers' dates line up).
 * @param {{ ink: string }} surface
 * @param {{ relief: string, foil: string }} style
 * @param {string} font
 * @param {{ gap: number, spacing: number, tiny: number }} set
 */
export function printCss(surface, style, font, set) {
  return `
.t { position: absolute; white-space: nowrap; line-height: 1; font-family: ${font}, monospace; }
.relief { ${style.relief} }
.foil { ${style.foil} }
.number { letter-spacing: ${set.spacing}em; }
.number .group + .group { margin-left: ${set.gap}em; }
.expiry { display: flex; align-items: flex-end; gap: 0.9em; }
.piece { display: flex; align-items: center; gap: 0.35em; }
.date { display: flex; flex-direction: column; align-items: flex-start; }
.words { font: ${set.tiny}px 'DejaVu Sans', 'Liberation Sans', sans-serif; line-height: 1.1; letter-spacing: 0.02em; }
.above { margin-bottom: 0.25em; }
.relief .words { color: ${surface.ink}; text-shadow: none; opacity: 0.85; }
.foil .words { visibility: hidden; }
.holder div + div { margin-top: 0.35em; }`;
}

/**
 * The expiry: each printed date with its words to the left (stacked in two lines or on one) and above it.
 * @param {{ date: string, words: string[], stacked: boolean, above: string }[]} pieces
 * @param {{ foil: string }} style
 */
export function expiryBlock(pieces, style) {
  const html = pieces
    .map((piece) => {
      const words = piece.words.length > 0 ? `<span class="words">${piece.words.join('<br>')}</span>` : '';
      const above = piece.above ? `<span class="words above">${piece.above}</span>` : '';
      return `<span class="piece">${words}<span class="date">${above}<span>${piece.date}</span></span></span>`;
    })
    .join('');
  return printed(html, 't expiry', style);
}

/**
 * The holder's lines: the company's above the person's.
 * @param {{ name: string, company?: string }} card
 * @param {{ foil: string }} style
 */
export function holderBlock(card, style) {
  const lines = [card.company, card.name].filter(Boolean).map((line) => `<div>${line}</div>`);
  return lines.length > 0 ? printed(lines.join(''), 't holder', style) : '';
}

/**
 * The chip: gold or silver contacts with their dividing lines, `w` × `h` % of the card at `left`, `top` %.
 * @param {import('./cards.mjs').Random} random
 * @param {{ left: number, top: number, w: number, h: number }} box
 */
export function chip(random, box) {
  const metal = pick(random, [
    ['#f1dc97', '#b8943f'],
    ['#e9e9e9', '#9a9da3'],
  ]);
  return `<div style="position:absolute; left:${box.left}%; top:${box.top}%; width:${box.w}%; height:${box.h}%;
    border-radius: 14%; border: 1px solid #00000040;
    background: linear-gradient(90deg, transparent 32%, #00000035 32% 34%, transparent 34% 66%, #00000035 66% 68%, transparent 68%),
      linear-gradient(0deg, transparent 32%, #00000035 32% 34%, transparent 34% 66%, #00000035 66% 68%, transparent 68%),
      linear-gradient(135deg, ${metal[0]}, ${metal[1]});"></div>`;
}

/**
 * The contactless mark: four arcs.
 * @param {{ left: number, top: number, h: number }} box
 * @param {string} ink
 */
export const contactless = (box, ink) =>
  `<svg style="position:absolute; left:${box.left}%; top:${box.top}%; height:${box.h}%;" viewBox="0 0 24 30"><g fill="none" stroke="${ink}" stroke-width="2" stroke-linecap="round" opacity="0.8"><path d="M3 9 q4 6 0 12"/><path d="M8 6 q6 9 0 18"/><path d="M13 3 q8 12 0 24"/><path d="M18 1 q10 14 0 28"/></g></svg>`;

/**
 * The network's mark at a corner: Mastercard's circles, Visa's italic word, the others' names.
 * @param {string} mark
 * @param {boolean} light whether the face is light
 * @param {number} size px, about the number's size
 * @param {string} where CSS placing it
 */
export function networkMark(mark, light, size, where) {
  const ink = light ? '#1a1f71' : '#ffffff';
  if (mark === 'mastercard') {
    const circle = (/** @type {string} */ colour, /** @type {number} */ left) =>
      `<div style="position:absolute; left:${left}px; top:0; width:${size * 1.5}px; height:${size * 1.5}px; border-radius:50%; background:${colour}; opacity:0.95;"></div>`;
    return `<div style="position:absolute; ${where} width:${size * 2.5}px; height:${size * 1.5}px;">${circle('#eb001b', 0)}${circle('#f79e1bdd', size)}</div>`;
  }
  const italic = mark === 'VISA' ? 'italic 900' : mark === 'AMERICAN EXPRESS' ? '700' : 'italic 700';
  const scale = mark === 'VISA' ? 1.3 : mark.length > 10 ? 0.55 : 0.8;
  return `<div style="position:absolute; ${where} font: ${italic} ${size * scale}px 'Liberation Sans', sans-serif; color:${ink}; letter-spacing:0.02em;">${mark}</div>`;
}

/**
 * The bank's name and the card's kind, flat print at the top.
 * @param {import('./cards.mjs').Random} random
 * @param {string} ink
 * @param {number} size px
 * @param {boolean} vertical
 */
export function bankLine(random, ink, size, vertical) {
  const { bank, kind, bankSize } = drawBank(random);
  const face = pick(random, ["700 'DejaVu Sans'", "italic 700 'DejaVu Serif'", "700 'Liberation Sans'"]);
  const where = vertical ? 'left: 8%; top: 5%;' : `left: ${between(random, 5, 8)}%; top: ${between(random, 6, 9)}%;`;
  const kindWhere = vertical ? 'left: 8%; top: 10%;' : 'right: 6%; top: 8%;';
  return `<div style="position:absolute; ${where} font: ${face} ${size * bankSize * 0.6}px sans-serif; color:${ink};">${bank}</div>
    <div style="position:absolute; ${kindWhere} font: italic ${size * 0.45}px 'DejaVu Sans', sans-serif; color:${ink}; opacity:0.85;">${kind}</div>`;
}

// Where things sit on a real-looking card: the front of a landscape card, its back (magnetic stripe, signature panel,
// the number in small flat print) and a portrait card's front (the number stacked in fours). Each gives the card's
// inner HTML and its CSS; positions are % of the card, sizes px from its width.

import {
  bankLine,
  chip,
  contactless,
  expiryBlock,
  fitNumber,
  holderBlock,
  networkMark,
  numberBlock,
  printCss,
} from './blocks.mjs';
import { TYPEFACES } from './card-text.mjs';
import { between, pick } from './cards.mjs';
import { glareStripe, HOLOGRAM_EMBLEM, hologram, scratches } from './effects.mjs';

/** @typedef {import('./real-card.mjs').RealCard} RealCard */
/** @typedef {ReturnType<typeof import('./surfaces.mjs').drawSurface>} Surface */
/** @typedef {{ relief: string, foil: string }} Style */

/**
 * Heights (% of the card) of the number, expiry and holder blocks, from their font sizes.
 * @param {RealCard} card
 * @param {{ number: number, expiry: number, name: number, tiny: number, lines: number }} px
 * @param {number} height the card's, px
 */
function heights(card, px, height) {
  const above = card.expiryPrinted.some((piece) => piece.above) ? px.tiny * 1.4 : 0;
  return {
    number: (100 * px.number * px.lines * 1.15) / height,
    expiry: (100 * (px.expiry + above)) / height,
    holder: (100 * px.name * (card.company ? 2.4 : 1.05)) / height,
  };
}

/**
 * The front of a landscape card.
 * @param {import('./cards.mjs').Random} random
 * @param {RealCard} card
 * @param {Surface} surface
 * @param {Style} style
 * @param {number} width px
 */
export function front(random, card, surface, style, width) {
  const height = width / 1.586;
  const set = { spacing: between(random, 0.02, 0.1), gap: between(random, 0.45, 1.0), tiny: 0 };
  const size = fitNumber(card.groups, width, between(random, 0.74, 0.86), width / 17, set);
  set.tiny = Math.max(5, size * between(random, 0.22, 0.3));
  const px = { number: size, expiry: size * between(random, 0.55, 0.7), name: size * between(random, 0.5, 0.64) };
  const tall = heights(card, { ...px, tiny: set.tiny, lines: 1 }, height);
  const top = card.network === 'AMEX' ? between(random, 46, 51) : between(random, 50, 57);
  const left = between(random, 5.5, 9.5);
  const expiryTop = top + tall.number + between(random, 2, 5);
  const holderTop = Math.min(95 - tall.holder, expiryTop + tall.expiry + between(random, 2, 5));
  const expiryLeft = card.expiryPrinted.length > 1 ? between(random, 14, 26) : between(random, 26, 46);
  const chipHeight = between(random, 15, 18);
  const chipTop = Math.max(18, top - 3 - chipHeight);
  const parts = [
    bankLine(random, surface.ink, size, false),
    chip(random, { left: between(random, 8, 12), top: chipTop, w: chipHeight * 0.72, h: chipHeight }),
    contactless({ left: between(random, 24, 30), top: chipTop + chipHeight * 0.2, h: chipHeight * 0.6 }, surface.ink),
  ];
  const css = [
    printCss(surface, style, TYPEFACES[/** @type {keyof typeof TYPEFACES} */ (card.font)], set),
    `.number { left: ${left}%; top: ${top}%; font-size: ${px.number}px; }`,
    `.expiry { left: ${expiryLeft}%; top: ${expiryTop}%; font-size: ${px.expiry}px; }`,
    `.holder { left: ${left + between(random, 0, 2)}%; top: ${holderTop}%; font-size: ${px.name}px; }`,
    HOLOGRAM_EMBLEM,
  ];
  /** @type {Record<string, unknown>} */
  const varied = { numberTop: top, numberSize: size / width };
  if (card.look === 'hologram') {
    const patch = hologram(random, top);
    css.push(`.hologram { position: absolute; ${patch.css} }`);
    parts.push(patch.html);
    Object.assign(varied, patch.varied);
  }
  parts.push(numberBlock(card.groups, style), expiryBlock(card.expiryPrinted, style), holderBlock(card, style));
  if (card.network === 'AMEX') {
    // American Express prints its four-digit code above the number's right end: digits the reader must leave alone.
    const code = String(Math.floor(random() * 10000)).padStart(4, '0');
    parts.push(
      `<div style="position:absolute; right:14%; top:${top - 7}%; font: ${size * 0.4}px 'DejaVu Sans Mono'; color:${surface.ink};">${code}</div>`,
    );
  }
  parts.push(
    networkMark(card.mark, surface.light, size, `right: ${between(random, 5, 8)}%; bottom: ${between(random, 6, 9)}%;`),
  );
  if (card.look === 'glare-stripe') {
    const stripe = glareStripe(random);
    css.push(`.stripe { position: absolute; ${stripe.css} }`);
    parts.push(stripe.html);
    Object.assign(varied, stripe.varied);
  }
  if (card.worn) {
    const worn = scratches(random);
    css.push(`.scratches { position: absolute; ${worn.css} }`);
    parts.push(worn.html);
  }
  return { css: css.join('\n'), html: parts.join('\n'), height, varied };
}

/**
 * The back of a landscape card: the magnetic stripe, the signature panel with its code, the number with the expiry
 * and the holder in small flat print, and the issuer's fine print with a telephone number.
 * @param {import('./cards.mjs').Random} random
 * @param {RealCard} card
 * @param {Surface} surface
 * @param {Style} style
 * @param {number} width px
 */
export function back(random, card, surface, style, width) {
  const height = width / 1.586;
  const set = { spacing: between(random, 0.02, 0.08), gap: between(random, 0.3, 0.8), tiny: 0 };
  const size = fitNumber(card.groups, width, between(random, 0.42, 0.6), width / 22, set);
  set.tiny = Math.max(5, size * between(random, 0.3, 0.4));
  const px = { number: size, expiry: size * between(random, 0.8, 1), name: size * between(random, 0.75, 0.95) };
  const tall = heights(card, { ...px, tiny: set.tiny, lines: 1 }, height);
  const stripeTop = between(random, 5, 9);
  const stripeHeight = between(random, 17, 21);
  const panelTop = stripeTop + stripeHeight + between(random, 5, 8);
  const panelHeight = between(random, 11, 14);
  const panelWidth = between(random, 52, 62);
  const numberTop = panelTop + panelHeight + between(random, 5, 9);
  const left = between(random, 5, 9);
  const expiryTop = numberTop + tall.number + between(random, 2, 4);
  const holderTop = Math.min(86 - tall.holder, expiryTop + tall.expiry + between(random, 2, 4));
  const code = String(Math.floor(random() * 1000)).padStart(3, '0');
  const phone = `1-800-555-0${String(Math.floor(random() * 200)).padStart(3, '0')}`;
  const fine = size * between(random, 0.3, 0.38);
  const css = [
    printCss(surface, style, TYPEFACES[/** @type {keyof typeof TYPEFACES} */ (card.font)], set),
    `.number { left: ${left}%; top: ${numberTop}%; font-size: ${px.number}px; }`,
    `.expiry { left: ${left}%; top: ${expiryTop}%; font-size: ${px.expiry}px; }`,
    `.holder { left: ${left}%; top: ${holderTop}%; font-size: ${px.name}px; }`,
    `.magnetic { position: absolute; left: 0; right: 0; top: ${stripeTop}%; height: ${stripeHeight}%;
      background: linear-gradient(#2e2e2e, #0b0b0b 35%, #161616 70%, #2a2a2a); }`,
    `.panel { position: absolute; left: ${left - 1}%; top: ${panelTop}%; width: ${panelWidth}%; height: ${panelHeight}%;
      background: repeating-linear-gradient(-50deg, #f4f1e8 0 5px, #dfe6ef 5px 8px); overflow: hidden; }`,
    `.signature { position: absolute; left: 8%; bottom: 8%; font: italic ${size * 1.1}px 'DejaVu Serif', serif;
      color: #203a8f; transform: rotate(-4deg); }`,
    `.code { position: absolute; left: ${left + panelWidth}%; top: ${panelTop + 1}%; height: ${panelHeight - 2}%;
      padding: 0 0.5em; background: #fff; display: flex; align-items: center; font: italic ${size * 0.85}px 'DejaVu Sans'; color: #111; }`,
    `.fine { position: absolute; left: ${left}%; right: 6%; bottom: 5%; font: ${fine}px 'DejaVu Sans', sans-serif;
      color: ${surface.ink}; opacity: 0.75; line-height: 1.3; white-space: normal; }`,
  ];
  const signature = card.name
    ? card.name
        .split(' ')
        .map((word) => word[0] + word.slice(1).toLowerCase())
        .join(' ')
    : '';
  const html = [
    '<div class="magnetic"></div>',
    `<div class="panel"><div class="signature">${signature}</div></div><div class="code">${code}</div>`,
    numberBlock(card.groups, style),
    expiryBlock(card.expiryPrinted, style),
    holderBlock(card, style),
    `<div class="fine">${pick(random, ['This card is the property of the issuing bank.', 'Use of this card is subject to the cardholder agreement.'])}
      If found, please return it. Customer service ${phone}. Lost or stolen: call ${phone} at any time.</div>`,
  ];
  return { css: css.join('\n'), html: html.join('\n'), height, varied: { numberTop, numberSize: size / width } };
}

/**
 * The front of a portrait card: the chip at the top, the number stacked one group to a line, the expiry and the
 * holder below it, the network's mark at the bottom.
 * @param {import('./cards.mjs').Random} random
 * @param {RealCard} card
 * @param {Surface} surface
 * @param {Style} style
 * @param {number} width px
 */
export function vertical(random, card, surface, style, width) {
  const height = width * 1.586;
  const set = { spacing: between(random, 0.03, 0.1), gap: 0, tiny: 0 };
  const top = between(random, 30, 38);
  // Five lines of a 19-digit number are set smaller, so that they end by two thirds down, above the expiry and holder.
  const most = (((66 - top) / 100) * height) / (card.groups.length * 1.15);
  const size = Math.min(most, width * between(random, 0.1, 0.135));
  set.tiny = Math.max(5, size * between(random, 0.22, 0.3));
  const px = { number: size, expiry: size * between(random, 0.55, 0.7), name: size * between(random, 0.45, 0.55) };
  const tall = heights(card, { ...px, tiny: set.tiny, lines: card.groups.length }, height);
  const left = between(random, 8, 12);
  const expiryTop = top + tall.number + between(random, 2, 4);
  const holderTop = Math.min(84 - tall.holder, expiryTop + tall.expiry + between(random, 2, 4));
  const css = [
    printCss(surface, style, TYPEFACES[/** @type {keyof typeof TYPEFACES} */ (card.font)], set),
    `.number { left: ${left}%; top: ${top}%; font-size: ${px.number}px; line-height: 1.15; }`,
    `.expiry { left: ${left}%; top: ${expiryTop}%; font-size: ${px.expiry}px; }`,
    `.holder { left: ${left}%; top: ${holderTop}%; font-size: ${px.name}px; }`,
  ];
  const html = [
    bankLine(random, surface.ink, size * 1.3, true),
    chip(random, { left: left, top: 17, w: 17, h: 11 }),
    contactless({ left: left + 24, top: 18, h: 8 }, surface.ink),
    numberBlock(card.groups, style, true),
    expiryBlock(card.expiryPrinted, style),
    holderBlock(card, style),
    networkMark(card.mark, surface.light, size * 1.1, 'right: 8%; bottom: 5%;'),
  ];
  return { css: css.join('\n'), html: html.join('\n'), height, varied: { numberTop: top, numberSize: size / width } };
}

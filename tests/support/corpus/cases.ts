/** What every corpus case shares: its seed from a base, an excerpt of its input, and whether a reason reads plainly. */

/** A short, printable excerpt of a case's input for failure messages. */
export function excerpt(text: string, length = 240): string {
  const shown = JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
  return text.length > length ? `${shown} (${text.length} characters)` : shown;
}

/** A reason shown to a person: plain words, not empty, not a dump of the value. */
export function plainReasonProblem(reason: unknown): string | null {
  if (typeof reason !== 'string') return `reason is ${typeof reason}, not text`;
  if (reason.trim() === '') return 'reason is empty';
  if (reason.length > 200) return `reason is ${reason.length} characters long`;
  // A program value written out bare (quoted text the person stored is fine: 'its theme "NaN" is unknown').
  if (/(?<!")(\bundefined\b|\[object |\bNaN\b)/.test(reason)) {
    return `reason ${JSON.stringify(reason)} shows a program value`;
  }
  return null;
}

/** Case seeds spread over the 32-bit range from one base seed. */
export const caseSeed = (base: number, index: number): number => (base + Math.imul(index + 1, 0x9e3779b1)) >>> 0;

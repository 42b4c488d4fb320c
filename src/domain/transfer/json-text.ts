/**
 * An export file's text, made without a long task. A plain export of ten thousand cards is 6 to 9 MB of indented
 * JSON; `JSON.stringify` of it in one call held a phone four times slower than a laptop still for a third to half a
 * second, and even joining the items' texts into one string, or copying one such string, took 60 to 150 ms there.
 * Only the one long list (the cards' items) is large, so it is written a slice of items at a time, each slice a task
 * of its own (next-task.ts), and the text is kept in parts: a slice's items each, which the download makes a file of
 * without ever joining them (src/screens/you/data/download.ts).
 */
import { nextTask } from '../next-task';

/** The item's text as it stands in the list, every line after its first indented by `inner`. */
const itemText = (item: unknown, inner: string): string =>
  `${inner}${JSON.stringify(item, null, 2).replace(/\n/g, `\n${inner}`)}`;

/** Items written in one task: at 4× CPU throttling, 500 cards' items take 10–20 ms. */
export const ITEMS_PER_PART = 500;

/**
 * Exactly `JSON.stringify(document, null, 2)`, in parts, where `list` (an array held in `document`, found by
 * identity) is written a slice of items at a time. Its items are objects (each has a text; `undefined` or a function
 * would not).
 */
export async function indentedJson(document: unknown, list: readonly object[]): Promise<string[]> {
  // The list's place in the rest, by a string no card can hold: a fresh random name.
  const marker = JSON.stringify(`sleeve-list-${crypto.randomUUID()}`);
  const outline = JSON.stringify(document, (_key, value: unknown) => (value === list ? JSON.parse(marker) : value), 2);
  const at = outline.indexOf(marker);
  if (at < 0) throw new Error('The list is not in the document');
  const before = outline.slice(0, at);
  const after = outline.slice(at + marker.length);
  if (list.length === 0) return [`${before}[]${after}`];
  // The line that holds the list starts with its indent (`  "items": ` or nothing at the top); items go one deeper.
  const line = before.slice(before.lastIndexOf('\n') + 1);
  const indent = line.slice(0, line.length - line.trimStart().length);
  const inner = `${indent}  `;
  const parts = [`${before}[\n`];
  for (let start = 0; start < list.length; start += ITEMS_PER_PART) {
    await nextTask();
    const texts = list.slice(start, start + ITEMS_PER_PART).map((item) => itemText(item, inner));
    parts.push(`${start > 0 ? ',\n' : ''}${texts.join(',\n')}`);
  }
  parts.push(`\n${indent}]${after}`);
  return parts;
}

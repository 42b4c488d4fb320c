/**
 * An export file's text, made without a long task. A plain export of ten thousand cards is 6 to 9 MB of indented
 * JSON; `JSON.stringify` of it in one call held a phone four times slower than a laptop still for a third to half a
 * second, and even joining the items' texts into one string, or copying one such string, took 60 to 150 ms there.
 * Only the one long list (the cards' items) is large, so it is written a slice of items at a time, each slice a task
 * of its own timed as next-task.ts times them, and the text is kept in parts: a slice's items each, which the
 * download makes a file of without ever joining them (src/screens/you/data/download.ts).
 */
import { sliceClock } from '../next-task';

/** The item's text as it stands in the list, every line after its first indented by `inner`. */
const itemText = (item: unknown, inner: string): string =>
  `${inner}${JSON.stringify(item, null, 2).replace(/\n/g, `\n${inner}`)}`;

/**
 * Exactly `JSON.stringify(document, null, 2)`, in parts, where `list` (an array held in `document`, found by
 * identity) is written a slice of items at a time. Its items are objects (each has a text; `undefined` or a function
 * would not).
 */
export async function indentedJson(
  document: unknown,
  list: readonly object[],
  /** The clock the slices are timed by (the page's own by default). */
  now?: () => number,
): Promise<string[]> {
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
  const slice = sliceClock(now);
  await slice.next();
  let texts: string[] = [];
  const endPart = () => {
    parts.push(`${parts.length > 1 ? ',\n' : ''}${texts.join(',\n')}`);
    texts = [];
  };
  for (let index = 0; index < list.length; index++) {
    texts.push(itemText(list[index], inner));
    if (index + 1 < list.length && slice.due()) {
      endPart();
      await slice.next();
    }
  }
  endPart();
  parts.push(`\n${indent}]${after}`);
  return parts;
}

/** Where the page shows `value` to anyone: its text (what is seen and read out) or any attribute (names, labels). */
export function foundInPage(value: string): string[] {
  const found: string[] = [];
  if (document.body.textContent?.includes(value)) found.push('the text');
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (attribute.value.includes(value)) found.push(`${element.tagName.toLowerCase()}[${attribute.name}]`);
    }
  }
  return found;
}

/** '1 card', '3 cards'. */
export const cardCount = (count: number): string => `${count} ${count === 1 ? 'card' : 'cards'}`;

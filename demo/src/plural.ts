/** "1 solution", "14,200 solutions": a count and its noun, digits grouped. */
export const plural = (k: number, one: string, many: string) => `${k.toLocaleString('en')} ${k === 1 ? one : many}`;

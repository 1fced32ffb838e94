/** Escapes LIKE/ILIKE wildcards (`%`, `_`) and the escape character itself, so the text matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A LIKE/ILIKE pattern matching any text that contains `text` literally. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

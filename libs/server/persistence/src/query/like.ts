/** `%`, `_` and `\` stand for themselves in a LIKE pattern built from user text (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching values that contain the text. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A LIKE pattern matching values that start with the text. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;

// The back-office lists search "contains" with SQL LIKE; what a person typed must never act as a wildcard.

/**
 * A LIKE pattern matching any text that contains `text`: its `%`, `_` and `\` are escaped (backslash is
 * PostgreSQL's default LIKE escape), so a search for "a_b" or "50%" finds exactly that.
 */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Row-to-entity helpers: numeric columns arrive as strings from postgres.js. */
export const num = (value: unknown): number => Number(value);
export const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
export const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/**
 * Why a regular clean's visits are cancelled, as their cancel reason says it. On its own so that a
 * booking's edit (which may end a regular clean, issue 28) can name it without the series' rules.
 */
export const SERIES_CANCEL_REASONS = {
  skipped: "Skipped",
  replaced: "Replaced by a change to the regular clean",
  paused: "Regular clean paused",
  ended: "Regular clean ended",
} as const;

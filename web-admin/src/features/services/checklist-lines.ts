/**
 * A service's checklist for cleaners (issue 31) as the form holds it: one item a line in a text
 * box. Core's schema judges the lines as typed (so a message can name its line); what is sent is
 * the items, trimmed, without blank lines.
 */
import { messagesOf } from "../../lib/use-staff-form.ts";
import type { FieldError } from "react-hook-form";

/** The box's text for a saved checklist. */
export const checklistText = (items: readonly string[] | undefined): string => (items ?? []).join("\n");

/** The lines as typed, blank ones included, so an index is a line of the box. */
export const typedLines = (text: string): string[] => text.split(/\r\n|\r|\n/);

/** The items to send: each line trimmed, blank lines dropped. */
export const checklistOf = (text: string): string[] => typedLines(text).map((line) => line.trim()).filter((line) => line !== "");

export const sameChecklist = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Every message of the checklist field: the list's own ("at most 30 lines") first, then each
 * line's, named by its line number in the box.
 */
export function checklistMessages(node: unknown): string[] {
  if (node === null || typeof node !== "object") return [];
  const own = [...(messagesOf(node as FieldError) ?? []), ...(messagesOf((node as { root?: FieldError }).root) ?? [])];
  const lines = Object.entries(node)
    .filter(([key, child]) => /^\d+$/.test(key) && child)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([key, child]) => (messagesOf(child as FieldError) ?? []).map((message) => `Line ${Number(key) + 1}: ${message}`));
  return [...new Set(own), ...lines];
}

/**
 * The server names a bad item by its place in the list sent (checklist.2, blank lines already
 * dropped): moved to the line of the box it came from, so the form shows it as its own check would.
 */
export function checklistErrorsByLine(fieldErrors: Record<string, string[]>, text: string): Record<string, string[]> {
  const lineOfItem: number[] = [];
  typedLines(text).forEach((line, index) => {
    if (line.trim() !== "") lineOfItem.push(index);
  });
  const placed: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const item = /^checklist\.(\d+)$/.exec(path)?.[1];
    const line = item === undefined ? undefined : lineOfItem[Number(item)];
    placed[line === undefined ? path : `checklist.${line}`] = messages;
  }
  return placed;
}

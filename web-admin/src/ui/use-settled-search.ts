import { useEffect, useEffectEvent } from "react";
import { useDraft } from "./use-draft.ts";

const SEARCH_DELAY_MS = 300;

/**
 * A search box over a settled value (the one in the URL): `onSettle` gets the text once typing
 * pauses for 300 ms, so a list asks the server once per search, not once per key. When the value
 * changes from outside (Back, a shared link) the box follows it.
 */
export function useSettledSearch(value: string, onSettle: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useDraft(value);
  const settle = useEffectEvent(onSettle);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => settle(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText];
}

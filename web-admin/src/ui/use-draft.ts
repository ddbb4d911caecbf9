import { useState } from "react";

/**
 * A local draft of a value held elsewhere (the URL, the cache): edited freely, and reset to the
 * value whenever that changes from outside (Back, a shared link, the server's answer).
 */
export function useDraft<T>(value: T): [T, (draft: T) => void] {
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (!Object.is(value, followed)) {
    setFollowed(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

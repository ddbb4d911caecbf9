import { startTransition, useEffect, useState } from "react";

/**
 * When the customer opened the form, or null on the server and in the first client render: the
 * prerendered HTML is built days before it is served, so that render must not depend on the day.
 * The date follows right after mount, as a transition, so it never joins (and lengthens) the
 * hydration or data renders around it. Fixed for the visit, so the earliest bookable day does
 * not move while the customer types.
 */
export function useVisitStart(): Date | null {
  const [visitStart, setVisitStart] = useState<Date | null>(null);
  useEffect(() => startTransition(() => setVisitStart(new Date())), []);
  return visitStart;
}

import { createRoute } from "@tanstack/react-router";
import { closedDatesQuery } from "../features/closed-dates/closed-dates-api.ts";
import { ClosedDatesCard } from "../features/closed-dates/closed-dates-card.tsx";
import { contentQuery, schedulingQuery, SettingsPage } from "../features/settings/settings-page.tsx";
import { serviceAreaQuery } from "../features/settings/service-area-card.tsx";
import { authedRoute } from "./authed.tsx";

export const settingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/settings",
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(schedulingQuery);
    void queryClient.prefetchQuery(contentQuery);
    void queryClient.prefetchQuery(serviceAreaQuery);
    void queryClient.prefetchQuery(closedDatesQuery);
  },
  // The closed dates are their own feature; the page gives them their place.
  component: () => <SettingsPage closedDates={<ClosedDatesCard />} />,
});

import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { closedDatesQuery } from "../features/closed-dates/closed-dates-api.ts";
import { authedRoute } from "./authed.tsx";

// Their own chunks, loaded with the first visit; the settings' queries live beside their cards.
const settingsPage = () => import("../features/settings/settings-page.tsx");
const serviceAreaCard = () => import("../features/settings/service-area-card.tsx");
const SettingsPage = lazyRouteComponent(settingsPage, "SettingsPage");
const ClosedDatesCard = lazyRouteComponent(() => import("../features/closed-dates/closed-dates-card.tsx"), "ClosedDatesCard");
const FeedbackSettingsCard = lazyRouteComponent(() => import("../features/feedback/feedback-settings-card.tsx"), "FeedbackSettingsCard");
const feedbackQueries = () => import("../features/feedback/feedback-queries.ts");
const RunSheetCard = lazyRouteComponent(() => import("../features/team-notices/run-sheet-card.tsx"), "RunSheetCard");
const teamNoticesQueries = () => import("../features/team-notices/team-notices-queries.ts");

export const settingsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/settings",
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(closedDatesQuery);
    const [{ schedulingQuery, contentQuery }, { serviceAreaQuery }, { feedbackSettingsQuery }, { teamNoticeSettingsQuery }] = await Promise.all([
      settingsPage(),
      serviceAreaCard(),
      feedbackQueries(),
      teamNoticesQueries(),
      SettingsPage.preload?.(),
      ClosedDatesCard.preload?.(),
      FeedbackSettingsCard.preload?.(),
      RunSheetCard.preload?.(),
    ]);
    void queryClient.prefetchQuery(schedulingQuery);
    void queryClient.prefetchQuery(contentQuery);
    void queryClient.prefetchQuery(serviceAreaQuery);
    void queryClient.prefetchQuery(feedbackSettingsQuery);
    void queryClient.prefetchQuery(teamNoticeSettingsQuery);
  },
  // The closed dates are their own feature; the page gives them their place.
  component: () => (
    <SettingsPage closedDates={<ClosedDatesCard />} teamNotices={<RunSheetCard />} feedback={<FeedbackSettingsCard />} />
  ),
});

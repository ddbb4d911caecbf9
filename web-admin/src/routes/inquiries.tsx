import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { inquiryListQuery, inquiryQuery } from "../features/inquiries/inquiries-queries.ts";
import { filtersOf, inquiriesSearchSchema } from "../features/inquiries/inquiries-search.ts";
import { authedRoute } from "./authed.tsx";

// Their own chunks: each screen's code loads with its first visit, not with the staff area.
const InquiriesPage = lazyRouteComponent(() => import("../features/inquiries/inquiries-page.tsx"), "InquiriesPage");
const InquiryRecordPage = lazyRouteComponent(() => import("../features/inquiries/inquiry-record-page.tsx"), "InquiryRecordPage");

export const inquiriesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/inquiries",
  validateSearch: inquiriesSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the list's load with the navigation; the page shows its own loading state meanwhile.
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(inquiryListQuery(filtersOf(deps), deps.page ?? 1));
    await InquiriesPage.preload?.();
  },
  component: function InquiriesRoute() {
    const navigate = inquiriesRoute.useNavigate();
    return (
      <InquiriesPage
        search={inquiriesRoute.useSearch()}
        onSearchChange={(search, options) => void navigate({ search, replace: options?.replace })}
      />
    );
  },
});

export const inquiryRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/inquiries/$inquiryId",
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(inquiryQuery(params.inquiryId));
    await InquiryRecordPage.preload?.();
  },
  component: function InquiryRoute() {
    const { inquiryId } = inquiryRoute.useParams();
    return <InquiryRecordPage key={inquiryId} inquiryId={inquiryId} />;
  },
});

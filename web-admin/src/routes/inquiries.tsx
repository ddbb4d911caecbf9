import { createRoute } from "@tanstack/react-router";
import { InquiriesPage } from "../features/inquiries/inquiries-page.tsx";
import { inquiryListQuery, inquiryQuery } from "../features/inquiries/inquiries-queries.ts";
import { filtersOf, inquiriesSearchSchema } from "../features/inquiries/inquiries-search.ts";
import { InquiryRecordPage } from "../features/inquiries/inquiry-record-page.tsx";
import { authedRoute } from "./authed.tsx";

export const inquiriesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/inquiries",
  validateSearch: inquiriesSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the list's load with the navigation; the page shows its own loading state meanwhile.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(inquiryListQuery(filtersOf(deps), deps.page ?? 1));
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
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(inquiryQuery(params.inquiryId));
  },
  component: function InquiryRoute() {
    const { inquiryId } = inquiryRoute.useParams();
    return <InquiryRecordPage key={inquiryId} inquiryId={inquiryId} />;
  },
});

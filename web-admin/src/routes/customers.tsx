import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { customerQuery } from "../lib/customer-record.ts";
import { customerListQuery } from "../features/customers/customers-queries.ts";
import { customersSearchSchema, filtersOf } from "../features/customers/customers-search.ts";
import { authedRoute } from "./authed.tsx";

// Their own chunks: each screen's code loads with its first visit, not with the staff area.
const CustomersPage = lazyRouteComponent(() => import("../features/customers/customers-page.tsx"), "CustomersPage");
const CustomerRecordPage = lazyRouteComponent(() => import("../features/customers/customer-record-page.tsx"), "CustomerRecordPage");
const CustomerRatings = lazyRouteComponent(() => import("../features/feedback/customer-ratings.tsx"), "CustomerRatings");

/** /customers?q=&tag=&page=: every customer record, searched and paged. */
export const customersRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/customers",
  validateSearch: customersSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the list's load with the navigation; the page shows its own loading state meanwhile.
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(customerListQuery(filtersOf(deps), deps.page ?? 1));
    await CustomersPage.preload?.();
  },
  component: function CustomersRoute() {
    const navigate = customersRoute.useNavigate();
    return (
      <CustomersPage
        search={customersRoute.useSearch()}
        onSearchChange={(search, options) => void navigate({ search, replace: options?.replace })}
      />
    );
  },
});

/** One customer's record; a merged one says where it went. */
export const customerRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/customers/$customerId",
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(customerQuery(params.customerId));
    await Promise.all([CustomerRecordPage.preload?.(), CustomerRatings.preload?.()]);
  },
  component: function CustomerRoute() {
    const { customerId } = customerRoute.useParams();
    return (
      <CustomerRecordPage
        key={customerId}
        customerId={customerId}
        // Issue 32: the ratings are the feedback feature's; the record gives them their place.
        ratings={(id) => <CustomerRatings customerId={id} />}
      />
    );
  },
});

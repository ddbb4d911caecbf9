import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatAuPhone } from "@yarra/core/shared/phone.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { type CustomerSummary, customerName } from "../../lib/customer-record.ts";
import { useListPage } from "../../lib/use-list-page.ts";
import { asFailure } from "../../ui/failure.ts";
import { ListFilters, ListResults } from "../../ui/list-page.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { useSettledSearch } from "../../ui/use-settled-search.ts";
import { downloadCustomersCsv } from "./customers-api.ts";
import { customerListQuery } from "./customers-queries.ts";
import { type CustomerFilters, type CustomersSearch, filtersOf, searchOf } from "./customers-search.ts";
import "./customers.css";

export const CUSTOMERS_TEXT = {
  loadFailed: "Failed to load customers",
  downloadFailed: "Download failed",
  loading: "Loading customers…",
  none: "No customers yet.",
  noResults: "No customers match your search.",
  counted: ["customer", "customers"],
} as const;

const T = CUSTOMERS_TEXT;

interface CustomersPageProps {
  /** Search, tag and page as the URL holds them. */
  search: CustomersSearch;
  onSearchChange: (search: CustomersSearch, options?: { replace?: boolean }) => void;
}

/** Every customer record (issue 17): search, a tag filter, pages and the CSV export. */
export function CustomersPage({ search, onSearchChange }: CustomersPageProps) {
  const listPage = useListPage({ search, onSearchChange, filtersOf, searchOf, listQuery: customerListQuery });
  const { filters, update, searchText, setSearchText } = listPage;
  // The tag box settles into the URL as the search box does.
  const [tagText, setTagText] = useSettledSearch(filters.tag, (tag) => update("tag", tag, { replace: true }));
  // The search as of the click: what the list shows is what the file holds.
  const csv = useMutation({ mutationFn: (shown: CustomerFilters) => downloadCustomersCsv(shown) });
  const csvError = csv.isError ? asFailure(csv.error, T.downloadFailed) : null;

  // Tags match in any letter case, so the chip of the tag shown clears the filter.
  const tagShown = (tag: string) => filters.tag.trim().toLowerCase() === tag.toLowerCase();
  const filterByTag = (tag: string) => update("tag", tagShown(tag) ? "" : tag);
  const filtered = filters.q.trim() !== "" || filters.tag.trim() !== "";

  return (
    <section className="customers" aria-labelledby="customers-title">
      <PageHeader title="Customers" titleId="customers-title">
        <button type="button" className="admin-button admin-button--primary" onClick={() => csv.mutate(filters)} disabled={csv.isPending}>
          {csv.isPending ? "Downloading…" : "Export CSV"}
        </button>
      </PageHeader>

      <ListFilters
        label="Customers"
        className="customers-filters"
        placeholder="Name, email, phone, suburb or reference (YS-…)"
        searchText={searchText}
        onSearchText={setSearchText}
      >
        <label className="admin-field">
          <span className="admin-field__label">Tag</span>
          <input className="admin-input" type="search" value={tagText} onChange={(event) => setTagText(event.target.value)} />
        </label>
      </ListFilters>

      {csvError && <ErrorAlert failure={csvError} message={csvError.serverMessage} onDismiss={csv.reset} />}
      <ListResults state={listPage} text={T} filtered={filtered}>
        {(customers) => (
          <div className="customers-table__wrap">
            <table className="customers-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Contacts</th>
                  <th scope="col">Suburbs</th>
                  <th scope="col">Bookings</th>
                  <th scope="col">Lifetime paid</th>
                  <th scope="col">Next visit</th>
                </tr>
              </thead>
              <tbody>
                {customers.map((customer) => (
                  <CustomerRow key={customer._id} customer={customer} tagShown={tagShown} onTag={filterByTag} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListResults>
    </section>
  );
}

interface CustomerRowProps {
  customer: CustomerSummary;
  /** Whether the list is filtered by this tag: its chip shows pressed. */
  tagShown: (tag: string) => boolean;
  onTag: (tag: string) => void;
}

function CustomerRow({ customer, tagShown, onTag }: CustomerRowProps) {
  return (
    <tr>
      <th scope="row" data-label="Name">
        {/* Customer text is isolated (<bdi>): a right-to-left override in a name reverses only the name. */}
        <Link to="/customers/$customerId" params={{ customerId: customer._id }} className="customers-table__name">
          <bdi>{customerName(customer)}</bdi>
        </Link>
        {customer.tags.length > 0 && (
          <ul className="customer-tags customer-tags--small" aria-label="Tags">
            {customer.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className="customer-tag customer-tag--button"
                  aria-pressed={tagShown(tag)}
                  title={`Show customers tagged ${tag}`}
                  onClick={() => onTag(tag)}
                >
                  <bdi>{tag}</bdi>
                </button>
              </li>
            ))}
          </ul>
        )}
      </th>
      <td data-label="Contacts">
        <span className="customers-table__contacts">
          {customer.email && <a href={`mailto:${customer.email}`}><bdi>{customer.email}</bdi></a>}
          {customer.phone && <a href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`}>{formatAuPhone(customer.phone)}</a>}
        </span>
      </td>
      <td data-label="Suburbs"><bdi>{customer.suburbs.length > 0 ? customer.suburbs.join(", ") : "—"}</bdi></td>
      <td data-label="Bookings">{customer.bookingsCount}</td>
      <td className="customers-table__amount" data-label="Lifetime paid">{formatAud(customer.lifetimePaid)}</td>
      <td data-label="Next visit">{customer.nextVisit ? formatMelbourneDateTime(new Date(customer.nextVisit)) : "—"}</td>
    </tr>
  );
}

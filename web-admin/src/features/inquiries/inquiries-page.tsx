import { INQUIRY_TYPES } from "@yarra/core/inquiry/types.ts";
import { INQUIRY_TYPE_LABELS } from "@yarra/core/inquiry/types.ts";
import { useListPage } from "../../lib/use-list-page.ts";
import { anyOr, FilterSelect, ListFilters, ListResults, type ListText } from "../../ui/list-page.tsx";
import { inquiryListQuery } from "./inquiries-queries.ts";
import { filtersOf, type InquiriesSearch, searchOf } from "./inquiries-search.ts";
import { InquiryCard } from "./inquiry-card.tsx";
import "./inquiries.css";

export const LOAD_FAILED = "Failed to load inquiries";

const TEXT: ListText = {
  loadFailed: LOAD_FAILED,
  loading: "Loading inquiries…",
  none: "No inquiries.",
  noResults: "No results for your search.",
  counted: ["inquiry", "inquiries"],
};

const TYPE_CHOICES = anyOr(INQUIRY_TYPES, (type) => INQUIRY_TYPE_LABELS[type]);
const READ_CHOICES = [["", "Any"], ["false", "Unread"], ["true", "Read"]] as const;
const CHECKED_CHOICES = [["", "Any"], ["true", "Checked"], ["false", "Not checked"]] as const;
const ORDER_CHOICES = [["desc", "Created, newest first"], ["asc", "Created, oldest first"]] as const;

interface InquiriesPageProps {
  /** Filters, order and page as the URL holds them. */
  search: InquiriesSearch;
  onSearchChange: (search: InquiriesSearch, options?: { replace?: boolean }) => void;
}

/** Office and commercial inquiries: search, filters, read/checked/archive and admin notes. */
export function InquiriesPage({ search, onSearchChange }: InquiriesPageProps) {
  const listPage = useListPage({ search, onSearchChange, filtersOf, searchOf, listQuery: inquiryListQuery });
  const { filters, update, searchText, setSearchText } = listPage;
  const searching = filters.q.trim() !== "";

  return (
    <section className="inquiries" aria-labelledby="inquiries-title">
      <h1 id="inquiries-title" className="admin-page-title">Inquiries</h1>

      <ListFilters
        label="Inquiries"
        className="inquiries-filters"
        paired
        placeholder="Name, email, phone, suburb, message or reference (YI-…)"
        searchText={searchText}
        onSearchText={setSearchText}
      >
        <FilterSelect label="Type" value={filters.inquiryType} onChange={(type) => update("inquiryType", type)} choices={TYPE_CHOICES} />
        <FilterSelect label="Read" value={filters.read} onChange={(read) => update("read", read)} choices={READ_CHOICES} />
        <FilterSelect label="Checked" value={filters.hasAddress} onChange={(checked) => update("hasAddress", checked)} choices={CHECKED_CHOICES} />
        <FilterSelect label="Sort" value={filters.order} onChange={(order) => update("order", order)} choices={ORDER_CHOICES} />
        <label className="inquiries-filters__check">
          <input type="checkbox" checked={filters.includeArchived} onChange={(event) => update("includeArchived", event.target.checked)} />
          <span>Include archived</span>
        </label>
      </ListFilters>

      <ListResults state={listPage} text={TEXT} filtered={searching}>
        {(inquiries) => (
          <div className="inquiries-list">
            {inquiries.map((inquiry) => <InquiryCard key={inquiry._id} inquiry={inquiry} />)}
          </div>
        )}
      </ListResults>
    </section>
  );
}

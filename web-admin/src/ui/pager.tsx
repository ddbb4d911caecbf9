import "./pager.css";

interface PagerProps {
  /** The page asked for; it moves the buttons at once. */
  page: number;
  /** The page on screen, as the server answered it. */
  shownPage: number;
  totalPages: number;
  /** While a page loads, both buttons wait. */
  loading: boolean;
  onPage: (page: number) => void;
}

/** Previous / next through a paged staff list; shown only when there is more than one page. */
export function Pager({ page, shownPage, totalPages, loading, onPage }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button type="button" className="admin-button admin-pager__button" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>Page {shownPage} of {totalPages}</span>
      <button
        type="button"
        className="admin-button admin-pager__button"
        disabled={page >= totalPages || loading}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}

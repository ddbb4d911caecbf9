import { type RowData, type TableFeatures, type TableOptions, useTable } from "@tanstack/react-table";

type DataTableOptions<TFeatures extends TableFeatures, TData extends RowData> = Pick<
  TableOptions<TFeatures, TData>,
  "features" | "columns" | "data" | "getRowId"
>;

/** A @tanstack/react-table v9 table for lists whose only state is their data (no sorting or paging in the table). */
export function useDataTable<TFeatures extends TableFeatures, TData extends RowData>(
  { features, columns, data, getRowId }: DataTableOptions<TFeatures, TData>,
) {
  return useTable<TFeatures, TData>({ features, columns, data, getRowId } as unknown as TableOptions<TFeatures, TData>);
}

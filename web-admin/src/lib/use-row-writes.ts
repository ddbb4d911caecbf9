import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";

interface RowWrite {
  rowId: string;
  write: () => Promise<unknown>;
}

const rowOf = (variables: unknown) => (variables as RowWrite | undefined)?.rowId;

/**
 * Writes on one list's rows as mutations of the query cache, so each row's buttons wait for its own
 * write, and a second click before the screen updates does not send the same write twice.
 */
export function useRowWrites(list: string) {
  const queryClient = useQueryClient();
  const mutationKey = [list, "row-write"];
  const { mutateAsync } = useMutation({ mutationKey, mutationFn: ({ write }: RowWrite) => write() });
  const pendingRows = useMutationState({
    filters: { mutationKey, status: "pending" },
    select: (mutation) => rowOf(mutation.state.variables),
  });

  /** Runs `write` for the row unless one is already running; `write` handles its own failure. */
  async function run<T>(rowId: string, write: () => Promise<T>): Promise<T | undefined> {
    const running = queryClient.isMutating({ mutationKey, predicate: (mutation) => rowOf(mutation.state.variables) === rowId });
    if (running > 0) return undefined;
    return (await mutateAsync({ rowId, write })) as T;
  }

  return {
    run,
    isPending: (rowId: string) => pendingRows.includes(rowId),
    anyPending: pendingRows.length > 0,
  };
}

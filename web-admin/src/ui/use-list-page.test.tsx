import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@yarra/api/client/http.ts";
import { useListLoad, useSettledSearch } from "./use-list-page.ts";

describe("useListLoad", () => {
  it("loads nothing for a null query and stops saying it is loading", () => {
    const fetchPage = vi.fn();
    const { result } = renderHook(() => useListLoad(null, 1, fetchPage, "Failed"));
    expect(fetchPage).not.toHaveBeenCalled();
    expect(result.current.loading).toBe(false);
    expect(result.current.result).toBeNull();
  });

  it("cancels the load a new page replaces, and keeps only the newer answer", async () => {
    const signals: AbortSignal[] = [];
    const answers: ((page: string) => void)[] = [];
    const fetchPage = (_query: string, _page: number, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>((resolve) => answers.push(resolve));
    };
    const { result, rerender } = renderHook(({ page }) => useListLoad("q", page, fetchPage, "Failed"), {
      initialProps: { page: 1 },
    });
    rerender({ page: 2 });
    expect(signals[0].aborted).toBe(true);
    await act(async () => answers[1]("page 2"));
    await act(async () => answers[0]("page 1"));
    expect(result.current.result).toBe("page 2");
    expect(result.current.loading).toBe(false);
  });

  it("clears the list on failure: the catalogue entry for an HTTP error, the given text otherwise", async () => {
    const apiError = new ApiError({ title: "Server error", text: "Something went wrong.", status: 500 });
    const { result } = renderHook(() => useListLoad("q", 1, () => Promise.reject(apiError), "Failed to load things"));
    await waitFor(() => expect(result.current.loadError).toBe(apiError));
    expect(result.current.result).toBeNull();
    act(() => result.current.dismissLoadError());
    expect(result.current.loadError).toBeNull();

    const { result: other } = renderHook(() => useListLoad("q", 1, () => Promise.reject(new TypeError("x")), "Failed to load things"));
    await waitFor(() => expect(other.current.loadError).toEqual({ title: "Error", text: "Failed to load things" }));
  });
});

describe("useSettledSearch", () => {
  it("settles once typing pauses for 300 ms", () => {
    vi.useFakeTimers();
    try {
      const onSettle = vi.fn();
      const { result } = renderHook(() => useSettledSearch(onSettle));
      act(() => vi.advanceTimersByTime(300));
      onSettle.mockClear();
      act(() => result.current[1]("ma"));
      act(() => vi.advanceTimersByTime(200));
      act(() => result.current[1]("mary"));
      act(() => vi.advanceTimersByTime(299));
      expect(onSettle).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onSettle).toHaveBeenCalledExactlyOnceWith("mary");
      expect(result.current[0]).toBe("mary");
    } finally {
      vi.useRealTimers();
    }
  });
});

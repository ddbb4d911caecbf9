import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useSettledSearch } from "./use-settled-search.ts";

describe("useSettledSearch", () => {
  it("settles once typing pauses for 300 ms", () => {
    vi.useFakeTimers();
    try {
      const onSettle = vi.fn();
      const { result } = renderHook(() => useSettledSearch("", onSettle));
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

  it("follows the settled value when it changes from outside, without settling it again", () => {
    vi.useFakeTimers();
    try {
      const onSettle = vi.fn();
      const { result, rerender } = renderHook(({ value }) => useSettledSearch(value, onSettle), { initialProps: { value: "mary" } });
      expect(result.current[0]).toBe("mary");
      rerender({ value: "" });
      expect(result.current[0]).toBe("");
      act(() => vi.advanceTimersByTime(300));
      expect(onSettle).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

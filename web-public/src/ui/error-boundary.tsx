import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  /** What to show instead of the children once they threw. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches render and lazy-load failures of one part of the page so the rest keeps working. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Section failed to render", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

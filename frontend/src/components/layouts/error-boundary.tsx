import { Component, type ReactNode } from 'react';

interface Props {
  /** What shows instead of the children after an error; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** Runs before a retry renders the children again (a failed chunk gets a fresh load). */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * Keeps a failure inside its part of the page: without a boundary React unmounts the whole root, and a page chunk
 * that failed to load (offline, a flaky phone, a tab open across a deploy) left a black page with no navbar.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

import { Component, type ComponentType, type ReactNode } from "react";

type ErrorBoundaryProps = {
  /** Drawn in place of the children once one of them has thrown while rendering. */
  FallbackComponent: ComponentType;
  /** A new value (another page's path) draws the children again after a failure. */
  resetKey?: unknown;
  children: ReactNode;
};

/**
 * Catches what the parts inside throw while rendering (a page whose code cannot be fetched, a bug)
 * and draws the fallback instead. The few lines the shop needs of react-error-boundary, which every
 * first visit downloaded in full.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && !Object.is(previous.resetKey, this.props.resetKey))
      this.setState({ failed: false });
  }

  override render(): ReactNode {
    const { FallbackComponent, children } = this.props;
    return this.state.failed ? <FallbackComponent /> : children;
  }
}

import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from '@/app/error-fallback';

interface BoundaryProps {
  children: ReactNode;
  onReset: () => void;
  resetKey?: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; hasError: boolean }> {
  override state = { error: undefined as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override componentDidUpdate(prev: BoundaryProps) {
    // Navigating to another page clears the error without remounting the children: a remount would
    // also remount the page's Suspense boundary and flash a spinner on every page switch.
    if (this.state.hasError && prev.resetKey !== this.props.resetKey) {
      this.setState({ error: undefined, hasError: false });
    }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept in the console for whoever debugs; the person sees the fallback.
    console.error('Page crashed', error, info.componentStack);
  }

  private retry = () => {
    this.props.onReset();
    this.setState({ error: undefined, hasError: false });
  };

  override render() {
    if (this.state.hasError) return <ErrorFallback error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}

/**
 * Catches render errors of one page so the shell (navigation, settings) stays usable. Retrying also
 * resets failed queries that threw (`throwOnError`) so they fetch again. A change of `resetKey`
 * (the page) clears the error.
 */
export function AppErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <Boundary onReset={reset} resetKey={resetKey}>
      {children}
    </Boundary>
  );
}

import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A part of a page whose code is fetched the first time it shows (the bell, a
 * banner), so that it is not in every first visit's download. Until it has loaded, and if that fetch
 * fails (the network went, or a new release replaced the file), `loading` stands in its place (a
 * same-size placeholder keeps a header still; nothing by default), and the page around it stays:
 * without a boundary, the failed import would take the whole page down. The part asks again when the
 * browser comes back online or a new instance mounts (Chromium fetches a failed module anew when asked
 * again; React.lazy would keep the failure, so a fresh one is made).
 */
export function lazyPart<P extends object>(
  load: Loader<P>,
  { loading = null }: { loading?: ReactNode } = {},
): ComponentType<P> {
  let Current = lazy(load);
  const retry = () => {
    Current = lazy(load);
  };
  return function LazyPart(props: P) {
    return (
      <LoadBoundary
        onFailed={retry}
        fallback={loading}
        // Drawn by the boundary itself, so that its retry draws the fresh lazy, not the failed one.
        part={() => (
          <Suspense fallback={loading}>
            <Current {...props} />
          </Suspense>
        )}
      />
    );
  };
}

interface BoundaryProps {
  fallback: ReactNode;
  onFailed: () => void;
  part: () => ReactNode;
}

/**
 * The error boundary (React offers one only as a class). A library's boundary would not make the fresh
 * lazy a retry needs, and the site's header, on every first visit's path, uses this (decision 0402).
 */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailed();
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  private readonly retry = () => {
    window.removeEventListener('online', this.retry);
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback : this.props.part();
  }
}

import { FETCH_FAILED_MESSAGE } from '@/lib/api';

/** docs/product.md §13.5: lists that cannot load say 'Unable to fetch data' (with a retry). */
export function ErrorState({
  message = FETCH_FAILED_MESSAGE,
  onRetry,
}: {
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="text-center py-5" role="alert">
      <p className="text-danger mb-2">{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * "Goes back one page" (docs/product.md §13.5), or to a fallback when this page was the first one opened in the tab
 * (React Router numbers its history entries in `history.state.idx`). The fallback may be given per call,
 * when where to land depends on what just happened (e.g. the folder a video was saved in).
 */
export function useGoBack(fallback: string): (fallbackNow?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (fallbackNow = fallback) => {
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (index > 0) void navigate(-1);
      else void navigate(fallbackNow, { replace: true });
    },
    [navigate, fallback],
  );
}

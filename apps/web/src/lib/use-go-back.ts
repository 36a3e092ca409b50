import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * "Goes back one page" (spec §4), or to `fallback` when this page was the first one opened in the tab
 * (React Router numbers its history entries in `history.state.idx`).
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}

import { useQuery } from '@tanstack/react-query';
import { parseCaptions, transcriptOf } from '@pw/contracts';
import { captionKeys } from '@/lib/query-keys';

/**
 * The whole transcript of one caption track, as reading text (one caption a line): its file read at the
 * signed address the watch page was given, as the player reads it. No account, no bearer header.
 */
export async function getTranscript(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`The caption file answered ${response.status}.`);
  const parsed = parseCaptions(await response.text(), 'vtt');
  if (!parsed.ok) throw new Error(parsed.message);
  return transcriptOf(parsed.cues);
}

/** Read only once asked for (`enabled`): most people watch, some read. */
export function useTranscript(url: string, enabled: boolean) {
  return useQuery({
    queryKey: captionKeys.text(url),
    queryFn: ({ signal }) => getTranscript(url, signal),
    enabled,
    retry: 1,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

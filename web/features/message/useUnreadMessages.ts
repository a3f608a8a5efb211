import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchUnread, messageKeys, type UnreadSummary } from '../../api/message';

/** Seed 000 §9: the first look 2 s after the page opens, then every 5 minutes. */
export const FIRST_POLL_MS = 2000;
export const POLL_EVERY_MS = 5 * 60 * 1000;

/** The unread summary for a signed-in person; nothing is asked for guests. */
export function useUnreadMessages(signedIn: boolean) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => setStarted(true), FIRST_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn]);
  return useQuery<UnreadSummary>({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => fetchUnread(signal),
    enabled: signedIn && started,
    refetchInterval: POLL_EVERY_MS,
    staleTime: 30_000,
    retry: false,
  });
}

export function hasUnread(summary: UnreadSummary | undefined): boolean {
  if (!summary) return false;
  return !Array.isArray(summary.remind) || !Array.isArray(summary.announce) || summary.remind_count > 0;
}

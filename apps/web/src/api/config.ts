import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { fetchConfig, type PublicConfig } from './endpoints.ts';
import { routeKey } from './keys.ts';

const CONFIG_KEY = routeKey('config');

/**
 * GET /api/config, fetched once per query client and kept (it changes only with the server's configuration).
 * Read from the query cache itself rather than through useQuery, whose observer is about 7 KB of compressed
 * script that the sign-in screen would load for this one answer.
 */
export function usePublicConfig(): PublicConfig | undefined {
  const client = useQueryClient();
  const config = useSyncExternalStore(
    (changed) => client.getQueryCache().subscribe(changed),
    () => client.getQueryData<PublicConfig>(CONFIG_KEY),
  );
  useEffect(() => {
    client
      .ensureQueryData({ queryKey: CONFIG_KEY, queryFn: fetchConfig, staleTime: Number.POSITIVE_INFINITY })
      .catch(() => undefined);
  }, [client]);
  return config;
}

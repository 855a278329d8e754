import type { Material, MaterialKind } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { materialApi } from '../../api/endpoints.ts';
import { domainKey, routeKey } from '../../api/keys.ts';
import { VIDEO_POLL_MS } from '../../api/queries.ts';

/** The most the library shows at once: the list route's largest page. */
export const LIBRARY_PAGE_SIZE = 100;

export const materialKeys = {
  all: domainKey('materials'),
  list: (kinds: readonly MaterialKind[]) =>
    routeKey('material.list', { kind: kinds.join(','), page: 1, pageSize: LIBRARY_PAGE_SIZE }),
};

/** A material whose state still moves: its bytes are arriving, or the server is probing it. */
export const isMaterialMoving = (material: Pick<Material, 'status'>) =>
  material.status === 'uploading' || material.status === 'processing';

/** The account's materials of these kinds, newest first; asked again every 2 s while any of them moves. */
export function useMaterialList(kinds: readonly MaterialKind[]) {
  return useQuery({
    queryKey: materialKeys.list(kinds),
    queryFn: () => materialApi.list({ kind: kinds.join(','), page: 1, pageSize: LIBRARY_PAGE_SIZE }),
    refetchInterval: (query) => (query.state.data?.list.some(isMaterialMoving) ? VIDEO_POLL_MS : false),
  });
}

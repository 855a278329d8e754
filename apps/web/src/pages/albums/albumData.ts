import { type Album, albumTitleField, type GatedFeature } from '@leadreel/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { domainKey, routeKey } from '../../api/keys.ts';
import { usePeriodGate } from '../../components/periodGate.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';

/** Query keys of the album screens; every one starts with `albums`, so one invalidation refreshes them all. */
export const albumKeys = {
  all: domainKey('albums'),
  list: routeKey('album.list'),
  detail: (id: string) => routeKey('album.detail', { id }),
};

/** An album's screen in the console (the console contract video-flow/:classifyId). */
export const albumPath = (album: Pick<Album, 'id'>) => `/video-flow/${album.id}`;

/**
 * "Video slide title: required", checked by the contract's own field, so the screens refuse what the server
 * refuses (empty, too long, NUL, a lone surrogate) in the words of its message key.
 */
export const titleRule = (t: TFunction): FormRule => ({
  validator: async (_rule, value) => {
    const result = albumTitleField.safeParse(value ?? '');
    if (!result.success) throw new Error(t(`errors.${result.error.issues[0]?.message ?? 'illegal_input'}`));
  },
});

/**
 * A click that runs while the plan's period leaves `feature` open: "add slider" closes from Buffer on, "slider
 * settings" from Frozen on (docs/product.md, Plan periods); past that the period gate asks to renew.
 */
export function useFeatureGate() {
  const account = useAccountStore((s) => s.account);
  const gate = usePeriodGate();
  return (feature: GatedFeature, action: () => void) => (isLocked(account, feature) ? gate(action) : action());
}

/** An album's player is a phone-shaped column of videos, 9:16 (its page's `/embed`). */
export const ALBUM_PLAYER_RATIO = 9 / 16;
/** The embed's widest: a 9:16 frame across a wide page would run far below the screen. */
export const ALBUM_EMBED_MAX_WIDTH = 420;

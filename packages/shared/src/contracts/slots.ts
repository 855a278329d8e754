import type { BUTTON_POSITIONS } from './player.ts';

// Where things sit over the player, declared once for the player, the pages that render
// it and the console's previews. Each corner is a slot that stacks what is in it from its edge inward, so
// nothing in a corner covers anything else; the corners are the cells of a grid above the controls strip,
// so no corner covers another or the controls. No zod here: the player's bundle may import this file.

export type Corner = (typeof BUTTON_POSITIONS)[number];
/** What may sit in a corner, in the order a corner stacks it from its edge inward. */
export const SLOT_ORDER = ['share', 'mark', 'logo', 'widget', 'action', 'contact'] as const;
export type SlotItem = (typeof SLOT_ORDER)[number];
/** What a player too short for everything in a corner gives up first (the call to action, last). */
export const DROP_ORDER = [
  'logo',
  'mark',
  'contact',
  'widget',
  'share',
  'action',
] as const satisfies readonly SlotItem[];
/**
 * The player's own things have fixed corners: Share (embeds) at top right; the "powered by" mark at top
 * left, where a logo goes by default (the mark shows only when the owner's branding, with its logo, does not).
 */
export const PLAYER_CORNERS = { share: 'top-right', mark: 'top-left' } as const satisfies Partial<
  Record<SlotItem, Corner>
>;
export const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const satisfies readonly Corner[];

/** Things grouped by corner, each corner in its stacking order (a stable sort: equal items keep their order). */
export function stackCorners<T extends { item: SlotItem; corner: Corner }>(things: readonly T[]): Record<Corner, T[]> {
  const rank = (thing: T) => SLOT_ORDER.indexOf(thing.item);
  const stacks = { 'top-left': [], 'top-right': [], 'bottom-left': [], 'bottom-right': [] } as Record<Corner, T[]>;
  for (const thing of [...things].sort((a, b) => rank(a) - rank(b))) stacks[thing.corner].push(thing);
  return stacks;
}

/**
 * The player's own thing an owner's choice of corner shares its slot with (it then stacks after it), so the
 * console can say so where the corner is chosen; null for a corner of its own.
 */
export function sharedWith(corner: Corner, own: { share: boolean; mark: boolean }): SlotItem | null {
  if (own.share && corner === PLAYER_CORNERS.share) return 'share';
  if (own.mark && corner === PLAYER_CORNERS.mark) return 'mark';
  return null;
}

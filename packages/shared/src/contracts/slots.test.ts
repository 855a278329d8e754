import { describe, expect, it } from 'vitest';
import { type Corner, type SlotItem, sharedWith, stackCorners } from './slots.ts';

describe('stackCorners', () => {
  it('stacks each corner from its edge inward: Share, mark, logo, widget, call to action, contact buttons', () => {
    const things: { item: SlotItem; corner: Corner }[] = [
      { item: 'contact', corner: 'top-right' },
      { item: 'action', corner: 'top-right' },
      { item: 'logo', corner: 'top-right' },
      { item: 'share', corner: 'top-right' },
      { item: 'contact', corner: 'bottom-right' },
      { item: 'widget', corner: 'bottom-right' },
      { item: 'mark', corner: 'top-left' },
    ];
    const stacks = stackCorners(things);
    expect(stacks['top-right'].map((thing) => thing.item)).toEqual(['share', 'logo', 'action', 'contact']);
    expect(stacks['bottom-right'].map((thing) => thing.item)).toEqual(['widget', 'contact']);
    expect(stacks['top-left'].map((thing) => thing.item)).toEqual(['mark']);
    expect(stacks['bottom-left']).toEqual([]);
  });

  it('keeps things of one kind in their given order (WhatsApp, telephone, email)', () => {
    const stacks = stackCorners([
      { item: 'contact', corner: 'bottom-left', name: 'whatsapp' },
      { item: 'contact', corner: 'bottom-left', name: 'telephone' },
      { item: 'contact', corner: 'bottom-left', name: 'email' },
    ] as const);
    expect(stacks['bottom-left'].map((thing) => thing.name)).toEqual(['whatsapp', 'telephone', 'email']);
  });
});

describe('sharedWith', () => {
  it.each<[Corner, { share: boolean; mark: boolean }, SlotItem | null]>([
    ['top-right', { share: true, mark: true }, 'share'],
    ['top-right', { share: false, mark: true }, null],
    ['top-left', { share: true, mark: true }, 'mark'],
    ['top-left', { share: true, mark: false }, null],
    ['bottom-right', { share: true, mark: true }, null],
  ])('%s with %o is shared with %s', (corner, own, expected) => {
    expect(sharedWith(corner, own)).toBe(expected);
  });
});

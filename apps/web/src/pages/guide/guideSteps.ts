import { GUIDE_STEPS } from '../../constants.ts';

export type GuideStep = (typeof GUIDE_STEPS)[number];

/** the step index is kept per user in local storage. */
const key = (userId: string) => `leadreel.guide.${userId}`;

export function loadGuideStep(userId: string): number | null {
  const raw = localStorage.getItem(key(userId));
  if (raw === null) return null;
  const index = Number(raw);
  return Number.isInteger(index) && index >= 0 && index < GUIDE_STEPS.length ? index : null;
}

export const saveGuideStep = (userId: string, index: number) => localStorage.setItem(key(userId), String(index));
export const clearGuideStep = (userId: string) => localStorage.removeItem(key(userId));

/** "Next" or "Finish" followed by (step/total); Finish on the last step. */
export function guideButton(index: number) {
  const total = GUIDE_STEPS.length;
  return { key: index === total - 1 ? 'guide.finish' : 'guide.next', step: index + 1, total };
}

/** a skip button shows only on middle steps. */
export const showGuideSkip = (index: number) => index > 0 && index < GUIDE_STEPS.length - 1;

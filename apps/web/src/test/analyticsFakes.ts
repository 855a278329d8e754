import type { AnalyticsTotals } from '@leadreel/shared/contracts/analytics';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * ECharts measures its labels on a canvas; jsdom has none and says so on every label. Without a context
 * ECharts estimates the widths from the font size instead, which is all a test needs. Call at the top of a
 * test file that draws charts.
 */
export function withoutCanvas() {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** A range with nothing in it; each test sets the figures it needs. */
export const NO_FIGURES: AnalyticsTotals = {
  loads: 0,
  plays: 0,
  uniqueViewers: 0,
  watchSeconds: 0,
  completions: 0,
  leads: 0,
  clicks: 0,
  ctaClicks: 0,
  averagePercent: 0,
};

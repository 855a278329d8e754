import { describe, expect, it } from 'vitest';
import {
  FEATURE_THRESHOLDS,
  GATED_FEATURES,
  isFeatureAllowed,
  PERIODS,
  type Period,
  periodBannerKey,
} from './periods.ts';

// word for word: which features stop working from which period on.
const SPEC: Record<string, Period> = {
  uploadVideo: 'buffer-period',
  addSlider: 'buffer-period',
  translateVideo: 'frozen-period',
  folders: 'frozen-period',
  videoSettings: 'frozen-period',
  sliderSettings: 'frozen-period',
  customDomain: 'frozen-period',
  emailNotifications: 'frozen-period',
  submissions: 'frozen-period',
  dashboardOverview: 'frozen-period',
  getData: 'clear-period',
};

describe('plan periods', () => {
  it('are the five levels in the spec order', () => {
    expect(PERIODS).toEqual(['normal-period', 'buffer-period', 'frozen-period', 'clear-period', 'real-clear-period']);
  });

  it('gate exactly the features of the spec', () => {
    expect(FEATURE_THRESHOLDS).toEqual(SPEC);
  });

  const rows = GATED_FEATURES.flatMap((feature) =>
    PERIODS.map(
      (period) => [feature, period, PERIODS.indexOf(period) < PERIODS.indexOf(SPEC[feature] as Period)] as const,
    ),
  );
  it.each(rows)('%s in %s is allowed: %s', (feature, period, allowed) => {
    expect(isFeatureAllowed(feature, period)).toBe(allowed);
  });

  it('shows a banner in every period but Normal', () => {
    expect(PERIODS.map(periodBannerKey)).toEqual([
      null,
      'period.banner.buffer',
      'period.banner.frozen',
      'period.banner.clear',
      'period.banner.realClear',
    ]);
  });
});

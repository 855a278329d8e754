/**
 * Plan periods and the features each one gates.
 * "A feature works only while the current period is earlier than its threshold."
 */
export const PERIODS = [
  'normal-period',
  'buffer-period',
  'frozen-period',
  'clear-period',
  'real-clear-period',
] as const;
export type Period = (typeof PERIODS)[number];

export const FEATURE_THRESHOLDS = {
  // disabled from Buffer on
  uploadVideo: 'buffer-period',
  addSlider: 'buffer-period',
  // disabled from Frozen on
  translateVideo: 'frozen-period',
  folders: 'frozen-period',
  videoSettings: 'frozen-period',
  sliderSettings: 'frozen-period',
  customDomain: 'frozen-period',
  emailNotifications: 'frozen-period',
  submissions: 'frozen-period',
  dashboardOverview: 'frozen-period',
  // disabled from Clear on
  getData: 'clear-period',
} as const satisfies Record<string, Period>;
export type GatedFeature = keyof typeof FEATURE_THRESHOLDS;
export const GATED_FEATURES = Object.keys(FEATURE_THRESHOLDS) as GatedFeature[];

export function periodRank(period: Period): number {
  return PERIODS.indexOf(period);
}

export function isFeatureAllowed(feature: GatedFeature, period: Period): boolean {
  return periodRank(period) < periodRank(FEATURE_THRESHOLDS[feature]);
}

/**
 * Every gated feature and whether it is open in `period`. The server's entitlements module answers with
 * it (account detail carries it), so the console shows what the server decided instead of deciding again.
 */
export function periodFeatures(period: Period): Record<GatedFeature, boolean> {
  return Object.fromEntries(GATED_FEATURES.map((feature) => [feature, isFeatureAllowed(feature, period)])) as Record<
    GatedFeature,
    boolean
  >;
}

/** Key of the banner text shown for a period (none in Normal); the texts live in the console's locales. */
export function periodBannerKey(period: Period): string | null {
  switch (period) {
    case 'normal-period':
      return null;
    case 'buffer-period':
      return 'period.banner.buffer';
    case 'frozen-period':
      return 'period.banner.frozen';
    case 'clear-period':
      return 'period.banner.clear';
    case 'real-clear-period':
      return 'period.banner.realClear';
  }
}

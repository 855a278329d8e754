import { z } from 'zod';

/** GET /api/config: what the console needs before sign-in (the brand, Google sign-in, help links). */
export const publicConfigData = z.object({
  brand: z.string(),
  googleClientId: z.string().nullable(),
  communityUrl: z.string().nullable(),
  supportEmail: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigData>;

import { z } from 'zod';

/** every answer is `{ statusCode, data }`; a failure is `{ statusCode, error, message }`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.literal(200), data });
}

export const errorEnvelope = z.object({
  statusCode: z.number().int(),
  error: z.string().describe('stable snake_case code; the console translates it'),
  message: z.string().describe('English text for people reading the raw answer'),
  field: z.string().optional().describe('the request field at fault, for validation errors'),
  values: z
    .record(z.string(), z.string())
    .optional()
    .describe("what fills the `{{name}}` placeholders of the code's text (image_size_failed's reason)"),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const emptyData = z.null();

export type Envelope<T> = { statusCode: 200; data: T };

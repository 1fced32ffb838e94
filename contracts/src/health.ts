import { z } from 'zod';

export const componentHealthSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});

export const healthResponseSchema = z
  .object({
    status: z.enum(['UP', 'DOWN']),
    version: z.string(),
    details: z.object({ database: componentHealthSchema }).catchall(componentHealthSchema),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

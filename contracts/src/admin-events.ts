import { z } from 'zod';
import { limitedText } from './admin-fields';
import { eventStatusSchema } from './missions';

/*
 * Operators oversee lottery events from the console (`/api/admin/lottery-events/{productId}/…`): cancel one (its
 * workflow refunds the applicants, as the creator's cancel does) or draw it now (what the 14-day rule would draw at
 * its deadline), each with a reason kept in the audit log.
 */

export const adminEventActionSchema = z.strictObject({ reason: limitedText(200) });
export type AdminEventAction = z.infer<typeof adminEventActionSchema>;

export const adminEventActionResultSchema = z
  .object({
    /** The EVENT product. */
    id: z.number().int(),
    status: eventStatusSchema,
    /** The winners' missions once drawn. */
    winners: z.array(z.number().int()),
  })
  .meta({ id: 'AdminEventActionResult' });
export type AdminEventActionResult = z.infer<typeof adminEventActionResultSchema>;

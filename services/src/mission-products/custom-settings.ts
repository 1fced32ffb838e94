import type { Language } from '@fanmission/contracts';
import type { DbExecutor } from '../db';
import { translate } from '../i18n';
import type { MissionProductRow } from './table';

/**
 * A creator's custom-mission settings (`availableCustom`, `minimumCost` on the creator) and his single CUSTOM product
 * are one setting seen from two sides: the public page shows the product, mission management edits the creator.
 * Whichever side is written, these keep the other equal, in the same transaction.
 */
export async function applyCustomSettingsToProduct(
  trx: DbExecutor,
  creatorId: number,
  settings: { availableCustom: boolean; minimumCost: number | null },
  now: Date,
  language: Language,
): Promise<void> {
  const existing = await trx
    .selectFrom('mission_products')
    .select(['id'])
    .where('creator_id', '=', creatorId)
    .where('type', '=', 'CUSTOM')
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    await trx
      .updateTable('mission_products')
      .set({
        active: settings.availableCustom,
        ...(settings.minimumCost === null ? {} : { minimum_cost: settings.minimumCost }),
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  if (!settings.availableCustom || settings.minimumCost === null) return;
  await trx
    .insertInto('mission_products')
    .values({
      creator_id: creatorId,
      type: 'CUSTOM',
      name: translate(language, 'missionProducts.customDefaultName'),
      coin_price: null,
      minimum_cost: settings.minimumCost,
      win_probability: null,
      always_private: false,
      allow_attachments: true,
      description: null,
      description_picture_file_id: null,
      active: true,
      sort_order: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** After a CUSTOM product was created or changed through the products API: the creator's settings follow it. */
export async function mirrorCustomProductToCreator(trx: DbExecutor, product: MissionProductRow): Promise<void> {
  if (product.type !== 'CUSTOM') return;
  await trx
    .updateTable('creators')
    .set({ available_custom: product.active, minimum_cost: product.minimum_cost })
    .where('id', '=', product.creator_id)
    .execute();
}

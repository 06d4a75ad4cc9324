import type { Knex } from 'knex';
import type { RelationMappings } from 'objection';
import {
  ClaimSettings,
  DEFAULT_CLAIM_SETTINGS,
  DEFAULT_DOWNLOAD_DAYS,
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_PRICING,
  DEFAULT_RELEASE_PACK_SETTINGS,
  DEFAULT_SECURITY_SETTINGS,
  DeliverySettings,
  EmailSettings,
  GeneralSettings,
  PricingSettings,
  ReleasePackSettings,
  DEFAULT_RELEASE_SETTINGS,
  ReleaseSettings,
  SecuritySettings,
} from '@mastering/contracts';
import { BaseModel } from './base';
import { User } from './user';

type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };
const section = <T extends object>(schema: Schema<T>, defaults: T) => ({ schema, defaults });

/**
 * Every stored settings section: its key, shape and defaults, in one place for every service that
 * reads one (the storefront prices and sessions, ops' screens, the email worker's SMTP).
 */
export const SETTING_SECTIONS = {
  general: section(GeneralSettings, DEFAULT_GENERAL_SETTINGS),
  pricing: section(PricingSettings, DEFAULT_PRICING),
  security: section(SecuritySettings, DEFAULT_SECURITY_SETTINGS),
  email: section(EmailSettings, DEFAULT_EMAIL_SETTINGS),
  delivery: section(DeliverySettings, DeliverySettings.parse({ downloadDays: DEFAULT_DOWNLOAD_DAYS })),
  claims: section(ClaimSettings, DEFAULT_CLAIM_SETTINGS),
  releasePack: section(ReleasePackSettings, DEFAULT_RELEASE_PACK_SETTINGS),
  releases: section(ReleaseSettings, DEFAULT_RELEASE_SETTINGS),
};
export type SettingSection = keyof typeof SETTING_SECTIONS;
type SectionValue<K extends SettingSection> = (typeof SETTING_SECTIONS)[K]['defaults'];

/** A site setting: a JSON value under a key (e.g. `pricing`). */
export class Setting extends BaseModel {
  static tableName = 'settings';
  static idColumn = 'key';
  static jsonAttributes = ['value'];

  declare key: string;
  declare value: unknown;
  declare updatedAt: Date;
  declare updatedBy: string | null;

  declare updater?: User | null;

  static get relationMappings(): RelationMappings {
    return {
      updater: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'settings.updatedBy', to: 'users.id' },
      },
    };
  }

  /**
   * One section of SETTING_SECTIONS as stored, parsed over its defaults: a value missing newer fields
   * (or broken) still yields a complete, valid section, so readers never see a half-filled one.
   */
  static async section<K extends SettingSection>(knex: Knex, key: K): Promise<SectionValue<K>> {
    const { schema, defaults } = SETTING_SECTIONS[key] as {
      schema: Schema<SectionValue<K>>;
      defaults: SectionValue<K>;
    };
    const row = await Setting.query(knex).findById(key);
    const parsed = schema.safeParse({ ...defaults, ...((row?.value as object | null) ?? {}) });
    return parsed.success ? parsed.data : defaults;
  }
}

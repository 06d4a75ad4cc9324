import { z } from 'zod';
import { BaseServiceConfig, bindHost, loadConfig, portSetting } from '@mastering/service-kit';
import { readStorageConfig, type StorageConfig } from '@mastering/storage';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

const StorefrontEnv = BaseServiceConfig.extend({
  PORT: portSetting('storefront'),
  /** Bind address; loopback so only the gateway (on this host) reaches the service. */
  STOREFRONT_HOST: bindHost(),
  /** How long a login session lasts (the back-office's session timeout default is 24 hours). */
  SESSION_COOKIE: z.string().default('sid'),
  /** The cookie that marks a guest buyer's browser (set on its first upload); orders answer only to it. */
  GUEST_COOKIE: z.string().default('gid'),
  GUEST_COOKIE_DAYS: z.coerce.number().positive().default(30),
  /** The cookie proving a data-access code was typed in this browser (Your data page; 30 minutes, path /api/your-data). */
  DATA_ACCESS_COOKIE: z.string().default('data_access'),
  /** Root of the local object storage (uploads land under `uploads/`), shared with the other services; see also STORAGE_DRIVER. */
  STORAGE_DIR: z.string().default('.data/storage'),
  /** How long an upload URL accepts bytes (a 500 MB file over a slow line, with pauses, fits). */
  UPLOAD_URL_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Uploads never attached to an order are removed, with their files, this long after they began. */
  UPLOAD_SWEEP_AFTER_HOURS: z.coerce.number().positive().default(24),
  /** Orders still unpaid this many hours after they were placed expire (status `expired`); retention deletes their uploads later. */
  UNPAID_ORDER_EXPIRY_HOURS: z.coerce.number().positive().default(48),
  /** How often the upkeep (expiry, upload sweep, payment reminders, checkout read-back) runs; a whole-stack test shortens it. */
  UPKEEP_EVERY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
  /** Uploads are refused (507) when their declared bytes, with those reserved for uploads under way, would leave less than this many MB free on the disk they land on (the local storage's; with S3, tus's staging folder). */
  STORAGE_MIN_FREE_MB: z.coerce.number().nonnegative().default(2048),
  /** Yoco Checkout: the API (or the local sandbox), the secret key, and the webhook signing secret (`whsec_...`). */
  YOCO_API_URL: z
    .url()
    .default('https://payments.yoco.com')
    .transform((u) => u.replace(/\/+$/, '')),
  YOCO_SECRET_KEY: z.string().default(''),
  YOCO_WEBHOOK_SECRET: z.string().default(''),
  /** True when YOCO_API_URL is the local sandbox: its hosted page becomes an approved redirect. */
  YOCO_SANDBOX: flag,
  /** Who gets the new-order mail besides the active admins (the seeded admin's address by default). */
  ADMIN_EMAIL: z.string().default(''),
});
export type StorefrontConfig = z.infer<typeof StorefrontEnv> & { storage: StorageConfig };

/** Reads the storefront's configuration from the environment, with the object storage's (STORAGE_DRIVER, S3_*). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Readonly<StorefrontConfig> {
  const config = loadConfig(StorefrontEnv, env);
  return Object.freeze({ ...config, storage: readStorageConfig({ ...env, STORAGE_DIR: config.STORAGE_DIR }) });
}

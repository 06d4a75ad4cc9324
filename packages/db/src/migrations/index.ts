import type { Knex } from 'knex';
import * as m001 from './001_identity';
import * as m002 from './002_orders';
import * as m003 from './003_settings';
import * as m004 from './004_content';
import * as m005 from './005_email';
import * as m006 from './006_rate_limits';
import * as m007 from './007_job_queue';
import * as m008 from './008_uploads';
import * as m009 from './009_order_file_genre';
import * as m011 from './011_fulfilment';
import * as m012 from './012_business';
import * as m013 from './013_file_analyses';
import * as m014 from './014_business_summaries';
import * as m015 from './015_fulfilment_totals';
import * as m016 from './016_campaign_claims';
import * as m017 from './017_upload_quotas';
import * as m019 from './019_payment_attention';
import * as m020 from './020_revisions';
import * as m021 from './021_refunds_late_abandoned';
import * as m022 from './022_trade';
import * as m025 from './025_popia';
import * as m026 from './026_ratings';
import * as m027 from './027_promises_after_payment';
import * as m028 from './028_code_purpose';
import * as m029 from './029_track_replacement';
import * as m030 from './030_email_message_claims';
import * as m031 from './031_payment_day_stats';
import * as m032 from './032_customer_paid_day_stats';
import * as m033 from './033_genre_day_stats';
import * as m034 from './034_customer_paid_days';
import * as m035 from './035_bigram_search';
import * as m036 from './036_order_promise';
import * as m037 from './037_order_link_version';
import * as m045 from './045_credit_note_refund';
import * as m050 from './050_demo_content';
import * as m065 from './065_code_browser_link';
import * as m075 from './075_disk_reservations';
import * as m080 from './080_marketing_consents';
import * as m085 from './085_erasures';
import * as m090 from './090_mix_checks';
import * as m091 from './091_streaming_preview';
import * as m095 from './095_release_pack';
import * as m100 from './100_releases';
import * as m101 from './101_release_measures';
import * as m105 from './105_direct_uploads';
import * as m110 from './110_idempotency_keys';
import * as m120 from './120_mix_check_queued';
import * as m130 from './130_order_deliveries';

export type Migration = { name: string; up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

/**
 * Every migration, in order. A static list (not a directory scan) so migrations run the same under
 * tsx, vitest and any bundler. Append new ones; never rename or reorder applied ones, their names
 * are recorded in knex_migrations.
 */
export const MIGRATIONS: readonly Migration[] = [
  { name: '001_identity', ...m001 },
  { name: '002_orders', ...m002 },
  { name: '003_settings', ...m003 },
  { name: '004_content', ...m004 },
  { name: '005_email', ...m005 },
  { name: '006_rate_limits', ...m006 },
  { name: '007_job_queue', ...m007 },
  { name: '008_uploads', ...m008 },
  { name: '009_order_file_genre', ...m009 },
  { name: '011_fulfilment', ...m011 },
  { name: '012_business', ...m012 },
  { name: '013_file_analyses', ...m013 },
  { name: '014_business_summaries', ...m014 },
  { name: '015_fulfilment_totals', ...m015 },
  { name: '016_campaign_claims', ...m016 },
  { name: '017_upload_quotas', ...m017 },
  { name: '019_payment_attention', ...m019 },
  { name: '020_revisions', ...m020 },
  { name: '021_refunds_late_abandoned', ...m021 },
  { name: '022_trade', ...m022 },
  { name: '025_popia', ...m025 },
  { name: '026_ratings', ...m026 },
  { name: '027_promises_after_payment', ...m027 },
  { name: '028_code_purpose', ...m028 },
  { name: '029_track_replacement', ...m029 },
  { name: '030_email_message_claims', ...m030 },
  { name: '031_payment_day_stats', ...m031 },
  { name: '032_customer_paid_day_stats', ...m032 },
  { name: '033_genre_day_stats', ...m033 },
  { name: '034_customer_paid_days', ...m034 },
  { name: '035_bigram_search', ...m035 },
  { name: '036_order_promise', ...m036 },
  { name: '037_order_link_version', ...m037 },
  { name: '045_credit_note_refund', ...m045 },
  { name: '050_demo_content', ...m050 },
  { name: '065_code_browser_link', ...m065 },
  { name: '075_disk_reservations', ...m075 },
  { name: '080_marketing_consents', ...m080 },
  { name: '085_erasures', ...m085 },
  { name: '090_mix_checks', ...m090 },
  { name: '091_streaming_preview', ...m091 },
  { name: '095_release_pack', ...m095 },
  { name: '100_releases', ...m100 },
  { name: '101_release_measures', ...m101 },
  { name: '105_direct_uploads', ...m105 },
  { name: '110_idempotency_keys', ...m110 },
  { name: '120_mix_check_queued', ...m120 },
  { name: '130_order_deliveries', ...m130 },
];

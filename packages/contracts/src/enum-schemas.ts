import { z } from 'zod';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TEMPLATES,
  EMAIL_MESSAGE_STATUSES,
  FILE_STATUSES,
  GENRES,
  LOUDNESS_LEVELS,
  MASTERING_STYLES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  RECIPIENT_TYPES,
  ROLES,
  TEMPLATE_TYPES,
  TONES,
} from './enums';

// The zod schema of each enumeration in enums.ts (request and response contracts parse with them).

export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const FileStatus = z.enum(FILE_STATUSES);
export type FileStatus = z.infer<typeof FileStatus>;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
export const MasteringStyle = z.enum(MASTERING_STYLES);
export type MasteringStyle = z.infer<typeof MasteringStyle>;
export const Tone = z.enum(TONES);
export type Tone = z.infer<typeof Tone>;
export const Loudness = z.enum(LOUDNESS_LEVELS);
export type Loudness = z.infer<typeof Loudness>;
export const Genre = z.enum(GENRES);
export type Genre = z.infer<typeof Genre>;
export const TemplateType = z.enum(TEMPLATE_TYPES);
export type TemplateType = z.infer<typeof TemplateType>;
export const CampaignTemplate = z.enum(CAMPAIGN_TEMPLATES);
export type CampaignTemplate = z.infer<typeof CampaignTemplate>;
export const RecipientType = z.enum(RECIPIENT_TYPES);
export type RecipientType = z.infer<typeof RecipientType>;
export const EmailMessageStatus = z.enum(EMAIL_MESSAGE_STATUSES);
export type EmailMessageStatus = z.infer<typeof EmailMessageStatus>;

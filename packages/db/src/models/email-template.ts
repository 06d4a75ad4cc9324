import type { Modifiers, QueryBuilder } from 'objection';
import type { TemplateType } from '@mastering/contracts';
import { BaseModel, withStatus } from './base';

/** An editable email template; `htmlContent` may hold a {{content}} placeholder. */
export class EmailTemplate extends BaseModel {
  static tableName = 'email_templates';

  declare id: string;
  declare name: string;
  declare subject: string;
  declare htmlContent: string;
  declare textContent: string | null;
  declare type: TemplateType;
  declare description: string | null;
  declare isActive: boolean;
  /** Created by "Init System Templates" rather than by hand. */
  declare isSystem: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;

  static get modifiers(): Modifiers<QueryBuilder<EmailTemplate>> {
    return {
      active: (builder) => builder.where('email_templates.isActive', true),
      ofType: withStatus('email_templates.type'),
      byName: (builder) => builder.orderBy('email_templates.name'),
    };
  }
}

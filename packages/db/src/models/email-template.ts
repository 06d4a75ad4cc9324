import type { Modifiers, QueryBuilder } from 'objection';
import type { EmailTemplate as EmailTemplateShape, TemplateType } from '@mastering/contracts';
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

  /** The template as the API shows it (isActive as the spec's text boolean). */
  toApi(): EmailTemplateShape {
    return {
      id: this.id,
      name: this.name,
      subject: this.subject,
      htmlContent: this.htmlContent,
      textContent: this.textContent,
      type: this.type,
      description: this.description,
      isActive: this.isActive ? 'true' : 'false',
      isSystem: this.isSystem,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<EmailTemplate>> {
    return {
      active: (builder) => builder.where('email_templates.isActive', true),
      ofType: withStatus('email_templates.type'),
      byName: (builder) => builder.orderBy('email_templates.name'),
      /** System templates, one per type. */
      system: (builder) => builder.where('email_templates.isSystem', true),
    };
  }
}

import { BaseModel } from './base';

/** A customer's request (POPIA s24) to delete what the studio holds about their email; staff complete it. */
export class DeletionRequest extends BaseModel {
  static tableName = 'deletion_requests';

  declare id: string;
  /** The address as the customer proved it (an emailed code); blanked to the marker once completed. */
  declare email: string;
  declare createdAt: Date;
  declare completedAt: Date | null;
  declare completedBy: string | null;
}

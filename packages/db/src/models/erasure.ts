import type { Person } from '../personal-data';
import { BaseModel } from './base';

/**
 * A person's erasure while it runs (ops' coordinator): the person as found before any owner erased
 * anything, and the owners done so far. Deleted when the last owner is done.
 */
export class Erasure extends BaseModel {
  static tableName = 'erasures';

  declare id: string;
  declare email: string;
  declare person: Person;
  declare ownersDone: string[];
  declare erasedBy: string | null;
  declare createdAt: Date;

  static jsonAttributes = ['person'];
}

import type { MailTemplateName, MailTemplateNames } from '@mastering/contracts';
import { describe, expectTypeOf, it } from 'vitest';
import type { OrderMail } from '../src';

// Issue 52 (facts once): the mails a status change sends are MAIL_TEMPLATES' names, not a second list typed by
// hand beside it. These are checked by the typecheck (`npx tsc`), which reads this file.
describe('the mails of a status change', () => {
  it('are templates MAIL_TEMPLATES declares', () => {
    expectTypeOf<OrderMail>().toExtend<MailTemplateName>();
    // @ts-expect-error: a name MAIL_TEMPLATES does not have is refused.
    type Unknown = MailTemplateNames<'mastering-finished'>;
    expectTypeOf<Unknown>().toBeString();
  });
});

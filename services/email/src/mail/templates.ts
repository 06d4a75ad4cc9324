import { Invalid } from '@mastering/service-kit';

export type RenderedMail = { subject: string; html: string; text: string };

// Transactional templates built into the code. Editable templates in email_templates come with the
// email issue; these only interpolate values the system itself produced (never user HTML).
const BUILT_IN: Record<string, (data: Record<string, unknown>) => RenderedMail> = {
  'login-code': (data) => {
    const code = String(data.code ?? '');
    if (!/^\d{6}$/.test(code)) throw new Invalid('login-code needs a 6-digit code');
    const minutes = Number(data.expiresInMinutes ?? 10);
    return {
      subject: `Your login code: ${code}`,
      text: `Your login code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this email.`,
      html: `<p>Your login code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>It expires in ${minutes} minutes. If you did not ask for it, ignore this email.</p>`,
    };
  },
};

/** Renders a built-in template by name; unknown names are an error (the job fails loudly). */
export function renderTemplate(name: string, data: Record<string, unknown>): RenderedMail {
  const template = BUILT_IN[name];
  if (!template) throw new Invalid(`Unknown email template: ${name}`);
  return template(data);
}

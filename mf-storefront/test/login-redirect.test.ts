import { describe, expect, it } from 'vitest';
import { pathAfterLogin } from '../src/pages/login/login';
import { REDIRECT_FORMS, REDIRECT_SITE } from './login-redirect-forms';

describe('pathAfterLogin', () => {
  it.each(REDIRECT_FORMS)('sends $next to $lands', ({ next, lands }) => {
    const path = pathAfterLogin(next, REDIRECT_SITE);
    expect(path).toBe(lands);
    // Where the browser goes when it follows the answer: this site, never a path it reads as a host.
    expect(new URL(path, REDIRECT_SITE).origin).toBe(REDIRECT_SITE);
    expect(path).not.toMatch(/^[/\\]{2}/);
  });

  it('goes home without a next', () => {
    expect(pathAfterLogin(null, REDIRECT_SITE)).toBe('/');
    expect(pathAfterLogin('', REDIRECT_SITE)).toBe('/');
  });

  it('judges at least 30 forms, half of them trying to leave the site', () => {
    expect(REDIRECT_FORMS.length).toBeGreaterThanOrEqual(30);
    expect(REDIRECT_FORMS.filter((form) => form.lands === '/').length).toBeGreaterThanOrEqual(15);
  });
});

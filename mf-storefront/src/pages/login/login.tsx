import {
  CODE_EXPIRES_NOTE,
  CODE_SENT,
  INVALID_OR_EXPIRED_LINK,
  LOGIN_CODE_LENGTH,
  LOGIN_SEND_FAILED,
  RequestCodeBody,
  SIGN_IN_LINK_HINT,
  SIGNING_IN_BY_LINK,
  specialPriceLine,
  VerifyCodeBody,
  WELCOME,
} from '@mastering/contracts';
import { Button, Card, checkForm, Input, Label, toast } from '@mastering/ui/core';
import { ArrowLeft, KeyRound, Mail, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useRequestLoginCode, useVerifyLoginCode, useVerifyLoginLink, verificationErrorText } from '../../api/auth';
import { useLinkFromMail } from '../../api/sign-in-link';
import { useSiteConfig } from '../../api/site-config';
import { PageFrame } from '../../components/page-frame';

/** Keeps what a person typed into the code box to digits only, at most LOGIN_CODE_LENGTH of them. */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH);
}

// Control characters: the browser drops tabs and newlines from a URL and trims the rest, so a `next` holding any
// is not the path it looks like; none belongs in a link this site makes.
const CONTROL_CHARACTER = /\p{Cc}/u;
// A path the browser would read as another host when it follows it (`//host`, `/\host`).
const HOST_IN_PATH = /^[/\\]{2}/;

/**
 * Where to go once signed in: the `next` path a page sent the visitor here with (the admin console
 * does), if it is on this site; anything else goes home. `next` is resolved against the site the way
 * the browser will follow it (dot segments, encoded dots, `\` as `/`), and the answer is the
 * resolved path, never the raw text, and only when it names this origin, holds no control character
 * and cannot itself be read as a host (resolving `/.//evil.example` gives the path `//evil.example`).
 */
export function pathAfterLogin(next: string | null, siteOrigin: string = window.location.origin): string {
  if (!next || CONTROL_CHARACTER.test(next)) return '/';
  const origin = new URL(siteOrigin).origin;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== origin || HOST_IN_PATH.test(path)) return '/';
  // The browser parses the answer once more: it must name the same page again.
  const followed = new URL(path, origin);
  return followed.origin === origin && followed.href === url.href ? path : '/';
}

/**
 * Passwordless login: email -> emailed login code, typed in this browser -> signed in (full reload to
 * the home page). Opened from the mail's one-time link (`#link=`), it signs in with that instead.
 */
export default function LoginPage() {
  const config = useSiteConfig().data;
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const requestCode = useRequestLoginCode();
  const verify = useVerifyLoginCode();
  const linkSignIn = useVerifyLoginLink();

  /** Signed in, by code or link: a full reload so every part of the site starts from the new session. */
  const enter = () => {
    toast({ title: WELCOME, description: 'You are signed in.' });
    window.location.assign(pathAfterLogin(new URLSearchParams(window.location.search).get('next')));
  };

  useLinkFromMail((token) => {
    if (!token) return setError(INVALID_OR_EXPIRED_LINK);
    linkSignIn.mutate({ token }, { onSuccess: enter, onError: (err) => setError(verificationErrorText(err)) });
  });

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    // The service's own schema, so the browser shows the same message the service would answer.
    const form = checkForm(RequestCodeBody, { email });
    if (!form.ok) return setError(form.message);
    setError(null);
    requestCode.mutate(form.data, {
      onSuccess: () => {
        toast({
          title: CODE_SENT,
          description: `Check ${form.data.email} for your ${LOGIN_CODE_LENGTH}-digit login code.`,
        });
        setStep('code');
      },
      onError: () => setError(LOGIN_SEND_FAILED),
    });
  };

  const verifyCode = (event: FormEvent) => {
    event.preventDefault();
    const form = checkForm(VerifyCodeBody, { email, code });
    if (!form.ok) return setError(form.message);
    setError(null);
    verify.mutate(form.data, { onSuccess: enter, onError: (err) => setError(verificationErrorText(err)) });
  };

  const backToEmail = () => {
    setStep('email');
    setError(null);
    setCode('');
  };

  return (
    <PageFrame testId="page-login">
      <div className="m-auto w-full max-w-md space-y-4">
        {config?.launchSpecial && (
          <div
            className="flex items-center justify-center gap-2 rounded-lg border border-primary/30 bg-primary/10 px-4 py-2 text-sm"
            data-testid="login-launch-special"
          >
            <Sparkles className="size-4 text-primary" aria-hidden />
            <span>
              <strong>Launch Special:</strong> {specialPriceLine(config)}
            </span>
          </div>
        )}
        <Card className="p-6 md:p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
              {step === 'email' ? <Mail className="size-6" aria-hidden /> : <KeyRound className="size-6" aria-hidden />}
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{step === 'email' ? 'Sign in' : 'Enter your code'}</h1>
            <p className="text-sm text-muted-foreground">
              {step === 'email'
                ? `No password needed. We will email you a ${LOGIN_CODE_LENGTH}-digit login code.`
                : `We sent a ${LOGIN_CODE_LENGTH}-digit code to ${email.trim()}.`}
            </p>
          </div>

          {linkSignIn.isPending ? (
            <p role="status" className="text-center text-sm" data-testid="login-by-link">
              {SIGNING_IN_BY_LINK}
            </p>
          ) : step === 'email' ? (
            <form onSubmit={sendCode} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="login-email">Email address</Label>
                <Input
                  id="login-email"
                  data-testid="login-email"
                  type="email"
                  required
                  autoComplete="email"
                  placeholder="you@example.com"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={error ? true : undefined}
                />
              </div>
              {error && <ErrorText>{error}</ErrorText>}
              <Button
                type="submit"
                className="w-full"
                data-testid="login-send"
                disabled={requestCode.isPending || !email.trim()}
              >
                {requestCode.isPending ? 'Sending...' : 'Send login code'}
              </Button>
            </form>
          ) : (
            <form onSubmit={verifyCode} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="login-code">Login code</Label>
                <Input
                  id="login-code"
                  data-testid="login-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={LOGIN_CODE_LENGTH}
                  placeholder={'0'.repeat(LOGIN_CODE_LENGTH)}
                  className="text-center font-mono text-2xl tracking-[0.5em]"
                  value={code}
                  onChange={(e) => setCode(normaliseCode(e.target.value))}
                  aria-invalid={error ? true : undefined}
                  autoFocus
                />
                <p className="text-xs text-muted-foreground">{CODE_EXPIRES_NOTE}</p>
                <p className="text-xs text-muted-foreground" data-testid="login-link-hint">
                  {SIGN_IN_LINK_HINT}
                </p>
              </div>
              {error && <ErrorText>{error}</ErrorText>}
              <Button
                type="submit"
                className="w-full"
                data-testid="login-verify"
                disabled={code.length !== LOGIN_CODE_LENGTH || verify.isPending}
              >
                {verify.isPending ? 'Verifying...' : 'Verify & continue'}
              </Button>
              <button
                type="button"
                onClick={backToEmail}
                data-testid="login-back"
                className="mx-auto flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
              >
                <ArrowLeft className="size-4" aria-hidden />
                Use a different email
              </button>
            </form>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}

function ErrorText({ children }: { children: string }) {
  return (
    <p
      role="alert"
      data-testid="login-error"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {children}
    </p>
  );
}

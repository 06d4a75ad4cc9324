import { Button, Card, Input, Label, toast } from '@mastering/ui';
import { ArrowLeft, KeyRound, Mail, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LOGIN_TEXTS, useRequestLoginCode, useVerifyLoginCode } from '../../api/auth';
import { PageFrame } from '../../components/page-frame';

/** Spec: login codes have six digits. */
export const CODE_LENGTH = 6;

/** Keeps what a person typed into the code box to at most six digits. */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** Passwordless login: email -> emailed 6-digit code -> signed in (full reload to the home page). */
export default function LoginPage() {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const requestCode = useRequestLoginCode();
  const verify = useVerifyLoginCode();

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    requestCode.mutate(email.trim(), {
      onSuccess: () => {
        toast({ title: 'Code sent!', description: `Check ${email.trim()} for your 6-digit login code.` });
        setStep('code');
      },
      onError: () => setError(LOGIN_TEXTS.sendFailed),
    });
  };

  const verifyCode = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    verify.mutate(
      { email: email.trim(), code },
      {
        onSuccess: () => {
          toast({ title: 'Welcome!', description: 'You are signed in.' });
          // A full reload so every part of the site starts from the new session.
          window.location.assign('/');
        },
        onError: (err) => setError(err.message || LOGIN_TEXTS.invalidCode),
      },
    );
  };

  const backToEmail = () => {
    setStep('email');
    setError(null);
    setCode('');
  };

  return (
    <PageFrame testId="page-login">
      <div className="m-auto w-full max-w-md space-y-4">
        <div className="flex items-center justify-center gap-2 rounded-lg border border-primary/30 bg-primary/10 px-4 py-2 text-sm">
          <Sparkles className="size-4 text-primary" aria-hidden />
          <span>
            <strong>Launch Special:</strong> professional mastering for R299 per track
          </span>
        </div>
        <Card className="p-6 md:p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
              {step === 'email' ? <Mail className="size-6" aria-hidden /> : <KeyRound className="size-6" aria-hidden />}
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{step === 'email' ? 'Sign in' : 'Enter your code'}</h1>
            <p className="text-sm text-muted-foreground">
              {step === 'email'
                ? 'No password needed. We will email you a 6-digit login code.'
                : `We sent a 6-digit code to ${email.trim()}.`}
            </p>
          </div>

          {step === 'email' ? (
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
              <Button type="submit" className="w-full" data-testid="login-send" disabled={requestCode.isPending || !email.trim()}>
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
                  maxLength={CODE_LENGTH}
                  placeholder="000000"
                  className="text-center font-mono text-2xl tracking-[0.5em]"
                  value={code}
                  onChange={(e) => setCode(normaliseCode(e.target.value))}
                  aria-invalid={error ? true : undefined}
                  autoFocus
                />
                <p className="text-xs text-muted-foreground">Code expires in 10 minutes</p>
              </div>
              {error && <ErrorText>{error}</ErrorText>}
              <Button type="submit" className="w-full" data-testid="login-verify" disabled={code.length !== CODE_LENGTH || verify.isPending}>
                {verify.isPending ? 'Verifying...' : 'Verify & continue'}
              </Button>
              <button type="button" onClick={backToEmail} data-testid="login-back" className="mx-auto flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
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
    <p role="alert" data-testid="login-error" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {children}
    </p>
  );
}

import {
  CODE_EXPIRES_NOTE,
  DATA_ACCESS_MINUTES,
  INVALID_OR_EXPIRED_LINK,
  LOGIN_CODE_LENGTH,
  RequestCodeBody,
  SIGN_IN_LINK_HINT,
  VerifyCodeBody,
} from '@mastering/contracts';
import { Button, checkForm, Input, Label, serverErrorText } from '@mastering/ui/core';
import { useId, useState, type FormEvent } from 'react';
import { useRequestDataCode, useVerifyDataCode, useVerifyDataLink } from '../../api/your-data';
import { useLinkFromMail } from '../../api/sign-in-link';
import { normaliseCode } from '../login/login';

/**
 * Proves the visitor's address with a code mailed to it: email in, code in (in this browser), and this
 * browser may see that address's data for DATA_ACCESS_MINUTES; opened from the mail's one-time link
 * (`#link=`), the link proves it instead. No account is made, so a guest stays a guest.
 */
export function ProveAddress({ initialEmail = '' }: { initialEmail?: string }) {
  const id = useId();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestDataCode();
  const verify = useVerifyDataCode();
  const link = useVerifyDataLink();
  useLinkFromMail((token) => {
    if (!token) return setProblem(INVALID_OR_EXPIRED_LINK);
    link.mutate({ token }, { onError: (err) => setProblem(serverErrorText(err, INVALID_OR_EXPIRED_LINK)) });
  });

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const form = checkForm(RequestCodeBody, { email });
    if (!form.ok) return setProblem(form.message);
    setProblem(null);
    request.mutate(form.data, {
      onSuccess: () => setStep('code'),
      onError: (err) => setProblem(serverErrorText(err, 'We could not send a code. Please try again.')),
    });
  };
  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    const form = checkForm(VerifyCodeBody, { email, code });
    if (!form.ok) return setProblem(form.message);
    setProblem(null);
    verify.mutate(form.data, { onError: (err) => setProblem(serverErrorText(err, 'Invalid or expired code')) });
  };

  const alert = problem && (
    <p role="alert" className="text-sm text-destructive" data-testid="your-data-error">
      {problem}
    </p>
  );
  if (step === 'email')
    return (
      <form className="space-y-3" noValidate onSubmit={sendCode} data-testid="your-data-email-form">
        <p className="text-sm">
          We email you a {LOGIN_CODE_LENGTH}-digit code, so only you can see or delete your data. It does not create an
          account.
        </p>
        <Label htmlFor={`${id}-email`}>Email address</Label>
        <Input
          id={`${id}-email`}
          data-testid="your-data-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem ? true : undefined}
        />
        {alert}
        <Button type="submit" disabled={request.isPending} data-testid="your-data-send">
          Email me a code
        </Button>
      </form>
    );
  return (
    <form className="space-y-3" noValidate onSubmit={checkCode} data-testid="your-data-code-form">
      <p role="status" className="text-sm">
        {request.data?.message} Check {email.trim()} for your code.
      </p>
      <Label htmlFor={`${id}-code`}>Code</Label>
      <Input
        id={`${id}-code`}
        data-testid="your-data-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LOGIN_CODE_LENGTH}
        className="font-mono tracking-[0.3em]"
        value={code}
        onChange={(e) => setCode(normaliseCode(e.target.value))}
        aria-invalid={problem ? true : undefined}
        autoFocus
      />
      <p className="text-xs text-muted-foreground">
        {CODE_EXPIRES_NOTE}. Once verified, this browser may see your data for {DATA_ACCESS_MINUTES} minutes.
      </p>
      <p className="text-xs text-muted-foreground">{SIGN_IN_LINK_HINT}</p>
      {alert}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={code.length !== LOGIN_CODE_LENGTH || verify.isPending}
          data-testid="your-data-verify"
        >
          Verify
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setStep('email');
            setCode('');
            setProblem(null);
          }}
        >
          Use a different email
        </Button>
      </div>
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { PasswordField } from '@/components/form/PasswordField';
import { TextField } from '@/components/form/TextField';
import { errorMessage } from '@/lib/api';
import { afterLoginPath } from '@/lib/routing';
import { session } from '@/lib/session';
import type { AuthArea } from '../model/area';
import { useLogin } from '../api/login';
import { useResetPassword } from '../api/reset-password';
import { useSetPassword } from '../api/set-password';
import { useVerifyCode } from '../api/verify-code';
import { ACCOUNT_MESSAGES } from '@pw/contracts';

type Step = 'login' | 'forgot' | 'code' | 'reset';

const HEADINGS: Record<Step, string> = {
  login: 'Login',
  forgot: 'Forgot Password',
  code: 'Verification Code',
  reset: 'New Password',
};

/**
 * The four states of the login screen (docs/product.md §13.3, §9): login, forgot password,
 * verification code, new password. The same flow serves /login (web endpoints) and /admin/login.
 */
export function LoginFlow({
  area,
  intro,
  footer,
}: {
  area: AuthArea;
  intro?: ReactNode;
  footer?: ReactNode;
}) {
  const [step, setStep] = useState<Step>('login');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Moving between states puts focus on the new heading so a screen reader announces where you are.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const backToLogin = step !== 'login' && (
    <button type="button" className="btn btn-link w-100 mt-2" onClick={() => setStep('login')}>
      Back to login
    </button>
  );

  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className="h2 mb-2">
        {HEADINGS[step]}
      </h1>
      {step === 'login' && intro}
      {step === 'login' && (
        <LoginStep area={area} email={email} setEmail={setEmail} onForgot={() => setStep('forgot')} />
      )}
      {step === 'forgot' && (
        <ForgotStep area={area} email={email} setEmail={setEmail} onSent={() => setStep('code')} />
      )}
      {step === 'code' && (
        <CodeStep
          area={area}
          email={email}
          code={code}
          setCode={setCode}
          onVerified={() => setStep('reset')}
        />
      )}
      {step === 'reset' && (
        <ResetStep
          area={area}
          email={email}
          code={code}
          onDone={() => {
            setCode('');
            setStep('login');
          }}
        />
      )}
      {backToLogin}
      {step === 'login' && footer}
    </div>
  );
}

/** What every step is given: the area it serves and the e-mail typed (kept between the steps). */
interface StepProps {
  area: AuthArea;
  email: string;
}
type EmailStepProps = StepProps & { setEmail: (value: string) => void };

function LoginStep({ area, email, setEmail, onForgot }: EmailStepProps & { onForgot: () => void }) {
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const mutation = useLogin(area);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { email: email.trim(), password, remember },
      {
        onSuccess: ({ data }) => {
          session.signIn(data.user, data.token);
          navigate(afterLoginPath(data.user), { replace: true });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-3">
      <EmailField id="login-email" email={email} setEmail={setEmail} />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div className="form-check">
          <input
            id="login-remember"
            type="checkbox"
            className="form-check-input"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <label htmlFor="login-remember" className="form-check-label">
            Remember me
          </label>
        </div>
        <button type="button" className="btn btn-link p-0" onClick={onForgot}>
          Forgot password?
        </button>
      </div>
      <StepSubmit label="Login" pendingLabel="Logging in…" pending={mutation.isPending} />
      <FormError message={mutation.isError ? errorMessage(mutation.error) : null} />
    </form>
  );
}

function ForgotStep({ area, email, setEmail, onSent }: EmailStepProps & { onSent: () => void }) {
  const mutation = useResetPassword(area);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    mutation.mutate(email.trim(), { onSuccess: onSent });
  };
  return (
    <form onSubmit={submit} className="mt-3">
      <p className="text-body-secondary">
        Enter the e-mail address of your account and we will send you a verification code.
      </p>
      <EmailField id="forgot-email" email={email} setEmail={setEmail} />
      <StepSubmit
        label="Continue"
        pendingLabel="Sending…"
        pending={mutation.isPending}
        ready={!!email.trim()}
      />
      <FormError message={mutation.isError ? errorMessage(mutation.error) : null} />
    </form>
  );
}

function CodeStep({
  area,
  email,
  code,
  setCode,
  onVerified,
}: StepProps & { code: string; setCode: (value: string) => void; onVerified: () => void }) {
  const verify = useVerifyCode(area);
  const resend = useResetPassword(area);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    resend.reset();
    verify.mutate({ email: email.trim(), token: code.trim() }, { onSuccess: onVerified });
  };
  const error = verify.isError ? verify.error : resend.isError ? resend.error : null;
  return (
    <form onSubmit={submit} className="mt-3">
      <p className="text-body-secondary">
        We sent a 6-digit code to <strong className="text-break">{email}</strong> if it belongs to an account.
        It is valid for 10 minutes.
      </p>
      <TextField
        id="reset-code"
        label="Verification Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
      />
      <StepSubmit
        label="Continue"
        pendingLabel="Checking…"
        pending={verify.isPending}
        ready={!!code.trim()}
      />
      <button
        type="button"
        className="btn btn-outline-primary w-100 mt-2"
        disabled={resend.isPending}
        onClick={() => {
          verify.reset();
          resend.mutate(email.trim());
        }}
      >
        {resend.isPending ? 'Sending…' : 'Resend Code'}
      </button>
      <div role="status" className="mt-2">
        {resend.isSuccess && <p className="text-success mb-0">A new code is on its way.</p>}
      </div>
      <FormError message={error ? errorMessage(error) : null} />
    </form>
  );
}

function ResetStep({ area, email, code, onDone }: StepProps & { code: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const mutation = useSetPassword(area);
  const dialog = useDialog();
  const ready = password !== '' && password === confirmation;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    mutation.mutate(
      { email: email.trim(), token: code.trim(), password, password_confirmation: confirmation },
      {
        onSuccess: async () => {
          await dialog({
            variant: 'success',
            title: 'Password Reset',
            text: ACCOUNT_MESSAGES.passwordReset,
          });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-3">
      <PasswordField
        id="new-password"
        label="New Password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        id="confirm-password"
        label="Confirm Password"
        autoComplete="new-password"
        required
        error={confirmation && confirmation !== password ? 'The passwords do not match.' : undefined}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <StepSubmit label="Update" pendingLabel="Updating…" pending={mutation.isPending} ready={ready} />
      <FormError message={mutation.isError ? errorMessage(mutation.error) : null} />
    </form>
  );
}

/** A step's e-mail field (the login and forgot-password steps share what was typed). */
function EmailField({
  id,
  email,
  setEmail,
}: {
  id: string;
  email: string;
  setEmail: (value: string) => void;
}) {
  return (
    <TextField
      id={id}
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={email}
      onChange={(event) => setEmail(event.target.value)}
    />
  );
}

/** A step's full-width submit button: its label while sending, disabled while sending or not ready. */
function StepSubmit({
  label,
  pendingLabel,
  pending,
  ready = true,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  ready?: boolean;
}) {
  return (
    <button type="submit" className="btn btn-primary w-100" disabled={!ready || pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

export function SignupLinks() {
  return (
    <div className="mt-4 pt-3 border-top text-center d-grid gap-1">
      <p className="mb-0">
        New to Parting Words? <Link to="/user/signup">Create an account</Link>
      </p>
      <p className="mb-0">
        Are you a funeral home? <Link to="/funeral/signup">Register your funeral home</Link>
      </p>
    </div>
  );
}

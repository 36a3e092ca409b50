import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { loginBody, resetPasswordBody, setPasswordBody, verifyCodeBody } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { PasswordField } from '@/components/form/PasswordField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { afterLoginPath } from '@/lib/routing';
import { session } from '@/lib/session';
import type { AuthArea } from '../model/area';
import { useLogin } from '../api/login';
import { useResetPassword } from '../api/reset-password';
import { useSetPassword } from '../api/set-password';
import { useVerifyCode } from '../api/verify-code';

type Step = 'login' | 'forgot' | 'code' | 'reset';

const HEADINGS: Record<Step, string> = {
  login: 'Login',
  forgot: 'Forgot Password',
  code: 'Verification Code',
  reset: 'New Password',
};

/**
 * The four states of the login screen (spec 000 §2, spec 001 §2): login, forgot password,
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

/** Keeps what a step holds that the next steps need (the e-mail, the code) in the flow as it is typed. */
function useShared(value: string, share: (value: string) => void) {
  useEffect(() => share(value), [value, share]);
}

function LoginStep({
  area,
  email,
  setEmail,
  onForgot,
}: {
  area: AuthArea;
  email: string;
  setEmail: (value: string) => void;
  onForgot: () => void;
}) {
  const mutation = useLogin(area);
  const navigate = useNavigate();
  const { register, handleSubmit, watch, message } = useBodyForm<{
    email: string;
    password: string;
    remember: boolean;
  }>({
    schema: loginBody,
    defaultValues: { email, password: '', remember: false },
    failure: mutation.isError ? mutation.error : null,
    focusFirstError: false,
  });

  useShared(watch('email'), setEmail);

  const submit = handleSubmit(({ email: typed, password, remember }) =>
    mutation.mutate(
      { email: typed.trim(), password, remember },
      {
        onSuccess: ({ data }) => {
          session.signIn(data.user, data.token);
          navigate(afterLoginPath(data.user), { replace: true });
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3">
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...register('email')}
      />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        required
        {...register('password')}
      />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <div className="form-check">
          <input id="login-remember" type="checkbox" className="form-check-input" {...register('remember')} />
          <label htmlFor="login-remember" className="form-check-label">
            Remember me
          </label>
        </div>
        <button type="button" className="btn btn-link p-0" onClick={onForgot}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={mutation.isPending}>
        {mutation.isPending ? 'Logging in…' : 'Login'}
      </button>
      <FormError message={message} />
    </form>
  );
}

function ForgotStep({
  area,
  email,
  setEmail,
  onSent,
}: {
  area: AuthArea;
  email: string;
  setEmail: (value: string) => void;
  onSent: () => void;
}) {
  const mutation = useResetPassword(area);
  const { register, handleSubmit, watch, message } = useBodyForm<{ email: string }>({
    schema: resetPasswordBody,
    defaultValues: { email },
    failure: mutation.isError ? mutation.error : null,
    focusFirstError: false,
  });
  const typed = watch('email');
  useShared(typed, setEmail);
  const filled = typed.trim() !== '';
  const submit = handleSubmit(({ email: typed }) => {
    if (!typed.trim()) return;
    mutation.mutate(typed.trim(), { onSuccess: onSent });
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3">
      <p className="text-body-secondary">
        Enter the e-mail address of your account and we will send you a verification code.
      </p>
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...register('email')}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={!filled || mutation.isPending}>
        {mutation.isPending ? 'Sending…' : 'Continue'}
      </button>
      <FormError message={message} />
    </form>
  );
}

/** The code as the form names it, checked with the body's rule for `token` (six digits). */
const codeForm = z.object({ code: verifyCodeBody.shape.token });

function CodeStep({
  area,
  email,
  code,
  setCode,
  onVerified,
}: {
  area: AuthArea;
  email: string;
  code: string;
  setCode: (value: string) => void;
  onVerified: () => void;
}) {
  const verify = useVerifyCode(area);
  const resend = useResetPassword(area);
  const failure = verify.isError ? verify.error : resend.isError ? resend.error : null;
  const { register, handleSubmit, watch, message } = useBodyForm<{ code: string }>({
    schema: codeForm,
    defaultValues: { code },
    failure,
    focusFirstError: false,
  });
  const typed = watch('code');
  useShared(typed, setCode);
  const filled = typed.trim() !== '';
  const submit = handleSubmit((values) => {
    if (!values.code.trim()) return;
    resend.reset();
    verify.mutate({ email: email.trim(), token: values.code.trim() }, { onSuccess: onVerified });
  });
  const codeField = register('code');
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3">
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
        {...codeField}
        onChange={(event) => {
          // Spaces pasted with the code are dropped as it is typed.
          event.target.value = event.target.value.replace(/\s/g, '');
          return codeField.onChange(event);
        }}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={!filled || verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Continue'}
      </button>
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
      <FormError message={message} />
    </form>
  );
}

/** The new password checked with the body's rule; the confirmation is compared as it is typed. */
const resetForm = z.object({ password: setPasswordBody.shape.password, confirmation: z.string() });

function ResetStep({
  area,
  email,
  code,
  onDone,
}: {
  area: AuthArea;
  email: string;
  code: string;
  onDone: () => void;
}) {
  const mutation = useSetPassword(area);
  const dialog = useDialog();
  const { register, handleSubmit, watch, message } = useBodyForm<{ password: string; confirmation: string }>({
    schema: resetForm,
    defaultValues: { password: '', confirmation: '' },
    failure: mutation.isError ? mutation.error : null,
    focusFirstError: false,
  });
  const [password, confirmation] = watch(['password', 'confirmation']);
  const ready = password !== '' && password === confirmation;

  const submit = handleSubmit(() => {
    if (!ready) return;
    mutation.mutate(
      { email: email.trim(), token: code.trim(), password, password_confirmation: confirmation },
      {
        onSuccess: async () => {
          await dialog({
            variant: 'success',
            title: 'Password Reset',
            text: 'Your password has been reset. Please login to continue',
          });
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3">
      <PasswordField
        id="new-password"
        label="New Password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        {...register('password')}
      />
      <PasswordField
        id="confirm-password"
        label="Confirm Password"
        autoComplete="new-password"
        required
        error={confirmation && confirmation !== password ? 'The passwords do not match.' : undefined}
        {...register('confirmation')}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={!ready || mutation.isPending}>
        {mutation.isPending ? 'Updating…' : 'Update'}
      </button>
      <FormError message={message} />
    </form>
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

/**
 * SMTP semantics: a 4xx reply is a temporary refusal (try again later), a 5xx reply a permanent one.
 * No reply at all (connection refused, reset, timed out, DNS) is treated as temporary. Authentication
 * failures are the operator's configuration, not the recipient's fault: temporary, so messages wait
 * (with back-off) for the configuration to be fixed instead of failing at once.
 */
export interface MailFailure {
  temporary: boolean;
  /** Short text for the owner and the log: the server's reply when there is one. */
  reason: string;
  responseCode?: number;
}

export function classifyMailError(error: unknown): MailFailure {
  const e = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const response = typeof e.response === 'string' ? e.response.trim() : undefined;
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (responseCode === undefined) {
    return { temporary: true, reason: `The mail server could not be reached (${e.code ?? message}).` };
  }
  const reply = response ?? `${responseCode}`;
  if (e.code === 'EAUTH' || responseCode < 500) {
    return { temporary: true, reason: `The mail server asked to try again later: ${reply}`, responseCode };
  }
  return {
    temporary: false,
    reason: `The recipient's mail server refused the message: ${reply}`,
    responseCode,
  };
}

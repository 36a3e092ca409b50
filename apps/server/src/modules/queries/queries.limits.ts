import type { RateRule } from '../../platform/rate-limit/rate-limit';

/** Contact-us messages from one address (docs/decisions/0096): enough for a person, not for a script. */
export const CONTACT_LIMIT = { limit: 10, windowSeconds: 60 * 60 } as const;

/** The key keeps its old name, so counts taken before the move still apply. */
export const contactRule = (ip: string): RateRule => ({ key: `contactPerIp:${ip}`, ...CONTACT_LIMIT });

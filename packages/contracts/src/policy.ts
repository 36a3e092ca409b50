import { z } from 'zod';
import { defineRoute } from './route';

/**
 * The privacy policy's and the terms' version (docs/product.md §11.7): the operator names it and its
 * date in the configuration (POLICY_VERSION, POLICY_DATE); a new version is announced once to every
 * active account, which then acknowledges it from a notice in the signed-in pages.
 */

export const POLICY_MESSAGES = {
  /** The in-app notification and the banner's heading. */
  updatedTitle: 'Our Privacy Policy and Terms have been updated',
  updatedBody:
    'We have updated our Privacy Policy and Terms and Conditions. Please take a moment to read them.',
  acknowledged: 'Thank you for reading our updated Privacy Policy and Terms.',
  /** An acknowledgement of a version other than the one in force (a notice left open across a change). */
  notCurrent: 'This is not the current version of the policy. Reload the page to see the current one.',
  versionRequired: 'The version field is required.',
} as const;

/** A version as the operator writes it: '1', '2026-11', '3.1' (letters, digits, dots, dashes). */
export const POLICY_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** What the public pages show: the version in force and the day it took effect (YYYY-MM-DD). */
export const policyVersionInfo = z.object({ version: z.string(), date: z.string() });
export type PolicyVersionInfo = z.infer<typeof policyVersionInfo>;

/** The signed-in account's notice: whether it still has to acknowledge the version in force. */
export const policyNotice = policyVersionInfo.extend({
  must_acknowledge: z.boolean(),
  acknowledged_at: z.string().nullable(),
});
export type PolicyNotice = z.infer<typeof policyNotice>;

export const policyAcknowledgeBody = z.object({
  version: z
    .string({ error: POLICY_MESSAGES.versionRequired })
    .trim()
    .min(1, { error: POLICY_MESSAGES.versionRequired, abort: true })
    .regex(POLICY_VERSION_PATTERN, POLICY_MESSAGES.notCurrent),
});

/** The admin's figure: how many of the accounts asked have acknowledged the version in force. */
export const policyAcknowledgements = policyVersionInfo.extend({
  /** False for an installation's first version: nothing changed for anyone, nobody is asked. */
  announced: z.boolean(),
  /** Active users and funeral homes that existed when the version took effect: those asked. */
  asked: z.number(),
  acknowledged: z.number(),
  /** Accounts told so far (in-app and by e-mail), and whether the announcement has reached them all. */
  told: z.number(),
  announcement_finished: z.boolean(),
});
export type PolicyAcknowledgements = z.infer<typeof policyAcknowledgements>;

const tag = 'Policy';

export const policyRoutes = {
  current: defineRoute({
    method: 'GET',
    path: '/web/policy',
    tag,
    summary: 'The privacy policy and terms version in force, and its date (public pages)',
    access: 'public',
    response: z.object({ data: policyVersionInfo }),
  }),
  notice: defineRoute({
    method: 'GET',
    path: '/web/policy/notice',
    tag,
    summary: 'Whether the signed-in account still has to acknowledge the version in force',
    access: ['user', 'funeral-home'],
    response: z.object({ data: policyNotice }),
  }),
  acknowledge: defineRoute({
    method: 'POST',
    path: '/web/policy/acknowledge',
    tag,
    summary: 'Acknowledges the version in force (named in the body); a second call answers the first',
    access: ['user', 'funeral-home'],
    body: policyAcknowledgeBody,
    response: z.object({ message: z.string(), data: policyNotice }),
  }),
  acknowledgements: defineRoute({
    method: 'GET',
    path: '/admin/policy/acknowledgements',
    tag,
    summary: 'How many of the accounts asked have acknowledged the version in force',
    access: ['admin'],
    response: z.object({ data: policyAcknowledgements }),
  }),
};

/**
 * A policy date (YYYY-MM-DD) as both sides write it: "26 November 2026" (a calendar day, no zone), the
 * way every date of the app is written (docs/product.md §12).
 */
export function policyDateText(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

import { expect, type APIRequestContext } from '@playwright/test';
import { accountRoutes, queryRoutes, type RouteBody, type RouteResponse } from '@pw/contracts';
import { callApi } from './api';

/**
 * The accounts every test file needs, made through the declared routes (decision 0127): sign up a user or a
 * funeral home, log in by area, and the visitor's contact-us message. One of each, for every test file.
 */

export const PASSWORD = 'Quiet-river-2024';

let counter = 0;

/**
 * Each sign-up made through the API comes from its own documentation address (X-Forwarded-For; the
 * e2e server trusts loopback): sign-ups are limited per address (50 an hour), and the whole suite
 * signs up more people than that from this one machine.
 */
const signupAddress = () => ({ 'X-Forwarded-For': `198.51.100.${(counter % 250) + 1}` });
/** A fresh e-mail per call, so tests never collide on the shared server. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.test`;
}

/** A signed-in account as login and sign-up answer it: the user record and its bearer token. */
export type Session = RouteResponse<typeof accountRoutes.webLogin>['data'];

type TextFields<R extends Record<string, unknown>> = Omit<R, 'photo'>;
export type UserSignupFields = TextFields<RouteBody<typeof accountRoutes.userSignup>>;
export type FuneralHomeSignupFields = TextFields<RouteBody<typeof accountRoutes.funeralHomeSignup>>;

/** The multipart form of text fields (as the sign-up form sends them), leaving out the ones not given. */
function multipartOf(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The password twice, as the form asks; the confirmation follows the password unless given. */
function withConfirmation<F extends { password?: string; password_confirmation?: string }>(fields: F) {
  const password = fields.password ?? PASSWORD;
  return { ...fields, password, password_confirmation: fields.password_confirmation ?? password };
}

async function sessionOf(response: Awaited<ReturnType<typeof callApi>>, status: number): Promise<Session> {
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as RouteResponse<typeof accountRoutes.webLogin>).data;
}

/** Sends a sign-up form (from its own address) and answers the new account's session (201). */
async function signUp(
  request: APIRequestContext,
  route: typeof accountRoutes.userSignup | typeof accountRoutes.funeralHomeSignup,
  form: Record<string, string | undefined>,
): Promise<Session> {
  const response = await callApi(request, route, { multipart: multipartOf(form), headers: signupAddress() });
  return sessionOf(response, 201);
}

/** Signs up a user (Ruth Tester, 18+, password PASSWORD unless told otherwise); the session it answers. */
export async function signUpUser(
  request: APIRequestContext,
  fields: Partial<UserSignupFields> = {},
): Promise<Session> {
  const firstName = fields.first_name ?? 'Ruth';
  const form: UserSignupFields = withConfirmation({
    first_name: firstName,
    last_name: 'Tester',
    email: uniqueEmail(firstName.toLowerCase()),
    phone: '5550100',
    address: '1 Elm Street',
    date_of_birth: '1950-03-14',
    ...fields,
  });
  return signUp(request, accountRoutes.userSignup, form);
}

/** Signs up a funeral home (Grace Hill's Willow Funeral Home unless told otherwise); its session. */
export async function signUpFuneralHome(
  request: APIRequestContext,
  fields: Partial<FuneralHomeSignupFields> = {},
): Promise<Session> {
  const form: FuneralHomeSignupFields = withConfirmation({
    home_name: 'Willow Funeral Home',
    first_name: 'Grace',
    last_name: 'Hill',
    email: uniqueEmail('willow'),
    phone: '5550199',
    address: '9 Chapel Road',
    ...fields,
  });
  return signUp(request, accountRoutes.funeralHomeSignup, form);
}

const LOGIN_ROUTES = { web: accountRoutes.webLogin, admin: accountRoutes.adminLogin } as const;

/** Logs in through the web area (users and funeral homes) or the back office (admins). */
export async function logIn(
  request: APIRequestContext,
  area: keyof typeof LOGIN_ROUTES,
  credentials: { email: string; password: string },
): Promise<Session> {
  return sessionOf(await callApi(request, LOGIN_ROUTES[area], { body: credentials }), 200);
}

/**
 * A visitor's contact-us message (an admin notification 'new query'). `headers` can name another visitor
 * (X-Forwarded-For): the form allows ten messages an hour per address.
 */
export async function sendContactUs(
  request: APIRequestContext,
  fields: Partial<RouteBody<typeof queryRoutes.contactUs>> = {},
  headers?: Record<string, string>,
) {
  const response = await callApi(request, queryRoutes.contactUs, {
    headers,
    body: {
      name: 'Visiting Person',
      email: 'visitor@e2e.test',
      subject: 'A question',
      message: 'Hello there.',
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

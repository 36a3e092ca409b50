import fs from 'node:fs/promises';
import { bannerAdRoutes, routeUrl } from '@pw/contracts';
import path from 'node:path';
import { multipart, tinyPng, type TestContext } from '../../../test/helpers';
import { bearer, randomIp } from '../accounts/accounts.fixtures';

export type Role = 'user' | 'funeral-home';

/** The banner-ad calls of a requester's role. */
export const bannerRoutesOf = (role: string) =>
  role === 'funeral-home' ? bannerAdRoutes.funeralHome : bannerAdRoutes.user;

export interface TestFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export const pngImage = (name = 'ad.png'): TestFile => ({
  field: 'images',
  filename: name,
  contentType: 'image/png',
  content: tinyPng,
});

export const adFields = (overrides: Record<string, string> = {}) => ({
  brand_name: 'Evergreen Flowers',
  brand_email: 'ads@evergreen.example',
  brand_url: 'https://evergreen.example/flowers',
  ...overrides,
});

/** POST /web/{role}/banner-ad/create as multipart. */
export function sendAdRequest(
  ctx: TestContext,
  token: string | undefined,
  role: Role,
  fields: Record<string, string> = adFields(),
  files: TestFile[] = [pngImage()],
) {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: routeUrl(bannerRoutesOf(role).create),
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    remoteAddress: randomIp(),
  });
}

/** Sends a request that must succeed and answers its id. */
export async function createAd(ctx: TestContext, token: string, role: Role, fields = adFields()) {
  const response = await sendAdRequest(ctx, token, role, fields);
  if (response.statusCode !== 201) throw new Error(`banner ad: ${response.statusCode} ${response.body}`);
  return response.json().data.id as number;
}

/** Files under a folder of DATA_DIR (stored banner images, temporary uploads). */
export async function filesUnder(ctx: TestContext, ...folder: string[]): Promise<string[]> {
  return fs.readdir(path.join(ctx.dataDir, ...folder)).catch(() => []);
}

export const bannerRowCount = async (ctx: TestContext) => {
  const { rows } = await ctx.deps.database.executeSql('select count(*)::int as n from banner_ads');
  return Number(rows[0]!.n);
};

import { describe, expect, it } from 'vitest';
import { contextForSuite } from '../../test/helpers';
import { undeclaredPaths } from '../../test/addresses';

describe('platform', () => {
  const ctx = contextForSuite();

  it('answers /api/health after the migrations ran', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: undeclaredPaths.health });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a 404 in the envelope', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: undeclaredPaths.missing });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: undeclaredPaths.docsJson });
    expect(response.statusCode).toBe(200);
    expect(response.json().info.title).toBe('Parting Words API');
  });
});
